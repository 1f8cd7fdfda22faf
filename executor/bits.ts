// Register and memory values: unsigned bit-vectors of a given width (bigint payload).
// The conversions follow the solver's register semantics (solver/unroll.ts) so that both
// engines compute the same values: operands are resized to the instruction's type,
// sign-extending for signed types; stores are resized to the location's width.
import type { AluOp, AtomOp, CmpOp, DataType } from '../litmus/ast.js';
import { typeSigned, typeWidth } from '../litmus/ast.js';
import { compareIntegers } from '../litmus/types.js';
import { floatAdd } from '../litmus/floats.js';

export interface RV {
  w: number;
  v: bigint;
}

// Masks per width, made once: building one with BigInt shifts on every value was measurable.
const MASKS: bigint[] = [];
export function mask(w: number): bigint {
  let m = MASKS[w];
  if (m === undefined) {
    m = (1n << BigInt(w)) - 1n;
    if (Number.isInteger(w) && w >= 0 && w <= 1024) MASKS[w] = m;
  }
  return m;
}
export const norm = (v: bigint, w: number): bigint => v & mask(w);
export const toSigned = (v: bigint, w: number): bigint => (v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v);
export const rv = (w: number, v: bigint | number): RV => ({ w, v: norm(BigInt(v), w) });

/** Width change: truncation, or zero/sign extension (sign from the source width). */
export function resize(a: RV, w: number, signed = false): RV {
  if (a.w === w) return a;
  return rv(w, w > a.w && signed ? toSigned(a.v, a.w) : a.v);
}

/** A register operand as an instruction of type `t` reads it. */
export const asType = (a: RV, t: DataType): RV => resize(a, typeWidth(t), typeSigned(t));

/** An alu result, operands already at the type's width (`signed`: the type's); `c` is mad's addend. */
export function alu(op: AluOp, a: RV, b: RV, signed = false, c?: RV): RV {
  const w = a.w;
  const amount = b.v >= BigInt(w) ? BigInt(w) : b.v;
  const lt = signed ? toSigned(a.v, w) < toSigned(b.v, w) : a.v < b.v;
  switch (op) {
    case 'shl': return rv(w, a.v << amount);
    case 'shr': return rv(w, (signed ? toSigned(a.v, w) : a.v) >> amount);
    case 'min': return lt ? a : rv(w, b.v);
    case 'max': return lt ? rv(w, b.v) : a;
    case 'mad': return rv(w, a.v * b.v + c!.v);
    case 'add': return rv(w, a.v + b.v);
    case 'sub': return rv(w, a.v - b.v);
    case 'mul': return rv(w, a.v * b.v);
    case 'and': return rv(w, a.v & b.v);
    case 'or': return rv(w, a.v | b.v);
    case 'xor': return rv(w, a.v ^ b.v);
    // Towards zero, the remainder with the dividend's sign (BigInt's / and %); the caller
    // refuses a zero divisor (thread.ts).
    case 'div': return signed ? rv(w, toSigned(a.v, w) / toSigned(b.v, w)) : rv(w, a.v / b.v);
    case 'rem': return signed ? rv(w, toSigned(a.v, w) % toSigned(b.v, w)) : rv(w, a.v % b.v);
    case 'sad': return rv(w, c!.v + (lt ? b.v - a.v : a.v - b.v));
    case 'shf': throw new Error('shf takes three operands: funnel() computes it');
    case 'bfe': case 'bfi': case 'prmt': throw new Error(`${op} takes more operands: bfe(), bfi() and prmt() compute it`);
  }
}

// bfe, bfi and prmt bit by bit as the ISA states them (the solver spells them with shifts
// and masks instead, so cross checks one against the other). Positions and lengths are .u32
// operands of which only the low 8 bits count.
const bitOf = (x: bigint, i: number): bigint => (x >> BigInt(i)) & 1n;

/** bfe: len bits of a from pos; bits past the field or the top are its sign (.s types) or 0. */
export function bfe(a: RV, p: RV, n: RV, signed: boolean): RV {
  const msb = a.w - 1;
  const pos = Number(p.v & 0xffn);
  const len = Number(n.v & 0xffn);
  const sbit = !signed || len === 0 ? 0n : bitOf(a.v, Math.min(pos + len - 1, msb));
  let d = 0n;
  for (let i = 0; i <= msb; i++) d |= (i < len && pos + i <= msb ? bitOf(a.v, pos + i) : sbit) << BigInt(i);
  return rv(a.w, d);
}

/** bfi: b with its bits from pos replaced by a's low len bits, none past the top. */
export function bfi(a: RV, b: RV, p: RV, n: RV): RV {
  const pos = Number(p.v & 0xffn);
  const len = Number(n.v & 0xffn);
  let f = b.v;
  for (let i = 0; i < len && pos + i < b.w; i++) f = (f & ~(1n << BigInt(pos + i))) | (bitOf(a.v, i) << BigInt(pos + i));
  return rv(b.w, f);
}

