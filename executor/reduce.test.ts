// The reductions (step.ts independentLoad, reduce.ts persistent sets, canonical.ts states)
// lose no final state: with them on and off the executor reaches the same outcomes, on our
// tests, the corpus (under a time budget), the SB/LB/MP rings and generated programs, under
// both models. (The counts of final machine states differ: canonical.ts merges states that
// behave alike, and equal machine states can hash apart after gc.ts collects on different
// paths; the outcomes, which are what runs report, may not.) canonical.test.ts compares
// canonical.ts alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LitmusTest } from '../litmus/ast.js';
import { parseLitmus, readLitmusFiles } from '../litmus/parse.js';
import { CORPUS, OWN_TESTS, skipWithoutCorpus } from '../tests/paths.js';
import { exFamily } from '../bench/exfamilies.js';
import { type RunOptions, runTest, visitedTable } from './explore.js';
import { type Sleeper, independent } from './reduce.js';
import { fuzzTest } from './fuzzgen.js';
import type { ModelName } from './program.js';

interface Compared {
  same: boolean;
  /** Neither run was cut short by the state budget, and both ran. */
  ran: boolean;
  on: number;
  off: number;
  detail: string;
}

function compare(t: LitmusTest, model: ModelName, opts: Partial<RunOptions> = {}): Compared {
  const on = runTest(t, { model, ...opts });
  const off = runTest(t, { model, ...opts, reduce: false, canonical: false });
  if (!on.ok || !off.ok) return { same: on.ok === off.ok, ran: false, on: 0, off: 0, detail: `${on.ok ? '' : on.error} / ${off.ok ? '' : off.error}` };
  const a = on.result;
  const b = off.result;
  if (a.stats.truncated || b.stats.truncated) return { same: true, ran: false, on: 0, off: 0, detail: 'truncated' };
  const text = (r: typeof a): string => r.states.map((f) => f.text).join('\n');
  return {
    same: text(a) === text(b) && a.validated === b.validated, ran: true, on: a.stats.visited, off: b.stats.visited,
    detail: `with the reduction:\n${text(a)}\nwithout:\n${text(b)}`,
  };
}

const files = (dir: string): { file: string; test: LitmusTest }[] =>
  readLitmusFiles([dir]).flatMap((f) => (f.test ? [{ file: f.file, test: f.test }] : []));

test('our tests: the same outcomes with and without the reduction, under both models', () => {
  let ran = 0;
  for (const { file, test: t } of files(OWN_TESTS)) {
    for (const model of ['ptx60', 'ptx75'] as const) {
      const c = compare(t, model, { maxStates: 200_000 });
      assert.ok(c.same, `${file} (${model}): ${c.detail}`);
      if (c.ran) ran++;
    }
  }
  assert.ok(ran > 250, `compared ${ran}`);
});

test('corpus: the same outcomes with and without the reduction', () => {
  if (skipWithoutCorpus()) return;
  // Every test, not as many as a time budget allows: what is compared must not depend on how
  // fast the machine is.
  let ran = 0;
  let on = 0;
  let off = 0;
  for (const { file, test: t } of files(join(CORPUS, 'litmus'))) {
    const c = compare(t, 'ptx75', { maxStates: 100_000 });
    assert.ok(c.same, `${file}: ${c.detail}`);
    if (c.ran) { ran++; on += c.on; off += c.off; }
  }
  assert.ok(ran > 700, `compared ${ran}`);
  assert.ok(on < off, `states with the reduction ${on}, without ${off}`);
});

test('SB, LB and MP rings: the same outcomes, and SB/LB grow far slower with the reduction', () => {
  for (const kind of ['SB', 'LB', 'MP'] as const) {
    for (let n = 2; n <= 5; n++) {
      const c = compare(parseLitmus(exFamily(kind, n)), 'ptx75');
      assert.ok(c.ran && c.same, `${kind}-${n}: ${c.detail}`);
      if (kind !== 'MP' && n >= 4) assert.ok(c.on * 5 < c.off, `${kind}-${n}: ${c.on} states with the reduction, ${c.off} without`);
    }
  }
  // Ten threads: every one of the 2^10 outcomes (all allowed: nothing synchronizes).
  for (const kind of ['SB', 'LB'] as const) {
    const r = runTest(parseLitmus(exFamily(kind, 10)), { model: 'ptx75' });
    assert.ok(r.ok && !r.result.stats.truncated);
    if (r.ok) assert.is(r.result.states.length, 1024, kind);
  }
  // A producer and seven acquiring consumers: a persistent set holds the producer's writes
  // without the consumers' loads of their locations (the loads could take the same writes
  // after them), so the producer goes first and the consumers' loads need not interleave
  // with it: all 3^7 outcomes within 50,000 states (347,404 when loads and writes of one
  // location held each other).
  const mp = runTest(parseLitmus(exFamily('MP', 8)), { model: 'ptx75', maxStates: 50_000 });
  assert.ok(mp.ok && !mp.result.stats.truncated, 'MP-8 within 50,000 states');
  if (mp.ok) assert.is(mp.result.states.length, 2187);
});

