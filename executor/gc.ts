// Forgetting writes that can no longer matter, so that loops do not make every state unique.
// A write is dead when some later write comes after it in coherence and every thread that
// may still access its location has it hidden from each kind of access it may make there
// (footprint.ts: with aliases or proxy classes, what a view hides depends on the access's
// address and proxy), and no in-flight instruction refers to it. Views only grow, so it stays
// hidden; a thread that will not access the location reads none of its writes, and what its
// view hands on to others only adds to views that already hide the write. But a thread that
// may still acquire must know the write (in every knowledge class): an acquire that later
// operations overtook asks whether what it acquires is new to the thread, and a write
// dropped from the views released to it would no longer be. A dead write also
// never changes where a new write may go: it is below the view of every thread that may
// write there, so always before a new write. Only the read-modify-write that read it keeps a
// trace: "its source is below everything" (DEAD_SRC), for the atomicity check. The initial
// write is kept (below).
import type { Program } from './program.js';
import { type BarState, type Entry, type MState, type Msg, type Pend, type Rel, type ScRec, type TState, type View, type WRel, msgWith, relWithView, withCtbMsg, withState, withThread, wrelOf } from './state.js';
import { hiddenFromAll, liveLocs, mayAcquire } from './footprint.js';
import { locOf } from './thread.js';
import { has, hidden } from './view.js';

export const DEAD_SRC = -3;

/** Old index -> new index (or -1 when dropped), per location; null: unchanged. */
export type Maps = (number[] | null)[];

const remapMask = (mask: number, map: number[]): number => {
  let out = 0;
  // Over the set bits only (lowest first): masks are sparse.
  for (let m = mask; m !== 0; m &= m - 1) {
    const to = map[31 - Math.clz32(m & -m)]!;
    if (to >= 0) out |= 1 << to;
  }
  return out;
};

/**
 * A renumbering as views see it: each view index (loc * K + class) whose masks change, with
 * its map and the lowest write index the map moves (masks below it stay as they are).
 */
interface ViewMaps {
  slots: number[];
  maps: number[][];
  firsts: number[];
}

function viewMaps(prog: Program, maps: Maps): ViewMaps {
  const K = prog.cls.K;
  const vm: ViewMaps = { slots: [], maps: [], firsts: [] };
  maps.forEach((map, l) => {
    if (!map) return;
    let first = 0;
    while (first < map.length && map[first] === first) first++;
    for (let k = 0; k < K; k++) { vm.slots.push(l * K + k); vm.maps.push(map); vm.firsts.push(first); }
  });
  return vm;
}

/** The view renumbered; the same object when no mask changes (so cached hashes survive). */
function remapView(v: View, vm: ViewMaps): View {
  let out: number[] | null = null;
  for (let i = 0; i < vm.slots.length; i++) {
    const j = vm.slots[i]!;
    const x = v[j]!;
    if (x >>> vm.firsts[i]! === 0) continue;
    const m = remapMask(x, vm.maps[i]!);
    if (m !== x) {
      out ??= v.slice();
      out[j] = m;
    }
  }
  return out ?? v;
}

const remapRel = (r: Rel, vm: ViewMaps): Rel => {
  const view = remapView(r.view, vm);
  return view === r.view ? r : relWithView(r, view);
};
const remapWrel = (r: WRel, vm: ViewMaps): WRel => {
  const view = remapView(r.view, vm);
  return view === r.view ? r : wrelOf(r, r.loc, view);
};

/** xs with f applied, the same array when f changes no element. */
function mapSame<T>(xs: readonly T[], f: (x: T, i: number) => T): readonly T[] {
  let out: T[] | null = null;
  for (let i = 0; i < xs.length; i++) {
    const y = f(xs[i]!, i);
    if (y !== xs[i]) {
      out ??= xs.slice();
      out[i] = y;
    }
  }
  return out ?? xs;
}

// deadWrites' per-thread masks, reused (it runs on every successor); UNKNOWN: not found yet
// (a mask that happens to equal it is only found again).
const liveScratch: number[] = [];
const pinnedScratch: number[] = [];
const acquiringScratch: number[] = [];
const UNKNOWN = -2;

