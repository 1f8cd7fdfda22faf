// The machine's behaviours one at a time, on small inline tests: weak behaviours it must
// show, orderings it must keep, scopes, partial coherence, atomics, barriers, loops, traces.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { asType, resize, rmwResult, rv, show } from './bits.js';
import { type RunOptions, type RunResult, notRunReason, runTest, traceTo } from './explore.js';
import { compile } from './program.js';
import { executorLiveness } from './liveness.js';
import { initialState, moves, successors } from './step.js';
import { formatRun, runJson } from './report.js';
import { lockExchanges } from '../bench/exfamilies.js';
import { LARGE } from '../tests/large.js';

/** A test from rows of cells; placements `P0@cta 0,gpu 0` unless given. */
function lit(rows: string[][], cond: string, init = '', places?: string[]): string {
  const n = rows[0]!.length;
  const head = (places ?? Array.from({ length: n }, (_, i) => `P${i}@cta ${i},gpu 0`)).join(' | ');
  return `PTX T\n{ ${init} }\n ${head} ;\n${rows.map((r) => ` ${r.join(' | ')} ;`).join('\n')}\n${cond}\n`;
}

function run(src: string, opts: Partial<RunOptions> = {}): RunResult {
  const o = runTest(parseLitmus(src), opts);
  if (!o.ok) throw new Error(o.error);
  return o.result;
}
const texts = (r: RunResult): string[] => r.states.map((s) => s.text);
const reaches = (r: RunResult): boolean => r.states.some((s) => s.holds);

test('bit-vectors: sign extension, wrap-around, inc/dec/cas as the ISA defines them', () => {
  assert.is(resize(rv(8, 0xff), 32, true).v, 0xffffffffn);
  assert.is(resize(rv(8, 0xff), 32, false).v, 0xffn);
  assert.is(asType(rv(32, -1), 'u64').v, 0xffffffffn);
  assert.is(asType(rv(32, -1), 's64').v, (1n << 64n) - 1n);
  assert.is(rmwResult('dec', 'u32', rv(32, 0), rv(32, 3), null).v, 3n);
  assert.is(rmwResult('dec', 'u32', rv(32, 3), rv(32, 1), null).v, 1n);
  assert.is(rmwResult('inc', 'u32', rv(32, 3), rv(32, 3), null).v, 0n);
  assert.is(rmwResult('cas', 'b32', rv(32, 2), rv(32, 1), rv(32, 9)).v, 2n, 'a failing cas writes the old value back');
  assert.is(rmwResult('min', 's32', rv(32, -1), rv(32, 1), null).v, rv(32, -1).v);
  assert.is(rmwResult('min', 'u32', rv(32, -1), rv(32, 1), null).v, 1n);
  assert.is(show(rv(32, -2), true), '-2');
  assert.is(show(rv(32, -2), false), '4294967294');
});

const SB = (fence: string): string => lit([
  ['st.weak.global.u32 [x], 1', 'st.weak.global.u32 [y], 1'],
  [fence, fence],
  ['ld.weak.global.u32 %r1, [y]', 'ld.weak.global.u32 %r2, [x]'],
], 'exists (P0:%r1 == 0 /\\ P1:%r2 == 0)', 'x=0; y=0;');

test('store buffering: allowed with no fence or fence.acq_rel, forbidden with morally strong fence.sc', () => {
  const plain = run(SB('mov.u32 %r9, 0'));
  assert.is(plain.states.length, 4, texts(plain).join('\n'));
  assert.ok(reaches(plain));
  assert.ok(reaches(run(SB('fence.acq_rel.gpu'))));
  const sc = run(SB('fence.sc.gpu'));
  assert.not.ok(reaches(sc));
  assert.is(sc.states.length, 3);
  // fence.sc.cta in different CTAs: not morally strong, no Fence-SC synchronization.
  assert.ok(reaches(run(SB('fence.sc.cta'))));
});

