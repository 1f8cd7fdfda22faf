// Partial-order reduction for the exploration (explore.ts): in each state, a persistent set
// of enabled operations (Godefroid), computed as a stubborn-set closure over in-flight
// entries. Exploring only a persistent set keeps every terminal state of an acyclic state
// space (our loops are bounded, so every step makes progress), hence every final state.
//
// Dependence, from what a step reads and writes (memory.ts, sync.ts):
// - across threads, an access touches only its own thread and its location's writes, a
//   fence.sc its own thread and the Fence-SC record; so two steps of different threads
//   depend only when they access one location and one of them writes, or both are fence.sc.
//   Even then a plain load does not hold back another thread's write: the write leaves every
//   write the load could take still there to take (it only adds one; views close over
//   coherence, memory.ts placements), so a set with the write need not hold the load. The
//   other way it must: the write gives the load a new choice;
// - within a thread, two weak/relaxed accesses of different locations commute (each one's
//   view and read choices look only at its own location; neither orders the other); so do,
//   on different locations, a weak/relaxed access and a later ld.acquire (only operations
//   that overtake an acquire change what it may acquire), or an earlier st.release (only
//   pending earlier operations make a release early); any other pair of one thread's
//   operations is taken as dependent;
// - a fence or barrier that waits for everything before it (thread.ts isReleaseStart) is
//   never performed while an earlier operation is pending, so it is not on any path that
//   leaves that operation out: it need not join the set; nor what it keeps behind it when
//   it also orders everything after it (isAcquireEnd);
// - only its own thread's steps enable a thread's operation (operands, guards, ordering
//   rules, fetch), except behind a barrier, which other threads complete: a closure that
//   needs such an operation, or a barrier operation itself, gives up (no reduction from
//   that first operation; barrier phases completing are then never in a set, and they
//   touch only barriers and the threads waiting there, which have nothing enabled).
// An operation not yet fetched is covered by the thread's static footprint from its fetch
// position on (locations it may read or write, whether it holds anything else); reaching it
// needs a step of that thread first, so taking all that thread's enabled steps covers it.
import type { Instr } from '../litmus/ast.js';
import { type CInstr, type Program, accessMask, ahead } from './program.js';
import type { MState } from './state.js';
import { allReady, guardOf, isAccess, isAcquireEnd, isMemLike, isReleaseStart, locOf, orderAllows, simpleAccess } from './thread.js';

/** What a thread may still fetch from each code index on (index code.length: nothing). */
interface Future {
  /** Locations read (bit mask; -1: some access through a register, any location). */
  reads: number[];
  writes: number[];
  /** Some fence.sc. */
  fsc: boolean[];
  /** Some memory operation that is not a weak/relaxed access nor an ld.acquire (fence, release...). */
  other: boolean[];
  /** Some ld.acquire. */
  acq: boolean[];
  /** Some barrier. */
  bar: boolean[];
}

/** What the closure needs of an instruction that does not change from state to state. */
interface OpStatic {
  /** A memory operation at all (others are never in a persistent set). */
  mem: boolean;
  access: boolean;
  /** An access, fence or barrier: a step of the machine when its operands, guard and order allow. */
  step: boolean;
  reads: boolean;
  writes: boolean;
  fsc: boolean;
  bar: boolean;
  simple: boolean;
  kind: Kind;
  /** Never performed while an earlier operation of its thread is pending. */
  waits: boolean;
  /** ...and holds back every later one (so nothing after it overtakes an earlier one). */
  wall: boolean;
}

interface Static {
  future: Future[];
  /** Per thread, per code index. */
  ops: OpStatic[][];
}

/** How an operation orders its own thread's other operations (module comment). */
type Kind = 'simple' | 'acqLd' | 'relSt' | 'other';
function kindOf(i: Instr): Kind {
  if (simpleAccess(i)) return 'simple';
  if (i.op === 'ld' && i.ord.sem === 'acquire') return 'acqLd';
  if (i.op === 'st' && i.ord.sem === 'release') return 'relSt';
  return 'other';
}

