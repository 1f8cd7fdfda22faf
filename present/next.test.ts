// The explanation's "next execution": `choice` names the execution shown, `exclude` asks for
// another, and `exhausted` (with its text) says when none is left.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { ptx75 } from '../model/ptx.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { explainTest, explanationText } from './explain.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

test('explainTest: each execution once, then exhausted, the verdict unchanged', async () => {
  // Two weak writes unordered, either way, or one: three executions where the read sees 0.
  const t = parseLitmus(`PTX 2W+R
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;
 st.weak x, 1   | st.weak x, 2   | ld.weak r0, x  ;
exists (P2:r0 == 0)`);
  const seen: string[][] = [];
  for (let i = 0; i < 3; i++) {
    const ex = await explainTest(z3, t, { model: ptx75, bound: 2, timeoutMs: 30_000, relax: false, exclude: seen });
    assert.is(ex.reachable, true);
    assert.is(ex.exhausted, false);
    assert.ok(ex.witness && ex.concrete?.consistent);
    assert.ok(ex.choice);
    assert.not.ok(seen.some((c) => c.join() === ex.choice!.join()), 'an execution seen before');
    seen.push(ex.choice);
  }
  const last = await explainTest(z3, t, { model: ptx75, bound: 2, timeoutMs: 30_000, relax: false, exclude: seen });
  assert.is(last.reachable, true);
  assert.is(last.exhausted, true);
  assert.is(last.witness, null);
  assert.is(last.choice, null);
  assert.match(explanationText(last, null)[0]!, /is reachable, but by no consistent execution other than those already shown/);
  // Without exclude, nothing is exhausted.
  assert.is((await explainTest(z3, t, { model: ptx75, bound: 2, timeoutMs: 30_000, relax: false })).exhausted, false);
});

test.run();
