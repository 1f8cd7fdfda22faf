// The properties of a kernel instance, each answered by the solver's existing questions on the
// instance's litmus test: its assertions (every final state: `forall`, a violating execution
// otherwise), data races (solver/races.ts) and liveness (solver/liveness.ts; a bar.sync that
// some thread of the CTA never reaches is a hang there) and barrier divergence
// (solver/divergence.ts: __syncthreads() that the threads of a CTA do not all execute).
import { type Expr, type LitmusTest, allOf } from '../litmus/ast.js';
import type { Model } from '../model/relalg.js';
import { type Explanation, explainTest } from '../present/explain.js';
import { type LivenessResult, type PrefixBreak, checkLiveness, prefixBreaking } from '../solver/liveness.js';
import { type RaceResult, findRaces } from '../solver/races.js';
import { noStatesReason, runTest } from '../solver/run.js';
import { type SymEvent, UnsupportedError, unroll } from '../solver/unroll.js';
import { type DivergenceResult, findDivergence } from '../solver/divergence.js';
import type { Z3Session } from '../solver/z3.js';
import { withAssertions } from './assert.js';
import { ABORT_REGISTER, type AbortSite, type Instance } from './instantiate.js';

export interface VerifyOptions {
  model: Model;
  bound: number;
  timeoutMs: number;
  asserts: Expr[];
  races: boolean;
  liveness: boolean;
  barriers: boolean;
}

export type Verdict = 'holds' | 'fails' | 'unknown';

/** A property's answer: `result` null only when nothing was asked (no execution finishes: `reason`). */
export interface Answer<T> {
  verdict: Verdict;
  /** Why there is no answer (verdict unknown). */
  reason: string | null;
  result: T | null;
  seconds: number;
  /**
   * For an answer about the executions that finish (assertions, races, divergence) that holds:
   * some consistent execution needs more loop iterations than the bound, so it was not checked.
   * Null when not asked (or Z3 could not tell).
   */
  boundReached: boolean | null;
}

/** An answer about every final state, with a violating execution where it fails. */
export type FinalAnswer = Omit<Answer<never>, 'result'> & { explanation: Explanation | null };

/** A thread that reached a trap or failed a device-side assert, in the execution shown. */
export interface Abort {
  thread: number;
  site: AbortSite;
}

export interface KernelResult {
  /** Every assertion in every final state: null when none is asked. */
  assert: FinalAnswer | null;
  /**
   * No thread reaches a trap or fails a device-side assert (the launch would fail): asked
   * whenever the kernel has one (Instance.aborts), null otherwise.
   */
  abort: (FinalAnswer & { aborts: Abort[]; prefix: PrefixBreak | null }) | null;
  races: Answer<RaceResult> | null;
  liveness: Answer<LivenessResult> | null;
  barriers: Answer<DivergenceResult> | null;
}