function futureOf(prog: Program, code: readonly CInstr[]): Future {
  const mask = (i: Instr): number => accessMask(i, prog.locOfName);
  const flag = (f: (i: Instr) => boolean): boolean[] => ahead(code, (c) => (f(c.ins) ? 1 : 0)).map((x) => x !== 0);
  return {
    reads: ahead(code, (c) => (c.ins.op === 'st' ? 0 : mask(c.ins))),
    writes: ahead(code, (c) => (c.ins.op === 'ld' ? 0 : mask(c.ins))),
    fsc: flag((i) => i.op === 'fence'),
    other: flag((i) => isMemLike(i) && !simpleAccess(i) && kindOf(i) !== 'acqLd'),
    bar: flag((i) => i.op === 'bar'),
    acq: flag((i) => kindOf(i) === 'acqLd'),
  };
}

const statics = new WeakMap<Program, Static>();
function staticOf(prog: Program): Static {
  let st = statics.get(prog);
  if (!st) {
    st = {
      future: prog.threads.map((t) => futureOf(prog, t.code)),
      ops: prog.threads.map((t, ti) => t.code.map((c): OpStatic => {
        const i = c.ins;
        const access = isAccess(i);
        const waits = !access && isMemLike(i) && isReleaseStart(prog, ti, i);
        return {
          mem: isMemLike(i), access, step: access || i.op === 'fence' || i.op === 'bar', reads: access && i.op !== 'st', writes: access && i.op !== 'ld',
          fsc: i.op === 'fence', bar: i.op === 'bar', simple: simpleAccess(i), kind: kindOf(i), waits, wall: waits && isAcquireEnd(prog, ti, i),
        };
      })),
    };
    statics.set(prog, st);
  }
  return st;
}

// The closures' visited marks: one array for all searches, each search with a new stamp
// (allocating a typed array per state cost more than the search itself).
let marks = new Int32Array(256);
let stamp = 0;
function nextStamp(): number {
  if (stamp === 0x7fffffff) { marks.fill(0); stamp = 0; }
  return ++stamp;
}

/** An in-flight operation not yet performed, as the closure sees it: its instruction's static facts, and where it stands. */
interface Op extends Pick<OpStatic, 'reads' | 'writes' | 'fsc' | 'bar' | 'simple' | 'kind' | 'waits' | 'wall'> {
  /** Index among the state's operations (persistentSet's graph node). */
  id: number;
  ti: number;
  idx: number;
  enabled: boolean;
  /** Location of an access (-1: address not known yet, any location); null for others. */
  loc: number | null;
  /** A barrier of its thread before it is not completed: other threads must complete it first. */
  behindBar: boolean;
}

const sameLoc = (a: number, b: number): boolean => a < 0 || b < 0 || a === b;
const maskHas = (mask: number, loc: number): boolean => mask !== 0 && (loc < 0 || mask === -1 || (mask & (1 << loc)) !== 0);

/**
 * Must a persistent set with operation a (of one thread) hold b (of another)? Both fence.sc,
 * or b writes a's location: b gives a's read new writes to take, or b's write and a's write
 * go in coherence either way. Not when b only reads (a plain load): it may take the same
 * writes after a as before (a write adds one, leaving the others readable), and it leaves
 * memory as it was.
 */
function needsAcross(a: Op, b: Op): boolean {
  if (a.fsc && b.fsc) return true;
  return a.loc !== null && b.loc !== null && sameLoc(a.loc, b.loc) && b.writes;
}

/** Do operations a and b of one thread depend on each other (module comment)? `idx` orders them. */
function dependentWithin(a: Pick<Op, 'loc' | 'simple' | 'kind' | 'idx'>, b: Pick<Op, 'loc' | 'simple' | 'kind' | 'idx'>): boolean {
  if (a.loc === null || b.loc === null || a.loc < 0 || b.loc < 0 || a.loc === b.loc) return true;
  if (a.simple && b.simple) return false;
  const [first, second] = a.idx < b.idx ? [a, b] : [b, a];
  return !((first.simple && second.kind === 'acqLd') || (first.kind === 'relSt' && second.simple));
}

