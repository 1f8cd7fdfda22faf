// `ptxmm cross`: the operational executor against the axiomatic solver, test by test. The
// executor must never reach a final state the solver rules out (unsound: printed with the
// executor's trace) and should reach every state the solver allows (incomplete: listed).
import {
  BOUND_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, JSON_OPTION, MODEL_OPTION, SHARD_OPTION, TIMEOUT_OPTION, atLeastOne, count, litmusInputs, modelName, seconds, shard,
} from './command.js';
import { jsonLine } from './json.js';
import { progress } from './progress.js';
import { eachTest } from './batch.js';
import { MAX_STATES_OPTION } from './run.js';
import { type FileResult, readLitmusFiles } from '../litmus/parse.js';
import { LitmusError } from '../litmus/errors.js';
import { specTest } from '../kernel/launched.js';
import { crossLiveness, crossLivenessText, timeUp } from './crosslive.js';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { reachable } from '../executor/reachable.js';
import { type StatesCheck, checkStates } from '../solver/run.js';
import { checkLiveness } from '../solver/liveness.js';
import { type OpRef, type Sketch, replayer } from '../solver/replay.js';
import { refusal, unroll } from '../solver/unroll.js';
import { type Trace, traceOp } from '../executor/state.js';
import { members } from '../executor/view.js';
import { resourceReason } from '../solver/limits.js';
import { type Z3Session, openZ3 } from '../solver/z3.js';
import { type Valuation, executorValuations, valuationKey } from '../executor/compare.js';
import { DEFAULTS, type RunResult, notRunReason, runTest, traceTo } from '../executor/explore.js';
import { type ModelName, compile } from '../executor/program.js';

/** One test on both engines (docs/JSON.md, type "cross"). */
export interface CrossReport {
  file: string;
  test: string;
  model: string;
  bound: number;
  /**
   * skip: an engine gave no answer; error: an engine failed (a bug). Neither is an answer.
   * refused: both engines refuse the test as bad input (the executor's reason): they agree.
   * missed: the executor misses a state that an execution of the kind it performs reaches
   * (executor/reachable.ts), which it must reach: a defect of one engine.
   */
  status: 'pass' | 'unsound' | 'missed' | 'skip' | 'error' | 'refused';
  /** Why the test was skipped, refused or failed. */
  reason: string | null;
  executorStates: number | null;
  /** Final states the solver allows (a lower bound when `incompleteAll` is false). */
  solverStates: number | null;
  /** Executor states the solver forbids, each with the executor's path to it. */
  unsound: { state: string; trace: string[] }[];
  /** Solver states the executor never reaches. */
  incomplete: string[];
  /**
   * Of the solver states the executor never reaches, those that an execution of the kind it
   * performs reaches (executor/reachable.ts; at most maxMissing of them): it must reach these.
   * Empty when each missed state needs an execution it does not perform (the documented
   * limits), or none is missed.
   */
  missedReachable: string[];
  /** `incomplete` lists them all (false: only the first few were looked for). */
  incompleteAll: boolean | null;
  visited: number | null;
  /** Executor states shown allowed on the executor's own execution to them (solver/replay.ts), not asked of Z3. */
  replayed: number | null;
}

export interface CrossOptions {
  model: ModelName;
  bound: number;
  timeoutMs: number;
  maxStates: number;
  /** How many missed solver states to look for (Infinity: all of them). */
  maxMissing: number;
  /**
   * The solver's final states, when they are known exactly already (fuzz: brute force found
   * them and Z3 agreed): the executor's are compared with them, and Z3 is not asked again.
   */
  solverStates?: readonly Valuation[];
  /**
   * When the executor stops at maxStates: how many of the final states it reached are checked
   * (spread evenly over them); all when absent.
   */
  maxChecked?: number;
}

