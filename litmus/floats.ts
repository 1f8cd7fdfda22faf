// Floating-point addition on bit patterns, as atom.add.f32/.f64 and red.add.f32/.f64 perform it
// (ISA atom, red): IEEE 754 round to nearest even; .f32 on global memory flushes subnormal
// inputs and results to zero of the same sign, on shared memory it does not. Both engines
// compute with this (the executor directly, the solver's concrete evaluator through
// solver/expr.ts bvApply), and the SMT-LIB text the solver prints says the same in Z3's
// floating-point theory (expr.ts fpAddSmt), which a test checks against this.
import type { Space } from './ast.js';

/**
 * The NaN a float addition writes. The ISA does not say which NaN an atomic addition leaves;
 * ptxmm writes one (every bit but the sign set: 0x7FFFFFFF is the NaN NVIDIA GPUs' float
 * arithmetic produces for .f32) so that both engines agree on the bits.
 */
export const CANONICAL_NAN: Readonly<Record<32 | 64, bigint>> = { 32: 0x7fffffffn, 64: 0x7fffffffffffffffn };

const buf = new ArrayBuffer(8);
const f32 = new Float32Array(buf);
const u32 = new Uint32Array(buf);
const f64 = new Float64Array(buf);
const u64 = new BigUint64Array(buf);

const toNumber = (bits: bigint, w: 32 | 64): number => {
  if (w === 32) { u32[0] = Number(bits & 0xffffffffn); return f32[0]!; }
  u64[0] = BigInt.asUintN(64, bits);
  return f64[0]!;
};
const toBits = (x: number, w: 32 | 64): bigint => {
  if (Number.isNaN(x)) return CANONICAL_NAN[w];
  if (w === 32) { f32[0] = x; return BigInt(u32[0]!); }
  f64[0] = x;
  return u64[0]!;
};

/** A subnormal .f32 as zero of its sign; other values unchanged. */
export function flushF32(bits: bigint): bigint {
  const exp = (bits >> 23n) & 0xffn;
  const frac = bits & 0x7fffffn;
  return exp === 0n && frac !== 0n ? bits & 0x80000000n : bits;
}

/**
 * x + y on the bits of two .f32 (w 32) or .f64 (w 64) values, rounded to nearest even; with
 * `ftz`, subnormal inputs and result flushed to zero of their sign. A NaN result is
 * CANONICAL_NAN. (The sum of two floats computed in double precision and then rounded to
 * single is the correctly rounded single sum: a double has more than twice a single's 24
 * bits, so the two roundings cannot disagree.)
 */
export function floatAdd(x: bigint, y: bigint, w: 32 | 64, ftz: boolean): bigint {
  if (w === 32) {
    const a = toNumber(ftz ? flushF32(x) : x, 32);
    const b = toNumber(ftz ? flushF32(y) : y, 32);
    const r = toBits(Math.fround(a + b), 32);
    return ftz && r !== CANONICAL_NAN[32] ? flushF32(r) : r;
  }
  return toBits(toNumber(x, 64) + toNumber(y, 64), 64);
}

/**
 * Whether a float addition of `width` bits flushes subnormals: an .f32 one on global memory
 * (ISA atom, red: "atom.add.f32 on global memory flushes subnormal inputs and results to
 * sign-preserving zero; on shared memory it does not"). `space` is the instruction's; a generic
 * address reaches the location's own space (`shared`: declared .shared or accessed through it).
 */
export const flushesSubnormals = (width: number, space: Space, shared: boolean): boolean =>
  width === 32 && (space === 'global' || (space === 'generic' && !shared));
