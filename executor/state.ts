// The machine state of the whole grid: threads (fetch position, in-flight instructions,
// registers, views), the memory (per location, writes in coherence order), the fence.sc
// record and the barriers. Plain data, never mutated once built: a step copies what it
// changes, so states can be hashed and shared between successors.
import type { Proxy, Scope } from '../litmus/ast.js';
import type { RV } from './bits.js';

/**
 * Per location, a set of writes (bit i: the i-th write made to that location), closed
 * downwards under coherence: the writes that causally precede what the thread does next.
 */
export type View = readonly number[];

/**
 * What a release pattern hands over (ISA §8.7, §8.8.4): the view at its first operation
 * (a release write, kind 'W', or a fence, kind 'F') and that operation's thread and scope,
 * so that the acquirer can check that the two ends are morally strong.
 */
export interface Rel {
  tid: number;
  kind: 'W' | 'F';
  scope: Scope;
  view: View;
  /** A release write under ptx75: its proxy and address (moral strength needs them equal). */
  mem?: { proxy: Proxy; vaddr: number };
  /**
   * The release write was performed before some operation that precedes it in program
   * order, so its view misses that operation: an execution that acquires it is dropped.
   */
  early?: boolean;
}

/** A release record of a release write, kept by its thread per location it wrote (TState.wrel). */
export type WRel = Rel & { loc: number };

// Release records are made only by the functions below, each with one shape (every field
// present, in one order): spreads of the optional fields made records of several shapes, slow
// to build and to read everywhere after.

/** A release record (optional fields present, undefined when absent). */
export const relOf = (tid: number, kind: Rel['kind'], scope: Scope, view: View, mem: Rel['mem'], early: boolean | undefined): Rel =>
  ({ tid, kind, scope, view, mem, early });

/** r's release pattern with another view, as a record of its own (a thread's record of a write loses its location). */
export const relWithView = (r: Rel, view: View): Rel => relOf(r.tid, r.kind, r.scope, view, r.mem, r.early);

/** A thread's record of its release write to loc. */
export const wrelOf = (r: Rel, loc: number, view: View = r.view): WRel =>
  ({ tid: r.tid, kind: r.kind, scope: r.scope, view, mem: r.mem, early: r.early, loc });

/** A write. Writes of a location are numbered in the order they were made (bit positions). */
export interface Msg extends MsgFields {
  /** msgHash of the other fields, made with the write (withMsg): a location's hash reads it. */
  h: number;
  /** The hash of the fields no step changes (value, writer, strength, scope, proxy, address): h starts from it. */
  hb: number;
}

/** A write's fields, without its hash. */
export interface MsgFields {
  val: bigint;
  /** Writing thread; -1 for the initial write. */
  tid: number;
  strong: boolean;
  scope: Scope | null;
  /** Release patterns this write ends (or carries along a chain of read-modify-writes). */
  rel: readonly Rel[];
  proxy: Proxy;
  vaddr: number;
  /** Coherence order is partial: the writes before this one (bit mask over the location's writes). */
  pred: number;
  /** For the write of an atom/red: the write it read from; -1 otherwise. */
  src: number;
  /** Printable origin for traces. */
  label: string;
  /**
   * Which instruction made it, for witnesses (traceId; -1 the initial write). Not hashed: a
   * state stands for every state that differs from it only here.
   */
  id: number;
}

/** A release pattern seen by a strong read and not yet acquired (acquire patterns 2 and 3). */
export interface Pend {
  rel: Rel;
  loc: number;
}

/** An operand slot after fetch: a value, the sequence number of the in-flight producer, or absent. */
export type Opnd = RV | number | null;

/** An in-flight instruction. */
export interface Entry {
  seq: number;
  pc: number;
  /** 0 not performed, 1 arrived at a barrier and waiting, 2 done. */
  st: 0 | 1 | 2;
  ops: readonly Opnd[];
  /** The destination value once done (instructions with a destination). */
  out: RV | null;
  /** Once done: what it adds to the view of the instructions after it (its own write, what it observed or acquired). */
  ctb: View | null;
  /** Once done, for a write: its index among its location's writes; -1 otherwise. */
  msg: number;
}

