// One representative for states that behave alike, for the exploration of final states
// (explore.ts): the visited set then holds one state per class, and the space searched shrinks
// by the number of ways a class was reached. Two equivalences, each a bijection on behaviours
// that keeps final values:
// - Writes are numbered in the order they were made (view.ts); two interleavings that make
//   the same writes in another order differ only in that numbering, which the machine never
//   reads (collect in gc.ts renumbers states the same way). Here each location's writes are
//   numbered by writing thread, the initial write first, one thread's in the order it made them.
// - A finished thread (nothing in flight, nothing to fetch) is read by no later step: other
//   threads see memory, sc records and barrier phases, never another thread's views; only its
//   registers are observed at the end. Its views, release records and barrier counts are
//   dropped.
// Not used where a path is replayed (stepper.ts, traceTo) or where states are counted for
// fairness (liveness.ts has its own canonizer): labels name writes by number.
import { type Maps, renumber } from './gc.js';
import type { Program } from './program.js';
import { type MState, type Pend, type TState, withThMem } from './state.js';
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
  base: prog.zero, pend: NONE, frel: [], wrel: [], passed: NO_PHASES, cut: false, bad: t.bad,
});

/**
 * The representative of s's class (s itself when it is one). `parent`, when given, is a
 * canonical state s was made from by one step: parts s shares with it are not looked at again.
 */
export function canonical(prog: Program, s: MState, parent: MState | null = null): MState {
  const maps = canonicalMaps(s, parent);
  const c = maps ? renumber(prog, s, maps) : s;
  let th: TState[] | null = null;
  for (let ti = 0; ti < c.th.length; ti++) {
    const t = c.th[ti]!;
    if (t.pend === NONE || (parent && parent.th[ti] === t) || !finished(prog, ti, t)) continue;
    th ??= c.th.slice();
    th[ti] = reduced(prog, t);
  }
  return th ? withThMem(c, th, c.mem) : c;
}