/** Per location, the mask of its dead writes (0: none); null when no write is dead. */
export function deadWrites(prog: Program, s: MState): number[] | null {
  // Asked of every successor, and mostly nothing is dead: no array until something is, and
  // the windows are looked at only when some write has a later one.
  let masks: number[] | null = null;
  let pinnedKnown = false;
  const pinned = pinnedScratch;
  // Per thread, the locations it may still access (footprint.ts), found when first needed.
  const live = liveScratch;
  const acquiring = acquiringScratch;
  for (let ti = 0; ti < s.th.length; ti++) { live[ti] = UNKNOWN; acquiring[ti] = UNKNOWN; }
  for (let l = 0; l < s.mem.length; l++) {
    const ms = s.mem[l]!;
    let later = 0;
    for (const x of ms) later |= x.pred;
    // The initial write (always first) stays: it is before every other write, so
    // keeping it changes no state's behaviour, and dropping it alone renumbered every view.
    // (Every write comes after it, so without this test each location written once asked for the windows.)
    later &= ms[0]!.tid < 0 ? ~1 : -1;
    if (later === 0) continue;
    if (!pinnedKnown) {
      // The writes of in-flight entries are kept: the entries refer to them by index.
      pinnedKnown = true;
      for (let k = 0; k < s.mem.length; k++) pinned[k] = 0;
      s.th.forEach((t, ti) => {
        for (const e of t.win) if (e.msg >= 0) pinned[locOf(prog, prog.threads[ti]!.code[e.pc]!, e)!] |= 1 << e.msg;
      });
    }
    let dead = later & ~pinned[l]!;
    for (let ti = 0; dead !== 0 && ti < s.th.length; ti++) {
      const t = s.th[ti]!;
      // An acquire that later operations overtake may synchronize only with what is not new to
      // the thread's view, compared over every location (memory.ts observe): a write dropped
      // from the views released to it would no longer count as new. So a thread that may still
      // acquire keeps alive every write it does not know, in each knowledge class.
      if (acquiring[ti] === UNKNOWN) acquiring[ti] = mayAcquire(prog, ti, t) ? 1 : 0;
      if (acquiring[ti] === 1) for (let k = 0; k < prog.cls.K; k++) dead &= t.base[l * prog.cls.K + k]!;
      // A thread that will not access the location reads none of its writes, nor places one
      // (canonical.ts may have dropped its view of it).
      if (live[ti] === UNKNOWN) live[ti] = liveLocs(prog, ti, t);
      if ((live[ti]! & (1 << l)) === 0) continue;
      if (prog.plainViews) { dead &= hidden(ms, t.base[l]!); continue; }
      // With proxy classes or aliases, which writes an access may read depends on the access:
      // dead only when hidden from every kind of access the thread may still make there.
      dead &= hiddenFromAll(prog, ti, t, l, ms);
    }
    if (dead !== 0) {
      masks ??= new Array<number>(s.mem.length).fill(0);
      masks[l] = dead;
    }
  }
  return masks;
}

/**
 * The state without its dead writes, every index renumbered (the state itself if none is
 * dead); `dead` when the caller has already computed deadWrites(prog, s).
 */
export function collect(prog: Program, s: MState, dead = deadWrites(prog, s)): MState {
  if (!dead) return s;
  const maps: Maps = s.mem.map((ms, l) => {
    const d = dead[l]!;
    if (d === 0) return null;
    let n = 0;
    return ms.map((_, i) => (has(d, i) ? -1 : n++));
  });
  return renumber(prog, s, maps);
}

/** s with writes renumbered by maps (old index -> new, -1 dropped), rebuilding only what changes. */
export function renumber(prog: Program, s: MState, maps: Maps): MState {
  // Only what the renumbering changes is rebuilt: unchanged threads, locations and records
  // keep their identity, and with it their cached hashes (state.ts), which a full rebuild on
  // every collection threw away.
  const vm = viewMaps(prog, maps);
  const mem = s.mem.map((ms, l): readonly Msg[] => {
    const map = maps[l];
    if (!map) {
      // Only release views change here (plain loops: this runs on most successors).
      let out: Msg[] | null = null;
      for (let i = 0; i < ms.length; i++) {
        const m = ms[i]!;
        if (m.rel.length === 0) continue;
        const rel = mapSame(m.rel, (r) => remapRel(r, vm));
        if (rel === m.rel) continue;
        out ??= ms.slice();
        out[i] = msgWith(m, m.pred, m.src, rel);
      }
      return out ?? ms;
    }
    const out: Msg[] = [];
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      const to = map[i]!;
      if (to < 0) continue;
      const src = m.src >= 0 ? (map[m.src]! >= 0 ? map[m.src]! : DEAD_SRC) : m.src;
      const pred = remapMask(m.pred, map);
      const rel = mapSame(m.rel, (r) => remapRel(r, vm));
      out[to] = src === m.src && pred === m.pred && rel === m.rel ? m : msgWith(m, pred, src, rel);
    }
    return out;
  });
  const msgIndex = (ti: number, e: Entry): number => {
    if (e.msg < 0) return e.msg;
    const map = maps[locOf(prog, prog.threads[ti]!.code[e.pc]!, e)!];
    return map ? map[e.msg]! : e.msg;
  };
  const th = mapSame(s.th, (t, ti): TState => {
    const base = remapView(t.base, vm);
    const win = mapSame(t.win, (e): Entry => {
      const ctb = e.ctb ? remapView(e.ctb, vm) : null;
      const msg = msgIndex(ti, e);
      return ctb === e.ctb && msg === e.msg ? e : withCtbMsg(e, ctb, msg);
    });
    const pend = mapSame(t.pend, (p): Pend => {
      const rel = remapRel(p.rel, vm);
      return rel === p.rel ? p : { rel, loc: p.loc };
    });
    const frel = mapSame(t.frel, (r) => remapRel(r, vm));
    const wrel = mapSame(t.wrel, (r) => remapWrel(r, vm));
    return base === t.base && win === t.win && pend === t.pend && frel === t.frel && wrel === t.wrel ? t : withThread(t, { base, win, pend, frel, wrel });
  });
  const sc = mapSame(s.sc, (r): ScRec => {
    const view = remapView(r.view, vm);
    return view === r.view ? r : { tid: r.tid, scope: r.scope, view };
  });
  const bars = mapSame(s.bars, (b): BarState => {
    const acc = remapView(b.acc, vm);
    return acc === b.acc ? b : { ...b, acc };
  });
  return withState(s, { th, mem, sc, bars });
}
