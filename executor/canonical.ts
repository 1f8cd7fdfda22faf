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
// Not used where a path is replayed (stepper.ts, traceTo) or where states are counted for
// fairness (liveness.ts has its own canonizer): labels name writes by number.
import { type Maps, renumber } from './gc.js';
import { type CInstr, type Program, accessMask, ahead } from './program.js';
import { type MState, type Msg, type Pend, type Rel, type TState, withMsg, withThMem } from './state.js';
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
    const order = ms.map((_, i) => i).sort((a, b) => ms[a]!.tid - ms[b]!.tid || a - b);
    const map = new Array<number>(ms.length);
    order.forEach((from, to) => { map[from] = to; });
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

// Per program, per thread and code index: the locations the instruction there accesses, and
// those some access from there on may (-1: any; an address in a register may be any).
interface Accesses { own: number[][]; ahead: number[][] }
const accessTables = new WeakMap<Program, Accesses>();
function accessesOf(prog: Program): Accesses {
  let a = accessTables.get(prog);
  if (!a) {
    const mask = (c: CInstr): number => accessMask(c.ins, prog.locOfName);
    a = { own: prog.threads.map((tp) => tp.code.map(mask)), ahead: prog.threads.map((tp) => ahead(tp.code, mask)) };
    accessTables.set(prog, a);
  }
  return a;
}

/** Locations no thread may access any more (bit mask): none in flight, none ahead. */
function untouched(prog: Program, s: MState): number {
  const a = accessesOf(prog);
  let live = 0;
  for (let ti = 0; ti < s.th.length; ti++) {
    const t = s.th[ti]!;
    live |= a.ahead[ti]![t.pc]!;
    const own = a.own[ti]!;
    for (const e of t.win) if (e.st !== 2) live |= own[e.pc]!;
  }
  return ~live & ((1 << s.mem.length) - 1);
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
  let th: TState[] | null = null;
  for (let ti = 0; ti < c.th.length; ti++) {
    const t = c.th[ti]!;
    if (t.pend === NONE || (parent && parent.th[ti] === t) || !finished(prog, ti, t)) continue;
    th ??= c.th.slice();
    th[ti] = reduced(prog, t);
  }
  return th ? withThMem(c, th, c.mem) : c;
}
