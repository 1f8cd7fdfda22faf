// canonical.ts: states that differ only in the order threads made their writes, or in a
// finished thread's views, become one; the outcomes of every test stay the same.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LitmusTest } from '../litmus/ast.js';
import { parseLitmus, readLitmusFiles } from '../litmus/parse.js';
import { CORPUS, OWN_TESTS, skipWithoutCorpus } from '../tests/paths.js';
import { canonical } from './canonical.js';
import { runTest } from './explore.js';
import { fuzzTest } from './fuzzgen.js';
import { type ModelName, compile } from './program.js';
import { type MState, stateHash } from './state.js';
import { initialState, moves } from './step.js';
import { collect } from './gc.js';

const twoWriters = (sem: string): LitmusTest => parseLitmus(`PTX two-writers
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.${sem}.u32 [x], 1 | st.${sem}.u32 [x], 2 ;
 ld.weak.u32 %r0, [x] | ld.weak.u32 %r0, [x] ;
exists (P0:%r0 == 2 /\\ P1:%r0 == 1)
`);

/** The state after P0's then P1's store (or the other way round), each store's first placement. */
function afterStores(prog: ReturnType<typeof compile>, first: number): MState {
  let s = collect(prog, initialState(prog));
  for (const ti of [first, 1 - first]) {
    const m = moves(prog, s, false).find((x) => x.ti === ti && prog.threads[ti]!.code[s.th[ti]!.win[x.idx]!.pc]!.ins.op === 'st');
    assert.ok(m, `P${ti} has its store enabled`);
    s = collect(prog, m.raw);
  }
  return s;
}

test('writes made in either order: two states as made, one canonical state', () => {
  const prog = compile(twoWriters('weak'), 'ptx75', 2);
  const a = afterStores(prog, 0);
  const b = afterStores(prog, 1);
  assert.is.not(stateHash(a), stateHash(b), 'numbered in the order made, the states differ');
  assert.is(stateHash(canonical(prog, a)), stateHash(canonical(prog, b)));
  // P0's write before P1's (the initial write, if gc.ts has not dropped it, first), whichever thread wrote first.
  assert.equal(b.mem[0]!.map((m) => m.tid).filter((t) => t >= 0), [1, 0]);
  assert.equal(canonical(prog, b).mem[0]!.map((m) => m.tid).filter((t) => t >= 0), [0, 1]);
  assert.is(canonical(prog, a), a, 'a state already in canonical order is returned as it is');
});

test('morally strong writes: each coherence order stays its own state', () => {
  // Relaxed gpu-scope stores are ordered against each other: 1 before 2, or 2 before 1.
  const prog = compile(twoWriters('relaxed.gpu'), 'ptx75', 2);
  const finals = new Set<number>();
  const seen = new Set<number>();
  const stack = [canonical(prog, initialState(prog))];
  while (stack.length) {
    const s = stack.pop()!;
    const h = stateHash(s);
    if (seen.has(h)) continue;
    seen.add(h);
    const ms = moves(prog, s, false);
    if (ms.length === 0) {
      // The writer of the last write (the one no other write comes after).
      const x = s.mem[0]!;
      const later = x.reduce((m, w) => m | w.pred, 0);
      x.forEach((w, i) => { if ((later & (1 << i)) === 0) finals.add(w.tid); });
    }
    for (const m of ms) stack.push(canonical(prog, collect(prog, m.raw)));
  }
  assert.equal([...finals].sort(), [0, 1], 'both orders of the two writes are final states, and no other');
});

test('a finished thread keeps its registers, and the outcomes with them', () => {
  const r = runTest(twoWriters('weak'), { model: 'ptx75' });
  const off = runTest(twoWriters('weak'), { model: 'ptx75', canonical: false });
  assert.ok(r.ok && off.ok);
  if (!r.ok || !off.ok) return;
  assert.equal(r.result.states.map((s) => s.text), off.result.states.map((s) => s.text));
  assert.ok(r.result.states.some((s) => s.holds), 'each thread reading the other\'s write is reached');
  assert.ok(r.result.stats.visited < off.result.stats.visited, `${r.result.stats.visited} states, ${off.result.stats.visited} without`);
});

