// What registers and locations hold, statically: a width and whether a condition reads the
// value as signed. PTX declares a type for every register; a litmus test declares none, so a
// register is as wide as the widest instruction that writes or reads it as a value (ptxas
// takes no register narrower than the instruction reading it, so that is the only width a
// genuine program can have: an ld.u16 result read by add.s32 is zero-extended into 32 bits, as
// in a `.reg .b32`, and an ld.u32 result in a register also written by an ld.u64 into 64), and
// reads as signed when some instruction writes it with a signed type (or it starts negative, or
// the dialect's blt/bgt/ble/bge, which compare signed, read it). Both
// engines store register values at these widths, so they agree on every value by construction,
// and a condition compares values as the integers their types say (u32 0xffffffff is
// 4294967295, never -1).
import type { Alu, CmpOp, Expr, Instr, Observable, Pos, Reg, RegInit, Term, Thread } from './ast.js';
import { typeSigned, typeWidth, wideType } from './ast.js';
import { floatWidths } from './floats.js';

export interface ValueType {
  width: number;
  signed: boolean;
}

/** The register an instruction writes its value to, if any: its `dst`, or a bar.red's result. */
const destination = (i: Instr): Reg | null => ('dst' in i ? i.dst : i.op === 'bar' && i.red ? i.red.dst : null);

/** Every register an instruction writes, each with the type of what it writes there. */
export function destinations(i: Instr): [Reg, ValueType][] {
  const d = destination(i);
  const t = writerType(i);
  const out: [Reg, ValueType][] = d && t ? [[d, t]] : [];
  if ((i.op === 'shfl' || i.op === 'match') && i.pdst) out.push([i.pdst, { width: 1, signed: false }]);
  return out;
}

/** The type of the value an instruction writes to its destination register (null: none). */
export function writerType(i: Instr): ValueType | null {
  switch (i.op) {
    case 'ld': case 'atom': case 'selp':
      return { width: typeWidth(i.type), signed: typeSigned(i.type) };
    case 'unary':
      // popc and clz count bits: a .u32 whatever the operand's width.
      return i.uop === 'popc' || i.uop === 'clz' || i.uop === 'bfind' ? { width: 32, signed: false } : { width: typeWidth(i.type), signed: typeSigned(i.type) };
    case 'alu':
      return { width: typeWidth(i.wide ? wideType(i.type) : i.type), signed: typeSigned(i.type) };
    case 'cvt':
      return { width: typeWidth(i.dtype), signed: typeSigned(i.dtype) };
    case 'mov':
      // A location's address is a 64-bit value whatever the mov's type says (at least 32 bits).
      if (i.src.kind === 'loc') return { width: Math.max(typeWidth(i.type), 32), signed: false };
      return { width: typeWidth(i.type), signed: typeSigned(i.type) };
    case 'setp':
      return { width: 1, signed: false };
    case 'fop':
      // A float's bits, a predicate (setp), or cvt's integer of its type.
      return { width: floatWidths(i.f).result, signed: i.f.fn === 'cvt' && i.f.to.startsWith('s') };
    case 'shfl':
      return { width: 32, signed: false };
    case 'vote':
      return { width: i.mode === 'ballot' ? 32 : 1, signed: false };
    case 'redux':
      return { width: 32, signed: i.type === 's32' };
    case 'match':
      return { width: 32, signed: false };
    case 'bar':
      // bar.red.popc counts into a .u32; .and and .or give a predicate.
      return i.red ? { width: i.red.op === 'popc' ? 32 : 1, signed: false } : null;
    default:
      return null;
  }
}

/** Bits an integer literal needs: 32 unless it does not fit a 32-bit register, then 64. */
export const literalWidth = (v: bigint): number => (v >= -(1n << 31n) && v < 1n << 32n ? 32 : 64);

