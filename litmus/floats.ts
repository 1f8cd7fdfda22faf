// Floating-point computation on bit patterns, as PTX's float instructions perform it (ISA,
// Floating-Point Instructions; atom, red; cvt; setp): exact arithmetic on the values, then one
// rounding to the format (round to nearest even, towards zero, towards minus or plus infinity),
// .f32 subnormals flushed to zero of their sign where the instruction says so (.ftz; atom.add
// on global memory), results clamped to [0.0, 1.0] by .sat. Both engines compute with this
// (the executor directly, the solver's concrete evaluator through solver/expr.ts), and the
// SMT-LIB text the solver prints says the same in Z3's floating-point theory (expr.ts
// floatSmt), which solver/floats.test.ts checks against this.
import type { CvtType, FloatOp, IntRounding, Rounding, Space } from './ast.js';
import { typeRange } from './ast.js';

/** An arithmetic float operation (not setp, not cvt). */
type Arith = Extract<FloatOp, { nan: boolean }>;

/**
 * The NaN a float computation writes. The ISA does not say which NaN an atomic addition leaves,
 * and gives neg, abs and conversions "an unspecified NaN"; ptxmm writes one (every bit but the
 * sign set: 0x7FFFFFFF is the NaN NVIDIA GPUs' float arithmetic produces for .f32) so that both
 * engines agree on the bits.
 */
export const CANONICAL_NAN: Readonly<Record<32 | 64, bigint>> = { 32: 0x7fffffffn, 64: 0x7fffffffffffffffn };

/** A format: precision p (bits of the significand, the hidden one included), exponent bias, all-ones exponent field. */
interface Format { w: 32 | 64; p: number; bias: number; top: number }
const FORMATS: Readonly<Record<32 | 64, Format>> = { 32: { w: 32, p: 24, bias: 127, top: 255 }, 64: { w: 64, p: 53, bias: 1023, top: 2047 } };

/** A value decoded: NaN, an infinity, or (-1)^neg * m * 2^e exactly (m 0: a zero of that sign). */
type Dec = { k: 'nan' } | { k: 'inf'; neg: boolean } | { k: 'fin'; neg: boolean; m: bigint; e: number };

const signBit = (w: 32 | 64): bigint => 1n << BigInt(w - 1);

function decode(bits: bigint, w: 32 | 64): Dec {
  const f = FORMATS[w];
  const frac = BigInt(f.p - 1);
  const neg = (bits & signBit(w)) !== 0n;
  const ex = Number((bits >> frac) & BigInt(f.top));
  const m = bits & ((1n << frac) - 1n);
  if (ex === f.top) return m === 0n ? { k: 'inf', neg } : { k: 'nan' };
  if (ex === 0) return { k: 'fin', neg, m, e: 1 - f.bias - (f.p - 1) };
  return { k: 'fin', neg, m: m | (1n << frac), e: ex - f.bias - (f.p - 1) };
}

const infBits = (neg: boolean, w: 32 | 64): bigint => (neg ? signBit(w) : 0n) | (BigInt(FORMATS[w].top) << BigInt(FORMATS[w].p - 1));
const maxBits = (neg: boolean, w: 32 | 64): bigint => infBits(neg, w) - 1n;
const zeroBits = (neg: boolean, w: 32 | 64): bigint => (neg ? signBit(w) : 0n);
const bitLength = (m: bigint): number => m.toString(2).length;

/** Whether rounding the magnitude q + rem/2^sh (rem > 0) goes up to q + 1. */
function roundsUp(q: bigint, rem: bigint, sh: bigint, neg: boolean, rnd: Rounding): boolean {
  switch (rnd) {
    case 'rn': {
      const half = 1n << (sh - 1n);
      return rem > half || (rem === half && (q & 1n) === 1n);
    }
    case 'rz': return false;
    case 'rm': return neg;
    case 'rp': return !neg;
  }
}

