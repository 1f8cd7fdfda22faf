// One thread's front end: in-order fetch (stopping at a branch until its condition is known),
// register renaming through in-flight entries, local instructions and retirement, and the
// rules that decide which in-flight memory operations may be performed now, out of order.
//
// Out-of-order performance is what lets the machine show load buffering and other
// reorderings the model allows. The rules keep, in the order of performance, every program
// order edge that a causality path (§8.8.5) can use, which is what soundness rests on
// (see memory.ts): dependencies (operands), control (fetch waits for branches), everything
// before a release operation/fence/barrier, everything after an acquire operation/fence/
// bar.sync, and same-location pairs. Some of these edges may be overtaken when a check
// later keeps the model's promise (memory.ts): a write may go before an earlier access to
// its location (which then must not read it, nor observe a write not coherence-before it,
// and writes coherence-before it); anything but a release may go before an earlier
// ld.acquire (which then must not synchronize with anything new); a release access may go
// before earlier operations (and then no one may acquire it). Fences and barriers never move.
import type { DataType, Instr, Proxy } from '../litmus/ast.js';
import { typeSigned, typeWidth, wideType } from '../litmus/ast.js';
import { type RV, alu, asType, bfe, bfi, bfind, bitCount, compare, funnel, mulHi, prmt, resize, rv, toSigned } from './bits.js';
import type { CInstr, Program, ThreadProg } from './program.js';
import { InputError, Unsupported } from './program.js';
import { noLocation } from '../litmus/layout.js';
import { floatOp, floatWidths, fusedValue } from '../litmus/floats.js';
import { accessKey } from './proxy.js';
import { effectiveScope } from '../model/events.js';
import { type Entry, type Opnd, type TState, type View, fetched, regsHash, retired, traced, withThread, withWin } from './state.js';
import { fenceAcqRel, prunePend } from './sync.js';
import { join } from './view.js';

const ZERO32 = rv(32, 0);

export function initialThread(prog: Program, ti: number): TState {
  const t: TState = {
    // The initial writes, known as generic writes (class 0).
    pc: 0, jumps: 0, nextSeq: 0, win: [], regs: prog.threads[ti]!.regs0, rh: regsHash(prog.threads[ti]!.regs0, prog.threads[ti]!.regKeys), base: prog.zero.map((_, i) => (i % prog.cls.K === 0 ? 1 : 0)),
    pend: [], frel: [], wrel: [], passed: new Map(), cut: false, trace: null,
  };
  return settle(prog, ti, t);
}

/**
 * What a proxy fence does to the knowledge before it (proxy.ts): every write known in a
 * class becomes known in the class the fence moves that class to as well.
 */
function proxyFence(prog: Program, ti: number, v: View, kind: string): View {
  const move = prog.cls.fence.get(kind === 'alias' ? 'alias' : accessKey(kind as Proxy, prog.ctaIdx[ti]!));
  if (!move) return prog.zero;
  const K = prog.cls.K;
  const out = prog.zero.slice();
  for (let i = 0; i < v.length; i++) if (v[i]) out[i - (i % K) + move[i % K]!]! |= v[i]!;
  return out;
}

/** The view of in-flight entry idx: what retired and done earlier instructions contribute. */
export function viewAt(t: TState, idx: number): View {
  let v = t.base;
  for (let j = 0; j < idx; j++) {
    const c = t.win[j]!.ctb;
    if (c) v = join(v, c);
  }
  return v;
}

/** Memory operations before entry idx still to be performed: idx overtakes them. */
export const pendingBefore = (t: TState, idx: number): boolean => t.win.some((f, j) => j < idx && f.st !== 2 && f.msg !== -2);

/** Done memory operations after entry idx: they overtook it. */
export const overtaken = (t: TState, idx: number): boolean => t.win.some((f, j) => j > idx && f.st === 2 && f.msg !== -2);

/** Done writes after entry idx: later writes that overtook it. */
export const overtakenByWrite = (t: TState, idx: number): boolean => t.win.some((f, j) => j > idx && f.st === 2 && f.msg >= 0);

