// What every ptxmm subcommand provides to the dispatcher.
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
