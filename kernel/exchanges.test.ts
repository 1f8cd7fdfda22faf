// Warp exchanges in kernels (shfl.sync, vote.sync, redux.sync, match.sync; solver/exchanges.ts):
// each mode against values worked out by hand from the ISA, the solver against brute force
// where values come from racing reads, no value out of thin air through a shuffle, the
// unpredictable value of a lane that does not take part, the waiting (deadlocks, liveness),
// and what is refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LitmusTest } from '../litmus/ast.js';
import { ptx75 } from '../model/ptx.js';
import { runTest } from '../solver/run.js';
import { type Z3Session, openZ3 } from '../solver/z3.js';
import { ptxmm, scratch } from '../tests/cli.js';
import { bothStates } from '../tests/kernels.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';

const S = scratch('ptxmm-exchange-');
// One Z3 for the file's tests.
let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/** A module with one kernel over `out` (and x, y): `body` its code, %r1 = %tid.x. */
const kernel = (body: string, n = 64): string =>
  `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[${n}];\n.global .align 4 .u32 x;\n.global .align 4 .u32 y;\n`
  + `.visible .entry k()\n{\n\t.reg .pred %p<12>;\n\t.reg .b32 %r<30>;\n\t.reg .b64 %rd<8>;\n\tmov.u32 %r1, %tid.x;\n${body}\n\tret;\n}\n`;

/** Each lane's results side by side: out[STRIDE * lane + k] = %r<first + k>, for k < count. */
const STRIDE = 16;
const store = (first: number, count: number): string =>
  `\tmul.lo.u32 %r29, %r1, ${STRIDE};`
  + '\n\tmul.wide.u32 %rd1, %r29, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n'
  + Array.from({ length: count }, (_, k) => `\tst.global.u32 [%rd3+${4 * k}], %r${first + k};\n`).join('');

const cells = (lanes: number, k: number): string[] => Array.from({ length: lanes }, (_, l) => `out[${STRIDE * l + k}]`);
/** Brute force and the solver each reach one final state: the one `want` gives (per result k, each lane's value in cells(lanes, k)). */
async function onlyState(body: string, want: [string, number[]][], lanes: number): Promise<void> {
  const observed = want.flatMap((_, k) => cells(lanes, k));
  const state = observed.map((name) => {
    const i = Number(name.slice(4, -1));
    return `${name}=${want[i % STRIDE]![1][Math.floor(i / STRIDE)]}`;
  }).join(';');
  const [solver, brute] = await bothStates(z3, kernel(body), lanes, observed);
  assert.equal(brute, [state]);
  assert.equal(solver, brute);
}

test('each shuffle mode and vote reads what the ISA pseudocode gives, in the solver and brute force', async () => {
  // Lane l holds 10l + 1 (1, 11, 21, 31). c = 3 clamps to lanes 0..3; 0x1e1f and 0x1e00 are
  // CUDA's width 2 (segment mask 0x1e). A lane whose j is outside the clamp keeps its own value.
  const body = '\tmad.lo.u32 %r2, %r1, 10, 1;\n'
    + '\tshfl.sync.down.b32 %r3|%p1, %r2, 1, 3, 0xf;\n'
    + '\tshfl.sync.up.b32 %r4|%p2, %r2, 1, 0, 0xf;\n'
    + '\tshfl.sync.bfly.b32 %r5, %r2, 1, 3, 0xf;\n'
    + '\tshfl.sync.idx.b32 %r6, %r2, 2, 3, 0xf;\n'
    + '\tshfl.sync.idx.b32 %r7, %r2, 1, 0x1e1f, 0xf;\n'
    + '\tshfl.sync.up.b32 %r8, %r2, 1, 0x1e00, 0xf;\n'
    + '\tand.b32 %r20, %r1, 1;\n\tsetp.ne.u32 %p3, %r20, 0;\n'
    + '\tvote.sync.ballot.b32 %r9, %p3, 0xf;\n'
    // %r10: the p of down and up (bits 0, 1); %r11: any(odd), all(odd), uni(!odd), all(1) (bits 0..3).
    + '\tselp.u32 %r21, 1, 0, %p1;\n\tselp.u32 %r22, 2, 0, %p2;\n\tadd.u32 %r10, %r21, %r22;\n'
    + '\tvote.sync.any.pred %p4, %p3, 0xf;\n\tvote.sync.all.pred %p5, %p3, 0xf;\n\tvote.sync.uni.pred %p6, !%p3, 0xf;\n\tvote.sync.all.pred %p7, 1, 0xf;\n'
    + '\tselp.u32 %r23, 1, 0, %p4;\n\tselp.u32 %r24, 2, 0, %p5;\n\tselp.u32 %r25, 4, 0, %p6;\n\tselp.u32 %r26, 8, 0, %p7;\n'
    + '\tadd.u32 %r11, %r23, %r24;\n\tadd.u32 %r11, %r11, %r25;\n\tadd.u32 %r11, %r11, %r26;\n'
    + store(3, 9);
  const want: [string, number[]][] = [
    ['down 1', [11, 21, 31, 31]],
    ['up 1', [1, 1, 11, 21]],
    ['bfly 1', [11, 1, 31, 21]],
    ['idx 2', [21, 21, 21, 21]],
    ['idx 1, width 2', [11, 11, 31, 31]],
    ['up 1, width 2', [1, 1, 21, 21]],
    ['ballot(odd lane)', [10, 10, 10, 10]],
    ['p of down 1 + 2 * p of up 1', [1, 3, 3, 2]],
    ['any(odd) + 2 all(odd) + 4 uni(even) + 8 all(1)', [9, 9, 9, 9]],
  ];
  await onlyState(body, want, 4);
});