test('generated programs: the same outcomes with and without the reduction', () => {
  for (const [model, seed] of [['ptx75', 11], ['ptx60', 12]] as const) {
    const tests = fc.sample(fuzzTest({ threads: [2, 4], ops: [1, 5], proxies: model !== 'ptx60' }), { numRuns: 60, seed });
    let ran = 0;
    for (const t of tests) {
      const c = compare(t, model, { maxStates: 20_000 });
      assert.ok(c.same, `seed ${seed} (${model}): ${c.detail}`);
      if (c.ran) ran++;
    }
    assert.ok(ran > 30, `compared ${ran}`);
  }
});

test('sleep sets: the same outcomes with and without them, from fewer states', () => {
  let on = 0;
  let off = 0;
  for (const { file, test: t } of files(OWN_TESTS)) {
    for (const model of ['ptx60', 'ptx75'] as const) {
      const a = runTest(t, { model, maxStates: 200_000 });
      const b = runTest(t, { model, maxStates: 200_000, sleep: false });
      if (!a.ok || !b.ok || a.result.stats.truncated || b.result.stats.truncated) continue;
      const text = (r: typeof a.result): string => r.states.map((f) => `${f.text} ${f.holds}`).join('\n');
      assert.is(text(a.result), text(b.result), `${file} (${model})`);
      on += a.result.stats.visited;
      off += b.result.stats.visited;
    }
  }
  assert.ok(on < off, `states with sleep sets ${on}, without ${off}`);
});

// An operation as a sleep set holds it: thread, entry, location (null: a fence or barrier).
const op = (ti: number, idx: number, loc: number | null, kind: 'ld' | 'st' | 'ld.acquire' | 'st.release' | 'fence.sc' | 'bar'): Sleeper => ({
  ti, idx, loc, writes: kind === 'st' || kind === 'st.release', fsc: kind === 'fence.sc', bar: kind === 'bar',
  simple: kind === 'ld' || kind === 'st', kind: kind === 'ld.acquire' ? 'acqLd' : kind === 'st.release' ? 'relSt' : kind === 'ld' || kind === 'st' ? 'simple' : 'other',
});

test('independent: operations that commute, in both orders', () => {
  const cases: [Sleeper, Sleeper, boolean, string][] = [
    [op(0, 1, 0, 'ld'), op(1, 1, 1, 'st'), true, 'two threads, two locations'],
    [op(0, 1, 0, 'ld'), op(1, 1, 0, 'ld'), true, 'two loads of one location'],
    [op(0, 1, 0, 'ld'), op(1, 1, 0, 'st'), false, 'a load and a write of one location: the write is a new choice'],
    [op(0, 1, 0, 'st'), op(1, 1, 0, 'st'), false, 'two writes of one location: coherence either way'],
    [op(0, 1, 0, 'ld'), op(1, 1, -1, 'st'), false, 'an address not known: any location'],
    [op(0, 1, null, 'fence.sc'), op(1, 1, null, 'fence.sc'), false, 'two fence.sc'],
    [op(0, 1, null, 'fence.sc'), op(1, 1, 0, 'st'), true, "a fence.sc and another thread's write"],
    [op(0, 1, null, 'bar'), op(1, 1, 0, 'ld'), false, 'a barrier'],
    [op(0, 1, 0, 'st'), op(0, 2, 1, 'ld'), true, 'one thread, relaxed accesses of two locations'],
    [op(0, 1, 0, 'st'), op(0, 2, 0, 'ld'), false, 'one thread, one location'],
    [op(0, 1, 0, 'ld'), op(0, 2, 1, 'ld.acquire'), true, 'one thread, an access then an acquire of another location'],
    [op(0, 1, 0, 'ld.acquire'), op(0, 2, 1, 'ld'), false, 'one thread, an acquire then a later access'],
    [op(0, 1, 0, 'st.release'), op(0, 2, 1, 'st'), true, 'one thread, a release then a later access'],
    [op(0, 1, 0, 'st'), op(0, 2, 1, 'st.release'), false, 'one thread, an access then a release'],
  ];
  for (const [a, b, want, why] of cases) {
    assert.is(independent(a, b), want, why);
    assert.is(independent(b, a), want, `${why} (the other way)`);
  }
});

test('visited states with sleep sets: a state reached again with fewer asleep runs those it slept on before', () => {
  const v = visitedTable();
  const a = op(0, 1, 0, 'ld');
  const b = op(1, 1, 1, 'st');
  assert.is(v.visit(42, [a, b]), null, 'new');
  assert.equal(v.visit(42, [a, b, op(2, 1, 2, 'ld')]), [], 'more asleep than before: nothing to run');
  assert.equal(v.visit(42, [b]), [a], 'a slept on the first path only');
  assert.equal(v.kept, [b]);
  assert.equal(v.visit(42, [a, b]), [], 'a ran since: only b is asleep there');
  assert.is(v.visit(0, []), null, 'the hash 0 is a state too');
  assert.equal(v.visit(0, [a]), []);
  // Growing keeps each state's sleep set.
  for (let h = 1; h < 5000; h++) if (h !== 42) v.visit(h * 7919, h % 2 ? [b] : []);
  assert.is(v.size, 5000);
  assert.equal(v.visit(42, []), [b]);
  assert.equal(v.visit(3 * 7919, []), [b]);
  assert.equal(v.visit(4 * 7919, []), []);
});

test.run();