export async function verifyKernel(z3: Z3Session, inst: Instance, opt: VerifyOptions): Promise<KernelResult> {
  readOnlyPath(inst, opt.bound);
  const out: KernelResult = { assert: null, abort: null, races: null, liveness: null, barriers: null };
  // --timeout is the kernel's: every property's questions share one deadline.
  const deadline = performance.now() + opt.timeoutMs;
  const base = { model: opt.model, bound: opt.bound, timeoutMs: opt.timeoutMs, deadline };
  const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const r = await f();
    return [r, (performance.now() - t0) / 1000];
  };
  // Every final state: the verdict alone first (the encoding fixes forced coherence then, several
  // times faster); only a failure needs the execution.
  const everyFinal = async (of: LitmusTest, asserts: Expr[]): Promise<FinalAnswer> => {
    const test = withAssertions(of, asserts);
    const [r, s] = await timed(() => runTest(z3, test, { ...base, mode: 'verdict', checkBound: false, explain: false }));
    if (r.validated !== false) return { verdict: r.validated ? 'holds' : 'unknown', reason: r.unknown, explanation: null, seconds: s, boundReached: null };
    const [ex, s2] = await timed(() => explainTest(z3, test, { ...base, relax: false }));
    return { verdict: ex.reachable === 'unknown' ? 'unknown' : ex.reachable ? 'fails' : 'holds', reason: ex.unknown, explanation: ex, seconds: s + s2, boundReached: null };
  };
  // Each thread's abort register stays 0: no thread reached a site.
  const setters = inst.test.threads.flatMap((t, k) => (t.code.some((s) => s.op === 'mov' && s.dst.name === ABORT_REGISTER) ? [k] : []));
  const noAbort = setters.map((thread): Expr => ({
    kind: 'cmp', op: 'eq', left: { kind: 'reg', thread, reg: ABORT_REGISTER }, right: { kind: 'const', value: 0n },
  }));
  // A failed assert or a trap ends the launch (CUDA): what the other threads would do after it
  // (an aborted thread counts as exited, so a barrier lets them on) never happens, and the host
  // sees no final memory. The assertions, races and divergence are asked of the executions
  // without one; an abort is a finding of its own.
  const kept = noAbort.length ? { ...inst.test, filter: allOf(noAbort) } : inst.test;
  const keptOpts = noAbort.length ? { ...base, keep: WITHOUT_ABORT } : base;
  if (opt.asserts.length) out.assert = await everyFinal(kept, opt.asserts);
  if (inst.aborts.length) {
    const a = await everyFinal(inst.test, noAbort);
    // An abort after which another thread would wait forever (for a flag the aborted one was
    // to set) is in no execution that finishes: asked of the prefixes that stop there.
    let prefix: PrefixBreak | null = null;
    if (a.verdict !== 'fails') {
      const [p, s] = await timed(() => prefixBreaking(z3, withAssertions(inst.test, noAbort), base));
      a.seconds += s;
      if (p.verdict === 'breaks') Object.assign(a, { verdict: 'fails', reason: null });
      else if (p.verdict === 'unknown' && a.verdict === 'holds') Object.assign(a, { verdict: 'unknown', reason: `whether an abort comes before a thread that would then wait forever: ${p.unknown}` });
      prefix = p.verdict === 'breaks' ? p : null;
    }
    const state = prefix ? prefix.witness?.state : a.verdict === 'fails' ? a.explanation?.state : undefined;
    const aborts = setters.flatMap((thread) => {
      const k = state?.find(([name]) => name === `P${thread}:${ABORT_REGISTER}`)?.[1];
      const site = k === undefined ? undefined : inst.aborts.find((x) => BigInt(x.k) === k);
      return site ? [{ thread, site }] : [];
    });
    out.abort = { ...a, aborts, prefix };
  }
  if (opt.races) {
    const [r, s] = await timed(() => findRaces(z3, kept, keptOpts));
    out.races = { verdict: r.verdict === 'race-free' ? 'holds' : r.verdict === 'racy' ? 'fails' : 'unknown', reason: r.unknown, result: r, seconds: s, boundReached: null };
  }
  if (opt.liveness) {
    const [r, s] = await timed(() => checkLiveness(z3, kept, { ...base, keep: true }));
    out.liveness = { verdict: r.verdict === 'live' ? 'holds' : r.verdict === 'hang' ? 'fails' : 'unknown', reason: r.unknown, result: r, seconds: s, boundReached: null };
  }
  if (opt.barriers) {
    const [r, s] = await timed(() => findDivergence(z3, kept, keptOpts));
    out.barriers = { verdict: r.verdict === 'uniform' ? 'holds' : r.verdict === 'divergent' ? 'fails' : 'unknown', reason: r.unknown, result: r, seconds: s, boundReached: null };
  }
  await boundsOfHolds(z3, kept, opt, deadline, out);
  return out;
}

/** Which executions the assertions, races and divergence are asked of, in a kernel with an abort site. */
const WITHOUT_ABORT = 'without an abort (a failed assert or trap ends the launch)';

