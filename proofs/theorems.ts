// Every theorem `ptxmm prove` knows, in the order: the C++ mapping, 7.5 extends 6.0,
// monotonicity, SC for fenced strong programs, axiom independence (of the chosen model), and
// that check's encoding of observation chains is exact (of the chosen model).
import type { Model } from '../model/relalg.js';
import { chainTheorems } from './chains.js';
import { extendsTheorems } from './extends.js';
import { fencedScTheorem } from './fenced-sc.js';
import { independenceTheorems } from './independence.js';
import { mappingTheorems } from './mapping.js';
import { monotonicityTheorems } from './monotonicity.js';
import { outcomeTheorems } from './outcomes.js';
import type { Theorem } from './prove.js';

export function allTheorems(model: Model): Theorem[] {
  return [...mappingTheorems(), ...extendsTheorems, ...monotonicityTheorems, fencedScTheorem, ...independenceTheorems(model), ...outcomeTheorems(model), ...chainTheorems(model)];
}

/**
 * The theorems `names` select: a theorem's name or a group's. None named: all but the searches
 * (outcome-independence), whose cost has no bound but the timeout.
 */
export function selectTheorems(model: Model, names: readonly string[]): Theorem[] | { unknown: string[]; known: string[] } {
  const all = allTheorems(model);
  if (names.length === 0) return all.filter((t) => !t.search);
  const unknown = names.filter((n) => !all.some((t) => t.name === n || t.group === n));
  if (unknown.length) return { unknown, known: [...new Set(all.flatMap((t) => [t.group, t.name]))] };
  return all.filter((t) => names.includes(t.name) || names.includes(t.group));
}
