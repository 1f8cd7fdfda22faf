// The Z3 encoding against brute force: for small generated tests, the final states Z3 finds
// are exactly those of the consistent executions found by enumerating every candidate
// execution and evaluating the axioms with the concrete interpreter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { LitmusTest } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { candidateBound, enumerate } from './enumerate.js';
import { runTest } from './run.js';
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