/** Writes (indices at loc) made by done entries after idx: later writes that overtook it. */
export function laterWrites(t: TState, idx: number, loc: number, prog: Program, ti: number): number {
  let mask = 0;
  const code = prog.threads[ti]!.code;
  const e = t.win[idx]!;
  t.win.forEach((f, j) => {
    if (j <= idx || f.st !== 2 || f.msg < 0) return;
    if (locOf(prog, code[f.pc]!, f) === loc && related(prog, code[e.pc]!, e, code[f.pc]!, f)) mask |= 1 << f.msg;
  });
  return mask;
}

/**
 * Do two accesses of one thread to one location stand in causality by program order alone?
 * Under ptx60 always; under ptx75 only through the same address and proxy (proxy-preserved
 * causality, MODEL.md): through an alias or another proxy, program order orders nothing.
 * Unknown addresses count as related.
 */
function related(prog: Program, ca: CInstr, a: Entry, cb: CInstr, b: Entry): boolean {
  if (prog.model === 'ptx60') return true;
  if (!operand(a, 0) || !operand(b, 0)) return true;
  const pa = (ca.ins as Extract<Instr, { proxy: string }>).proxy;
  const pb = (cb.ins as Extract<Instr, { proxy: string }>).proxy;
  return sameAddress(a, b) && pa === pb;
}

/** Instructions that take part in memory ordering (performed as steps of the machine). */
export const isMemLike = (i: Instr): boolean =>
  i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red' || i.op === 'fence' || i.op === 'bar' || i.op === 'fence.proxy';
export const isAccess = (i: Instr): i is Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }> =>
  i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red';
/** A weak or relaxed access: it neither orders nor is ordered by other locations' accesses, and reads no view but its location's. */
export const simpleAccess = (i: Instr): boolean => isAccess(i) && (i.ord.sem === 'weak' || i.ord.sem === 'relaxed');

/**
 * Can this operation synchronize with another thread at all? Not when its scope includes no
 * other thread of the test: then it is morally strong with nothing there (§8.6), and the
 * orderings below would only hide behaviours.
 */
function reaches(prog: Program, ti: number, i: Instr): boolean {
  const alone = prog.alone[ti]!;
  switch (i.op) {
    case 'ld': case 'st': case 'atom': case 'red': return i.ord.sem !== 'weak' && !alone.has(effectiveScope(i.ord.scope, i.space));  // weak: never
    case 'fence': return !alone.has(i.scope);
    case 'bar': return !alone.has('cta');
    case 'fence.proxy': return true;
    default: return false;
  }
}

/** Later operations wait for it: acquire operations, fences, bar.sync (§8.7 acquire patterns). */
export function isAcquireEnd(prog: Program, ti: number, i: Instr): boolean {
  switch (i.op) {
    case 'ld': return i.ord.sem === 'acquire' && reaches(prog, ti, i);
    case 'atom': return (i.ord.sem === 'acquire' || i.ord.sem === 'acq_rel') && reaches(prog, ti, i);
    case 'fence': return reaches(prog, ti, i);
    case 'bar': return i.mode === 'sync';
    case 'fence.proxy': return true;
    default: return false;
  }
}

/** It waits for everything before it: release operations, fences, barriers (release patterns). */
export function isReleaseStart(prog: Program, ti: number, i: Instr): boolean {
  switch (i.op) {
    case 'st': return i.ord.sem === 'release' && reaches(prog, ti, i);
    case 'atom': case 'red': return (i.ord.sem === 'release' || i.ord.sem === 'acq_rel') && reaches(prog, ti, i);
    case 'fence': return reaches(prog, ti, i);
    case 'bar': case 'fence.proxy': return true;
    default: return false;
  }
}

/** The value of an operand slot: a value, undefined while its producer is in flight, null if absent. */
export function operand(e: Entry, slot: number): RV | undefined | null {
  const o = e.ops[slot];
  if (o === null || o === undefined) return null;
  return typeof o === 'number' ? undefined : o;
}

/**
 * The address an access reaches once its address operand is known (undefined before, null
 * for no operand): the operand, plus the instruction's offset (CInstr.off, kernels).
 */
export function addressOf(ci: CInstr, e: Entry): RV | undefined | null {
  const a = operand(e, 0);
  return a && ci.off !== null ? rv(64, a.v + ci.off) : a;
}

export const allReady = (e: Entry): boolean => e.ops.every((o) => typeof o !== 'number');

