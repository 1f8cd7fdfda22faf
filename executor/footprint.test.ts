// What a thread may still do (footprint.ts) lets canonical.ts and gc.ts forget: a thread's view
// of a location it will not access (when nothing of it reads views whole), release records no
// strong write will carry, Fence-SC records no other fence.sc will read, and writes hidden
// from every thread that may still access their location, through aliases too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { canonical } from './canonical.js';
import { runTest } from './explore.js';
import { collect, deadWrites } from './gc.js';
import { type Program, compile } from './program.js';
import { type MState, stateHash } from './state.js';
import { initialState, moves } from './step.js';

/** The state after the given moves, each picked by its label's start (raw: no gc, no canonical). */
function after(prog: Program, picks: string[]): MState[] {
  let states = [initialState(prog)];
  for (const p of picks) {
    states = states.flatMap((s) => moves(prog, s, true).filter((m) => m.label.startsWith(p)).map((m) => m.raw));
    assert.ok(states.length > 0, `a move ${p}`);
  }
  return states;
}

/** P1 reads x (relaxed) from the initial write or P0's write of the same value, then `next`. */
const readTwice = (next: string): Program => compile(parseLitmus(`PTX view-trim
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 0 | ld.relaxed.gpu.u32 %r0, [x] ;
 | ${next} ;
exists (P1:%r0 == 0)
`), 'ptx75', 2);

test('a thread left with weak and relaxed accesses of other locations forgets its view of x', () => {
  const prog = readTwice('ld.weak.u32 %r1, [y]');
  // Both reads of x give 0; P1's view of x differs (it observed the initial write, or P0's).
  const [a, b] = after(prog, ['P0: st', 'P1: ld.relaxed']);
  assert.ok(a && b, 'two reads');
  assert.is.not(stateHash(a), stateHash(b), 'as made, the views differ');
  assert.is(stateHash(canonical(prog, a)), stateHash(canonical(prog, b)), 'one state once P1 will not access x again');
});

test('a thread with an acquire ahead keeps its whole view', () => {
  // The acquire compares and joins whole views (an overtaken acquire may not synchronize with what is new to it).
  const prog = readTwice('ld.acquire.gpu.u32 %r1, [y]');
  const [a, b] = after(prog, ['P0: st', 'P1: ld.relaxed']);
  assert.ok(a && b, 'two reads');
  assert.is.not(stateHash(canonical(prog, a)), stateHash(canonical(prog, b)));
  // A release ahead hands the whole view on: kept too.
  const rel = readTwice('st.release.gpu.u32 [y], 1');
  const [c, d] = after(rel, ['P0: st', 'P1: ld.relaxed']);
  assert.ok(c && d, 'two reads');
  assert.is.not(stateHash(canonical(rel, c)), stateHash(canonical(rel, d)));
});

test('release records no strong write will carry, and Fence-SC records no other thread reads, are dropped', () => {
  const prog = compile(parseLitmus(`PTX records
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 fence.sc.gpu | ld.relaxed.gpu.u32 %r0, [x] ;
 st.weak.u32 [y], 1 | st.relaxed.gpu.u32 [y], 2 ;
exists (P1:%r0 == 0)
`), 'ptx75', 2);
  const [s] = after(prog, ['P0: fence.sc']);
  assert.ok(s);
  assert.is(s.sc.length, 1, 'the fence made a record');
  assert.is(s.th[0]!.frel.length, 1, 'and starts release pattern 3');
  const c = canonical(prog, s);
  assert.is(c.sc.length, 0, 'no other thread has a fence.sc');
  assert.is(c.th[0]!.frel.length, 0, 'P0 has only a weak write left');
  // With a strong write ahead, the record stays (the write carries it).
  const strong = compile(parseLitmus(`PTX records
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 fence.sc.gpu | fence.sc.gpu ;
 st.relaxed.gpu.u32 [y], 1 | ld.relaxed.gpu.u32 %r0, [y] ;
exists (P1:%r0 == 0)
`), 'ptx75', 2);
  const [t] = after(strong, ['P0: fence.sc']);
  assert.ok(t);
  const ct = canonical(strong, t);
  assert.is(ct.th[0]!.frel.length, 1);
  assert.is(ct.sc.length, 1, "P1's fence.sc may still read P0's record");
});

