// Kernels in tests: one block of a module's kernel run to its final states by the solver and
// by brute force, for tests that compare the two (kernel/*.test.ts).
import * as assert from 'uvu/assert';
import type { LitmusTest } from '../litmus/ast.js';
import { instantiate } from '../kernel/instantiate.js';
import { readModule } from '../kernel/module.js';
import { ptx75 } from '../model/ptx.js';
import { enumerate } from '../solver/enumerate.js';
import { runTest } from '../solver/run.js';
import { unroll } from '../solver/unroll.js';
import type { Z3Session } from '../solver/z3.js';

/** The final states over `observed` of one block of `block` threads, from the solver and from brute force, each sorted. */
export async function bothStates(z3: Z3Session, text: string, block: number, observed: readonly string[], bound = 2): Promise<[string[], string[]]> {
  const inst = instantiate(readModule(text, 'k.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: block, y: 1, z: 1 }, params: [] });
  const t: LitmusTest = { ...inst.test, observed: observed.map((name) => ({ kind: 'loc' as const, name })) };
  const brute = [...enumerate(t, unroll(t, bound), ptx75).states].sort();
  const r = await runTest(z3, t, { model: ptx75, bound, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
  assert.is(r.unknown, null, r.unknown ?? '');
  return [r.states!.map((st) => st.values.map(([k, v]) => `${k}=${v}`).join(';')).sort(), brute];
}