/** The executor's path to a final state as solver/replay.ts takes it (with the adds fused on it, FinalState.fused). */
export function sketchOf(traces: readonly (Trace | null)[], fused: readonly string[] = []): Sketch {
  const ref = (id: number, loc: number): OpRef => {
    const { thread, seq } = traceOp(id);
    return thread < 0 ? { thread: -1, n: loc } : { thread, n: seq };
  };
  const branches: boolean[][] = [];
  const reads: Sketch['reads'][number][] = [];
  const writes: Sketch['writes'][number][] = [];
  traces.forEach((last, ti) => {
    const recs: Trace[] = [];
    for (let t = last; t; t = t.prev) recs.push(t);
    const bs: boolean[] = [];
    for (const t of recs.reverse()) {
      const at = { thread: ti, n: t.seq };
      if (t.k === 'b') bs.push(t.x === 1);
      else if (t.k === 'r') reads.push({ at, loc: t.loc, from: ref(t.x, t.loc) });
      else {
        const refs = (mask: number): OpRef[] => members(mask, t.ms!.length).map((j) => ref(t.ms![j]!.id, t.loc));
        writes.push({ at, loc: t.loc, after: refs(t.after), before: refs(t.before) });
      }
    }
    branches.push(bs);
  });
  return { branches, reads, writes, fused };
}

/**
 * Per executor state: shown allowed by the model on the executor's own execution to it, with
 * the concrete evaluator (solver/replay.ts). A state not shown so is asked of Z3.
 */
export function confirmed(test: LitmusTest, r: RunResult, vals: readonly Valuation[], o: Pick<CrossOptions, 'model' | 'bound'>): boolean[] {
  let replay: ReturnType<typeof replayer>;
  try {
    replay = replayer(test, unroll(test, o.bound), MODELS[o.model]!);
  } catch {
    return []; // the solver's own run says why, if anything is wrong
  }
  return r.states.map((f, i) => (f.witness ? replay(sketchOf(f.witness, f.fused), new Map(vals[i]!)) : false));
}

/** At most n of xs, spread evenly (xs itself when it has no more). */
function spread<T>(xs: readonly T[], n: number): T[] {
  if (xs.length <= n) return [...xs];
  return Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!);
}

/** The executor's states against the solver's, known exactly; null when they name different observables. */
function compareWith(vals: readonly Valuation[], solver: readonly Valuation[], maxMissing: number): StatesCheck | null {
  const names = (v: Valuation): string => v.map(([k]) => k).sort().join(' ');
  const all = [...vals, ...solver];
  if (all.some((v) => names(v) !== names(all[0]!))) return null;
  const allowed = new Set(solver.map(valuationKey));
  const reached = new Set(vals.map(valuationKey));
  const missing = solver.filter((v) => !reached.has(valuationKey(v))).map((v) => v.map(([k, x]): [string, bigint] => [k, x]));
  return { allowed: vals.map((v) => allowed.has(valuationKey(v))), missing: missing.slice(0, maxMissing), allMissing: missing.length <= maxMissing };
}

/**
 * One test on both engines. The solver does not enumerate its states: each executor state is
 * shown allowed on the executor's own execution (confirmed), or else Z3 is asked about it; then
 * Z3 looks for states outside that set (solver/run.ts checkStates).
 */
