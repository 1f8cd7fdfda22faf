// outcome.ts: a condition compiled once (holdsOn) reads each term at its own observable's
// position, whatever order the terms come in and however often the test is asked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import fc from 'fast-check';
import type { CmpOp, Expr, Observable, Term } from '../litmus/ast.js';
import { observableName } from '../litmus/types.js';
import { holds } from '../tests/conditions.js';
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

test('holdsOn: the compiled condition agrees with the tests\' own reading (tests/conditions.ts) on every expression and outcome', () => {
  // Three observables; terms are one of them or a constant, on either side; every connective.
  const obs: Observable[] = [{ kind: 'reg', thread: 0, reg: 'r0' }, { kind: 'reg', thread: 1, reg: 'r1' }, { kind: 'loc', name: 'x' }];
  const term: fc.Arbitrary<Term> = fc.oneof(
    fc.constantFrom(...obs),
    fc.bigInt(-2n, 3n).map((value): Term => ({ kind: 'const', value })),
  );
  const ops: CmpOp[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];
  const { e: expr } = fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ kind: fc.constant('cmp' as const), op: fc.constantFrom(...ops), left: term, right: term }),
      fc.constantFrom<Expr>({ kind: 'true' }, { kind: 'false' }),
      tie('e').map((arg): Expr => ({ kind: 'not', arg })),
      fc.array(tie('e'), { minLength: 1, maxLength: 3 }).map((args): Expr => ({ kind: 'and', args })),
      fc.array(tie('e'), { minLength: 1, maxLength: 3 }).map((args): Expr => ({ kind: 'or', args })),
    ),
  }));
  const outcome = fc.array(fc.bigInt(-2n, 3n), { minLength: 3, maxLength: 3 });
  let held = 0;
  let runs = 0;
  fc.assert(fc.property(expr, fc.array(outcome, { minLength: 1, maxLength: 8 }), (e, os) => {
    const compiled = holdsOn(e, obs);
    for (const o of os) {
      const want = holds(e, new Map(obs.map((x, i) => [observableName(x), o[i]!])));
      if (compiled(o) !== want) return false;
      runs++;
      if (want) held++;
    }
    return true;
  }), { numRuns: 500, seed: 20261203 });
  // Both answers were asked for, many times.
  assert.ok(held > 100 && runs - held > 100, `${held} of ${runs} held`);
});

test.run();
