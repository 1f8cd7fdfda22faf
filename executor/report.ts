// Executor results as text (herd7's shape, with counts and exploration figures) and as JSON.
import type { LitmusTest } from '../litmus/ast.js';
import { printExpr } from '../litmus/print.js';
import { observableName } from '../litmus/types.js';
import type { RunOutput, RunResult } from './explore.js';

const KIND = { exists: 'Allowed', 'not exists': 'Forbidden', forall: 'Required' } as const;
const QUANT = { exists: 'exists', 'not exists': '~exists', forall: 'forall' } as const;

export const conditionText = (t: LitmusTest): string => `${QUANT[t.condition.quantifier]} (${printExpr(t.condition.expr)})`;

/** Observable name (`P1:r0`, `x`) -> value (an integer of its type), for one final state. */
export function stateValues(r: RunResult, i: number): [string, bigint][] {
  const s = r.states[i]!;
  return r.observables.map((o, j) => [observableName(o), s.outcome[j]!]);
}

export function formatRun(r: RunResult, bound: number): string {
  const t = r.test;
  const st = r.stats;
  const out = [`Test ${t.name} ${KIND[t.condition.quantifier]} (executor, ${r.model})`, `States ${r.states.length}`];
  for (const s of r.states) out.push(`${String(s.count).padStart(6)} :> ${s.text}`);
  const obs = r.positive === 0 ? 'Never' : r.negative === 0 ? 'Always' : 'Sometimes';
  out.push(r.validated ? 'Ok' : 'No', 'Witnesses', `Positive: ${r.positive} Negative: ${r.negative}`, `Condition ${conditionText(t)}`);
  out.push(`Observation ${t.name} ${obs} ${r.positive} ${r.negative}`);
  if (st.cut) out.push(`Bound ${bound} reached: ${st.cut} executions cut off (they need more loop iterations) are not counted`);
  if (st.deadlocks) out.push(`Deadlock: ${st.deadlocks} executions end with threads waiting at a barrier forever (not counted)`);
  if (st.truncated) out.push(`Truncated: stopped after ${st.visited} states; some final states may be missing`);
  out.push(`Time ${t.name} ${(st.ms / 1000).toFixed(2)}`);
  out.push(`Visited ${st.visited} states, ${st.finals} final`);
  return out.join('\n') + '\n';
}

export interface RunJson {
  file: string;
  test: string;
  model: string;
  error?: string;
  kind?: string;
  condition?: string;
  result?: 'Ok' | 'No';
  states?: { values: Record<string, string>; count: number; satisfies: boolean }[];
  positive?: number;
  negative?: number;
  stats?: RunResult['stats'] & { bound: number };
}

export function runJson(file: string, model: string, bound: number, o: RunOutput): RunJson {
  if (!o.ok) return { file, test: o.test.name, model, error: o.error };
  const r = o.result;
  return {
    file, test: r.test.name, model, kind: KIND[r.test.condition.quantifier], condition: conditionText(r.test),
    result: r.validated ? 'Ok' : 'No',
    states: r.states.map((s, i) => ({
      values: Object.fromEntries(stateValues(r, i).map(([k, v]) => [k, String(v)])), count: s.count, satisfies: s.holds,
    })),
    positive: r.positive, negative: r.negative, stats: { ...r.stats, bound },
  };
}
