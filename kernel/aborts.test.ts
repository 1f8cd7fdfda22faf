// Where a launch fails (kernel/instantiate.ts AbortSite): a thread that reaches `trap` or calls
// __assertfail (CUDA's device-side assert) breaks the kernel's abort property; `exit` in a
// device function ends the thread, not the call.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptxmm, scratch } from '../tests/cli.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';

const S = scratch('ptxmm-aborts-');
const HEAD = '.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[2];\n';
const ASSERTFAIL = '.extern .func __assertfail\n(\n\t.param .b64 m,\n\t.param .b64 f,\n\t.param .b32 l,\n\t.param .b64 fn,\n\t.param .b64 sz\n)\n;\n'
  + '.global .align 1 .b8 $str[7] = {120, 32, 61, 61, 32, 49, 0};\n.global .align 1 .b8 $str$1[5] = {107, 46, 99, 117, 0};\n.global .align 1 .b8 $fn[2] = {107, 0};\n';
/** __assertfail's five .param variables stored and passed, as nvcc -O3 writes the call (words named by constants, line 9 unless given). */
const callAssert = (m: string, f: string, fn: string, line = 9): string =>
  `\tmov.u64 %rd5, ${m};\n\tcvta.global.u64 %rd6, %rd5;\n\tmov.u64 %rd7, ${f};\n\tmov.u64 %rd8, ${fn};\n`
  + '\t{\n\t.param .b64 param0;\n\tst.param.b64 [param0+0], %rd6;\n\t.param .b64 param1;\n\tst.param.b64 [param1+0], %rd7;\n'
  + `\t.param .b32 param2;\n\tst.param.b32 [param2+0], ${line};\n\t.param .b64 param3;\n\tst.param.b64 [param3+0], %rd8;\n`
  + '\t.param .b64 param4;\n\tst.param.b64 [param4+0], 1;\n\tcall.uni __assertfail, (param0, param1, param2, param3, param4);\n\t}\n';
/** One entry k(u32 v): thread t reads v into %r1 and runs `body`, then stores 1 to out[t]. */
const kernel = (body: string, before = ''): string =>
  `${HEAD}${ASSERTFAIL}${before}.visible .entry k(.param .u32 v)\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<12>;\n`
  + `\tld.param.u32 %r1, [v];\n${body}\tmov.u32 %r2, %tid.x;\n\tmul.wide.u32 %rd1, %r2, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n`
  + '\tmov.u32 %r3, 1;\n\tst.global.u32 [%rd3], %r3;\n\tret;\n}\n';

test('a device-side assert is a property of its own: it fails where a thread calls __assertfail, with the assert\'s words', () => {
  const guarded = `\tsetp.eq.u32 %p1, %r1, 1;\n\t@%p1 bra $OK;\n${callAssert('$str', '$str$1', '$fn')}$OK:\n`;
  const f = S.write('assert.ptx', kernel(guarded));
  const holds = ptxmm('kernel', f, '--param', '1');
  assert.is(holds.code, 0, holds.out + holds.err);
  assert.match(holds.out, /Device asserts: holds for grid 1, block 1, loop bound 2/);
  assert.match(holds.out, /checked: assert\(x == 1\) \(k\.cu:9, in k\) at line \d+:2/);
  const fails = ptxmm('kernel', f, '--param', '2', '--block', '2');
  assert.is(fails.code, 1, fails.out + fails.err);
  assert.match(fails.out, /Device asserts: FAILS: P0 fails assert\(x == 1\) \(k\.cu:9, in k\) at line \d+:2; P1 fails/);
  // The message's constants are no memory of the launch: only out[] is drawn.
  assert.not.match(fails.out, /\$str/);
  const json = JSON.parse(ptxmm('kernel', f, '--param', '2', '--json').out.split('\n')[0]!) as { properties: { property: string; verdict: string }[] };
  assert.equal(json.properties.map((p) => [p.property, p.verdict]), [['abort', 'fails']]);
  // Another property asked beside it: each answers for itself. The launch fails in every
  // execution, and the host sees no final memory: the assertion has nothing to hold of (it said
  // "holds", of the memory an aborted launch left).
  const both = ptxmm('kernel', f, '--param', '2', '--assert', 'out[0] == 0');
  assert.match(both.out, /Assert out\[0\] == 0: unknown: no execution finishes without an abort \(a failed assert or trap ends the launch\)[^]*Device asserts: FAILS/);
  assert.match(ptxmm('kernel', f, '--param', '1', '--assert', 'out[0] == 1').out, /Assert out\[0\] == 1: holds/);
});

