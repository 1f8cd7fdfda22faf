// What a thread may still do, from its fetch position and in-flight entries (static tables per
// code index, and the window): the locations it may access and the kinds of access it may
// make there (proxy and address), whether it may read its views whole, where it may make a
// strong write, take release records, write at all, or perform a fence.sc. A thread's view
// of a location is read by its own accesses to that location, and by the operations that
// hand or compare whole views: releases, fences and barriers carry them to other threads,
// acquires compare and join them (memory.ts, sync.ts, barrier.ts). canonical.ts forgets what
// no step to come reads; gc.ts asks only the threads that may still access a location.
import type { Instr } from '../litmus/ast.js';
import { type CInstr, type Program, accessMask, ahead, proxyOf } from './program.js';
import { type Use, accessKey } from './proxy.js';
import type { TState } from './state.js';
import { isMemLike, operand } from './thread.js';

/** A weak or relaxed access, or no memory operation: it reads no view but its location's. */
const local = (i: Instr): boolean =>
  !isMemLike(i) || ((i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red') && (i.ord.sem === 'weak' || i.ord.sem === 'relaxed'));

// Per program, per thread and code index: the locations the instruction there accesses, and
// those some access from there on may (-1: any; an address in a register may be any); whether
// it, and whether something from there on, reads views whole.
interface Footprints {
  own: number[][]; ahead: number[][]; whole: boolean[][]; wholeAhead: boolean[][];
  /** Locations written by a strong write (one that carries release patterns on, memory.ts carried). */
  carry: number[][]; carryAhead: number[][];
  fsc: boolean[][]; fscAhead: boolean[][];
  /** Locations read by a morally strong read (memory.ts observe: it leaves the release records of the write read pending). */
  strongRead: number[][]; strongReadAhead: number[][];
  /** Locations read by an acquire (acquire patterns 1 and 2 take release records of that location). */
  acquire: number[][]; acquireAhead: number[][];
  /** Some fence (acquire pattern 3 takes the pending release records of every location). */
  fence: boolean[][]; fenceAhead: boolean[][];
  /** Locations written (st, atom, red). */
  write: number[][]; writeAhead: number[][];
}
const tables = new WeakMap<Program, Footprints>();
// The last program's tables, at hand without a WeakMap lookup (asked several times a successor).
let lastProg: Program | null = null;
let lastTables: Footprints | null = null;
function footprints(prog: Program): Footprints {
  if (prog === lastProg) return lastTables!;
  let f = tables.get(prog);
  if (!f) {
    const mask = (c: CInstr): number => accessMask(c.ins, prog.locOfName);
    const whole = (c: CInstr): number => (local(c.ins) ? 0 : 1);
    const carry = (c: CInstr): number => (c.ins.op === 'atom' || c.ins.op === 'red' || (c.ins.op === 'st' && c.ins.ord.sem !== 'weak') ? mask(c) : 0);
    const strongRead = (c: CInstr): number => (c.ins.op === 'atom' || c.ins.op === 'red' || (c.ins.op === 'ld' && c.ins.ord.sem !== 'weak') ? mask(c) : 0);
    const write = (c: CInstr): number => (c.ins.op === 'ld' ? 0 : mask(c));
    const acquire = (c: CInstr): number => ((c.ins.op === 'ld' || c.ins.op === 'atom' || c.ins.op === 'red') && (c.ins.ord.sem === 'acquire' || c.ins.ord.sem === 'acq_rel') ? mask(c) : 0);
    const fence = (c: CInstr): number => (c.ins.op === 'fence' ? 1 : 0);
    const fsc = (c: CInstr): number => (c.ins.op === 'fence' && c.ins.sem === 'sc' ? 1 : 0);
    f = {
      own: prog.threads.map((tp) => tp.code.map(mask)),
      ahead: prog.threads.map((tp) => ahead(tp.code, mask)),
      whole: prog.threads.map((tp) => tp.code.map((c) => whole(c) !== 0)),
      wholeAhead: prog.threads.map((tp) => ahead(tp.code, whole).map((x) => x !== 0)),
      carry: prog.threads.map((tp) => tp.code.map(carry)),
      carryAhead: prog.threads.map((tp) => ahead(tp.code, carry)),
      fsc: prog.threads.map((tp) => tp.code.map((c) => fsc(c) !== 0)),
      fscAhead: prog.threads.map((tp) => ahead(tp.code, fsc).map((x) => x !== 0)),
      strongRead: prog.threads.map((tp) => tp.code.map(strongRead)),
      strongReadAhead: prog.threads.map((tp) => ahead(tp.code, strongRead)),
      acquire: prog.threads.map((tp) => tp.code.map(acquire)),
      acquireAhead: prog.threads.map((tp) => ahead(tp.code, acquire)),
      fence: prog.threads.map((tp) => tp.code.map((c) => fence(c) !== 0)),
      fenceAhead: prog.threads.map((tp) => ahead(tp.code, fence).map((x) => x !== 0)),
      write: prog.threads.map((tp) => tp.code.map(write)),
      writeAhead: prog.threads.map((tp) => ahead(tp.code, write)),
    };
    tables.set(prog, f);
  }
  lastProg = prog;
  lastTables = f;
  return f;
}

/** The locations thread ti may still access (bit mask, -1 any): in flight or ahead. */
export function liveLocs(prog: Program, ti: number, t: TState): number {
  const f = footprints(prog);
  let live = f.ahead[ti]![t.pc]!;
  const own = f.own[ti]!;
  for (const e of t.win) if (e.st !== 2) live |= own[e.pc]!;
  return live;
}

/**
 * Whether thread ti may still read its views whole (a release, acquire, fence or barrier in
 * flight or ahead); when not, its view of a location matters only to its own accesses there.
 */
export function readsWhole(prog: Program, ti: number, t: TState): boolean {
  const f = footprints(prog);
  if (f.wholeAhead[ti]![t.pc]!) return true;
  const whole = f.whole[ti]!;
  for (const e of t.win) if (e.st !== 2 && whole[e.pc]!) return true;
  return false;
}

/** The locations thread ti may still write with a strong write (bit mask, -1 any): those its release records may go on to. */
export function carryLocs(prog: Program, ti: number, t: TState): number {
  const f = footprints(prog);
  let m = f.carryAhead[ti]![t.pc]!;
  const own = f.carry[ti]!;
  for (const e of t.win) if (e.st !== 2) m |= own[e.pc]!;
  return m;
}

/**
 * What thread ti may still do to locations (bit masks, -1 any): take the release records
 * their writes carry (an acquire of the location, or a morally strong read of it and then a
 * fence: memory.ts observe, sync.ts fence), and write them.
 */
export function locUses(prog: Program, ti: number, t: TState): { takes: number; writes: number } {
  const f = footprints(prog);
  let strongReads = f.strongReadAhead[ti]![t.pc]!;
  let acquires = f.acquireAhead[ti]![t.pc]!;
  let fence = f.fenceAhead[ti]![t.pc]!;
  let writes = f.writeAhead[ti]![t.pc]!;
  const sr = f.strongRead[ti]!;
  const acq = f.acquire[ti]!;
  const fc = f.fence[ti]!;
  const w = f.write[ti]!;
  for (const e of t.win) {
    if (e.st === 2) continue;
    strongReads |= sr[e.pc]!;
    acquires |= acq[e.pc]!;
    fence ||= fc[e.pc]!;
    writes |= w[e.pc]!;
  }
  return { takes: acquires | (fence ? strongReads : 0), writes };
}

/** Whether thread ti may still perform a fence.sc (in flight or ahead). */
export function mayFenceSc(prog: Program, ti: number, t: TState): boolean {
  const f = footprints(prog);
  if (f.fscAhead[ti]![t.pc]!) return true;
  const fsc = f.fsc[ti]!;
  return t.win.some((e) => e.st !== 2 && fsc[e.pc]!);
}

/** How an access uses a location's views (proxy.ts): its classes' uses, and its address. */
export interface AccessKind {
  use: readonly Use[];
  vaddr: number;
}

const isAccess = (i: Instr): i is Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }> =>
  i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red';

// Per program: per thread and code index, an access's uses of the classes (null: no access);
// per location, the addresses of its aliases; per thread, code index and location, the kinds
// of the accesses from there on.
interface Kinds { use: (readonly Use[] | null)[][]; aliases: number[][]; ahead: Map<number, AccessKind[]>[] }
const kindTables = new WeakMap<Program, Kinds>();
function kindsOf(prog: Program): Kinds {
  let k = kindTables.get(prog);
  if (!k) {
    k = {
      use: prog.threads.map((tp, ti) => tp.code.map((c) => (isAccess(c.ins) ? prog.cls.use.get(accessKey(proxyOf(prog, c.ins), prog.ctaIdx[ti]!))! : null))),
      aliases: prog.locs.map((_, l) => [...new Set([...prog.vaddrOf].filter(([name]) => prog.locOfName.get(name) === l).map(([, v]) => v))]),
      ahead: prog.threads.map(() => new Map()),
    };
    kindTables.set(prog, k);
  }
  return k;
}

/** The kinds of the accesses thread ti may make to location l from code index pc on. */
function kindsAhead(prog: Program, k: Kinds, ti: number, pc: number, l: number): readonly AccessKind[] {
  const key = pc * 32 + l;
  let ks = k.ahead[ti]!.get(key);
  if (!ks) {
    // The code indices reachable from pc (fetch follows fall-through and branch targets).
    const code = prog.threads[ti]!.code;
    const seen = new Set<number>();
    const work = [pc];
    while (work.length) {
      const p = work.pop()!;
      if (p >= code.length || seen.has(p)) continue;
      seen.add(p);
      const i = code[p]!.ins;
      if (i.op === 'bra' || i.op === 'bcmp') work.push(code[p]!.target);
      if (!(i.op === 'bra' && !i.guard)) work.push(p + 1);
    }
    const found: AccessKind[] = [];
    for (const p of [...seen].sort((a, b) => a - b)) {
      const i = code[p]!.ins;
      const use = k.use[ti]![p];
      if (!use || !isAccess(i)) continue;
      const vaddrs = i.addr.kind === 'loc' ? (prog.locOfName.get(i.addr.name) === l ? [prog.vaddrOf.get(i.addr.name)!] : []) : k.aliases[l]!;
      for (const vaddr of vaddrs) if (!found.some((x) => x.use === use && x.vaddr === vaddr)) found.push({ use, vaddr });
    }
    ks = found;
    k.ahead[ti]!.set(key, ks);
  }
  return ks;
}

/**
 * Calls f with each kind of access to location l thread ti may still make, in flight (not
 * performed) or ahead (a kind may come more than once).
 */
export function eachAccessKind(prog: Program, ti: number, t: TState, l: number, f: (use: readonly Use[], vaddr: number) => void): void {
  const k = kindsOf(prog);
  for (const x of kindsAhead(prog, k, ti, t.pc, l)) f(x.use, x.vaddr);
  const uses = k.use[ti]!;
  for (const e of t.win) {
    const use = uses[e.pc];
    if (e.st === 2 || !use) continue;
    const a = operand(e, 0);
    if (!a) { for (const v of k.aliases[l]!) f(use, v); continue; }
    const v = Number(a.v);
    if (prog.locOfVaddr.get(v) === l) f(use, v);
  }
}