test('redux.sync and match.sync read what the ISA gives, in the solver and brute force', async () => {
  // Lane l holds 10l + 1 (1, 11, 21, 31); %r3 = that - 20 (-19, -9, 1, 11); %r4 = (l >= 2).
  const body = '\tmad.lo.u32 %r2, %r1, 10, 1;\n\tsub.s32 %r3, %r2, 20;\n\tsetp.ge.u32 %p1, %r1, 2;\n\tselp.u32 %r4, 1, 0, %p1;\n\tcvt.u64.u32 %rd5, %r2;\n\tshl.b64 %rd5, %rd5, 33;\n'
    + '\tredux.sync.add.u32 %r10, %r2, 0xf;\n\tredux.sync.min.s32 %r11, %r3, 0xf;\n\tredux.sync.min.u32 %r12, %r3, 0xf;\n\tredux.sync.max.s32 %r13, %r3, 0xf;\n'
    + '\tredux.sync.and.b32 %r14, %r2, 0xf;\n\tredux.sync.or.b32 %r15, %r2, 0xf;\n\tredux.sync.xor.b32 %r16, %r2, 0xf;\n'
    + '\tmatch.any.sync.b32 %r17, %r4, 0xf;\n\tmatch.all.sync.b32 %r18|%p2, %r2, 0xf;\n\tmatch.all.sync.b32 %r19|%p3, 7, 0xf;\n\tmatch.any.sync.b64 %r20, %rd5, 0xf;\n'
    + '\tselp.u32 %r21, 1, 0, %p2;\n\tselp.u32 %r22, 2, 0, %p3;\n\tadd.u32 %r21, %r21, %r22;\n'
    + store(10, 12);
  const want: [string, number[]][] = [
    ['add', [64, 64, 64, 64]],
    ['min.s32 (-19)', Array(4).fill(2 ** 32 - 19)],
    ['min.u32', [1, 1, 1, 1]],
    ['max.s32', [11, 11, 11, 11]],
    ['and', [1, 1, 1, 1]],
    ['or', [31, 31, 31, 31]],
    ['xor', [0, 0, 0, 0]],
    ['match.any(l >= 2)', [3, 3, 12, 12]],
    ['match.all(v): values differ', [0, 0, 0, 0]],
    ['match.all(7)', [15, 15, 15, 15]],
    ['match.any.b64(v << 33)', [1, 2, 4, 8]],
    ['p of match.all(v) + 2 * p of match.all(7)', [2, 2, 2, 2]],
  ];
  await onlyState(body, want, 4);
});

test('values read from racing writes go through shuffles and votes alike in the solver and brute force', async () => {
  // Lane 0 writes x = 1 while every lane reads x: lane l's idx shuffle takes lane 0's read, its
  // down shuffle (clamped to 0..1) its neighbour's, and a ballot collects who read 1.
  const body = '\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $R;\n\tst.relaxed.gpu.global.u32 [x], 1;\n$R:\n\tld.relaxed.gpu.global.u32 %r2, [x];\n'
    + '\tshfl.sync.idx.b32 %r3, %r2, 0, 0x1f, 0x3;\n\tshfl.sync.down.b32 %r4, %r2, 1, 1, 0x3;\n\tsetp.eq.u32 %p2, %r2, 1;\n\tvote.sync.ballot.b32 %r5, %p2, 0x3;\n'
    + store(3, 3);
  const observed = [0, 1, 2].flatMap((k) => cells(2, k));
  const [solver, brute] = await bothStates(z3, kernel(body), 2, observed);
  // Lane 0 reads its own 1 (program order); lane 1 reads 0 or 1.
  assert.equal(brute, [0, 1].map((r) => `out[0]=1;out[16]=1;out[1]=${r};out[17]=${r};out[2]=${1 | (r << 1)};out[18]=${1 | (r << 1)}`).sort());
  assert.equal(solver, brute);
});