/** (-1)^neg * m * 2^e (m > 0 or a zero of that sign), rounded once to the format. */
function round(neg: boolean, m: bigint, e: number, w: 32 | 64, rnd: Rounding): bigint {
  const f = FORMATS[w];
  if (m === 0n) return zeroBits(neg, w);
  // The weight of the result's last bit: p bits below the leading one, never below the subnormals'.
  let ulp = Math.max(bitLength(m) - 1 + e - (f.p - 1), 1 - f.bias - (f.p - 1));
  let q: bigint;
  if (e >= ulp) q = m << BigInt(e - ulp);
  else {
    const sh = BigInt(ulp - e);
    q = m >> sh;
    const rem = m - (q << sh);
    if (rem !== 0n && roundsUp(q, rem, sh, neg, rnd)) q += 1n;
  }
  if (q === 1n << BigInt(f.p)) { q >>= 1n; ulp += 1; }
  const hidden = 1n << BigInt(f.p - 1);
  if (q < hidden) return zeroBits(neg, w) | q; // subnormal
  const ex = ulp + (f.p - 1) + f.bias;
  if (ex >= f.top) {
    // Overflow: an infinity, or the largest finite value where rounding goes towards zero.
    const inf = rnd === 'rn' || (rnd === 'rm' && neg) || (rnd === 'rp' && !neg);
    return inf ? infBits(neg, w) : maxBits(neg, w);
  }
  return zeroBits(neg, w) | (BigInt(ex) << BigInt(f.p - 1)) | (q - hidden);
}

/** A subnormal .f32 as zero of its sign; other values unchanged. */
export function flushF32(bits: bigint): bigint {
  const exp = (bits >> 23n) & 0xffn;
  const frac = bits & 0x7fffffn;
  return exp === 0n && frac !== 0n ? bits & 0x80000000n : bits;
}

/** Exactly x + y for finite values, rounded; an exact zero takes IEEE's sign (+0 but towards minus infinity, unless both addends are zeros of one sign). */
function sum(xn: boolean, xm: bigint, xe: number, yn: boolean, ym: bigint, ye: number, w: 32 | 64, rnd: Rounding): bigint {
  const e = Math.min(xe, ye);
  const a = xm << BigInt(xe - e);
  const b = ym << BigInt(ye - e);
  const s = (xn ? -a : a) + (yn ? -b : b);
  if (s === 0n) return zeroBits(xn === yn ? xn : rnd === 'rm', w);
  return round(s < 0n, s < 0n ? -s : s, e, w, rnd);
}

/** The bits below those kept: a quotient or root computed to this many bits past the format's precision, plus a sticky bit, rounds as the exact value. */
const GUARD = 3;

/** (-1)^neg * (am * 2^ae) / (bm * 2^be) (am, bm > 0), rounded once: the quotient to 2p + GUARD bits, and a sticky bit for the remainder. */
function quotient(neg: boolean, am: bigint, ae: number, bm: bigint, be: number, w: 32 | 64, rnd: Rounding): bigint {
  const k = 2 * FORMATS[w].p + GUARD + Math.max(0, bitLength(bm) - bitLength(am));
  const num = am << BigInt(k);
  const q = num / bm;
  const sticky = num - q * bm !== 0n ? 1n : 0n;
  return round(neg, (q << 1n) | sticky, ae - be - k - 1, w, rnd);
}

/** The integer square root (floor) of n >= 0. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** sqrt(m * 2^e) (m > 0), rounded once: the root to 2p + GUARD bits, and a sticky bit. */
function root(m: bigint, e: number, w: 32 | 64, rnd: Rounding): bigint {
  // An even exponent (m doubled for an odd one), then 2k more bits: the root has at least k.
  const odd = e % 2 !== 0;
  const k = 2 * FORMATS[w].p + GUARD;
  const n = (odd ? m << 1n : m) << BigInt(2 * k);
  const s = isqrt(n);
  const sticky = n - s * s !== 0n ? 1n : 0n;
  return round(false, (s << 1n) | sticky, ((odd ? e - 1 : e) - 2 * k) / 2 - 1, w, rnd);
}

/** -1, 0 or 1 as x <, =, > y (neither NaN; -0 = +0). */
function compare(x: Dec, y: Dec): number {
  const key = (d: Dec): [number, bigint, number] => (d.k === 'inf' ? [d.neg ? -2 : 2, 0n, 0] : d.k === 'fin' ? [d.m === 0n ? 0 : d.neg ? -1 : 1, d.m, d.e] : [0, 0n, 0]);
  const [xs, xm, xe] = key(x);
  const [ys, ym, ye] = key(y);
  if (xs !== ys || Math.abs(xs) !== 1) return Math.sign(xs - ys);
  const e = Math.min(xe, ye);
  const a = xm << BigInt(xe - e);
  const b = ym << BigInt(ye - e);
  const mag = a < b ? -1 : a > b ? 1 : 0;
  return xs < 0 ? -mag : mag;
}