/** Every register a thread writes or initialises (`inits`: the test's), with its type. */
export function threadRegisters(inits: readonly RegInit[], thread: Thread): Map<string, ValueType> {
  const out = new Map<string, ValueType>();
  const add = (r: string, t: ValueType): void => {
    const o = out.get(r);
    out.set(r, o ? { width: Math.max(o.width, t.width), signed: o.signed || t.signed } : t);
  };
  for (const r of inits) {
    if (r.thread !== thread.placement.id) continue;
    add(r.reg, 'addressOf' in r ? { width: 64, signed: false } : { width: literalWidth(r.value), signed: r.value < 0n });
  }
  for (const s of thread.code) {
    if (s.op === 'label') continue;
    for (const [d, t] of destinations(s)) add(d.name, t);
  }
  // Widened by what reads it (addresses aside: a .shared address may sit in 32 bits).
  for (const s of thread.code) {
    if (s.op === 'label') continue;
    for (const [r, w] of valueReads(s)) {
      const o = out.get(r);
      if (o && w > o.width) out.set(r, { width: w, signed: o.signed });
    }
  }
  // The dialect's blt/bgt/ble/bge compare as signed 32-bit integers (Dartagnan's): a register
  // they read reads so in the condition too, or a branch taken on r < 0 would leave a final
  // state in which r < 0 is false.
  for (const s of thread.code) {
    if (s.op !== 'bcmp' || s.cmp === 'eq' || s.cmp === 'ne') continue;
    for (const v of [s.a, s.b]) {
      if (v.kind !== 'reg') continue;
      const o = out.get(v.name);
      if (o && !o.signed) out.set(v.name, { width: o.width, signed: true });
    }
  }
  // A declared register is as wide as declared: narrower writes are extended into it.
  for (const [r, t] of out) {
    const w = thread.registers?.[r];
    if (w !== undefined && w > t.width) out.set(r, { width: w, signed: t.signed });
  }
  return out;
}

/**
 * What `o op c` is whatever o's value in [lo, hi] (c within it): `count < 0` is false and
 * `count >= 0` true for an unsigned count; null when the value decides.
 */
export function typeDecides(op: CmpOp, c: bigint, [lo, hi]: [bigint, bigint]): boolean | null {
  if ((op === 'lt' && c === lo) || (op === 'gt' && c === hi)) return false;
  if ((op === 'ge' && c === lo) || (op === 'le' && c === hi)) return true;
  return null;
}