export async function crossOne(z3: Z3Session, file: string, test: LitmusTest, o: CrossOptions): Promise<CrossReport> {
  const base = {
    file, test: test.name, model: o.model, bound: o.bound, reason: null, executorStates: null, solverStates: null,
    unsound: [], incomplete: [], missedReachable: [], incompleteAll: null, visited: null, replayed: null,
  };
  const no = (status: 'skip' | 'error', reason: string): CrossReport => ({ ...base, status, reason });
  let ex: ReturnType<typeof runTest>;
  try {
    ex = runTest(test, { model: o.model, bound: o.bound, maxStates: o.maxStates, witness: true, deadline: timeUp(o.timeoutMs) });
  } catch (e) {
    return no('error', `executor: internal error: ${(e as Error).stack ?? e}`);
  }
  if (!ex.ok && ex.input) {
    // Bad input: the solver must refuse it too (the engines share their input errors), else one of them is wrong.
    const reason = notRunReason(ex, file);
    // The solver asks its executions that finish; the executor may meet the fault in one that
    // never does (a thread left at a barrier forever), which the solver's liveness encoding,
    // over execution prefixes, asks too.
    const opt = { model: MODELS[o.model]!, bound: o.bound, timeoutMs: o.timeoutMs };
    for (const ask of [() => checkStates(z3, test, opt, [], 0), () => checkLiveness(z3, test, opt)]) {
      try {
        await ask();
      } catch (e) {
        const why = refusal(e, file)?.format();
        if (why) return { ...base, status: 'refused', reason };
        const limit = resourceReason(e);
        return limit ? no('skip', `solver: ${limit} (the executor refuses the test: ${reason})`) : no('error', `solver: internal error: ${(e as Error).message}`);
      }
    }
    return no('error', `the executor refuses the test as bad input (${reason}), but the solver answers it, over its executions and their prefixes`);
  }
  if (!ex.ok) return no('skip', `executor: ${notRunReason(ex, file)}`);
  // An executor stopped at its budget still claims the states it reached: they are checked
  // against the model (soundness); what it did not reach says nothing (no completeness).
  const truncated = ex.result.stats.truncated;
  const reached = ex.result.states.length;
  const r: RunResult = truncated ? { ...ex.result, states: spread(ex.result.states, o.maxChecked ?? Infinity) } : ex.result;
  const stopped = `executor: stopped after ${r.stats.visited} states${r.stats.stopped ? ` (${r.stats.stopped})` : ''}`;
  const maxMissing = truncated ? 0 : o.maxMissing;
  let sc: Awaited<ReturnType<typeof checkStates>>;
  let mustReach: StatesCheck['missing'] = [];
  let replayed = 0;
  const solverOpts = (model: Model): Parameters<typeof checkStates>[2] => ({ model, bound: o.bound, timeoutMs: o.timeoutMs });
  try {
    const vals = executorValuations(r);
    sc = o.solverStates ? compareWith(vals, o.solverStates, maxMissing) : null;
    if (!sc) {
      const shown = confirmed(test, r, vals, o);
      replayed = shown.filter(Boolean).length;
      // Nothing left to ask Z3 when every state is shown and no missing state is looked for.
      sc = maxMissing === 0 && replayed === vals.length
        ? { allowed: shown, missing: [], allMissing: false }
        : await checkStates(z3, test, solverOpts(MODELS[o.model]!), vals, maxMissing, shown);
    }
    if (sc?.missing.length) {
      // Missed states: does an execution of the kind the executor performs reach one? Its own
      // states are marked allowed here, so only the search for others runs.
      const again = await checkStates(z3, test, solverOpts(reachable(MODELS[o.model]!)), vals, maxMissing, vals.map(() => true));
      if (!again) return no('skip', `solver: Z3 did not decide within the timeout (${o.timeoutMs / 1000} s) whether the executor must reach a state it misses`);
      mustReach = again.missing;
    }
  } catch (e) {
    // A resource limit, or a test the solver does not model (as the executor skips what it does not): no answer.
    const why = resourceReason(e) ?? refusal(e, file)?.format();
    return why ? no('skip', `solver: ${why}`) : no('error', `solver: internal error: ${(e as Error).message}`);
  }
  if (!sc) return no('skip', truncated ? stopped : `solver: Z3 did not decide within the timeout (${o.timeoutMs / 1000} s)`);
  const bad = sc.allowed.flatMap((ok, i) => (ok ? [] : [i]));
  // The program the state was reached in: with the adds its path fused.
  const unsound = bad.map((i) => {
    const f = r.states[i]!;
    return { state: f.text, trace: traceTo(compile(test, o.model, o.bound, new Set(f.fused)), f.text, o.maxStates) ?? ['(no trace found)'] };
  });
  const counts = { executorStates: reached, unsound, visited: r.stats.visited, replayed };
  if (truncated) {
    // No answer on completeness, so a skip, unless a state reached is already unsound.
    return unsound.length
      ? { ...base, ...counts, status: 'unsound', reason: stopped, incompleteAll: false }
      : { ...base, ...counts, status: 'skip', reason: `${stopped}; ${r.states.length === reached ? `the ${reached}` : `${r.states.length} (spread evenly) of the ${reached}`} final states it reached are allowed (soundness only)` };
  }
  return {
    ...base, ...counts, status: unsound.length ? 'unsound' : mustReach.length ? 'missed' : 'pass',
    solverStates: r.states.length - bad.length + sc.missing.length, incomplete: sc.missing.map(valuationKey), incompleteAll: sc.allMissing,
    missedReachable: mustReach.map(valuationKey),
  };
}

