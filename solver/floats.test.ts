// Float computation (atom.add/red.add, and the float instructions: litmus/floats.ts floatOp)
// against Z3's floating-point theory as the script spells it (floatsmt.ts floatSmt), for every
// form; and the two engines, and the solver's two spellings (floatCases with valuesets.ts, or
// the theory), on random programs of float atomics and of float register arithmetic: the same
// final states.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { CvtType, FloatOp, IntRounding, Rounding } from '../litmus/ast.js';
import { CANONICAL_NAN, atomicAdd, floatAdd, floatArity, floatOp, floatOpName, floatWidths, flushesSubnormals } from '../litmus/floats.js';
import { parseLitmus } from '../litmus/parse.js';
import { MODELS } from '../model/ptx.js';
import { runTest as runExecutor } from '../executor/explore.js';
import { executorValuations, valuationKey } from '../executor/compare.js';
import { floatSmt } from './floatsmt.js';
import { enumerate } from './enumerate.js';
import { unroll } from './unroll.js';
import { type RunOptions, runTest } from './run.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const F32 = {
  one: 0x3f800000n, two: 0x40000000n, three: 0x40400000n, e20: 0x60ad78ecn, minE20: 0xe0ad78ecn, twoTo24: 0x4b800000n,
  minNormal: 0x00800000n, halfMinNormal: 0x00400000n, minusQuarterMin: 0x80200000n, inf: 0x7f800000n, minusInf: 0xff800000n,
  zero: 0n, minusZero: 0x80000000n, nan: 0x7fc00001n, max: 0x7f7fffffn,
};

test('floatAdd: rounding to nearest even, signed zeros, infinities, NaN, flushing', () => {
  assert.is(floatAdd(F32.one, F32.two, 32, false), F32.three);
  assert.is(floatAdd(F32.e20, F32.one, 32, false), F32.e20, '1e20 + 1 rounds to 1e20');
  assert.is(floatAdd(F32.twoTo24, F32.one, 32, false), F32.twoTo24, '2^24 + 1: a tie, to the even 2^24');
  assert.is(floatAdd(F32.twoTo24 + 1n, F32.one, 32, false), F32.twoTo24 + 2n, '(2^24 + 2) + 1: a tie, to the even 2^24 + 4');
  assert.is(floatAdd(F32.minusZero, F32.minusZero, 32, false), F32.minusZero);
  assert.is(floatAdd(F32.zero, F32.minusZero, 32, false), F32.zero);
  assert.is(floatAdd(F32.e20, F32.minE20, 32, false), F32.zero, 'x + -x is +0 when rounding to nearest');
  assert.is(floatAdd(F32.max, F32.max, 32, false), F32.inf);
  assert.is(floatAdd(F32.inf, F32.minusInf, 32, false), CANONICAL_NAN[32]);
  assert.is(floatAdd(F32.nan, F32.one, 32, false), CANONICAL_NAN[32]);
  // 2^-126 - 2^-127: the subnormal 2^-127 kept, or flushed (input and result) on global memory.
  assert.is(floatAdd(F32.minNormal, 0x80400000n, 32, false), F32.halfMinNormal);
  assert.is(floatAdd(F32.minNormal, 0x80400000n, 32, true), F32.minNormal, 'the subnormal input is -0');
  assert.is(floatAdd(F32.halfMinNormal, F32.halfMinNormal, 32, true), F32.zero, 'both inputs flushed');
  assert.is(floatAdd(0x00c00000n, 0x80800000n, 32, true), F32.zero, 'a subnormal result flushed to +0');
  assert.is(floatAdd(0x80c00000n, 0x00800000n, 32, true), F32.minusZero, 'a negative subnormal result flushed to -0');
  assert.is(floatAdd(0x3ff0000000000000n, 0x3ff0000000000000n, 64, false), 0x4000000000000000n);
  assert.is(floatAdd(0x7e37e43c8800759cn, 0x4000000000000000n, 64, false), 0x7e37e43c8800759cn, '1e300 + 2 rounds to 1e300');
  assert.is(floatAdd(0x7ff0000000000000n, 0xfff0000000000000n, 64, false), CANONICAL_NAN[64]);
  assert.is(floatAdd(1n, 1n, 64, false), 2n, '.f64 subnormals are added, never flushed');
});

