// CTA barriers in kernels (solver/barriers.ts): a count-less bar.sync (__syncthreads()) waits
// for every thread of its CTA that has not exited (ISA 9.7.12.1), whether or not that thread
// would come to a barrier; the solver, brute force and the liveness check each say so.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Z3Session, openZ3 } from '../solver/z3.js';
import { ptxmm, scratch } from '../tests/cli.js';
import { bothStates } from '../tests/kernels.js';

const S = scratch('ptxmm-ctabar-');
let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/** A kernel over out[n], x and y: `body` its code, %r1 = %tid.x, %p1 = (%tid.x != 0); thread t stores %r2 to out[t] at the end. */
const kernel = (body: string, n = 2): string =>
  `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[${n}];\n.global .align 4 .u32 x;\n.global .align 4 .u32 y;\n`
  + '.visible .entry k()\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n'
  + '\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\tmov.u32 %r2, 7;\n'
  + `${body}\tmul.wide.u32 %rd1, %r1, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n`;

test('a count-less bar.sync waits for every thread of its CTA that has not exited (solver, brute force, liveness)', async () => {
  // Thread 0 goes to __syncthreads() and then sets x (and reads it into %r2); thread 1 goes
  // around the barrier. Where thread 1 exits, thread 0 goes on. Where it spins until x is set,
  // it never arrives, so thread 0 never passes: a hang, though thread 1 would come to no
  // barrier (a litmus test's count-less barrier waits only for the threads that would).
  const zero = '\t@%p1 bra $S;\n\tbar.sync 0;\n\tst.relaxed.gpu.global.u32 [x], 1;\n\tld.relaxed.gpu.global.u32 %r2, [x];\n$S:\n';
  const spin = '\t@!%p1 bra $D;\n$W:\n\tld.relaxed.gpu.global.u32 %r3, [x];\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $W;\n$D:\n';
  // Thread 1 at another bar.sync 0 (ptxmm lets a CTA's threads meet at different instructions
  // of one barrier, as sm_70 and later do; `--barriers` reports an aligned one reached so as
  // divergent): the barrier orders thread 1's store before thread 0's store and load.
  const other = '\t@!%p1 bra $T;\n\tst.relaxed.gpu.global.u32 [x], 2;\n\tbar.sync 0;\n$T:\n';
  const cases: [string, string, string[], RegExp | null][] = [
    ['exits', zero, ['out[0]=1;out[1]=7'], null],
    ['spins', zero + spin, [], /P0 waits forever at bar\.sync 0 \(line \d+\); P1 spins forever in the loop closed by @%p2 bra \$W/],
    ['meets at another instruction', other + zero, ['out[0]=1;out[1]=7'], null],
  ];
  for (const [name, body, states, hang] of cases) {
    const text = kernel(body);
    const [solver, brute] = await bothStates(z3, text, 2, ['out[0]', 'out[1]']);
    assert.equal(brute, states, name);
    assert.equal(solver, brute, name);
    const f = S.write('bar.ptx', text);
    const r = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'out[0] == 1', '--liveness');
    assert.is(r.code, hang ? 1 : 0, `${name}: ${r.out}${r.err}`);
    if (hang) {
      assert.match(r.out, hang, name);
      assert.match(r.out, /Assert out\[0\] == 1: unknown: no execution of every thread finishes within loop bound 2 \(a larger --bound may find some, unless a thread hangs: --liveness says\)/, name);
    } else assert.match(r.out, /Assert out\[0\] == 1: holds[^]*Liveness: holds/, name);
  }
});

test('a thread count is reached by whole warps, each once its lanes have arrived or exited (solver, brute force, liveness)', async () => {
  // One warp of 4 threads at `bar.sync 1, 32`: the warp's arrival is the 32 threads the count
  // asks for, though only 4 threads exist. Each thread stores t + 1 to x[t] (out here) before
  // it and reads its neighbour's after it.
  const ring = '\tadd.u32 %r3, %r1, 1;\n\tmul.wide.u32 %rd1, %r1, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r3;\n'
    + '\tbar.sync 1, COUNT;\n\tand.b32 %r4, %r3, 3;\n\tmul.wide.u32 %rd1, %r4, 4;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tld.global.u32 %r2, [%rd3];\n'
    + '\tmul.wide.u32 %rd1, %r1, 4;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3+16], %r2;\n\tret;\n';
  const cells = ['out[4]', 'out[5]', 'out[6]', 'out[7]'];
  const [one, oneBrute] = await bothStates(z3, kernel(ring.replace('COUNT', '32'), 8), 4, cells);
  assert.equal(oneBrute, ['out[4]=2;out[5]=3;out[6]=4;out[7]=1']);
  assert.equal(one, oneBrute);
  // 64 threads are two warps, and the block has one: no execution finishes.
  const [two, twoBrute] = await bothStates(z3, kernel(ring.replace('COUNT', '64'), 8), 4, cells);
  assert.equal(twoBrute, []);
  assert.equal(two, []);
  // Two warps of a block of 33: thread 0 (warp 0) stores x and arrives (bar.arrive 1, 64), thread
  // 32 (warp 1) syncs and reads x. Warp 0's other lanes exit: its arrival counts 32 threads, and
  // the count is reached. Where lane 1 instead waits for y, which thread 32 sets after the
  // barrier, thread 0 waits at bar.arrive for it, and thread 32 for warp 0: a hang.
  const roles = '\tsetp.eq.u32 %p2, %r1, 0;\n\t@%p2 bra $P;\n\tsetp.eq.u32 %p2, %r1, 32;\n\t@%p2 bra $C;\nLANE1\tret;\n'
    + '$P:\n\tst.global.u32 [x], 1;\n\tbar.arrive 1, 64;\n\tbra $E;\n'
    + '$C:\n\tbar.sync 1, 64;\n\tld.global.u32 %r2, [x];\n\tst.relaxed.gpu.global.u32 [y], 1;\n$E:\n';
  const lane1 = '\tsetp.ne.u32 %p3, %r1, 1;\n\t@%p3 bra $X;\n$W:\n\tld.relaxed.gpu.global.u32 %r3, [y];\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $W;\n$X:\n';
  const cases: [string, string, string[], RegExp | null][] = [
    ['exit', roles.replace('LANE1', ''), ['out[0]=7;out[32]=1'], null],
    ['lane 1 waits', roles.replace('LANE1', lane1), [], /P0 waits forever at bar\.arrive 1, 64 \(line \d+\); P1 spins forever in the loop closed by @%p2 bra \$W[^]*P32 waits forever at bar\.sync 1, 64/],
  ];
  for (const [name, body, states, hang] of cases) {
    const text = kernel(body, 33);
    const [solver, brute] = await bothStates(z3, text, 33, ['out[0]', 'out[32]']);
    assert.equal(brute, states, name);
    assert.equal(solver, brute, name);
    const f = S.write('warps.ptx', text);
    const r = ptxmm('kernel', f, '--grid', '1', '--block', '33', '--liveness');
    assert.is(r.code, hang ? 1 : 0, `${name}: ${r.out}${r.err}`);
    assert.match(r.out, hang ?? /Liveness: holds/, name);
  }
});

