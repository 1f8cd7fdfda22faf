// One representative for states that behave alike, for the exploration of final states
// (explore.ts): the visited set then holds one state per class, and the space searched shrinks
// by the number of ways a class was reached. Three equivalences, each keeping the behaviours
// that follow and the final values:
// - Writes are numbered in the order they were made (view.ts); two interleavings that make
//   the same writes in another order differ only in that numbering, which the machine never
//   reads (collect in gc.ts renumbers states the same way). Here each location's writes are
//   numbered by writing thread, the initial write first, one thread's in the order it made them.
// - A finished thread (nothing in flight, nothing to fetch) is read by no later step: other
//   threads see memory, sc records and barrier phases, never another thread's views; only its
//   registers are observed at the end. Its views, release records and barrier counts are
//   dropped.
// - A location no thread may access any more matters only through its last writes' values
//   (collapse, below), except through the write numbers views hold, which stay.
// - What no step to come reads (footprint.ts): a thread's views of locations it will not
//   access, and its pending releases, once it has no release, acquire, fence or barrier left
//   (those read or hand on views whole); release records no strong write of the thread will
//   carry; Fence-SC records no other thread's fence.sc may read (a thread's own is below its
//   view); the release records writes carry, once no thread may take them (an acquire of
//   their location, or a morally strong read of it and then a fence), and the write a
//   read-modify-write read, once no thread may write there (only placing a new write looks
//   at it).
// Not used where a path is replayed (stepper.ts, traceTo) or where states are counted for
// fairness (liveness.ts has its own canonizer): labels name writes by number.
import { type Maps, renumber } from './gc.js';
import { carryLocs, liveLocs, locUses, mayFenceSc, readsWhole } from './footprint.js';
import type { Program } from './program.js';
import { type Entry, type MState, type Msg, type Pend, type Rel, type TState, type View, msgWith, withCtbMsg, withMsg, withPend, withState, withThMem, withThread } from './state.js';
import { finished } from './thread.js';

/**
 * Per location, the renumbering into canonical order; null where it already is (or everywhere).
 * Only locations that differ from the parent's (a canonical state) can be out of order.
 */
function canonicalMaps(s: MState, parent: MState | null): Maps | null {
  let maps: Maps | null = null;
  for (let l = 0; l < s.mem.length; l++) {
    const ms = s.mem[l]!;
    if (parent && parent.mem[l] === ms) continue;
    let sorted = true;
    for (let i = 1; i < ms.length && sorted; i++) if (ms[i]!.tid < ms[i - 1]!.tid) sorted = false;
    if (sorted) continue;
    // Where each write goes: after the writes of lower threads, and its own thread's earlier ones.
    const map = new Array<number>(ms.length);
    for (let i = 0; i < ms.length; i++) {
      let to = 0;
      for (let j = 0; j < ms.length; j++) if (ms[j]!.tid < ms[i]!.tid || (ms[j]!.tid === ms[i]!.tid && j < i)) to++;
      map[i] = to;
    }
    maps ??= new Array<number[] | null>(s.mem.length).fill(null);
    maps[l] = map;
  }
  return maps;
}

// A finished thread's dropped parts: one array for all, so that a thread once reduced is recognised.
const NONE: readonly Pend[] = [];
const NO_PHASES: ReadonlyMap<string, number> = new Map();

/** The thread as canonical() keeps it once finished: its registers (and end position). */
const reduced = (prog: Program, t: TState): TState => ({
  pc: t.pc, jumps: 0, nextSeq: 0, win: t.win, regs: t.regs, rh: t.rh,
  base: prog.zero, pend: NONE, frel: [], wrel: [], passed: NO_PHASES, cut: false, bad: t.bad, trace: t.trace,
});

/** Locations no thread may access any more (bit mask): none in flight, none ahead. */
function untouched(prog: Program, s: MState): number {
  let live = 0;
  for (let ti = 0; ti < s.th.length; ti++) live |= liveLocs(prog, ti, s.th[ti]!);
  return ~live & ((1 << s.mem.length) - 1);
}

// A thread's pending releases once nothing of it may acquire them (not NONE: that marks a reduced thread).
const NO_PEND: readonly Pend[] = [];
const NO_RELS: readonly Rel[] = [];

/** The view without the locations outside `live` (the same object when it has none of them). */
function within(prog: Program, v: View, live: number): View {
  const K = prog.cls.K;
  let out: number[] | null = null;
  for (let i = 0; i < v.length; i++) {
    if (v[i] === 0 || (live & (1 << Math.floor(i / K))) !== 0) continue;
    out ??= v.slice();
    out[i] = 0;
  }
  return out ?? v;
}

/**
 * A thread as what it may still do reads it (footprint.ts). Release records go on only
 * with a strong write (memory.ts carried): those of a fence with any, those of a release
 * write with one to its location; the rest are dropped. A thread that may no longer read its
 * views whole (readsWhole) also loses its views of locations it will not access, and its
 * pending releases (only an acquire takes them).
 */
