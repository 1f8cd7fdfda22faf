// What a thread may still do, from its fetch position and in-flight entries (static tables per
// code index, and the window): the locations it may access and the kinds of access it may
// make there (proxy and address), whether it may read its views whole, where it may make a
// strong write, take release records, write at all, or perform a fence.sc. A thread's view
// of a location is read by its own accesses to that location, and by the operations that
// hand or compare whole views: releases, fences and barriers carry them to other threads,
// acquires compare and join them (memory.ts, sync.ts, barrier.ts). canonical.ts forgets what
// no step to come reads; gc.ts asks only the threads that may still access a location.
import { type CInstr, type Program, accessMask, ahead, proxyOf } from './program.js';
import { type Use, accessKey } from './proxy.js';
import type { Msg, TState } from './state.js';
import { addressOf, isAccess, isMemLike, simpleAccess } from './thread.js';
import { hidden, usableBy } from './view.js';

/** Per thread and code index: a mask of the instruction there, and the union of those from there on. */
interface Table { own: number[][]; ahead: number[][] }

// Per program. Masks of locations (-1: any; an address in a register may be any), or 1 for a flag.
interface Footprints {
  /** Locations accessed. */
  access: Table;
  /** Reads views whole: anything but a weak or relaxed access among memory operations. */
  whole: Table;
  /** Locations written by a strong write (one that carries release patterns on, memory.ts carried). */
  carry: Table;
  /** Locations read by a morally strong read (memory.ts observe: it leaves the release records of the write read pending). */
  strongRead: Table;
  /** Locations read by an acquire (acquire patterns 1 and 2 take release records of that location). */
  acquire: Table;
  /** An acquire access some later memory operation of the thread may overtake (1). */
  overtakable: Table;
  /** Some fence (acquire pattern 3 takes the pending release records of every location). */
  fence: Table;
  fsc: Table;
  /** Locations written (st, atom, red). */
  write: Table;
}
/** A table per program, made once; the last program's at hand without a WeakMap lookup (asked several times a successor). */
function perProgram<T>(make: (prog: Program) => T): (prog: Program) => T {
  const made = new WeakMap<Program, T>();
  let lastProg: Program | null = null;
  let last: T | null = null;
  return (prog) => {
    if (prog !== lastProg) {
      let t = made.get(prog);
      if (t === undefined) {
        t = make(prog);
        made.set(prog, t);
      }
      lastProg = prog;
      last = t;
    }
    return last!;
  };
}

const footprints = perProgram((prog): Footprints => {
  const table = (of: (c: CInstr) => number): Table => ({
    own: prog.threads.map((tp) => tp.code.map(of)), ahead: prog.threads.map((tp) => ahead(tp.code, of)),
  });
  const mask = (c: CInstr): number => accessMask(c.ins, prog.locOfName);
  const op = (c: CInstr): string => c.ins.op;
  const sem = (c: CInstr): string | null => ('ord' in c.ins ? c.ins.ord.sem : null);
  const acquire = table((c) => (sem(c) === 'acquire' || sem(c) === 'acq_rel' ? mask(c) : 0));
  return {
    access: table(mask),
    whole: table((c) => (isMemLike(c.ins) && !simpleAccess(c.ins) ? 1 : 0)),
    carry: table((c) => (op(c) === 'atom' || op(c) === 'red' || (op(c) === 'st' && sem(c) !== 'weak') ? mask(c) : 0)),
    strongRead: table((c) => (op(c) === 'atom' || op(c) === 'red' || (op(c) === 'ld' && sem(c) !== 'weak') ? mask(c) : 0)),
    acquire,
    overtakable: overtakableTable(prog, acquire),
    fence: table((c) => (op(c) === 'fence' ? 1 : 0)),
    fsc: table((c) => (c.ins.op === 'fence' && c.ins.sem === 'sc' ? 1 : 0)),
    write: table((c) => (op(c) === 'ld' ? 0 : mask(c))),
  };
});

/** Acquire accesses (`acquire`) with a memory operation after them in program order (1), and the union from there on. */
function overtakableTable(prog: Program, acquire: Table): Table {
  const own = prog.threads.map((tp, ti) => {
    const memAhead = ahead(tp.code, (c) => (isMemLike(c.ins) ? 1 : 0));
    return tp.code.map((_, pc) => (acquire.own[ti]![pc] !== 0 && memAhead[pc + 1] !== 0 ? 1 : 0));
  });
  // ahead() takes a function of the instruction: each one's flag, found by its index.
  return { own, ahead: prog.threads.map((tp, ti) => ahead(tp.code, (c) => own[ti]![tp.code.indexOf(c)]!)) };
}

/** A table's mask from thread ti's position on: from its fetch position, and its entries not yet performed. */
function fromHere(tb: Table, ti: number, t: TState): number {
  let m = tb.ahead[ti]![t.pc]!;
  const own = tb.own[ti]!;
  for (const e of t.win) if (e.st !== 2) m |= own[e.pc]!;
  return m;
}

/** The locations thread ti may still access (bit mask, -1 any): in flight or ahead. */
export const liveLocs = (prog: Program, ti: number, t: TState): number => fromHere(footprints(prog).access, ti, t);