/** An integral value of x (finite), rounded as .rni/.rzi/.rmi/.rpi say (a zero result keeps no sign: callers that need one take x's). */
function integral(x: Extract<Dec, { k: 'fin' }>, irnd: IntRounding): bigint {
  if (x.e >= 0) return (x.neg ? -1n : 1n) * (x.m << BigInt(x.e));
  const sh = BigInt(-x.e);
  let q = x.m >> sh;
  const rem = x.m - (q << sh);
  const rnd: Rounding = irnd === 'rni' ? 'rn' : irnd === 'rzi' ? 'rz' : irnd === 'rmi' ? 'rm' : 'rp';
  if (rem !== 0n && roundsUp(q, rem, sh, x.neg, rnd)) q += 1n;
  return x.neg ? -q : q;
}

const ONE: Readonly<Record<32 | 64, bigint>> = { 32: 0x3f800000n, 64: 0x3ff0000000000000n };

/** .sat: [0.0, 1.0], a NaN and anything negative (-0 included) to +0. */
function saturate(bits: bigint, w: 32 | 64): bigint {
  const d = decode(bits, w);
  if (d.k === 'nan' || d.neg) return 0n;
  return compare(d, decode(ONE[w], w)) > 0 ? ONE[w] : bits;
}

/** The bits of a conversion's type. */
export const widthOf = (t: CvtType): number => Number(t.slice(1));
/** Whether a conversion's type is a float's. */
export const isFloat = (t: CvtType): t is 'f32' | 'f64' => t === 'f32' || t === 'f64';

/** The bits of the value an operand of type t holds, as a signed or unsigned integer. */
const intValue = (bits: bigint, t: CvtType): bigint => (t.startsWith('s') ? BigInt.asIntN(widthOf(t), bits) : BigInt.asUintN(widthOf(t), bits));

/** The register width of each operand of a float operation, and of its result. */
export function floatWidths(f: FloatOp): { args: number; result: number } {
  if (f.fn === 'cvt') return { args: widthOf(f.from), result: widthOf(f.to) };
  if (f.fn === 'setp') return { args: f.w, result: 1 };
  return { args: f.w, result: f.w };
}

/** How many operands a float operation reads. */
export const floatArity = (f: FloatOp): number => (f.fn === 'fma' ? 3 : f.fn === 'neg' || f.fn === 'abs' || f.fn === 'cvt' || f.fn === 'sqrt' || f.fn === 'rcp' ? 1 : 2);

/** The instruction's name as PTX writes it, its type last (`add.rn.ftz.f32`, `setp.ltu.f32`, `cvt.rzi.s32.f32`). */
export function floatOpName(f: FloatOp): string {
  const q = (b: boolean, s: string): string[] => (b ? [s] : []);
  if (f.fn === 'setp') return ['setp', f.cmp, ...q(f.ftz, 'ftz'), `f${f.w}`].join('.');
  if (f.fn === 'cvt') return ['cvt', ...q(f.rnd !== null, f.rnd ?? ''), ...q(f.ftz, 'ftz'), ...q(f.sat, 'sat'), f.to, f.from].join('.');
  const name = f.fn === 'fma' && f.mad ? 'mad' : f.fn;
  return [name, ...q(f.rnd !== null, f.rnd ?? ''), ...q(f.ftz, 'ftz'), ...q(f.nan, 'NaN'), ...q(f.sat, 'sat'), `f${f.w}`].join('.');
}

/** The float addition atom.add and red.add perform: to nearest even, flushing when `ftz` (flushesSubnormals). */
export const atomicAdd = (w: 32 | 64, ftz: boolean): FloatOp => ({ fn: 'add', w, rnd: 'rn', ftz, sat: false, nan: false, mad: false });

/**
 * The result of a float operation on its operands' bits (each at its register width), at the
 * result's width: a float's bits, a predicate (setp: 0 or 1), or an integer (cvt). A NaN
 * result is CANONICAL_NAN.
 */
