// Integer arithmetic as nvcc writes it, against the host's C: kernel/arith/ holds 30 kernels of
// random C expressions (every integer width, casts, shifts, comparisons, && || !, division by
// constants and by parameters, rotates, funnel shifts, __popc, __clz, __brev, __byte_perm, byte
// and field masks, abs, __ffs, __sad, __mulhi and kin), nvcc's PTX of them, and the values the
// host computed (kernel/arith/generate.py). Each kernel must store exactly those values. The
// campaign this comes from found a wrong value (ld.s32 into a 64-bit register was not
// sign-extended) and forms ptxmm refused (predicate logic, mul.hi, div, rem, shf, popc, clz,
// brev, prmt, bfi, abs, bfind, sad).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptx75 } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { isNvccOutput, storesHostValues } from '../tests/hostc.js';
import { readAssertion } from './assert.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { verifyKernel } from './verify.js';

test('each kernel stores what the host computes from the same C', async () => {
  await storesHostValues('arith', 30);
});

test('the committed PTX is what nvcc writes from arith.cu (where nvcc is installed)', () => {
  isNvccOutput('arith', []);
});

test('a register read before any instruction writes it is any value, with a note; one written on every path that reads it is not', async () => {
  const ptx = (body: string): string => '.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[1];\n'
    + `.visible .entry k(.param .u32 v)\n{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n\tld.param.u32 %r1, [v];\n${body}\tst.global.u32 [out], %r2;\n\tret;\n}\n`;
  const z3 = await openZ3();
  try {
    const ask = async (body: string, v: bigint) => {
      const inst = instantiate(readModule(ptx(body), 'k.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [{ value: v }] });
      return (await verifyKernel(z3, inst, { model: ptx75, bound: 2, timeoutMs: 60_000, asserts: [readAssertion('out[0] == 5', 'k', inst.test)], races: false, liveness: false, barriers: false })).assert!;
    };
    // %r2 is written only where v == 1: with v == 0 the store reads it unset (it was read as 0).
    const some = '\tsetp.eq.u32 %p1, %r1, 1;\n\t@!%p1 bra $S;\n\tmov.u32 %r2, 5;\n$S:\n';
    assert.is((await ask(some, 1n)).verdict, 'holds');
    const unset = await ask(some, 0n);
    assert.is(unset.verdict, 'fails');
    assert.match(unset.explanation!.unspecified.join('\n'), /st\.weak\.global\.u32 \[out\[0\]\], %r2: in this execution it reads %r2 before any instruction writes it, and PTX leaves its value undefined/);
    // Written on both paths: never unset, no note.
    const both = '\tmov.u32 %r2, 5;\n\tsetp.eq.u32 %p1, %r1, 1;\n\t@!%p1 bra $S;\n\tmov.u32 %r2, 5;\n$S:\n';
    const w = await ask(both, 0n);
    assert.is(w.verdict, 'holds');
  } finally {
    await z3.close();
  }
});

test.run();