export interface TState {
  /** Next instruction to fetch (code.length: end of program). */
  pc: number;
  /** The loop bound's counters: each loop's iterations this entry, one digit each (program.ts ThreadProg.counters). */
  jumps: number;
  nextSeq: number;
  win: readonly Entry[];
  /**
   * Registers as of the retired instructions, by number (ThreadProg.regIndex): an array, since
   * a retirement copies the file, and copying a Map cost several times more.
   */
  regs: readonly RV[];
  /**
   * regsHash(regs), kept beside it: a register file changes only when an instruction retires,
   * and looking its hash up on every thread hash was a good share of hashing.
   */
  rh: number;
  /**
   * What the retired instructions contribute to the view. The view of an in-flight
   * instruction is this joined with what the done instructions before it contribute (thread.ts
   * viewAt): instructions performed out of order do not leak into the view of earlier ones.
   */
  base: View;
  pend: readonly Pend[];
  /** Release views of the latest fence per scope (release pattern 3). */
  frel: readonly Rel[];
  /** Release views of release writes, per location they wrote (release pattern 2). */
  wrel: readonly WRel[];
  /** Arrivals so far at each barrier (CTA, instance, id): the phase of the next one. */
  passed: ReadonlyMap<string, number>;
  /** A loop of the thread went round more times than the bound allows. */
  cut: boolean;
  /**
   * The execution is dropped: a fence acquired an early release (Rel.early), or ('spin') a
   * spin loop went round again where Program.spinAssume drops that (spin.ts).
   */
  bad?: boolean | 'spin';
  /** What the thread did, for a witness (Program.witness; null otherwise). Not hashed. */
  trace: Trace | null;
}

/**
 * One thing a thread did that decides the execution it is part of, newest first: a branch
 * fetched ('b', x 1 taken, 0 not); entry `seq` read the write with id x of location loc ('r');
 * entry `seq` made write x of loc, coherence-after the writes of `ms` (the location's writes
 * then) in mask `after` and before those in `before` ('w'). Enough to rebuild the execution (rf,
 * co) for another engine to check. Records are made on every step and read only for final
 * states, so a write keeps the masks and the (never changed) array they index, not ids.
 */
export interface Trace {
  prev: Trace | null;
  k: 'b' | 'r' | 'w';
  seq: number;
  x: number;
  loc: number;
  ms: readonly Msg[] | null;
  after: number;
  before: number;
}

/** The id of the write made by thread ti's entry seq (Msg.id). */
export const traceId = (ti: number, seq: number): number => ti * 1048576 + seq;

/** The thread and entry of a write id; thread -1 for an initial write. */
export const traceOp = (id: number): { thread: number; seq: number } =>
  (id < 0 ? { thread: -1, seq: -1 } : { thread: Math.floor(id / 1048576), seq: id % 1048576 });

/** t with one more trace record (only when the program records witnesses). */
export function traced(t: TState, k: Trace['k'], seq: number, x: number, loc: number, ms: readonly Msg[] | null = null, after = 0, before = 0): TState {
  const trace: Trace = { prev: t.trace, k, seq, x, loc, ms, after, before };
  return {
    pc: t.pc, jumps: t.jumps, nextSeq: t.nextSeq, win: t.win, regs: t.regs, rh: t.rh,
    base: t.base, pend: t.pend, frel: t.frel, wrel: t.wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace,
  };
}

/**
 * t with the fields of c replaced. Every thread is built here with one shape: object spread,
 * over threads with and without the optional field, built several and was a large part of a
 * step's cost.
 */
export function withThread(t: TState, c: Partial<Omit<TState, 'regs' | 'rh'>>): TState {
  // Registers change only by retiring (retired), which hashes them with their names.
  return {
    pc: c.pc ?? t.pc, jumps: c.jumps ?? t.jumps, nextSeq: c.nextSeq ?? t.nextSeq, win: c.win ?? t.win, regs: t.regs,
    rh: t.rh,
    base: c.base ?? t.base, pend: c.pend ?? t.pend, frel: c.frel ?? t.frel, wrel: c.wrel ?? t.wrel, passed: c.passed ?? t.passed,
    cut: c.cut ?? t.cut, bad: c.bad ?? t.bad, trace: c.trace !== undefined ? c.trace : t.trace,
  };
}

// The hottest rebuilds spelled out: withThread reads `c` at call sites that pass differently
// shaped objects, and those reads were most of its cost.

/** t with another window (an entry performed, thread.ts complete). */
export function withWin(t: TState, win: readonly Entry[]): TState {
  return {
    pc: t.pc, jumps: t.jumps, nextSeq: t.nextSeq, win, regs: t.regs, rh: t.rh,
    base: t.base, pend: t.pend, frel: t.frel, wrel: t.wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace: t.trace,
  };
}

/** t with other pending releases (a read, memory.ts). */
export function withPend(t: TState, pend: readonly Pend[]): TState {
  return {
    pc: t.pc, jumps: t.jumps, nextSeq: t.nextSeq, win: t.win, regs: t.regs, rh: t.rh,
    base: t.base, pend, frel: t.frel, wrel: t.wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace: t.trace,
  };
}