test('flushesSubnormals: .f32 on global memory only, a generic address by where it goes', () => {
  assert.ok(flushesSubnormals(32, 'global', false));
  assert.not.ok(flushesSubnormals(32, 'shared', true));
  assert.not.ok(flushesSubnormals(32, 'shared_cluster', true));
  assert.ok(flushesSubnormals(32, 'generic', false));
  assert.not.ok(flushesSubnormals(32, 'generic', true));
  assert.not.ok(flushesSubnormals(64, 'global', false));
});

// Values that exercise the corners: zeros, subnormals, the smallest normal, infinities, NaNs
// (quiet, signalling, negative), the largest finite, and ordinary numbers.
const SPECIAL32 = [0n, 0x80000000n, 1n, 0x807fffffn, 0x00400000n, 0x00800000n, 0x80800000n, 0x7f7fffffn, 0xff7fffffn, 0x7f800000n, 0xff800000n,
  0x7fc00000n, 0x7f800001n, 0xffc00001n, 0x3f800000n, 0xbf800000n, 0x60ad78ecn, 0x33800000n, 0x4b800001n];
const SPECIAL64 = [0n, 0x8000000000000000n, 1n, 0x0010000000000000n, 0x7fefffffffffffffn, 0x7ff0000000000000n, 0xfff0000000000000n,
  0x7ff8000000000000n, 0x3ff0000000000000n, 0xbca0000000000000n, 0x3ff0000000000001n, 0x7e37e43c8800759cn];

