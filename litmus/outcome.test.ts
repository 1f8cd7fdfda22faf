// parseWithOutcome: the same test with only its condition replaced; errors in the outcome are
// positioned within the outcome text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus, parseWithOutcome } from './parse.js';
import { LitmusError } from './errors.js';
import { stripPositions } from './arbitrary.js';
import type { LitmusTest } from './ast.js';

const MP = `PTX MP
"doc"
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, f  ;
 st.release.gpu f, 1 | ld.weak r1, x         ;
~exists (P1:r0 == 1 /\\ P1:r1 == 0)
`;

const strip = (t: LitmusTest): unknown => stripPositions({ ...t, condition: undefined });

test('only the condition changes, to exists (outcome)', () => {
  const a = parseLitmus(MP, 'mp.litmus');
  const b = parseWithOutcome(MP, 'mp.litmus', 'P1:r0 == 1 /\\ x == 1');
  assert.equal(strip(b), strip(a));
  assert.is(b.condition.quantifier, 'exists');
  assert.is(b.condition.expr.kind, 'and');
});

test('a filter and locations after the condition are kept too (herd reads the clauses in either order)', () => {
  const after = `${MP}filter (P1:r0 == 1)\nlocations [x;]\n`;
  const a = parseLitmus(after, 'mp.litmus');
  assert.ok(a.filter);
  assert.is(a.observed.length, 1);
  const b = parseWithOutcome(after, 'mp.litmus', 'P1:r1 == 0');
  assert.equal(strip(b), strip(a));
});

test('an error in the outcome is reported at --outcome:1:col', () => {
  try {
    parseWithOutcome(MP, 'mp.litmus', 'P1:r0 == 1 /\\ nowhere == 2');
    assert.unreachable();
  } catch (e) {
    assert.instance(e, LitmusError);
    const err = e as LitmusError;
    assert.is(err.file, '--outcome');
    assert.is(err.line, 1);
    assert.is(err.col, 15);
  }
});

test('an outcome cut short or with a stray \')\' is reported as such, not as the text it is wrapped in', () => {
  const err = (outcome: string): string => {
    try {
      parseWithOutcome(MP, 'mp.litmus', outcome);
    } catch (e) {
      assert.instance(e, LitmusError);
      return (e as LitmusError).format();
    }
    return 'parsed';
  };
  // Both were "unexpected ')'" or "the test ends too early": a ')' and an end the user never wrote.
  assert.is(err('P1:r0 == 1 /\\'), "--outcome:1:14: the outcome ends too early (an operand or a ')' is missing)");
  assert.is(err('((P1:r0 == 1'), "--outcome:1:13: the outcome ends too early (an operand or a ')' is missing)");
  // A stray ')' closed the wrapper, and the rest was read as more of the test: a filter here.
  assert.is(err('P1:r0 == 1) filter (x == 1'), "--outcome:1:11: a ')' with no '(' before it");
  assert.is(err('(P1:r0 == 1))'), "--outcome:1:13: a ')' with no '(' before it");
  assert.is(err('(P1:r0 == 1) /\\ (x == 1)'), 'parsed');
});

test.run();
