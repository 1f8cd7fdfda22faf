// What every ptxmm subcommand provides to the dispatcher.
import type { ModelName } from '../executor/program.js';

export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit status. Writes its own output. */
  run(args: string[]): Promise<number>;
}

/** Thrown for bad command-line usage; the dispatcher prints it with the usage line. */
export class UsageError extends Error {}

/** Splits `--flag value` / `--flag=value` / `--switch` options from positional arguments. */
export function parseArgs(
  args: string[],
  spec: { values?: string[]; switches?: string[] },
): { opts: Map<string, string>; flags: Set<string>; rest: string[] } {
  const values = new Set(spec.values ?? []);
  const switches = new Set(spec.switches ?? []);
  const opts = new Map<string, string>();
  const flags = new Set<string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { rest.push(...args.slice(i + 1)); break; }
    if (!a.startsWith('--') || a === '-') { rest.push(a); continue; }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    if (switches.has(name) && eq < 0) { flags.add(name); continue; }
    if (!values.has(name)) throw new UsageError(`unknown option --${name}`);
    const v = eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (v === undefined) throw new UsageError(`option --${name} needs a value`);
    opts.set(name, v);
  }
  return { opts, flags, rest };
}


/** `--model`: ptx75 unless another is named. */
export function modelName(v: string | undefined): ModelName {
  const m = v ?? 'ptx75';
  if (m !== 'ptx60' && m !== 'ptx75') throw new UsageError(`unknown model '${m}' (ptx60 or ptx75)`);
  return m;
}

/** A non-negative integer option (bounds, counts, seeds). */
export function count(v: string | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${what} needs a non-negative integer`);
  return n;
}
