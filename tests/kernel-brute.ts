// Brute force's answers for a launched kernel, as the kernel tests compare `ptxmm kernel`'s with
// them: whether some execution finishes and whether one breaks the assertions, the racy pairs and
// the divergent barriers (every consistent execution enumerated: solver/enumerate.ts).
import type { Expr, LitmusTest } from '../litmus/ast.js';
import type { Instance } from '../kernel/instantiate.js';
import { ptx75 } from '../model/ptx.js';
import { divergenceCollector } from '../solver/divergence.js';
import { enumerate, stateValues } from '../solver/enumerate.js';
import { raceCollector } from '../solver/races.js';
import type { Unrolled } from '../solver/unroll.js';
import { holds } from './conditions.js';

export interface BruteKernel {
  /** Some consistent execution finishes. */
  finished: boolean;
  /** Some finishing execution breaks an assertion. */
  broken: boolean;
  /** Racy pairs (solver/races.ts keys, naming threads). */
  pairs: Set<string>;
  /** Divergent barriers (solver/divergence.ts keys). */
  divergent: Set<string>;
}

/** Brute force on `u`, the kernel's test unrolled, under ptx75. */
export function bruteKernel(inst: Instance, u: Unrolled, asserts: readonly Expr[]): BruteKernel {
  const asTest: LitmusTest = { ...inst.test, condition: { ...inst.test.condition, quantifier: 'forall', expr: { kind: 'and', args: [...asserts] } } };
  const out: BruteKernel = { finished: false, broken: false, pairs: new Set(), divergent: new Set() };
  const collect = raceCollector(asTest, u, out.pairs);
  const diverge = divergenceCollector(u, out.divergent);
  enumerate(asTest, u, ptx75, undefined, (x, states, ev, ids) => {
    collect(x, states, ev, ids);
    diverge(x, states, ev, ids);
    out.finished = true;
    if (states.some((st) => !asserts.every((a) => holds(a, new Map(stateValues(st)))))) out.broken = true;
  });
  return out;
}

/**
 * Racy pairs by instruction (lines): every thread of a kernel runs the same instructions, and
 * races are reported per pair of instructions, whichever threads show it.
 */
export const racyLines = (keys: Iterable<string>): string[] =>
  [...new Set([...keys].map((k) => k.split(' ~ ').map((side) => side.replace(/^P\d+:/, '')).sort().join(' ~ ')))].sort();