/** t after retiring: registers (hashed `rh`), retired view, pending releases and window (thread.ts retire). */
export function retired(t: TState, regs: readonly RV[], rh: number, base: View, pend: readonly Pend[], win: readonly Entry[]): TState {
  return {
    pc: t.pc, jumps: t.jumps, nextSeq: t.nextSeq, win, regs, rh,
    base, pend, frel: t.frel, wrel: t.wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace: t.trace,
  };
}

/** t with other release-write views (a release write, memory.ts write). */
export function withWrel(t: TState, wrel: TState['wrel']): TState {
  return {
    pc: t.pc, jumps: t.jumps, nextSeq: t.nextSeq, win: t.win, regs: t.regs, rh: t.rh,
    base: t.base, pend: t.pend, frel: t.frel, wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace: t.trace,
  };
}

/** t after fetching an instruction into its window (thread.ts fetchOne). */
export function fetched(t: TState, win: readonly Entry[], jumps: number): TState {
  return {
    pc: t.pc + 1, jumps, nextSeq: t.nextSeq + 1, win, regs: t.regs, rh: t.rh,
    base: t.base, pend: t.pend, frel: t.frel, wrel: t.wrel, passed: t.passed, cut: t.cut, bad: t.bad, trace: t.trace,
  };
}

/** e with another contribution and write index (gc.ts renumbering). */
export const withCtbMsg = (e: Entry, ctb: View | null, msg: number): Entry =>
  ({ seq: e.seq, pc: e.pc, st: e.st, ops: e.ops, out: e.out, ctb, msg });

/** s with the fields of c replaced (one shape, as withThread). */
export function withState(s: MState, c: Partial<MState>): MState {
  return { th: c.th ?? s.th, mem: c.mem ?? s.mem, sc: c.sc ?? s.sc, bars: c.bars ?? s.bars, bad: c.bad ?? s.bad };
}

/** s with other threads and memory (the hot case of withState, spelled out as withWin is). */
export function withThMem(s: MState, th: readonly TState[], mem: readonly (readonly Msg[])[]): MState {
  return { th, mem, sc: s.sc, bars: s.bars, bad: s.bad };
}

/**
 * The write with m's fields, those of c replaced (a literal, as withThread: spreads were
 * slower), and its hash. Every Msg is made here.
 */
export function withMsg(m: MsgFields, c: Partial<MsgFields> = {}): Msg {
  const x: Msg = {
    val: c.val ?? m.val, tid: c.tid ?? m.tid, strong: c.strong ?? m.strong, scope: c.scope !== undefined ? c.scope : m.scope, rel: c.rel ?? m.rel,
    proxy: c.proxy ?? m.proxy, vaddr: c.vaddr ?? m.vaddr, pred: c.pred ?? m.pred, src: c.src ?? m.src, label: c.label ?? m.label, id: c.id ?? m.id, h: 0, hb: 0,
  };
  x.hb = msgBaseHash(x);
  x.h = msgHash(x);
  return x;
}

/**
 * m with the fields a step changes replaced (coherence predecessors, the write read, release
 * records): the hot case of withMsg, which rehashes only those.
 */
export function msgWith(m: Msg, pred: number, src: number, rel: readonly Rel[]): Msg {
  const x: Msg = {
    val: m.val, tid: m.tid, strong: m.strong, scope: m.scope, rel, proxy: m.proxy, vaddr: m.vaddr, pred, src, label: m.label, id: m.id, h: 0, hb: m.hb,
  };
  x.h = msgHash(x);
  return x;
}

/** A fence.sc performed: the Fence-SC order is the order of these records (§8.8.3). */
export interface ScRec {
  tid: number;
  scope: Scope;
  view: View;
}

/** One phase of a barrier (the k-th arrivals of each thread at it). */
export interface BarState {
  /** CTA, instance and id of the barrier, and the phase: `cta|inst|id#k`. */
  key: string;
  /** The phase completed (its waiting threads passed). */
  done: boolean;
  arrived: number;
  /** Arrivals that complete the phase; 0: the threads that come (see barrier.ts). */
  need: number;
  acc: View;
  waiting: readonly number[];
}

export interface MState {
  th: readonly TState[];
  mem: readonly (readonly Msg[])[];
  sc: readonly ScRec[];
  bars: readonly BarState[];
  /** The execution broke a barrier matching (a thread arrived after its phase completed). */
  bad: boolean;
}

