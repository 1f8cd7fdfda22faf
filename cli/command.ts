// What every ptxmm subcommand provides to the dispatcher, and its command line: each option
// is declared once (name, value, meaning, default), and that one declaration parses the
// arguments and writes `--help`.
import { mkdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import type { ModelName } from '../executor/program.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import { expandPaths } from '../litmus/parse.js';
import { CatError, parseCat } from '../model/cat.js';
import { MODELS, raceRefusal } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';

export interface OptionSpec {
  name: string;
  /** A one-letter alias (`-o`). */
  short?: string;
  /** The value's placeholder in help (`N`, `ptx60|ptx75`); absent for a switch. */
  arg?: string;
  /** What it does, one line. */
  help: string;
  /** The default, as help shows it. */
  dflt?: string;
  /** May be given more than once; the values accumulate. */
  repeat?: boolean;
}

export interface Command {
  name: string;
  summary: string;
  /** Positional arguments as the usage line shows them (`FILE|DIR...`). */
  args: string;
  options: OptionSpec[];
  /** Further lines for `--help` (output, exit status). */
  details?: string[];
  /** Returns the process exit status. Writes its own output. */
  run(a: Args): Promise<number>;
}

/** A parsed command line. */
export interface Args {
  /** The last value of an option. */
  get(name: string): string | undefined;
  /** Every value of a repeatable option, in order. */
  all(name: string): string[];
  /** A switch that was given (or a value option that was). */
  has(name: string): boolean;
  rest: string[];
}

/** Thrown for bad command-line usage; the dispatcher prints it with the usage line. */
export class UsageError extends Error {}

/**
 * Makes directory `dir` and those above it, one at a time: Node's recursive mkdirSync loops
 * forever where a parent refuses a new entry (/proc/nope). Failures are usage errors.
 */
export function makeDir(dir: string): void {
  const chain: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    chain.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of chain) {
    let isDir: boolean;
    try {
      isDir = statSync(d).isDirectory();
    } catch {
      try {
        mkdirSync(d);
        continue;
      } catch (e) {
        throw new UsageError(`${dir}: cannot make the directory ${d} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
      }
    }
    if (!isDir) throw new UsageError(d === resolve(dir) ? `${dir}: exists and is not a directory` : `${dir}: ${d} is not a directory`);
  }
}

/** Exit statuses of every command. */
export const EXIT = {
  /** Every test was answered (and, for conform/cross, every check passed). */
  ok: 0,
  /** Some test has no answer (bad input, Unknown, not run, truncated) or a check failed. */
  failed: 1,
  usage: 2,
} as const;

export const EXIT_HELP = 'exit status: 0 every test answered, 1 some test not answered (an input error, Unknown, not run or cut short) or a check failed, 2 a usage error';

/** Splits `--flag value` / `--flag=value` / `-o value` / `--switch` from positional arguments. */
export function parseArgs(args: string[], specs: readonly OptionSpec[]): Args {
  const values = new Map<string, string[]>();
  const rest: string[] = [];
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short!, s]));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { rest.push(...args.slice(i + 1)); break; }
    let spec: OptionSpec | undefined;
    let inline: string | undefined;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      spec = byName.get(name);
      if (!spec) throw new UsageError(`unknown option --${name}`);
      if (eq >= 0) inline = a.slice(eq + 1);
    } else if (/^-[A-Za-z]$/.test(a)) {
      spec = byShort.get(a.slice(1));
      if (!spec) throw new UsageError(`unknown option ${a}`);
    } else {
      rest.push(a);
      continue;
    }
    if (!spec.arg) {
      if (inline !== undefined) throw new UsageError(`--${spec.name} takes no value`);
      values.set(spec.name, ['']);
      continue;
    }
    const v = inline ?? args[++i];
    if (v === undefined) throw new UsageError(`option --${spec.name} needs a value (${spec.arg})`);
    // An empty value names nothing (`--witness ''` once wrote no witness, silently).
    if (v.trim() === '') throw new UsageError(`option --${spec.name} needs a value (${spec.arg}), not an empty one`);
    if (values.has(spec.name) && !spec.repeat) throw new UsageError(`option --${spec.name} is given twice`);
    values.set(spec.name, [...(values.get(spec.name) ?? []), v]);
  }
  return {
    get: (n) => values.get(n)?.at(-1),
    all: (n) => values.get(n) ?? [],
    has: (n) => values.has(n),
    rest,
  };
}

export const usageLine = (c: Command): string => `ptxmm ${c.name}${c.options.length ? ' [options]' : ''}${c.args ? ' ' + c.args : ''}`;

/** `ptxmm COMMAND --help`: usage, summary, every option with its meaning and default. */
export function helpText(c: Command): string {
  const label = (o: OptionSpec): string => `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.arg ? ` ${o.arg}` : ''}`;
  const width = Math.max(0, ...c.options.map((o) => label(o).length));
  const lines = [`usage: ${usageLine(c)}`, '', c.summary];
  if (c.options.length) {
    lines.push('', 'options:');
    for (const o of c.options) {
      const dflt = o.dflt !== undefined ? ` (default: ${o.dflt})` : '';
      lines.push(`  ${label(o).padEnd(width)}  ${o.help}${dflt}${o.repeat ? ' (may be repeated)' : ''}`);
    }
  }
  if (c.details?.length) lines.push('', ...c.details);
  return lines.join('\n') + '\n';
}

// ---- options several commands share, and their readers ----

export const DEFAULT_TIMEOUT_S = 60;

export const MODEL_OPTION: OptionSpec = { name: 'model', arg: 'ptx60|ptx75', help: 'the memory model: PTX ISA 6.0, or 7.5 with proxies', dflt: 'ptx75' };
export const BOUND_OPTION: OptionSpec = {
  name: 'bound', arg: 'N', help: 'times each loop may go round each time it is entered (nested loops: the inner one per outer iteration); executions that need more are cut off and reported', dflt: String(DEFAULT_LOOP_BOUND),
};
export const TIMEOUT_OPTION: OptionSpec = {
  name: 'timeout', arg: 'S', help: 'seconds one test may take, encoding included; past it the answer is Unknown', dflt: String(DEFAULT_TIMEOUT_S),
};
export const SHARD_OPTION: OptionSpec = {
  name: 'shard', arg: 'K/N', help: 'only slice K of N (1 <= K <= N) of the inputs, in their order: the Kth, then every Nth; the N slices together are every input once, and their JSON lines concatenate',
};
export const JSON_OPTION: OptionSpec = { name: 'json', help: 'JSON lines: one object per test, then a summary (docs/JSON.md)' };

/** `--model` of the commands that read a cat file too (modelOf). */
export const CAT_MODEL_OPTION: OptionSpec = {
  name: 'model', arg: 'ptx60|ptx75|FILE.cat', help: 'the memory model: PTX ISA 6.0, or 7.5 with proxies, or a model written in cat over ptxmm\'s base relations (`ptxmm model` prints the built-in ones as cat)', dflt: 'ptx75',
};

/** A `--model` value that names a cat file rather than a built-in model. */
export const isCatFile = (v: string | undefined): v is string => v !== undefined && v.endsWith('.cat');

/** `--model`: ptx75 unless another is named. */
export function modelName(v: string | undefined, catToo = false): ModelName {
  const m = v ?? 'ptx75';
  if (isCatFile(m)) throw new UsageError(`'${m}': this command takes ptx60 or ptx75 (the executor runs the PTX model; a cat model is read by check, conform, show, why, prove and kernel)`);
  if (m !== 'ptx60' && m !== 'ptx75') throw new UsageError(`unknown model '${m}' (ptx60, ptx75${catToo ? ' or a FILE.cat' : ''})`);
  return m;
}

/**
 * `--model` of the commands that read a cat file: a built-in model by name, or the model in
 * FILE.cat (model/cat.ts); a fault in the file is a usage error at its position.
 */
export function modelOf(v: string | undefined): Model {
  if (!isCatFile(v)) return MODELS[modelName(v, true)]!;
  let model: Model;
  try {
    model = parseCat(readText(v, false), v);
  } catch (e) {
    if (e instanceof CatError) throw new UsageError(e.format());
    // The file's own words for why it cannot be read (litmus/files.ts), as for every input.
    if (e instanceof LitmusError) throw new UsageError(`cannot read ${e.format()}`);
    throw e;
  }
  // A copy of a built-in model keeps its title when printed back (`ptxmm model ptx75.cat`): a
  // variant must not answer under the built-in's name, so it is named by its file.
  return MODELS[model.name] ? { ...model, name: basename(v) } : model;
}

/** `--races` asks the model's data race: a usage error for a model that cannot say one (raceRefusal). */
export function askableRaces(model: Model): void {
  const refused = raceRefusal(model);
  if (refused) throw new UsageError(`--races: ${refused}`);
}

/** A non-negative integer option (bounds, counts, seeds). */
export function count(v: string | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  // Decimal digits only: Number() also reads 0x2, 1e0, 2.0 and +2.
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`--${what} needs a non-negative integer, not '${v}'`);
  return n;
}

/** A positive integer option (jobs, a state budget: none is no run at all). */
export function atLeastOne(v: string | undefined, dflt: number, what: string): number {
  const n = count(v, dflt, what);
  if (n < 1) throw new UsageError(`--${what} needs at least 1`);
  return n;
}

/**
 * `--jobs`: at least 1, at most twice the CPUs. Each job holds its own Z3 (about 170 MiB, README), and
 * `--jobs 1000` started a worker per test, far past memory, for no gain past the CPUs.
 */
export function jobsCount(v: string | undefined): number {
  const n = atLeastOne(v, 1, 'jobs');
  const cpus = availableParallelism();
  if (n > 2 * cpus) throw new UsageError(`--jobs ${n}: at most ${2 * cpus} on this machine's ${cpus} CPUs (each job holds its own Z3, about 170 MiB)`);
  return n;
}

/**
 * The longest time limit: Z3 takes its timeout in milliseconds as a 32-bit number (2^31 - 1
 * here, as Node's timers); past it the script carried `1e+23` and Z3 refused it.
 */
export const MAX_SECONDS = 2_147_483;

/** A positive number of seconds, at most MAX_SECONDS. */
export function seconds(v: string | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`--${what} needs a positive number of seconds, not '${v}'`);
  if (n > MAX_SECONDS) throw new UsageError(`--${what} is at most ${MAX_SECONDS} seconds (about 24 days), not '${v}'`);
  return n;
}

/**
 * The .litmus files under the paths given. No path, or none with a test, is a usage error (a
 * wrong path in CI would pass, having checked nothing). Called after the options are read: an
 * option that took the file as its value says so, not that no file was given.
 */
export function litmusInputs(paths: string[]): string[] {
  if (paths.length === 0) throw new UsageError('give at least one file or directory');
  // Standard input is read once: a second '-' was an empty test, reported as an input error.
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError("'-' (standard input) is given twice: it holds one test");
  const files = expandPaths(paths);
  if (files.length === 0) throw new UsageError('no .litmus files found');
  return files;
}

/**
 * `--shard K/N`: the inputs at positions K-1, K-1+N, K-1+2N, ... of their (deterministic)
 * order, so that N machines each running one slice cover every input once.
 */
export function shard<T>(items: readonly T[], v: string | undefined): T[] {
  if (v === undefined) return [...items];
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || !(n >= 1) || !(k >= 1 && k <= n) || !Number.isSafeInteger(n)) throw new UsageError(`--shard needs K/N with 1 <= K <= N (1/4 is the first of four slices), not '${v}'`);
  return items.filter((_, i) => i % n === k - 1);
}