const LB = (dep: boolean): string => lit([
  ['ld.weak.global.u32 %r1, [x]', 'ld.weak.global.u32 %r2, [y]'],
  [dep ? 'st.weak.global.u32 [y], %r1' : 'st.weak.global.u32 [y], 1', dep ? 'st.weak.global.u32 [x], %r2' : 'st.weak.global.u32 [x], 1'],
], 'exists (P0:%r1 == 1 /\\ P1:%r2 == 1)', 'x=0; y=0;');

test('load buffering: reads and later writes reorder unless a dependency orders them', () => {
  assert.ok(reaches(run(LB(false))), 'LB without dependencies is allowed');
  const dep = run(LB(true));
  assert.not.ok(reaches(dep), 'no values out of thin air');
  assert.equal(texts(dep), ['P0:r1=0; P1:r2=0;']);
});

test('coherence of reads: morally strong reads keep their order, weak reads need not', () => {
  const corr = (sem: string): RunResult => run(lit([
    ['st.relaxed.gpu.global.u32 [x], 1', `ld.${sem}.global.u32 %r1, [x]`],
    ['', `ld.${sem}.global.u32 %r2, [x]`],
  ], 'exists (P1:%r1 == 1 /\\ P1:%r2 == 0)', 'x=0;'));
  assert.not.ok(reaches(corr('relaxed.gpu')));
  assert.ok(reaches(corr('weak')));
  // Out of scope (relaxed.cta across CTAs): not morally strong, so not ordered either.
  assert.ok(reaches(corr('relaxed.cta')));
});

