// "Next execution": asking again with the executions already seen excluded gives every
// execution that reaches an outcome exactly once, then says none is left. Checked against brute
// force (solver/enumerate.ts), which lists the consistent executions themselves.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Expr, LitmusTest } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { type Execution, type Pair, evaluate } from '../model/concrete.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { type Model, withoutAxioms } from '../model/relalg.js';
import { candidateBound, enumerate, stateValues } from './enumerate.js';
import { type RunResult, runTest } from './run.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_TESTS } from '../tests/paths.js';
import { holds } from '../tests/conditions.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const BOUND = 1;

/** The outcome verdict mode asks about: the condition, or for forall its negation. */
const outcomeOf = (t: LitmusTest): Expr => (t.condition.quantifier === 'forall' ? { kind: 'not', arg: t.condition.expr } : t.condition.expr);


/**
 * An execution's identity, whatever its numbering: events by thread and program order (initial
 * writes by location), rf, co, Fence-SC order. Not barrier pairs: Z3 may let a bar.sync pass
 * late, with more sync pairs than brute force gives it (Encoding.choiceLits).
 */
function drawn(x: Execution): string {
  const name = (i: number): string => {
    const e = x.events[i]!;
    return e.init ? `init${e.ploc}` : `${e.thread}.${e.poIndex}`;
  };
  const rel = (ps: Pair[]): string => ps.map(([a, b]) => `${name(a)}>${name(b)}`).sort().join(',');
  return `events ${x.events.map((_, i) => name(i)).sort().join(',')} rf ${rel(x.rf)} co ${rel(x.co)} sf ${rel(x.syncFence)}`;
}

/** Brute force: the consistent executions with a final state in the outcome. */
function bruteForce(t: LitmusTest, model: Model): Set<string> {
  const u = unroll(t, BOUND);
  assert.ok(candidateBound(u) <= 200_000, `${t.name}: too many candidates for brute force`);
  const out = new Set<string>();
  const outcome = outcomeOf(t);
  enumerate(t, u, model, 2_000_000, (x, states) => {
    const reaches = states.some((s) => holds(outcome, new Map(stateValues(s))));
    if (reaches) out.add(drawn(x));
  });
  return out;
}

/**
 * Asks for the next execution until none is left; checks each is new, consistent (the
 * concrete evaluator) and reaches the outcome, and that the list ends with `exhausted`.
 * `relaxed`: the witnesses are those without the first relaxation (the outcome is forbidden).
 */
async function allExecutions(t: LitmusTest, model: Model, relaxed = false): Promise<{ drawn: string[]; first: RunResult }> {
  const seen: string[][] = [];
  const got: string[] = [];
  let first: RunResult | null = null;
  for (let i = 0; ; i++) {
    assert.ok(i < 200, `${t.name}: no end`);
    const r = await runTest(z3, t, { model, bound: BOUND, timeoutMs: 60_000, mode: 'verdict', checkBound: false, explain: true, relax: relaxed, exclude: seen });
    first ??= r;
    assert.ok(r.validated !== 'unknown', t.name);
    // The verdict does not depend on what was seen.
    assert.is(r.validated, first.validated, `${t.name}: verdict changed`);
    const w = relaxed ? r.relaxedWitness : r.witness;
    if (relaxed) assert.equal(r.relaxations, first.relaxations, `${t.name}: relaxations changed`);
    if (w === null) {
      assert.ok(r.exhausted, `${t.name}: no witness, not exhausted`);
      break;
    }
    assert.not.ok(r.exhausted);
    const m = relaxed ? withoutAxioms(model, r.relaxations![0]!) : model;
    assert.ok(evaluate(m, w.execution.x).consistent, `${t.name}: witness ${i} inconsistent`);
    assert.ok(holds(outcomeOf(t), new Map(w.state)), `${t.name}: witness ${i} misses the outcome`);
    const d = drawn(w.execution.x);
    assert.not.ok(got.includes(d), `${t.name}: execution ${i} seen before: ${d}`);
    got.push(d);
    seen.push(w.choice);
  }
  return { drawn: got.sort(), first: first! };
}