/**
 * Physical location an access addresses, once its address operand is known; undefined where
 * the address is no location's (or one the access may not reach), unless the access is being
 * `performed`: that is the program's fault, an error.
 */
export function locOf(prog: Program, ci: CInstr, e: Entry, performed = false): number | undefined {
  // A direct access: its location was found at compile (its slot holds the compiled value itself).
  if (ci.addr !== null && e.ops[0] === ci.addr) return ci.loc;
  const a = addressOf(ci, e);
  if (!a) return undefined;
  const l = prog.locOfVaddr.get(Number(a.v));
  // An access through a register may reach a location it may not (program.ts CInstr.refused;
  // a direct one was refused by compile).
  const refused = l === undefined ? { why: noLocation(prog.addrNames, a.v), input: true } : ci.refused?.get(Number(a.v));
  if (refused === undefined) return l;
  // Only an access that is performed (memory.ts) is at fault. The ordering rules and the
  // reductions ask where an access in flight goes, and it may never be performed: its guard
  // skips it (it waits in the window, keeping a register's old value), or a barrier before it
  // never completes. For them it reaches nothing, as for the solver.
  if (!performed) return undefined;
  if (!refused.input) throw new Unsupported(`${ci.text}: ${refused.why}`, ci.ins.pos);
  throw new InputError(`${ci.text}: ${refused.why}`, ci.ins.pos);
}

/** What orderAllows asks of an instruction, the same in every state (orderStatics). */
interface OrderStatic {
  mem: boolean;
  access: boolean;
  /** isReleaseStart. */
  rel: boolean;
  /** isAcquireEnd, and no ld (a pending ld.acquire may be overtaken). */
  wall: boolean;
  reaches: boolean;
}

// Per program, per thread and code index; the last program's at hand without a WeakMap lookup.
// orderAllows runs for every in-flight operation of every state, several times (reduce.ts,
// step.ts), and these were most of its cost (a scope set lookup per pair of entries).
const orderTables = new WeakMap<Program, OrderStatic[][]>();
let lastOrderProg: Program | null = null;
let lastOrder: OrderStatic[][] = [];
function orderStatics(prog: Program): OrderStatic[][] {
  if (prog === lastOrderProg) return lastOrder;
  let tb = orderTables.get(prog);
  if (!tb) {
    tb = prog.threads.map((tp, ti) => tp.code.map((c): OrderStatic => ({
      mem: isMemLike(c.ins), access: isAccess(c.ins), rel: isReleaseStart(prog, ti, c.ins),
      wall: isAcquireEnd(prog, ti, c.ins) && c.ins.op !== 'ld', reaches: reaches(prog, ti, c.ins),
    })));
    orderTables.set(prog, tb);
  }
  lastOrderProg = prog;
  lastOrder = tb;
  return tb;
}

/** May in-flight entry idx be performed now, given what is still in flight before it? */
export function orderAllows(prog: Program, ti: number, t: TState, idx: number): boolean {
  const code = prog.threads[ti]!.code;
  const os = orderStatics(prog)[ti]!;
  const e = t.win[idx]!;
  const ci = code[e.pc]!;
  const me = os[e.pc]!;
  const loc = me.access ? locOf(prog, ci, e) : undefined;
  for (let j = 0; j < idx; j++) {
    const f = t.win[j]!;
    if (f.st === 2) continue;
    const o = os[f.pc]!;
    if (!o.mem) continue;
    // A release access may go early: its release is then marked early (memory.ts) and an
    // execution that acquires it is dropped. Fences and barriers never go early.
    if (me.rel && !me.access) return false;
    // A pending ld.acquire may be overtaken: it is then held to acquiring nothing new.
    if (o.wall) return false;
    if (me.access && o.access) {
      const cj = code[f.pc]!;
      const lj = locOf(prog, cj, f);
      if (lj === undefined || lj === loc) {
        if (related(prog, cj, f, ci, e) && !mayPass(cj.ins, ci.ins, !o.reaches, !me.reaches)) return false;
        if (sameAddress(f, e) && joinsPattern(cj.ins as Access, ci.ins as Access, o.reaches, me.reaches)) return false;
      }
    }
  }
  return true;
}