test('the script\'s floating-point theory adds as floatAdd does: corners and random bit patterns', () => {
  const pairs: [bigint, bigint, 32 | 64, boolean][] = [];
  for (const x of SPECIAL32) for (const y of SPECIAL32) pairs.push([x, y, 32, (x ^ y) % 2n === 0n]);
  for (const x of SPECIAL64) for (const y of SPECIAL64) pairs.push([x, y, 64, false]);
  const rnd = fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: 0xffffffffn }), fc.bigInt({ min: 0n, max: 0xffffffffn }), fc.boolean()), { numRuns: 120, seed: 7 });
  for (const [x, y, ftz] of rnd) pairs.push([x, y, 32, ftz]);
  // Near one another, so that their sum rounds (random patterns are mostly far apart).
  for (const [x, ftz] of fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: 0x7f000000n }), fc.boolean()), { numRuns: 60, seed: 8 })) pairs.push([x, x + 0x00800000n + (x & 0xffn), 32, ftz]);
  const rnd64 = fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n })), { numRuns: 40, seed: 9 });
  for (const [x, y] of rnd64) pairs.push([x, y, 64, false]);
  const bits = (v: bigint, w: number): string => `(_ bv${v} ${w})`;
  const terms = pairs.map(([x, y, w, ftz], i) => `(define-fun s${i} () (_ BitVec ${w}) ${floatSmt(atomicAdd(w, ftz), [bits(x, w), bits(y, w)])})`);
  const reply = z3.run(`(reset)\n${terms.join('\n')}\n(check-sat)\n(get-value (${pairs.map((_, i) => `s${i}`).join(' ')}))`);
  const got = [...reply.matchAll(/\(s(\d+) #(x|b)([0-9a-fA-F]+)\)/g)].map((m) => [Number(m[1]), BigInt(m[2] === 'x' ? `0x${m[3]}` : `0b${m[3]}`)] as const);
  assert.is(got.length, pairs.length, reply.slice(0, 300));
  for (const [i, v] of got) {
    const [x, y, w, ftz] = pairs[i]!;
    assert.is(v, floatAdd(x, y, w, ftz), `${x.toString(16)} + ${y.toString(16)} (.f${w}${ftz ? ', flushing' : ''})`);
  }
});

/** Every form of FloatOp the parser makes: each operation, rounding, .ftz, .sat and .NaN it takes, each comparison, each conversion. */
function everyForm(): FloatOp[] {
  const out: FloatOp[] = [];
  const rnds = ['rn', 'rz', 'rm', 'rp'] as const;
  for (const w of [32, 64] as const) {
    const ftzs = w === 32 ? [false, true] : [false];
    for (const ftz of ftzs) {
      for (const fn of ['add', 'sub', 'mul', 'fma'] as const) {
        for (const rnd of [...rnds, null]) {
          if (rnd === null && fn === 'fma') continue;
          for (const sat of w === 32 ? [false, true] : [false]) out.push({ fn, w, rnd, ftz, sat, nan: false, mad: false });
        }
      }
      for (const fn of ['div', 'rcp', 'sqrt'] as const) for (const rnd of rnds) out.push({ fn, w, rnd, ftz, sat: false, nan: false, mad: false });
      for (const fn of ['neg', 'abs', 'min', 'max'] as const) {
        for (const nan of (fn === 'min' || fn === 'max') && w === 32 ? [false, true] : [false]) out.push({ fn, w, rnd: null, ftz, sat: false, nan, mad: false });
      }
      if (!ftz) out.push({ fn: 'copysign', w, rnd: null, ftz, sat: false, nan: false, mad: false });
      for (const cmp of ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan'] as const) out.push({ fn: 'setp', w, cmp, ftz });
    }
  }
  const cvt = (to: CvtType, from: CvtType, rnd: Rounding | IntRounding | null, ftz = false, sat = false): FloatOp => ({ fn: 'cvt', to, from, rnd, ftz, sat });
  for (const t of ['s32', 'u32', 's64', 'u64', 's8', 'u16'] as const) {
    for (const f of ['f32', 'f64'] as const) {
      for (const r of rnds) out.push(cvt(f, t, r), cvt(f, t, r, false, true));
      for (const r of ['rni', 'rzi', 'rmi', 'rpi'] as const) out.push(cvt(t, f, r, f === 'f32'));
    }
  }
  for (const r of rnds) out.push(cvt('f32', 'f64', r), cvt('f32', 'f64', r, true, true));
  out.push(cvt('f64', 'f32', null), cvt('f64', 'f32', null, true));
  for (const f of ['f32', 'f64'] as const) {
    for (const r of ['rni', 'rzi', 'rmi', 'rpi'] as const) out.push(cvt(f, f, r), cvt(f, f, r, f === 'f32', true));
    out.push(cvt(f, f, null, f === 'f32', true));
  }
  return out;
}

test('every float operation\'s floating-point theory text computes what floatOp does, on Z3', () => {
  // Per form, operand tuples from the corners and random patterns (at the operands' width).
  const forms = everyForm();
  const checks: { f: FloatOp; xs: bigint[] }[] = [];
  const near = (w: number): bigint[] => (w === 32 ? [0x3fc00000n, 0x4b000001n, 0xcb7fffffn, 0x4f000000n, 0xdf000000n, 0x3effffffn, 0x00000003n] : [0x3ff8000000000000n, 0x4330000000000001n, 0x41e0000000000000n, 0xc3e0000000000000n, 0x3fe0000000000000n]);
  forms.forEach((f, k) => {
    const { args: w } = floatWidths(f);
    const pool = w === 32 ? [...SPECIAL32, ...near(32)] : w === 64 ? [...SPECIAL64, ...near(64)] : [0n, 1n, (1n << BigInt(w)) - 1n, 1n << BigInt(w - 1), 16777217n & ((1n << BigInt(w)) - 1n), 5n];
    const n = floatArity(f);
    const picks = fc.sample(fc.array(fc.oneof(fc.constantFrom(...pool), fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n })), { minLength: n, maxLength: n }), { numRuns: n === 1 ? 16 : 24, seed: 100 + k });
    for (const xs of picks) checks.push({ f, xs });
    // And the pairs that decide signs and NaNs: the zeros both ways, a NaN on either side, opposite infinities.
    if (w === 32 || w === 64) {
      const [z, nz, one, nan, inf, ninf] = w === 32 ? [0n, 0x80000000n, 0x3f800000n, 0x7fc00000n, 0x7f800000n, 0xff800000n]
        : [0n, 0x8000000000000000n, 0x3ff0000000000000n, 0x7ff8000000000000n, 0x7ff0000000000000n, 0xfff0000000000000n];
      for (const [a, b] of [[z, nz], [nz, z], [nz, nz], [nan, one], [one, nan], [nan, nan], [inf, ninf], [z, inf], [one, z]] as const) {
        checks.push({ f, xs: [a, b, nz, z].slice(0, n) });
        if (n === 3) checks.push({ f, xs: [a, b, z] }, { f, xs: [one, a, b] });
      }
    }
  });
  const bits = (v: bigint, w: number): string => `(_ bv${v} ${w})`;
  // In batches: one script per batch, a get-value of each check's term.
  for (let from = 0; from < checks.length; from += 400) {
    const batch = checks.slice(from, from + 400);
    const terms = batch.map(({ f, xs }, i) => `(define-fun s${i} () (_ BitVec ${floatWidths(f).result}) ${floatSmt(f, xs.map((x) => bits(x, floatWidths(f).args)))})`);
    const reply = z3.run(`(reset)\n${terms.join('\n')}\n(check-sat)\n(get-value (${batch.map((_, i) => `s${i}`).join(' ')}))`);
    const got = [...reply.matchAll(/\(s(\d+) #(x|b)([0-9a-fA-F]+)\)/g)].map((m) => [Number(m[1]), BigInt(m[2] === 'x' ? `0x${m[3]}` : `0b${m[3]}`)] as const);
    assert.is(got.length, batch.length, reply.slice(0, 300));
    for (const [i, v] of got) {
      const { f, xs } = batch[i]!;
      assert.is(v, floatOp(f, xs), `${floatOpName(f)} ${xs.map((x) => x.toString(16)).join(', ')}`);
    }
  }
  assert.ok(checks.length > 3000, `${checks.length} checks`);
});

/** Each program's final states, the executor's and the solver's, under both models: asserted equal; how many comparisons. */
async function sameFinalStates(texts: readonly string[]): Promise<number> {
  let compared = 0;
  for (const text of texts) {
    const t = parseLitmus(text);
    for (const model of ['ptx75', 'ptx60'] as const) {
      const ex = runExecutor(t, { model, bound: 2, maxStates: 200_000 });
      assert.ok(ex.ok, text);
      if (!ex.ok) continue;
      const exStates = executorValuations(ex.result).map(valuationKey).sort();
      const opt: RunOptions = { model: MODELS[model]!, bound: 2, timeoutMs: 120_000, mode: 'states', checkBound: false, explain: false };
      const sol = await runTest(z3, t, opt);
      assert.ok(sol.states, `${model}: ${sol.unknown}\n${text}`);
      assert.equal((sol.states ?? []).map((s) => valuationKey(s.values)).sort(), exStates, `${model}\n${text}`);
      compared++;
    }
  }
  return compared;
}

/** A program of float atomics: each thread's additions (or a store), on x (global) and s (shared, one CTA). */
type Op = { k: 'atom' | 'red' | 'st'; loc: 'x' | 's' | 'd'; v: bigint; space: 'global' | 'shared' | 'generic' };
const VALS32 = [0x3f800000n, 0x60ad78ecn, 0xe0ad78ecn, 0x80400000n, 0x00400000n, 0x7f800000n, 0xff800000n, 0x4b800000n, 0x80000000n];
const VALS64 = [0x3ff0000000000000n, 0x7e37e43c8800759cn, 0xfe37e43c8800759cn, 0x8000000000000001n];
const hex = (v: bigint, w: number): string => `0${w === 64 ? 'd' : 'f'}${v.toString(16).toUpperCase().padStart(w / 4, '0')}`;

function program(threads: Op[][], init: { x: bigint; s: bigint; d: bigint }): string {
  const cells = threads.map((ops, t) => ops.map((o, i) => {
    const w = o.loc === 'd' ? 64 : 32;
    const sp = o.space === 'generic' ? '' : `.${o.space}`;
    const ty = `f${w}`;
    if (o.k === 'st') return `st.relaxed.gpu${sp}.${ty} [${o.loc}], ${hex(o.v, w)}`;
    if (o.k === 'red') return `red${sp}.add.${ty} [${o.loc}], ${hex(o.v, w)}`;
    return `atom${sp}.add.${ty} %${w === 64 ? 'fd' : 'f'}${t}${i}, [${o.loc}], ${hex(o.v, w)}`;
  }));
  const rows = Math.max(...cells.map((c) => c.length));
  const lines = Array.from({ length: rows }, (_, r) => ` ${cells.map((c) => c[r] ?? '').join(' | ')} ;`);
  const regs = threads.flatMap((ops, t) => ops.flatMap((o, i) => (o.k === 'atom' ? [`P${t}:%${o.loc === 'd' ? 'fd' : 'f'}${t}${i} == 0`] : [])));
  return `PTX F
{
.global .f32 x = ${hex(init.x, 32)};
.shared .f32 s = ${hex(init.s, 32)};
.global .f64 d = ${hex(init.d, 64)};
}
 ${threads.map((_, t) => `P${t}@cta 0,gpu 0`).join(' | ')} ;
${lines.join('\n')}
exists (x == 0 \\/ s == 0 \\/ d == 0${regs.map((r) => ` \\/ ${r}`).join('')})
`;
}

const opArb: fc.Arbitrary<Op> = fc.record({
  k: fc.constantFrom<Op['k']>('atom', 'atom', 'red', 'st'),
  loc: fc.constantFrom<Op['loc']>('x', 'x', 's', 'd'),
  i: fc.nat(8),
  space: fc.constantFrom<Op['space']>('global', 'generic', 'generic'),
}).map(({ k, loc, i, space }) => ({ k, loc, v: loc === 'd' ? VALS64[i % VALS64.length]! : VALS32[i]!, space: loc === 's' && space === 'global' ? 'shared' : space }));

test('random programs of float atomics (subnormals, infinities, -0, rounding; global, shared and generic): the executor\'s final states are the solver\'s', async () => {
  const progs = fc.sample(fc.record({
    threads: fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 3 }),
    x: fc.constantFrom(...VALS32), s: fc.constantFrom(...VALS32), d: fc.constantFrom(...VALS64),
  }), { numRuns: 24, seed: 20261201 });
  assert.is(await sameFinalStates(progs.map((p) => program(p.threads, p))), 48);
});

/**
 * A program of float register arithmetic: P0 stores two of VALS32 to x and y (the second a
 * release), each other thread loads them (the second an acquire) and computes: a chain of float
 * operations on what it loaded and on constants, its last value stored to its own z, a
 * comparison's predicate guarding a store to w.
 */
function arithmeticProgram(forms: readonly FloatOp[], consts: readonly bigint[], stores: readonly [bigint, bigint], readers: number): string {
  const rows: string[][] = [[`st.relaxed.gpu.global.f32 [x], ${hex(stores[0], 32)}`, `st.release.gpu.global.f32 [y], ${hex(stores[1], 32)}`]];
  for (let t = 1; t <= readers; t++) {
    const code = ['ld.acquire.gpu.global.f32 %f1, [y]', 'ld.relaxed.gpu.global.f32 %f2, [x]'];
    let last = 2;
    forms.forEach((f, k) => {
      const c = hex(consts[(k + t) % consts.length]!, 32);
      const a = `%f${last}`;
      const b = k % 2 === 0 ? `%f${last - 1}` : c;
      const name = floatOpName(f);
      if (f.fn === 'setp') { code.push(`${name} %p${k}, ${a}, ${b}`, `@%p${k} st.relaxed.gpu.global.u32 [w], ${t}`); return; }
      if (f.fn === 'cvt') {
        code.push(`cvt.rzi.s32.f32 %r${k}, ${a}`, `cvt.rn.f32.s32 %f${last + 1}, %r${k}`);
        last++;
        return;
      }
      const args = floatArity(f) === 1 ? [a] : f.fn === 'fma' ? [a, b, c] : [a, b];
      code.push(`${name} %f${last + 1}, ${args.join(', ')}`);
      last++;
    });
    code.push(`st.relaxed.gpu.global.f32 [z${t}], %f${last}`);
    rows.push(code);
  }
  return readersTest(rows, '.global .u32 w = 0;\n', `w == 1${rows.slice(1).map((_, i) => ` \\/ z${i + 1} == 0`).join('')}`);
}

/** P0's code and each reader's, one CTA each, as a test with x, y, each reader's z, `decls`, and `exists (cond)`. */
function readersTest(rows: readonly (readonly string[])[], decls: string, cond: string): string {
  const n = Math.max(...rows.map((r) => r.length));
  const lines = Array.from({ length: n }, (_, r) => ` ${rows.map((c) => c[r] ?? '').join(' | ')} ;`);
  return `PTX A
{
.global .f32 x = 0.0;
.global .f32 y = 0.0;
${decls}${rows.slice(1).map((_, i) => `.global .f32 z${i + 1} = 0.0;`).join('\n')}
}
 ${rows.map((_, t) => `P${t}@cta ${t},gpu 0`).join(' | ')} ;
${lines.join('\n')}
exists (${cond})
`;
}

test('random programs of float register arithmetic (every rounding, .ftz, .sat, division and roots, comparisons, conversions): the executor\'s final states are the solver\'s', async () => {
  // f32 forms; a cvt stands for a round trip through an integer (rzi to .s32, rn back).
  const forms32 = everyForm().filter((f) => (f.fn === 'cvt' ? f.to === 's32' && f.rnd === 'rzi' : f.w === 32));
  const progs = fc.sample(fc.record({
    forms: fc.array(fc.constantFrom(...forms32), { minLength: 1, maxLength: 3 }),
    consts: fc.array(fc.constantFrom(...VALS32, 0x3f000000n, 0x00000001n, 0x7fc00000n, 0x4f000000n), { minLength: 2, maxLength: 2 }),
    stores: fc.tuple(fc.constantFrom(...VALS32), fc.constantFrom(...VALS32)),
    readers: fc.integer({ min: 1, max: 2 }),
  }), { numRuns: 30, seed: 20261202 });
  assert.is(await sameFinalStates(progs.map((p) => arithmeticProgram(p.forms, p.consts, p.stores, p.readers))), 60);
});

/** A mul/add pair a reader computes: a sub or an add, the product first or second, through a mov copy or not, .ftz on both or neither. */
interface Pair { sub: boolean; second: boolean; copy: boolean; ftz: boolean }

/**
 * P0 stores two of VALS32 (the second a release); each reader loads them and computes one
 * mul/add pair after another, each product from the last value and a constant, added to the
 * value before it, storing its last value. `fused`: null writes the pairs without rounding
 * modifiers, for ptxas to fuse or not (litmus/fusion.ts); else each pair (bit k * pairs + i for
 * reader k) written out as the one or the other, by hand: mul.rn then add.rn, or fma.rn (a sub
 * negating what it subtracts first).
 */
function fusionProgram(pairs: readonly Pair[], consts: readonly bigint[], stores: readonly [bigint, bigint], readers: number, fused: number | null): string {
  const rows: string[][] = [[`st.relaxed.gpu.global.f32 [x], ${hex(stores[0], 32)}`, `st.release.gpu.global.f32 [y], ${hex(stores[1], 32)}`]];
  for (let t = 1; t <= readers; t++) {
    const code = ['ld.acquire.gpu.global.f32 %f1, [y]', 'ld.relaxed.gpu.global.f32 %f2, [x]'];
    let last = 2;
    pairs.forEach((p, i) => {
      const c = hex(consts[(i + t) % consts.length]!, 32);
      const [a, other, d] = [`%f${last}`, `%f${last - 1}`, `%f${last + 1}`];
      const ftz = p.ftz ? '.ftz' : '';
      const op = p.sub ? 'sub' : 'add';
      const bit = fused === null ? null : ((fused >> ((t - 1) * pairs.length + i)) & 1) === 1;
      if (bit === true) {
        // a*c + other, a*c - other = a*c + (-other), other - a*c = (-a)*c + other.
        if (!p.sub) code.push(`fma.rn${ftz}.f32 ${d}, ${a}, ${c}, ${other}`);
        else if (!p.second) code.push(`neg.f32 %fn${i}, ${other}`, `fma.rn${ftz}.f32 ${d}, ${a}, ${c}, %fn${i}`);
        else code.push(`neg.f32 %fn${i}, ${a}`, `fma.rn${ftz}.f32 ${d}, %fn${i}, ${c}, ${other}`);
      } else {
        const rn = bit === false ? '.rn' : '';
        code.push(`mul${rn}${ftz}.f32 %fp${i}, ${a}, ${c}`);
        let prod = `%fp${i}`;
        if (p.copy) { code.push(`mov.f32 %fq${i}, %fp${i}`); prod = `%fq${i}`; }
        code.push(`${op}${rn}${ftz}.f32 ${d}, ${p.second ? `${other}, ${prod}` : `${prod}, ${other}`}`);
      }
      last++;
    });
    code.push(`st.relaxed.gpu.global.f32 [z${t}], %f${last}`);
    rows.push(code);
  }
  return readersTest(rows, '', rows.slice(1).map((_, i) => `z${i + 1} == 0`).join(' \\/ '));
}

test('mul/add pairs ptxas may fuse: the final states are those of every way of writing each pair out by hand (mul.rn and add.rn, or fma.rn), in the solver, the executor and brute force', async () => {
  const progs = fc.sample(fc.record({
    pairs: fc.array(fc.record({ sub: fc.boolean(), second: fc.boolean(), copy: fc.boolean(), ftz: fc.boolean() }), { minLength: 1, maxLength: 2 }),
    // P1's first pair computes 0.1f * 10.0 (which rounds to 1.0) and adds or subtracts +-1.0:
    // where the sign cancels, fused and not differ. The other pairs take corners too.
    consts: fc.tuple(fc.constantFrom(0x41200000n, 0x3f800001n, 0x00000001n, 0x7f800000n, 0x80400000n), fc.constant(0x41200000n)),
    stores: fc.tuple(fc.constant(0x3dcccccdn), fc.constantFrom(0xbf800000n, 0x3f800000n)),
    readers: fc.integer({ min: 1, max: 2 }),
  }), { numRuns: 8, seed: 20261203 });
  const opt: RunOptions = { model: MODELS.ptx75!, bound: 2, timeoutMs: 120_000, mode: 'states', checkBound: false, explain: false };
  const statesOf = async (text: string): Promise<string[]> => ((await runTest(z3, parseLitmus(text), opt)).states ?? []).map((x) => valuationKey(x.values)).sort();
  let differ = 0;
  for (const p of progs) {
    const text = fusionProgram(p.pairs, p.consts, p.stores, p.readers, null);
    const sites = p.pairs.length * p.readers;
    const union = new Set<string>();
    const unfused = await statesOf(fusionProgram(p.pairs, p.consts, p.stores, p.readers, 0));
    for (let m = 0; m < 2 ** sites; m++) for (const k of m === 0 ? unfused : await statesOf(fusionProgram(p.pairs, p.consts, p.stores, p.readers, m))) union.add(k);
    assert.equal(await statesOf(text), [...union].sort(), text);
    if (union.size > unfused.length) differ++;
    // Brute force too, on the unrolled program with its fusion literals.
    const t = parseLitmus(text);
    const bf = enumerate(t, unroll(t, 2), MODELS.ptx75!);
    const z = ((await runTest(z3, t, opt)).states ?? []).map((x) => x.values.map(([k, v]) => `${k}=${v}`).join(';'));
    assert.equal([...bf.states].sort(), z.sort(), `brute force\n${text}`);
  }
  // Where fusing changes nothing the test would not tell the two apart.
  assert.ok(differ >= 3, `only ${differ} of ${progs.length} programs have a state only fusing reaches`);
  // The executor agrees with the solver on each program, under both models.
  assert.is(await sameFinalStates(progs.map((p) => fusionProgram(p.pairs, p.consts, p.stores, p.readers, null))), 2 * progs.length);
});

test('an explanation\'s witness of a float outcome (looked for where every axiom is assumed: run.ts floatsFirst) is one the verdict allows', async () => {
  const t = parseLitmus(`PTX W
{ .global .f32 x = 1e20; }
 P0@cta 0,gpu 0                    | P1@cta 1,gpu 0                      ;
 atom.global.add.f32 %f1, [x], 1.0 | atom.global.add.f32 %f2, [x], -1e20 ;
exists (P0:%f1 == 0 /\\ x == 0f3F800000)
`);
  const base: RunOptions = { model: MODELS.ptx75!, bound: 2, timeoutMs: 120_000, mode: 'verdict', checkBound: false, explain: false };
  const v = await runTest(z3, t, base);
  assert.is(v.validated, true);
  const e = await runTest(z3, t, { ...base, explain: true });
  assert.is(e.validated, true);
  // x ends 1.0 only when P1's -1e20 goes first and P0 reads the 0 it leaves.
  assert.equal(Object.fromEntries(e.witness!.state), { 'P0:f1': 0n, x: 0x3f800000n });
});

test('why a float outcome is unreachable: the axioms to drop, with value sets guarded by NoThinAir\'s literal', async () => {
  const why = async (cond: string): Promise<string[][]> => {
    const t = parseLitmus(`PTX W
{ .global .f32 x = 1e20; }
 P0@cta 0,gpu 0                    | P1@cta 1,gpu 0                      ;
 atom.global.add.f32 %f1, [x], 1.0 | atom.global.add.f32 %f2, [x], -1e20 ;
exists (${cond})
`);
    const r = await runTest(z3, t, { model: MODELS.ptx75!, bound: 2, timeoutMs: 120_000, mode: 'verdict', checkBound: false, explain: true, relax: true });
    assert.is(r.validated, false);
    // The relaxed witness comes from the encoding whose float additions are (also) spelt in the
    // floating-point theory: it meets the condition, P0 having computed 1e20 + 1.0 = 1e20 there.
    if (r.relaxations?.length) {
      const state = new Map(r.relaxedWitness!.state);
      assert.is(state.get('P0:f1'), 0x60ad78ecn);
      assert.is.not(state.get('x'), 0n);
    }
    return (r.relaxations ?? []).map((x) => [...x].sort()).sort();
  };
  // P0 adds first (it reads 1e20) yet x does not end 0.0: P1 then reads P0's 1e20 + 1.0 = 1e20
  // and writes 0, last; x ends otherwise only when both read the initial 1e20 (and P0's write
  // is last), which Atomicity forbids, and which dropping Coherence2 allows (the two writes
  // then stay unordered, so no write comes between the one read and either new one).
  assert.equal(await why('P0:%f1 == 0f60AD78EC /\\ x != 0f00000000'), [['Atomicity'], ['Coherence2']]);
  // x ends 1.0 though P0 read 1e20: some write must make 1.0, P0's is 1e20 + 1.0 = 1e20, and
  // P1's (v - 1e20) is 1.0 for no float v (floats near 1e20 are 2^43 apart), even with values
  // out of thin air: no axiom set dropped reaches it. (Had the value sets held without
  // NoThinAir, this would say the same; the first would differ if they held nowhere.)
  assert.equal(await why('P0:%f1 == 0f60AD78EC /\\ x == 0f3F800000'), []);
});

test('values out of thin air: the floats\' theory decides what dropping NoThinAir allows, and whether a core needs it', async () => {
  // Load buffering through a float add: x = y = x + 0.5 holds only of floats that adding 0.5
  // leaves as they are (2^24 and beyond at .f32), and only out of thin air. The script is
  // loaded without the theory where every question assumes NoThinAir (run.ts solve); a
  // relaxation or core that does without it must see the exact additions, never any value.
  const why = async (value: string): Promise<[string[][] | null, string[] | null]> => {
    const t = parseLitmus(`PTX LBF
{ .global .f32 x = 0.0; .global .f32 y = 0.0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 ld.global.f32 %f1, [x] | ld.global.f32 %f3, [y] ;
 add.f32 %f2, %f1, 0.5  | st.global.f32 [x], %f3 ;
 st.global.f32 [y], %f2 |                        ;
exists (P0:%f1 == ${value})
`);
    const opt: RunOptions = { model: MODELS.ptx75!, bound: 2, timeoutMs: 120_000, mode: 'verdict', checkBound: false, explain: true, relax: true };
    // Apart: the core's question may send the theory, and the relaxations' then find it there.
    const relaxed = await runTest(z3, t, { ...opt, core: false });
    const cored = await runTest(z3, t, { ...opt, relax: false });
    assert.is(relaxed.validated, false);
    assert.is(cored.validated, false);
    return [relaxed.relaxations, cored.core];
  };
  // 2^24: reached once NoThinAir is dropped, and forbidden by it alone.
  assert.equal(await why('0f4B800000'), [[['NoThinAir']], ['NoThinAir']]);
  // 2.0: 2.0 + 0.5 is not 2.0, so no execution reaches it, consistent or not: no axiom to
  // drop, none in the core (with any value for the add, both would have named NoThinAir).
  assert.equal(await why('0f40000000'), [[], []]);
});

test.run();
