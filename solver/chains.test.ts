// Causality through one observation step (solver/chains.ts): when the model's terms allow it,
// what it rewrites and keeps, that a test's atoms must be covered, and that the answers are
// those of the exact chains, where the chain is what decides them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { type Model, and, opt, prod, ref, rel, seq, set, showRel, star, withoutAxioms } from '../model/relalg.js';
import { oneStepObservation, tailCovers } from './chains.js';
import { encode } from './encode.js';
import { runTest } from './run.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

test('both models: Coherence and Causality read one step; cause itself and the other axioms stay', () => {
  const expected: Record<string, string> = {
    ptx75: '(morally-strong & rf)?; proxy-preserved-cause-base',
    ptx60: 'cause-base | morally-strong & rf; (cause-base | po & loc)',
  };
  for (const model of [ptx60, ptx75]) {
    const one = oneStepObservation(model)!;
    assert.ok(one, model.name);
    assert.is(showRel(one.model.defs[one.name]!), expected[model.name]);
    assert.is(one.model.defs['cause'], model.defs['cause'], 'the exact cause is kept (data races read it)');
    for (const [ax, was] of one.model.axioms.map((a, i) => [a, model.axioms[i]!] as const)) {
      assert.is(ax.name, was.name);
      const reads = showRel(ax.r).includes(one.name);
      assert.is(reads, ax.name === 'Coherence' || ax.name === 'Causality', `${model.name} ${ax.name}`);
      if (!reads) assert.is(ax, was);
    }
  }
});

test('refused where the argument does not hold: no Coherence, causality read elsewhere, observation of another shape', () => {
  assert.is(oneStepObservation(withoutAxioms(ptx75, ['Coherence'])), null);
  // Without Causality, Coherence alone reads cause: the argument still holds.
  assert.ok(oneStepObservation(withoutAxioms(ptx75, ['Causality'])));
  const readBy: Model = { ...ptx75, defs: { ...ptx75.defs, later: seq(ref('cause'), ref('cause')) } };
  assert.is(oneStepObservation(readBy), null);
  const plain: Model = { ...ptx75, defs: { ...ptx75.defs, observation: and(ref('morally-strong'), ref('fr')) } };
  assert.is(oneStepObservation(plain), null);
  // A chain of anything but rf steps: its links are not writes read by the next.
  const notRf: Model = { ...ptx75, defs: { ...ptx75.defs, observation: seq(ref('morally-strong'), star(seq(rel('rmw'), ref('morally-strong')))) } };
  assert.is(oneStepObservation(notRf), null);
});

// Three threads taking and releasing a lock word by exchange: every atom may read every other.
const LOCK = `PTX Lock3
{ m=0; }
 P0@cta 0,gpu 0                         | P1@cta 1,gpu 0                         | P2@cta 2,gpu 0                         ;
 L0:                                    | L1:                                    | L2:                                    ;
 atom.relaxed.gpu.exch.b32 %r0, [m], 1  | atom.relaxed.gpu.exch.b32 %r1, [m], 1  | atom.relaxed.gpu.exch.b32 %r2, [m], 1  ;
 setp.ne.u32 %p0, %r0, 0                | setp.ne.u32 %p1, %r1, 0                | setp.ne.u32 %p2, %r2, 0                ;
 @%p0 bra L0                            | @%p1 bra L1                            | @%p2 bra L2                            ;
 atom.relaxed.gpu.exch.b32 %r3, [m], 0  | atom.relaxed.gpu.exch.b32 %r4, [m], 0  | atom.relaxed.gpu.exch.b32 %r5, [m], 0  ;
exists (m == 0)
`;