/**
 * May access `later` be performed before the earlier same-location access `earlier`?
 * A weak read orders nothing after it that reads (it joins no causality path); a plain
 * store may go before any earlier access but a release (the checks in memory.ts keep
 * coherence); a read-modify-write only before a weak read.
 */
function mayPass(earlier: Instr, later: Instr, earlierIsolated: boolean, laterIsolated: boolean): boolean {
  // A strong read whose scope holds no other thread observes nothing morally strong but its own writes.
  const weakLd = earlier.op === 'ld' && earlierIsolated;
  // Not past a release write when it can continue its release pattern (pattern 2: a strong write
  // some other thread may observe).
  const release = earlier.op !== 'ld' && 'ord' in earlier && (earlier.ord.sem === 'release' || earlier.ord.sem === 'acq_rel');
  if (later.op === 'st') return !release || laterIsolated;
  return weakLd;
}

/** Two accesses to one virtual address (or one not known yet). */
function sameAddress(a: Entry, b: Entry): boolean {
  const va = operand(a, 0);
  const vb = operand(b, 0);
  return !va || !vb || va.v === vb.v;
}

type Access = Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }>;
/**
 * An access with acquire semantics: ld.acquire, or an atom with .acquire or .acq_rel. Not a
 * red (Dartagnan's red.acq_rel): it is no read operation (ISA §8.4, Table 17), so no acquire.
 */
export const acquires = (i: Access): boolean => i.op !== 'red' && (i.ord.sem === 'acquire' || (i.op !== 'ld' && i.ord.sem === 'acq_rel'));
/** An access with release semantics: st.release, or an atom/red with .release or .acq_rel. */
export const releases = (i: Access): boolean => i.ord.sem === 'release' || (i.op !== 'ld' && i.ord.sem === 'acq_rel');

/**
 * Does program order on one virtual address make `earlier` and `later` one release or acquire
 * pattern (MODEL.md: [W & release]; po-vloc; [strong W], and [strong R]; po-vloc; [R &
 * acquire]), whatever their proxies? Then `later` waits: a strong write performed before the
 * release it continues would not carry it, and an acquire read performed before the strong
 * read that starts its pattern would not acquire what that read observes. Not where the write
 * continuing, or the read starting, the pattern is morally strong with no other thread
 * (`laterReaches`, `earlierReaches`): nobody else can observe it, or it observe another's write.
 * (For the same proxy, coherence already keeps these in order: mayPass.)
 */
function joinsPattern(earlier: Access, later: Access, earlierReaches: boolean, laterReaches: boolean): boolean {
  if (earlier.ord.sem === 'weak' || later.ord.sem === 'weak') return false;
  return (releases(earlier) && later.op !== 'ld' && laterReaches) || (acquires(later) && earlier.op !== 'st' && earlierReaches);
}

/** Guard of an entry: true/false once known, undefined while in flight. */
export function guardOf(ci: CInstr, e: Entry): boolean | undefined {
  if (ci.guardSlot < 0) return true;
  const g = operand(e, ci.guardSlot);
  if (!g) return undefined;
  return (g.v !== 0n) !== ci.ins.guard!.negated;
}

/**
 * The destination value of a (possibly guarded) instruction that produced `v` (null: skipped):
 * extended to the register's width by the instruction's signedness, as the solver stores it.
 */
export function destValue(ci: CInstr, e: Entry, v: RV | null): RV {
  if (v !== null) return resize(v, ci.dstWidth, ci.dstSigned);
  return operand(e, ci.oldSlot)!;
}

/**
 * Marks entry idx done with destination value out (handed to later readers of the register)
 * and what it contributes to later views.
 */
export function complete(t: TState, idx: number, out: RV | null, ctb: View | null = null, msg?: number): TState {
  const e = t.win[idx]!;
  const win = t.win.map((f, j): Entry => {
    // Literals rather than spreads: cheaper, and one shape.
    if (j === idx) return { seq: f.seq, pc: f.pc, st: 2, ops: f.ops, out, ctb, msg: msg ?? f.msg };
    if (j < idx || out === null || !f.ops.includes(e.seq)) return f;
    return { seq: f.seq, pc: f.pc, st: f.st, ops: f.ops.map((o) => (o === e.seq ? out : o)), out: f.out, ctb: f.ctb, msg: f.msg };
  });
  return withWin(t, win);
}