/**
 * The enabled operations to explore in s, as [thread, entry] pairs: the smallest persistent
 * set the closure finds over every choice of a first operation. Null when there is nothing
 * to reduce (at most one enabled operation, every closure takes all, or barriers).
 */
export function persistentSet(prog: Program, s: MState): [number, number][] | null {
  const st = staticOf(prog);
  // Per thread: an uncompleted barrier in its window (its fetch position is then behind it).
  const barred = s.th.map(() => false);
  // Every thread's operations, also in one list (Array.prototype.flat measured slow here).
  const all: Op[] = [];
  const ops: Op[][] = s.th.map((t, ti) => {
    if (t.cut) return [];
    const code = prog.threads[ti]!.code;
    const statics = st.ops[ti]!;
    const out: Op[] = [];
    for (let idx = 0; idx < t.win.length; idx++) {
      const e = t.win[idx]!;
      if (e.st === 1) barred[ti] = true;
      if (e.st !== 0) continue;
      const x = statics[e.pc]!;
      if (!x.mem) continue;
      const ci = code[e.pc]!;
      const behindBar = barred[ti]!;
      if (x.bar) barred[ti] = true;
      const loc = x.access ? locOf(prog, ci, e) ?? -1 : null;
      const enabled = x.step && allReady(e) && guardOf(ci, e) === true && orderAllows(prog, ti, t, idx);
      const o: Op = {
        id: all.length, ti, idx, enabled, loc, reads: x.reads, writes: x.writes, fsc: x.fsc, bar: x.bar,
        simple: x.simple, kind: x.kind, waits: x.waits, wall: x.wall, behindBar,
      };
      out.push(o);
      all.push(o);
    }
    return out;
  });
  const enabled = all.filter((o) => o.enabled);
  if (enabled.length <= 1) return null;
  // Thread futures: what it may fetch from its fetch position on (nothing once cut).
  const fut = s.th.map((t, ti) => (t.cut ? prog.threads[ti]!.code.length : t.pc));

  // What each operation needs in a persistent set with it does not depend on the seed, so the
  // needs are a graph, built once per state; each seed's closure is what it reaches. Nodes:
  // the operations (0..n-1), then per thread "every enabled operation of it" (n + ti), then
  // "give up" (other threads may have to act first: a barrier).
  const n = all.length;
  const nt = s.th.length;
  const GIVE_UP = n + nt;
  // Rows are made when a search first reaches their node: most searches stop early.
  const needs: (number[] | undefined)[] = new Array<number[] | undefined>(GIVE_UP);
  const opNeeds = (x: Op): number[] => {
    if (x.bar) return [GIVE_UP];
    // A blocked operation: only its own thread's steps can enable it (unless it is behind a barrier).
    if (!x.enabled) return [x.behindBar ? GIVE_UP : n + x.ti];
    const out: number[] = [];
    for (let tj = 0; tj < nt; tj++) {
      const F = st.future[tj]!;
      const pc = fut[tj]!;
      if (tj === x.ti) {
        let walled = false;
        for (const y of ops[tj]!) {
          if (y === x) continue;
          if (y.idx > x.idx && y.waits) { walled ||= y.wall; continue; }
          if (walled) continue;
          if (dependentWithin(x, y)) out.push(y.id);
        }
        // Anything the thread fetches later may depend on x unless x is simple and it
        // neither touches x's location nor holds anything but simple accesses (or a wall
        // after x keeps it all behind x).
        const later = !walled && (x.simple ? F.other[pc]! || maskHas(F.reads[pc]! | F.writes[pc]!, x.loc!)
          : x.kind === 'relSt' ? F.other[pc]! || F.acq[pc]! || maskHas(F.reads[pc]! | F.writes[pc]!, x.loc!)
            : F.other[pc]! || F.acq[pc]! || F.reads[pc] !== 0 || F.writes[pc] !== 0);
        if (later) out.push(n + tj);
        continue;
      }
      for (const y of ops[tj]!) if (needsAcross(x, y)) out.push(y.id);
      const later = (x.fsc && F.fsc[pc]!) || (x.loc !== null && maskHas(F.writes[pc]!, x.loc));
      if (later) out.push(n + tj);
    }
    return out;
  };
  // Taking every enabled operation of thread ti: what may have to happen before one of its
  // later ones; impossible when other threads may have to act first (a barrier).
  const threadNeeds = (ti: number): number[] =>
    (barred[ti] || st.future[ti]!.bar[fut[ti]!] ? [GIVE_UP] : ops[ti]!.filter((o) => o.enabled).map((o) => o.id));
  const needsOf = (v: number): number[] => {
    let row = needs[v];
    if (!row) {
      row = v < n ? opNeeds(all[v]!) : threadNeeds(v - n);
      needs[v] = row;
    }
    return row;
  };
  if (marks.length <= GIVE_UP) marks = new Int32Array(2 * (GIVE_UP + 1));

  // The enabled operations seed reaches, or null when it reaches "give up" or `limit` of them.
  const closure = (seed: Op, limit: number): Op[] | null => {
    const id = seed.id;
    const work = [id];
    const mine = nextStamp();
    marks[id] = mine;
    const got: Op[] = [];
    while (work.length) {
      const v = work.pop()!;
      if (v === GIVE_UP) return null;
      if (v < n && all[v]!.enabled) {
        got.push(all[v]!);
        if (got.length >= limit) return null;
      }
      for (const w of needsOf(v)) {
        if (marks[w] === mine) continue;
        marks[w] = mine;
        work.push(w);
      }
    }
    return got;
  };

  let best: Op[] | null = null;
  for (const seed of enabled) {
    const c = closure(seed, best ? best.length : enabled.length);
    if (c && (!best || c.length < best.length)) {
      best = c;
      if (best.length === 1) break;
    }
  }
  if (!best || best.length === enabled.length) return null;
  return best.map((o) => [o.ti, o.idx]);
}

