// mapRegisters reaches every register an instruction names: checked against types.ts's own
// lists of what an instruction reads and writes, on generated litmus instructions and on the
// kernel-only ones (warp shuffles, votes, reductions, barrier reductions) of a PTX module.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { type Instr, type Reg, mapRegisters } from './ast.js';
import { destinations, reads } from './types.js';
import { litmusTest } from './arbitrary.js';
import { readModule } from '../kernel/module.js';

const renamed = (r: Reg): Reg => ({ ...r, name: `z_${r.name}` });
const names = (i: Instr): string[] => [...reads(i).map((r) => r.name), ...destinations(i).map(([r]) => r.name)];

function checkRenamed(i: Instr): void {
  const m = mapRegisters(i, renamed);
  assert.equal(names(m), names(i).map((n) => `z_${n}`), `not every register of ${JSON.stringify(i, (_, v) => (typeof v === 'bigint' ? `${v}` : v))} is renamed`);
  // Nothing else changes: the same instruction once the names are put back.
  assert.equal(mapRegisters(m, (r) => ({ ...r, name: r.name.slice(2) })), i);
}

test('mapRegisters renames every register of generated litmus instructions', () => {
  let seen = 0;
  fc.assert(fc.property(litmusTest, (t) => {
    for (const th of t.threads) for (const s of th.code) if (s.op !== 'label') { checkRenamed(s); seen++; }
  }), { numRuns: 300, seed: 20261202 });
  assert.ok(seen > 1000, `only ${seen} instructions drawn`);
});

test('mapRegisters renames every register of the kernel-only instructions', () => {
  const mod = readModule(`
.version 8.5
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .pred %p<4>;
  .reg .b32 %r<9>;
  .reg .f32 %f<5>;
  shfl.sync.bfly.b32 %r1|%p1, %r2, %r3, %r4, %r5;
  vote.sync.ballot.b32 %r6, %p2, %r5;
  redux.sync.add.u32 %r7, %r2, %r5;
  match.any.sync.b32 %r8, %r2, %r5;
  bar.red.popc.u32 %r1, %r2, %p3;
  @%p1 fma.rn.f32 %f1, %f2, %f3, %f4;
  nanosleep.u32 %r4;
  ret;
}
`, 'k.ptx');
  const fn = mod.functions.find((f) => f.name === 'k')!!;
  assert.not.ok(fn.refused, fn.refused?.message);
  const body = fn.body.filter((s): s is Instr => s.op !== 'label');
  const ops = body.map((s) => s.op);
  for (const op of ['shfl', 'vote', 'redux', 'match', 'bar', 'fop', 'nanosleep']) assert.ok(ops.includes(op as Instr['op']), `no ${op} in ${ops.join(' ')}`);
  for (const s of body) checkRenamed(s);
});

test.run();
