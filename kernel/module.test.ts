// The kernel front end on small modules written for each case: what it reads (static offsets
// into arrays, byte arrays as words, per-CTA shared memory, parameters), and what it refuses,
// always at the position of the thing refused (file:line:col), with exit status 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptxmm, scratch } from '../tests/cli.js';
import { LitmusError } from '../litmus/errors.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';

const S = scratch('ptxmm-kernel-');

/** A module with one kernel: `decls` at module level, `params` its parameter list, `body` its code. */
const module = (decls: string, params: string, body: string): string =>
  `.version 9.0\n.target sm_90\n.address_size 64\n${decls}\n.visible .entry k(${params})\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<16>;\n${body}\n\tret;\n}\n`;

/** Where `needle` starts in `text`: `line:col`, 1-based. */
function at(text: string, needle: string): string {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `${needle} is in the text`);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

function refuses(name: string, text: string, needle: string, message: RegExp, ...args: string[]): void {
  const f = S.write(name, text);
  const r = ptxmm('kernel', f, ...args);
  assert.is(r.code, 2, `${name}: ${r.out}${r.err}`);
  const line = r.err.trim().split('\n')[0]!;
  assert.ok(line.startsWith(`${f}:${at(text, needle)}: `), `${name}: error at ${at(text, needle)}: ${line}`);
  assert.match(line, message);
  assert.not.match(r.err, /\n\s+at /, 'no stack trace');
}

test('what ptxas refuses is refused at its position: no .version or .target, a label or register defined twice, an undeclared register written', () => {
  const g = '.global .align 4 .u32 g;';
  const body = '\tmov.u32 %r1, 1;\n\tst.global.u32 [g], %r1;';
  // Each was answered as though valid (a second .reg's type was the one used, a branch went to the first label).
  refuses('noversion.ptx', module(g, '', body).replace('.version 9.0\n', ''), '.target', /a PTX module starts with \.version \(nvcc -ptx writes it first\), found '\.target'/, '--assert', '1 == 1');
  refuses('notarget.ptx', module(g, '', body).replace('.target sm_90\n', ''), '.address_size', /\.target \(the GPU, as sm_90\) follows \.version, found '\.address_size'/, '--assert', '1 == 1');
  refuses('dupreg.ptx', module(g, '', `\t.reg .b64 %r<4>;\n${body}`), '%r<4>', /the register %r is declared twice/, '--assert', '1 == 1');
  refuses('duplabel.ptx', module(g, '', `$L1:\n${body}\n$L1:\n\tmov.u32 %r2, 2;`), '$L1:\n\tmov.u32 %r2', /the label \$L1 is defined twice \(first at line \d+\)/, '--assert', '1 == 1');
  refuses('undeclared.ptx', module(g, '', '\tmov.u32 %r99, 1;\n\tst.global.u32 [g], %r99;'), '%r99, 1', /the register %r99 is not declared \(\.reg\)/, '--assert', '1 == 1');
  refuses('undeclared2.ptx', module(g, '', '\tld.global.u32 %x9, [g];'), '%x9', /the register %x9 is not declared \(\.reg\)/, '--assert', '1 == 1');
  // Each was answered: @%r1 as %r1 != 0, the second variable's name as the first's, a device
  // function's undeclared register as any value.
  refuses('guard.ptx', module(g, '', '\tmov.u32 %r1, 1;\n\t@%r1 bra $L;\n$L:\n\tst.global.u32 [g], %r1;'), '%r1 bra', /the guard %r1 is a \.b32 register, not a \.pred one/, '--assert', '1 == 1');
  refuses('predvalue.ptx', module(g, '', '\tld.global.u32 %p1, [g];'), '%p1', /%p1 is a \.pred register, and this instruction writes a 32-bit value to it/, '--assert', '1 == 1');
  refuses('valuepred.ptx', module(g, '', '\tmov.u32 %r1, 1;\n\tsetp.eq.s32 %r3, %r1, 0;'), '%r3', /%r3 is a \.b32 register, and this instruction writes a predicate to it/, '--assert', '1 == 1');
  refuses('predread.ptx', module(g, '', '\tsetp.eq.s32 %p1, %r1, 0;\n\tst.global.u32 [g], %p1;'), '%p1;', /%p1 is a \.pred register, and this instruction reads a 32-bit value from it/, '--assert', '1 == 1');
  refuses('dupvar.ptx', module(`${g}\n.global .align 8 .u32 g;`, '', body), '.global .align 8', /the variable g is defined twice \(first at line 4\)/, '--assert', '1 == 1');
  refuses('dupshared.ptx', module(g, '', `\t.shared .align 4 .u32 s;\n\t.shared .align 8 .u32 s;\n${body}`), '.shared .align 8', /the variable s is defined twice/, '--assert', '1 == 1');
  const callee = `.version 9.0\n.target sm_90\n.address_size 64\n${g}\n.func f()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, 1;\n\tadd.s32 %r1, %r1, %r7;\n\tst.global.u32 [g], %r1;\n\tret;\n}\n`
    + '.visible .entry k()\n{\n\tcall.uni f, ();\n\tret;\n}\n';
  refuses('callee.ptx', callee, '%r7', /the register %r7 is not declared \(\.reg\) in f/, '--assert', '1 == 1');
  assert.is(ptxmm('kernel', S.write('callee-ok.ptx', callee.replace('%r7', '%r0').replace('mov.u32 %r1, 1;', 'mov.u32 %r0, 0;\n\tmov.u32 %r1, 1;')), '--assert', 'g == 1').code, 0);
  // Each was answered (the second differential): `ret $L` as ret, `bar.arrive 1, 64, 64` as
  // Dartagnan's instance 1 of barrier 64, a device function's parameter read past its bytes as
  // a register of its own (any value); ptxas refuses the first two and crashes on the third.
  refuses('retop.ptx', module(g, '', `${body}\n\tret $L;\n$L:`), '$L;', /ret takes no operands, found '\$L'/, '--assert', '1 == 1');
  refuses('arrive3.ptx', module(g, '', '\tbar.arrive 1, 64, 64;'), 'bar.arrive', /bar\.arrive takes one or two operands \(a, the barrier, and b, a thread count\), got 3 operands/, '--assert', '1 == 1');
  const past = callee.replace('.func f()', '.func f(.param .b32 f_p)').replace('add.s32 %r1, %r1, %r7;', 'ld.param.u32 %r0, [f_p+4096];\n\tadd.s32 %r1, %r1, %r0;')
    .replace('call.uni f, ();', '.reg .b32 %q<2>;\n\tmov.u32 %q1, 1;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0+0], %q1;\n\tcall.uni f, (param0);\n\t}');
  refuses('parampast.ptx', past, 'ld.param.u32 %r0', /\[f_p\+4096\] is not a part of f_p \(4 bytes\) that a 32-bit access can take/, '--assert', 'g == 2');
  assert.is(ptxmm('kernel', S.write('param-ok.ptx', past.replace('+4096', '')), '--assert', 'g == 2').code, 0);
  // Array sizes and alignments are PTX integers: 0x10 was refused, 010 (octal 8) read as 10.
  assert.is(ptxmm('kernel', S.write('hexsize.ptx', module('.global .align 4 .u32 h[0x4];\n.global .align 4 .u32 o[010];', '', '\tst.global.u32 [h+12], 1;\n\tst.global.u32 [o+28], 2;')), '--assert', 'h[3] == 1 /\\ o[7] == 2').code, 0);
  refuses('octal.ptx', module('.global .align 4 .u32 o[010];', '', '\tst.global.u32 [o+32], 2;'), 'st.global', /\[o\+32\] is not an element of o \(8 of 4 bytes\)/, '--assert', '1 == 1');
  refuses('align3.ptx', module('.global .align 3 .u32 a3;', '', body), '3 .u32', /an alignment is a power of two, not 3/, '--assert', '1 == 1');
  // The sink `_` is no register to declare (it was refused by the check above).
  assert.is(ptxmm('kernel', S.write('sink.ptx', module(g, '', '\tatom.global.add.u32 _, [g], 1;')), '--assert', 'g == 1').code, 0);
  // The launch: a buffer of no elements, and an initial value for .shared memory.
  const f = S.write('ok.ptx', module(`${g}\n.shared .align 4 .u32 s;`, '', body));
  assert.is(ptxmm('kernel', f, '--assert', 'g == 1').code, 0);
  const sh = ptxmm('kernel', f, '--global', 's=1', '--assert', 'g == 1');
  assert.equal([sh.code, /s is \.shared memory, which no launch initialises/.test(sh.err)], [2, true], sh.err);
  const zero = ptxmm('kernel', S.write('buf.ptx', module(g, '.param .u64 p', body)), '--param', 'out:s32[0]', '--assert', 'g == 1');
  assert.equal([zero.code, /the buffer out has no elements: give its size, at least 1/.test(zero.err)], [2, true], zero.err);
});