test('a loop on a vote: each round\'s operations meet the other lane\'s of that round (solver and brute force)', async () => {
  // Lane 0 writes x = 1; each lane reads x into r, then `for (i = 0; __any_sync(3, r + i < 2); i++)`.
  // Lane 1 reading 0 keeps both lanes going one more round: i = 2 for both, else 1 for both.
  const body = '\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $R;\n\tst.relaxed.gpu.global.u32 [x], 1;\n$R:\n\tld.relaxed.gpu.global.u32 %r2, [x];\n\tmov.u32 %r3, 0;\n'
    + '$L:\n\tadd.u32 %r4, %r2, %r3;\n\tsetp.lt.u32 %p2, %r4, 2;\n\tvote.sync.any.pred %p3, %p2, 0x3;\n\t@!%p3 bra $E;\n\tadd.u32 %r3, %r3, 1;\n\tbra $L;\n$E:\n'
    + store(3, 1);
  const [solver, brute] = await bothStates(z3, kernel(body), 2, cells(2, 0), 3);
  assert.equal(brute, ['out[0]=1;out[16]=1', 'out[0]=2;out[16]=2']);
  assert.equal(solver, brute);
});

test('no value out of thin air through a shuffle or a vote: two lanes swapping what they read and writing it back', async () => {
  // Lane 0 reads x and lane 1 reads y; a butterfly swaps the values; lane 0 writes y and lane
  // 1 x. Without the dependency the shuffle carries across lanes, rf | dep has no cycle and
  // x = y = 42 would be consistent (each write justified by the other's read).
  const body = '\tsetp.ne.u32 %p1, %r1, 0;\n\tmov.u64 %rd1, x;\n\tmov.u64 %rd2, y;\n\tselp.b64 %rd3, %rd2, %rd1, %p1;\n\tselp.b64 %rd4, %rd1, %rd2, %p1;\n'
    + '\tld.relaxed.gpu.global.u32 %r2, [%rd3];\n\tshfl.sync.bfly.b32 %r3, %r2, 1, 0x1f, 0x3;\n\tst.relaxed.gpu.global.u32 [%rd4], %r3;\n';
  const f = S.write('thin-air.ptx', kernel(body, 1));
  const r = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'x == 0 /\\ y == 0');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /Assert x == 0 \/\\ y == 0: holds/);
  // The same through a vote: each lane writes 1 to the other's location when some lane read 1.
  const vote = '\tsetp.ne.u32 %p1, %r1, 0;\n\tmov.u64 %rd1, x;\n\tmov.u64 %rd2, y;\n\tselp.b64 %rd3, %rd2, %rd1, %p1;\n\tselp.b64 %rd4, %rd1, %rd2, %p1;\n'
    + '\tld.relaxed.gpu.global.u32 %r2, [%rd3];\n\tsetp.eq.u32 %p2, %r2, 1;\n\tvote.sync.any.pred %p3, %p2, 0x3;\n\tselp.u32 %r3, 1, 0, %p3;\n\tst.relaxed.gpu.global.u32 [%rd4], %r3;\n';
  for (const b of [body, vote]) {
    const [solver, brute] = await bothStates(z3, kernel(b, 1), 2, ['x', 'y']);
    assert.equal(brute, ['x=0;y=0']);
    assert.equal(solver, brute);
  }
});

