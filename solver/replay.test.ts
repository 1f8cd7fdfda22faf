// replay.ts: an executor state is shown allowed on the executor's own execution to it (rf, co,
// branches), with the concrete evaluator; an execution the model forbids, or a state the
// execution does not end in, is not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { parseLitmus, readLitmusFiles } from '../litmus/parse.js';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { runTest } from '../executor/explore.js';
import { executorValuations } from '../executor/compare.js';
import type { ModelName } from '../executor/program.js';
import { confirmed, sketchOf } from '../cli/cross.js';
import { CORPUS, OWN_TESTS, skipWithoutCorpus } from '../tests/paths.js';
import { type Sketch, replayer } from './replay.js';
import { unroll } from './unroll.js';

const mp = parseLitmus(`PTX MP-rel-acq
{ x = 0; flag = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak.u32 [x], 1 | ld.acquire.gpu.u32 %r0, [flag] ;
 st.release.gpu.u32 [flag], 1 | ld.weak.u32 %r1, [x] ;
exists (P1:%r0 == 1 /\\ P1:%r1 == 0)
`);

/** The executor's witness for the state where the condition's registers have these values. */
function witnessOf(t: LitmusTest, want: Record<string, bigint>): { sketch: Sketch; state: (v: Record<string, bigint>) => Map<string, bigint> } {
  const r = runTest(t, { model: 'ptx75', bound: 2, witness: true });
  assert.ok(r.ok);
  const vals = executorValuations(r.result);
  const i = vals.findIndex((v) => v.every(([k, x]) => want[k] === undefined || want[k] === x));
  assert.ok(i >= 0, `the executor reaches ${JSON.stringify(Object.keys(want))}`);
  return {
    sketch: sketchOf(r.result.states[i]!.witness!),
    state: (v) => new Map(vals[i]!.map(([k, x]) => [k, v[k] ?? x])),
  };
}

test('message passing: the executor\'s execution shows its state allowed, and no other', () => {
  const replay = replayer(mp, unroll(mp, 2), MODELS.ptx75!);
  const w = witnessOf(mp, { 'P1:r0': 1n, 'P1:r1': 1n });
  assert.ok(replay(w.sketch, w.state({})));
  // The same execution does not end in another state.
  assert.not.ok(replay(w.sketch, w.state({ 'P1:r1': 0n })));
  // The forbidden execution itself (the data read from the initial write after the flag
  // was acquired): well formed, inconsistent, refused.
  const stale: Sketch = {
    ...w.sketch,
    reads: w.sketch.reads.map((r) => (r.at.thread === 1 && r.at.n === 1 ? { ...r, from: { thread: -1, n: r.loc } } : r)),
  };
  assert.not.ok(replay(stale, w.state({ 'P1:r1': 0n })));
  // A read of a write at another location is no execution of the program.
  const crossed: Sketch = { ...w.sketch, reads: w.sketch.reads.map((r) => (r.at.thread === 1 && r.at.n === 1 ? { ...r, loc: 1 - r.loc } : r)) };
  assert.not.ok(replay(crossed, w.state({})));
});

const spin = parseLitmus(`PTX spin-count
{ x = 0; flag = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak.u32 [x], 1 | LOOP: ;
 st.release.gpu.u32 [flag], 1 | add.u32 %r2, %r2, 1 ;
 | ld.acquire.gpu.u32 %r0, [flag] ;
 | setp.eq.u32 %p0, %r0, 0 ;
 | @%p0 bra LOOP ;
 | ld.weak.u32 %r1, [x] ;
exists (P1:r2 == 3 /\\ P1:r1 == 1)
`);

test('a loop: the branches taken place each operation in its iteration', () => {
  const replay = replayer(spin, unroll(spin, 2), MODELS.ptx75!);
  const r = runTest(spin, { model: 'ptx75', bound: 2, witness: true });
  assert.ok(r.ok);
  const vals = executorValuations(r.result);
  const spins = new Set<bigint>();
  r.result.states.forEach((f, i) => {
    const sk = sketchOf(f.witness!);
    const v = new Map(vals[i]!);
    const state = (r2: bigint): Map<string, bigint> => new Map([...v, ['P1:r2', r2]]);
    assert.ok(replay(sk, state(v.get('P1:r2')!)), `P1:r2=${v.get('P1:r2')}`);
    // The iterations are the branches': another count is not this execution's.
    assert.not.ok(replay(sk, state(v.get('P1:r2')! + 1n)));
    spins.add(v.get('P1:r2')!);
    if (v.get('P1:r2')! > 1n) {
      // Without its first back jump, P1's operations land on other iterations' events.
      const straight: Sketch = { ...sk, branches: sk.branches.map((b, t) => (t === 1 ? b.slice(1) : b)) };
      assert.not.ok(replay(straight, state(v.get('P1:r2')!)));
    }
  });
  assert.equal([...spins].sort(), [1n, 2n, 3n]);
});

const filtered = parseLitmus(`PTX filtered
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u32 %r0, [x] ;
 | ld.relaxed.gpu.u32 %r1, [x] ;
filter (P1:r1 == 1)
exists (P1:r0 == 1)
`);

test('a filter: its observables are compared too (the execution ends where the kept state does)', () => {
  const replay = replayer(filtered, unroll(filtered, 2), MODELS.ptx75!);
  const r = runTest(filtered, { model: 'ptx75', bound: 2, witness: true });
  assert.ok(r.ok);
  const vals = executorValuations(r.result);
  assert.ok(vals.length >= 2);
  vals.forEach((v, i) => {
    const m = new Map(v);
    assert.is(m.get('P1:r1'), 1n);
    const sk = sketchOf(r.result.states[i]!.witness!);
    assert.ok(replay(sk, m));
    // Without the filter's register, or with another value for it, nothing is shown.
    assert.not.ok(replay(sk, new Map(v.filter(([k]) => k !== 'P1:r1'))));
    assert.not.ok(replay(sk, new Map([...m, ['P1:r1', 0n]])));
  });
});

function allShown(tests: LitmusTest[], model: ModelName): { states: number; shown: number } {
  let states = 0;
  let shown = 0;
  for (const t of tests) {
    const r = runTest(t, { model, bound: 2, maxStates: 200_000, witness: true });
    if (!r.ok || r.result.stats.truncated) continue;
    const c = confirmed(t, r.result, executorValuations(r.result), { model, bound: 2 });
    states += r.result.states.length;
    shown += c.filter(Boolean).length;
  }
  return { states, shown };
}

const readAll = (dir: string): LitmusTest[] => readLitmusFiles([dir]).flatMap((f) => (f.test ? [f.test] : []));

test('our tests: every executor state is shown allowed on its own execution (both models)', () => {
  const tests = readAll(OWN_TESTS);
  for (const model of ['ptx75', 'ptx60'] as const) {
    const { states, shown } = allShown(tests, model);
    assert.ok(states > 300, `${model}: ${states} states`);
    assert.is(shown, states, model);
  }
});

test('the Dat3M corpus: every executor state is shown allowed on its own execution', () => {
  if (skipWithoutCorpus()) return;
  const { states, shown } = allShown(readAll(join(CORPUS, 'litmus', 'PTX')), 'ptx75');
  assert.ok(states > 2000, `${states} states`);
  assert.is(shown, states);
});

test.run();
