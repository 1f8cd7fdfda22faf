// Which mul/add pairs ptxmm models as ptxas's choice (fusion.ts markFusions), what the fused
// add reads, and which pairs it refuses; and that every engine's union over the choices is
// what the choices give one by one (the executor's runs, fusionChoices).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Fop, LitmusTest } from './ast.js';
import { parseLitmus } from './parse.js';
import { LitmusError } from './errors.js';
import { fusedText, fusionChoices, fusionSites } from './fusion.js';
import { runTest } from '../executor/explore.js';

/** A one-thread test of `code` (lines), reading x into %f1 first. */
const one = (code: string[]): string =>
  `PTX T\n{ .global .f32 x = 0.1; .global .f32 y = 0.0; }\n P0@cta 0,gpu 0 ;\n ld.global.f32 %f1, [x] ;\n${code.map((c) => ` ${c} ;\n`).join('')}exists (y == 0)\n`;

const fops = (t: LitmusTest): Fop[] => t.threads[0]!.code.filter((s): s is Fop => s.op === 'fop');
const fusedOf = (text: string): (Fop['fuse'] | undefined)[] => fops(parseLitmus(text)).map((f) => f.fuse);

function refusal(text: string): string {
  try {
    parseLitmus(text);
  } catch (e) {
    if (e instanceof LitmusError) return e.message;
    throw e;
  }
  return '';
}

test('an add or sub reading a plain mul\'s product, directly or through copies, either operand, gets the mul\'s operands', () => {
  const reg = (name: string) => ({ kind: 'reg', name });
  const imm = (value: bigint) => ({ kind: 'imm', value });
  const strip = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v) => (k === 'pos' ? undefined : typeof v === 'bigint' ? `${v}` : v)));
  const f = fusedOf(one(['mul.f32 %f2, %f1, 3.0', 'add.f32 %f3, %f2, 1.0']));
  assert.equal(strip(f), strip([undefined, { a: reg('f1'), b: imm(0x40400000n), product: 0, site: 'P0#2' }]));
  const g = fusedOf(one(['mul.f32 %f2, %f1, %f1', 'mov.f32 %f4, %f2', 'mov.b32 %f5, %f4', 'sub.f32 %f3, 1.0, %f5']));
  assert.equal(strip(g), strip([undefined, { a: reg('f1'), b: reg('f1'), product: 1, site: 'P0#4' }]));
  // An unrelated instruction between, even one reading the operands or the product, changes nothing.
  const h = fusedOf(one(['mul.f32 %f2, %f1, 3.0', 'st.global.f32 [y], %f2', 'add.f32 %f9, %f1, %f1', 'add.f32 %f3, %f2, 1.0']));
  assert.equal(h.map((x) => x?.product ?? null), [null, null, 0]);
});

test('what ptxas does not fuse is left alone: a rounding modifier on either, other widths, a product no add reads', () => {
  for (const code of [
    ['mul.rn.f32 %f2, %f1, 3.0', 'add.f32 %f3, %f2, 1.0'],
    ['mul.f32 %f2, %f1, 3.0', 'add.rn.f32 %f3, %f2, 1.0'],
    ['mul.f32 %f2, %f1, 3.0', 'st.global.f32 [y], %f2'],
    ['mul.f32 %f2, %f1, 3.0', 'max.f32 %f3, %f2, 1.0'],
    ['mul.f32 %f2, %f1, 3.0', 'mov.f32 %f2, 1.0', 'add.f32 %f3, %f2, 1.0'],
  ]) assert.equal(fusedOf(one(code)).filter((x) => x), [], code.join('; '));
});