/** prmt (no mode): byte k of d is byte (nibble k of c) & 7 of b:a, or its top bit repeated when the nibble's bit 3 is set. */
export function prmt(a: RV, b: RV, c: RV): RV {
  const x = (b.v << 32n) | a.v;
  let d = 0n;
  for (let k = 0; k < 4; k++) {
    const sel = Number((c.v >> BigInt(4 * k)) & 0xfn);
    const byte = (x >> BigInt(8 * (sel & 7))) & 0xffn;
    d |= (sel & 8 ? (byte & 0x80n ? 0xffn : 0n) : byte) << BigInt(8 * k);
  }
  return rv(32, d);
}

/** popc, clz (a .u32 result) and brev of a value at its width. */
export function bitCount(op: 'popc' | 'clz' | 'brev', x: RV): RV {
  const w = x.w;
  let n = 0;
  let r = 0n;
  for (let i = 0; i < w; i++) {
    const bit = (x.v >> BigInt(i)) & 1n;
    if (op === 'popc') n += Number(bit);
    else if (op === 'clz' && bit === 1n) n = w - 1 - i;
    else if (op === 'brev') r |= bit << BigInt(w - 1 - i);
  }
  if (op === 'brev') return rv(w, r);
  // clz of 0 is the width; otherwise w - 1 - (the highest set bit), the last one found.
  return rv(32, op === 'clz' && x.v === 0n ? w : n);
}

/**
 * bfind: the position of the highest bit that differs from the sign bit (.s types; any set bit
 * for .u), 0xffffffff when none; with `shiftamt`, the left shift that brings it to the top,
 * which is the leading zeros once a negative value's bits are flipped. A .u32.
 */
export function bfind(x: RV, signed: boolean, shiftamt: boolean): RV {
  const v = rv(x.w, signed && toSigned(x.v, x.w) < 0n ? ~x.v : x.v);
  if (v.v === 0n) return rv(32, 0xffffffff);
  const clz = bitCount('clz', v).v;
  return rv(32, shiftamt ? clz : BigInt(x.w - 1) - clz);
}

/** shf: the 64 bits b:a shifted by c (wrap: mod 32; clamp: at most 32), the upper half when left, else the lower. */
export function funnel(a: RV, b: RV, c: RV, left: boolean, clamp: boolean): RV {
  const n = clamp ? (c.v < 32n ? c.v : 32n) : c.v & 31n;
  const x = (b.v << 32n) | a.v;
  return rv(32, left ? ((x << n) & mask(64)) >> 32n : x >> n);
}

/** mul.hi: the upper half of the full product of a and b (at the type's width, extended by its signedness). */
export function mulHi(a: RV, b: RV, signed: boolean): RV {
  const w = a.w;
  const x = signed ? toSigned(a.v, w) : a.v;
  const y = signed ? toSigned(b.v, w) : b.v;
  return rv(w, (x * y) >> BigInt(w));
}

export function compare(op: CmpOp, a: RV, b: RV, signed: boolean): boolean {
  const w = Math.max(a.w, b.w);
  const x0 = resize(a, w, signed).v;
  const y0 = resize(b, w, signed).v;
  return signed ? compareIntegers(op, toSigned(x0, w), toSigned(y0, w)) : compareIntegers(op, x0, y0);
}

/**
 * The value an atom/red writes from the value it read (`old`, at the type's width) and its
 * operands. ISA pseudo-code; a failing cas writes the old value back (MODEL.md). `float`: an
 * .add.f32/.f64, flushing subnormals or not (litmus/floats.ts flushesSubnormals).
 */
export function rmwResult(op: AtomOp, t: DataType, old: RV, b: RV, c: RV | null, float: { ftz: boolean } | null = null): RV {
  const w = typeWidth(t);
  // atom.add.f32/.f64 (Atom.float): on the bits, as litmus/floats.ts adds them.
  if (float) return rv(w, floatAdd(old.v, b.v, w === 64 ? 64 : 32, float.ftz));
  const s = typeSigned(t);
  const lt = (x: RV, y: RV): boolean => (s ? toSigned(x.v, w) < toSigned(y.v, w) : x.v < y.v);
  switch (op) {
    case 'add': case 'sub': case 'and': case 'or': case 'xor': return alu(op, old, b);
    case 'exch': return b;
    case 'min': return lt(old, b) ? old : b;
    case 'max': return lt(old, b) ? b : old;
    case 'inc': return b.v <= old.v ? rv(w, 0) : rv(w, old.v + 1n);
    case 'dec': return old.v === 0n || b.v < old.v ? b : rv(w, old.v - 1n);
    case 'cas': return old.v === b.v ? c! : old;
  }
}

/** A value for display, read as its type says (a .u32 0xffffffff is 4294967295, an .s32 one -1). */
export const show = (a: RV, signed: boolean): string => (signed && a.w > 1 ? toSigned(a.v, a.w) : a.v).toString();