/**
 * Whether thread ti may still read its views whole (a release, acquire, fence or barrier in
 * flight or ahead); when not, its view of a location matters only to its own accesses there.
 */
export const readsWhole = (prog: Program, ti: number, t: TState): boolean => fromHere(footprints(prog).whole, ti, t) !== 0;

/** The locations thread ti may still write with a strong write (bit mask, -1 any): those its release records may go on to. */
export const carryLocs = (prog: Program, ti: number, t: TState): number => fromHere(footprints(prog).carry, ti, t);

/**
 * What thread ti may still do to locations (bit masks, -1 any): take the release records
 * their writes carry (an acquire of the location, or a morally strong read of it and then a
 * fence: memory.ts observe, sync.ts fence), and write them.
 */
export function locUses(prog: Program, ti: number, t: TState): { takes: number; writes: number } {
  const f = footprints(prog);
  const fence = fromHere(f.fence, ti, t) !== 0;
  return { takes: fromHere(f.acquire, ti, t) | (fence ? fromHere(f.strongRead, ti, t) : 0), writes: fromHere(f.write, ti, t) };
}

/**
 * Whether thread ti may still perform an acquire access that a later memory operation of it
 * may overtake (in flight or ahead). Such an acquire asks whether what it acquires is new to
 * the thread's view, over every location (memory.ts observe).
 */
export const mayAcquire = (prog: Program, ti: number, t: TState): boolean => fromHere(footprints(prog).overtakable, ti, t) !== 0;

/** Whether thread ti may still perform a fence.sc (in flight or ahead). */
export const mayFenceSc = (prog: Program, ti: number, t: TState): boolean => fromHere(footprints(prog).fsc, ti, t) !== 0;

/** How an access uses a location's views (proxy.ts): its classes' uses, and its address. */
interface AccessKind {
  use: readonly Use[];
  vaddr: number;
}

// Per program: per thread and code index, an access's uses of the classes (null: no access);
// per thread, its accesses' code indices, and for each, from which code indices fetch may
// reach it (program.ts ahead, non-zero); per location, the addresses of its aliases; per
// thread, code index and location, the kinds of the accesses from there on.
interface Kinds {
  use: (readonly Use[] | null)[][];
  reach: { pc: number; from: number[] }[][];
  aliases: number[][];
  ahead: Map<number, AccessKind[]>[];
}
const kindsOf = perProgram((prog): Kinds => ({
  use: prog.threads.map((tp, ti) => tp.code.map((c) => (isAccess(c.ins) ? prog.cls.use.get(accessKey(proxyOf(prog, c.ins), prog.ctaIdx[ti]!))! : null))),
  reach: prog.threads.map((tp) => tp.code.flatMap((c, pc) => (isAccess(c.ins) ? [{ pc, from: ahead(tp.code, (x) => (x === c ? 1 : 0)) }] : []))),
  aliases: prog.locs.map((_, l) => [...new Set([...prog.vaddrOf].filter(([name]) => prog.locOfName.get(name) === l).map(([, v]) => v))]),
  ahead: prog.threads.map(() => new Map()),
}));

/** The kinds of the accesses thread ti may make to location l from code index pc on. */
function kindsAhead(prog: Program, k: Kinds, ti: number, pc: number, l: number): readonly AccessKind[] {
  const key = pc * prog.locs.length + l;
  let ks = k.ahead[ti]!.get(key);
  if (!ks) {
    const code = prog.threads[ti]!.code;
    const found: AccessKind[] = [];
    for (const { pc: p, from } of k.reach[ti]!) {
      if (from[pc] === 0) continue;
      const i = code[p]!.ins;
      const use = k.use[ti]![p]!;
      if (!isAccess(i)) continue;
      const vaddrs = i.addr.kind === 'loc' ? (prog.locOfName.get(i.addr.name) === l ? [prog.vaddrOf.get(i.addr.name)!] : []) : k.aliases[l]!;
      for (const vaddr of vaddrs) if (!found.some((x) => x.use === use && x.vaddr === vaddr)) found.push({ use, vaddr });
    }
    ks = found;
    k.ahead[ti]!.set(key, ks);
  }
  return ks;
}

/**
 * The writes of location l (`ms`) that thread ti may no longer read: those hidden by its view
 * from each kind of access to l it may still make, in flight (not performed) or ahead.
 */
export function hiddenFromAll(prog: Program, ti: number, t: TState, l: number, ms: readonly Msg[]): number {
  const k = kindsOf(prog);
  const K = prog.cls.K;
  const at = (use: readonly Use[], vaddr: number): number => hidden(ms, usableBy(ms, t.base, l * K, K, use, vaddr));
  let h = -1;
  for (const x of kindsAhead(prog, k, ti, t.pc, l)) h &= at(x.use, x.vaddr);
  const uses = k.use[ti]!;
  const code = prog.threads[ti]!.code;
  for (const e of t.win) {
    const use = uses[e.pc];
    if (e.st === 2 || !use) continue;
    const a = addressOf(code[e.pc]!, e);
    if (!a) {
      for (const v of k.aliases[l]!) h &= at(use, v);
      continue;
    }
    const v = Number(a.v);
    if (prog.locOfVaddr.get(v) === l) h &= at(use, v);
  }
  return h;
}