test('an abort ends the launch: no thread waits forever after one, and the assertions are of the executions without one', () => {
  // P0 traps when v is 7, returns without setting the flag when v is 6, else sets it; P1 spins on it.
  const spin = `${HEAD}.global .align 4 .u32 flag;\n.visible .entry k(.param .u32 v)\n{\n\t.reg .pred %p<6>;\n\t.reg .b32 %r<8>;\n`
    + '\tld.param.u32 %r1, [v];\n\tmov.u32 %r2, %tid.x;\n\tsetp.ne.u32 %p1, %r2, 0;\n\t@%p1 bra $W;\n'
    + '\tsetp.eq.u32 %p2, %r1, 7;\n\t@%p2 trap;\n\tsetp.eq.u32 %p3, %r1, 6;\n\t@%p3 ret;\n'
    + '\tmov.u32 %r3, 1;\n\tst.volatile.global.u32 [flag], %r3;\n\tret;\n'
    + '$W:\n\tld.volatile.global.u32 %r4, [flag];\n\tsetp.eq.u32 %p4, %r4, 0;\n\t@%p4 bra $W;\n\tret;\n}\n';
  const f = S.write('spin.ptx', spin);
  const run = (v: string) => ptxmm('kernel', f, '--block', '2', '--param', v, '--liveness', '--assert', 'flag == 1');
  // It said "P1 spins forever": in every execution P0 traps first, and the launch ends. And
  // the trap was "unknown" (no execution finishes): it is found in the prefix that it ends.
  const trapped = run('7');
  assert.match(trapped.out, /Liveness: holds/, trapped.out);
  assert.match(trapped.out, /Assert flag == 1: unknown: no execution/);
  assert.match(trapped.out, /Traps: FAILS: P0 reaches trap at line 15:7[^]*in this consistent execution, which the abort ends while P1 is in the loop closed by @%p4 bra \$W \(line 24\):/);
  const hangs = run('6');
  assert.match(hangs.out, /Liveness: FAILS: P1 spins forever/, hangs.out);
  const fine = run('5');
  assert.match(fine.out, /Liveness: holds[^]*/, fine.out);
  assert.match(fine.out, /Assert flag == 1: holds/);
  assert.match(fine.out, /Traps: holds/);
});

test('a thread stops at the first assert it fails: a later one is not named, and what the assert guards never runs', () => {
  // Both asserts fail with v == 2; the store after them would go to out[2], past the buffer.
  const f = S.write('first.ptx', kernel(`${callAssert('$str', '$str$1', '$fn', 5)}${callAssert('$str', '$str$1', '$fn', 6)}\tmov.u64 %rd9, out;\n\tst.global.u32 [%rd9+8], %r1;\n`));
  const r = ptxmm('kernel', f, '--param', '2');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /Device asserts: FAILS: P0 fails assert\(x == 1\) \(k\.cu:5, in k\)/);
  assert.not.match(r.out, /k\.cu:6/);
});

