// Executor final states in the form the solver takes and gives them: observable name -> value.
import { observableName } from '../litmus/types.js';
import type { RunResult } from './explore.js';

/** A final state as observable name (`P1:r0`, `x`) -> value, signed at the value's width. */
export type Valuation = readonly (readonly [string, bigint])[];

export const valuationKey = (v: Valuation): string =>
  [...v].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([k, x]) => `${k}=${x};`).join(' ');

/** The executor's final states as valuations (integers as their types read them, like the solver's). */
export function executorValuations(r: RunResult): Valuation[] {
  return r.states.map((s) => r.observables.map((o, j): readonly [string, bigint] => [observableName(o), s.outcome[j]!]));
}
