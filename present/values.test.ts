// Floating-point data shown as floats: the shortest decimal that reads back to the same bits.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { floatLocations, floatText, valueText } from './values.js';
import { parseLitmus } from '../litmus/parse.js';

test('a float is shown as the shortest decimal that reads back to its bits, an integral one with .0', () => {
  const f32: [number, string][] = [
    [0x40200000, '2.5'], [0x3dcccccd, '0.1'], [0x3f800000, '1.0'], [0x4b800000, '16777216.0'], [0x80000000, '-0.0'],
    [0x7f800000, 'inf'], [0xff800000, '-inf'], [0x7fc00000, 'nan'], [0x00000001, '1e-45'], [0x3f800001, '1.0000001'], [0xc0200000, '-2.5'],
  ];
  assert.equal(f32.map(([b]) => floatText(BigInt(b), 32)), f32.map(([, t]) => t));
  assert.equal([floatText(0x3fb999999999999an, 64), floatText(0x4004000000000000n, 64), floatText(0xbff0000000000000n, 64)], ['0.1', '2.5', '-1.0']);
  // Each reads back to its bits.
  for (const [b, t] of f32) if (/^-?\d/.test(t)) assert.is(new Uint32Array(new Float32Array([Number(t)]).buffer)[0], b, t);
  assert.is(valueText(0x40200000n, { width: 32 }), '2.5 (0f40200000)');
  assert.is(valueText(0x3fb999999999999an, { width: 64 }), '0.1 (0d3FB999999999999A)');
  assert.is(valueText(7n, null), '7');
});

test('the float locations of a test are those declared .f32 or .f64', () => {
  const t = parseLitmus('PTX F\n{ .global .f32 a = 1.5; .global .f64 b = 0.5; .global .u32 c = 1; d = 0; }\n P0@cta 0,gpu 0 ;\n st.global.f32 [a], 2.5 ;\nexists (c == 1)\n');
  assert.equal([...floatLocations(t)], [['a', 32], ['b', 64]]);
});

test.run();
