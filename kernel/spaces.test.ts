// A kernel's accesses and the state spaces they reach (litmus/layout.ts memorySpaces, as
// solver/unroll.ts holds them to): constant memory is read-only (ISA §st: "Stores to const
// memory are illegal"; atom and red reach global or shared only), and an access through a
// space reaches only that space's variables; a generic one reaches any.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptxmm, scratch } from '../tests/cli.js';

const S = scratch('ptxmm-spaces-');

/** A kernel with a .const c = 7 and a .global g = 5: `body` then stores %r1 to out. */
const kernel = (body: string): string => `.version 9.0
.target sm_90
.address_size 64
.const .align 4 .u32 c = 7;
.global .align 4 .u32 g = 5;
.global .align 4 .u32 out;
.visible .entry k()
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, 0;
${body}
	st.global.u32 [out], %r1;
	ret;
}
`;

test('writes to constant memory, and accesses through the wrong space, are refused at the access', () => {
  const cases: [string, RegExp][] = [
    ['\tmov.u64 %rd1, c;\n\tcvta.const.u64 %rd2, %rd1;\n\tst.u32 [%rd2], 9;', /:14:2: st\.weak\.u32 \[%rd2\], 9: the address is c, in constant memory, which is read-only: P0 cannot write it/],
    ['\tmov.u64 %rd1, c;\n\tcvta.const.u64 %rd2, %rd1;\n\tred.add.u32 [%rd2], 1;', /:14:2: red\.relaxed\.gpu\.add\.u32 \[%rd2\], 1: the address is c, in constant memory, which is read-only/],
    ['\tmov.u64 %rd1, c;\n\tst.global.u32 [%rd1], 9;', /:13:2: st\.weak\.global\.u32 \[%rd1\], 9: the address is c, in \.const memory, but this access is to \.global/],
    ['\tmov.u64 %rd1, g;\n\tld.const.u32 %r1, [%rd1];', /:13:2: ld\.weak\.const\.u32 %r1, \[%rd1\]: the address is g, in \.global memory, but this access is to \.const/],
    ['\tst.u32 [c], 9;', /:12:10: c is in constant memory, which is read-only: P0 cannot write it/],
  ];
  for (const [body, want] of cases) {
    const r = ptxmm('kernel', S.write('k.ptx', kernel(body)), '--assert', 'out == 0');
    assert.is(r.code, 2, `${body}: ${r.out}${r.err}`);
    assert.match(r.err, want, body);
  }
  // Reads of constant memory, through .const and generic addresses, are fine.
  const reads = '\tld.const.u32 %r2, [c];\n\tmov.u64 %rd1, c;\n\tcvta.const.u64 %rd2, %rd1;\n\tld.u32 %r3, [%rd2];\n\tadd.u32 %r1, %r2, %r3;';
  const r = ptxmm('kernel', S.write('k.ptx', kernel(reads)), '--assert', 'out == 14');
  assert.is(r.code, 0, r.out + r.err);
});

test('strong accesses and atomics of local or constant memory are undefined (ISA ld, st, atom, red): refused at the access', () => {
  const cases: [string, RegExp][] = [
    ['\tmov.u64 %rd1, c;\n\tcvta.const.u64 %rd2, %rd1;\n\tld.relaxed.gpu.u32 %r1, [%rd2];', /:14:2: ld\.relaxed\.gpu\.u32 %r1, \[%rd2\]: the address is c, in \.const memory, where this access is undefined/],
  ];
  for (const [body, want] of cases) {
    const r = ptxmm('kernel', S.write('k.ptx', kernel(body)), '--assert', 'out == 0');
    assert.is(r.code, 2, `${body}: ${r.out}${r.err}`);
    assert.match(r.err, want, body);
  }
  // A thread's own stack: an atom through its generic address.
  const local = kernel('\t.local .align 4 .u32 l;\n').replace('\t.local .align 4 .u32 l;\n', '')
    .replace('\tmov.u32 %r1, 0;\n', '\t.local .align 4 .u32 l;\n\tmov.u32 %r1, 0;\n\tmov.u64 %rd1, l;\n\tcvta.local.u64 %rd2, %rd1;\n\tatom.relaxed.gpu.exch.b32 %r2, [%rd2], 7;\n');
  const r = ptxmm('kernel', S.write('l.ptx', local), '--assert', 'out == 0');
  assert.is(r.code, 2, r.out + r.err);
  assert.match(r.err, /atom\.relaxed\.gpu\.exch\.b32 %r2, \[%rd2\], 7: the address is l\.P0, in \.local memory, where this access is undefined/);
  // A weak or volatile one is fine (a C `volatile` local).
  const weak = local.replace('atom.relaxed.gpu.exch.b32 %r2, [%rd2], 7', 'st.volatile.u32 [%rd2], 7');
  assert.is(ptxmm('kernel', S.write('w.ptx', weak), '--assert', 'out == 0').code, 0);
  // A litmus test's location in local memory, named by an atom.
  const lit = S.write('l.litmus', 'PTX L\n{ .local .u32 l = 0; }\n P0@cta 0,gpu 0 ;\n atom.relaxed.gpu.add.u32 %r1, [l], 1 ;\nexists (P0:%r1 == 0)\n');
  const c = ptxmm('check', lit);
  assert.match(c.out + c.err, /l\.litmus:4:33: l is in \.local memory, where this access is undefined/);
});

test.run();