test("a test's atoms must be covered by the tail; a spin lock's encoding shrinks", () => {
  const t = parseLitmus(LOCK);
  const u = unroll(t, 2);
  const infos = u.events.map((e) => e.info);
  const rmw = u.events.map((e) => (e.info.kind === 'R' ? e.rmw : -1));
  const guards = u.events.map((e) => e.guard);
  assert.ok(tailCovers(oneStepObservation(ptx75)!, u.dag, infos, guards, rmw));
  // A tail that relates only reads misses every atom's read-to-write pair.
  const R = set('R');
  const readsOnly: Model = { ...ptx75, defs: { ...ptx75.defs, cause: seq(opt(ref('observation')), and(ref('proxy-preserved-cause-base'), prod(R, R))) } };
  assert.not.ok(tailCovers(oneStepObservation(readsOnly)!, u.dag, infos, guards, rmw));
  // A tail fine on a test with no atoms: nothing to cover.
  const plainTest = parseLitmus('PTX P\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.relaxed.gpu.u32 [x], 1 ;\nexists (x == 1)\n');
  const up = unroll(plainTest, 2);
  assert.ok(tailCovers(oneStepObservation(readsOnly)!, up.dag, up.events.map((e) => e.info), up.events.map((e) => e.guard), up.events.map(() => -1)));
  const defs = (s: string): number => (s.match(/define-fun/g) ?? []).length;
  const short = defs(encode(t, unroll(t, 2), ptx75, 60_000, true).script);
  // The same model with a definition that reads cause (and nothing reads): refused, so exact.
  const exactModel: Model = { ...ptx75, defs: { ...ptx75.defs, unused: seq(ref('cause'), ref('cause')) } };
  assert.is(oneStepObservation(exactModel), null);
  const exact = defs(encode(t, unroll(t, 2), exactModel, 60_000, true).script);
  assert.ok(short * 2 < exact, `${short} definitions, against ${exact} for the exact chains`);
});

// Where the chain decides: a read that sees the end of a chain of exchanges cannot then read
// a write coherence-before its start (Coherence through the chain), and a relaxed exchange
// between a release and an acquire still hands the release on (synchronization keeps its
// chains). Each answer with the shortcut equals the answer without it (forcedCoherence off
// reads the exact model).
const CHAIN = `PTX CoRR-chain
{ x=0; }
 P0@cta 0,gpu 0             | P1@cta 1,gpu 0                         | P2@cta 2,gpu 0                         | P3@cta 3,gpu 0             ;
 st.relaxed.gpu.u32 [x], 1  | atom.relaxed.gpu.exch.b32 %r0, [x], 2  | atom.relaxed.gpu.exch.b32 %r1, [x], 3  | ld.relaxed.gpu.u32 %r2, [x] ;
                            |                                        |                                        | ld.relaxed.gpu.u32 %r3, [x] ;
exists (P1:%r0 == 1 /\\ P2:%r1 == 2 /\\ P3:%r2 == 3 /\\ P3:%r3 == 1)
`;
const RELSEQ = `PTX MP-rmw
{ x=0; f=0; }
 P0@cta 0,gpu 0               | P1@cta 1,gpu 0                         | P2@cta 2,gpu 0               ;
 st.relaxed.gpu.u32 [x], 1    | atom.relaxed.gpu.exch.b32 %r0, [f], 2  | ld.acquire.gpu.u32 %r1, [f]  ;
 st.release.gpu.u32 [f], 1    |                                        | ld.relaxed.gpu.u32 %r2, [x]  ;
exists (P1:%r0 == 1 /\\ P2:%r1 == 2 /\\ P2:%r2 == 0)
`;

test('where the chain decides, the answers are those of the exact chains (both models)', async () => {
  for (const text of [CHAIN, RELSEQ]) {
    const t = parseLitmus(text);
    for (const model of [ptx60, ptx75]) {
      const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: false, explain: false };
      const a = await runTest(z3, t, { ...opt, forcedCoherence: true });
      const b = await runTest(z3, t, { ...opt, forcedCoherence: false });
      assert.is(a.validated, false, `${t.name} ${model.name}: forbidden`);
      assert.equal(a.states, b.states, `${t.name} ${model.name}`);
      assert.ok((a.states?.length ?? 0) > 3);
    }
  }
});

test.run();
