// A kernel spec as a litmus test whose final states are the kernel's memory, for the commands
// that compare final states (cross): a kernel's own test observes nothing, since its properties
// are asked apart (verify.ts).
import type { LitmusTest } from '../litmus/ast.js';
import { readText } from '../litmus/files.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { readSpec } from './spec.js';

/**
 * t observing every memory location it has (each element, each CTA's and thread's copy) that
 * has an initial value: uninitialised memory (.shared) may end with any value.
 */
export const observingMemory = (t: LitmusTest): LitmusTest =>
  ({ ...t, observed: t.locations.filter((l) => !(l.kind === 'value' && l.unknown)).map((l) => ({ kind: 'loc' as const, name: l.name })) });

/**
 * The kernel a spec (FILE.kernel.json) launches, observing its memory, and its module's file
 * (where the test's positions are); bad input throws a LitmusError.
 */
export function specTest(path: string): { test: LitmusTest; ptx: string; bound: number | undefined } {
  const spec = readSpec(path);
  return { test: observingMemory(instantiate(readModule(readText(spec.ptx), spec.ptx), spec.launch).test), ptx: spec.ptx, bound: spec.bound };
}
