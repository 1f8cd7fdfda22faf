// The executor keeps location sets as 32-bit masks (footprint.ts, reduce.ts, canonical.ts,
// gc.ts: bit l for location l), so locations 32 apart share a bit. Every use must then keep
// more, never less: a shared bit may only cost reductions. Checked by putting 31 unused
// locations after a test's first one, so that its second location shares a bit with its first
// (and so on): the final states must not change.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { LitmusTest, LocDecl } from '../litmus/ast.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { OWN_TESTS } from '../tests/paths.js';
import { runTest } from './explore.js';
import { fuzzTest } from './fuzzgen.js';
import { compile } from './program.js';

/** t with 31 unused locations declared after its first declared location. */
function spread(t: LitmusTest): LitmusTest | null {
  const first = t.locations[0];
  if (!first) return null;
  const unused: LocDecl[] = Array.from({ length: 31 }, (_, i) => ({ kind: 'value', name: `unused${i}`, value: 0n, pos: first.pos }));
  return { ...t, locations: [first, ...unused, ...t.locations.slice(1)] };
}

/** The final states' texts and the verdict, or null where the executor does not finish the test. */
function answer(t: LitmusTest, model: 'ptx60' | 'ptx75'): string | null {
  const r = runTest(t, { model, maxStates: 10_000 });
  if (!r.ok || r.result.stats.truncated) return null;
  return `${r.result.validated} ${r.result.states.map((s) => `${s.text}#${s.holds}`).join(' | ')}`;
}

function compare(tests: readonly LitmusTest[], label: string): number {
  let compared = 0;
  let shared = 0;
  for (const t of tests) {
    const s = spread(t);
    if (!s) continue;
    // Only tests whose locations now share bits say anything.
    if (compile(s, 'ptx75', 2).locs.length <= 32) continue;
    shared++;
    for (const model of ['ptx60', 'ptx75'] as const) {
      const a = answer(t, model);
      // Shared bits cost reductions: the spread test may not finish where the test does.
      const b = a === null ? null : answer(s, model);
      if (a === null || b === null) continue;
      assert.is(b, a, `${t.name} (${model}, ${label})`);
      compared++;
    }
  }
  assert.ok(shared > 0, `${label}: no test has locations sharing a bit`);
  return compared;
}

test('our tests: the same final states with locations sharing mask bits', () => {
  const own = readLitmusFiles([OWN_TESTS]).flatMap((f) => (f.test ? [f.test] : []));
  assert.ok(compare(own, 'own tests') > 150);
});

test('generated programs: the same final states with locations sharing mask bits', () => {
  const progs = fc.sample(fuzzTest({ threads: [2, 4], ops: [1, 6] }), { numRuns: 80, seed: 32 });
  assert.ok(compare(progs, 'fuzz seed 32') > 100);
});

test.run();
