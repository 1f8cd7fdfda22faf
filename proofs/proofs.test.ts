// The theorems at small N, and the checks that make "holds" mean something: mutations of the
// mapping, of the model and of a monotonicity step must each give a counterexample, and every
// counterexample must be confirmed by `ptxmm check`'s solver (on the litmus test written for
// it) and by the concrete evaluator. A prover that always said "holds" fails here.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { type Model, and, ref, rel, seq, withoutAxioms } from '../model/relalg.js';
import { oneStepObservation } from '../solver/chains.js';
import { newDag } from '../solver/expr.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { ptxmm, scratch } from '../tests/cli.js';
import { PTXMM_SCHEMA, validate } from '../tests/jsonschema.js';
import { confirm } from './confirm.js';
import { chainTheorems, oneStepTheorems } from './chains.js';
import { extendsTheorems } from './extends.js';
import { fencedScTheorem } from './fenced-sc.js';
import { independenceTheorems } from './independence.js';
import { MAPPING, type Mapping, mappingTheorems } from './mapping.js';
import { monotonicity, monotonicityTheorems, STEPS } from './monotonicity.js';
import { outcomeTheorems } from './outcomes.js';
import { type ProofResult, type Theorem, prove } from './prove.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const run = (th: Theorem, events: number, model: Model = ptx75): Promise<ProofResult> => prove(z3, th, { events, model, timeoutMs: 120_000 });
const named = (ths: Theorem[], name: string): Theorem => ths.find((t) => t.name === name)!;

/** A counterexample that both the solver (on its litmus tests) and the concrete evaluator confirm. */
async function confirmed(r: ProofResult): Promise<string[]> {
  assert.is(r.answer, 'counterexample', `${r.theorem.name}: a counterexample`);
  const c = await confirm(z3, r.counterexample!, 60_000);
  assert.is(r.counterexample!.concrete, null, `${r.theorem.name}: the concrete evaluator agrees`);
  for (const k of c.checks) assert.ok(k.agrees, `${r.theorem.name}: check on ${k.program.role}: ${k.reachable}, claimed ${k.program.reachable}\n${k.text}`);
  assert.ok(c.confirmed);
  return c.checks.map((k) => k.text);
}

const mutated = (f: (m: Mapping) => void): Mapping => { const m = structuredClone(MAPPING); f(m); return m; };

test('mapping: a total coherence order, coherence, atomicity and SC hold for every execution of up to 4 events (ptx75 and ptx60)', async () => {
  for (const model of [ptx75, ptx60]) {
    for (const name of ['mapping-mototal', 'mapping-coherence', 'mapping-atomicity', 'mapping-sc']) {
      const r = await run(named(mappingTheorems(), name), 4, model);
      assert.is(r.answer, 'holds', `${name} under ${model.name}`);
    }
  }
});

test("mapping: RC11's no-thin-air fails by load buffering with 4 events, confirmed by check", async () => {
  const r = await run(named(mappingTheorems(), 'mapping-nothinair'), 4);
  const [text] = await confirmed(r);
  assert.is(r.size, 4);
  assert.ok(r.minimal);
  // Two threads, each a load then a store, each load reading the other thread's store.
  const t = parseLitmus(text!);
  assert.is(t.threads.length, 2);
  for (const th of t.threads) assert.equal(th.code.filter((s) => s.op === 'ld' || s.op === 'st').map((s) => s.op), ['ld', 'st']);
  assert.ok(r.counterexample!.details.some((l) => l.includes('.load(')), 'the C++ program is shown');
});

test('mutation: an acquire load compiled to ld.relaxed breaks RC11 Coherence (message passing), confirmed', async () => {
  const map = mutated((m) => { m.load.acq = 'relaxed'; });
  const r = await run(named(mappingTheorems(map), 'mapping-coherence'), 4);
  const [text] = await confirmed(r);
  assert.match(text!, /ld\.relaxed/);
  assert.not.match(text!, /ld\.acquire/);
});

test('mutation: a release store compiled to st.weak breaks RC11 Coherence, confirmed', async () => {
  const map = mutated((m) => { m.store.rel = 'weak'; });
  const r = await run(named(mappingTheorems(map), 'mapping-coherence'), 4);
  await confirmed(r);
});

test('mutation: SC accesses without their fence.sc break RC11 SC (store buffering), confirmed', async () => {
  const map = mutated((m) => { m.scFence = { load: false, store: false, rmw: false }; });
  const r = await run(named(mappingTheorems(map), 'mapping-sc'), 4);
  await confirmed(r);
  assert.ok(r.counterexample!.details.some((l) => l.includes('seq_cst')));
});

