// Executor outcomes against another engine's (the solver's): which final states only the
// executor reaches (unsound: the model forbids them) and which it never reaches (incomplete).
import { toSigned } from './bits.js';
import type { RunResult } from './explore.js';

/** A final state as observable name (`P1:r0`, `x`) -> value, signed at the value's width. */
export type Valuation = readonly (readonly [string, bigint])[];

export const valuationKey = (v: Valuation): string =>
  [...v].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([k, x]) => `${k}=${x};`).join(' ');

/** The executor's final states as valuations (same signedness convention as the solver's). */
export function executorValuations(r: RunResult): Valuation[] {
  return r.states.map((s) => r.observables.map((o, j): readonly [string, bigint] => {
    const v = s.outcome[j]!;
    return [o.kind === 'reg' ? `P${o.thread}:${o.reg}` : o.name, toSigned(v.v, v.w)];
  }));
}

export interface Comparison {
  /** Indices into the executor's states that the other engine does not have. */
  unsound: number[];
  /** Valuations the other engine has and the executor never reaches. */
  incomplete: Valuation[];
  common: number;
}

export function compareStates(exec: readonly Valuation[], other: readonly Valuation[]): Comparison {
  const otherKeys = new Set(other.map(valuationKey));
  const execKeys = new Set(exec.map(valuationKey));
  const unsound = exec.flatMap((v, i) => (otherKeys.has(valuationKey(v)) ? [] : [i]));
  const incomplete = other.filter((v) => !execKeys.has(valuationKey(v)));
  return { unsound, incomplete, common: exec.length - unsound.length };
}