export function formatCross(c: CrossReport): string[] {
  if (c.status === 'skip') return [`SKIP ${c.test} (${c.file}): ${c.reason}`];
  if (c.status === 'refused') return [`REFUSED ${c.test}: both engines refuse it: ${c.reason}`];
  if (c.status === 'error') return [`ERROR ${c.test} (${c.file}): ${c.reason}`];
  const out: string[] = [];
  const tag = c.status === 'unsound' ? 'UNSOUND' : c.status === 'missed' ? 'MISSED' : c.incomplete.length ? 'INCOMPLETE' : 'PASS';
  const solver = c.solverStates === null ? '' : `, solver ${c.solverStates}${c.incompleteAll ? '' : ' or more'}`;
  out.push(`${tag} ${c.test}: executor ${c.executorStates} states${solver}${c.reason ? ` (${c.reason})` : ''}`);
  for (const u of c.unsound) {
    out.push(`  executor reaches a state the solver forbids: ${u.state}`);
    for (const step of u.trace) out.push(`    ${step}`);
  }
  const must = new Set(c.missedReachable);
  for (const s of c.incomplete) if (!must.has(s)) out.push(`  never reached by the executor: ${s}`);
  for (const s of c.missedReachable) out.push(`  never reached by the executor, though an execution of the kind it performs reaches it (executor/reachable.ts): ${s}`);
  return out;
}

/**
 * A kernel spec named on the command line: its launch, every initialised memory location
 * observed (kernel/launched.ts), under its module's file name, where the positions of what an engine
 * refuses are. Its "bound", if it has one, goes into `bounds` (as `ptxmm kernel` reads it).
 */
function kernelInput(file: string, bounds: Map<LitmusTest, number>): FileResult {
  try {
    const { test, ptx, bound } = specTest(file);
    if (bound !== undefined) bounds.set(test, bound);
    return { file: ptx, test };
  } catch (e) {
    if (e instanceof LitmusError) return { file, error: e };
    throw e;
  }
}