test('message passing: release/acquire synchronizes only when both ends are in each other\'s scope', () => {
  const mp = (scope: string, sameCta: boolean): RunResult => run(lit([
    ['st.weak.global.u32 [d], 1', `ld.acquire.${scope}.global.u32 %r1, [f]`],
    [`st.release.${scope}.global.u32 [f], 1`, 'ld.weak.global.u32 %r2, [d]'],
  ], 'exists (P1:%r1 == 1 /\\ P1:%r2 == 0)', 'd=0; f=0;', sameCta ? ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0'] : undefined));
  assert.not.ok(reaches(mp('gpu', false)));
  assert.not.ok(reaches(mp('cta', true)));
  assert.ok(reaches(mp('cta', false)));
});

test('coherence is partial: two racing weak writes may be seen in either order by one reader', () => {
  // Both writes causally precede P2's reads (through the flags), yet it reads 1 then 2 (Dat3M Co-Total-3).
  const src = lit([
    ['st.weak x, 1', 'st.weak x, 2', 'ld.acquire.sys r0, f1'],
    ['st.release.sys f1, 1', 'st.release.sys f2, 1', 'ld.acquire.sys r1, f2'],
    ['', '', 'ld.weak r2, x'],
    ['', '', 'ld.weak r3, x'],
  ], 'exists (P2:r0 = 1 /\\ P2:r1 = 1 /\\ P2:r2 = 1 /\\ P2:r3 = 2)', 'x=0; f1=0; f2=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0', 'P2@cta 0,gpu 0']);
  assert.ok(reaches(run(src)));
  // Made strong (relaxed.sys, morally strong), the writes are ordered and the reads agree with it.
  assert.not.ok(reaches(run(src.replace('st.weak x, 1', 'st.relaxed.sys x, 1').replace('st.weak x, 2', 'st.relaxed.sys x, 2').replace(/ld\.weak/g, 'ld.relaxed.sys'))));
});

test('a location ends with any write nothing comes after (partial coherence)', () => {
  const r = run(lit([['st.weak.global.u32 [x], 1', 'st.weak.global.u32 [x], 2']], 'exists (x == 1)', 'x=0;'));
  assert.equal(texts(r), ['x=1;', 'x=2;']);
});

test('a write never goes between two writes coherence left unordered (docs/ARCHITECTURE.md, CoherenceAsMade)', () => {
  // P0 reads y after its own store of 2, and may read P1's weak store of 1 (left unordered
  // with P0's store). P1's volatile store, morally strong with P0's, must not then go before
  // P0's store: that would order the weak store before it too, behind P0's read (Coherence).
  // Ordering the two late, where no thread that may read y still held P0's store in its view,
  // reached y = 2 here: P0 had finished, and its view was forgotten (canonical.ts).
  const src = lit([
    ['st.volatile.u32 [y], 2', 'atom.relaxed.cta.add.u32 %r0, [x], 0'],
    ['ld.volatile.u32 %r0, [y]', 'st.weak.u32 [y], 1'],
    ['', 'setp.ne.u32 %p0, %r0, 0'],
    ['', '@%p0 bra L0'],
    ['', 'st.volatile.u32 [y], 1'],
    ['', 'L0:'],
    ['', 'bar.sync 0'],
  ], 'exists (P0:%r0 == 1 /\\ y == 2)', 'x=0; y=0;', ['P0@cta 0,gpu 1', 'P1@cta 0,gpu 0']);
  const r = run(src, { model: 'ptx60' });
  assert.equal(texts(r), ['P0:r0=1; y=1;', 'P0:r0=2; y=1;', 'P0:r0=2; y=2;']);
  assert.not.ok(reaches(r));
});

test('atomics: morally strong atom.add never loses an update; out of scope they may', () => {
  const add = (scope: string): RunResult => run(lit([[`atom.${scope}.global.add.u32 %r1, [x], 1`, `atom.${scope}.global.add.u32 %r2, [x], 1`]], 'exists (x == 1)', 'x=0;'));
  const gpu = add('gpu');
  assert.equal(texts(gpu), ['x=2;']);
  assert.ok(reaches(add('cta')), 'atom.cta in different CTAs: a lost update is allowed');
});

test('a state whose every next read is refused is a dropped execution, not a deadlock (no barrier here)', () => {
  // The cas may read the initial flag only after the data load overtook it, which an acquire
  // refuses (memory.ts observe): another interleaving has that execution.
  const r = run(lit([
    ['st.weak.global.u32 [data], 1', 'atom.acquire.gpu.global.cas.b32 %r1, [flag], 1, 2'],
    ['atom.release.gpu.global.exch.b32 %r3, [flag], 1', 'ld.weak.global.u32 %r2, [data]'],
  ], '~exists (P1:%r1 == 1 /\\ P1:%r2 == 0)', 'data=0; flag=0;', ['P0@cta 0,gpu 0', 'P1@cta 1,gpu 0']));
  assert.is(r.stats.deadlocks, 0);
  assert.ok(r.stats.dropped > 0, `dropped ${r.stats.dropped}`);
  assert.not.match(formatRun(r, 2), /Deadlock/);
});

test('a write left no place in coherence ends its interleaving (dropped), no deadlock: no barrier, no loop', () => {
  // P1's weak store may go before its relaxed one; the relaxed one then has no place: not
  // before P0's red (atomicity), not after the weak store (coherence as made).
  const src = lit([
    ['red.relaxed.gpu.global.add.u32 [x], 1', 'st.relaxed.gpu.global.u32 [x], 2'],
    ['', 'st.weak.global.u32 [x], 3'],
  ], 'exists (x == 0)', 'x=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']).replace('exists', 'locations [x;]\nexists');
  const r = run(src);
  assert.equal(texts(r), ['x=3;', 'x=4;']);
  assert.is(r.stats.deadlocks, 0);
  assert.not.match(formatRun(r, 2), /Deadlock/);
  const live = executorLiveness(parseLitmus(src));
  assert.ok('verdict' in live && live.verdict.kind === 'live', JSON.stringify(live));
});

test('addresses in registers: mov of a location and init &x', () => {
  const r = run(lit([
    ['mov.u64 %rd1, y', 'ld.acquire.gpu.u32 %r1, [%rd2]'],
    ['st.weak.u32 [%rd1], 5', 'ld.weak.u32 %r2, [y]'],
    ['st.release.gpu.u32 [x], 1', ''],
  ], 'exists (P1:%r1 == 1 /\\ P1:%r2 != 5)', 'x=0; y=0; P1:%rd2=&x;'));
  assert.not.ok(reaches(r));
  assert.ok(r.states.some((s) => s.text === 'P1:r1=1; P1:r2=5;'));
});