/** Result of a local instruction (mov, alu, setp) from its operands. */
function localValue(ci: CInstr, e: Entry): RV {
  const i = ci.ins;
  const a = operand(e, 0)!;
  switch (i.op) {
    case 'mov': return i.src.kind === 'reg' ? asType(a, i.type) : a;
    case 'alu': {
      // Operand k read as type t.
      const arg = (k: number, t: DataType): RV => asType(operand(e, k)!, t);
      if (i.funnel) return funnel(asType(a, 'b32'), arg(1, 'b32'), arg(2, 'u32'), i.funnel.left, i.funnel.clamp);
      // bfe d, a, pos, len; bfi f, a, b, pos, len; prmt d, a, b, c.
      if (i.aop === 'bfe') return bfe(asType(a, i.type), arg(1, 'u32'), arg(2, 'u32'), typeSigned(i.type));
      if (i.aop === 'bfi') return bfi(asType(a, i.type), arg(1, i.type), arg(2, 'u32'), arg(3, 'u32'));
      if (i.aop === 'prmt') return prmt(asType(a, 'b32'), arg(1, 'b32'), arg(2, 'b32'));
      if (i.hi) {
        const h = mulHi(asType(a, i.type), arg(1, i.type), typeSigned(i.type));
        return i.c ? rv(h.w, h.v + arg(2, i.type).v) : h;
      }
      // .wide: operands read as the type, then extended (by its signedness) to the result's width.
      const t = i.wide ? wideType(i.type) : i.type;
      // A shift amount is .u32 whatever the type: bits.ts alu clamps it to the width, uncut.
      const b = i.aop === 'shl' || i.aop === 'shr' ? arg(1, 'u32') : asType(arg(1, i.type), t);
      const c = i.c ? arg(2, t) : undefined;
      // An immediate zero divisor is the test's mistake, refused by the solver too (unroll.ts).
      if ((i.aop === 'div' || i.aop === 'rem') && b.v === 0n && i.b.kind === 'imm') throw new InputError(`${ci.text}: division by zero, whose value PTX leaves unspecified`, ci.ins.pos);
      if ((i.aop === 'div' || i.aop === 'rem') && b.v === 0n) throw new Unsupported(`${ci.text}: division by zero, whose value PTX leaves unspecified (the solver takes it as any value; the executor does not run it)`, ci.ins.pos);
      if (i.aop === 'div' && typeSigned(t) && asType(a, t).v === 1n << BigInt(typeWidth(t) - 1) && b.v === (1n << BigInt(typeWidth(t))) - 1n) {
        throw new Unsupported(`${ci.text}: the most negative value divided by -1, a quotient PTX leaves undefined (the solver takes it as any value; the executor does not run it)`, ci.ins.pos);
      }
      return alu(i.aop, asType(asType(a, i.type), t), b, typeSigned(t), c);
    }
    case 'selp': return operand(e, 2)!.v !== 0n ? asType(a, i.type) : asType(operand(e, 1)!, i.type);
    case 'cvt': return resize(asType(a, i.stype), typeWidth(i.dtype), typeSigned(i.stype));
    case 'unary': {
      const x = asType(a, i.type);
      if (i.uop === 'not' || i.uop === 'neg') return rv(x.w, i.uop === 'not' ? ~x.v : -x.v);
      // abs: the most negative value is its own absolute value (two's complement).
      if (i.uop === 'abs') return rv(x.w, toSigned(x.v, x.w) < 0n ? -x.v : x.v);
      if (i.uop === 'bfind') return bfind(x, typeSigned(i.type), !!i.shiftamt);
      return bitCount(i.uop, x);
    }
    case 'fop': {
      // Operands at the operation's width (a float's bits, or cvt's integer type's).
      const { args: w, result } = floatWidths(i.f);
      const x = (k: number): bigint => BigInt.asUintN(w, operand(e, k)!.v);
      if (ci.fused) {
        // Fused with its mul: the mul's operands in the two slots after the add's own.
        const p = i.fuse!.product;
        return rv(result, fusedValue(i.f, p, x(2), x(3), x(1 - p), floatOp));
      }
      return rv(result, floatOp(i.f, i.args.map((_, k) => x(k))));
    }
    case 'setp': {
      const signed = i.type.startsWith('s');
      return rv(1, compare(i.cmp, asType(a, i.type), asType(operand(e, 1)!, i.type), signed) ? 1 : 0);
    }
    default: throw new Error(`not a local instruction: ${i.op}`);
  }
}