export const crossCommand: Command = {
  name: 'cross',
  summary: 'cross-check the operational executor against the axiomatic solver (soundness, completeness)',
  args: 'FILE|DIR|-...',
  options: [
    SHARD_OPTION,
    MODEL_OPTION, BOUND_OPTION, TIMEOUT_OPTION, MAX_STATES_OPTION, JSON_OPTION,
    { name: 'quiet', help: 'print only unsound, missed, incomplete and erroneous tests, and the summary' },
    { name: 'liveness', help: 'compare the two engines\' liveness verdicts instead (can a thread hang?): PASS, DISAGREE or SKIP per test' },
  ],
  details: [
    'Per test: PASS, UNSOUND (the executor reaches a state the solver forbids, with its trace), INCOMPLETE (solver',
    'states the executor never reaches, listed; not a failure: each needs an execution of a kind it does not perform,',
    'executor/reachable.ts), MISSED (a state the executor never reaches, though an execution of the kind it performs',
    'reaches it: a defect), SKIP (an engine gave no answer) or ERROR.',
    'A kernel spec (FILE.kernel.json, named itself: directories give .litmus files) is its launch, its final states',
    'its initialised memory (every element, each CTA\'s and thread\'s copy), at its "bound" unless --bound is given; its properties are `ptxmm kernel`\'s.',
    'exit status: 0 every test cross-checked, sound and not missed (or refused as bad input by both engines), 1 some test unsound, missed, in error or skipped (no answer), 2 a usage error',
  ],
  async run(a) {
    const model = modelName(a.get('model'));
    // A spec's own bound where it has one and --bound is not given (as `ptxmm kernel`).
    const specBounds = new Map<LitmusTest, number>();
    const boundOf = (test: LitmusTest): number => count(a.get('bound'), specBounds.get(test) ?? DEFAULTS.bound, 'bound');
    const timeoutMs = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const maxStates = atLeastOne(a.get('max-states'), DEFAULTS.maxStates, 'max-states');
    const json = a.has('json');
    const quiet = a.has('quiet');
    const t0 = performance.now();
    const reports: CrossReport[] = [];
    let unreadable = 0;
    count(a.get('bound'), DEFAULTS.bound, 'bound'); // a bad --bound is a usage error before any work
    const files = shard(litmusInputs(a.rest), a.get('shard')).map((f) => (f.endsWith('.kernel.json') ? kernelInput(f, specBounds) : readLitmusFiles([f])[0]!));
    if (a.has('liveness')) return crossLivenessAll(files, { model, boundOf, timeoutMs, maxStates }, quiet, json);
    const bar = progress();
    const z3 = await openZ3();
    try {
      unreadable = await eachTest(files, 'cross', json, bar, async (test, file) => {
        const c = await crossOne(z3, file, test, { model, bound: boundOf(test), timeoutMs, maxStates, maxMissing: Infinity });
        reports.push(c);
        bar.clear();
        const quietOk = quiet && c.status === 'pass' && c.incomplete.length === 0;
        if (json) process.stdout.write(jsonLine('cross', c));
        else if (!quietOk) process.stdout.write(formatCross(c).join('\n') + '\n');
      });
    } finally {
      bar.clear();
      await z3.close();
    }
    const count_ = (s: CrossReport['status']): number => reports.filter((c) => c.status === s).length;
    const checked = reports.filter((c) => c.status === 'pass' || c.status === 'unsound' || c.status === 'missed');
    const unsound = count_('unsound');
    const missed = count_('missed');
    const errors = count_('error') + unreadable;
    const skipped = count_('skip');
    const refused = count_('refused');
    const incomplete = checked.filter((c) => c.incomplete.length > 0).length;
    const missing = checked.reduce((n, c) => n + c.incomplete.length, 0);
    const total = checked.reduce((n, c) => n + (c.solverStates ?? 0), 0);
    const secs = (performance.now() - t0) / 1000;
    if (json) {
      process.stdout.write(jsonLine('summary', {
        command: 'cross', tests: files.length, passed: checked.length - unsound - missed, unsound, missed, incomplete, skipped, refused, errors,
        solverStates: total, reachedStates: total - missing, seconds: secs,
      }));
    } else {
      process.stdout.write(`Tests ${files.length} (${refused ? `${refused} refused by both engines, ` : ''}${skipped} skipped): ${unsound} unsound, ${missed} missed, ${errors} errors, `
        + `${incomplete} incomplete (${total - missing} of ${total} solver states reached); ${checked.length - unsound - missed} passed, ${unsound + missed + errors + skipped} failed; ${secs.toFixed(1)} s\n`);
    }
    return unsound + missed + errors + skipped > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** `cross --liveness`: per test PASS, DISAGREE, INCOMPLETE or SKIP; fails on a disagreement, a skip or an error. */
async function crossLivenessAll(files: FileResult[], o: { model: ModelName; boundOf: (test: LitmusTest) => number; timeoutMs: number; maxStates: number }, quiet: boolean, json: boolean): Promise<number> {
  const t0 = performance.now();
  const tally = { agree: 0, disagree: 0, incomplete: 0, skip: 0 };
  const bar = progress();
  const z3 = await openZ3();
  let errors = 0;
  try {
    errors = await eachTest(files, 'cross', json, bar, async (test, file) => {
      const c = await crossLiveness(z3, file, test, { model: o.model, bound: o.boundOf(test), timeoutMs: o.timeoutMs, maxStates: o.maxStates });
      tally[c.status]++;
      bar.clear();
      if (json) process.stdout.write(jsonLine('crossLiveness', c));
      else if (!quiet || c.status !== 'agree') process.stdout.write(crossLivenessText(c).join('\n') + '\n');
    });
  } finally {
    bar.clear();
    await z3.close();
  }
  const secs = (performance.now() - t0) / 1000;
  if (json) process.stdout.write(jsonLine('summary', { command: 'cross', tests: files.length, agree: tally.agree, disagree: tally.disagree, incomplete: tally.incomplete, skipped: tally.skip, errors, seconds: secs }));
  else {
    const incomplete = tally.incomplete ? `, ${tally.incomplete} incomplete (a hang only through executions the executor does not perform)` : '';
    process.stdout.write(`Tests ${files.length}: ${tally.agree} agree, ${tally.disagree} disagree, ${tally.skip} skipped, ${errors} errors${incomplete}; ${secs.toFixed(1)} s\n`);
  }
  return tally.disagree + tally.skip + errors > 0 ? EXIT.failed : EXIT.ok;
}