test('barriers: genuine bar.sync a, b counts warps (b/32 litmus threads); bar.arrive does not wait', () => {
  const src = (count: number): string => lit([
    ['st.weak.global.u32 [d], 1', `bar.sync 1, ${count}`],
    [`bar.arrive 1, ${count}`, 'ld.weak.global.u32 %r1, [d]'],
  ], 'exists (P1:%r1 == 0)', 'd=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']);
  const two = run(src(64));
  assert.not.ok(reaches(two));
  assert.is(two.stats.deadlocks, 0);
  const three = run(src(96));
  assert.is(three.states.length, 0, 'three warps never arrive');
  assert.ok(three.stats.deadlocks > 0);
  // The parser rejects a count of 48, also one in a register (litmus/barriers.ts); a program
  // built otherwise (an AST) with one is caught when it arrives.
  const t = parseLitmus(lit([['bar.sync 1, %r9', 'bar.sync 1, %r9']], 'exists (P0:%r9 == 64)', 'P0:%r9=64; P1:%r9=64;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']));
  const o = runTest({ ...t, regInits: t.regInits.map((r) => ({ ...r, value: 48n })) });
  assert.not.ok(o.ok);
  if (!o.ok) assert.match(o.error, /multiple of the warp size/);
});

test("barriers: Dartagnan's count is a quorum; without a count the threads that come meet", () => {
  const quorum = (n: number): RunResult => run(lit([
    ['st.weak x, 1', `bar.cta.sync 1, 1, ${n}`, `bar.cta.sync 1, 1, ${n}`],
    [`bar.cta.sync 1, 1, ${n}`, 'ld.weak r0, x', ''],
  ], 'exists (P1:r0 == 0)', 'x=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0', 'P2@cta 0,gpu 0']));
  assert.ok(reaches(quorum(2)), 'two threads pass without P0');
  assert.not.ok(reaches(quorum(3)));
  assert.is(quorum(4).states.length, 0);
  // Count-less: P0/P1 meet at barrier 1, P2 alone at barrier 2; nobody hangs.
  const meet = run(lit([
    ['st.weak x, 1', 'bar.cta.sync 1', 'bar.cta.sync 2'],
    ['bar.cta.sync 1', 'ld.weak r0, x', 'ld.weak r1, x'],
  ], 'exists (P1:r0 == 0 \\/ P2:r1 == 7)', 'x=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0', 'P2@cta 0,gpu 0']));
  assert.not.ok(reaches(meet));
  assert.ok(meet.states.some((s) => s.text.includes('P2:r1=0')));
  // Crossed barriers deadlock (Dat3M PC-bar-sync-sync-3).
  const crossed = run(lit([
    ['ld.weak r0, x', 'bar.cta.sync 1'],
    ['bar.cta.sync 0', 'st.weak x, 1'],
    ['bar.cta.sync 1', 'bar.cta.sync 0'],
  ], 'exists (P0:r0 == 1)', 'x=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']));
  assert.is(crossed.states.length, 0);
  // An instance left out is instance 0, as the solver reads it: these two meet (once they did not).
  const mixed = run(lit([
    ['st.weak x, 1', 'bar.cta.sync 0, 1, 0'],
    ['bar.cta.sync 1', 'ld.weak r0, x'],
  ], 'exists (P1:r0 == 0)', 'x=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']));
  assert.equal(texts(mixed), ['P1:r0=1;']);
});

test('loops: the bound cuts executions off and says so', () => {
  const spin = lit([
    ['st.weak.global.u32 [d], 1', 'L:'],
    ['st.release.gpu.global.u32 [f], 1', 'ld.acquire.gpu.global.u32 %r1, [f]'],
    ['', 'setp.eq.u32 %p1, %r1, 0'],
    ['', '@%p1 bra L'],
    ['', 'ld.weak.global.u32 %r2, [d]'],
  ], 'forall (P1:%r2 == 1)', 'd=0; f=0;');
  for (const bound of [0, 1, 3]) {
    // Every iteration explored (spin.ts's reduction off): the spin can always go round again.
    const r = run(spin, { bound, spinAssume: false });
    assert.ok(r.validated, `bound ${bound}`);
    assert.ok(r.stats.cut > 0, `bound ${bound}: the spin can always go on`);
    assert.equal(texts(r), ['P1:r2=1;']);
    // A spin loop going round again is dropped instead: nothing is cut, the same final states.
    const a = run(spin, { bound });
    assert.is(a.stats.cut, 0, `bound ${bound}`);
    assert.ok(a.stats.spun > 0, `bound ${bound}`);
    assert.equal(texts(a), ['P1:r2=1;']);
  }
});

