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

/** The test's replayer, and the executor's final states (ptx75) with their sketches. */
function witnessed(t: LitmusTest): { replay: ReturnType<typeof replayer>; states: { sketch: Sketch; values: Map<string, bigint> }[] } {
  const r = runTest(t, { model: 'ptx75', bound: 2, witness: true });
  assert.ok(r.ok);
  const vals = executorValuations(r.result);
  return {
    replay: replayer(t, unroll(t, 2), MODELS.ptx75!),
    states: r.result.states.map((f, i) => ({ sketch: sketchOf(f.witness!, f.fused), values: new Map(vals[i]!) })),
  };
}

test('message passing: the executor\'s execution shows its state allowed, and no other', () => {
  const { replay, states } = witnessed(mp);
  const found = states.find((x) => x.values.get('P1:r0') === 1n && x.values.get('P1:r1') === 1n);
  assert.ok(found, 'the executor reaches P1:r0 = P1:r1 = 1');
  const w = { sketch: found.sketch, state: (v: Record<string, bigint>) => new Map([...found.values].map(([k, x]) => [k, v[k] ?? x])) };
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
  // Coherence with a cycle (P0's write of x also before the initial write) is no order.
  const cyclic: Sketch = {
    ...w.sketch,
    writes: w.sketch.writes.map((x) => (x.at.thread === 0 && x.at.n === 0 ? { ...x, before: [...x.before, { thread: -1, n: x.loc }] } : x)),
  };
  assert.ok(cyclic.writes.some((x) => x.before.length > 0));
  assert.not.ok(replay(cyclic, w.state({})));
  // Refused as no execution at all, not by an axiom: a model with every axiom dropped accepts
  // the execution as the executor made it and still refuses the cycle.
  const lax = replayer(mp, unroll(mp, 2), { ...MODELS.ptx75!, axioms: [] });
  assert.ok(lax(w.sketch, w.state({})));
  assert.ok(lax(stale, w.state({ 'P1:r1': 0n })), 'without axioms the stale read is allowed');
  assert.not.ok(lax(cyclic, w.state({})));
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
  const { replay, states } = witnessed(spin);
  const spins = new Set<bigint>();
  states.forEach(({ sketch: sk, values: v }) => {
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

const PROGRAM = `PTX filtered
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u32 %r0, [x] ;
 | ld.relaxed.gpu.u32 %r1, [x] ;
filter (P1:r1 == 1)
exists (P1:r0 == 1)
`;
const filtered = parseLitmus(PROGRAM);

test('a filter: the execution must pass it; what only the filter reads is not part of the state', () => {
  const { replay, states } = witnessed(filtered);
  assert.ok(states.length >= 2);
  states.forEach(({ sketch: sk, values: m }) => {
    assert.equal([...m.keys()], ['P1:r0']);
    assert.ok(replay(sk, m));
  });
  // The same program observing P1:r1 instead of filtering on it: its executions where P1:r1 is
  // 0 (P1:r0 is then 0, a state the filtered test has too) do not pass its filter.
  const open = witnessed(parseLitmus(PROGRAM.replace('filter (P1:r1 == 1)', 'locations [P1:r1;]')));
  const failing = open.states.filter((x) => x.values.get('P1:r1') === 0n);
  assert.ok(failing.length > 0);
  for (const { sketch: sk, values: m } of failing) {
    assert.ok(open.replay(sk, m));
    assert.not.ok(replay(sk, new Map([['P1:r0', m.get('P1:r0')!]])), 'an execution the filter drops');
  }
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