const SB = `PTX SB-weak
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0)`;

const WWR = `PTX 2W+R
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;
 st.weak x, 1   | st.weak x, 2   | ld.weak r0, x  ;
exists (P2:r0 == 0)`;

// Unrolled loop iterations that do not run: their events must not tell executions apart.
const SPIN = `PTX spin
{ f=0; x=0; }
 P0@cta 0,gpu 0         | P1@cta 0,gpu 0          ;
 st.weak x, 1           | LC0:                    ;
 st.relaxed.gpu f, 1    | ld.relaxed.gpu r0, f    ;
                        | beq r0, 0, LC0          ;
                        | ld.weak r1, x           ;
exists (P1:r0 == 1)`;

const own = (path: string): LitmusTest => parseLitmus(readFileSync(join(OWN_TESTS, path), 'utf8'), path);

test('SB (weak): exactly the two executions with r0=0, then none', async () => {
  const t = parseLitmus(SB);
  const { drawn: z } = await allExecutions(t, ptx75);
  assert.is(z.length, 2);
  assert.equal(z, [...bruteForce(t, ptx75)].sort());
});

test('two weak writes and a read: the three coherence orders (none, either way) are three executions', async () => {
  const t = parseLitmus(WWR);
  const { drawn: z } = await allExecutions(t, ptx75);
  assert.is(z.length, 3);
  assert.equal(z, [...bruteForce(t, ptx75)].sort());
});

test('executions agree with brute force: spin loop, MP, IRIW with fence.sc (Fence-SC orders), barriers', async () => {
  const cases: [LitmusTest, Model][] = [
    [parseLitmus(SPIN), ptx75],
    [parseLitmus(`PTX MP-weak
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 st.weak x, 1        | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1 | ld.weak r1, x       ;
exists (P1:r1 == 0)`), ptx75],
    [parseLitmus(`PTX SB+fence.sc
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;
 fence.sc.gpu        | fence.sc.gpu        ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;
exists (P0:r0 == 1 /\\ P1:r1 == 1)`), ptx60], // the same rf and co: two Fence-SC orders
    [own('isa/IRIW+fence.sc+weak-writes-allowed.litmus'), ptx75],
    [parseLitmus(`PTX bar
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 1, 5, 2 | bar.cta.sync 1, 5, 2 ;
 bar.cta.sync 1, 5, 2 | ld.weak r0, x |  ;
exists (P1:r0 == 0 \\/ P1:r0 == 1)`), ptx75],
  ];
  for (const [t, model] of cases) {
    const { drawn: z } = await allExecutions(t, model);
    const b = [...bruteForce(t, model)].sort();
    assert.ok(b.length > 1, `${t.name}: want a test with several executions`);
    assert.equal(z, b, t.name);
  }
});

test('an unreachable outcome: the next execution without the first relaxation, then none', async () => {
  // ISA-MP's r0=1, r1=0 under ptx75: forbidden by Causality alone.
  const t = own('isa/ISA-MP.litmus');
  const { drawn: z, first } = await allExecutions(t, ptx75, true);
  assert.equal(first.relaxations, [['Causality']]);
  assert.ok(z.length >= 1);
  assert.equal(z, [...bruteForce(t, withoutAxioms(ptx75, ['Causality']))].sort());
});

test('exclude: an unreachable outcome is not exhausted, and a choice of another test is refused', async () => {
  const t = own('isa/ISA-MP.litmus');
  const r = await runTest(z3, t, { model: ptx75, bound: BOUND, timeoutMs: 60_000, mode: 'verdict', checkBound: false, explain: true, exclude: [[]] });
  assert.is(r.witness, null);
  assert.is(r.exhausted, false);
  assert.equal(r.core, ['Causality']);
  try {
    await runTest(z3, t, { model: ptx75, bound: BOUND, timeoutMs: 60_000, mode: 'verdict', checkBound: false, explain: true, exclude: [['rf 99 100']] });
    assert.unreachable('accepted a foreign choice');
  } catch (e) {
    assert.match(String(e), /not a choice of this test/);
  }
});

test.run();