/** Current value of register r for an instruction being fetched: a value or the producer's seq. */
function lookup(t: TState, tp: ThreadProg, r: string): Opnd {
  const code = tp.code;
  for (let j = t.win.length - 1; j >= 0; j--) {
    const f = t.win[j]!;
    if (code[f.pc]!.dst === r) return f.st === 2 ? f.out : f.seq;
  }
  const ri = tp.regIndex.get(r);
  return (ri === undefined ? undefined : t.regs[ri]) ?? ZERO32; // every register is initialised (program.ts); kept for safety
}

function slotValues(t: TState, ci: CInstr, tp: ThreadProg): Opnd[] {
  return ci.slots.map((s) => (s.k === 'none' ? null : s.k === 'imm' ? s.v : lookup(t, tp, s.name)));
}

/** One loop's count in the loop counters `jumps` (ThreadProg.counters): the digit of weight `place`. */
const loopCount = (prog: Program, jumps: number, place: number): number => Math.floor(jumps / place) % (prog.bound + 1);

/** The iterations of the loops a thread is in, added up (for display: the stepper). */
export function loopIterations(prog: Program, ti: number, jumps: number): number {
  return prog.threads[ti]!.counters.place.reduce((n, p) => n + loopCount(prog, jumps, p), 0);
}

/** The loop counters as control goes to `to`: the counts of the loops `to` lies outside of are dropped. */
function countersAt(prog: Program, ti: number, jumps: number, to: number): number {
  if (jumps === 0) return 0;
  const { place, within } = prog.threads[ti]!.counters;
  let out = 0;
  for (const i of within[to]!) out += loopCount(prog, jumps, place[i]!) * place[i]!;
  return out;
}

/** Fetches one instruction; null when the thread cannot fetch (end, cut, window full, or branch not known). */
function fetchOne(prog: Program, ti: number, t: TState): TState | null {
  const code = prog.threads[ti]!.code;
  if (t.cut || t.pc >= code.length || t.win.length >= prog.window) return null;
  const ci = code[t.pc]!;
  const i = ci.ins;
  if (i.op === 'bra' || i.op === 'bcmp') {
    const ops = slotValues(t, ci, prog.threads[ti]!);
    if (ops.some((o) => typeof o === 'number')) return null; // wait for the condition
    const e: Entry = { seq: -1, pc: t.pc, st: 0, ops, out: null, ctb: null, msg: -1 };
    let taken = guardOf(ci, e)!;
    if (taken && i.op === 'bcmp') taken = compare(i.cmp, asType(operand(e, 0)!, 's32'), asType(operand(e, 1)!, 's32'), true);
    const t1 = prog.witness ? traced(t, 'b', -1, taken ? 1 : 0, -1) : t;
    if (!taken) return withThread(t1, { pc: t.pc + 1, jumps: countersAt(prog, ti, t.jumps, t.pc + 1) });
    const jumps0 = countersAt(prog, ti, t.jumps, ci.target);
    if (ci.target > t.pc) return withThread(t1, { pc: ci.target, jumps: jumps0 });
    const { place, loopOf } = prog.threads[ti]!.counters;
    const l = loopOf[ci.target]!;
    // Dropped (spin.ts); `cut` stops the thread fetching further.
    if (prog.spinAssume && prog.threads[ti]!.spins[t.pc]) return withThread(t1, { jumps: jumps0, cut: true, bad: 'spin' });
    if (loopCount(prog, jumps0, place[l]!) + 1 > prog.bound) return withThread(t1, { jumps: jumps0, cut: true });
    return withThread(t1, { pc: ci.target, jumps: jumps0 + place[l]! });
  }
  // msg -2 marks instructions without memory effects (they overtake nothing).
  const e: Entry = { seq: t.nextSeq, pc: t.pc, st: 0, ops: slotValues(t, ci, prog.threads[ti]!), out: null, ctb: null, msg: isMemLike(i) ? -1 : -2 };
  return fetched(t, [...t.win, e], countersAt(prog, ti, t.jumps, t.pc + 1));
}

