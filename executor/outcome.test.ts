// outcome.ts: a condition compiled once (holdsOn) reads each term at its own observable's
// position, whatever order the terms come in and however often the test is asked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { holdsOn, observables } from './outcome.js';

const t = parseLitmus(`PTX holds-on
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 ld.weak.u32 %r0, [x] | ld.weak.u32 %r1, [y] ;
 ld.weak.u32 %r1, [y] | st.weak.u32 [x], 1 ;
exists (P1:%r1 == 1 /\\ ~(P0:%r0 == 0) \\/ x == 2 /\\ P0:%r1 == 3)
`);

test('holdsOn: each term read at its own position, on every outcome asked', () => {
  const obs = observables(t);
  const names = obs.map((o) => (o.kind === 'reg' ? `P${o.thread}:${o.reg}` : o.name));
  // Registers by thread then name, then locations: the order holdsOn must follow.
  assert.equal(names, ['P0:r0', 'P0:r1', 'P1:r1', 'x']);
  const cond = holdsOn(t.condition.expr, obs);
  // The condition by hand, on [P0:%r0, P0:%r1, P1:%r1, x].
  const byHand = (o: bigint[]): boolean => (o[2] === 1n && o[0] !== 0n) || (o[3] === 2n && o[1] === 3n);
  const vals = [0n, 1n, 2n, 3n];
  let yes = 0;
  for (const a of vals) for (const b of vals) for (const c of vals) for (const d of vals) {
    const o = [a, b, c, d];
    assert.is(cond(o), byHand(o), `outcome ${o.join(' ')}`);
    if (byHand(o)) yes++;
  }
  // Both disjuncts are reached, and neither is always true.
  assert.ok(yes > 0 && yes < 256);
});

test('holdsOn: a term that is not observed is an error, not a read of position -1', () => {
  const other = parseLitmus(`PTX other
{ z = 0; }
 P0@cta 0,gpu 0 ;
 ld.weak.u32 %r0, [z] ;
exists (z == 1)
`);
  assert.throws(() => holdsOn(other.condition.expr, observables(t))([0n, 0n, 0n, 0n]), /not observed/);
});

test.run();