/** Not an execution: the state or one of its threads is marked bad (a broken barrier matching, a refused read). */
export function dropped(s: MState): boolean {
  if (s.bad) return true;
  for (const t of s.th) if (t.bad) return true;
  return false;
}

// ---- hashing ------------------------------------------------------------------------
// Numbers are fed straight into a two-lane multiplicative hash (no key text is built: hashing
// was most of the exploration's time). Every variable-length part is preceded by its length
// and every optional part by a tag, so that distinct states give distinct input sequences.

let h1 = 0;
let h2 = 0;
const begin = (): void => { h1 = 0x9e3779b9; h2 = 0x85ebca6b; };
function n(x: number): void {
  const lo = x >>> 0;
  // Most inputs are small counts and masks: no division for them (the same value either way).
  const hi = lo === x ? 0 : Math.floor(x / 4294967296) >>> 0;
  h1 = Math.imul(h1 ^ lo, 2654435761);
  h2 = Math.imul(h2 ^ hi ^ lo, 1597334677);
  h1 = Math.imul(h1 ^ (h2 >>> 15), 2246822507);
  h2 = Math.imul(h2 ^ (h1 >>> 13), 3266489909);
}
function end(): number {
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (2097151 & b) + (a >>> 0);
}
function str(x: string): void {
  n(x.length);
  for (let i = 0; i < x.length; i++) n(x.charCodeAt(i));
}
// Register and barrier names, hashed once each (names are few).
const strHashes = new Map<string, number>();
function strHash(x: string): number {
  let h = strHashes.get(x);
  if (h === undefined) {
    let a = 0x811c9dc5;
    let b = x.length;
    for (let i = 0; i < x.length; i++) { a = Math.imul(a ^ x.charCodeAt(i), 16777619); b = Math.imul(b ^ x.charCodeAt(i), 2246822507); }
    h = 4294967296 * (2097151 & b) + (a >>> 0);
    strHashes.set(x, h);
  }
  return h;
}
function big(v: bigint): void {
  // Most values fit 32 bits: no BigInt arithmetic (it allocates) for them.
  if (v >= 0n && v <= 0xffffffffn) { n(Number(v)); n(0); return; }
  // Values are at most 64 bits wide (unsigned): two halves.
  n(Number(v & 0xffffffffn));
  n(Number((v >> 32n) & 0xffffffffn));
  if (v >> 64n) str(v.toString(16));
}
const rv = (r: RV): void => { n(r.w); big(r.v); };
function nums(xs: readonly number[]): void {
  n(xs.length);
  for (const x of xs) n(x);
}
const SCOPE: Record<Scope, number> = { cta: 1, cluster: 2, gpu: 3, sys: 4 };
const PROXY: Record<Proxy, number> = { generic: 1, texture: 2, surface: 3, constant: 4 };
function rel(r: Rel): void {
  n(r.tid); n(r.kind === 'W' ? 1 : 2); n(SCOPE[r.scope]); n(r.early ? 1 : 0);
  if (r.mem) { n(PROXY[r.mem.proxy]); n(r.mem.vaddr); } else n(0);
  nums(r.view);
}
function opnd(o: Opnd): void {
  if (o === null) n(-1);
  else if (typeof o === 'number') { n(-2); n(o); }
  else { n(-3); rv(o); }
}

/** The hashes of a thread's register names, in its register file's order (ThreadProg.regKeys). */
export const regKeys = (names: readonly string[]): number[] => names.map(strHash);

/**
 * The hash of a register file (TState.rh), `keys` its names' regKeys: the same numbers as
 * when the file was a Map hashed name by name in its order.
 */
export function regsHash(regs: readonly RV[], keys: readonly number[]): number {
  begin();
  n(regs.length);
  for (let i = 0; i < regs.length; i++) { n(keys[i]!); rv(regs[i]!); }
  return end();
}

function threadHash(t: TState): number {
  const regs = t.rh;
  begin();
  n(t.pc); n(t.jumps); n(t.nextSeq); n(t.cut ? 1 : 0); n(t.bad ? 1 : 0);
  n(t.win.length);
  for (const e of t.win) {
    n(e.seq); n(e.pc); n(e.st); n(e.msg);
    n(e.ops.length);
    for (const o of e.ops) opnd(o);
    if (e.out) { n(1); rv(e.out); } else n(0);
    if (e.ctb) { n(1); nums(e.ctb); } else n(0);
  }
  // Registers in insertion order: every thread starts with all of its registers (program.ts
  // regInit) and copies keep the order, so equal register files hash equal without sorting.
  // (A register set outside that order could only tell equal states apart, never merge two.)
  // The register file is shared by the states between two retirements: hashed once for all.
  n(regs);
  nums(t.base);
  n(t.pend.length);
  for (const p of t.pend) { n(p.loc); rel(p.rel); }
  n(t.frel.length);
  for (const r of t.frel) rel(r);
  n(t.wrel.length);
  for (const r of t.wrel) { n(r.loc); rel(r); }
  n(t.passed.size);
  if (t.passed.size) for (const k of [...t.passed.keys()].sort()) { str(k); n(t.passed.get(k)!); }
  return end();
}