function trimmed(prog: Program, ti: number, t: TState): TState {
  const carry = carryLocs(prog, ti, t);
  const frel = carry === 0 && t.frel.length ? NO_RELS : t.frel;
  const wrel = carry === -1 || t.wrel.every((r) => (carry & (1 << r.loc)) !== 0) ? t.wrel : t.wrel.filter((r) => (carry & (1 << r.loc)) !== 0);
  const rels = frel === t.frel && wrel === t.wrel ? t : withThread(t, { frel, wrel });
  if (readsWhole(prog, ti, t)) return rels;
  const live = liveLocs(prog, ti, t);
  const pend = t.pend.length ? NO_PEND : t.pend;
  if (live === -1) return pend === t.pend ? rels : withPend(rels, pend);
  const base = within(prog, t.base, live);
  let win: Entry[] | null = null;
  for (let i = 0; i < t.win.length; i++) {
    const e = t.win[i]!;
    if (!e.ctb) continue;
    const ctb = within(prog, e.ctb, live);
    if (ctb === e.ctb) continue;
    win ??= t.win.slice();
    // An empty contribution is no contribution (viewAt and retire join it).
    win[i] = withCtbMsg(e, ctb.some((x) => x !== 0) ? ctb : null, e.msg);
  }
  if (base === t.base && pend === t.pend && !win) return rels;
  return withThread(rels, { base, pend, win: win ?? t.win });
}

/**
 * The state without what the writes of a location carry for accesses that will not come:
 * release records once no thread may take them (an acquire of the location, or a morally
 * strong read of it and then a fence; a read-modify-write passes them on only to its own
 * write there), and which write a read-modify-write read once no thread may write there
 * (only where a new write goes looks at it, for atomicity).
 */
function writesKept(prog: Program, s: MState): MState {
  // Mostly there is nothing to drop: no footprint asked for then.
  let carries = false;
  for (let l = 0; l < s.mem.length && !carries; l++) for (const m of s.mem[l]!) if (m.src !== -1 || m.rel.length !== 0) { carries = true; break; }
  if (!carries) return s;
  let reads = 0;
  let writes = 0;
  for (let ti = 0; ti < s.th.length; ti++) {
    const u = locUses(prog, ti, s.th[ti]!);
    reads |= u.takes;
    writes |= u.writes;
  }
  if (reads === -1 && writes === -1) return s;
  let mem: (readonly Msg[])[] | null = null;
  for (let l = 0; l < s.mem.length; l++) {
    const keepRel = (reads & (1 << l)) !== 0;
    const keepSrc = (writes & (1 << l)) !== 0;
    if (keepRel && keepSrc) continue;
    const ms = s.mem[l]!;
    let out: Msg[] | null = null;
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      const rel = keepRel || m.rel.length === 0 ? m.rel : NO_RELS;
      const src = keepSrc ? m.src : -1;
      if (rel === m.rel && src === m.src) continue;
      out ??= ms.slice();
      out[i] = msgWith(m, m.pred, src, rel);
    }
    if (!out) continue;
    mem ??= s.mem.slice();
    mem[l] = out;
  }
  return mem ? withThMem(s, s.th, mem) : s;
}

/**
 * The Fence-SC records some later fence.sc may still read: one of another thread (a thread's
 * own record is below its view). The same array when all are.
 */
function scKept(prog: Program, s: MState): MState['sc'] {
  if (s.sc.length === 0) return s.sc;
  const fencing: number[] = [];
  s.th.forEach((t, ti) => { if (mayFenceSc(prog, ti, t)) fencing.push(ti); });
  const kept = s.sc.filter((r) => fencing.some((ti) => ti !== r.tid));
  return kept.length === s.sc.length ? s.sc : kept;
}

// The writes of a location nobody accesses any more, as collapse() leaves them.
const SETTLED: readonly Rel[] = [];

/**
 * A location no thread accesses any more, as only the final state sees it: which writes no
 * other write comes after, and their values. Every other field of its writes is read only by
 * accesses to it (memory.ts), so they become constants, and the coherence order becomes
 * "every other write before each last one". Write numbers, and with them every view, stay.
 * Not where gc.ts collects (plain views): its collection reads coherence order against views.
 */
function collapse(ms: readonly Msg[]): readonly Msg[] {
  // Collapsed all at once, and no write comes to it after: the initial write (first) tells.
  if (ms[0]!.rel === SETTLED) return ms;
  let later = 0;
  for (const m of ms) later |= m.pred;
  return ms.map((m, i) => {
    const last = (later & (1 << i)) === 0;
    return withMsg({
      val: last ? m.val : 0n, tid: m.tid, strong: true, scope: null, rel: SETTLED, proxy: 'generic', vaddr: 0,
      pred: last ? later : 0, src: -1, label: m.label, id: m.id,
    });
  });
}

/**
 * The representative of s's class (s itself when it is one). `parent`, when given, is a
 * canonical state s was made from by one step: parts s shares with it are not looked at again.
 */
export function canonical(prog: Program, s: MState, parent: MState | null = null): MState {
  const maps = canonicalMaps(s, parent);
  let c = maps ? renumber(prog, s, maps) : s;
  if (!prog.plainViews) {
    const dead = untouched(prog, c);
    if (dead !== 0) {
      let mem: (readonly Msg[])[] | null = null;
      for (let l = 0; l < c.mem.length; l++) {
        if ((dead & (1 << l)) === 0) continue;
        const ms = collapse(c.mem[l]!);
        if (ms === c.mem[l]) continue;
        mem ??= c.mem.slice();
        mem[l] = ms;
      }
      if (mem) c = withThMem(c, c.th, mem);
    }
  }
  c = writesKept(prog, c);
  let th: TState[] | null = null;
  for (let ti = 0; ti < c.th.length; ti++) {
    const t = c.th[ti]!;
    if (t.pend === NONE || (parent && parent.th[ti] === t)) continue;
    const r = finished(prog, ti, t) ? reduced(prog, t) : trimmed(prog, ti, t);
    if (r === t) continue;
    th ??= c.th.slice();
    th[ti] = r;
  }
  const sc = scKept(prog, c);
  if (sc !== c.sc) return withState(c, { th: th ?? c.th, sc });
  return th ? withThMem(c, th, c.mem) : c;
}
