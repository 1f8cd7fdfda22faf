// `ptxmm cross --liveness`: the two engines' liveness verdicts, test by test. The solver
// (solver/liveness.ts, bounded, over consistent execution prefixes) and the operational machine
// (executor/liveness.ts, every reachable state, unbounded loops) answer on their own; a hang one
// finds and the other rules out is a disagreement, printed with both accounts.
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { checkLiveness } from '../solver/liveness.js';
import type { Z3Session } from '../solver/z3.js';
import { executorLiveness } from '../executor/liveness.js';
import type { ModelName } from '../executor/program.js';
import { stuckLine } from '../present/liveness.js';

export interface CrossLiveness {
  test: string;
  /** agree: both answered alike; disagree: one says live, the other hang; skip: an engine gave no answer. */
  status: 'agree' | 'disagree' | 'skip';
  solver: string;
  executor: string;
  lines: string[];
}

export async function crossLiveness(z3: Z3Session, test: LitmusTest, o: { model: ModelName; bound: number; timeoutMs: number; maxStates: number }): Promise<CrossLiveness> {
  const s = await checkLiveness(z3, test, { model: MODELS[o.model]!, bound: o.bound, timeoutMs: o.timeoutMs });
  const e = executorLiveness(test, { model: o.model, maxStates: o.maxStates });
  const solver = s.verdict === 'unknown' ? `unknown (${s.unknown ?? 'no answer'})` : s.verdict === 'live' ? 'live' : 'hang';
  const ev = 'error' in e ? null : e.verdict;
  const executor = ev === null ? `not run (${(e as { error: string }).error})` : ev.kind === 'unknown' ? `unknown (${ev.reason})` : ev.kind;
  const lines: string[] = [];
  const status: CrossLiveness['status'] = s.verdict === 'unknown' || ev === null || ev.kind === 'unknown' ? 'skip'
    : s.verdict === ev.kind ? 'agree' : 'disagree';
  if (status === 'disagree') {
    for (const x of s.stuck) lines.push(`  solver: ${stuckLine(x)}`);
    if (ev?.kind === 'hang') {
      for (const x of ev.stuck) lines.push(`  executor: ${stuckLine({ ...x, line: x.line })}`);
      lines.push('  executor trace:', ...ev.trace.map((t) => `    ${t}`));
    }
  }
  return { test: test.name, status, solver, executor, lines };
}

export function crossLivenessText(c: CrossLiveness): string[] {
  const head = c.status === 'agree' ? 'PASS' : c.status === 'disagree' ? 'DISAGREE' : 'SKIP';
  return [`${head} ${c.test}: solver ${c.solver}, executor ${c.executor}`, ...c.lines];
}