/** Outcome texts with and without canonical states; null when either run did not finish. */
function both(t: LitmusTest, model: ModelName, maxStates: number): { on: string; off: string; von: number; voff: number; fon: number; foff: number } | null {
  const on = runTest(t, { model, maxStates });
  const off = runTest(t, { model, maxStates, canonical: false });
  if (!on.ok || !off.ok) {
    assert.is(on.ok, off.ok);
    return null;
  }
  if (on.result.stats.truncated || off.result.stats.truncated) return null;
  const text = (r: typeof on.result): string => `${r.validated} ${r.states.map((s) => s.text).join('\n')}`;
  return {
    on: text(on.result), off: text(off.result), von: on.result.stats.visited, voff: off.result.stats.visited,
    fon: on.result.stats.finals, foff: off.result.stats.finals,
  };
}

test('renumbering reaches every knowledge class of a view (proxies)', () => {
  // P0's write to z is made after P1's but numbered first. A view holds one mask per location
  // and knowledge class (P1 reads y through the surface proxy, so there are two classes):
  // renumbering z's writes in a mask of another location (y's) made y's first write look
  // coherence-last, an outcome (y=1) that program order forbids.
  const t = parseLitmus(`PTX renumber-classes
{ x = 0; y = 0; z = 0; }
 P0@cta 1,gpu 0 | P1@cta 0,gpu 1 ;
 st.relaxed.gpu.u32 [z], 1 | fence.sc.cta ;
 | st.relaxed.gpu.u32 [y], 1 ;
 | st.weak.u32 [y], 2 ;
 | st.relaxed.cta.u32 [z], 1 ;
 | suld.weak.u32 %r0, [y] ;
locations [y; z;]
exists (P1:%r0 == 2)
`);
  const c = both(t, 'ptx75', 100_000);
  assert.ok(c);
  assert.is(c.on, c.off);
  assert.ok(!c.on.includes('y=1'), c.on);
});

test('a location nobody accesses any more keeps its last writes and their values', () => {
  // Both threads write 2 to x through an alias (views with two classes): the weak store and
  // the read-modify-write end unordered, or the read-modify-write after the store, having
  // read it or the initial write. gc.ts drops the writes others come after; the last ones
  // still differ in what they read and carry, which nobody reads once nobody accesses x:
  // collapsed, one final state, x ending 2.
  const t = parseLitmus(`PTX collapse
{ x = 0; xa @ generic aliases x; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak.u32 [xa], 2 | red.release.cta.or.b32 [xa], 2 ;
locations [x;]
exists (x == 0)
`);
  const c = both(t, 'ptx75', 100_000);
  assert.ok(c);
  assert.is(c.on, c.off);
  assert.is(c.on, 'false x=2;', 'exists (x == 0) does not hold');
  assert.is(c.fon, 1, `${c.fon} final states`);
  assert.ok(c.foff > c.fon, `${c.foff} final states as made`);
});

test('generated programs (proxies, aliases, loops, barriers): the same outcomes, fewer states', () => {
  for (const [model, seed] of [['ptx75', 21], ['ptx60', 22]] as const) {
    let ran = 0;
    let von = 0;
    let voff = 0;
    for (const t of fc.sample(fuzzTest({ threads: [2, 4], ops: [1, 6], proxies: model !== 'ptx60' }), { numRuns: 80, seed })) {
      const c = both(t, model, 30_000);
      if (!c) continue;
      assert.is(c.on, c.off, `seed ${seed} (${model})`);
      ran++;
      von += c.von;
      voff += c.voff;
    }
    assert.ok(ran > 50, `compared ${ran}`);
    assert.ok(von * 1.5 < voff, `${model}: ${von} canonical states, ${voff} as made`);
  }
});

const files = (dir: string): { file: string; test: LitmusTest }[] =>
  readLitmusFiles([dir]).flatMap((f) => (f.test ? [{ file: f.file, test: f.test }] : []));

test('our tests and the corpus: the same outcomes under both models', () => {
  const sets = [files(OWN_TESTS)];
  if (!skipWithoutCorpus()) sets.push(files(join(CORPUS, 'litmus')));
  let ran = 0;
  for (const set of sets) {
    for (const { file, test: t } of set) {
      for (const model of ['ptx60', 'ptx75'] as const) {
        const c = both(t, model, 200_000);
        if (!c) continue;
        assert.is(c.on, c.off, `${file} (${model})`);
        ran++;
      }
    }
  }
  assert.ok(ran > 250, `compared ${ran}`);
});

test.run();