export function floatOp(f: FloatOp, args: readonly bigint[]): bigint {
  if (f.fn === 'cvt') return convert(f, args[0]!);
  const w = f.w;
  // .ftz: subnormal .f32 inputs read as zeros of their sign (only .f32 takes it).
  const ftz = f.ftz && w === 32;
  const ins = ftz ? args.map(flushF32) : args;
  const xs = ins.map((a) => decode(a, w));
  if (f.fn === 'setp') {
    const [x, y] = [xs[0]!, xs[1]!];
    const unordered = x.k === 'nan' || y.k === 'nan';
    if (f.cmp === 'num' || f.cmp === 'nan') return BigInt((f.cmp === 'nan') === unordered);
    if (unordered) return BigInt(f.cmp.length === 3 && f.cmp.endsWith('u'));
    const c = compare(x, y);
    const base = f.cmp.length === 3 ? f.cmp.slice(0, 2) : f.cmp;
    const r = base === 'eq' ? c === 0 : base === 'ne' ? c !== 0 : base === 'lt' ? c < 0 : base === 'le' ? c <= 0 : base === 'gt' ? c > 0 : c >= 0;
    return r ? 1n : 0n;
  }
  let r = arithmetic(f, xs, ins);
  if (ftz && r !== CANONICAL_NAN[w]) r = flushF32(r);
  return f.sat ? saturate(r, w) : r;
}

function arithmetic(f: Arith, xs: readonly Dec[], bits: readonly bigint[]): bigint {
  const w = f.w;
  const nan = CANONICAL_NAN[w];
  const rnd = f.rnd ?? 'rn';
  const [x, y, z] = [xs[0]!, xs[1]!, xs[2]!];
  switch (f.fn) {
    // copysign d, a, b: b with a's sign bit, as bits (a NaN b keeps its bits: ISA copysign).
    case 'copysign': return (bits[1]! & (signBit(w) - 1n)) | (bits[0]! & signBit(w));
    case 'neg': case 'abs':
      // The sign bit alone (the ISA: a NaN input gives an unspecified NaN).
      if (x.k === 'nan') return nan;
      return f.fn === 'neg' ? bits[0]! ^ signBit(w) : bits[0]! & (signBit(w) - 1n);
    case 'min': case 'max': {
      // A NaN operand: the other one (.NaN: NaN); -0 below +0.
      if (x.k === 'nan' || y.k === 'nan') return f.nan || (x.k === 'nan' && y.k === 'nan') ? nan : x.k === 'nan' ? bits[1]! : bits[0]!;
      let c = compare(x, y);
      if (c === 0) c = (x.k === 'fin' && x.neg ? -1 : 0) - (y.k === 'fin' && y.neg ? -1 : 0);
      return (f.fn === 'min') === (c <= 0) ? bits[0]! : bits[1]!;
    }
    case 'add': case 'sub': {
      if (x.k === 'nan' || y.k === 'nan') return nan;
      const yn = f.fn === 'sub' ? !y.neg : y.neg;
      if (x.k === 'inf') return y.k === 'inf' && yn !== x.neg ? nan : infBits(x.neg, w);
      if (y.k === 'inf') return infBits(yn, w);
      return sum(x.neg, x.m, x.e, yn, y.m, y.e, w, rnd);
    }
    case 'mul': {
      if (x.k === 'nan' || y.k === 'nan') return nan;
      const neg = x.neg !== y.neg;
      if (x.k === 'inf' || y.k === 'inf') return (x.k === 'fin' && x.m === 0n) || (y.k === 'fin' && y.m === 0n) ? nan : infBits(neg, w);
      return round(neg, x.m * y.m, x.e + y.e, w, rnd);
    }
    case 'div': case 'rcp': {
      // rcp: 1.0 / x, rounded once.
      const [n, d] = f.fn === 'rcp' ? [decode(ONE[w], w), x] : [x, y];
      if (n.k === 'nan' || d.k === 'nan') return nan;
      const neg = n.neg !== d.neg;
      if (n.k === 'inf') return d.k === 'inf' ? nan : infBits(neg, w);
      if (d.k === 'inf') return zeroBits(neg, w);
      if (d.m === 0n) return n.m === 0n ? nan : infBits(neg, w);
      if (n.m === 0n) return zeroBits(neg, w);
      return quotient(neg, n.m, n.e, d.m, d.e, w, rnd);
    }
    case 'sqrt': {
      if (x.k === 'nan' || (x.neg && !(x.k === 'fin' && x.m === 0n))) return nan;
      if (x.k === 'inf' || x.m === 0n) return bits[0]!;
      return root(x.m, x.e, w, rnd);
    }
    case 'fma': {
      // x * y + z with one rounding.
      if (x.k === 'nan' || y.k === 'nan' || z.k === 'nan') return nan;
      const neg = x.neg !== y.neg;
      if (x.k === 'inf' || y.k === 'inf') {
        if ((x.k === 'fin' && x.m === 0n) || (y.k === 'fin' && y.m === 0n)) return nan;
        return z.k === 'inf' && z.neg !== neg ? nan : infBits(neg, w);
      }
      if (z.k === 'inf') return infBits(z.neg, w);
      return sum(neg, x.m * y.m, x.e + y.e, z.neg, z.m, z.e, w, rnd);
    }
  }
}