/** `c op o` as `o op' c`. */
export const FLIPPED: Record<CmpOp, CmpOp> = { eq: 'eq', ne: 'ne', lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' };

/** The values `width` bits hold, read signed or unsigned: what an initial value may be (`.u32 x = -1` is 0xffffffff). */
export function bitsRange(width: number): [bigint, bigint] {
  const w = BigInt(width);
  return [-(1n << (w - 1n)), (1n << w) - 1n];
}

/** v is within bitsRange(width). */
export function fitsBits(v: bigint, width: number): boolean {
  const [lo, hi] = bitsRange(width);
  return v >= lo && v <= hi;
}

/** A value held at `width` bits, read as its type says (two's complement when signed). */
export function asInteger(bits: bigint, t: ValueType): bigint {
  const w = BigInt(t.width);
  const v = BigInt.asUintN(t.width, bits);
  return t.signed && t.width > 1 && v >= 1n << (w - 1n) ? v - (1n << w) : v;
}

/** A comparison of a condition (or setp, bcmp) between two integers. */
export function compareIntegers(op: CmpOp, a: bigint, b: bigint): boolean {
  switch (op) {
    case 'eq': return a === b;
    case 'ne': return a !== b;
    case 'lt': return a < b;
    case 'le': return a <= b;
    case 'gt': return a > b;
    case 'ge': return a >= b;
  }
}

/** Evaluates a condition (or filter) on final values: values compare as the integers they are. */
export const conditionHolds = (e: Expr, value: (o: Observable) => bigint): boolean =>
  conditionTest(e, (o) => (v: (o: Observable) => bigint) => v(o))(value);

/**
 * A condition (or filter) compiled once into a test of some representation A of final values,
 * `read` saying how a term's value is read from one: the executor asks it of every outcome it
 * finds (executor/outcome.ts holdsOn), and walking the expression each time was a large share
 * of a test with many outcomes. The one definition of what the connectives mean.
 */
export function conditionTest<A>(e: Expr, read: (o: Observable) => (a: A) => bigint): (a: A) => boolean {
  const term = (t: Term): ((a: A) => bigint) => {
    if (t.kind !== 'const') return read(t);
    const v = t.value;
    return () => v;
  };
  switch (e.kind) {
    case 'true': return () => true;
    case 'false': return () => false;
    case 'not': {
      const x = conditionTest(e.arg, read);
      return (a) => !x(a);
    }
    case 'and': {
      const xs = e.args.map((x) => conditionTest(x, read));
      return (a) => {
        for (const x of xs) if (!x(a)) return false;
        return true;
      };
    }
    case 'or': {
      const xs = e.args.map((x) => conditionTest(x, read));
      return (a) => {
        for (const x of xs) if (x(a)) return true;
        return false;
      };
    }
    case 'cmp': {
      const l = term(e.left);
      const r = term(e.right);
      const op = e.op;
      return (a) => compareIntegers(op, l(a), r(a));
    }
  }
}

/** `P1:r0` or `x`: how states and conditions name an observable. */
export const observableName = (o: Observable): string => (o.kind === 'reg' ? `P${o.thread}:${o.reg}` : o.name);

/**
 * The widths an alu instruction reads its operands a, b, c, d at: the type's, except shift
 * amounts, bfe's and bfi's positions and lengths (.u32) and mad.wide's addend (the result's).
 * A .wide product's a and b are of the type (nvcc's `mul.wide.u32 %rd1, %r1, -1431655765`
 * multiplies by 0xaaaaaaab). Both engines read immediates and registers at these widths.
 */
export function aluWidths(i: Alu): [number, number, number, number] {
  const w = typeWidth(i.type);
  const b = i.aop === 'shl' || i.aop === 'shr' || i.aop === 'bfe' ? 32 : w;
  const c = i.aop === 'bfe' || i.aop === 'bfi' ? 32 : i.aop === 'mad' && i.wide ? 2 * w : w;
  return [w, b, c, 32];
}

/**
 * Every register an instruction reads, in operand order (its guard first): with the width it
 * reads it at (1: a predicate), or null for an address (a .shared address may sit in 32 bits, a
 * global one in 64).
 */
export function reads(i: Instr): { name: string; pos?: Pos; width: number | null }[] {
  const out: { name: string; pos?: Pos; width: number | null }[] = [];
  const v = (x: { kind: string; name?: string; pos?: Pos } | undefined, width: number | null): void => {
    if (x && x.kind === 'reg') out.push(x.pos ? { name: x.name!, pos: x.pos, width } : { name: x.name!, width });
  };
  if (i.guard) v(i.guard.reg, 1);
  switch (i.op) {
    case 'ld': v(i.addr, null); break;
    case 'st': v(i.addr, null); v(i.src, typeWidth(i.type)); break;
    case 'atom': v(i.addr, null); v(i.b, typeWidth(i.type)); v(i.c, typeWidth(i.type)); break;
    case 'red': v(i.addr, null); v(i.b, typeWidth(i.type)); break;
    case 'bar': v(i.instance, 32); v(i.id, 32); v(i.count, 32); v(i.mask, 32); v(i.red?.pred, 1); break;
    case 'shfl': v(i.a, 32); v(i.b, 32); v(i.c, 32); v(i.mask, 32); break;
    case 'vote': v(i.pred, 1); v(i.mask, 32); break;
    case 'redux': v(i.a, 32); v(i.mask, 32); break;
    case 'match': v(i.a, typeWidth(i.type)); v(i.mask, 32); break;
    case 'mov': v(i.src, typeWidth(i.type)); break;
    case 'alu': {
      const [wa, wb, wc, wd] = aluWidths(i);
      v(i.a, wa); v(i.b, wb); v(i.c, wc); v(i.d, wd);
      break;
    }
    case 'setp': v(i.a, typeWidth(i.type)); v(i.b, typeWidth(i.type)); break;
    case 'bcmp': v(i.a, 32); v(i.b, 32); break;
    case 'nanosleep': v(i.t, 32); break;
    case 'selp': v(i.a, typeWidth(i.type)); v(i.b, typeWidth(i.type)); v(i.p, 1); break;
    case 'cvt': v(i.a, typeWidth(i.stype)); break;
    case 'unary': v(i.a, typeWidth(i.type)); break;
    case 'fop': for (const a of i.args) v(a, floatWidths(i.f).args); break;
    default: break;
  }
  return out;
}

/** A register's use: read or written at `width` bits (1: as a predicate). */
export interface RegUse { name: string; pos?: Pos; width: number }

/**
 * A thread's predicate registers: those it reads or writes as a predicate (a guard, setp's
 * result, selp's selector: 1 bit). `mixed`: the first register it also uses as a value
 * (wider), with the use that came second and the first use of the other kind; PTX gives each
 * register one type, so ptxas refuses such a program. Null when there is none.
 */
export function predicateRegisters(thread: Thread): { predicates: ReadonlySet<string>; mixed: { first: RegUse; second: RegUse } | null } {
  const seen = new Map<string, RegUse>();
  const predicates = new Set<string>();
  let mixed: { first: RegUse; second: RegUse } | null = null;
  for (const s of thread.code) {
    if (s.op === 'label') continue;
    const uses: RegUse[] = [
      ...reads(s).flatMap((r) => (r.width === null ? [] : [{ ...r, width: r.width }])),
      ...destinations(s).map(([d, t]) => (d.pos ? { name: d.name, pos: d.pos, width: t.width } : { name: d.name, width: t.width })),
    ];
    for (const u of uses) {
      if (u.width === 1) predicates.add(u.name);
      const f = seen.get(u.name);
      if (!f) seen.set(u.name, u);
      else if (!mixed && (f.width === 1) !== (u.width === 1)) mixed = { first: f, second: u };
    }
  }
  return { predicates, mixed };
}

/** An initial value given as a number (not a location's address). */
type ValueInit = Extract<RegInit, { value: bigint }>;

/**
 * The first use of a register at a width other than its own (threadRegisters' `widths`), with
 * the use that makes it that wide; null when there is none. PTX declares one width per register,
 * and ptxas takes a register wider than the instruction's type only as ld's destination, st's
 * source and cvt's operands (ISA: operand size exceeding instruction-type size): an atom.b32
 * result read by add.s64 is no program ptxas accepts, and a width inferred for it would invent
 * the value's upper half. `inits` widen too: an initial value that needs 64 bits.
 */
export function widthMismatch(inits: readonly RegInit[], thread: Thread, widths: ReadonlyMap<string, ValueType>): { use: RegUse; widest: RegUse | ValueInit } | null {
  type Use = RegUse & { loose: boolean };
  const uses: Use[] = [];
  for (const s of thread.code) {
    if (s.op === 'label') continue;
    const loose = s.op === 'cvt';
    // A float conversion's integer side is cvt's too (its float side is the float's width).
    const fcvt = s.op === 'fop' && s.f.fn === 'cvt' ? s.f : null;
    for (const r of reads(s)) {
      if (r.width === null || r.width === 1) continue;
      uses.push({ ...r, width: r.width, loose: loose || (fcvt !== null && fcvt.from[0] !== 'f') || (s.op === 'st' && s.src.kind === 'reg' && s.src.name === r.name) });
    }
    for (const [d, t] of destinations(s)) {
      if (t.width === 1) continue;
      // A location's address (mov.u32 of a .shared variable) may sit in a register of either width.
      const address = s.op === 'mov' && s.src.kind === 'loc';
      uses.push({ name: d.name, ...(d.pos ? { pos: d.pos } : {}), width: t.width, loose: loose || (fcvt !== null && fcvt.to[0] !== 'f') || s.op === 'ld' || address });
    }
  }
  // The instructions' own width per register: an initial value (32 bits at least, as written)
  // widens the register only when it does not fit that width.
  const own = new Map<string, number>();
  for (const u of uses) own.set(u.name, Math.max(own.get(u.name) ?? 0, u.width));
  // An address given as the initial value (`P0:%r1 = &x`) is checked where it is used.
  const initOf = (name: string): ValueInit | undefined =>
    inits.find((r): r is ValueInit => r.thread === thread.placement.id && r.reg === name && 'value' in r);
  const widthOf = (name: string): number | undefined => {
    const w = widths.get(name)?.width;
    const o = own.get(name);
    if (w === undefined || o === undefined || w === o) return w;
    const init = initOf(name);
    return !init || fitsBits(init.value, o) ? o : w;
  };
  for (const u of uses) {
    const w = widthOf(u.name);
    if (w === undefined || u.width === w || (u.loose && u.width < w)) continue;
    return { use: u, widest: uses.find((x) => x.name === u.name && x.width === w) ?? initOf(u.name) ?? u };
  }
  return null;
}

/** The registers an instruction reads as values (not as addresses), each with the width it reads them at. */
export const valueReads = (i: Instr): [string, number][] =>
  reads(i).flatMap((r) => (r.width === null ? [] : [[r.name, r.width] as [string, number]]));

/** The registers an instruction reads: its guard, register operands and register addresses. */
export const registersRead = (i: Instr): { name: string; pos?: Pos }[] =>
  reads(i).map((r) => (r.pos ? { name: r.name, pos: r.pos } : { name: r.name }));