test('the message is read as far as the PTX names it, and through nvcc -G\'s __assert_fail wrapper, a site per call', () => {
  const inst = (text: string) => instantiate(readModule(text, 'k.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [{ value: 0n }] });
  // A message computed at run time is not guessed.
  const computed = callAssert('$str', '$str$1', '$fn').replace('\tmov.u64 %rd5, $str;\n', '\tadd.s64 %rd5, %rd4, 1;\n');
  const a = inst(kernel(computed)).aborts;
  assert.equal(a.map((x) => x.assertion), [{ expr: null, file: 'k.cu', line: 9, func: 'k' }]);
  // -G: every assert calls one wrapper, which passes its parameters on.
  const wrapper = '.func __assert_fail(.param .b64 a0, .param .b64 a1, .param .b32 a2, .param .b64 a3)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<12>;\n'
    + '\tld.param.u64 %rd6, [a0];\n\tld.param.u64 %rd7, [a1];\n\tld.param.u32 %r1, [a2];\n\tld.param.u64 %rd8, [a3];\n'
    + callAssert('$str', '$str$1', '$fn').replace(/\tmov\.u64 %rd\d, \S+;\n|\tcvta\.global\.u64 %rd6, %rd5;\n/g, '').replace('st.param.b32 [param2+0], 9', 'st.param.b32 [param2+0], %r1') + '\tret;\n}\n';
  const callWrapper = (line: number): string => '\tmov.u64 %rd9, $str;\n\tmov.u64 %rd10, $str$1;\n\tmov.u64 %rd11, $fn;\n'
    + `\t{\n\t.param .b64 p0;\n\tst.param.b64 [p0+0], %rd9;\n\t.param .b64 p1;\n\tst.param.b64 [p1+0], %rd10;\n\t.param .b32 p2;\n\tst.param.b32 [p2+0], ${line};\n`
    + '\t.param .b64 p3;\n\tst.param.b64 [p3+0], %rd11;\n\tcall.uni __assert_fail, (p0, p1, p2, p3);\n\t}\n';
  const gi = inst(kernel(callWrapper(3) + callWrapper(4), wrapper));
  const g = gi.aborts;
  // The words the wrapper hands on are no memory either (30 asserts at -G took 20 s with them).
  assert.equal(gi.test.locations.map((l) => l.name), ['out[0]', 'out[1]']);
  // (The line passed through a register is not traced: an immediate only.)
  assert.equal(g.map((x) => [x.k, x.kind, x.assertion?.expr, x.assertion?.file]), [[1, 'assert', 'x == 1', 'k.cu'], [2, 'assert', 'x == 1', 'k.cu']]);
  assert.ok(g[0]!.pos.line !== g[1]!.pos.line, 'each site is the call of the wrapper');
});

test('a thread stopped before its abort has not aborted: no abort made up in a prefix, and its hang not hidden', () => {
  // Each thread spins on a flag nobody sets, then traps: it never gets there. (The stopped
  // thread's abort register was read as at the end of its path: "Traps: FAILS", "Liveness: holds".)
  const spinThenTrap = `${HEAD}.global .align 4 .u32 flag;\n.visible .entry k()\n{\n\t.reg .pred %p<6>;\n\t.reg .b32 %r<8>;\n`
    + '$W:\n\tld.volatile.global.u32 %r4, [flag];\n\tsetp.eq.u32 %p4, %r4, 0;\n\t@%p4 bra $W;\n\ttrap;\n\tret;\n}\n';
  // P0 traps after a barrier that P1, spinning, never comes to.
  const barThenTrap = `${HEAD}.global .align 4 .u32 flag;\n.visible .entry k()\n{\n\t.reg .pred %p<6>;\n\t.reg .b32 %r<8>;\n`
    + '\tmov.u32 %r2, %tid.x;\n\tsetp.ne.u32 %p1, %r2, 0;\n\t@%p1 bra $W;\n\tbar.sync 0;\n\ttrap;\n\tret;\n'
    + '$W:\n\tld.volatile.global.u32 %r4, [flag];\n\tsetp.eq.u32 %p4, %r4, 0;\n\t@%p4 bra $W;\n\tbar.sync 0;\n\tret;\n}\n';
  for (const [name, text] of [['spintrap.ptx', spinThenTrap], ['bartrap.ptx', barThenTrap]] as const) {
    const r = ptxmm('kernel', S.write(name, text), '--block', '2', '--liveness');
    assert.match(r.out, /Traps: unknown: no execution/, `${name}: ${r.out}`);
    assert.match(r.out, /Liveness: FAILS: P\d (spins|waits) forever/, `${name}: ${r.out}`);
  }
});

test('trap fails the abort property where a thread reaches it; exit in a device function ends the thread', () => {
  const f = S.write('trap.ptx', kernel('\tsetp.eq.u32 %p1, %r1, 7;\n\t@%p1 trap;\n'));
  assert.match(ptxmm('kernel', f, '--param', '6').out, /Traps: holds/);
  const r = ptxmm('kernel', f, '--param', '7');
  assert.is(r.code, 1);
  assert.match(r.out, /Traps: FAILS: P0 reaches trap at line \d+:\d+/);
  // The module's assert words, which this kernel never names (another kernel's), are no memory
  // of its launch either: each byte was drawn as an initial write.
  assert.not.match(r.out, /\$str|\$fn/);
  assert.match(r.out, /W out\[0\]=0/);
  // A device function that exits: the caller's store after the call never runs.
  const stop = '.func stop()\n{\n\texit;\n}\n';
  const g = S.write('exit.ptx', `${HEAD}${stop}.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tcall.uni stop, ();\n\tmov.u32 %r1, 1;\n\tst.global.u32 [out], %r1;\n\tret;\n}\n`);
  const e = ptxmm('kernel', g, '--assert', 'out[0] == 0');
  assert.is(e.code, 0, e.out + e.err);
});

test.run();
