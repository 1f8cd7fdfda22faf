// The Z3 encoding against brute force: for small generated tests, the final states Z3 finds
// are exactly those of the consistent executions found by enumerating every candidate
// execution and evaluating the axioms with the concrete interpreter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { LitmusTest } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { parseCat, printCat } from '../model/cat.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { candidateBound, enumerate } from './enumerate.js';
import { runTest } from './run.js';
import { thinAirAllowed } from '../model/relalg.js';
import { mutants } from '../model/mutants.js';
import { unroll } from './unroll.js';
import { arbTest } from './smalltests.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

async function agree(t: LitmusTest, model: Model): Promise<void> {
  const bound = 1;
  // Brute force must stay affordable.
  fc.pre(candidateBound(unroll(t, bound)) <= 20_000);
  const r = await runTest(z3, t, { model, bound, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
  const z = new Set((r.states ?? []).map((s) => s.values.map(([k, v]) => `${k}=${v}`).join(';')));
  const e = enumerate(t, unroll(t, bound), model);
  assert.equal([...z].sort(), [...e.states].sort(), `states differ for\n${JSON.stringify(t.threads.map((th) => th.code.map((c) => c.op)))}`);
}

test('ptx60: Z3 finds exactly the brute-force final states', async () => {
  await fc.assert(fc.asyncProperty(arbTest({ proxies: false }), (t) => agree(t, ptx60)), { numRuns: 250, seed: 6060 });
});

test('ptx75: Z3 finds exactly the brute-force final states (proxies and aliases)', async () => {
  await fc.assert(fc.asyncProperty(arbTest({ proxies: true }), (t) => agree(t, ptx75)), { numRuns: 250, seed: 7575 });
});

// Models read from cat go through the same interpreters: models unlike PTX's (and the
// operators ptx.ts never uses: complement, the empty relation, products, [r] on a relation),
// and ptx75 with one definition changed, agree with brute force as the built-in ones do.
const TSO = parseCat(`"TSO-like"
let fr = rf^-1; co
let ext = ~(po | po^-1)
let ppo = po \\ W*R | po; [F]; po
acyclic ppo | rf & ext | co | fr as Order
acyclic po & loc | rf | co | fr as SC-per-location
empty rmw & (fr & ext; co & ext) as Atomicity
empty [po & (_*_ \\ M*M)] & 0 as Nothing
irreflexive [strong & ~SC]; (po; [FREL]; po & loc) & id as Trivial
`, 'tso.cat');
const SC_CAT = parseCat('let fr = rf^-1; co\nacyclic po | rf | co | fr as SC\nempty rmw & (fr; co) as Atomicity\n', 'sc.cat');
const ANY_SCOPE = parseCat(printCat(ptx75).replace(
  'let sync = morally-strong & (release-pattern; observation; acquire-pattern)', 'let sync = release-pattern; observation; acquire-pattern'), 'any-scope.cat');

test('cat models (SC, TSO-like, ptx75 with sync in any scope): Z3 finds exactly the brute-force final states', async () => {
  assert.ok(JSON.stringify(ANY_SCOPE.defs) !== JSON.stringify(ptx75.defs), 'the edit took');
  for (const [model, seed] of [[SC_CAT, 1], [TSO, 2], [ANY_SCOPE, 3]] as const) {
    await fc.assert(fc.asyncProperty(arbTest({ proxies: false }), (t) => agree(t, model)), { numRuns: 60, seed });
  }
});

// The solver's shortcuts (forced coherence, closure shortcuts past fence.sc, one-step
// observation) are read off the model's axioms; each must switch itself off in a model that
// lacks what it rests on. Every axiom dropped in turn, and every 7th single-edit mutant of each
// model (a spread over every definition and axiom), each on generated tests: the states brute
// force finds. Mutants that let a value come out of thin air are left out: brute force skips
// such values by design.
test('single-edit mutants of ptx60 and ptx75: Z3 finds exactly the brute-force final states', async () => {
  let n = 0;
  for (const [base, proxies] of [[ptx60, false], [ptx75, true]] as const) {
    const sample = [...mutants(base)].filter((m, i) => (i % 7 === 0 || m.model.axioms.length < base.axioms.length) && !thinAirAllowed(m.model));
    for (const [i, m] of sample.entries()) {
      await fc.assert(fc.asyncProperty(arbTest({ proxies }), (t) => agree(t, m.model)), { numRuns: 8, seed: 100 + i });
      n++;
    }
  }
  assert.ok(n >= 60, `${n} mutants`);
});

test('a filter on what the test does not show: brute force keeps the states Z3 keeps', async () => {
  // P1:r1 is read by the filter only: states show P1:r0 and x, of executions where P1:r1 is 1.
  const t = parseLitmus(`PTX filtered
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u32 %r0, [x] ;
 st.relaxed.gpu.u32 [x], 2 | ld.relaxed.gpu.u32 %r1, [x] ;
locations [x;]
filter (P1:r1 == 1)
exists (P1:r0 == 2)
`);
  await agree(t, ptx75);
  const states = [...enumerate(t, unroll(t, 1), ptx75).states].sort();
  // Reading 1 last, P1 read 0 or 1 first (never 2: coherence), and x ends as 2.
  assert.equal(states, ['P1:r0=0;x=2', 'P1:r0=1;x=2']);
});

test.run();