// Labels of messages are left out: they do not affect behaviour.
function msgBaseHash(x: MsgFields): number {
  begin();
  big(x.val); n(x.tid); n(x.strong ? 1 : 0); n(x.scope ? SCOPE[x.scope] : 0); n(PROXY[x.proxy]); n(x.vaddr);
  return end();
}
function msgHash(x: Msg): number {
  begin();
  n(x.hb); n(x.src); n(x.pred);
  n(x.rel.length);
  for (const r of x.rel) rel(r);
  return end();
}
// The message hashes of one location, gathered before they are combined (locHash is never
// re-entered while they are in use), reused so that hashing allocates nothing.
const msgHs: number[] = [];
function locHash(m: readonly Msg[]): number {
  for (let i = 0; i < m.length; i++) msgHs[i] = m[i]!.h;
  begin();
  n(m.length);
  for (let i = 0; i < m.length; i++) n(msgHs[i]!);
  return end();
}
function scHash(r: ScRec): number {
  begin();
  n(r.tid); n(SCOPE[r.scope]); nums(r.view);
  return end();
}
function barHash(b: BarState): number {
  begin();
  str(b.key); n(b.done ? 1 : 0); n(b.arrived); n(b.need); nums(b.acc); nums(b.waiting);
  return end();
}

// States share structure (a step rebuilds only the thread, location and barrier it changes),
// so each part's hash is cached on the part itself: a state's hash costs a few lookups plus
// hashing what is new. Sound because parts are never mutated once built. (A non-enumerable
// property instead of the WeakMap measured slower: megamorphic lookups.)
const cache = new WeakMap<object, number>();
function partHash<T extends object>(x: T, hash: (x: T) => number): number {
  let h = cache.get(x);
  if (h === undefined) {
    h = hash(x);
    cache.set(x, h);
  }
  return h;
}

// Part hashes are gathered here before they are combined (each part hash uses the shared
// accumulator); reused, so that hashing a successor allocates nothing.
const scratch: number[] = [];

/** The hashes of s's sc records and barriers into scratch from k on, after their counts; the new end. */
function gatherSync(s: MState, k: number): number {
  scratch[k++] = s.sc.length;
  for (const r of s.sc) scratch[k++] = partHash(r, scHash);
  scratch[k++] = s.bars.length;
  for (const b of s.bars) scratch[k++] = partHash(b, barHash);
  return k;
}

function combine(k: number): number {
  begin();
  for (let i = 0; i < k; i++) n(scratch[i]!);
  return end();
}

/**
 * The state's 53-bit hash, from the hashes of its parts. Equal states hash equal; a collision
 * of distinct states can only prune a state (never add an outcome).
 */
export function stateHash(s: MState): number {
  let k = 0;
  for (const t of s.th) scratch[k++] = partHash(t, threadHash);
  for (const m of s.mem) scratch[k++] = partHash(m, locHash);
  return combine(gatherSync(s, k));
}

/**
 * stateHash(s), for the exploration (explore.ts), which keeps each state's thread and location
 * hashes (`parts`, as this leaves them in `out`) beside it: a successor shares most parts with
 * the state it came from, so the parent's hash of an identical part is taken as it is (parts
 * are never mutated: identity is equality), and only the parts a step rebuilt are hashed, with
 * no cache (putting every new part in the WeakMap cost more than it saved, mostly in the GC).
 * A program's states all have the same threads and locations, so positions match.
 */
export function stateHashInto(s: MState, parent: MState | null, parts: readonly number[] | null, out: number[]): number {
  let k = 0;
  const pt = parent?.th;
  for (let i = 0; i < s.th.length; i++) {
    const t = s.th[i]!;
    out[k++] = pt && pt[i] === t ? parts![i]! : threadHash(t);
  }
  const pm = parent?.mem;
  for (let i = 0; i < s.mem.length; i++) {
    const m = s.mem[i]!;
    out[k++] = pm && pm[i] === m ? parts![k - 1]! : locHash(m);
  }
  for (let i = 0; i < k; i++) scratch[i] = out[i]!;
  return combine(gatherSync(s, k));
}