test('a read may take a value made from its own later write, through a read-modify-write that does not observe it', () => {
  // P1 reads z = 1, which P0's red.cta (not morally strong with P1's accesses) copied from P1's own later store.
  const src = lit([
    ['red.relaxed.cta.max.u32 [z], 0', 'ld.volatile.u32 %r0, [z]'],
    ['', 'st.release.cluster.u32 [z], 1'],
  ], 'exists (P1:%r0 == 1)', 'z=0;', ['P0@cta 0,gpu 1', 'P1@cta 1,gpu 0']);
  assert.ok(reaches(run(src)));
  // Morally strong (both gpu scope, one GPU): the red observes the store, so the read cannot see it.
  assert.not.ok(reaches(run(src.replace('red.relaxed.cta', 'red.relaxed.gpu').replace('gpu 1', 'gpu 0'))));
});

test('a release may be performed early only if nothing acquires it', () => {
  // Nothing acquires y's release here: P1 reads x = 1, written after P0's release in program order.
  const early = lit([
    ['ld.weak.u32 %r0, [x]', 'ld.relaxed.gpu.u32 %r1, [y]'],
    ['st.release.gpu.u32 [y], 1', 'st.relaxed.gpu.u32 [x], %r1'],
  ], 'exists (P0:%r0 == 1 /\\ P1:%r1 == 1)', 'x=0; y=0;');
  assert.ok(reaches(run(early)), 'load buffering past an unused release');
  // With an acquire on the other side it is load buffering through synchronization: forbidden.
  assert.not.ok(reaches(run(early.replace('ld.relaxed.gpu.u32 %r1', 'ld.acquire.gpu.u32 %r1'))));
});


test('a fence no other thread is in scope of does not hold back an earlier ld.acquire', () => {
  // fence.acq_rel.cta alone in its CTA synchronizes with nothing and is done at once, ahead of
  // the pending ld.acquire: the load must still read the flag and synchronize (it once could not).
  const r = run(lit([
    ['st.weak.global.u32 [d], 1', 'ld.acquire.gpu.global.u32 %r1, [f]'],
    ['st.release.gpu.global.u32 [f], 1', 'fence.acq_rel.cta'],
    ['', 'ld.weak.global.u32 %r2, [d]'],
  ], 'exists (P1:%r1 == 1 /\\ P1:%r2 == 0)', 'd=0; f=0;'));
  assert.equal(texts(r), ['P1:r1=0; P1:r2=0;', 'P1:r1=0; P1:r2=1;', 'P1:r1=1; P1:r2=1;']);
});
test('writes no thread can read any more are forgotten: a spinning exchange stays small', () => {
  // Each thread stores 1, then exchanges 0 in until it gets a 1 (Dat3M CADP-like spin).
  const cell = ['st.relaxed.gpu.u32 [m], 1', 'L0:', 'atom.relaxed.gpu.exch.b32 %r0, [m], 0', 'setp.ne.u32 %p0, %r0, 1', '@%p0 bra L0'];
  const spin = lit(cell.map((c) => [c, c]), 'exists (P0:%r0 == 1 /\\ P1:%r0 == 1)', 'm=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']);
  const r = run(spin, { bound: 4 });
  assert.ok(r.stats.visited < 5000, `${r.stats.visited} states`);
  assert.ok(reaches(r));
  assert.ok(r.stats.cut > 0);
});

