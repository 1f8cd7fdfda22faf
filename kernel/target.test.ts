// What a module's .version and .target allow, and the rest of what ptxas refuses that the
// reader once answered (a differential of mutated example kernels against ptxas, CUDA 13.0):
// each refusal at the position of the thing refused, each neighbour that ptxas accepts read.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptxmm, scratch } from '../tests/cli.js';
import { LitmusError } from '../litmus/errors.js';
import { PTXMM_SCHEMA, validate } from '../tests/jsonschema.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';

const S = scratch('ptxmm-target-');
const LAUNCH = { entry: 'k', grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] };

/** A module: its header lines, then a kernel with `body`. */
const mod = (header: string, body: string, decls = '.global .align 4 .u32 g;'): string =>
  `${header}\n.address_size 64\n${decls}\n.visible .entry k()\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<16>;\n${body}\n\tret;\n}\n`;
const HEAD = '.version 9.0\n.target sm_90';

/** Reads and lays out `text` for one thread; the error's `line:col message`, or null when read. */
function read(text: string): string | null {
  try {
    instantiate(readModule(text, 't.ptx'), LAUNCH);
    return null;
  } catch (e) {
    if (!(e instanceof LitmusError)) throw e;
    return `${e.line}:${e.col} ${e.message}`;
  }
}