test('--barriers: barrier.sync.aligned is aligned as bar.sync is; barrier.sync is not', () => {
  // Threads 0 and 1 of one warp come to different instructions of barrier 0.
  const at = (b: string): string => kernel(`\t@%p1 bra $E;\n\t${b};\n\tbra.uni $F;\n$E:\n\t${b};\n$F:\n`);
  for (const [b, divergent] of [['bar.sync 0', true], ['barrier.sync.aligned 0', true], ['barrier.sync 0', false]] as const) {
    const r = ptxmm('kernel', S.write('div.ptx', at(b)), '--block', '2', '--barriers');
    assert.is(r.code, divergent ? 1 : 0, `${b}: ${r.out}${r.err}`);
    assert.match(r.out, divergent ? new RegExp(`Barrier divergence: FAILS: ${b.replace(/\./g, '\\.')} \\(line \\d+\\)`) : /Barrier divergence: holds/, b);
  }
});

test('--barriers: two bar.sync met in turn (A then B by one thread, B then A by another) diverge, though each runs each once', async () => {
  // Thread 0 falls through A then B; thread 1 jumps to B, then back to A. At each generation of
  // barrier 0 the two are at different instructions: counting executions alone saw none.
  const turn = '\t@%p1 bra $B;\n$A:\n\tbar.sync 0;\n\t@%p1 bra $F;\n$B:\n\tbar.sync 0;\n\t@%p1 bra $A;\n$F:\n';
  const r = ptxmm('kernel', S.write('turn.ptx', kernel(turn)), '--block', '2', '--barriers');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /Barrier divergence: FAILS: bar\.sync 0 \(line (\d+)\) is met in turn with another barrier instruction/);
  assert.match(r.out, /arrivals at the barrier, by line: P0 (\d+), (\d+); P1 \2, \1\n/);
  // The same two instructions in the same order for both threads: uniform.
  const same = '\t@%p1 bra $B;\n\tbra.uni $B;\n$B:\n\tbar.sync 0;\n\tbar.sync 0;\n';
  const u = ptxmm('kernel', S.write('same.ptx', kernel(same)), '--block', '2', '--barriers');
  assert.is(u.code, 0, u.out + u.err);
  assert.match(u.out, /Barrier divergence: holds/);
});

test('a trap ends the launch: no race or divergence is made of what other threads would do after it', () => {
  // Thread 0 sets y and meets thread 1 at the barrier, then reads x. Thread 1 writes x, and
  // traps if it sees y set. Counted as exited, the trapped thread would let thread 0 pass the
  // barrier alone, to read x unordered with its write: a race no launch can show.
  const body = '\t@%p1 bra $T1;\n\tst.relaxed.gpu.global.u32 [y], 1;\n\tbra.uni $B;\n$T1:\n\tst.global.u32 [x], 1;\n'
    + '\tld.relaxed.gpu.global.u32 %r3, [y];\n\tsetp.eq.u32 %p2, %r3, 1;\n\t@%p2 trap;\n$B:\n\tbar.sync 0;\n\t@%p1 bra $E;\n\tld.global.u32 %r2, [x];\n$E:\n';
  const r = ptxmm('kernel', S.write('trap.ptx', kernel(body)), '--block', '2', '--races', '--barriers');
  assert.match(r.out, /Traps: FAILS: P1 reaches trap/, r.out + r.err);
  assert.match(r.out, /Data races: holds/);
  assert.match(r.out, /Barrier divergence: holds/);
  // Where every execution traps, nothing is left to ask: no answer, and why.
  const always = ptxmm('kernel', S.write('trap1.ptx', kernel(body.replace('\t@%p2 trap;', '\ttrap;'))), '--block', '2', '--races', '--barriers');
  assert.match(always.out, /Data races: unknown: no execution finishes without an abort \(a failed assert or trap ends the launch\)/);
  assert.match(always.out, /Barrier divergence: unknown: no execution finishes without an abort/);
});

test.run();