test('mutation: a seq_cst RMW as fence.sc; atom.acquire breaks RC11 Coherence with 5 events (atom.acq_rel is needed)', async () => {
  const map = mutated((m) => { m.rmw.sc = 'acquire'; });
  assert.is((await run(named(mappingTheorems(map), 'mapping-coherence'), 4)).answer, 'holds');
  const r = await run(named(mappingTheorems(map), 'mapping-coherence'), 5);
  const [text] = await confirmed(r);
  assert.match(text!, /fence\.sc/);
  assert.match(text!, /atom\.acquire/);
});

test('mutation: without Causality, the mapping and fenced SC fail, confirmed under that model', async () => {
  const weak = withoutAxioms(ptx75, ['Causality']);
  await confirmed(await run(named(mappingTheorems(), 'mapping-coherence'), 4, weak));
  await confirmed(await run(fencedScTheorem, 4, weak));
});

test('extends: ptx75 and ptx60 accept the same executions of up to 4 events (generic proxy, no aliases)', async () => {
  for (const th of extendsTheorems) assert.is((await run(th, 4)).answer, 'holds', th.name);
});

test('monotonicity: every strengthening step holds up to 3 events', async () => {
  for (const th of monotonicityTheorems) assert.is((await run(th, 3)).answer, 'holds', th.name);
});

test('mutation: the acquire step taken the other way (acquire to relaxed) fails with message passing, confirmed', async () => {
  const anti = monotonicity(STEPS.find((s) => s.name === 'relaxed-to-acquire')!, true);
  assert.is(anti.expect, 'fails');
  const r = await run(anti, 4);
  const texts = await confirmed(r);
  // The weaker program (first) reaches the outcome; the stronger one differs in one acquire.
  assert.match(texts[0]!, /ld\.relaxed/);
  assert.match(texts[1]!, /ld\.acquire/);
});

test('fenced SC: holds up to 4 events; without the fences it fails (store buffering), confirmed', async () => {
  assert.is((await run(fencedScTheorem, 4)).answer, 'holds');
  const sb = `PTX SB-sc\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed.sys.u32 [x], 1 | st.relaxed.sys.u32 [y], 1 ;\n ld.relaxed.sys.u32 %r0, [y] | ld.relaxed.sys.u32 %r1, [x] ;\nexists (P0:%r0 == 0 /\\ P1:%r1 == 0)\n`;
  // The theorem's premise matters: the same strong accesses with no fence reach a non-SC outcome.
  const { runTest } = await import('../solver/run.js');
  const res = await runTest(z3, parseLitmus(sb), { model: ptx75, bound: 2, timeoutMs: 30_000, mode: 'verdict', checkBound: false, explain: false });
  assert.is(res.validated, true);
});

test('independence (ptx75): each axiom has an execution only it forbids, of the expected size; NoThinAir needs dependencies', async () => {
  const sizes: Record<string, number> = {};
  for (const th of independenceTheorems(ptx75)) {
    const r = await run(th, 4);
    await confirmed(r);
    sizes[th.name] = r.size!;
    if (th.name === 'implied-NoThinAir') {
      // Load buffering whose stores depend on the loads: the dependencies are written out.
      const ops = r.counterexample!.programs[0]!.test.threads.flatMap((t) => t.code.map((s) => (s.op === 'alu' ? s.aop : s.op)));
      assert.ok(ops.includes('and'), ops.join(' '));
    }
  }
  assert.equal(sizes, {
    'implied-Coherence': 2, 'implied-Coherence2': 2, 'implied-FenceSC': 2, 'implied-Atomicity': 3, 'implied-NoThinAir': 4, 'implied-Causality': 2,
  });
});

test('independence (ptx60): NoThinAir is implied by the others up to 3 events, not at 4', async () => {
  const th = named(independenceTheorems(ptx60), 'implied-NoThinAir');
  assert.is((await run(th, 3, ptx60)).answer, 'holds');
  await confirmed(await run(th, 4, ptx60));
});

