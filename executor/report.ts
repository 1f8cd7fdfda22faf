// Executor results as text (herd7's shape, with counts and exploration figures) and as JSON.
import { restsOnAbsence } from '../litmus/ast.js';
import { TEST_KIND, conditionText } from '../litmus/print.js';
import { observableName } from '../litmus/types.js';
import { type RunOutput, type RunResult, notRunReason } from './explore.js';

/** Observable name (`P1:r0`, `x`) -> value (an integer of its type), for one final state. */
export function stateValues(r: RunResult, i: number): [string, bigint][] {
  const s = r.states[i]!;
  return r.observables.map((o, j) => [observableName(o), s.outcome[j]!]);
}

const executions = (n: number): string => `${n} execution${n === 1 ? '' : 's'}`;

export function formatRun(r: RunResult, bound: number): string {
  const t = r.test;
  const st = r.stats;
  const out = [`Test ${t.name} ${TEST_KIND[t.condition.quantifier]} (executor, ${r.model})`, `States ${r.states.length}`];
  for (const s of r.states) out.push(`${String(s.count).padStart(6)} :> ${s.text}`);
  const obs = r.positive === 0 ? 'Never' : r.negative === 0 ? 'Always' : 'Sometimes';
  // Cut short, the states found are no answer (the JSON record's result is null too).
  if (st.truncated) out.push(`Unknown: the exploration stopped after ${st.visited} states (${st.stopped ?? '--max-states'}), before every final state was found`, `Condition ${conditionText(t)}`);
  else {
    out.push(r.validated ? 'Ok' : 'No', 'Witnesses', `Positive: ${r.positive} Negative: ${r.negative}`, `Condition ${conditionText(t)}`);
    out.push(`Observation ${t.name} ${obs} ${r.positive} ${r.negative}`);
    // An answer that no execution does something rests on the states reached, and the executor
    // reaches only part of what the model allows (docs/ARCHITECTURE.md, "What the executor does not reach").
    if (restsOnAbsence(t.condition.quantifier, r.validated)) out.push(`Note: ${r.validated ? 'Ok' : 'No'} says no state the executor reaches ${t.condition.quantifier === 'forall' ? 'breaks' : 'meets'} the condition; it reaches part of what the model allows, so \`ptxmm check\` decides`);
  }
  if (st.filtered) out.push(r.states.length ? `Filter: ${st.filtered} final states left out by the filter` : `Filter: the filter excludes every final state (${st.filtered} reached)`);
  if (st.cut) out.push(`Bound ${bound} reached: ${executions(st.cut)} cut off (they need more loop iterations) ${st.cut === 1 ? 'is' : 'are'} not counted`);
  if (st.spun) {
    out.push(r.states.length || st.filtered
      ? `Spin loops: ${st.spun} iterations that go round again left out (every final state is reached by leaving at once; the bound does not limit them)`
      : `Spin loops: no execution finishes: every one goes round a spin loop again (${st.spun} such iteration${st.spun === 1 ? '' : 's'} left out), so a thread may spin forever (--liveness says)`);
  }
  if (st.deadlocks) out.push(`Deadlock: ${executions(st.deadlocks)} end${st.deadlocks === 1 ? 's' : ''} with threads waiting at a barrier forever (not counted)`);
  if (st.truncated) out.push(`Truncated: stopped after ${st.visited} states; some final states may be missing`);
  out.push(`Time ${t.name} ${(st.ms / 1000).toFixed(2)}`);
  out.push(`Visited ${st.visited} states, ${st.finals} final`);
  return out.join('\n') + '\n';
}

/** One test on the executor, as data (docs/JSON.md, type "run"); values as integers of their types. */
export interface RunJson {
  file: string;
  test: string;
  model: string;
  bound: number;
  kind: string;
  condition: string;
  /** null when the test was not run, or was cut short (truncated): no answer. */
  result: 'Ok' | 'No' | null;
  /** Why the executor did not run the test. */
  notRun: string | null;
  states: { values: Record<string, bigint>; count: number; satisfies: boolean }[];
  positive: number;
  negative: number;
  cut: number;
  /** Iterations of spin loops that went round again, left out (executor/spin.ts). */
  spun: number;
  deadlocks: number;
  truncated: boolean;
  visited: number;
  finals: number;
  /** Final states the filter left out (`finals` counts those it kept). */
  filtered: number;
  seconds: number;
}

export function runJson(file: string, model: string, bound: number, o: RunOutput): RunJson {
  const t = o.ok ? o.result.test : o.test;
  const base = { file, test: t.name, model, bound, kind: TEST_KIND[t.condition.quantifier], condition: conditionText(t) };
  if (!o.ok) {
    return { ...base, result: null, notRun: notRunReason(o, file), states: [], positive: 0, negative: 0, cut: 0, spun: 0, deadlocks: 0, truncated: false, visited: 0, finals: 0, filtered: 0, seconds: 0 };
  }
  const r = o.result;
  const st = r.stats;
  return {
    ...base, result: st.truncated ? null : r.validated ? 'Ok' : 'No', notRun: null,
    states: r.states.map((s, i) => ({ values: Object.fromEntries(stateValues(r, i)), count: s.count, satisfies: s.holds })),
    positive: r.positive, negative: r.negative, cut: st.cut, spun: st.spun, deadlocks: st.deadlocks, truncated: st.truncated,
    visited: st.visited, finals: st.finals, filtered: st.filtered, seconds: st.ms / 1000,
  };
}