test('a shuffle from a lane that does not take part: any value, so no list of states, while assertions still answer', async () => {
  // Lane 1 reads lane 2 (down 1, clamp 31), and the block has two threads.
  const body = '\tmad.lo.u32 %r2, %r1, 10, 1;\n\tshfl.sync.down.b32 %r3, %r2, 1, 0x1f, 0x3;\n' + store(3, 1);
  const inst = instantiate(readModule(kernel(body), 'k.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [] });
  const t: LitmusTest = { ...inst.test, observed: cells(2, 0).map((name) => ({ kind: 'loc' as const, name })) };
  const listed = await runTest(z3, t, { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
  assert.is(listed.states, null);
  assert.match(listed.unknown ?? '', /^P1 line \d+:\d+: shfl\.sync\.down\.b32 .*: in some execution it reads a lane that does not take part.*the final states cannot be listed/);
  const f = S.write('unpredictable.ptx', kernel(body));
  const holds = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'out[0] == 11');
  assert.is(holds.code, 0, holds.out + holds.err);
  const fails = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'out[16] == 11');
  assert.is(fails.code, 1, fails.out + fails.err);
  assert.match(fails.out, /Assert out\[16\] == 11: FAILS/);
  // The counterexample says where its value comes from: lane 1's shuffle, not lane 0's.
  assert.match(fails.out, /note: P1 line \d+:\d+: shfl\.sync\.down\.b32 %r3, %r2, 1, 31, 3: in this execution it reads a lane that does not take part/);
  assert.not.match(fails.out, /note: P0/);
});

test('an exchange waits for the lanes of its mask: crosswise operations deadlock, the same order at other places meets', async () => {
  // Lane 0 shuffles, then votes; lane 1 votes, then shuffles. Each waits at its first for the
  // other, which waits at another operation: no execution finishes (no value depends on
  // another lane's here, so only the waiting rules them out). The same operations in the same
  // order, each lane at its own instructions, meet.
  const crossed = '\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra $B;\n\tshfl.sync.idx.b32 %r2, %r1, 1, 0x1f, 0x3;\n\tvote.sync.ballot.b32 %r3, %p1, 0x3;\n\tbra $E;\n'
    + '$B:\n\tvote.sync.ballot.b32 %r3, %p1, 0x3;\n\tshfl.sync.idx.b32 %r2, %r1, 0, 0x1f, 0x3;\n$E:\n' + store(2, 2);
  const [none, noneBrute] = await bothStates(z3, kernel(crossed), 2, cells(2, 0));
  assert.equal(noneBrute, []);
  assert.equal(none, []);
  const f = S.write('crossed.ptx', kernel(crossed));
  const r = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'out[0] == 1', '--liveness');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /Assert out\[0\] == 1: unknown: no execution finishes: none gets past all of P0:shfl\.sync\.idx\.b32 %r2, %r1, 1, 31, 3; P1:vote\.sync\.ballot\.b32 %r3, %p1, 3/);
  assert.match(r.out, /Liveness: FAILS: P0 waits forever at shfl\.sync\.idx\.b32 %r2, %r1, 1, 31, 3 \(line \d+\); P1 waits forever at vote\.sync\.ballot\.b32 %r3, %p1, 3 \(line \d+\)/);
  const same = crossed.replace('$B:\n\tvote.sync.ballot.b32 %r3, %p1, 0x3;\n\tshfl.sync.idx.b32 %r2, %r1, 0, 0x1f, 0x3;', '$B:\n\tshfl.sync.idx.b32 %r2, %r1, 0, 0x1f, 0x3;\n\tvote.sync.ballot.b32 %r3, %p1, 0x3;');
  assert.is.not(same, crossed);
  const [met, metBrute] = await bothStates(z3, kernel(same), 2, [...cells(2, 0), ...cells(2, 1)]);
  assert.equal(metBrute, ['out[0]=1;out[16]=0;out[1]=2;out[17]=2']);
  assert.equal(met, metBrute);
  const g = S.write('same.ptx', kernel(same));
  const live = ptxmm('kernel', g, '--grid', '1', '--block', '2', '--assert', 'out[0] == 1', '--liveness');
  assert.is(live.code, 0, live.out + live.err);
  assert.match(live.out, /Liveness: holds/);
});