test('an operand register is as wide as the instruction\'s type (ptxas: "Arguments mismatch"); ld\'s destination, st\'s source and cvt\'s operands may be wider; a global address is 64 bits', () => {
  const g = '.global .align 4 .u32 g = 5;';
  // Each was answered: %rd1 read as its low 32 bits, a 64-bit product kept in a 32-bit register.
  refuses('wideread.ptx', module(g, '', '\tld.global.u32 %r1, [g];\n\tadd.s32 %r2, %r1, %rd1;\n\tst.global.u32 [g], %r2;'), '%rd1;',
    /%rd1 is a \.b64 register, and this instruction reads a 32-bit value from it \(ptxas: "Arguments mismatch"\)/, '--assert', 'g == 5');
  refuses('widewrite.ptx', module(g, '', '\tld.global.u32 %r1, [g];\n\tmul.wide.s32 %r2, %r1, %r1;\n\tst.global.u32 [g], %r2;'), '%r2, %r1, %r1',
    /%r2 is a \.b32 register, and this instruction writes a 64-bit value to it/, '--assert', 'g == 25');
  refuses('narrowld.ptx', module('.global .align 8 .u64 g;', '', '\tld.global.u64 %r1, [g];'), '%r1', /%r1 is a \.b32 register, and this instruction writes a 64-bit value to it/, '--assert', '1 == 1');
  refuses('narrowmov.ptx', module(g, '', '\tmov.u16 %r1, 1;'), '%r1', /%r1 is a \.b32 register, and this instruction writes a 16-bit value to it/, '--assert', '1 == 1');
  // What ptxas takes (the relaxed type-checking rules): a sign-extending load into a wider
  // register, a store of a wider register's low bits, a load zero-extended, a cvt from a wider one.
  const relaxed = module('.global .align 4 .s32 s = -1;\n.global .align 8 .u64 h;\n.global .align 1 .u8 o;\n.global .align 4 .u32 q;', '',
    '\t.reg .b16 %rs<2>;\n\tld.global.s32 %rd1, [s];\n\tst.global.u64 [h], %rd1;\n\tmov.u32 %r1, 0x1234ff;\n\tst.global.u8 [o], %r1;\n\tld.global.u8 %r3, [o];\n'
    + '\tcvt.u32.u16 %r4, %r1;\n\tadd.s32 %r5, %r3, %r4;\n\tst.global.u32 [q], %r5;\n\tcvt.u16.u32 %rs1, %rd1;');
  const r = ptxmm('kernel', S.write('relaxed.ptx', relaxed), '--assert', 'h == 0xffffffffffffffff /\\ o == 0xff /\\ q == 0x35fe');
  assert.is(r.code, 0, r.out + r.err);
  // A global or generic address is 64 bits; a .shared one may be 32, as nvcc keeps it.
  refuses('addr32.ptx', module(g, '', '\tmov.u64 %rd2, g;\n\tcvt.u32.u64 %r2, %rd2;\n\tld.global.u32 %r1, [%r2];'), '%r2];', /the address %r2 is a 32-bit register, and a \.global address is 64 bits/, '--assert', 'g == 5');
  refuses('mov32.ptx', module(g, '', '\tmov.u32 %r2, g;\n\tld.u32 %r1, [%rd2];'), 'mov.u32 %r2', /mov\.u32 of g's address: a \.global address is 64 bits/, '--assert', 'g == 5');
  refuses('cvta32.ptx', module(g, '', '\tcvta.global.u32 %r2, g;'), 'cvta', /cvta\.global\.u32: a generic address is 64 bits/, '--assert', 'g == 5');
  const shared = module(g, '', '\t.shared .align 4 .u32 s;\n\tmov.u32 %r2, s;\n\tst.shared.u32 [%r2], 7;\n\tld.shared.u32 %r1, [%r2];\n\tst.global.u32 [g], %r1;');
  assert.is(ptxmm('kernel', S.write('shared32.ptx', shared), '--assert', 'g == 7').code, 0);
});

test('nvcc declares a C int unsigned: an order comparison the type decides is refused, and --signed (a spec\'s "signed") reads a variable signed', () => {
  const text = module('.global .align 4 .u32 si;\n.global .align 2 .u16 ssh;\n.global .align 4 .b8 sarr[8];', '.param .u64 p',
    '\tmov.u32 %r1, -7;\n\tst.global.u32 [si], %r1;\n\tmov.u16 %rs1, -2;\n\tst.global.u16 [ssh], %rs1;\n\tmov.u32 %r2, -3;\n\tst.global.u32 [sarr+4], %r2;'.replace('mov.u16', '.reg .b16 %rs<2>;\n\tmov.u16'));
  const f = S.write('signed.ptx', text);
  // `si < 0` failed (si read as 4294967289), `si > 100` held, where `si <= -7` was refused.
  const r0 = ptxmm('kernel', f, '--param', '0', '--assert', 'si == -7 /\\ si < 0');
  assert.is(r0.code, 2, r0.out + r0.err);
  assert.match(r0.err, /--assert 1:1:18: si < 0 is false whatever the execution: si is an unsigned 32-bit value \(0 \.\. 4294967295\) \(nvcc declares C's signed char, short, int and long long unsigned: --signed NAME/);
  const r1 = ptxmm('kernel', f, '--param', '0', '--signed', 'si', '--signed', 'ssh', '--signed', 'sarr', '--assert', 'si < 0 /\\ si == -7 /\\ ssh == -2 /\\ sarr[1] < -2 /\\ sarr[0] == 0');
  assert.is(r1.code, 0, r1.out + r1.err);
  const r2 = ptxmm('kernel', f, '--param', '0', '--signed', 'si', '--assert', 'si > 100');
  assert.is(r2.code, 1, r2.out + r2.err);
  assert.match(r2.out, /FAILS: a consistent execution ends in si=-7 .*\n\s+final state: si=-7\n/);
  const spec = S.write('signed.kernel.json', JSON.stringify({ ptx: f, params: [{ value: 0 }], signed: ['si'], assert: ['si == -7 /\\ si < 0'] }));
  assert.is(ptxmm('kernel', spec).code, 0);
  const buf = ptxmm('kernel', f, '--param', 'out:u32[1]', '--signed', 'out', '--assert', 'si == 0');
  assert.equal([buf.code, /out is a parameter's buffer, whose type --param gives \(out:s32\[N\]\): --signed is for module variables/.test(buf.err)], [2, true], buf.err);
  const none = ptxmm('kernel', f, '--param', '0', '--signed', 'sj', '--assert', 'si == 0');
  assert.equal([none.code, /--signed sj: no module variable sj \(it has si, ssh, sarr\)/.test(none.err)], [2, true], none.err);
  // A half-float variable the kernel leaves alone was "a location the test never declares or accesses".
  const fv = ptxmm('kernel', S.write('float.ptx', text.replace('.global .align 4 .u32 si;', '.global .align 4 .u32 si;\n.global .align 2 .f16 fv;')), '--param', '0', '--assert', 'si == -7 /\\ fv == 0');
  assert.equal([fv.code, fv.err.trim()], [2, '--assert 1:1:13: fv is a variable ptxmm does not model: floating-point data (.f16) is not modelled: .f32 and .f64 data is carried (as its bits), no other floating-point type']);
  // A buffer may take the name of a variable the launch leaves out.
  const buf2 = module('.global .align 2 .f16 fv;', '.param .u64 p', '\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tst.global.u32 [%rd2], 7;');
  const fb = ptxmm('kernel', S.write('floatbuf.ptx', buf2), '--param', 'fv:s32[1]', '--assert', 'fv[0] == 7');
  assert.is(fb.code, 0, fb.out + fb.err);
  // A .shared variable goes by its short name, as assertions name its copies (t.cta0).
  const sh = module('.shared .align 4 .u32 _ZZ1kE1t;', '', '\tmov.u32 %r1, -5;\n\tst.shared.u32 [_ZZ1kE1t], %r1;');
  const shf = S.write('sharedsigned.ptx', sh);
  assert.is(ptxmm('kernel', shf, '--signed', 't', '--assert', 't.cta0 < 0 /\\ t.cta0 == -5').code, 0);
  assert.is(ptxmm('kernel', shf, '--signed', '_ZZ1kE1t', '--assert', 't.cta0 == -5').code, 0);
  const nosh = ptxmm('kernel', shf, '--signed', 'u', '--assert', 't.cta0 == -5');
  assert.equal([nosh.code, /--signed u: no module variable u \(it has t\)/.test(nosh.err)], [2, true], nosh.err);
});

test('a struct whose fields differ in width (nvcc: bytes) is refused as such, not as an access between elements', () => {
  // struct { int a, b; long long c; }: the elements are 8 bytes (the alignment, which an access has).
  const text = module('.global .align 8 .b8 s[16];', '', '\tmov.u32 %r1, 1;\n\tst.global.u32 [s], %r1;\n\tst.global.u32 [s+4], %r1;\n\tmov.u64 %rd1, 1;\n\tst.global.u64 [s+8], %rd1;');
  refuses('struct.ptx', text, 'st.global.u32 [s]', /a 32-bit access to s, whose elements are 64 bits \(mixed-size accesses are not modelled; ptxmm takes a variable's elements at one width, and nvcc declares a struct as bytes: one whose fields differ in width is not modelled\)/, '--assert', '1 == 1');
  // A variable not declared as bytes is no struct: the hint is left out.
  const word = ptxmm('kernel', S.write('word.ptx', module('.global .align 4 .u32 g32;', '', '\tmov.u16 %rs1, 1;\n\tst.global.u16 [g32+2], %rs1;'.replace('mov.u16', '.reg .b16 %rs<2>;\n\tmov.u16'))), '--assert', '1 == 1');
  assert.equal([word.code, / is not an element of g32 \(1 of 4 bytes\): it falls inside g32\n/.test(word.err)], [2, true], word.err);
  refuses('struct.ptx', text.replace('\tst.global.u32 [s], %r1;\n', ''), 'st.global.u32 [s+4]', /\[s\+4\] is not an element of s \(2 of 8 bytes\): it falls inside s\[0\]; ptxmm takes a variable's elements at one width, and nvcc declares a struct as bytes: one whose fields differ in width is not modelled/, '--assert', '1 == 1');
});

test('a pointer parameter may point into the middle of the buffer it gives (NAME:TYPE[N]+K, a spec\'s "offset")', () => {
  // k<<<1, 1>>>(buf + 4) with p[-1] = 7; p[1] = 8: before, only another parameter's buffer could be pointed into.
  const text = module('', '.param .u64 p', '\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tst.global.u32 [%rd2+-4], 7;\n\tst.global.u32 [%rd2+4], 8;');
  const f = S.write('mid.ptx', text);
  const r = ptxmm('kernel', f, '--param', 'buf:s32[8]+4', '--assert', 'buf[3] == 7 /\\ buf[5] == 8 /\\ buf[4] == 0');
  assert.is(r.code, 0, r.out + r.err);
  const spec = S.write('mid.kernel.json', JSON.stringify({ ptx: f, params: [{ buffer: 'buf', type: 's32', size: 8, offset: 4 }], assert: ['buf[3] == 7 /\\ buf[5] == 8'] }));
  assert.is(ptxmm('kernel', spec).code, 0);
  const past = ptxmm('kernel', f, '--param', 'buf:s32[8]+9', '--assert', 'buf[3] == 7');
  assert.equal([past.code, /points at element 9 of buf, which has 8 \(0 \.\. 8, the end included\)/.test(past.err)], [2, true], past.err);
  const alias = ptxmm('kernel', f, '--param', 'buf+4', '--assert', 'buf[3] == 7');
  assert.equal([alias.code, /no parameter gives a buffer of that name \(none does\); a pointer into a buffer no other parameter gives is NAME:TYPE\[N\]\+K/.test(alias.err)], [2, true], alias.err);
});

test('a file that is not PTX says so; special registers ptxmm does not model say why', () => {
  const cu = S.write('k.cu', '__global__ void k(int *out) { *out = 1; }\n');
  const r = ptxmm('kernel', cu, '--assert', '1 == 1');
  assert.is(r.code, 2);
  assert.match(r.err, /k\.cu:1:\d+: unexpected character '\*' \(this is not PTX, which starts with \.version: give what nvcc -ptx writes\)/);
  const bin = ptxmm('kernel', S.write('k.bin', '\x01\x02'), '--assert', '1 == 1');
  assert.match(bin.err, /k\.bin:1:1: unexpected character U\+0001 \(this is not PTX/);
  refuses('lanemask.ptx', module('', '', '\tmov.u32 %r1, %lanemask_lt;'), '%lanemask_lt', /the special register %lanemask_lt is not modelled: compute the mask from the lane/, '--assert', '1 == 1');
  refuses('smid.ptx', module('', '', '\tmov.u32 %r1, %smid;'), '%smid', /the special register %smid is not modelled: it says where or how the kernel runs/, '--assert', '1 == 1');
});

test('a special register read by another instruction than mov or cvt is refused, as ptxas refuses it', () => {
  refuses('sreg.ptx', module('.global .align 4 .u32 x;', '', '\tadd.u32 %r1, %tid.x, 100;\n\tst.global.u32 [x], %r1;'), '%tid.x', /%tid\.x is a special register, which PTX reads only with mov or cvt \(ptxas refuses it as an operand of add\.u32\)/, '--assert', 'x == 100');
  const ok = ptxmm('kernel', S.write('sreg2.ptx', module('.global .align 4 .u32 x;', '', '\tmov.u32 %r2, %tid.x;\n\tadd.u32 %r1, %r2, 100;\n\tst.global.u32 [x], %r1;')), '--assert', 'x == 100');
  assert.is(ok.code, 0, ok.out + ok.err);
});

test('an instruction ptxmm does not model is refused where it stands', () => {
  refuses('ex2.ptx', module('', '', '\tmov.u32 %r1, 1;\n\tex2.approx.f32 %r2, %r1;'), 'ex2', /ex2\.approx\.f32 is PTX that ptxmm does not model: floating-point arithmetic/, '--assert', '1 == 1');
  // A variable named in an access of another state space, as ptxas refuses it.
  refuses('space.ptx', module('.global .align 4 .u32 x;', '', '\tld.shared.u32 %r1, [x];'), 'x];', /a \.shared access to x, a \.global variable: the state spaces differ/, '--assert', 'x == 0');
  // A cache operator is a hint on a weak access only (as ptxas has it).
  refuses('lu.ptx', module('.global .align 4 .u32 x;', '', '\tld.relaxed.gpu.global.lu.u32 %r1, [x];'), 'lu.u32', /'\.lu' \(a cache operator\) goes with a weak access only, not \.relaxed/, '--assert', 'x == 0');
  refuses('vec.ptx', module('.global .align 8 .u32 x[2];', '', '\tld.acquire.gpu.global.v2.u32 {%r1, %r2}, [x];'), 'v2', /vector access \(\.v2\): a \.acquire vector is not modelled/, '--assert', 'x[0] == 0');
  // Element registers as wide as the elements (ptxas: "Incompatible elements of vector expression"); a scalar st takes a wider source.
  refuses('vecw.ptx', module('.global .align 8 .u32 x[2];', '', '\tmov.b32 %r1, 1;\n\tmov.b64 %rd1, 2;\n\tst.global.v2.u32 [x], {%r1, %rd1};'), 'v2', /vector access \(\.v2\): %rd1 is a 64-bit register, and the elements are 32 bits/, '--assert', 'x[0] == 1');
  refuses('sink.ptx', module('.global .align 16 .u32 x[4];', '', '\tld.global.v4.u32 {%r1, _, %r3, %r4}, [x];'), 'v4', /an element left out \(_\) is not modelled/, '--assert', 'x[0] == 0');
  refuses('vecf.ptx', module('.global .align 8 .u32 x[2];', '', '\tld.global.v2.f16 {%r1, %r2}, [x];'), 'v2', /an element type \(\.u32, \.b64, \.f32, \.\.\.\) is needed: of floating-point types, \.f32 and \.f64 data is carried/, '--assert', 'x[0] == 0');
  // A generic pointer to local memory (what nvcc -G writes for its stack) is not modelled; .local accesses are.
  refuses('cvtaparam.ptx', module('', '', '\tmov.u64 %rd1, 0;\n\tcvta.param.u64 %rd2, %rd1;'), 'param.u64', /cvta takes \.global, \.shared, \.local or \.const, not \.param/, '--assert', '1 == 1');
  refuses('float.ptx', module('.global .align 4 .f16 f;', '', '\tmov.u64 %rd1, f;'), '.f16', /floating-point data \(\.f16\) is not modelled/, '--assert', '1 == 1');
  refuses('clock.ptx', module('', '', '\tmov.u32 %r1, %clock;'), '%clock', /the special register %clock is not modelled: time is not modelled/, '--assert', '1 == 1');
  refuses('semi.ptx', module('', '', '\tmov.u32 %r1, 1\n\tbra.uni $L;\n$L:'), 'bra.uni', /unexpected/, '--assert', '1 == 1');
  // Warp-level operations not modelled, by name, whatever their operands (elect.sync's `%r|%p`).
  refuses('elect.ptx', module('', '', '\t@%p1 elect.sync %r2|%p2, -1;'), 'elect', /elect\.sync \(elect\.sync, cooperative groups' elect\) is a warp-level operation, which is not modelled/, '--assert', '1 == 1');
  refuses('active.ptx', module('', '', '\tactivemask.b32 %r2;'), 'activemask', /^.*: activemask \(__activemask\) is a warp-level/, '--assert', '1 == 1');
  // A floating-point computation ptxmm lacks names its type and what it is, not an unknown qualifier.
  refuses('fdiv.ptx', module('.global .align 4 .u32 x;', '', '\tdiv.full.f32 %r1, %r2, %r3;'), 'full', /div\.full is not modelled: the ISA bounds its error/, '--assert', '1 == 1');
  // A mul and an add ptxas may fuse into one fma (nvcc's default output can have them) in a shape
  // ptxmm does not model (the mul in another block): refused at the add.
  refuses('fuse.ptx', module('.global .align 4 .f32 x;', '', '\tmul.f32 %r1, %r2, %r3;\n$L:\n\tadd.f32 %r4, %r1, %r2;'), 'add.f32 %r4', /add\.f32 %r4, %r1, %r2: ptxas may fuse it with a mul into one fma .* here the mul \(line \d+\) is in another block/, '--assert', '1 == 1');
});

test('a 0f (0d) literal is the bits of a .b32 (.b64) operand or variable, as ptxas reads it; elsewhere it is refused', () => {
  // mov.b32 of a 0f literal is how nvcc moves a float constant through integer registers.
  const text = module('.global .align 4 .b32 x = 0f40000000;\n.global .align 4 .u32 out;', '', '\tld.global.u32 %r1, [x];\n\tmov.b32 %r2, 0f3F800000;\n\tadd.u32 %r3, %r1, %r2;\n\tst.global.u32 [out], %r3;');
  const r = ptxmm('kernel', S.write('hexf.ptx', text), '--assert', `out == ${0x40000000 + 0x3f800000}`);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /holds/);
  refuses('hexu.ptx', module('.global .align 4 .u32 x = 0f40000000;', '', ''), '0f40000000', /floating-point literal '0f40000000' for a \.u32 variable: a \.f32 or \.f64 variable takes one/, '--assert', '1 == 1');
  refuses('hexop.ptx', module('.global .align 4 .u32 x;', '', '\tst.global.u32 [x], 0f3F800000;'), '0f3F800000', /floating-point literal '0f3F800000' in a \.u32 operand/, '--assert', '1 == 1');
  refuses('dec.ptx', module('.global .align 4 .u32 x;', '', '\tst.global.b32 [x], 1.5;'), '1.5', /floating-point literal '1\.5': a decimal floating-point literal stands only in a \.f32 or \.f64 operand/, '--assert', '1 == 1');
});

test('an assertion compares a C int that nvcc declared .u32 with a negative constant by its bits; other readings stay refused', () => {
  // `__device__ int out[2]; out[1] = -2;` as nvcc writes it: a .b8 array of 32-bit words, stored .u32.
  const text = module('.global .align 4 .b8 out[8];', '', '\tmov.u32 %r1, -2;\n\tst.global.u32 [out+4], %r1;');
  const f = S.write('neg.ptx', text);
  const holds = ptxmm('kernel', f, '--assert', 'out[1] == -2', '--assert', 'out[1] == 4294967294', '--assert', 'out[0] != -1');
  assert.is(holds.code, 0, holds.out + holds.err);
  assert.match(holds.out, /Assert out\[1\] == 4294967294 \/\\ out\[1\] == 4294967294 \/\\ out\[0\] != 4294967295: holds/);
  const fails = ptxmm('kernel', f, '--assert', 'out[1] == -3');
  assert.is(fails.code, 1, fails.out + fails.err);
  // Only == and != read the constant as bits: an order on an unsigned value is the typo it was.
  const order = ptxmm('kernel', f, '--assert', 'out[1] < -2');
  assert.is(order.code, 2);
  assert.match(order.err, /--assert 1:1:10: -2 is not a value of out\[1\], an unsigned 32-bit value/);
  const wide = ptxmm('kernel', f, '--assert', 'out[1] == -2147483649');
  assert.is(wide.code, 2);
  assert.match(wide.err, /-2147483649 is not a value of out\[1\]/);
});

test('--global gives an array one value per element: fewer zeroed the rest, over the module\'s initialiser', () => {
  const text = module('.global .align 4 .u32 c[3] = {1, 2, 3};', '', '\tld.global.u32 %r1, [c+8];\n\tst.global.u32 [c], %r1;');
  const f = S.write('partial.ptx', text);
  assert.is(ptxmm('kernel', f, '--assert', 'c[0] == 3').code, 0);
  assert.is(ptxmm('kernel', f, '--global', 'c=7,8,9', '--assert', 'c[0] == 9').code, 0);
  for (const v of ['7,8', '7']) {
    const r = ptxmm('kernel', f, '--global', `c=${v}`, '--assert', 'c[0] == 3');
    assert.is(r.code, 2, r.out + r.err);
    assert.match(r.err, /c has 3 elements, and the launch gives it \d initial values? \(--global, or a spec's "globals"\): give one per element/);
  }
});

test('an initial value or parameter past its width is refused (it was cut to its low bits)', () => {
  const text = module('.global .align 4 .u32 x;', '.param .u32 k_param_0', '\tld.param.u32 %r1, [k_param_0];\n\tst.global.u32 [x], %r1;');
  const f = S.write('wide.ptx', text);
  assert.is(ptxmm('kernel', f, '--param', '7', '--global', 'x=-1', '--assert', 'x == 7').code, 0);
  const g = ptxmm('kernel', f, '--param', '7', '--global', 'x=4294967296', '--assert', 'x == 7');
  assert.is(g.code, 2, g.out + g.err);
  assert.match(g.err, /the initial value 4294967296 of x does not fit its 32 bits/);
  const p = ptxmm('kernel', f, '--param', '4294967303', '--assert', 'x == 7');
  assert.is(p.code, 2, p.out + p.err);
  assert.match(p.err, /parameter 0 \(k_param_0\) is a \.u32: 4294967303 does not fit its 32 bits/);
  assert.not.match(g.err + p.err, /\n\s+at /, 'no stack trace');
  // A .b8 array's initialiser is bytes: each must be one (300 was masked to 0x2c inside a word).
  refuses('bytes.ptx', module('.global .align 4 .b8 arr[4] = {1, 2, 3, 300};', '', '\tld.global.u32 %r1, [arr];'), '.global .align 4 .b8 arr', /the initial value 300 of arr does not fit a byte \(-128 \.\. 255/, '--assert', 'arr[0] == 0');
});

test('bar.warp.sync (__syncwarp) orders memory among the threads of one warp, not across warps', () => {
  // Thread 0 writes data, every thread passes __syncwarp, then thread `reader` copies data to out.
  const handoff = (sync: string, reader: number): string => module('.global .align 4 .u32 data;\n.global .align 4 .u32 out;', '',
    `\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $A;\n\tst.global.u32 [data], 7;\n$A:\n\t${sync}\n\tsetp.ne.u32 %p2, %r1, ${reader};\n\t@%p2 bra $E;\n\tld.global.u32 %r2, [data];\n\tst.global.u32 [out], %r2;\n$E:`);
  const run = (text: string, block: string, ...props: string[]): ReturnType<typeof ptxmm> => ptxmm('kernel', S.write('warp.ptx', text), '--block', block, ...props);
  let r = run(handoff('bar.warp.sync -1;', 1), '2', '--assert', 'out == 7', '--races');
  assert.is(r.code, 0, r.out);
  assert.match(r.out, /Assert out == 7: holds/);
  assert.match(r.out, /Data races: holds/);
  // Without it, the same threads race.
  r = run(handoff('', 1), '2', '--races');
  assert.is(r.code, 1, r.out);
  assert.match(r.out, /Data races: FAILS/);
  // Thread 32 is in the block's second warp: the first warp's barrier does not order it.
  r = run(handoff('bar.warp.sync -1;', 32), '33', '--races');
  assert.is(r.code, 1, r.out);
  assert.match(r.out, /race P0: st\.weak\.global\.u32 \[data\], 7  ~  P32: ld\.weak\.global\.u32 %r2, \[data\]/);
  // A mask that leaves out the thread's own lane is undefined, and refused where it stands.
  const bad = handoff('bar.warp.sync 1;', 1);
  refuses('warpmask.ptx', bad, 'bar.warp.sync 1', /bar\.warp\.sync 1: lane 1 \(P1\) is not in the mask 0x1, which the ISA leaves undefined/, '--block', '2', '--races');
});

test('a vector access is its elements\' scalar accesses (ISA 8.2.2), each at its own address', () => {
  // Thread 0 stores a pair and raises a flag; thread 1 waits for the flag and copies the pair.
  const mp = (fence: string): string => module('.global .align 8 .u32 d[4];\n.global .align 4 .u32 flag;', '',
    `\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $W;\n\tmov.u32 %r2, 5;\n\tmov.u32 %r3, 6;\n\tst.global.v2.u32 [d], {%r2, %r3};\n${fence}\tst.volatile.global.u32 [flag], 1;\n\tbra $E;\n$W:\n\tld.volatile.global.u32 %r4, [flag];\n\tsetp.eq.u32 %p2, %r4, 0;\n\t@%p2 bra $W;\n${fence}\tld.global.v2.u32 {%r5, %r6}, [d];\n\tst.global.v2.u32 [d+8], {%r6, %r5};\n$E:`);
  let r = ptxmm('kernel', S.write('vec.ptx', mp('\tmembar.gl;\n')), '--block', '2', '--assert', 'd[0] == 5 /\\ d[1] == 6 /\\ d[2] == 6 /\\ d[3] == 5', '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
  // Without the fences the elements are read apart: one of them may be the old value (a torn read).
  r = ptxmm('kernel', S.write('vec.ptx', mp('')), '--block', '2', '--assert', '~(d[2] == 0 /\\ d[3] == 5)', '--races');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /Assert ~\(d\[2\] == 0 \/\\ d\[3\] == 5\): FAILS/);
  assert.match(r.out, /race P0: st\.weak\.global\.u32 \[d\[1\]\], %r3  ~  P1: ld\.weak\.global\.u32 %r6, \[d\[1\]\]/);
});

test('packed movs: registers packed into one and one split into several, element 0 in the low bits', () => {
  const text = module('.global .align 2 .u16 x[2] = {4660, 65244};\n.global .align 8 .u64 y = 1234605616436508552;\n.global .align 4 .u32 o[5];\n.global .align 2 .u16 h[2];', '',
    '\t.reg .b8 %b<4>;\n\t.reg .b16 %rs<8>;\n'
    + '\tld.global.u16 %rs1, [x];\n\tld.global.u16 %rs2, [x+2];\n\tmov.b32 %r1, {%rs1, %rs2};\n\tst.global.u32 [o], %r1;\n' // 0xfedc1234
    + '\tld.global.u64 %rd1, [y];\n\tmov.b64 {%r2, %r3}, %rd1;\n\tst.global.u32 [o+4], %r2;\n' // 0x55667788 (y = 0x1122334455667788)
    + '\tmov.b64 {_, %r4}, %rd1;\n\tst.global.u32 [o+8], %r4;\n' // 0x11223344
    + '\tmov.b32 %r5, {1, 2, 0xff, -1};\n\tst.global.u32 [o+12], %r5;\n' // 0xffff0201
    + '\tmov.b32 {%rs3, %rs4}, %r1;\n\tadd.u16 %rs5, %rs3, %rs4;\n\tst.global.u16 [h], %rs5;\n' // 0x1234 + 0xfedc mod 2^16
    + '\tcvt.u8.u16 %b1, %rs1;\n\tcvt.u8.u16 %b2, %rs2;\n\tmov.b16 %rs6, {%b1, %b2};\n\tst.global.u16 [h+2], %rs6;\n' // 0xdc34
    + '\tmov.u32 %r6, 0;\n\tsetp.ne.u32 %p1, %r6, 0;\n\t@%p1 mov.b32 %r6, {%rs3, %rs4};\n\tst.global.u32 [o+16], %r6;'); // the guard is false: o[4] stays 0
  const f = S.write('pack.ptx', text);
  const values = 'o[0] == 4275835444 /\\ o[1] == 1432778632 /\\ o[2] == 287454020 /\\ o[3] == 4294902273 /\\ o[4] == 0 /\\ h[0] == 4368 /\\ h[1] == 56372';
  let r = ptxmm('kernel', f, '--assert', values);
  assert.is(r.code, 0, r.out + r.err);
  // The elements the other way round give another value: the assertion can fail.
  r = ptxmm('kernel', S.write('pack2.ptx', text.replace('mov.b32 %r1, {%rs1, %rs2}', 'mov.b32 %r1, {%rs2, %rs1}')), '--assert', values);
  assert.is(r.code, 1, r.out + r.err);
  // What the ISA leaves unspecified, or a register of the wrong width, is refused where it stands.
  const one = (line: string): string => module('', '', `\t.reg .b16 %rs<4>;\n\t${line}`);
  refuses('twice.ptx', one('mov.b32 {%rs1, %rs1}, %r1;'), '{%rs1, %rs1}', /packed mov: the same register twice: which element it ends with is unspecified/, '--assert', '1 == 1');
  refuses('sink.ptx', one('mov.b32 %r1, {%rs1, _};'), '{%rs1, _}', /packed mov: an element left out \(_\) leaves its bits unspecified/, '--assert', '1 == 1');
  refuses('width.ptx', one('mov.b32 %r1, {%r2, %r3};'), '{%r2', /packed mov: %r2 is \.b32, but an element of \.b32 with 2 elements needs a 16-bit register/, '--assert', '1 == 1');
  refuses('big.ptx', one('mov.b32 %r1, {70000, 1};'), '{70000', /packed mov: 70000 does not fit 16 bits/, '--assert', '1 == 1');
  // A vector operand of another instruction is still refused by name.
  refuses('tex.ptx', one('prmt.b32 %r1, {%rs1, %rs2}, %r2, 0;'), '{%rs1', /a vector operand \(\{\.\.\.\}\) of prmt\.b32 is not modelled/, '--assert', '1 == 1');
});

test('.local memory is each thread\'s own: a copy per thread, out of reach of the others', () => {
  // Each thread writes tid and tid + 100 to its local buf, then copies buf[k] (k read from memory) to out[tid].
  const text = module('.global .align 4 .u32 k;\n.global .align 4 .u32 out[2];', '',
    '\t.local .align 4 .b8 buf[8];\n\tmov.u32 %r1, %tid.x;\n\tmov.u64 %rd1, buf;\n\tst.local.u32 [%rd1], %r1;\n\tadd.u32 %r2, %r1, 100;\n\tst.local.u32 [%rd1+4], %r2;\n'
    + '\tld.global.u32 %r3, [k];\n\tmul.wide.u32 %rd2, %r3, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tld.local.u32 %r4, [%rd3];\n\tmov.u64 %rd4, out;\n\tmul.wide.u32 %rd5, %r1, 4;\n\tadd.s64 %rd6, %rd4, %rd5;\n\tst.global.u32 [%rd6], %r4;');
  const f = S.write('local.ptx', text);
  let r = ptxmm('kernel', f, '--block', '2', '--global', 'k=1', '--assert', 'out[0] == 100 /\\ out[1] == 101', '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
  // The index that takes thread 0 to thread 1's copy is refused, not read from thread 1's memory.
  const mem = instantiate(readModule(text, f), { grid: { x: 1, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [] }).memory;
  const at = (name: string): number => mem.find((o) => o.name === name)!.address;
  assert.ok(at('buf.P1') > at('buf.P0'));
  r = ptxmm('kernel', f, '--block', '2', '--global', `k=${(at('buf.P1') - at('buf.P0')) / 4}`, '--assert', 'out[0] == 100');
  assert.is(r.code, 2, r.out + r.err);
  assert.match(r.err, /ld\.weak\.local\.u32 %r4, \[%rd3\]: in some execution the address is buf\.P1\[0\], which this access cannot reach \(another thread's \.local/);
});

test('bar.red takes the forms ptxas does; a thread count (b) is refused where it stands', () => {
  refuses('redtype.ptx', module('', '', '\tbar.red.popc.pred %p1, 0, %p2;'), 'pred %p1', /bar\.red\.popc needs \.u32/, '--assert', '1 == 1');
  refuses('redcount.ptx', module('', '', '\tbar.red.or.pred %p1, 0, 64, %p2;'), '64, %p2', /a thread count \(b\) in bar\.red is not modelled/, '--assert', '1 == 1');
  refuses('redaligned.ptx', module('', '', '\tbar.red.aligned.or.pred %p1, 0, %p2;'), 'aligned', /'\.aligned' is only for barrier/, '--assert', '1 == 1');
});

test('a register or label declared in a nested block is that block\'s own, hiding the function\'s of that name', () => {
  // nvcc wraps intrinsics in `{ .reg .pred %p1; ... }`: the outer %r1 keeps its 5 across the block.
  const inner = (decl: string): string => module('.global .align 4 .u32 out[2];', '',
    `\tmov.u32 %r1, 5;\n\t{\n${decl}\t.reg .pred %p<2>;\n\tmov.u32 %r1, 7;\n\tsetp.eq.u32 %p1, %r1, 7;\n\t@%p1 st.global.u32 [out+4], %r1;\n\t}\n\tst.global.u32 [out], %r1;`);
  let r = ptxmm('kernel', S.write('scope.ptx', inner('\t.reg .b32 %r1;\n')), '--assert', 'out[0] == 5 /\\ out[1] == 7');
  assert.is(r.code, 0, r.out + r.err);
  // Without the block's own %r1, the block writes the function's.
  r = ptxmm('kernel', S.write('noscope.ptx', inner('')), '--assert', 'out[0] == 5 /\\ out[1] == 7');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /ends in out\[0\]=7;/);
  // Two blocks each with its own LOOP (ptxas takes it): each branch goes round its own block's.
  const loops = module('.global .align 4 .u32 out;', '', '\tmov.u32 %r1, 0;\n'
    + '\t{\n\t.reg .pred %q;\nLOOP:\n\tadd.u32 %r1, %r1, 1;\n\tsetp.lt.u32 %q, %r1, 2;\n\t@%q bra LOOP;\n\t}\n'
    + '\t{\n\t.reg .pred %q;\n\tbra LOOP;\n\tmov.u32 %r1, 100;\nLOOP:\n\tadd.u32 %r1, %r1, 10;\n\tsetp.lt.u32 %q, %r1, 30;\n\t@%q bra LOOP;\n\t}\n\tst.global.u32 [out], %r1;');
  r = ptxmm('kernel', S.write('labels.ptx', loops), '--bound', '4', '--assert', 'out == 32');
  assert.is(r.code, 0, r.out + r.err);
});

test('generic pointers to .local and .shared memory (cvta.local, cvta.shared: what nvcc -G writes) reach the thread\'s own copies', () => {
  // Each thread stores tid + 1 through a generic pointer to its stack and tid + 10 through one
  // to its CTA's shared slot, and copies both back to out[2 * tid] and out[2 * tid + 1].
  const text = module('.global .align 4 .u32 out[4];', '',
    '\t.local .align 4 .b8 stack[4];\n\t.shared .align 4 .b8 s[8];\n\tmov.u32 %r1, %tid.x;\n\tmov.u64 %rd1, stack;\n\tcvta.local.u64 %rd2, %rd1;\n'
    + '\tadd.u32 %r2, %r1, 1;\n\tst.u32 [%rd2], %r2;\n\tmov.u32 %r3, s;\n\tcvt.u64.u32 %rd3, %r3;\n\tcvta.shared.u64 %rd4, %rd3;\n\tmul.wide.u32 %rd5, %r1, 4;\n\tadd.s64 %rd6, %rd4, %rd5;\n'
    + '\tadd.u32 %r4, %r1, 10;\n\tst.u32 [%rd6], %r4;\n\tld.u32 %r5, [%rd2];\n\tld.u32 %r6, [%rd6];\n\tmov.u64 %rd7, out;\n\tmul.wide.u32 %rd8, %r1, 8;\n\tadd.s64 %rd9, %rd7, %rd8;\n'
    + '\tst.global.u32 [%rd9], %r5;\n\tst.global.u32 [%rd9+4], %r6;');
  const f = S.write('cvta.ptx', text);
  let r = ptxmm('kernel', f, '--block', '2', '--assert', 'out[0] == 1 /\\ out[1] == 10 /\\ out[2] == 2 /\\ out[3] == 11', '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
  r = ptxmm('kernel', f, '--block', '2', '--assert', 'out[2] == 1');
  assert.is(r.code, 1, r.out + r.err);
});

test('integer literals as PTX reads them, in instructions, initialisers and offsets: 010 is 8', () => {
  const text = module('.global .align 4 .u32 out[4] = {0, 0, 0, 012};', '',
    '\tmov.u32 %r1, 010;\n\tst.global.u32 [out], %r1;\n\tmov.u32 %r2, 0b101;\n\tst.global.u32 [out+4], %r2;\n\tmov.u32 %r3, 0x10U;\n\tst.global.u32 [out+010], %r3;');
  const r = ptxmm('kernel', S.write('octal.ptx', text), '--assert', 'out[0] == 8 /\\ out[1] == 5 /\\ out[2] == 16 /\\ out[3] == 10');
  assert.is(r.code, 0, r.out + r.err);
});

test('.local accesses of several widths: the elements of the depot are as wide as the narrowest, wider accesses split into them', () => {
  // Bytes 0..7 of the depot: 01 02 03 04 (a word), fe ff (a short), 01 00 (a short); read back a
  // byte at an index from memory, a signed short, and the whole as a u64 into its own address register.
  const text = module('.global .align 8 .u64 o64;\n.global .align 4 .u32 o[2];\n.global .align 4 .u32 k;', '',
    '\t.local .align 8 .b8 d[8];\n\t.reg .b16 %rs<4>;\n\tmov.u64 %rd1, d;\n\tmov.u32 %r1, 67305985;\n\tst.local.u32 [%rd1], %r1;\n'
    + '\tmov.u16 %rs1, 65534;\n\tst.local.u16 [%rd1+4], %rs1;\n\tmov.u16 %rs2, 1;\n\tst.local.u16 [%rd1+6], %rs2;\n'
    + '\tld.global.u32 %r2, [k];\n\tcvt.u64.u32 %rd2, %r2;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tld.local.u8 %rs3, [%rd3];\n\tcvt.u32.u16 %r3, %rs3;\n\tst.global.u32 [o], %r3;\n'
    + '\tld.local.s16 %r4, [%rd1+4];\n\tst.global.u32 [o+4], %r4;\n\tld.local.u64 %rd1, [%rd1];\n\tst.global.u64 [o64], %rd1;');
  const f = S.write('mixedlocal.ptx', text);
  const mem = instantiate(readModule(text, f), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] }).memory;
  assert.equal(mem.filter((o) => o.space === 'local').map((o) => [o.type, o.count]), [['u8', 8]]);
  // 0x0001fffe04030201; -2 sign-extended to 32 bits.
  const want = (byte: number): string => `o[0] == ${byte} /\\ o[1] == 4294967294 /\\ o64 == 562941430792705`;
  let r = ptxmm('kernel', f, '--global', 'k=2', '--assert', want(3), '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
  r = ptxmm('kernel', f, '--global', 'k=5', '--assert', want(3));
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /ends in o\[0\]=255;/);
});

test('-G reaches its stack by generic accesses at the stack pointer plus an index register: those count for the depot\'s elements too', () => {
  // int a[2]; a[k] = 0x0102; then the byte at &a[k] (nvcc -G: `add.u64 %rd4, %SP, 0; add.s64 %rd5, %rd4, %rd3`).
  // The index-register addresses were not followed: the depot's elements were words, and the byte load refused.
  const text = module('.global .align 4 .u32 o[1];\n.global .align 4 .u32 k;', '',
    '\t.local .align 4 .b8 d[8];\n\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n\t.reg .b16 %rs<2>;\n\tmov.u64 %SPL, d;\n\tcvta.local.u64 %SP, %SPL;\n'
    + '\tld.global.u32 %r2, [k];\n\tcvt.u64.u32 %rd2, %r2;\n\tshl.b64 %rd3, %rd2, 2;\n\tadd.u64 %rd4, %SP, 0;\n\tadd.s64 %rd5, %rd4, %rd3;\n'
    + '\tmov.u32 %r1, 258;\n\tst.u32 [%rd5], %r1;\n\tld.u8 %rs1, [%rd5];\n\tcvt.u32.u16 %r3, %rs1;\n\tst.global.u32 [o], %r3;');
  const f = S.write('stackindex.ptx', text);
  const mem = instantiate(readModule(text, f), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] }).memory;
  assert.equal(mem.filter((o) => o.space === 'local').map((o) => [o.type, o.count]), [['u8', 8]]);
  const r = ptxmm('kernel', f, '--global', 'k=1', '--assert', 'o[0] == 2');
  assert.is(r.code, 0, r.out + r.err);
});

test('a generic access whose address is known to be in one state space counts for that space\'s element widths only', () => {
  // extern __shared__ unsigned short buf[] as -G writes it: generic 16-bit accesses through
  // cvta.shared, beside a generic 32-bit store to the pointer parameter's buffer (global). The
  // store counted for .shared too, and the shared array's elements became words.
  const text = module('.extern .shared .align 16 .b8 buf[];', '.param .u64 p',
    '\t.reg .b16 %rs<3>;\n\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tadd.s32 %r2, %r1, 65520;\n\tcvt.u16.u32 %rs1, %r2;\n'
    + '\tmov.u32 %r3, buf;\n\tcvt.u64.u32 %rd9, %r3;\n\tcvta.shared.u64 %rd2, %rd9;\n\tcvt.s64.s32 %rd3, %r1;\n\tshl.b64 %rd4, %rd3, 1;\n\tadd.s64 %rd5, %rd2, %rd4;\n'
    + '\tst.u16 [%rd5], %rs1;\n\tbar.sync 0;\n\tld.u16 %rs2, [%rd5];\n\tcvt.u32.u16 %r4, %rs2;\n\tshl.b64 %rd6, %rd3, 2;\n\tadd.s64 %rd7, %rd1, %rd6;\n\tst.u32 [%rd7], %r4;');
  const f = S.write('genericspace.ptx', text);
  const r = ptxmm('kernel', f, '--block', '2', '--dynamic-shared', '4', '--param', 'out:u32[2]', '--assert', 'out[0] == 65520 /\\ out[1] == 65521', '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
});

test('nanosleep (__nanosleep) is read, and a kernel with it answers as without it', () => {
  const spin = (sleep: string): string => module('.global .align 4 .u32 flag;\n.global .align 4 .u32 data;', '',
    `\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $W;\n\tst.global.u32 [data], 7;\n\tst.release.gpu.global.u32 [flag], 1;\n\tbra $E;\n$W:\n${sleep}\tld.acquire.gpu.global.u32 %r2, [flag];\n\tsetp.eq.u32 %p2, %r2, 0;\n\t@%p2 bra $W;\n\tld.global.u32 %r3, [data];\n\tst.global.u32 [data], %r3;\n$E:`);
  for (const sleep of ['', '\tnanosleep.u32 32;\n', '\tmov.u32 %r4, 100;\n\tnanosleep.u32 %r4;\n']) {
    const f = S.write('sleep.ptx', spin(sleep));
    const r = ptxmm('kernel', f, '--block', '2', '--assert', 'data == 7', '--races', '--liveness');
    assert.is(r.code, 0, `${sleep}: ${r.out}${r.err}`);
    assert.match(r.out, /Assert data == 7: holds/);
    assert.match(r.out, /Data races: holds/);
    assert.match(r.out, /Liveness: holds/);
  }
});

test('addresses that reach no element (in some execution) are refused at the access', () => {
  // The address comes from memory, and p holds 0 (a null pointer) in every execution.
  const loaded = module('.global .align 8 .u64 p;\n.global .align 4 .u32 x;', '', '\tld.global.u64 %rd1, [p];\n\tld.global.u32 %r1, [%rd1];');
  refuses('loaded.ptx', loaded, 'ld.global.u32', /in some execution the address is 0x0 \(a null pointer\), which is no location's \(out of bounds/, '--assert', 'x == 0');
  // Past the end of a 2-element buffer: thread 2 of a block of 3.
  const past = module('', '.param .u64 out', '\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd2, %rd3;\n\tst.global.u32 [%rd4], %r1;');
  refuses('past.ptx', past, 'st.global', /no location's \(out of bounds/, '--block', '3', '--param', 'out:u32[2]', '--assert', 'out[0] == 0');
  // A 64-bit access to 32-bit elements that a thread writes.
  refuses('mixed.ptx', module('.global .align 8 .u32 a[2];', '', '\tld.global.u64 %rd1, [a];\n\tst.global.u32 [a+4], 1;'), 'ld.global', /mixed-size.*and a\[1\] is written by P0:st\.weak\.global\.u32 \[a\[1\]\], 1 \(line 11\)/, '--assert', 'a[0] == 0');
  // A static offset that is not an element.
  refuses('inside.ptx', module('.global .align 4 .u32 a[2];', '', '\tld.global.u32 %r1, [a+2];'), 'ld.global', /not an element of a/, '--assert', 'a[0] == 0');
});

test('a statement ptxmm does not model refuses only the launches that run it', () => {
  // One module, three kernels: one plain, one with an instruction the model has no meaning for,
  // one calling a device function that has one. Each refusal stands at its own statement.
  const head = '.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 x;\n';
  const helper = '.func (.param .b32 ret0) low(.param .b32 a0)\n{\n\t.reg .b32 %r<3>;\n\tld.param.u32 %r1, [a0];\n\tfns.b32 %r2, %r1, 0, 1;\n\tst.param.b32 [ret0], %r2;\n\tret;\n}\n';
  const good = '.visible .entry good()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, 7;\n\tst.global.u32 [x], %r1;\n\tret;\n}\n';
  const bad = '.visible .entry bad()\n{\n\t.reg .b32 %r<3>;\n\tactivemask.b32 %r1;\n\tmov.u32 %r1, 7;\n\tfns.b32 %r2, %r1, 0, 1;\n\tst.global.u32 [x], %r2;\n\tret;\n}\n';
  const calls = '.visible .entry calls()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, 8;\n\t{\n\t.param .b32 p0;\n\tst.param.b32 [p0+0], %r1;\n\t.param .b32 r0;\n'
    + '\tcall.uni (r0), low, (p0);\n\tld.param.b32 %r2, [r0+0];\n\t}\n\tst.global.u32 [x], %r2;\n\tret;\n}\n';
  // A directive ptxmm does not read inside a function (a switch's jump table) is such a statement too.
  const table = '.visible .entry table(.param .u32 a)\n{\n\t.reg .b32 %r<2>;\n\tld.param.u32 %r1, [a];\nts: .branchtargets L0, L1;\n\tbrx.idx %r1, ts;\nL0:\nL1:\n\tret;\n}\n';
  // libcu++'s indirect call at -G (a function-local .callprototype): named as such.
  const proto = '.visible .entry proto()\n{\n\t.reg .b32 %r<2>;\n\tprototype_1 : .callprototype (.param .b32 _) _ (.param .b64 _);\n\tmov.u32 %r1, 7;\n\tst.global.u32 [x], %r1;\n\tret;\n}\n';
  const text = head + helper + good + bad + calls + table + proto;
  const f = S.write('some.ptx', text);
  const ok = ptxmm('kernel', f, '--entry', 'good', '--assert', 'x == 7');
  assert.is(ok.code, 0, ok.out + ok.err);
  assert.match(ok.out, /holds/);
  // The first statement refused in the function is the one named (activemask before fns).
  refuses('some.ptx', text, 'activemask', /activemask \(__activemask\) is a warp-level operation/, '--entry', 'bad', '--assert', 'x == 7');
  refuses('some.ptx', text, 'fns.b32', /fns\.b32 is PTX that ptxmm does not model: finding the n-th set bit \(fns: __fns\)/, '--entry', 'calls', '--assert', 'x == 1');
  refuses('some.ptx', text, '.branchtargets', /the directive '\.branchtargets' is not supported inside a function/, '--entry', 'table', '--param', '0', '--assert', 'x == 1');
  refuses('some.ptx', text, '.callprototype', /the function makes an indirect call \(its '\.callprototype'\), which is not modelled: nvcc writes one for libcu\+\+'s atomics/, '--entry', 'proto', '--assert', 'x == 7');
});

test('div and rem by a parameter: C\'s / and % (towards zero); by a zero parameter, refused at the instruction', () => {
  const text = module('.global .align 4 .s32 x = -23;\n.global .align 4 .s32 y;', '.param .u32 n',
    '\tld.param.u32 %r1, [n];\n\tld.global.s32 %r2, [x];\n\tdiv.s32 %r3, %r2, %r1;\n\trem.s32 %r4, %r2, %r1;\n\tst.global.s32 [x], %r3;\n\tst.global.s32 [y], %r4;');
  const f = S.write('div.ptx', text);
  const ok = ptxmm('kernel', f, '--param', '3', '--assert', 'x == -7 /\\ y == -2');
  assert.is(ok.code, 0, ok.out + ok.err);
  refuses('div.ptx', text, 'div.s32', /division by zero, whose value PTX leaves unspecified/, '--param', '0', '--assert', 'x == 0');
});

test('div by a value read from memory (out[i] = a[i] / b[i]): exact where no divisor can be zero, any value where one can', () => {
  // As nvcc writes it, each thread its own element.
  const text = module('', '.param .u64 out, .param .u64 a, .param .u64 b',
    '\tld.param.u64 %rd1, [out];\n\tld.param.u64 %rd2, [a];\n\tld.param.u64 %rd3, [b];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd4, %r1, 4;\n'
    + '\tadd.s64 %rd5, %rd2, %rd4;\n\tld.global.u32 %r2, [%rd5];\n\tadd.s64 %rd6, %rd3, %rd4;\n\tld.global.u32 %r3, [%rd6];\n\tdiv.u32 %r4, %r2, %r3;\n'
    + '\tadd.s64 %rd7, %rd1, %rd4;\n\tst.global.u32 [%rd7], %r4;');
  const f = S.write('divmem.ptx', text);
  const args = ['--block', '2', '--param', 'out:u32[2]', '--param', 'a:u32[2]=7,9'];
  const ok = ptxmm('kernel', f, ...args, '--param', 'b:u32[2]=2,3', '--assert', 'out[0] == 3 /\\ out[1] == 3');
  assert.is(ok.code, 0, ok.out + ok.err);
  assert.match(ok.out, /holds/);
  // b[0] is 0: 7 / 0 is any value, so the assertion fails, with the execution that divides by it.
  const zero = ptxmm('kernel', f, ...args, '--param', 'b:u32[2]=0,3', '--assert', 'out[0] == 3 /\\ out[1] == 3');
  assert.is(zero.code, 1, zero.out + zero.err);
  assert.match(zero.out, /FAILS: a consistent execution ends in out\[0\]=\d+; out\[1\]=3/);
  assert.match(zero.out, /R b\[0\]=0/);
});

test('ld into a wider register extends by the type: .s32 into %rd sign-extends, .u16 into %r zero-extends', () => {
  // nvcc writes `long long x = int_param;` as ld.param.s32 into a 64-bit register, then stores
  // it whole; ptxmm once kept the 32 bits and stored 4294967291 for -5.
  const text = module('.global .align 2 .u16 h = 65535;', '.param .u64 out, .param .u32 m, .param .u64 in',
    ['\tld.param.u64 %rd1, [out];', '\tld.param.s32 %rd2, [m];', '\tld.param.u64 %rd3, [in];', '\tcvta.to.global.u64 %rd4, %rd3;',
      '\tcvta.to.global.u64 %rd5, %rd1;', '\tst.global.u64 [%rd5], %rd2;', '\tld.volatile.global.s32 %rd6, [%rd4];', '\tst.global.u64 [%rd5+8], %rd6;',
      '\tld.global.u16 %r1, [h];', '\tadd.s32 %r2, %r1, 1;', '\tcvt.s64.s32 %rd7, %r2;', '\tst.global.u64 [%rd5+16], %rd7;'].join('\n'));
  const f = S.write('widen.ptx', text);
  const r = ptxmm('kernel', f, '--param', 'out:s64[3]', '--param', '-5', '--param', 'in:s32[1]=-7', '--assert', 'out[0] == -5 /\\ out[1] == -7 /\\ out[2] == 65536');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /holds/);
});

test('an array nvcc declares as bytes has elements as wide as its accesses: char, short and long long arrays', () => {
  // __device__ unsigned char g[3] = {1, 2, 3}; __device__ long long q[2]; __shared__ short s[4].
  const text = module('.global .align 1 .b8 g[3] = {1, 2, 3};\n.global .align 8 .b8 q[16];\n.global .align 4 .u32 out;', '',
    '\t.shared .align 2 .b8 s[8];\n\t.reg .b16 %rs<4>;\n\tld.global.u8 %rs1, [g+1];\n\tst.shared.u16 [s+2], %rs1;\n\tld.shared.u16 %rs2, [s+2];\n'
    + '\tcvt.u32.u16 %r1, %rs2;\n\tst.global.u32 [out], %r1;\n\tmov.u64 %rd1, 4294967298;\n\tst.global.u64 [q+8], %rd1;');
  const f = S.write('bytes.ptx', text);
  const inst = instantiate(readModule(text, f), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] });
  // Global accesses are 8, 32 and 64 bits wide: each array as its alignment says; shared ones all 16.
  assert.equal(inst.memory.map((o) => `${o.name}:${o.type}${o.count === null ? '' : `[${o.count}]`}`), ['g:u8[3]', 'q:b64[2]', 'out:u32', 's.cta0:b16[4]']);
  let r = ptxmm('kernel', f, '--assert', 'out == 2 /\\ g[2] == 3 /\\ q[1] == 4294967298 /\\ s.cta0[1] == 2');
  assert.is(r.code, 0, r.out + r.err);
  // (3 bytes were once taken as one word of initial values, and g[1] read 0.)
  r = ptxmm('kernel', f, '--assert', 'out == 0');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /ends in out=2/);
});

test('static offsets, byte arrays as words, initialisers, parameters, per-CTA shared memory', () => {
  const text = module(
    '.global .align 4 .b8 w[8] = {1, 0, 0, 0, 2, 1, 0, 0};\n.shared .align 4 .u32 s;',
    '.param .u64 out, .param .u32 n',
    [
      '\tld.param.u64 %rd1, [out];', '\tld.param.u32 %r9, [n];', '\tcvta.to.global.u64 %rd2, %rd1;',
      '\tmov.u32 %r1, %tid.x;', '\tmov.u32 %r2, %ctaid.x;', '\tmov.u32 %r3, %ntid.x;',
      '\tsetp.ne.s32 %p1, %r1, 0;', '\t@%p1 bra $L1;',
      // thread 0 of each CTA: its CTA's s = w[1] + ctaid + n
      '\tld.global.u32 %r4, [w+4];', '\tadd.s32 %r5, %r4, %r2;', '\tadd.s32 %r5, %r5, %r9;', '\tst.shared.u32 [s], %r5;',
      '$L1:', '\tbar.sync 0;',
      '\tld.shared.u32 %r6, [s];', '\tmad.lo.s32 %r7, %r2, %r3, %r1;', '\tmul.wide.u32 %rd3, %r7, 4;',
      '\tadd.s64 %rd4, %rd2, %rd3;', '\tst.global.u32 [%rd4], %r6;',
    ].join('\n'),
  );
  const mod = readModule(text, 'shared.ptx');
  const inst = instantiate(mod, { grid: { x: 2, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [{ buffer: 'out', type: 'u32', size: 4 }, { value: 10n }] });
  assert.equal(inst.memory.map((o) => `${o.name}:${o.type}${o.count === null ? '' : `[${o.count}]`}`), ['w:b32[2]', 'out:u32[4]', 's.cta0:u32', 's.cta1:u32']);
  assert.equal(inst.test.locations.filter((l) => l.name.startsWith('w')).map((l) => l.kind === 'value' && l.value), [1n, 258n]);
  assert.ok(new Set(inst.test.locations.map((l) => l.kind === 'value' && l.address)).size === inst.test.locations.length, 'each element its own address');
  assert.equal(inst.test.threads.map((t) => t.placement.cta), [0, 0, 1, 1]);
  const f = S.write('shared.ptx', text);
  // w[1] = 258, so CTA b's s is 268 + b: every thread of CTA b copies it after the barrier.
  const r = ptxmm('kernel', f, '--grid', '2', '--block', '2', '--param', 'out:u32[4]', '--param', '10',
    '--assert', 'out[0] == 268 /\\ out[1] == 268 /\\ out[2] == 269 /\\ out[3] == 269 /\\ s.cta1 == 269', '--races', '--barriers');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Assert .*: holds for grid 2, block 2, loop bound 2/);
  assert.match(r.out, /Data races: holds/);
  assert.match(r.out, /Barrier divergence: holds/);
  // Without the barrier, thread 1 may read s before thread 0 writes it.
  const racy = S.write('noshared-bar.ptx', text.replace('\tbar.sync 0;\n', ''));
  const q = ptxmm('kernel', racy, '--grid', '2', '--block', '2', '--param', 'out:u32[4]', '--param', '10', '--assert', 'out[1] == 268', '--races');
  assert.is(q.code, 1);
  assert.match(q.out, /FAILS: a consistent execution ends in out\[1\]=0/);
  assert.match(q.out, /race P0: st\.weak\.shared\.u32 \[s\.cta0\], %r5 {2}~ {2}P1: ld\.weak\.shared\.u32 %r6, \[s\.cta0\]/);
});

test('no execution finishing within the bound is no answer, not a vacuous "holds"', () => {
  // Thread 0 waits for a flag nobody sets: no execution ends, and the thread can spin forever.
  const spin = S.write('spin.ptx', module('.global .align 4 .u32 flag;', '', '$L:\n\tld.volatile.global.u32 %r1, [flag];\n\tsetp.eq.s32 %p1, %r1, 0;\n\t@%p1 bra $L;'));
  const r = ptxmm('kernel', spin, '--assert', 'flag == 7', '--races', '--liveness');
  assert.is(r.code, 1);
  assert.match(r.out, /Assert flag == 7: unknown: no execution of every thread finishes within loop bound 2/);
  // Only reads of flag: no pair of accesses could race, whatever runs.
  assert.match(r.out, /Data races: holds/);
  assert.match(r.out, /Liveness: FAILS: P0 spins forever in the loop closed by @%p1 bra \$L \(line 13\)/);
});

test('ld.global.nc (__ldg, const __restrict__) reads through the texture path, and only what no thread writes', () => {
  const body = '\tmov.u32 %r1, %tid.x;\n\tmov.u64 %rd1, a;\n\tld.global.nc.u32 %r2, [%rd1];\n\tsetp.ne.s32 %p1, %r1, 0;\n\t@%p1 bra $L;\n\tst.global.u32 [b], %r2;\n$L:';
  const ok = S.write('nc-ok.ptx', module('.global .align 4 .u32 a = 5;\n.global .align 4 .u32 b;', '', body));
  const r = ptxmm('kernel', ok, '--block', '2', '--assert', 'b == 5', '--races');
  assert.is(r.code, 0, r.out + r.err);
  const text = module('.global .align 4 .u32 a = 5;\n.global .align 4 .u32 b;', '', body.replace('[b]', '[a]'));
  refuses('nc-written.ptx', text, 'ld.global.nc', /ld\.global\.nc reads a, which the kernel writes \(line 16\)/, '--block', '2', '--assert', 'a == 5');
});

test('a load of another width reads the initial bytes of memory no thread writes, little-endian; where a thread writes them it is refused', () => {
  // nvcc -O3 reads `in[t] & 0xff` as ld.global.u8 and `(short)in[t + 2]` as ld.global.s16; and a
  // __device__ table's bytes and halves at static offsets.
  const body = [
    'ld.param.u64 %rd1, [k_param_0];', 'ld.param.u64 %rd2, [k_param_1];', 'cvta.to.global.u64 %rd3, %rd1;', 'cvta.to.global.u64 %rd4, %rd2;',
    'mov.u32 %r1, %tid.x;', 'mul.wide.u32 %rd5, %r1, 4;', 'add.s64 %rd6, %rd3, %rd5;', 'ld.global.u8 %r2, [%rd6];', 'ld.global.s16 %r3, [%rd6+8];',
    'add.s32 %r4, %r2, %r3;', 'ld.global.u8 %r5, [t+5];', 'ld.global.u16 %r6, [t+2];', 'add.s32 %r4, %r4, %r5;', 'add.s32 %r4, %r4, %r6;',
    'ld.global.u64 %rd8, [t];', 'cvt.u32.u64 %r7, %rd8;', 'shr.u64 %rd9, %rd8, 32;', 'cvt.u32.u64 %r8, %rd9;', 'xor.b32 %r4, %r4, %r7;', 'xor.b32 %r4, %r4, %r8;',
    'add.s64 %rd7, %rd4, %rd5;', 'st.global.u32 [%rd7], %r4;',
  ].map((l) => `\t${l}`).join('\n');
  const text = module('.global .align 4 .u32 t[2] = {0x11223344, 0x55667788};', '.param .u64 k_param_0, .param .u64 k_param_1', body);
  const f = S.write('narrow.ptx', text);
  const t0 = 0x11223344;
  const t1 = 0x55667788;
  // Thread i: in[i] & 0xff, plus (short)in[i + 2], plus byte 5 and half 1 of t, xor t's two words.
  const inn = [0x1ff, 0x2fe, 0x3fd, 0x18001];
  const want = [0, 1].map((i) => ((((inn[i]! & 0xff) + ((inn[i + 2]! << 16) >> 16) + 0x77 + 0x1122) ^ t0 ^ t1) >>> 0));
  const r = ptxmm('kernel', f, '--block', '2', '--param', `in:u32[4]=${inn.join(',')}`, '--param', 'out:u32[2]', '--assert', `out[0] == ${want[0]} /\\ out[1] == ${want[1]}`, '--races');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Assert .*: holds/);
  assert.match(r.out, /Data races: holds/);
  // Another value of in[3] changes thread 1's answer: the bytes are read, not assumed.
  const other = ptxmm('kernel', f, '--block', '2', '--param', `in:u32[4]=${inn.slice(0, 3).join(',')},5`, '--param', 'out:u32[2]', '--assert', `out[1] == ${want[1]}`);
  assert.is(other.code, 1, other.out + other.err);
  // out is the same buffer as in: each thread's store writes what it read narrower.
  refuses('narrow-written.ptx', text, 'ld.global.u8 %r2', /an 8-bit access to in\[0\], which holds 32 bits \(mixed-size.*answered only of memory no thread writes, and in\[0\] is written by P0:st\.weak\.global\.u32 \[%rd7\], %r4 \(line 31\)/,
    '--block', '2', '--param', `in:u32[4]=${inn.join(',')}`, '--param', 'in', '--assert', 'in[0] == 0');
});

test('a bar.arrive after which a thread reaches the same barrier again without waiting is refused (ISA 9.7.12.1\'s hazard); a wait between, or another thread\'s path, is read', () => {
  const twice = module('', '', '\tbar.arrive 1, 64;\n\tbar.arrive 1, 64;');
  refuses('arrive2.ptx', twice, 'bar.arrive 1, 64;', /bar\.arrive 1, 64: in some execution P\d+ comes to its barrier again \(bar\.arrive 1, 64, line 11\) without waiting at a barrier in between/, '--block', '64', '--liveness');
  // Producer and consumer, two rounds in one code (as nvcc lays out a loop unrolled): warp 0
  // waits at barrier 2 between its arrivals at 1; the consumer's arrive at 2 falls through to
  // the producer's next round in the code, but no consumer thread takes that path.
  const ok = S.write('arrive-ok.ptx', module('', '', ['mov.u32 %r1, %tid.x;', 'setp.lt.u32 %p1, %r1, 32;', '@!%p1 bra $C1;', 'bar.arrive 1, 64;', 'bar.sync 2, 64;', 'bra.uni $N;', '$C1:', 'bar.sync 1, 64;', 'bar.arrive 2, 64;',
    '$N:', '@!%p1 bra $C2;', 'bar.arrive 1, 64;', 'bar.sync 2, 64;', 'bra.uni $E;', '$C2:', 'bar.sync 1, 64;', 'bar.arrive 2, 64;', '$E:'].map((l) => (l.endsWith(':') ? l : `\t${l}`)).join('\n')));
  const r = ptxmm('kernel', ok, '--block', '33', '--assert', '1 == 1');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Assert 1 == 1: holds/);
});

test('bar.red met by a bar.sync in one phase of a barrier is refused (the ISA: unpredictable); one after the other is read', () => {
  const mixed = module('', '', '\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 32;\n\t@!%p1 bra $R;\n\tbar.sync 0;\n\tbra.uni $E;\n$R:\n\tbar.red.popc.u32 %r2, 0, %p1;\n$E:');
  refuses('red-mixed.ptx', mixed, 'bar.red.popc', /in some execution it meets P0's bar\.sync 0 \(line 13\) in one phase of its barrier, which the ISA makes unpredictable/, '--block', '33', '--assert', '1 == 1');
  // __syncthreads() and then __syncthreads_count() by every thread: two phases, each of one kind.
  const ok = S.write('red-after.ptx', module('', '', '\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 32;\n\tbar.sync 0;\n\tbar.red.popc.u32 %r2, 0, %p1;'));
  const r = ptxmm('kernel', ok, '--block', '33', '--assert', '1 == 1');
  assert.is(r.code, 0, r.out + r.err);
});

test('debug line information (nvcc -lineinfo) is read past', () => {
  const text = module('.global .align 4 .u32 x;', '', '\t.loc\t1 5 3\n\tst.global.u32 [x], 1;')
    + '\t.file\t1 "k.cu"\n\t.section\t.debug_str\n\t{\n$L__info_string0:\n.b8 95,90,0\n\t}\n';
  const mod = readModule(text, 'lineinfo.ptx');
  assert.equal(mod.functions.map((f) => f.name), ['k']);
  assert.equal(mod.functions[0]!.body.filter((x) => x.op !== 'label').map((x) => x.op), ['st', 'bra']);
});

test('the launch must fit the kernel', () => {
  const mod = readModule(module('', '.param .u64 out', ''), 'k.ptx');
  const grid = { x: 1, y: 1, z: 1 };
  const fails = (f: () => unknown, m: RegExp): void => {
    try { f(); assert.unreachable(); } catch (e) { assert.instance(e, LitmusError); assert.match((e as Error).message, m); }
  };
  fails(() => instantiate(mod, { grid, block: grid, params: [] }), /takes 1 parameter, and 0 are given/);
  fails(() => instantiate(mod, { grid, block: grid, params: [{ value: 1n }, { value: 2n }] }), /takes 1 parameter, and 2 are given/);
  fails(() => instantiate(mod, { entry: 'nope', grid, block: grid, params: [{ value: 1n }] }), /no kernel nope/);
  fails(() => instantiate(mod, { grid: { x: 9, y: 9, z: 1 }, block: grid, params: [{ value: 1n }] }), /81 threads: at most 64/);
});

test('a register range as large as ptxas takes is read as a range, not listed', () => {
  // %q<4294967295> once made four billion map entries: the process ran out of memory.
  const text = module('', '', '\t.reg .b32 %q<4294967295>;\n\tmov.u32 %q4294967294, 7;\n\tmov.u32 %q1, %q4294967294;');
  const t0 = performance.now();
  const mod = readModule(text, 'big.ptx');
  const grid = { x: 1, y: 1, z: 1 };
  assert.is(instantiate(mod, { grid, block: grid, params: [] }).test.threads.length, 1);
  assert.ok(performance.now() - t0 < 5000);
  // Past the range, or a leading zero, is not one of its registers.
  refuses('range.ptx', module('', '', '\t.reg .b32 %q<3>;\n\tmov.u32 %r1, %q3;'), '%q3', /%q3 is neither declared/, '--assert', '1 == 1');
  refuses('zero.ptx', module('', '', '\t.reg .b32 %q<3>;\n\tmov.u32 %q1, %q01;'), '%q01', /%q01 is neither declared/, '--assert', '1 == 1');
});

test('an array too large to be locations is refused at its declaration, not run out of memory', () => {
  const decl = '.global .align 4 .u32 x[4294967295];';
  refuses('huge.ptx', module(decl, '', '\tmov.u32 %r1, 1;\n\tst.global.u32 [x], %r1;'), decl, /x has 4294967295 elements: each is a location, and ptxmm takes at most 65536 in all/, '--assert', 'x[0] == 1');
});

test('a spec that is not valid JSON says where; a buffer parameter missing a field says which', () => {
  const bad = S.write('bad.kernel.json', '{\n  "grid": [2],\n  "block": [1]\n  "assert": []\n}\n');
  const r = ptxmm('kernel', bad);
  assert.is(r.code, 2);
  assert.match(r.err, /bad\.kernel\.json:4:3: not valid JSON: Expected ',' or '}' after property value/);
  const typeless = S.write('typeless.kernel.json', '{"params": [{"buffer": "out", "size": 2}]}\n');
  const t = ptxmm('kernel', typeless);
  assert.is(t.code, 2);
  // Once: "... not 'out:undefined[2]'".
  assert.match(t.err, /parameter 0: \{"value": N\}, or a buffer \{"buffer": NAME, "type": T, "size": N\} with "buffer" and "type" strings and "size" a number/);
  assert.not.match(t.err, /undefined/);
});

test('registers declared without % (the inline-asm idiom `{ .reg .pred p; setp... p; }`) are read as registers', () => {
  const body = '\tld.global.u32 %r2, [x];\n\t{\n\t.reg .pred p;\n\t.reg .u32 t;\n\tsetp.ne.s32 p, %r2, 0;\n\tselp.s32 t, 1, 2, p;\n\t@p add.u32 t, t, 10;\n\tmov.u32 %r1, t;\n\t}\n\tst.global.u32 [out], %r1;';
  const f = S.write('bare.ptx', module('.global .align 4 .u32 x;\n.global .align 4 .u32 out;', '', body));
  for (const [x, out] of [['5', '11'], ['0', '2']] as const) {
    const r = ptxmm('kernel', f, '--global', `x=${x}`, '--assert', `out == ${out}`);
    assert.is(r.code, 0, `x=${x}: ${r.out}${r.err}`);
  }
});

test('a .local stack reached by generic 64-bit addresses (nvcc -G: a pointer kept in the stack by a callee) has 64-bit elements', () => {
  const ptx = `.version 9.0
.target sm_90
.address_size 64
.visible .func bind(.param .b64 bind_param_0, .param .b64 bind_param_1)
{
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [bind_param_0];
	ld.param.u64 %rd2, [bind_param_1];
	st.u64 [%rd1], %rd2;
	ret;
}
.visible .entry k(.param .u64 k_param_0)
{
	.local .align 8 .b8 __local_depot1[8];
	.reg .b64 %SP;
	.reg .b64 %SPL;
	.reg .b32 %r<2>;
	.reg .b64 %rd<5>;
	mov.u64 %SPL, __local_depot1;
	cvta.local.u64 %SP, %SPL;
	ld.param.u64 %rd1, [k_param_0];
	add.u64 %rd3, %SP, 0;
	{
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 [param0+0], %rd3;
	.param .b64 param1;
	st.param.b64 [param1+0], %rd1;
	call.uni bind, (param0, param1);
	}
	ld.u64 %rd4, [%SP+0];
	mov.u32 %r1, 7;
	st.u32 [%rd4], %r1;
	ret;
}
`;
  const r = ptxmm('kernel', S.write('stack.ptx', ptx), '--param', 'out:s32[1]', '--assert', 'out[0] == 7');
  assert.is(r.code, 0, r.out + r.err);
});

test('a stack slot read at another width through a pointer kept in the stack (nvcc -G closures) is refused, naming the stack', () => {
  // An int and a bool in one -G frame, and the int read back through a pointer stored in the frame.
  const body = [
    '.local .align 8 .b8 __local_depot0[16];', '.reg .b64 %SP;', '.reg .b64 %SPL;', '.reg .b16 %rs<2>;',
    'mov.u64 %SPL, __local_depot0;', 'cvta.local.u64 %SP, %SPL;', 'mov.u32 %r2, 7;', 'st.u32 [%SP+0], %r2;', 'mov.u16 %rs1, 1;', 'st.u8 [%SP+4], %rs1;',
    'add.u64 %rd1, %SP, 0;', 'st.u64 [%SP+8], %rd1;', 'ld.u64 %rd2, [%SP+8];', 'ld.u32 %r1, [%rd2];',
    'ld.param.u64 %rd3, [k_param_0];', 'cvta.to.global.u64 %rd4, %rd3;', 'st.global.u32 [%rd4], %r1;',
  ].map((l) => `\t${l}`).join('\n');
  refuses('slot.ptx', module('', '.param .u64 k_param_0', body), 'ld.u32 %r1',
    /ld\.weak\.u32 %r1, \[%rd2\]: .*a 32-bit access to __local_depot0\.P0\[0\], which holds 8 bits: the access reaches nvcc's stack/, '--param', 'out:u32[1]', '--assert', 'out[0] == 7');
});

test("--assert names a one-element variable nvcc declares as bytes (cuda::atomic<int> c is .b8 c[4]) by its bare name", () => {
  const text = module('.global .align 4 .b8 c[4];', '', '\tmov.u32 %r1, 9;\n\tst.relaxed.gpu.global.u32 [c], %r1;');
  const r = ptxmm('kernel', S.write('one.ptx', text), '--assert', 'c == 9');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Assert c\[0\] == 9: holds/);
  assert.is(ptxmm('kernel', S.write('one.ptx', text), '--assert', 'c == 8').code, 1);
});

test('a part of a parameter is read as its bytes: the high half of a 64-bit value ((int)(x >> 32))', () => {
  const text = module('.global .align 4 .u32 x;', '.param .u64 k_param_0', '\tld.param.u32 %r1, [k_param_0+4];\n\tst.global.u32 [x], %r1;');
  const r = ptxmm('kernel', S.write('half.ptx', text), '--param', '0x500000003', '--assert', 'x == 5');
  assert.is(r.code, 0, r.out + r.err);
  const wrong = ptxmm('kernel', S.write('half.ptx', text), '--param', '0x500000003', '--assert', 'x == 3');
  assert.is(wrong.code, 1, wrong.out + wrong.err);
  refuses('past.ptx', module('.global .align 4 .u32 x;', '.param .u64 k_param_0', '\tld.param.u32 %r1, [k_param_0+8];'), 'ld.param', /\[k_param_0\+8\] is not a part of parameter k_param_0 \(8 bytes\)/, '--param', '1', '--assert', '1 == 1');
});

test("a module's half-float variable refuses only the launches whose code names it", () => {
  const decls = '.global .align 2 .f16 g;\n.global .align 4 .u32 x;';
  const ok = ptxmm('kernel', S.write('fglobal.ptx', module(decls, '', '\tmov.u32 %r1, 7;\n\tst.global.u32 [x], %r1;')), '--assert', 'x == 7');
  assert.is(ok.code, 0, ok.out + ok.err);
  assert.match(ok.out, /Assert x == 7: holds/);
  refuses('fglobal2.ptx', module(decls, '', '\tmov.u64 %rd1, g;\n\tld.global.u32 %r1, [%rd1];'), '.f16', /floating-point data \(\.f16\) is not modelled/, '--assert', '1 == 1');
  // A kernel with a float parameter refuses its own launches only (it once refused the module).
  const two = `${module('.global .align 4 .u32 x;', '.param .u32 k_param_0', '\tld.param.u32 %r1, [k_param_0];\n\tst.global.u32 [x], %r1;')}.visible .entry f(.param .f16 f_param_0)\n{\n\tret;\n}\n`;
  const ip = ptxmm('kernel', S.write('fparam.ptx', two), '--entry', 'k', '--param', '5', '--assert', 'x == 5');
  assert.is(ip.code, 0, ip.out + ip.err);
  refuses('fparam.ptx', two, '.f16 f_param_0', /floating-point data \(\.f16\) is not modelled/, '--entry', 'f', '--param', '5', '--assert', '1 == 1');
});

test('PTX ptxmm does not model, or that faults, is named at its position', () => {
  const g = '.global .align 16 .u32 g[4];';
  // Each: file, declarations, code, where the error is, what it says.
  const cases: [string, string, string, string, RegExp][] = [
    ['cp.ptx', '.shared .align 16 .u32 s[4];', '\tcp.async.ca.shared.global [s], [g], 16;', 'cp.async', /cp\.async\.ca\.shared\.global is PTX that ptxmm does not model: asynchronous copies/],
    ['mbar.ptx', '.shared .align 8 .b64 m;', '\tmbarrier.init.shared.b64 [m], 1;', 'mbarrier', /mbarrier\.init\.shared\.b64 is PTX that ptxmm does not model: mbarrier objects/],
    ['async.ptx', '', '\tst.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd1], %r1, [%rd2];', 'async', /st\.async: asynchronous stores and reductions .* are not modelled/],
    ['misaligned.ptx', '', '\tld.global.v2.u32 {%r1, %r2}, [g+4];', 'v2', /vector access \(\.v2\): \[g\+4\] is not aligned to the vector's 8 bytes/],
    ['mmio.ptx', '', '\tld.mmio.relaxed.sys.global.v2.u32 {%r1, %r2}, [g];', 'v2', /vector access \(\.v2\): \.mmio cannot be combined with \.v2/],
    ['twice.ptx', '', '\tld.global.v2.u32 {%r1, %r1}, [g];', 'v2', /vector access \(\.v2\): a register given twice/],
    ['texture.ptx', '', '\tfence.proxy.texture;', 'texture', /fence\.proxy\.texture is ptxmm's litmus notation, not PTX/],
    ['envreg.ptx', '', '\tmov.u32 %r1, %envreg2;', '%envreg2', /the special register %envreg2 is not modelled: the launch environment/],
    // Not the warp's number in its CTA (it is where the warp runs, and may change): no value to give it.
    ['warpid.ptx', '', '\tmov.u32 %r1, %warpid;', '%warpid', /the special register %warpid is not modelled: it is where the warp runs when read, and may change/],
    ['nwarpid.ptx', '', '\tmov.u32 %r1, %nwarpid;', '%nwarpid', /the special register %nwarpid is not modelled: it is the hardware's largest warp identifier/],
  ];
  for (const [name, decls, body, at, message] of cases) refuses(name, module(`${g}\n${decls}`, '', body), at, message, '--assert', '1 == 1');
  const r = ptxmm('kernel', S.write('none.ptx', '.version 9.0\n.target sm_90\n.address_size 64\n'), '--assert', '1 == 1');
  assert.is(r.code, 2);
  assert.match(r.err, /the module has no kernel \(\.entry\) to launch/);
});


test('.f32 and .f64 data is carried as its bits: variables, parameters, ld, st, mov and selp; ptxas\'s register rules hold; computing with it is refused', () => {
  // What nvcc -O3 writes for a float handed over with a flag (a 0f literal moved as .u32 bits, then .f32 loads and stores).
  const decls = '.global .align 4 .f32 data = 0f00000000;\n.global .align 4 .u32 flag;\n.global .align 4 .f32 out = -1.5;\n.global .align 8 .f64 d = 0.1;';
  const body = (fence: string): string => ['\tmov.u32 %r1, %tid.x;', '\tsetp.eq.s32 %p1, %r1, 0;', '\t@%p1 bra $L_w;', '$L_r:', '\tld.relaxed.gpu.global.u32 %r2, [flag];',
    '\tsetp.eq.s32 %p2, %r2, 0;', '\t@%p2 bra $L_r;', fence, '\tld.global.f32 %f1, [data];', '\tst.global.f32 [out], %f1;', '\tbra.uni $L_end;',
    '$L_w:', '\tmov.f32 %f2, 2.5;', '\tst.global.f32 [data], %f2;', fence, '\tst.relaxed.gpu.global.u32 [flag], 1;', '$L_end:'].join('\n');
  const withF = (b: string): string => module(decls, '', `\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<2>;\n${b}`);
  const mp = S.write('mpf.ptx', withF(body('\tfence.acq_rel.gpu;')));
  const holds = ptxmm('kernel', mp, '--block', '2', '--assert', 'out == 0f40200000 /\\ d == 0d3FB999999999999A');
  assert.is(holds.code, 0, holds.out + holds.err);
  // The assertion is echoed as written, a float's bits as its 0f literal.
  assert.match(holds.out, /Assert out == 0f40200000 \/\\ d == 0d3FB999999999999A: holds/);
  const racy = ptxmm('kernel', S.write('mpf_nofence.ptx', withF(body('\tmov.u32 %r3, 0;'))), '--block', '2', '--assert', 'out == 0f40200000');
  assert.is(racy.code, 1, racy.out + racy.err);
  // out keeps its initial -1.5 only if the reader never ran: 0 is the weak read of data.
  assert.match(racy.out, /final state: .*out=0\.0 \(0f00000000\)/);
  // A float parameter takes a floating-point literal; its bits are the parameter's.
  const param = module('.global .align 4 .f32 out;\n.global .align 8 .f64 dout;', '.param .f32 k_a, .param .f64 k_b',
    '\t.reg .f32 %f<2>;\n\t.reg .f64 %fd<2>;\n\tld.param.f32 %f1, [k_a];\n\tld.param.f64 %fd1, [k_b];\n\tst.global.f32 [out], %f1;\n\tst.global.f64 [dout], %fd1;');
  const pf = S.write('pf.ptx', param);
  assert.is(ptxmm('kernel', pf, '--param', '-2.5', '--param', '0.1', '--assert', 'out == 0fC0200000 /\\ dout == 0d3FB999999999999A').code, 0);
  assert.is(ptxmm('kernel', pf, '--param', '0fC0200000', '--param', '1e-3', '--assert', 'out == 0fC0200000 /\\ dout == 0d3F50624DD2F1A9FC').code, 0);
  refuses('pf.ptx', param, '.param .f32 k_a', /parameter 0 \(k_a\) is a \.f32: give it a floating-point literal \(5\.0, or its bits as a 0f literal\), not the integer 5/, '--param', '5', '--param', '0.1', '--assert', '1 == 1');
  refuses('pi.ptx', module('.global .align 4 .u32 x;', '.param .u32 k_n', ''), '.param .u32 k_n', /parameter 0 \(k_n\) is a \.u32, and 2\.5 is a floating-point literal/, '--param', '2.5', '--assert', 'x == 0');
  // ptxas's rules (each checked with ptxas 13.0): a .f32 instruction takes .f32 and .b32 registers, not .u32 or .s32 ones, nor .f64 ones.
  const regs = '\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<2>;\n\t.reg .u32 %u<2>;\n\t.reg .s32 %s<2>;';
  const f = (name: string, code: string): string => S.write(name, module('.global .align 4 .f32 x;', '', `${regs}\n${code}\n\tst.global.f32 [x], %f1;`));
  assert.is(ptxmm('kernel', f('fb.ptx', '\tmov.b32 %r1, 0f40200000;\n\tmov.f32 %f1, %r1;'), '--assert', 'x == 0f40200000').code, 0);
  assert.is(ptxmm('kernel', f('fsel.ptx', '\tsetp.eq.u32 %p1, 1, 1;\n\tselp.f32 %f1, 1.0, %f2, %p1;'), '--assert', 'x == 0f3F800000').code, 0);
  refuses('fu.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tld.global.f32 %u1, [x];`), '%u1', /%u1 is a \.u32 register: a \.f32 instruction takes \.f32 and \.b32 registers \(ptxas: "Arguments mismatch"\)/, '--assert', '1 == 1');
  refuses('fs.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tmov.u32 %s1, 0;\n\tst.global.f32 [x], %s1;`), '%s1;', /%s1 is a \.s32 register/, '--assert', '1 == 1');
  refuses('fd.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tld.global.f32 %fd1, [x];`), '%fd1', /%fd1 is a \.f64 register, and this instruction moves \.f32 data/, '--assert', '1 == 1');
  refuses('fd2.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tmov.f64 %fd1, 0d0000000000000000;\n\tmov.f32 %f1, %fd1;`), '%fd1;', /%fd1 is a \.f64 register, and this instruction reads a 32-bit value from it/, '--assert', '1 == 1');
  refuses('fi.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tmov.f32 %f1, 5;`), '5;', /the integer 5 in a \.f32 operand/, '--assert', '1 == 1');
  refuses('fx.ptx', module('.global .align 4 .f32 x = 1;', '', ''), '1;', /a \.f32 variable takes a floating-point literal \(2\.5, 0f40200000\), not '1' \(ptxas: "Initial value type mismatch"\)/, '--assert', '1 == 1');
  // atom.add.f32 adds (litmus/floats.ts): 1.0 + 1.5 is 2.5; other float atomics are refused as ptxas refuses them.
  const fadd = S.write('fadd.ptx', module('.global .align 4 .f32 x = 1.0;', '', `${regs}\n\tmov.f32 %f2, 1.5;\n\tatom.global.add.f32 %f1, [x], %f2;`));
  assert.is(ptxmm('kernel', fadd, '--assert', 'x == 0f40200000').code, 0);
  assert.is(ptxmm('kernel', fadd, '--assert', 'x == 0f3FC00000').code, 1);
  refuses('fmin.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tatom.global.min.f32 %f1, [x], %f2;`), 'f32 %f1', /atom on \.f32 data adds \(atom\.add\.f32\); no other atom operation takes a floating-point type/, '--assert', '1 == 1');
  refuses('faddu.ptx', module('.global .align 4 .f32 x;', '', `${regs}\n\tmov.u32 %u0, 0;\n\tatom.global.add.f32 %u1, [x], %u0;`), '%u1', /%u1 is a \.u32 register: a \.f32 instruction takes \.f32 and \.b32 registers/, '--assert', '1 == 1');
});


test('a launch gives .f32/.f64 memory and parameters floating-point literals, never integers taken as bits', () => {
  // The shared-memory reversal of a float array (nvcc -O3 of `s[t] = d[t]; __syncthreads(); d[t] = s[n - t - 1];`).
  const rev = module('.extern .shared .align 16 .b8 s[];', '.param .u64 k_d, .param .u32 k_n', ['\t.reg .f32 %f<3>;', '\tld.param.u64 %rd1, [k_d];', '\tld.param.u32 %r1, [k_n];',
    '\tcvta.to.global.u64 %rd2, %rd1;', '\tmov.u32 %r2, %tid.x;', '\tmul.wide.s32 %rd3, %r2, 4;', '\tadd.s64 %rd4, %rd2, %rd3;', '\tld.global.f32 %f1, [%rd4];',
    '\tshl.b32 %r3, %r2, 2;', '\tmov.u32 %r4, s;', '\tadd.s32 %r5, %r4, %r3;', '\tst.shared.f32 [%r5], %f1;', '\tbar.sync 0;', '\tnot.b32 %r6, %r2;',
    '\tadd.s32 %r7, %r1, %r6;', '\tshl.b32 %r8, %r7, 2;', '\tadd.s32 %r9, %r4, %r8;', '\tld.shared.f32 %f2, [%r9];', '\tst.global.f32 [%rd4], %f2;'].join('\n'));
  const f = S.write('frev.ptx', rev);
  const ok = ptxmm('kernel', f, '--block', '4', '--dynamic-shared', '16', '--param', 'd:f32[4]=1.0,2.5,-3e0,0f40800000', '--param', '4',
    '--assert', 'd[0] == 0f40800000 /\\ d[1] == 0fC0400000 /\\ d[2] == 0f40200000 /\\ d[3] == 0f3F800000');
  assert.is(ok.code, 0, ok.out + ok.err);
  const ints = ptxmm('kernel', f, '--block', '4', '--dynamic-shared', '16', '--param', 'd:f32[4]=1,2,3,4', '--param', '4', '--assert', 'd[0] == 0');
  assert.equal([ints.code, /an initial value of d is a \.f32: give a floating-point literal \(1\.0, -2\.5e3, or the bits as a 0f literal\), not "1"/.test(ints.err)], [2, true], ints.err);
  // A spec file's float buffer and float module variable: a JSON number with a fraction, or a literal in a string.
  const g = S.write('fglob.ptx', module('.global .align 4 .f32 fg;\n.global .align 4 .u32 ug;\n.global .align 4 .u32 out;', '', '\t.reg .f32 %f<2>;\n\tld.global.f32 %f1, [fg];\n\tmov.b32 %r1, %f1;\n\tst.global.u32 [out], %r1;'));
  assert.is(ptxmm('kernel', g, '--global', 'fg=-0.5', '--assert', 'out == 0fBF000000').code, 0);
  const spec = S.write('fglob.kernel.json', JSON.stringify({ ptx: g, globals: { fg: 0.25 }, assert: ['out == 0f3E800000'] }));
  assert.is(ptxmm('kernel', spec).code, 0);
  const bitsOf1 = ptxmm('kernel', g, '--global', 'fg=1', '--assert', 'out == 1');
  assert.equal([bitsOf1.code, /fg \(--global, or a spec's "globals"\) is a \.f32: give a floating-point literal/.test(bitsOf1.err)], [2, true], bitsOf1.err);
  const floatToInt = ptxmm('kernel', g, '--global', 'ug=1.5', '--assert', 'out == 0');
  assert.equal([floatToInt.code, /ug is a \.u32, and 1\.5 is a floating-point literal/.test(floatToInt.err)], [2, true], floatToInt.err);
});

test('an integer register of the elements\' width in a .f32 vector moves the bits, as ptxas takes it (a scalar .f32 move refuses it)', () => {
  // ptxas 13 assembles `ld.global.v2.f32 {%s1, %s2}` with .s32 %s1, %s2; `ld.global.f32 %s1` is "Arguments mismatch".
  const decls = '.global .align 8 .f32 src[2] = {1.5, 2.5};\n.global .align 8 .f32 dst[2];';
  const body = '\t.reg .s32 %s<4>;\n\tld.global.v2.f32 {%s1, %s2}, [src];\n\tst.global.v2.f32 [dst], {%s2, %s1};';
  const r = ptxmm('kernel', S.write('vecs32.ptx', module(decls, '', body)), '--assert', 'dst[0] == 0f40200000 /\\ dst[1] == 0f3FC00000');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /holds/);
  refuses('scalars32.ptx', module(decls, '', '\t.reg .s32 %s<4>;\n\tld.global.f32 %s1, [src];'), '%s1', /%s1 is a \.s32 register: a \.f32 instruction takes \.f32 and \.b32 registers/, '--assert', '1 == 1');
});

test.run();
