// Final states as the condition language writes them, so that a state picked on screen becomes
// the `--outcome` of show/why (parseWithOutcome) without a second notation.
import type { Quantifier } from '../../litmus/ast.js';

export type Valuation = readonly (readonly [string, bigint])[];

/**
 * What a `*` (the condition's expression holds in the state) means under the quantifier: under
 * `~exists` such a state is the one the test forbids, not one that satisfies it.
 */
export const markMeaning = (q: Quantifier): string =>
  (q === 'exists' ? 'the outcome the condition asks for' : q === 'not exists' ? 'the outcome ~exists forbids' : 'satisfies the condition');

export const outcomeExpr = (v: Valuation): string => v.map(([k, x]) => `${k} == ${x}`).join(' /\\ ') || 'true';