test('a lane of the mask that never comes keeps a warp operation waiting; one that exits does not (solver, brute force, liveness)', async () => {
  // Lane 0 takes a ballot (or __syncwarp) with lane 1 inside `if (tid == 0)`, then sets x; lane
  // 1 goes round it. Lane 1 exiting lets lane 0 go on (its ballot has lane 0 alone). Lane 1
  // waiting at __syncthreads() for lane 0, or spinning until x is set, does not: no execution
  // finishes, and the liveness check finds each lane waiting.
  const ifZero = (op: string): string => `\tsetp.ne.u32 %p1, %r1, 0;\n\tmov.u32 %r2, 7;\n\t@%p1 bra $S;\n\t${op};\n\tst.relaxed.gpu.global.u32 [x], 1;\n$S:\n`;
  const ballot = 'vote.sync.ballot.b32 %r2, 1, 0x3';
  const spin = '\t@!%p1 bra $D;\n$W:\n\tld.relaxed.gpu.global.u32 %r3, [x];\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $W;\n$D:\n';
  const cases: [string, string, string[], RegExp | null][] = [
    ['exits', ifZero(ballot), ['out[0]=1;out[16]=7'], null],
    ['syncthreads', `${ifZero(ballot)}\tbar.sync 0;\n`, [], /P0 waits forever at vote\.sync\.ballot\.b32 %r2, 1, 3 \(line \d+\); P1 waits forever at bar\.sync 0 \(line \d+\)/],
    ['spins', `${ifZero(ballot)}${spin}`, [], /P0 waits forever at vote\.sync\.ballot\.b32 %r2, 1, 3 \(line \d+\); P1 spins forever in the loop closed by @%p2 bra \$W/],
    ['syncwarp', `${ifZero('bar.warp.sync 0x3')}\tbar.sync 0;\n`, [], /P0 waits forever at bar\.warp\.sync 3 \(line \d+\); P1 waits forever at bar\.sync 0 \(line \d+\)/],
    ['syncwarp exits', ifZero('bar.warp.sync 0x3'), ['out[0]=7;out[16]=7'], null],
    ['syncwarp spins', `${ifZero('bar.warp.sync 0x3')}${spin}`, [], /P0 waits forever at bar\.warp\.sync 3 \(line \d+\); P1 spins forever/],
  ];
  for (const [name, body, states, hang] of cases) {
    const text = kernel(body + store(2, 1));
    const [solver, brute] = await bothStates(z3, text, 2, cells(2, 0));
    assert.equal(brute, states, name);
    assert.equal(solver, brute, name);
    const f = S.write('waits.ptx', text);
    const r = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--liveness');
    assert.is(r.code, hang ? 1 : 0, `${name}: ${r.out}${r.err}`);
    if (hang) assert.match(r.out, hang, name);
    else assert.match(r.out, /Liveness: holds/, name);
  }
});

test('warp exchanges: what is refused, at its position', () => {
  const cases: [string, string, RegExp][] = [
    ['\tshfl.down.b32 %r2, %r1, 1, 0x1f;', 'shfl.down', /shfl needs \.sync/],
    ['\tshfl.sync.b32 %r2, %r1, 1, 0x1f, 0xf;', 'shfl.sync', /needs a mode/],
    ['\tshfl.sync.down.u32 %r2, %r1, 1, 0x1f, 0xf;', 'u32 %r2', /shfl\.sync\.down needs \.b32/],
    ['\tredux.sync.min.b32 %r2, %r1, 0xf;', 'b32 %r2', /redux\.sync\.min needs \.u32 or \.s32/],
    ['\tredux.sync.and.u32 %r2, %r1, 0xf;', 'u32 %r2, %r1, 0xf', /redux\.sync\.and needs \.b32/],
    ['\tmatch.any.sync.b32 %r2|%p1, %r1, 0xf;', '%r2|', /the destination must be a register/],
    ['\tshfl.sync.down.b32 %r2, %r1, 1, 0x1f;', 'shfl.sync', /five operands/],
    ['\tvote.sync.ballot.pred %p1, %p2, 0xf;', 'pred %p1, %p2', /vote\.sync\.ballot needs \.b32/],
    ['\tvote.sync.any.pred %r2|%p1, %p2, 0xf;', '%r2', /the destination must be a register/],
    ['\tld.global.u32 %r2, [x];\n\tshfl.sync.down.b32 %r3, %r1, 1, 0x1f, %r2;', 'shfl.sync.down.b32 %r3', /a member mask computed as the kernel runs/],
    ['\tshfl.sync.down.b32 %r3, %r1, 1, 0x1f, 0x2;', 'shfl.sync.down.b32 %r3', /lane 0 \(P0\) is not in the mask 0x2/],
  ];
  for (const [code, needle, message] of cases) {
    const text = kernel(code);
    const f = S.write('refused.ptx', text);
    const r = ptxmm('kernel', f, '--grid', '1', '--block', '2', '--assert', 'out[0] == 0');
    assert.is(r.code, 2, `${code}: ${r.out}${r.err}`);
    const i = text.indexOf(needle);
    const before = text.slice(0, i).split('\n');
    const first = r.err.trim().split('\n')[0]!;
    assert.ok(first.startsWith(`${f}:${before.length}:${before[before.length - 1]!.length + 1}: `), `${code}: ${first}`);
    assert.match(first, message, code);
  }
  // A litmus test's thread stands for a whole warp.
  const lit = S.write('shfl.litmus', 'PTX shfl\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n shfl.sync.idx.b32 %r1, %r0, 0, 0x1f, 0x1 ;\nexists (P0:%r1 == 0)\n');
  const r = ptxmm('check', lit);
  // (check's status for a file that does not read, as for an unknown instruction.)
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.err, /shfl\.litmus:4:2: shfl\.sync is read in kernels/);
});

test.run();