/**
 * An enabled operation as a sleep set holds it (explore.ts): its thread and entry (`idx` is
 * the entry's sequence number, which orders a thread's operations as window indices do, and
 * survives the steps that shift the window), and what independence reads.
 */
export type Sleeper = Pick<Op, 'ti' | 'idx' | 'loc' | 'writes' | 'fsc' | 'bar' | 'simple' | 'kind'>;

/** Thread ti's enabled entry idx of s as a sleeper. */
export function sleeper(prog: Program, s: MState, ti: number, idx: number): Sleeper {
  const e = s.th[ti]!.win[idx]!;
  const x = staticOf(prog).ops[ti]![e.pc]!;
  const loc = x.access ? locOf(prog, prog.threads[ti]!.code[e.pc]!, e) ?? -1 : null;
  return { ti, idx: e.seq, loc, writes: x.writes, fsc: x.fsc, bar: x.bar, simple: x.simple, kind: x.kind };
}

/**
 * Do two operations, both enabled in one state, commute, neither disabling the other? The
 * symmetric kernel of the dependence above (sleep sets need it both ways): of one thread, as
 * dependentWithin says; of two, unless both are fence.sc, or they access one location and
 * one of them writes (a load takes its choices among the writes there, so a write changes
 * them). A barrier depends on everything (other threads complete it).
 */
export function independent(a: Sleeper, b: Sleeper): boolean {
  if (a.bar || b.bar) return false;
  if (a.ti === b.ti) return !dependentWithin(a, b);
  if (a.fsc && b.fsc) return false;
  if (a.loc === null || b.loc === null) return true;
  return !(sameLoc(a.loc, b.loc) && (a.writes || b.writes));
}
