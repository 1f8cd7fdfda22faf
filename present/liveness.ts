// Liveness (solver/liveness.ts) for people and for JSON: no thread can wait forever, or which
// threads wait where, after the execution prefix drawn as `show` draws executions.
import type { LitmusTest } from '../litmus/ast.js';
import { evaluate } from '../model/concrete.js';
import type { Model } from '../model/relalg.js';
import type { LivenessResult, StuckThread } from '../solver/liveness.js';
import type { WitnessExecution } from '../solver/witness.js';
import { buildGraph, type ExecGraph, graphRecord } from './graph.js';
import { graphText } from './text.js';

/** An execution prefix as drawn: the base relations only. */
export const prefixGraph = (model: Model, x: WitnessExecution): ExecGraph => buildGraph(x, evaluate(model, x.x), {}, null);

/** The execution prefix after which the stuck threads wait forever. */
export function hangGraph(model: Model, r: LivenessResult): ExecGraph | null {
  return r.witness ? prefixGraph(model, r.witness.execution) : null;
}

/** The instruction a thread stopped at, with its line: `bra LOOP (line 7)`. */
const stopAt = (s: StuckThread): string => `${s.instr}${s.line === null ? '' : ` (line ${s.line})`}`;

/** `P1 spins forever in the loop closed by bra LOOP (line 7)`. */
export function stuckLine(s: StuckThread): string {
  return s.at === 'loop' ? `P${s.thread} spins forever in the loop closed by ${stopAt(s)}` : `P${s.thread} waits forever at ${stopAt(s)}`;
}

/** Where a thread was when an abort ended the launch (solver/liveness.ts prefixBreaking): `P1 is in the loop closed by bra $W (line 9)`. */
export function stoppedLine(s: StuckThread): string {
  return `P${s.thread} ${s.at === 'loop' ? 'is in the loop closed by' : 'waits at'} ${stopAt(s)}`;
}

/** The verdict in a few words, as `check --liveness` and `conform --liveness` print it. */
export function livenessVerdictText(r: LivenessResult): string {
  return r.verdict === 'live' ? 'no thread can hang' : r.verdict === 'hang' ? 'a thread can hang' : 'unknown';
}

/** The whole answer for one test, as `check --liveness` prints it. */
export function livenessText(test: LitmusTest, model: Model, r: LivenessResult, seconds: number): string[] {
  const out = [`Test ${test.name} (${model.name}): ${livenessVerdictText(r)}`];
  if (r.verdict === 'unknown') out.push(`Unknown: ${r.unknown ?? 'no answer'}`);
  for (const s of r.stuck) out.push(`Hang ${stuckLine(s)}`);
  const g = hangGraph(model, r);
  if (g) out.push('  after this consistent execution (every other thread has exited or waits forever too):', '', ...graphText(g).map((l) => (l ? `    ${l}` : l)), '');
  out.push(`Time ${test.name} ${seconds.toFixed(2)}`);
  return out;
}

/** The JSON record's fields (docs/JSON.md, type "liveness"). */
export function livenessRecord(file: string, test: LitmusTest, model: Model, bound: number, r: LivenessResult, seconds: number): object {
  const g = hangGraph(model, r);
  return {
    file, test: test.name, model: model.name, bound, verdict: r.verdict, reason: r.unknown,
    stuck: r.stuck.map((s) => ({ thread: `P${s.thread}`, at: s.at, instruction: s.instr, line: s.line })),
    execution: g ? graphRecord(g) : null, seconds,
  };
}