function retire(prog: Program, ti: number, t: TState): TState {
  const tp = prog.threads[ti]!;
  const code = tp.code;
  let n = 0;
  while (n < t.win.length && t.win[n]!.st === 2) n++;
  if (n === 0) return t;
  // The register file is copied only when a retiring instruction writes a register: the
  // same object otherwise, which also keeps its hash (TState.rh).
  let own: RV[] | null = null;
  let base = t.base;
  for (let j = 0; j < n; j++) {
    const f = t.win[j]!;
    const d = code[f.pc]!.dst;
    if (d !== null && f.out) {
      const ri = tp.regIndex.get(d);
      // Every register written has a type, so a number (program.ts regInit).
      if (ri === undefined) throw new Error(`P${tp.pid}: register ${d} has no place in the register file`);
      if ((own ?? t.regs)[ri] !== f.out) {
        own ??= t.regs.slice();
        own[ri] = f.out;
      }
    }
    if (f.ctb) base = join(base, f.ctb);
  }
  const regs = own ?? t.regs;
  return retired(t, regs, own ? regsHash(own, tp.regKeys) : t.rh, base, base === t.base ? t.pend : prunePend(prog, ti, t.pend, base), t.win.slice(n));
}

/**
 * Runs everything a thread can do without affecting or being affected by other threads:
 * fetch, local instructions, guards found false, acq_rel fences (they only read and write
 * the thread's own views), retirement. Deterministic, so it is not a scheduling choice.
 */
export function settle(prog: Program, ti: number, t0: TState): TState {
  const code = prog.threads[ti]!.code;
  let t = t0;
  for (;;) {
    let changed = false;
    for (let idx = 0; idx < t.win.length; idx++) {
      const e = t.win[idx]!;
      if (e.st !== 0) continue;
      const ci = code[e.pc]!;
      const g = guardOf(ci, e);
      if (g === undefined) continue;
      if (!isMemLike(ci.ins)) {
        if (!allReady(e)) continue;
        t = complete(t, idx, ci.dst === null ? null : destValue(ci, e, g ? localValue(ci, e) : null));
        changed = true;
      } else if (!g) {
        // Skipped: no memory effect, so it overtakes nothing (msg -2). Its destination keeps
        // the value it had, which may still be in flight (an earlier load or atom writing it).
        if (ci.oldSlot >= 0 && typeof e.ops[ci.oldSlot] === 'number') continue;
        t = complete(t, idx, ci.dst === null ? null : destValue(ci, e, null), null, -2);
        changed = true;
      } else if (ci.ins.op === 'fence.proxy' && (prog.model === 'ptx60' || ci.ins.kind === 'async')) {
        t = complete(t, idx, null, null, -2); // no proxies under ptx60; no async operations in litmus tests
        changed = true;
      } else if (ci.ins.op === 'fence.proxy' && orderAllows(prog, ti, t, idx)) {
        t = complete(t, idx, null, proxyFence(prog, ti, viewAt(t, idx), ci.ins.kind));
        changed = true;
      } else if (ci.ins.op === 'fence' && ci.ins.sem === 'acq_rel' && orderAllows(prog, ti, t, idx)) {
        t = fenceAcqRel(prog, ti, t, idx, ci.ins.scope);
        if (t.bad) return t;
        // A fence whose scope holds no other thread synchronizes with nothing (§8.6) and waits
        // for nothing, so it is done here ahead of a pending ld.acquire in every interleaving:
        // it must not count as overtaking it (msg -2), or no interleaving would let that load
        // synchronize (memory.ts observe refuses an overtaken acquire that acquires).
        if (!reaches(prog, ti, ci.ins)) t = complete(t, idx, null, t.win[idx]!.ctb, -2);
        changed = true;
      }
    }
    const r = retire(prog, ti, t);
    if (r !== t) { t = r; changed = true; }
    const f = fetchOne(prog, ti, t);
    if (f) { t = f; changed = true; }
    if (!changed) return t;
  }
}

export const finished = (prog: Program, ti: number, t: TState): boolean =>
  !t.cut && t.pc >= prog.threads[ti]!.code.length && t.win.length === 0;
