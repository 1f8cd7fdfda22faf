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

/** A write. Writes of a location are numbered in the order they were made (bit positions). */
export interface Msg {
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
  /** Backward jumps taken (loop iterations). */
  jumps: number;
  nextSeq: number;
  win: readonly Entry[];
  /** Registers as of the retired instructions. */
  regs: ReadonlyMap<string, RV>;
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
  wrel: readonly (Rel & { loc: number })[];
  /** Arrivals so far at each barrier (CTA, instance, id): the phase of the next one. */
  passed: ReadonlyMap<string, number>;
  /** The thread took more backward jumps than the bound allows. */
  cut: boolean;
  /** A fence acquired an early release (Rel.early): the execution is dropped. */
  bad?: boolean;
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

// ---- hashing ------------------------------------------------------------------------

const rvKey = (r: RV): string => `${r.w}:${r.v}`;
const opKey = (o: Opnd): string => (o === null ? '_' : typeof o === 'number' ? `@${o}` : rvKey(o));
const relKey = (r: Rel): string => `${r.tid}${r.kind}${r.scope}${r.early ? '!' : ''}${r.mem ? `${r.mem.proxy}${r.mem.vaddr}` : ''}[${r.view.join(',')}]`;

/** A canonical text of the state (labels of messages left out: they do not affect behaviour). */
export function stateKey(s: MState): string {
  const parts: string[] = [];
  for (const t of s.th) {
    parts.push(`T${t.pc},${t.jumps},${t.nextSeq},${t.cut ? 1 : 0}${t.bad ? '!' : ''}`);
    for (const e of t.win) parts.push(`e${e.seq},${e.pc},${e.st},${e.ops.map(opKey).join(',')},${e.out ? rvKey(e.out) : '_'},${e.ctb ? e.ctb.join(',') : '_'},${e.msg}`);
    parts.push([...t.regs].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => `${k}=${rvKey(v)}`).join(','));
    parts.push(`v${t.base.join(',')}`);
    parts.push(`p${t.pend.map((p) => `${p.loc}${relKey(p.rel)}`).join(';')}`);
    parts.push(`f${t.frel.map(relKey).join(';')}`);
    parts.push(`w${t.wrel.map((r) => `${r.loc}${relKey(r)}`).join(';')}`);
    if (t.passed.size) parts.push(`b${[...t.passed].sort().join(';')}`);
  }
  for (const m of s.mem) {
    parts.push(`M${m.map((x) => `${x.val},${x.tid},${x.strong ? 1 : 0},${x.scope ?? ''},${x.src},${x.pred},${x.proxy},${x.vaddr},${x.rel.map(relKey).join('+')}`).join(';')}`);
  }
  parts.push(`S${s.sc.map((r) => `${r.tid}${r.scope}[${r.view.join(',')}]`).join(';')}`);
  for (const b of s.bars) parts.push(`B${b.key},${b.done ? 1 : 0},${b.arrived},${b.need},${b.acc.join(',')},${b.waiting.join(',')}`);
  return parts.join('|');
}

/** cyrb53: a fast 53-bit string hash. A collision can only prune a state (never add an outcome). */
export function hash53(str: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