test('pairs ptxmm cannot say the fused add\'s operands for are refused at the add, with the reason', () => {
  const cases: [string[], RegExp][] = [
    [['mul.f32 %f2, %f1, 3.0', 'ld.global.f32 %f1, [y]', 'add.f32 %f3, %f2, 1.0'], /%f1, an operand of the mul, is written between the two \(line 6\)/],
    [['mul.f32 %f1, %f1, 3.0', 'add.f32 %f3, %f1, 1.0'], /the mul overwrites its own operand %f1/],
    [['setp.eq.f32 %p1, %f1, 0.0', '@%p1 mul.f32 %f2, %f1, 3.0', 'add.f32 %f3, %f2, 1.0'], /add\.f32 %f3, %f2, 0f3F800000: ptxas may fuse it with a mul .*here the mul \(line 6\) is in another block, or reaches the add through a label, a call or a guarded write/],
    [['mul.f32 %f2, %f1, 3.0', 'setp.eq.f32 %p1, %f1, 0.0', '@%p1 mov.f32 %f2, 1.0', 'add.f32 %f3, %f2, 1.0'], /a guarded write/],
    [['mul.ftz.f32 %f2, %f1, 3.0', 'add.f32 %f3, %f2, 1.0'], /the mul saturates, or flushes subnormals where the add does not/],
    [['mul.sat.f32 %f2, %f1, 3.0', 'add.f32 %f3, %f2, 1.0'], /the mul saturates/],
    [['mul.f32 %f2, %f1, 3.0', 'mul.f32 %f4, %f1, 2.0', 'sub.f32 %f3, %f4, %f2'], /both operands are products: ptxas may fuse either/],
    [['mul.f32 %f2, %f1, 3.0', 'neg.f32 %f4, %f2', 'add.f32 %f3, %f4, 1.0'], /the product of the mul \(line 5\) reaches the add negated \(neg\), which ptxas may fold into the fma/],
  ];
  for (const [code, why] of cases) {
    const m = refusal(one(code));
    assert.match(m, why, `${code.join('; ')}: ${m}`);
    assert.match(m, /write \.rn on either \(nvcc -fmad=false does\), or fma\.rn for the fused form$/);
  }
});

test('sites: one per add per litmus thread; the executor runs every combination, and reaches the union', () => {
  const text = `PTX S
{ .global .f64 x = 0.1; }
 P0@cta 0,gpu 0            | P1@cta 1,gpu 0            ;
 ld.global.f64 %fd1, [x]   | ld.global.f64 %fd1, [x]   ;
 mul.f64 %fd3, %fd1, 10.0  | mul.f64 %fd3, %fd1, 10.0  ;
 sub.f64 %fd4, %fd3, 1.0   | sub.f64 %fd4, %fd3, 1.0   ;
exists (P0:%fd4 == 0 /\\ P1:%fd4 == 0)
`;
  const t = parseLitmus(text);
  const sites = fusionSites(t);
  assert.equal(sites, ['P0#2', 'P1#2']);
  assert.equal(fusionChoices(sites).map((c) => [...c]), [[], ['P0#2'], ['P1#2'], ['P0#2', 'P1#2']]);
  assert.is(fusedText(t, ['P1#2']), 'P1: sub.f64 %fd4, %fd3, 0d3FF0000000000000 (line 6)');
  // 0.1 * 10 - 1: 0 in two roundings, 2^-54 fused; each thread on its own.
  const r = runTest(t, { witness: true });
  assert.ok(r.ok);
  if (!r.ok) return;
  const z = '0', f = `${0x3c90000000000000n}`;
  assert.equal(r.result.states.map((s) => s.text), [`P0:fd4=${z}; P1:fd4=${z};`, `P0:fd4=${z}; P1:fd4=${f};`, `P0:fd4=${f}; P1:fd4=${z};`, `P0:fd4=${f}; P1:fd4=${f};`].sort());
  // Each state's witness names the fusions on its path.
  for (const s of r.result.states) assert.equal([...(s.fused ?? [])].sort(), [s.text.startsWith(`P0:fd4=${f}`) ? ['P0#2'] : [], s.text.endsWith(`P1:fd4=${f};`) ? ['P1#2'] : []].flat(), s.text);
  assert.is(r.result.stats.finals, 4, 'one final state per program');
});

test.run();