test('loads of locations nobody writes any more are explored alone (no interleavings)', () => {
  const cells = ['ld.relaxed.gpu.u32 %r1, [x]', 'ld.weak.u32 %r2, [y]', 'ld.relaxed.gpu.u32 %r3, [z]'];
  const r = run(lit(cells.map((c) => [c, c, c]), 'exists (P0:%r1 == 0)', 'x=0; y=0; z=0;'));
  assert.equal(texts(r), ['P0:r1=0;']);
  // 3 threads x 3 loads: one path of 10 states, not the 1680 interleavings.
  assert.ok(r.stats.visited <= 10, `${r.stats.visited} states`);
});

test('a read that leaves its thread as another read did is one successor, but still one move', () => {
  // After both stores of 1, P2's weak read may take init, P0's 1 or P1's 1: a weak read observes
  // nothing, so the two 1s leave P2 alike (one successor); moves keep them apart (liveness.ts).
  const src = lit([['st.weak.u32 [x], 1', 'st.weak.u32 [x], 1', 'ld.weak.u32 %r0, [x]']], 'exists (P2:%r0 == 1)', 'x=0;');
  const prog = compile(parseLitmus(src), 'ptx75', 2);
  let s = initialState(prog);
  for (const ti of [0, 1]) s = moves(prog, s).find((m) => m.ti === ti)!.raw;
  const loadMoves = moves(prog, s).filter((m) => m.ti === 2);
  assert.is(new Set(loadMoves.map((m) => m.read)).size, 3, 'init and both writes of 1');
  const succ = successors(prog, s, true).filter((c) => c.label.startsWith('P2'));
  assert.equal(succ.map((c) => c.label.replace(/ from .*/, '')).sort(), ['P2: ld.weak.u32 %r0, [x] reads 0', 'P2: ld.weak.u32 %r0, [x] reads 1']);
  // The outcomes are those of every read.
  assert.equal(texts(run(src)), ['P2:r0=0;', 'P2:r0=1;']);
});

