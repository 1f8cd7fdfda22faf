// `ptxmm cross --liveness`: the two engines' liveness verdicts, test by test. The solver
// (solver/liveness.ts, bounded, over consistent execution prefixes) and the operational machine
// (executor/liveness.ts, every reachable state, unbounded loops) answer on their own; a hang one
// finds and the other rules out is a disagreement, printed with both accounts. The executor
// performs only some of the model's executions (executor/reachable.ts): a hang the solver finds
// only through executions of another kind is the executor's incompleteness, not a disagreement.
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { checkLiveness } from '../solver/liveness.js';
import type { Z3Session } from '../solver/z3.js';
import { executorLiveness } from '../executor/liveness.js';
import { reachable } from '../executor/reachable.js';
import type { Deadline } from '../executor/explore.js';
import type { ModelName } from '../executor/program.js';
import { stuckLine } from '../present/liveness.js';

/** One engine's answer: live, hang (with the stuck threads), or unknown with the reason. */
export interface EngineLiveness {
  verdict: 'live' | 'hang' | 'unknown';
  reason: string | null;
  /** As `check --liveness` words them: `P1 spins forever in the loop closed by bra L (line 7)`. */
  stuck: string[];
}

/** One test on both engines (docs/JSON.md, type "crossLiveness"). */
export interface CrossLiveness {
  file: string;
  test: string;
  model: ModelName;
  bound: number;
  /**
   * agree: both answered alike; disagree: one says live, the other hang; incomplete: the solver
   * finds a hang, the executor none, and no execution of the kind the executor performs hangs
   * (not a failure); skip: an engine gave no answer.
   */
  status: 'agree' | 'disagree' | 'incomplete' | 'skip';
  solver: EngineLiveness;
  executor: EngineLiveness;
  /**
   * With the solver's hang and the executor's live: the solver's verdict over the executions the
   * executor performs (the model with executor/reachable.ts's axioms); null when not asked.
   */
  asExecutor: EngineLiveness | null;
  /** The executor's transitions to its stuck state (with a hang). */
  trace: string[];
}

/** The executor's deadline for a test whose --timeout is `ms`: it stops its search then, as Z3 does. */
export const timeUp = (ms: number): Deadline => ({ at: performance.now() + ms, reason: `out of time: --timeout ${ms / 1000} s ran out` });

export async function crossLiveness(z3: Z3Session, file: string, test: LitmusTest, o: { model: ModelName; bound: number; timeoutMs: number; maxStates: number }): Promise<CrossLiveness> {
  const s = await checkLiveness(z3, test, { model: MODELS[o.model]!, bound: o.bound, timeoutMs: o.timeoutMs });
  // --timeout is the test's: the executor's search stops there too (it ran for many minutes).
  const e = executorLiveness(test, { model: o.model, maxStates: o.maxStates, deadline: timeUp(o.timeoutMs) });
  const solver: EngineLiveness = { verdict: s.verdict, reason: s.unknown, stuck: s.stuck.map(stuckLine) };
  let executor: EngineLiveness;
  let trace: string[] = [];
  if ('error' in e) executor = { verdict: 'unknown', reason: `not run: ${e.error}`, stuck: [] };
  else if (e.verdict.kind === 'unknown') executor = { verdict: 'unknown', reason: e.verdict.reason, stuck: [] };
  else if (e.verdict.kind === 'live') executor = { verdict: 'live', reason: null, stuck: [] };
  else {
    executor = { verdict: 'hang', reason: null, stuck: e.verdict.stuck.map(stuckLine) };
    trace = e.verdict.trace;
  }
  let status: CrossLiveness['status'] = solver.verdict === 'unknown' || executor.verdict === 'unknown' ? 'skip' : solver.verdict === executor.verdict ? 'agree' : 'disagree';
  let asExecutor: EngineLiveness | null = null;
  if (solver.verdict === 'hang' && executor.verdict === 'live') {
    // Every execution the executor performs is the model's, so its hang is always the solver's;
    // the other way round, only a hang through executions it performs must be its too.
    const r = await checkLiveness(z3, test, { model: reachable(MODELS[o.model]!), bound: o.bound, timeoutMs: o.timeoutMs });
    asExecutor = { verdict: r.verdict, reason: r.unknown, stuck: r.stuck.map(stuckLine) };
    status = r.verdict === 'live' ? 'incomplete' : r.verdict === 'hang' ? 'disagree' : 'skip';
  }
  return { file, test: test.name, model: o.model, bound: o.bound, status, solver, executor, asExecutor, trace };
}

const verdictText = (v: EngineLiveness): string => (v.verdict === 'unknown' ? `unknown (${v.reason ?? 'no answer'})` : v.verdict);

export function crossLivenessText(c: CrossLiveness): string[] {
  const head = { agree: 'PASS', disagree: 'DISAGREE', incomplete: 'INCOMPLETE', skip: 'SKIP' }[c.status];
  const out = [`${head} ${c.test}: solver ${verdictText(c.solver)}, executor ${verdictText(c.executor)}`];
  if (c.asExecutor) {
    out.push(c.asExecutor.verdict === 'live'
      ? '  not a failure: every hanging execution the solver finds is of a kind the executor does not perform (executor/reachable.ts)'
      : `  over the executions the executor performs (executor/reachable.ts), the solver: ${verdictText(c.asExecutor)}`);
  }
  if (c.status !== 'agree' && c.status !== 'skip') {
    for (const x of c.solver.stuck) out.push(`  solver: ${x}`);
    for (const x of c.executor.stuck) out.push(`  executor: ${x}`);
    if (c.trace.length) out.push('  executor trace:', ...c.trace.map((t) => `    ${t}`));
  }
  return out;
}
