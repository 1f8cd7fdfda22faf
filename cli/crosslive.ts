// `ptxmm cross --liveness`: the two engines' liveness verdicts, test by test. The solver
// (solver/liveness.ts, bounded, over consistent execution prefixes) and the operational machine
// (executor/liveness.ts, every reachable state, unbounded loops) answer on their own; a hang one
// finds and the other rules out is a disagreement, printed with both accounts.
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { checkLiveness } from '../solver/liveness.js';
import type { Z3Session } from '../solver/z3.js';
import { executorLiveness } from '../executor/liveness.js';
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
  /** agree: both answered alike; disagree: one says live, the other hang; skip: an engine gave no answer. */
  status: 'agree' | 'disagree' | 'skip';
  solver: EngineLiveness;
  executor: EngineLiveness;
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
  const status = solver.verdict === 'unknown' || executor.verdict === 'unknown' ? 'skip' : solver.verdict === executor.verdict ? 'agree' : 'disagree';
  return { file, test: test.name, model: o.model, bound: o.bound, status, solver, executor, trace };
}

const verdictText = (v: EngineLiveness): string => (v.verdict === 'unknown' ? `unknown (${v.reason ?? 'no answer'})` : v.verdict);

export function crossLivenessText(c: CrossLiveness): string[] {
  const head = c.status === 'agree' ? 'PASS' : c.status === 'disagree' ? 'DISAGREE' : 'SKIP';
  const out = [`${head} ${c.test}: solver ${verdictText(c.solver)}, executor ${verdictText(c.executor)}`];
  if (c.status === 'disagree') {
    for (const x of c.solver.stuck) out.push(`  solver: ${x}`);
    for (const x of c.executor.stuck) out.push(`  executor: ${x}`);
    if (c.trace.length) out.push('  executor trace:', ...c.trace.map((t) => `    ${t}`));
  }
  return out;
}
