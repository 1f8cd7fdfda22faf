// `ptxmm cross`: the operational executor against the axiomatic solver, test by test. The
// executor must never reach a final state the solver rules out (unsound: printed with the
// executor's trace) and should reach every state the solver allows (incomplete: listed).
import { type Command, UsageError, parseArgs, count, modelName } from './command.js';
import { readLitmusFiles } from '../litmus/parse.js';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { checkStates } from '../solver/run.js';
import { type Z3Session, openZ3 } from '../solver/z3.js';
import { executorValuations, valuationKey } from '../executor/compare.js';
import { DEFAULTS, type RunResult, runTest, traceTo } from '../executor/explore.js';
import { type ModelName, compile } from '../executor/program.js';

export const DEFAULT_TIMEOUT_S = 60;

export interface CrossReport {
  file: string;
  test: string;
  /** error: the executor failed (a bug, not an answer); counted as a failure. */
  status: 'pass' | 'unsound' | 'skip' | 'error';
  /** Why the test was skipped (an engine does not support it or gave no answer). */
  skipped?: string;
  executorStates?: number;
  /** Final states the solver allows (a lower bound when `incompleteAll` is false). */
  solverStates?: number;
  /** Executor states the solver forbids, each with the executor's path to it. */
  unsound?: { state: string; trace: string[] }[];
  /** Solver states the executor never reaches. */
  incomplete?: string[];
  /** `incomplete` lists them all (false: only the first few were looked for). */
  incompleteAll?: boolean;
  visited?: number;
}

export interface CrossOptions {
  model: ModelName;
  bound: number;
  timeoutMs: number;
  maxStates: number;
  /** How many missed solver states to look for (Infinity: all of them). */
  maxMissing: number;
}

/**
 * One test on both engines. The solver does not enumerate its states: it is asked about each
 * executor state (allowed or not), then for states outside that set (solver/run.ts checkStates).
 */
export async function crossOne(z3: Z3Session, file: string, test: LitmusTest, o: CrossOptions): Promise<CrossReport> {
  const base = { file, test: test.name };
  let ex: ReturnType<typeof runTest>;
  try {
    ex = runTest(test, { model: o.model, bound: o.bound, maxStates: o.maxStates });
  } catch (e) {
    return { ...base, status: 'error', skipped: `executor: internal error: ${(e as Error).stack ?? e}` };
  }
  if (!ex.ok) return { ...base, status: 'skip', skipped: `executor: ${ex.error}` };
  const r: RunResult = ex.result;
  if (r.stats.truncated) return { ...base, status: 'skip', skipped: `executor: stopped after ${r.stats.visited} states` };
  let sc: Awaited<ReturnType<typeof checkStates>>;
  try {
    sc = await checkStates(z3, test, { model: MODELS[o.model]!, bound: o.bound, timeoutMs: o.timeoutMs }, executorValuations(r), o.maxMissing);
  } catch (e) {
    return { ...base, status: 'skip', skipped: `solver: ${(e as Error).message}` };
  }
  if (!sc) return { ...base, status: 'skip', skipped: 'solver: Z3 did not decide within the timeout' };
  const bad = sc.allowed.flatMap((ok, i) => (ok ? [] : [i]));
  const prog = bad.length ? compile(test, o.model, o.bound) : null;
  const unsound = bad.map((i) => ({ state: r.states[i]!.text, trace: traceTo(prog!, r.states[i]!.text, o.maxStates) ?? ['(no trace found)'] }));
  return {
    ...base, status: unsound.length ? 'unsound' : 'pass', executorStates: r.states.length,
    solverStates: r.states.length - bad.length + sc.missing.length,
    unsound, incomplete: sc.missing.map(valuationKey), incompleteAll: sc.allMissing, visited: r.stats.visited,
  };
}

export function formatCross(c: CrossReport): string[] {
  if (c.status === 'skip') return [`SKIP ${c.test} (${c.file}): ${c.skipped}`];
  if (c.status === 'error') return [`ERROR ${c.test} (${c.file}): ${c.skipped}`];
  const out: string[] = [];
  const tag = c.status === 'unsound' ? 'UNSOUND' : c.incomplete!.length ? 'INCOMPLETE' : 'PASS';
  out.push(`${tag} ${c.test}: executor ${c.executorStates} states, solver ${c.solverStates}${c.incompleteAll ? '' : ' or more'}`);
  for (const u of c.unsound!) {
    out.push(`  executor reaches a state the solver forbids: ${u.state}`);
    for (const step of u.trace) out.push(`    ${step}`);
  }
  for (const s of c.incomplete!) out.push(`  never reached by the executor: ${s}`);
  return out;
}

export const crossCommand: Command = {
  name: 'cross',
  summary: 'cross-check the operational executor against the axiomatic solver (soundness, completeness)',
  usage: 'ptxmm cross [--model ptx60|ptx75] [--bound N] [--timeout S] [--max-states N] [--json] [--quiet] FILE|DIR...',
  async run(args) {
    const { opts, flags, rest } = parseArgs(args, { values: ['model', 'bound', 'timeout', 'max-states'], switches: ['json', 'quiet'] });
    if (rest.length === 0) throw new UsageError('give at least one file or directory');
    const model = modelName(opts.get('model'));
    const bound = count(opts.get('bound'), DEFAULTS.bound, 'bound');
    const timeoutMs = count(opts.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const maxStates = count(opts.get('max-states'), DEFAULTS.maxStates, 'max-states');
    const json = flags.has('json');
    const quiet = flags.has('quiet');
    const t0 = performance.now();
    const reports: CrossReport[] = [];
    let unreadable = 0;
    const z3 = await openZ3();
    try {
      for (const f of readLitmusFiles(rest)) {
        if (f.error) {
          unreadable++;
          process.stderr.write(f.error.format() + '\n');
          continue;
        }
        const c = await crossOne(z3, f.file, f.test!, { model, bound, timeoutMs, maxStates, maxMissing: Infinity });
        reports.push(c);
        const quietOk = quiet && (c.status === 'skip' || (c.status === 'pass' && c.incomplete!.length === 0));
        if (!json && !quietOk) process.stdout.write(formatCross(c).join('\n') + '\n');
      }
    } finally {
      await z3.close();
    }
    const errors = reports.filter((c) => c.status === 'error').length;
    const checked = reports.filter((c) => c.status === 'pass' || c.status === 'unsound');
    const unsound = checked.filter((c) => c.status === 'unsound').length;
    const incomplete = checked.filter((c) => c.incomplete!.length > 0).length;
    const missing = checked.reduce((n, c) => n + c.incomplete!.length, 0);
    const total = checked.reduce((n, c) => n + c.solverStates!, 0);
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    const summary = `Tests ${checked.length + errors} (${reports.length - checked.length - errors} skipped): ${unsound} unsound, ${errors} executor errors, `
      + `${incomplete} incomplete (${total - missing} of ${total} solver states reached); ${checked.length - unsound} passed, ${unsound + errors} failed; ${secs} s`;
    if (json) process.stdout.write(JSON.stringify({ model, bound, reports, summary }, null, 1) + '\n');
    else process.stdout.write(summary + '\n');
    return unsound + errors > 0 || unreadable > 0 ? 1 : 0;
  },
};