/** Where `needle` starts in `text` (the n-th time), as `line:col`. */
function at(text: string, needle: string, nth = 1): string {
  let i = -1;
  for (let k = 0; k < nth; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} is in the text`);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

function refused(text: string, needle: string, message: RegExp, nth = 1): void {
  const r = read(text);
  assert.ok(r !== null, `refused: ${needle}`);
  assert.ok(r!.startsWith(`${at(text, needle, nth)} `), `at ${at(text, needle, nth)}: ${r}`);
  assert.match(r!, message);
}

test('.version: MAJOR.MINOR, a version there is, one ptxmm knows; .target: a GPU there is, which the version supports', () => {
  const body = '\tld.global.u32 %r1, [g];';
  // Each was answered as sm_90 code (ptxas: "PTX .version 6.0 does not support .target sm_90", "Unsupported .target").
  refused(mod('.version 6.0\n.target sm_90', body), 'sm_90', /PTX ISA 6\.0 does not support \.target sm_90 \(it needs \.version 7\.8 or later\)/);
  refused(mod('.version 9.0\n.target sm_999', body), 'sm_999', /unknown target 'sm_999'/);
  refused(mod('.version 9.0\n.target gfx90a', body), 'gfx90a', /unknown target 'gfx90a'/);
  refused(mod('.version 9.0\n.target sm_90, fastmath', body), 'fastmath', /unknown \.target option 'fastmath'/);
  refused(mod('.version 9.2\n.target sm_90', body), '9.2', /PTX ISA 9\.2 is newer than ptxmm knows \(9\.1 at most\)/);
  refused(mod('.version 10.0\n.target sm_90', body), '10.0', /newer than ptxmm knows/);
  refused(mod('.version 7.9\n.target sm_90', body), '7.9', /there is no PTX ISA version 7\.9/);
  refused(mod('.version 9\n.target sm_90', body), '9\n', /a PTX version is MAJOR\.MINOR/);
  // The boundaries ptxas draws, read: the first version of each target, its variants, options.
  for (const [v, t] of [['7.8', 'sm_90'], ['8.0', 'sm_90a'], ['7.0', 'sm_80'], ['6.0', 'sm_70'], ['8.6', 'sm_100'], ['8.7', 'sm_120'], ['7.8', 'compute_90'], ['9.1', 'sm_90'], ['09.0', 'sm_90']] as const) {
    assert.is(read(mod(`.version ${v}\n.target ${t}`, body)), null, `.version ${v} .target ${t}`);
  }
  refused(mod('.version 7.7\n.target sm_90', body), 'sm_90', /needs \.version 7\.8/);
  refused(mod('.version 7.9\n.target sm_90a', body), '7.9', /no PTX ISA version/);
  refused(mod('.version 7.8\n.target sm_90a', body), 'sm_90a', /needs \.version 8\.0/);
  assert.is(read(mod('.version 9.0\n.target sm_90, debug', body)), null, 'nvcc -G writes `.target sm_90, debug`');
  assert.is(read(mod('.version 9.0\n.target sm_90, texmode_independent', body)), null);
});

test('an instruction that needs a newer GPU or PTX version than the module gives is refused at its opcode, as ptxas does', () => {
  // Each was answered under the PTX memory model, in a module no GPU runs (ptxas: "Feature
  // '.acquire' requires .target sm_70 or higher").
  const cases: [string, string, string, RegExp][] = [
    ['.version 9.0\n.target sm_60', '\tld.acquire.gpu.global.u32 %r1, [g];', 'ld.acquire', /the memory order \.acquire needs \.target sm_70 or higher; the module's is sm_60/],
    ['.version 9.0\n.target sm_60', '\tst.relaxed.sys.global.u32 [g], %r1;', 'st.relaxed', /the memory order \.relaxed needs \.target sm_70/],
    ['.version 9.0\n.target sm_60', '\tfence.sc.gpu;', 'fence', /fence\.sc needs \.target sm_70/],
    ['.version 9.0\n.target sm_52', '\tatom.gpu.global.add.u32 %r1, [g], 1;', 'atom', /a scope on an atomic needs \.target sm_60/],
    ['.version 9.0\n.target sm_80', '\tld.relaxed.cluster.global.u32 %r1, [g];', 'ld.relaxed', /the \.cluster scope needs \.target sm_90/],
    ['.version 9.0\n.target sm_80', '\tfence.acq_rel.cluster;', 'fence', /the \.cluster scope needs \.target sm_90/],
    ['.version 7.4\n.target sm_80', '\tfence.proxy.alias;', 'fence', /fence\.proxy\.alias needs PTX ISA 7\.5 or later; the module's \.version is 7\.4/],
    ['.version 8.1\n.target sm_90', '\tld.mmio.relaxed.sys.global.u32 %r1, [g];', 'ld.mmio', /\.mmio needs PTX ISA 8\.2/],
    ['.version 9.0\n.target sm_75', '\tredux.sync.add.u32 %r1, %r2, -1;', 'redux', /redux\.sync needs \.target sm_80/],
    ['.version 9.0\n.target sm_60', '\tnanosleep.u32 10;', 'nanosleep', /nanosleep needs \.target sm_70/],
    ['.version 5.0\n.target sm_60', '\tbar.warp.sync -1;', 'bar.warp', /bar\.warp\.sync needs PTX ISA 6\.0/],
    ['.version 9.0\n.target sm_80', '\tld.shared::cluster.u32 %r1, [s];', 'ld.shared', /\.shared::cluster needs \.target sm_90/],
  ];
  for (const [header, body, needle, message] of cases) refused(mod(header, body, '.global .align 4 .u32 g;\n.shared .align 4 .u32 s;'), needle, message);
  // The same instructions where the module allows them, read (a guard before the opcode too).
  for (const [header, body] of [
    ['.version 6.0\n.target sm_70', '\tld.acquire.gpu.global.u32 %r1, [g];\n\tfence.sc.gpu;\n\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 st.release.sys.global.u32 [g], %r1;'],
    ['.version 5.0\n.target sm_60', '\tatom.gpu.global.add.u32 %r1, [g], 1;\n\tld.volatile.global.u32 %r2, [g];\n\tmembar.gl;'],
    ['.version 7.5\n.target sm_80', '\tfence.proxy.alias;'],
    ['.version 7.8\n.target sm_90', '\tfence.acq_rel.cluster;'],
  ]) assert.is(read(mod(header!, body!)), null, body);
  refused(mod('.version 9.0\n.target sm_60', '\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 ld.acquire.gpu.global.u32 %r1, [g];'), 'ld.acquire', /needs \.target sm_70/);
});

test('the module header and a function header: what ptxas calls a syntax error is one here too', () => {
  const body = '\tld.global.u32 %r1, [g];';
  refused(mod('.version 9.0\n.target sm_90\n.address_size 64', body), '.address_size', /a second \.address_size/, 2);
  refused(mod('.version 9.0\n.version 9.0\n.target sm_90', body), '.version', /\.target \(the GPU, as sm_90\) follows \.version, found '\.version'/, 2);
  refused(mod('.version 9.0\n.target sm_90\n.global .align 4 .u32 h;\n.target sm_90', body), '.target', /a second \.target/, 2);
  // ptxas takes a .target right after another, the second replacing the first.
  assert.is(read(mod('.version 9.0\n.target sm_60\n.target sm_90', '\tld.acquire.gpu.global.u32 %r1, [g];')), null);
  refused(mod('.version 9.0\n.target sm_90\n.target sm_60', '\tld.acquire.gpu.global.u32 %r1, [g];'), 'ld.acquire', /needs \.target sm_70 or higher; the module's is sm_60/);
  // After a kernel's parameters: each was read past (a stray ')' or a second header, any word).
  const header = (h: string): string => mod(HEAD, body).replace('.visible .entry k()\n', h);
  refused(header('.visible .entry k()\n)\n'), ')\n{', /unexpected '\)' after k's parameters/);
  refused(header('.visible .entry k()\n.visible .entry k()\n'), '.visible .entry k()\n{', /unexpected '\.visible' after k's parameters/);
  refused(header('.visible .entry k() .bogus 3\n'), '.bogus', /unexpected '\.bogus'/);
  refused(header('.visible .entry k() .noreturn\n'), '.noreturn', /\.noreturn is for device functions/);
  // A branch to no label: refused when a thread compiled it, without its column; now where it is.
  refused(mod(HEAD, '\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 bra $L_gone;\n$L_here:'), 'bra', /no label \$L_gone in k/);
  assert.is(read(mod(HEAD, '\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 bra $L_here;\n$L_here:')), null);
    // A device function's declaration: ptxas reads it without its ';' when the next declaration
  // starts (that kernel was once read as its body); one not .extern must be defined.
  assert.is(read(mod(HEAD, body, '.global .align 4 .u32 g;\n.extern .func f\n(\n\t.param .b64 a\n)')), null);
  refused(mod(HEAD, body, '.global .align 4 .u32 g;\n.func f\n(\n\t.param .b64 a\n);'), '.func', /f is declared and never defined/);
  assert.is(read(mod(HEAD, body, '.global .align 4 .u32 g;\n.func f(.param .b64 a);\n.func f(.param .b64 a)\n{\n\tret;\n}')), null);
    // Performance directives are read, `.pragma`'s ';' too (it was taken for the end of a declaration).
  for (const h of ['.maxnreg 32', '.maxntid 64, 1, 1', '.reqntid 1', '.minnctapersm 2', '.pragma "nounroll";', '.maxntid 64 .minnctapersm 4']) {
    assert.is(read(header(`.visible .entry k() ${h}\n`)), null, h);
  }
});

test('a call passes what its callee declares: as many arguments, each as wide; a block declares each .param once', () => {
  const decls = '.global .align 4 .u32 g;\n.func f(.param .b32 a)\n{\n\t.reg .b32 %r<2>;\n\tld.param.u32 %r1, [a];\n\tst.global.u32 [g], %r1;\n\tret;\n}';
  const call = (params: string, args: string): string => mod(HEAD, `\t{\n${params}\n\tst.param.b32 [p0], 1;\n\tcall.uni f, (${args});\n\t}`, decls);
  assert.is(read(call('\t.param .b32 p0;', 'p0')), null);
  // Each was inlined with the argument's register taken for another width, or none at all.
  refused(call('\t.param .b32 p0;\n\t.param .b32 p1;', 'p0, p1'), 'call.uni', /the call to f passes 2 argument\(s\) and 0 return value\(s\); f takes 1 and 0/);
  refused(call('\t.param .b64 p0;', 'p0'), 'call.uni', /the call to f passes p0 \(\.b64\) for its parameter a \(\.b32\)/);
  refused(call('\t.param .align 4 .b8 p0[4];', 'p0'), 'call.uni', /passes p0 \(\.b8\[4\]\) for its parameter a \(\.b32\)/);
  refused(call('\t.param .b32 p0;\n\t.param .b32 p0;', 'p0'), '.param .b32 p0;', /the \.param p0 is declared twice in this block/, 2);
  // The call's commas, as ptxas wants them: `(p0 p0)` was read as two arguments.
  refused(call('\t.param .b32 p0;', 'p0 p0'), 'p0);', /expected ',' or '\)' in the call, found 'p0'/);
  refused(call('\t.param .b32 p0;', 'p0,'), ');', /a name after ',' in the call/);
  refused(call('\t.param .b32 p0;', 'p0').replace('f, (', 'f ('), '(p0)', /expected ',' in the call, found '\('/);
    // A qualifier a call does not take (ptxas: "Illegal modifier") was read past.
  refused(call('\t.param .b32 p0;', 'p0').replace('call.uni', 'call.gpu.uni'), 'call.gpu', /'call\.gpu\.uni': a call is call or call\.uni/);
  // Each call's block declares its own p0 (nvcc's param0 in every block).
  assert.is(read(mod(HEAD, '\t{\n\t.param .b32 p0;\n\tst.param.b32 [p0], 1;\n\tcall.uni f, (p0);\n\t}\n\t{\n\t.param .b32 p0;\n\tst.param.b32 [p0], 2;\n\tcall.uni f, (p0);\n\t}', decls)), null);
  // Each call's block has its own parameters: nvcc -G declares `.param .b64 param1` for one
  // call and `.param .b32 param1` for the next; one name for both gave the first call the
  // second's width (refused as a 64-bit access to a 4-byte parameter, or a width mismatch).
  const two = '.global .align 4 .u32 g;\n.func f(.param .b64 a)\n{\n\tret;\n}\n.func h(.param .b32 a)\n{\n\t.reg .b32 %r<2>;\n\tld.param.u32 %r1, [a];\n\tst.global.u32 [g], %r1;\n\tret;\n}';
  const blocks = '\t{\n\t.param .b64 param1;\n\tst.param.b64 [param1+0], 1;\n\tcall.uni f, (param1);\n\t}\n\t{\n\t.param .b32 param1;\n\tst.param.b32 [param1+0], 7;\n\tcall.uni h, (param1);\n\t}';
  assert.is(read(mod(HEAD, blocks, two)), null);
  const f = S.write('blocks.ptx', mod(HEAD, blocks, two));
  assert.is(ptxmm('kernel', f, '--assert', 'g == 7').code, 0, 'the second call passes 7 to h');
  refused(mod(HEAD, blocks.replace('st.param.b32 [param1+0], 7;', 'st.param.b64 [param1+0], 7;'), two), 'st.param.b64 [param1+0], 7', /\[param1\+0\] is not a part of param1 \(4 bytes\) that a 64-bit access can take/);
    // A call is checked where no launch reaches it too (ptxas checks the module): a device
  // function nothing calls, passing one argument too many.
  const unreached = decls + '\n.func u()\n{\n\t{\n\t.param .b32 p0;\n\t.param .b32 p1;\n\tst.param.b32 [p0], 1;\n\tcall.uni f, (p0, p1);\n\t}\n\tret;\n}';
  refused(mod(HEAD, '', unreached), 'call.uni f, (p0, p1)', /the call to f passes 2 argument\(s\)/);
  // A function's parameter list as ptxas reads it: each name once, commas between.
  refused(mod(HEAD, '', '.global .align 4 .u32 g;\n.func f(.param .b32 a, .param .b32 a)\n{\n\tret;\n}'), '.param .b32 a)', /the parameter a is declared twice/);
  refused(mod(HEAD, '', '.global .align 4 .u32 g;\n.func f(.param .b32 a .param .b32 b)\n{\n\tret;\n}'), '.param .b32 b', /expected ',' or '\)' in the parameter list, found '\.param'/);
  refused(mod(HEAD, '', '.global .align 4 .u32 g;\n.func f(.param .b32 a, )\n{\n\tret;\n}'), ')\n{', /a parameter after ','/);
    // A declared function's prototype counts too: __assertfail given four words read its line
  // number from the function name's word.
  const assertDecl = '.global .align 4 .u32 g;\n.extern .func __assertfail\n(\n\t.param .b64 m,\n\t.param .b64 f,\n\t.param .b32 l,\n\t.param .b64 fn,\n\t.param .b64 c\n)\n;';
  const words = ['.b64 p0', '.b64 p1', '.b64 p3', '.b64 p4'].map((p) => `\t.param ${p};`).join('\n');
  refused(mod(HEAD, `\t{\n${words}\n\tcall.uni __assertfail, (p0, p1, p3, p4);\n\t}`, assertDecl), 'call.uni', /the call to __assertfail passes 4 argument\(s\) and 0 return value\(s\); __assertfail takes 5 and 0/);
});

test('a register declared .f32 or .f64 takes part only in bit-typed instructions, as ptxas says ("Arguments mismatch")', () => {
  const withFloats = (ins: string): string => mod(HEAD, `\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<2>;\n\tmov.u32 %r1, 1;\n\tmov.b32 %f1, %r1;\n\tmov.u64 %rd1, 1;\n\tmov.b64 %fd1, %rd1;\n\tsetp.eq.u32 %p1, %r1, 0;\n\t${ins}`);
  // Each was answered with the float's bits taken as the integer (the needle: the register's
  // place in the instruction, after its declaration and the movs above).
  for (const [ins, needle] of [['add.s32 %r3, %f1, %r1;', '%f1, %r1;\n\tret'], ['mov.u32 %r3, %f1;', '%f1;\n\tret'], ['st.global.u32 [g], %f1;', '%f1;\n\tret'],
    ['ld.global.u32 %f2, [g];', '%f2'], ['setp.eq.s32 %p2, %f1, 0;', '%f1, 0'], ['cvt.u32.u32 %r3, %f1;', '%f1;\n\tret'],
    ['add.s64 %rd3, %fd1, %rd1;', '%fd1, %rd1;\n\tret'], ['atom.global.add.u32 %r3, [g], %f1;', '%f1;\n\tret']] as const) {
    refused(withFloats(ins), needle, /%f\w+ is a \.f(32|64) register: an integer instruction \(\.[us]\d+\) takes it only as bits/);
  }
  // As bits they are read: ptxas takes each.
  for (const ins of ['mov.b32 %r3, %f1;', 'st.global.b32 [g], %f1;', 'ld.global.b32 %f2, [g];', 'and.b32 %r3, %f1, %r1;', 'setp.eq.b32 %p2, %f1, 0;', 'selp.b32 %r3, %f1, %r1, %p1;', 'atom.global.exch.b32 %r3, [g], %f1;', 'mov.b64 %rd3, %fd1;']) {
    assert.is(read(withFloats(ins)), null, ins);
  }
});

test('a register is declared in the kernel that reads it, not in another kernel of the module', () => {
  // k reads %p5 and declares %p<2>: once answered as "any value" because k2 declares %p<6>.
  const text = mod(HEAD, '\tsetp.eq.u32 %p5, %r1, 0;\n\t@%p5 st.global.u32 [g], 1;').replace('.reg .pred %p<4>;', '.reg .pred %p<2>;')
    + '.visible .entry k2()\n{\n\t.reg .pred %p<6>;\n\tret;\n}\n';
  refused(text, '%p5', /the register %p5 is not declared/);
  refused(text.replace('setp.eq.u32 %p5, %r1, 0;', 'setp.eq.u32 %p1, %r1, 0;'), '%p5', /%p5 is neither declared \(\.reg\) nor a special register ptxmm models/);
});

test('%tid.w and the other vectors\' fourth element: zero (ISA: "unused and always returns zero"), as ptxas reads them', () => {
  const f = S.write('w.ptx', mod(HEAD, '\tmov.u32 %r1, %tid.w;\n\tmov.u32 %r2, %ntid.w;\n\tadd.s32 %r1, %r1, %r2;\n\tmov.u32 %r3, %tid.x;\n\tadd.s32 %r1, %r1, %r3;\n\tadd.s32 %r1, %r1, 5;\n\tst.global.u32 [g], %r1;'));
  // Two threads: g ends 5 or 6 (tid.x), never anything else, so .w is 0 in both.
  const ok = ptxmm('kernel', f, '--block', '2', '--assert', 'g == 5 \\/ g == 6');
  assert.is(ok.code, 0, ok.out + ok.err);
  const some = ptxmm('kernel', f, '--block', '2', '--assert', 'g == 5');
  assert.is(some.code, 1, 'g may be 6: the assertion is not vacuous');
});

test('a module for a GPU before sm_70: answered under the model, with a note that the model holds from sm_70 on (ISA 8.1)', () => {
  const text = mod('.version 5.0\n.target sm_60', '\tatom.global.add.u32 %r1, [g], 1;');
  const f = S.write('sm60.ptx', text);
  const r = ptxmm('kernel', f, '--block', '2', '--assert', 'g == 2');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /\nnote: \.target sm_60: the answers are the PTX memory model's, which holds for a program running on sm_70 or later GPUs \(ISA §8\.1\)/);
  const j = JSON.parse(ptxmm('kernel', f, '--block', '2', '--assert', 'g == 2', '--json').out) as { target: string; notes: string[] };
  assert.equal([j.target, j.notes.length], ['sm_60', 1]);
  assert.equal(validate(j, PTXMM_SCHEMA), []);
  const now = ptxmm('kernel', S.write('sm90.ptx', mod(HEAD, '\tatom.global.add.u32 %r1, [g], 1;')), '--block', '2', '--assert', 'g == 2', '--json');
  assert.equal((JSON.parse(now.out) as { notes: string[] }).notes, []);
});

test('ptxmm kernel: a module for an older GPU than its instructions need exits 2 with file:line:col, no stack trace', () => {
  const text = mod('.version 9.0\n.target sm_60', '\tld.acquire.gpu.global.u32 %r1, [g];');
  const f = S.write('old.ptx', text);
  const r = ptxmm('kernel', f, '--assert', '1 == 1');
  assert.is(r.code, 2, r.out + r.err);
  assert.ok(r.err.startsWith(`${f}:${at(text, 'ld.acquire')}: the memory order .acquire needs .target sm_70 or higher`), r.err);
  assert.not.match(r.err, /\n\s+at /);
});

test.run();
