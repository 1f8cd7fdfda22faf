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
import { type RunOptions, runTest } from './explore.js';
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
    const tests = fc.sample(fuzzTest({ threads: [2, 4], ops: [1, 5] }), { numRuns: 60, seed });
    let ran = 0;
    for (const t of tests) {
      const c = compare(t, model, { maxStates: 20_000 });
      assert.ok(c.same, `seed ${seed} (${model}): ${c.detail}`);
      if (c.ran) ran++;
    }
    assert.ok(ran > 30, `compared ${ran}`);
  }
});

test.run();