/**
 * The assertions, races and divergence are about executions that finish within the bound
 * (without an abort: `kept` is the kernel's test with that filter).
 * Where one of them holds, one question says how far: does some consistent execution go past
 * the bound (not checked: `boundReached`), and does any finish at all. With none finishing,
 * each would hold vacuously: it is no answer instead, unless another fails (a counterexample
 * is a finished execution, but for a race in one after which a thread waits forever). Races and divergence with nothing to ask about (no conflicting
 * accesses, no count-less barrier) hold whatever runs.
 */
async function boundsOfHolds(z3: Z3Session, kept: LitmusTest, opt: VerifyOptions, deadline: number, out: KernelResult): Promise<void> {
  const finals = [out.assert, out.abort, out.races?.result?.candidates ? out.races : null, out.barriers?.result?.candidates ? out.barriers : null]
    .filter((a): a is NonNullable<typeof a> => a !== null);
  if (!finals.some((a) => a.verdict === 'holds')) return;
  const t0 = performance.now();
  const none = withAssertions(kept, [{ kind: 'false' }]);
  const run = { model: opt.model, bound: opt.bound, timeoutMs: opt.timeoutMs, deadline, checkBound: false, explain: false };
  const any = await runTest(z3, none, { ...run, mode: 'verdict', checkBound: true });
  for (const a of finals) if (a.verdict === 'holds') a.boundReached = any.boundReached;
  // A race in an execution that never finishes (a thread then waits forever) is no finished one;
  // an abort is no execution the others are asked of.
  const finished = (a: (typeof finals)[number]): boolean => a !== out.abort && (a !== out.races || (out.races.result?.racy ?? []).some((p) => p.stuck.length === 0));
  if (finals.some((a) => a.verdict === 'fails' && finished(a))) {
    const s = (performance.now() - t0) / 1000;
    for (const a of finals) if (a.verdict === 'holds') a.seconds += s;
    return;
  }
  // It holds where executions finish; unasked whether any does, "holds" could be vacuous.
  let why = any.validated === 'unknown' ? `it holds in every execution that finishes, but whether any execution finishes is not known (${any.unknown})` : null;
  if (any.validated === true) {
    // Listing the final states (there are none) says why: a deadlock, or the bound.
    const n = (await runTest(z3, none, { ...run, mode: 'states' })).noStates;
    // Where an abort was found, what keeps the others from finishing is likely that abort (a
    // thread waits for what the aborted one would have done): no larger bound helps then.
    why = n?.why === 'filter' ? `no execution finishes ${WITHOUT_ABORT}`
      : out.abort?.verdict === 'fails' && n?.why !== 'deadlock' && n?.why !== 'model' ? `no execution finishes ${WITHOUT_ABORT} within loop bound ${opt.bound} (where one aborts, a thread that waits for what the aborted one would have done never finishes)`
        : noStatesReason(n, opt.bound);
  }
  const s = (performance.now() - t0) / 1000;
  for (const a of finals) {
    a.seconds += s;
    if (why !== null && a.verdict === 'holds') { a.verdict = 'unknown'; a.reason = why; }
  }
}

/**
 * `ld.global.nc` is for data no thread writes while the kernel runs (the model does not apply
 * to the non-coherent path, ISA §8.1): a kernel whose threads may write what one of them reads
 * that way has no meaning here. Refused at the load, as an input error.
 */
function readOnlyPath(inst: Instance, bound: number): void {
  if (!inst.test.threads.some((t) => t.code.some((s) => s.op === 'ld' && s.nc))) return;
  const u = unroll(inst.test, bound);
  const written = new Map<number, SymEvent>();
  for (const e of u.events) if (e.info.kind === 'W' && !e.info.init && e.guard !== u.dag.F && !written.has(e.info.ploc)) written.set(e.info.ploc, e);
  for (const e of u.events) {
    const i = e.instr;
    const w = written.get(e.info.ploc);
    if (e.info.kind !== 'R' || !i || i.op !== 'ld' || !i.nc || e.guard === u.dag.F || !w) continue;
    const name = u.locations[e.info.ploc]!.name;
    throw new UnsupportedError(`ld.global.nc reads ${name}, which the kernel writes (line ${w.instr!.pos.line}): the non-coherent path is only for data no thread writes while the kernel runs`, i.pos);
  }
}
