// Coherence forced before solving (solver/must.ts): which pairs it fixes, that it refuses
// models where it would be unsound, and that answers are the same with and without it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus, readLitmusFiles } from '../litmus/parse.js';
import { MODELS } from '../model/ptx.js';
import { alt, minus, rel, type Model } from '../model/relalg.js';
import { OWN_TESTS } from '../tests/paths.js';
import { antitoneInChoices, forcedCoherence } from './must.js';
import { encode, outsideModel } from './encode.js';
import { runTest } from './run.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const forced = (text: string, model: Model): string[] => {
  const u = unroll(parseLitmus(text), 2);
  const label = (id: number): string => u.events[id]!.info.label;
  const rmw = u.events.map((e) => (e.info.kind === 'R' ? e.rmw : -1));
  return [...forcedCoherence(model, u.dag, u.events.map((e) => e.info), u.events.map((e) => e.guard), rmw).ordered]
    .map((k) => k.split(',').map(Number).map(label).join(' -> ')).sort();
};

test('ptx75: writes of one thread to one location are forced into program order; other threads\' are not', () => {
  const t = `PTX T
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.weak.u32 [x], 1  | st.weak.u32 [x], 3   ;
 st.weak.u32 [x], 2  | ld.weak.u32 %r0, [x] ;
exists (x == 1)
`;
  assert.equal(forced(t, MODELS.ptx75!), ['P0:st.weak.u32 [x], 1 -> P0:st.weak.u32 [x], 2']);
  // In 6.0 causality does not hold program order: the same order follows from SC-per-location
  // and Coherence2 together, which this analysis does not combine.
  assert.equal(forced(t, MODELS.ptx60!), []);
  // A write under a branch is forced in the executions that execute it (the pair's co term is
  // then their guards).
  const guarded = `PTX G
{ x=0; }
 P0@cta 0,gpu 0 ;
 ld.weak.u32 %r0, [x] ;
 setp.eq.u32 %p0, %r0, 0 ;
 @%p0 st.weak.u32 [x], 1 ;
 st.weak.u32 [x], 2 ;
exists (x == 1)
`;
  assert.equal(forced(guarded, MODELS.ptx75!), ['P0:@%p0 st.weak.u32 [x], 1 -> P0:st.weak.u32 [x], 2']);
});

// Two threads swapping a lock word in loops (as the CADP tests do): every pair of the atomics
// is morally strong, so Coherence2 orders each pair one way or the other.
const SPIN = `PTX Spin
{ m=0; x=0; }
 P0@cta 0,gpu 0                          | P1@cta 1,gpu 0                          ;
 LC00:                                   | LC10:                                   ;
 atom.relaxed.gpu.exch.b32 %r0, [m], 1   | atom.relaxed.gpu.exch.b32 %r1, [m], 1   ;
 setp.ne.u32 %p0, %r0, 0                 | setp.ne.u32 %p1, %r1, 0                 ;
 @%p0 bra LC00                           | @%p1 bra LC10                           ;
 st.relaxed.gpu.u32 [x], 1               | ld.relaxed.gpu.u32 %r2, [x]             ;
 atom.relaxed.gpu.exch.b32 %r3, [m], 0   | atom.relaxed.gpu.exch.b32 %r4, [m], 0   ;
exists (P1:%r2 == 0 /\\ m == 0)
`;

test('writes the axioms relate pairwise are ordered by ranks: no pair variables, the same states', async () => {
  const t = parseLitmus(SPIN);
  const u = unroll(t, 2);
  const rmw = u.events.map((e) => (e.info.kind === 'R' ? e.rmw : -1));
  const f = forcedCoherence(MODELS.ptx75!, u.dag, u.events.map((e) => e.info), u.events.map((e) => e.guard), rmw);
  const writes = u.events.filter((e) => e.info.kind === 'W' && !e.info.init && e.info.label.includes('[m]')).map((e) => e.info.id);
  assert.ok(writes.length >= 6, `${writes.length}`);
  for (const a of writes) for (const b of writes) if (a !== b) assert.ok(f.related.has(`${a},${b}`), `${a},${b}`);
  const enc = encode(t, unroll(t, 2), MODELS.ptx75!, 60_000, true);
  assert.match(enc.script, /co_rank_/);
  assert.not.match(enc.script, /declare-const co_\d/);
  // Without every axiom enforced (why, unsat cores) there are no ranks.
  assert.not.match(encode(t, unroll(t, 2), MODELS.ptx75!, 60_000, false).script, /co_rank_/);
  for (const model of [MODELS.ptx60!, MODELS.ptx75!]) {
    const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: true, explain: false };
    const a = await runTest(z3, t, { ...opt, forcedCoherence: true });
    const b = await runTest(z3, t, { ...opt, forcedCoherence: false });
    assert.ok((a.states?.length ?? 0) > 1, model.name);
    assert.equal(a.states, b.states, model.name);
    assert.is(a.boundReached, b.boundReached);
  }
});

test('a model whose coherence axiom could shrink as choices grow gets no forced pairs', () => {
  const ptx75 = MODELS.ptx75!;
  assert.not.ok(antitoneInChoices(ptx75.axioms.find((a) => a.name === 'Coherence')!.r, ptx75));
  assert.ok(antitoneInChoices(minus(rel('po'), rel('rf')), ptx75));
  assert.not.ok(antitoneInChoices(minus(alt(rel('po'), rel('rf')), rel('loc')), ptx75));
  const twisted: Model = { ...ptx75, axioms: [{ name: 'Twisted', section: '-', kind: 'subset', r: minus(rel('po'), rel('rf')), s: rel('co') }] };
  assert.equal(forced('PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n st.weak.u32 [x], 2 ;\nexists (x == 1)\n', twisted), []);
});

test('the same final states with and without forced coherence, on every test of ours', async () => {
  let compared = 0;
  for (const f of readLitmusFiles([OWN_TESTS])) {
    for (const model of [MODELS.ptx60!, MODELS.ptx75!]) {
      if (outsideModel(f.test!, model)) continue;
      const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: true, explain: false };
      const a = await runTest(z3, f.test!, { ...opt, forcedCoherence: true });
      const b = await runTest(z3, f.test!, { ...opt, forcedCoherence: false });
      assert.equal(a.states, b.states, `${f.file} (${model.name})`);
      assert.is(a.boundReached, b.boundReached);
      compared++;
    }
  }
  assert.ok(compared >= 170, `${compared}`);
});

test.run();
