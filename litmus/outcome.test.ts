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

test.run();