test('writes hidden from every thread that may still access the location are dropped, aliases too', () => {
  // P1 never accesses x: it does not keep P0's first write (nor the initial one) alive.
  const plain = compile(parseLitmus(`PTX gc
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 1 | ld.weak.u32 %r0, [y] ;
 st.relaxed.gpu.u32 [x], 2 | ;
exists (x == 2)
`), 'ptx75', 2);
  assert.ok(plain.plainViews);
  const [s] = after(plain, ['P0: st.relaxed.gpu.u32 [x], 1', 'P0: st.relaxed.gpu.u32 [x], 2']);
  assert.ok(s);
  // The initial write stays (below every other, it changes nothing; dropping it renumbered every view).
  assert.equal(deadWrites(plain, s), [2, 0], 'the first store');
  assert.equal(collect(plain, s).mem[0]!.map((m) => Number(m.val)), [0, 2]);
  // With an alias declared, views hold writes in classes and which writes an access may read
  // depends on its address: P1 reads x itself, P2 through xa, and each keeps alive what it
  // may still read.
  const alias = compile(parseLitmus(`PTX gc-alias
{ x = 0; y = 0; xa @ generic aliases x; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u32 %r0, [x] | ld.weak.u32 %r2, [xa] ;
 st.relaxed.gpu.u32 [x], 2 | ld.relaxed.gpu.u32 %r1, [x] | ;
exists (P1:%r0 == 2 /\\ P1:%r1 == 1 /\\ P2:%r2 == 5)
`), 'ptx75', 2);
  assert.not.ok(alias.plainViews);
  const steps = ['P0: st.relaxed.gpu.u32 [x], 1', 'P0: st.relaxed.gpu.u32 [x], 2', 'P1: ld.relaxed.gpu.u32 %r0, [x] reads 2'];
  const [u] = after(alias, steps);
  assert.ok(u);
  assert.equal(deadWrites(alias, u), null, 'P2 may still read any of them through xa');
  const [v] = after(alias, [...steps, 'P2: ld.weak.u32 %r2, [xa] reads 1']);
  assert.ok(v);
  // P1's view hides the earlier writes from its reads of x (one address, morally strong).
  assert.equal(deadWrites(alias, v), [2, 0], 'the first store, once P2 has read');
  // The outcomes stay: P1 never reads 1 after 2 (coherence), P2 reads each write in some.
  const run = runTest(alias.test, { model: 'ptx75' });
  assert.ok(run.ok);
  if (!run.ok) return;
  const texts = run.result.states.map((f) => f.text.replace(/\n/g, ' '));
  assert.ok(texts.some((x) => x.startsWith('P1:r0=2; P1:r1=2;')), 'P1 reads 2 twice');
  assert.not.ok(texts.some((x) => /^P1:r0=2; P1:r1=[01];/.test(x)), texts.join(' | '));
  for (const r2 of [0, 1, 2]) assert.ok(texts.some((x) => x.includes(`P2:r2=${r2};`)), `P2 reads ${r2}`);
});

test('what writes carry for accesses that will not come is dropped: release records, the write an RMW read', () => {
  // P0's release write of y carries its view; P1 may read y strongly, but takes the record only
  // if an acquire of y or a fence follows the read.
  const mp = (after1: string): Program => compile(parseLitmus(`PTX carried
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak.u32 [x], 1 | ld.relaxed.gpu.u32 %r0, [y] ;
 st.release.gpu.u32 [y], 1 | ${after1} ;
exists (P1:%r0 == 1)
`), 'ptx75', 2);
  const rels = (prog: Program): number => {
    const [s] = after(prog, ['P0: st.weak', 'P0: st.release']);
    assert.ok(s);
    assert.is(s.mem[1]!.at(-1)!.rel.length, 1, 'the release write carries its view');
    return canonical(prog, s).mem[1]!.at(-1)!.rel.length;
  };
  assert.is(rels(mp('ld.weak.u32 %r1, [x]')), 0, 'nothing of P1 takes it');
  assert.is(rels(mp('fence.acq_rel.gpu')), 1, 'strong read; fence takes it (acquire pattern 3)');
  assert.is(rels(mp('ld.acquire.gpu.u32 %r1, [y]')), 1, 'strong read; acquire read of y takes it (pattern 2)');
  // An RMW's source matters only where a new write goes (atomicity): kept while some write of the location may come.
  const rmw = (other: string): Program => compile(parseLitmus(`PTX source
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 atom.relaxed.gpu.add.u32 %r0, [x], 1 | ${other} ;
exists (P0:%r0 == 0)
`), 'ptx75', 2);
  const src = (prog: Program): number => {
    const [s] = after(prog, ['P0: atom']);
    assert.ok(s);
    assert.is(s.mem[0]!.at(-1)!.src, 0, 'the atom read the initial write');
    return canonical(prog, s).mem[0]!.at(-1)!.src;
  };
  assert.is(src(rmw('ld.relaxed.gpu.u32 %r1, [x]')), -1, 'no write of x to come');
  assert.is(src(rmw('st.relaxed.gpu.u32 [x], 5')), 0, "P1's store may still go in coherence");
});

test.run();