test('outcome independence: Coherence2 is implied for outcomes up to 3 events in ptx75, not in ptx60; Coherence is not', async () => {
  const c2 = (await run(named(outcomeTheorems(ptx75), 'outcome-implied-Coherence2'), 3));
  assert.is(c2.answer, 'holds');
  assert.ok(c2.rounds! > 0, 'the search had candidates to refute');
  // ptx60: a thread writes x twice and reads its first write back (only Coherence2 orders them).
  const r60 = await run(named(outcomeTheorems(ptx60), 'outcome-implied-Coherence2'), 3, ptx60);
  const texts = await confirmed(r60);
  assert.ok(r60.counterexample!.programs.every((p) => p.required), 'the outcome itself is forbidden, not only the execution');
  assert.match(texts[1]!, /exists \(/);
  await confirmed(await run(named(outcomeTheorems(ptx75), 'outcome-implied-Coherence'), 3));
});

test('encoding: causality through one observation step accepts the same executions, up to 6 events (ptx75 and ptx60)', async () => {
  for (const model of [ptx75, ptx60]) {
    const ths = chainTheorems(model);
    assert.equal(ths.map((t) => t.name), ['one-observation-step-sound', 'one-observation-step-complete']);
    for (const th of ths) assert.is((await run(th, 6, model)).answer, 'holds', `${th.name} under ${model.name}`);
  }
});

test('mutation: one observation step is wrong without Coherence, and wrong in synchronization (release sequences), confirmed', async () => {
  const one = oneStepObservation(ptx75)!;
  // Without Coherence nothing orders a chain's writes: a read can see the chain's end and then
  // a write coherence-before its start.
  const [sound] = oneStepTheorems(withoutAxioms(ptx75, ['Coherence']), withoutAxioms(one.model, ['Coherence']));
  await confirmed(await run(sound!, 6));
  // An acquire that reads an atom's write synchronizes with the release the atom read: one
  // step in sync loses that (message passing through a relaxed exchange).
  const oneSync = { ...one.model, defs: { ...one.model.defs, sync: and(ref('morally-strong'), seq(ref('release-pattern'), and(ref('morally-strong'), rel('rf')), ref('acquire-pattern'))) } };
  const [mp] = oneStepTheorems(ptx75, oneSync);
  await confirmed(await run(mp!, 6));
});

test('the space: up to N events means fewer too, and initial writes are not counted', async () => {
  // A single store and nothing else: Coherence2's counterexample needs two writes, found at 2.
  const r = await run(named(independenceTheorems(ptx75), 'implied-Coherence2'), 5);
  assert.is(r.size, 2);
  assert.ok(r.minimal);
  const dag = newDag();
  assert.is(dag.bin('and', dag.bvVar('v', 32), dag.bv(32, 0)), dag.bv(32, 0), 'x & 0 folds to 0 (false dependencies)');
});

test('ptxmm prove: the counterexample file reproduces with ptxmm check; JSON; usage errors', () => {
  const s = scratch('ptxmm-prove-');
  const out = join(s.dir, 'cx');
  const r = ptxmm('prove', 'mapping-nothinair', '--events', '4', '--out', out, '--json');
  assert.is(r.code, 0, r.err);
  const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const l of lines) assert.equal(validate(l, PTXMM_SCHEMA), [], JSON.stringify(l).slice(0, 200));
  const rec = lines.find((l) => l['type'] === 'prove')! as { answer: string; asExpected: boolean; counterexample: { confirmed: boolean; programs: { file: string }[] } };
  assert.is(rec.answer, 'counterexample');
  assert.ok(rec.asExpected);
  assert.ok(rec.counterexample.confirmed);
  const file = rec.counterexample.programs[0]!.file;
  assert.ok(readFileSync(file, 'utf8').startsWith('PTX mapping-nothinair'));
  const c = ptxmm('check', file);
  assert.is(c.code, 0, c.err);
  assert.match(c.out, /Observation mapping-nothinair Sometimes/);
  assert.is(lines.at(-1)!['type'], 'summary');

  const text = ptxmm('prove', 'implied-Causality', '--events', '3', '--out', out);
  assert.is(text.code, 0, text.err);
  // A write and a later read of the same location in one thread, the read missing the write.
  assert.match(text.out, /implied-Causality: counterexample with 2 events \(ptx75, [\d.]+ s; none has fewer\)/);
  assert.match(text.out, /ptxmm check --model ptx75 --without Causality /);

  // NoThinAir's cycle goes through dependencies: they are drawn, in text and in each program's SVG of its own.
  const svg = join(s.dir, 'svg');
  const lb = ptxmm('prove', 'implied-NoThinAir', '--events', '4', '--out', out, '--svg', svg);
  assert.is(lb.code, 0, lb.err);
  assert.match(lb.out, /\n {4}dep: \w->\w \w->\w\n/);
  assert.equal(readdirSync(svg).sort(), ['only-NoThinAir-1.svg', 'only-NoThinAir-2.svg']);
  // Its known counterexample has 4 events: below that, holding is the expected answer.
  const small = ptxmm('prove', 'mapping-nothinair', '--events', '3', '--out', out);
  assert.is(small.code, 0, small.out);
  assert.match(small.out, /mapping-nothinair: holds for every execution of up to 3 events \(ptx75, [\d.]+ s\)\n/);
  // The extends theorems compare the built-in models whatever --model says, and say so.
  const ext = ptxmm('prove', '--model', 'ptx60', '--events', '2', 'ptx75-accepts-ptx60', '--out', out);
  assert.match(ext.out, /ptx75-accepts-ptx60: holds for every execution of up to 2 events \(ptx60 and ptx75, /);

  const bad = ptxmm('prove', 'no-such-theorem');
  assert.is(bad.code, 2);
  assert.match(bad.err, /unknown theorem or group 'no-such-theorem'/);
  assert.is(ptxmm('prove', '--events', '0').code, 2);
  const w = ptxmm('check', '--without', 'Nope', file);
  assert.is(w.code, 2);
  assert.match(w.err, /unknown axiom 'Nope'/);
});

test.run();
