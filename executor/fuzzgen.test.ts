// Shrinking helpers of the fuzz generator: what they remove, and that the smaller program is
// still a well-formed test (printed, it parses back to itself).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import { withoutThread } from './fuzzgen.js';

const THREE = `PTX three
{
x = 0;
y = 0;
}
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0 | P2@cta 2,gpu 0          ;
 st.relaxed.gpu.u32 [x], 1 | fence.sc.gpu | ld.relaxed.gpu.u32 %r0, [y] ;
exists (x == 1 /\\ P2:%r0 == 0)
`;

test('withoutThread drops a thread nothing reads, and renumbers the threads after it', () => {
  const t = parseLitmus(THREE);
  const s = withoutThread(t, 1);
  assert.ok(s);
  assert.equal(s.threads.map((th) => th.placement.id), [0, 1]);
  // P2's register is P1's now, in the condition and in what is observed.
  const text = printLitmus(s);
  assert.match(text, /exists \(x == 1 \/\\ P1:%r0 == 0\)/);
  assert.not.match(text, /P2/);
  assert.equal(parseLitmus(text).threads.map((th) => th.code.length), [1, 1]);
  // The last location only the dropped thread named would go too; here both stay named.
  assert.equal(s.locations.map((l) => l.name), ['x', 'y']);
});

test('withoutThread refuses a thread whose register the condition reads', () => {
  assert.is(withoutThread(parseLitmus(THREE), 2), null);
});

test.run();