test('proxies (ptx75): causality reaches another proxy only through proxy fences', () => {
  // Message passing: data written through the surface proxy, read generically in the same CTA.
  const mp = (fences: string[]): string => lit([
    ['sust.weak.u32 [x], 1', 'ld.acquire.cta.u32 %r1, [f]'],
    [fences[0] ?? '', 'ld.weak.u32 %r2, [x]'],
    ['st.release.cta.u32 [f], 1', ''],
  ].filter((r) => r.some((c) => c !== '')), 'exists (P1:%r1 == 1 /\\ P1:%r2 == 0)', 'x=0; f=0;', ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']);
  assert.ok(reaches(run(mp([]))), 'no proxy fence: the generic read may miss the surface write');
  assert.not.ok(reaches(run(mp(['fence.proxy.surface']))));
  // ptx60 has no proxies, and the 6.0 model does not apply to surface accesses (ISA 6.x §8.1): refused at the sust.
  const sixty = runTest(parseLitmus(mp([])), { model: 'ptx60' });
  assert.ok(!sixty.ok && /^sust\.weak\.u32 \[x\], 1: the ptx60 model has no proxies/.test(sixty.error) && sixty.pos?.line === 4, JSON.stringify(sixty.ok ? null : sixty.error));
  // Also where the texture access names an alias of the written data (the alias is the data).
  const tex = parseLitmus('PTX T\n{\n.global .u32 x = 0;\nt @ texture aliases x;\n}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed.gpu.global.u32 [x], 1 | tld.weak.u32 %r1, [t] ;\nexists (P1:%r1 == 1)\n');
  const texSixty = runTest(tex, { model: 'ptx60' });
  assert.ok(!texSixty.ok && /^tld\.weak\.u32 %r1, \[t\]: the ptx60 model has no proxies/.test(texSixty.error), JSON.stringify(texSixty.ok ? null : texSixty.error));
  assert.ok(runTest(tex, { model: 'ptx75' }).ok);
  // A surface reduction writes the data through the proxy: refused as sust is.
  const sured = runTest(parseLitmus('PTX S\n{\n.global .u32 x = 0;\ns @ surface aliases x;\n}\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n sured.relaxed.gpu.add.u32 [s], 1 | ld.relaxed.gpu.global.u32 %r2, [x] ;\nexists (P1:%r2 == 1)\n'), { model: 'ptx60' });
  assert.ok(!sured.ok && /^sured\.relaxed\.gpu\.add\.u32 \[s\], 1: the ptx60 model has no proxies/.test(sured.error), JSON.stringify(sured.ok ? null : sured.error));
  // A generic alias needs fence.proxy.alias.
  const alias = (fence: string): string => `PTX A\n{ x=0; y @ generic aliases x; f=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | ld.acquire.cta r1, f ;\n ${fence} | ld.weak r2, y ;\n st.release.cta f, 1 | ;\nexists (P1:r1 == 1 /\\ P1:r2 == 0)\n`;
  assert.ok(reaches(run(alias('fence.acq_rel.cta'))));
  assert.not.ok(reaches(run(alias('fence.proxy.alias'))));
});

test('what the executor cannot run is reported per test, not thrown', () => {
  const o = runTest(parseLitmus(lit([['ld.weak.u32 %r1, [%r5]', 'st.weak.u32 [x], 1']], 'exists (P0:%r1 == 0)', 'x=0; P0:%r5=77;')));
  assert.not.ok(o.ok);
  if (!o.ok) {
    assert.match(o.error, /is no location's/);
    // The solver refuses it too: an input error, not a feature the executor lacks.
    assert.is(o.input, true);
    // At the load, as commands print it (file:line:col, like the solver's refusals).
    assert.ok(o.pos && o.pos.col > 0);
    assert.match(notRunReason(o, 'f.litmus'), new RegExp(`^f\\.litmus:${o.pos!.line}:${o.pos!.col}: ld\\.weak\\.u32 %r1, \\[%r5\\]: address 77 \\(\\w+ - \\d+\\) is no location's`));
  }
});

test('a trace leads to the outcome asked for, one labelled step each', () => {
  const prog = compile(parseLitmus(SB('mov.u32 %r9, 0')), 'ptx75', 2);
  const path = traceTo(prog, 'P0:r1=0; P1:r2=0;');
  assert.ok(path);
  assert.is(path!.length, 4, path!.join('\n'));
  assert.ok(path!.filter((l) => /reads 0 from #0 \(init/.test(l)).length === 2, path!.join('\n'));
  assert.is(traceTo(compile(parseLitmus(SB('fence.sc.gpu')), 'ptx75', 2), 'P0:r1=0; P1:r2=0;'), null);
});

test('report: herd-like text and JSON with counts and the condition', () => {
  const r = run(LB(false));
  const text = formatRun(r, 4);
  assert.match(text, /^Test T Allowed/);
  assert.match(text, /States 4\n/);
  assert.match(text, /\nOk\nWitnesses\nPositive: 1 Negative: 3\n/);
  assert.match(text, /Visited \d+ states/);
  const j = runJson('f.litmus', 'ptx75', 4, { ok: true, result: r });
  assert.is(j.result, 'Ok');
  assert.equal(j.states.find((s) => s.satisfies)!.values, { 'P0:r1': 1n, 'P1:r2': 1n });
});

test('many morally strong writes to one location: a lock taken by exchange in loops, at loop bound 4', () => {
  // Each exchange goes before or after every strong write it is not already ordered with:
  // the placements were once found among all 2^k subsets of those k writes, and this test
  // did not finish in a minute; coherence orders them, so few placements exist.
  const r = run(lockExchanges, { bound: 4, maxStates: 200_000 });
  assert.not.ok(r.stats.truncated);
  // Each loop leaves only once it reads 0, so every final state has both registers 0.
  assert.equal(texts(r), ['P0:r0=0; P2:r2=0;']);
  assert.ok(r.stats.cut > 0, 'the bound cuts executions off');
});

test('a test too large for the executor is refused with the reason (it ran out of memory at 30,000 threads)', () => {
  const threads = 2_001;
  const wide = parseLitmus(LARGE.threads(threads), 'wide.litmus');
  const r = runTest(wide);
  assert.ok(!r.ok && r.error === 'the test is too large: 2001 instructions (at most 2,000)');
  const locs = parseLitmus(LARGE['init entries'](2_001), 'locs.litmus');
  const l = runTest(locs);
  assert.ok(!l.ok && l.error === 'the test is too large: 2001 locations (at most 2,000)');
  // At the limit it runs.
  const fits = parseLitmus(LARGE['init entries'](2_000), 'fits.litmus');
  const f = runTest(fits);
  assert.ok(f.ok && f.result.validated);
});


test('an access behind a barrier that never completes is never performed: its stray address is no error, as in the solver', () => {
  // The store's address (x's value, 0) is known while it waits behind bar.sync 5, 64, which no
  // second warp reaches: the ordering rules asked where it goes and refused it as bad input.
  const src = lit([['ld.relaxed.gpu.u64 %rd1, [x]'], ['bar.sync 5, 64'], ['st.relaxed.gpu.u32 [%rd1], 1']], 'exists (x == 1)', 'x=0;', ['P0@cta 0,gpu 0']);
  const r = run(src);
  assert.equal([texts(r), r.stats.deadlocks > 0], [[], true]);
});

test('an access its guard skips reaches no location: a stray address there is no error, as in the solver', () => {
  // The skipped atom writes %r0, which the atom before it writes too: it waits in the window
  // with its guard known false, and the ordering rules asked where it goes (refused as bad input).
  const src = (p: number): string => lit([['atom.acq_rel.cta.shared.or.b32 %r0, [x], 0'], ['@%p1 atom.relaxed.cta.shared.cas.b32 %r0, [%rd1], 1, 784202']],
    'exists (P0:%r0 == 0)', `x=0; P0:%rd1 = 579600; P0:%p1 = ${p};`);
  assert.equal(texts(run(src(0))), ['P0:r0=0;']);
  // Performed (the guard holds), the access is refused where it stands.
  const o = runTest(parseLitmus(src(1)));
  assert.is(o.ok, false);
  assert.match(!o.ok ? o.error : '', /@%p1 atom\.relaxed\.cta\.shared\.cas\.b32 %r0, \[%rd1\], 1, 784202: address 579600 \(x \+ \d+\) is no location's/);
});


test('a load of another width through a register is not run, as a direct one: the solver answers it of memory no thread writes', () => {
  // It was refused as bad input (the solver answering it): cross and fuzz reported the engines apart.
  for (const addr of ['[x]', '[%rd1]']) {
    const o = runTest(parseLitmus(lit([['mov.u64 %rd1, x'], [`ld.relaxed.gpu.global.b8 %r1, ${addr}`]], 'exists (P0:%r1 == 0)', '.global .u32 x = 0;')));
    assert.equal([o.ok, !o.ok && o.input === true], [false, false], addr);
    assert.match(!o.ok ? o.error : '', /an 8-bit access to x, which holds 32 bits .*the solver \(check\) answers such a load of memory no thread writes, the executor does not/);
  }
});

test('maxStates: at most that many states are kept, and truncated only when there were more', () => {
  const sb = lit([['st.relaxed.gpu.u32 [x], 1', 'st.relaxed.gpu.u32 [y], 1'], ['ld.relaxed.gpu.u32 r0, [y]', 'ld.relaxed.gpu.u32 r0, [x]']], 'exists (P0:r0 == 0 /\\ P1:r0 == 0)', 'x=0; y=0;');
  const all = run(sb).stats;
  assert.ok(!all.truncated && all.visited > 3, `${all.visited} states`);
  const exact = run(sb, { maxStates: all.visited }).stats;
  assert.equal([exact.visited, exact.truncated], [all.visited, false], 'a budget of exactly the states needed is enough');
  for (const n of [1, all.visited - 1]) {
    const cut = run(sb, { maxStates: n }).stats;
    assert.equal([cut.visited, cut.truncated], [n, true], `budget ${n}: it visited ${cut.visited} (had gone past the budget by a step's successors)`);
  }
});

test.run();
