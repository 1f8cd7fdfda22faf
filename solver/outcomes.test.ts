// "What if" and forbidden outcomes: a model with axioms switched off (withoutAxioms) runs like
// any model, and forbiddenOutcomes splits the program's outcomes over the condition's
// observables into those the model allows and those it forbids.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LitmusTest } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { type Model, withoutAxioms } from '../model/relalg.js';
import { OWN_TESTS } from '../tests/paths.js';
import fc from 'fast-check';
import { candidateBound, enumerate } from './enumerate.js';
import { type ForbiddenOutcomes, forbiddenOutcomes, runTest } from './run.js';
import { arbTest } from './smalltests.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const own = (path: string): LitmusTest => parseLitmus(readFileSync(join(OWN_TESTS, path), 'utf8'), path);
const text = (s: [string, bigint][]): string => s.map(([k, v]) => `${k}=${v}`).join(' ');

async function states(t: LitmusTest, model: Model): Promise<string[]> {
  const r = await runTest(z3, t, { model, bound: 2, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
  assert.ok(r.states, `${t.name}: ${r.unknown}`);
  return r.states.map((s) => text(s.values));
}

async function split(t: LitmusTest, model: Model = ptx75): Promise<{ observables: string[]; reachable: string[]; forbidden: string[] }> {
  const r: ForbiddenOutcomes = await forbiddenOutcomes(z3, t, { model, bound: 2, timeoutMs: 60_000 });
  if (!r.known) throw new Error(`${t.name}: ${r.unknown}`);
  return { observables: r.observables, reachable: r.reachable.map(text), forbidden: r.forbidden.map(text) };
}

// A thread writing x twice: Coherence orders the writes (and forced coherence fixes that order
// before solving, solver/must.ts).
const COWW = `PTX CoWW
{ x=0; }
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
 st.weak x, 2   ;
exists (x == 1)`;

test('withoutAxioms: ISA-MP reaches r0=1, r1=0 only without Causality (states mode)', async () => {
  const t = own('isa/ISA-MP.litmus');
  assert.not.ok((await states(t, ptx75)).includes('P1:r0=1 P1:r1=0'));
  const m = withoutAxioms(ptx75, ['Causality']);
  assert.is(m.name, 'ptx75 without Causality');
  assert.equal(m.axioms.map((a) => a.name), ['Coherence', 'Coherence2', 'FenceSC', 'Atomicity', 'NoThinAir']);
  assert.ok((await states(t, m)).includes('P1:r0=1 P1:r1=0'));
});

test('withoutAxioms: dropping Coherence also drops the coherence it forces', async () => {
  const t = parseLitmus(COWW);
  assert.equal(await states(t, ptx75), ['x=2']);
  assert.equal(await states(t, withoutAxioms(ptx75, ['Coherence'])), ['x=1', 'x=2']);
  assert.equal(await states(t, withoutAxioms(ptx60, ['Coherence', 'SC-per-location'])), ['x=1', 'x=2']);
});

test('withoutAxioms: unknown names throw, naming the model\'s axioms; the name lists what is gone in model order', () => {
  assert.throws(() => withoutAxioms(ptx75, ['Causality', 'SC-per-location']), /unknown axiom 'SC-per-location' \(ptx75 has Coherence, Coherence2, FenceSC, Atomicity, NoThinAir, Causality\)/);
  assert.is(withoutAxioms(ptx60, ['Causality', 'Coherence']).name, 'ptx60 without Coherence, Causality');
  assert.is(withoutAxioms(ptx75, []), ptx75);
});

test('forbiddenOutcomes: ISA-MP forbids exactly r0=1, r1=0', async () => {
  const r = await split(own('isa/ISA-MP.litmus'));
  assert.equal(r.observables, ['P1:r0', 'P1:r1']);
  assert.equal(r.forbidden, ['P1:r0=1 P1:r1=0']);
  assert.equal(r.reachable, ['P1:r0=0 P1:r1=0', 'P1:r0=0 P1:r1=1', 'P1:r0=1 P1:r1=1']);
  // Without the axiom that forbids it, nothing is.
  assert.equal((await split(own('isa/ISA-MP.litmus'), withoutAxioms(ptx75, ['Causality']))).forbidden, []);
});

test('forbiddenOutcomes: SB forbids nothing', async () => {
  const r = await split(parseLitmus(`PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 st.relaxed.gpu x, 1 | st.weak y, 1        ;
 ld.weak r0, y       | ld.relaxed.gpu r1, x ;
exists (P0:r0 == 0 /\\ P1:r1 == 0)`));
  assert.equal(r.forbidden, []);
  assert.equal(r.reachable, ['P0:r0=0 P1:r1=0', 'P0:r0=0 P1:r1=1', 'P0:r0=1 P1:r1=0', 'P0:r0=1 P1:r1=1']);
});

test('forbiddenOutcomes: fence.sc (MP, IRIW) forbids the outcome its test names', async () => {
  const mp = await split(own('isa/MP+fence.sc.sys.litmus'));
  assert.equal(mp.forbidden, ['P1:r1=1 P1:r2=0']);
  const iriw = await split(own('isa/IRIW+fence.sc-forbidden.litmus'), ptx60);
  assert.equal(iriw.observables, ['P2:r1', 'P2:r2', 'P3:r3', 'P3:r4']);
  assert.equal(iriw.forbidden, ['P2:r1=1 P2:r2=0 P3:r3=1 P3:r4=0']);
  assert.is(iriw.reachable.length, 15);
});

test('forbiddenOutcomes: the program alone makes no value out of thin air, and has no forced coherence', async () => {
  // Without NoThinAir, r1 = r2 = 3 (or any odd value) would justify itself; only 0 and 1 are made.
  const lb = await split(own('isa/LB+data-forbidden.litmus'));
  assert.equal(lb.forbidden, ['P0:r1=1 P1:r2=1']);
  assert.equal(lb.reachable, ['P0:r1=0 P1:r2=0', 'P0:r1=0 P1:r2=1', 'P0:r1=1 P1:r2=0']);
  const coww = await split(parseLitmus(COWW));
  assert.equal(coww, { observables: ['x'], reachable: ['x=2'], forbidden: ['x=1'] });
});

test('forbiddenOutcomes against brute force: reachable are its consistent outcomes; forbidden hold the rest of the program\'s', async () => {
  // Generated tests, the condition over every observable. Brute force with no axiom counts the
  // executions computed without circularity; forbiddenOutcomes also counts circular ones that
  // only write values the program makes (an atom.cas reading its own write), so it finds more.
  const none = withoutAxioms(ptx75, ptx75.axioms.map((a) => a.name));
  await fc.assert(fc.asyncProperty(arbTest({ proxies: true }), async (g) => {
    const t: LitmusTest = { ...g, condition: { ...g.condition, expr: { kind: 'and', args: g.observed.map((o) => ({ kind: 'cmp', op: 'eq', left: o, right: { kind: 'const', value: 0n } })) } } };
    fc.pre(candidateBound(unroll(t, 1)) <= 20_000);
    const r = await forbiddenOutcomes(z3, t, { model: ptx75, bound: 1, timeoutMs: 60_000 });
    if (!r.known) throw new Error(r.unknown);
    const brute = (m: Model): string[] => [...enumerate(t, unroll(t, 1), m).states].map((s) => s.split(';').join(' ')).sort();
    const reachable = r.reachable.map(text);
    assert.equal(reachable, brute(ptx75));
    const forbidden = r.forbidden.map(text);
    for (const s of brute(none)) assert.ok(reachable.includes(s) || forbidden.includes(s), `${s} is neither reachable nor forbidden`);
    for (const s of forbidden) assert.not.ok(reachable.includes(s));
  }), { numRuns: 80, seed: 4242 });
});

test('forbiddenOutcomes: undecided in time is unknown, not a partial list', async () => {
  const r = await forbiddenOutcomes(z3, own('isa/IRIW+fence.sc-forbidden.litmus'), { model: ptx75, bound: 2, timeoutMs: 1 });
  assert.is(r.known, false);
  if (!r.known) assert.ok(r.unknown.length > 0);
});

test.run();