function convert(f: Extract<FloatOp, { fn: 'cvt' }>, a: bigint): bigint {
  if (!isFloat(f.from)) {
    // An integer to a float: rounded (the modifier is required).
    const v = intValue(a, f.from);
    const w = widthOf(f.to) as 32 | 64;
    const r = round(v < 0n, v < 0n ? -v : v, 0, w, (f.rnd ?? 'rn') as Rounding);
    return f.sat ? saturate(r, w) : r;
  }
  const wf = widthOf(f.from) as 32 | 64;
  const x = decode(f.ftz && wf === 32 ? flushF32(a) : a, wf);
  if (!isFloat(f.to)) {
    // A float to an integer: rounded to an integral value, then clamped to the type's range (the
    // ISA: float-to-integer conversions saturate by default); a NaN is 0.
    const wt = widthOf(f.to);
    const [lo, hi] = typeRange({ width: wt, signed: f.to.startsWith('s') });
    const v = x.k === 'nan' ? 0n : x.k === 'inf' ? (x.neg ? lo : hi) : integral(x, (f.rnd ?? 'rzi') as IntRounding);
    return BigInt.asUintN(wt, v < lo ? lo : v > hi ? hi : v);
  }
  const wt = widthOf(f.to) as 32 | 64;
  let r: bigint;
  if (x.k === 'nan') r = CANONICAL_NAN[wt];
  else if (x.k === 'inf') r = infBits(x.neg, wt);
  else if (f.rnd !== null && f.rnd.endsWith('i')) {
    // To an integral value in the same format (cvt.rni.f32.f32): exact, a zero keeps the sign.
    const v = integral(x, f.rnd as IntRounding);
    r = v === 0n ? zeroBits(x.neg, wt) : round(v < 0n, v < 0n ? -v : v, 0, wt, 'rn');
  } else r = round(x.neg, x.m, x.e, wt, (f.rnd ?? 'rn') as Rounding);
  if (f.ftz && wt === 32 && r !== CANONICAL_NAN[32]) r = flushF32(r);
  return f.sat ? saturate(r, wt) : r;
}

/**
 * What an add that ptxas fused with its mul computes (ast.ts Fusion): fma.rn of the mul's
 * operands a, b and the add's other operand, with the add's .ftz and .sat; a sub negates what
 * it subtracts (p - c is a*b + (-c), c - p is (-a)*b + c). `op` applies a float operation:
 * floatOp for values, the solver's node maker for terms.
 */
export function fusedValue<T>(add: FloatOp, product: 0 | 1, a: T, b: T, other: T, op: (f: FloatOp, xs: T[]) => T): T {
  const f = add as Exclude<FloatOp, { fn: 'setp' } | { fn: 'cvt' }>;
  const neg = (x: T): T => op({ fn: 'neg', w: f.w, rnd: null, ftz: false, sat: false, nan: false, mad: false }, [x]);
  const fma: FloatOp = { fn: 'fma', w: f.w, rnd: 'rn', ftz: f.ftz, sat: f.sat, nan: false, mad: false };
  if (f.fn !== 'sub') return op(fma, [a, b, other]);
  return product === 0 ? op(fma, [a, b, neg(other)]) : op(fma, [neg(a), b, other]);
}

/** atom.add/red.add's sum of two .f32 (w 32) or .f64 (w 64) values (atomicAdd's operation). */
export const floatAdd = (x: bigint, y: bigint, w: 32 | 64, ftz: boolean): bigint => floatOp(atomicAdd(w, ftz), [x, y]);

/**
 * Whether a float addition of `width` bits flushes subnormals: an .f32 one on global memory
 * (ISA atom, red: "atom.add.f32 on global memory flushes subnormal inputs and results to
 * sign-preserving zero; on shared memory it does not"). `space` is the instruction's; a generic
 * address reaches the location's own space (`shared`: declared .shared or accessed through it).
 */
export const flushesSubnormals = (width: number, space: Space, shared: boolean): boolean =>
  width === 32 && (space === 'global' || (space === 'generic' && !shared));

