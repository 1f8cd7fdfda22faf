// The machine's transitions: any thread may perform any of its in-flight operations that
// the ordering rules allow (independent thread scheduling, sm_70+), choosing what to read and
// where a write goes in coherence order; a count-less barrier may complete a generation.
// After each transition the threads it touched run their local work (thread.ts settle).
import type { Fence } from '../litmus/ast.js';
import { arrive, barrierText, fire, fireable } from './barrier.js';
import { collect } from './gc.js';
import { type Choice, loads, rmws, stores } from './memory.js';
import type { Program } from './program.js';
import { type MState, type TState, withMsg, withThMem } from './state.js';
import { persistentSet } from './reduce.js';
import { fenceSc } from './sync.js';
import { allReady, finished, guardOf, initialThread, isMemLike, locOf, orderAllows, pendingBefore, settle } from './thread.js';

export function initialState(prog: Program): MState {
  return {
    th: prog.threads.map((_, i) => initialThread(prog, i)),
    mem: prog.locs.map((l) => [withMsg({
      val: l.init, tid: -1, strong: true, scope: 'sys', proxy: 'generic', vaddr: prog.vaddrOf.get(l.name)!,
      rel: [], pred: 0, src: -1, label: `init ${l.name}`, id: -1,
    })]),
    sc: [],
    bars: [],
    bad: false,
  };
}

/** Runs the local work of the threads a transition touched, then (with gc) forgets dead writes. */
function settleThreads(prog: Program, s: MState, tis: readonly number[], gc: boolean): MState {
  let th: TState[] | null = null;
  for (const ti of tis) {
    const t = settle(prog, ti, s.th[ti]!);
    if (t !== s.th[ti]) {
      th ??= s.th.slice();
      th[ti] = t;
    }
  }
  const s2 = th ? withThMem(s, th, s.mem) : s;
  return gc ? collect(prog, s2) : s2;
}

const isWrite = (op: string): boolean => op === 'st' || op === 'atom' || op === 'red';

/** No thread has, or may still fetch, a write to loc. */
function quiet(prog: Program, s: MState, loc: number): boolean {
  return s.th.every((u, ui) => {
    if (finished(prog, ui, u)) return true;
    const tp = prog.threads[ui]!;
    if ((tp.writesFrom[u.pc]! & (1 << loc)) !== 0) return false;
    return u.win.every((f) => f.st === 2 || !isWrite(tp.code[f.pc]!.ins.op) || (allReady(f) && locOf(prog, tp.code[f.pc]!, f) !== loc));
  });
}

/**
 * A load that commutes with every other transition: the oldest pending operation of its
 * thread, not an acquire, of a location nobody will write any more. Its read choices are
 * fixed and its effect is its own thread's, so exploring it alone here loses no outcome
 * (a persistent set of one step).
 */
function independentLoad(prog: Program, s: MState): [number, number] | null {
  for (let ti = 0; ti < s.th.length; ti++) {
    const t = s.th[ti]!;
    if (t.cut) continue;
    const code = prog.threads[ti]!.code;
    for (let idx = 0; idx < t.win.length; idx++) {
      const e = t.win[idx]!;
      const i = code[e.pc]!.ins;
      // Only the oldest operation of its thread: performing it can then not constrain an earlier one.
      if (e.st !== 0) continue;
      if (i.op !== 'ld' || i.ord.sem === 'acquire' || !allReady(e) || guardOf(code[e.pc]!, e) !== true || pendingBefore(t, idx)) break;
      const loc = locOf(prog, code[e.pc]!, e);
      if (loc !== undefined && orderAllows(prog, ti, t, idx) && quiet(prog, s, loc)) return [ti, idx];
    }
  }
  return null;
}

/**
 * A transition as its maker sees it: in-flight entry idx of thread ti, or (ti -1, idx -1) barrier
 * phase `bar` completing; `read` the write a read or read-modify-write took (-1 for others).
 */
type Emit = (label: string, state: MState, ti: number, idx: number, bar: string | null, read: number) => void;

/**
 * Emits s's transitions: with `reduce`, only a persistent set's; never those `skip` names
 * (explore.ts's sleep sets); barrier phases completing only with `fires`.
 */
function expand(prog: Program, s: MState, withLabels: boolean, reduce: boolean, gc: boolean, emit: Emit, refused = false,
  skip: ((ti: number, idx: number) => boolean) | null = null, fires = true): void {
  const alone = reduce ? independentLoad(prog, s) : null;
  if (alone) {
    const [ti, idx] = alone;
    if (skip && skip(ti, idx)) return;
    const ci = prog.threads[ti]!.code[s.th[ti]!.win[idx]!.pc]!;
    for (const c of loads(prog, s, ti, idx, ci, withLabels, false, gc)) emit(c.label, settleThreads(prog, c.state, [ti], gc), ti, idx, null, c.read ?? -1);
    return;
  }
  // Otherwise a persistent set (reduce.ts), when one is smaller than everything.
  const only = reduce ? persistentSet(prog, s) : null;
  // Performs enabled entry idx of thread ti (emits nothing for a fence.proxy or a local instruction).
  const perform = (ti: number, idx: number): void => {
    const ci = prog.threads[ti]!.code[s.th[ti]!.win[idx]!.pc]!;
    const pid = prog.threads[ti]!.pid;
    let cs: Choice[];
    switch (ci.ins.op) {
      case 'ld': cs = loads(prog, s, ti, idx, ci, withLabels, refused, gc); break;
      case 'st': cs = stores(prog, s, ti, idx, ci, withLabels); break;
      case 'atom': case 'red': cs = rmws(prog, s, ti, idx, ci, withLabels, refused); break;
      case 'fence': {
        // fence.acq_rel is thread-local and already run by settle; only fence.sc is left here.
        cs = [{ label: withLabels ? `P${pid}: ${ci.text}` : '', state: fenceSc(prog, s, ti, idx, (ci.ins as Fence).scope) }];
        break;
      }
      case 'bar': {
        const r = arrive(prog, s, ti, idx, ci);
        const what = r.released.length ? `, releasing ${r.released.map((i) => `P${prog.threads[i]!.pid}`).join(' ')}` : '';
        emit(withLabels ? `P${pid}: ${ci.text} arrives${what}` : '', settleThreads(prog, r.state, [ti, ...r.released], gc), ti, idx, null, -1);
        return;
      }
      default: return;
    }
    for (const c of cs) emit(c.label, settleThreads(prog, c.state, [ti], gc), ti, idx, null, c.read ?? -1);
  };
  if (only) {
    // persistentSet has checked that its members are enabled: they are performed in the order
    // the scan below would take them (by thread, then window index), without asking again.
    const inOrder = only.length > 1 ? only.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]) : only;
    for (const [ti, idx] of inOrder) {
      if (skip && skip(ti, idx)) continue;
      perform(ti, idx);
    }
    // (No barrier phase completes outside a persistent set: reduce.ts is off with barriers.)
    return;
  }
  for (let ti = 0; ti < s.th.length; ti++) {
    const t = s.th[ti]!;
    if (t.cut) continue;
    const code = prog.threads[ti]!.code;
    for (let idx = 0; idx < t.win.length; idx++) {
      const e = t.win[idx]!;
      if (e.st !== 0) continue;
      if (skip && skip(ti, idx)) continue;
      const ci = code[e.pc]!;
      if (!isMemLike(ci.ins) || !allReady(e) || guardOf(ci, e) !== true || !orderAllows(prog, ti, t, idx)) continue;
      perform(ti, idx);
    }
  }
  if (!fires) return;
  for (const key of fireable(prog, s)) {
    const r = fire(s, key);
    emit(withLabels ? `${barrierText(key)} completes for ${r.released.map((i) => `P${prog.threads[i]!.pid}`).join(' ')}` : '', settleThreads(prog, r.state, r.released, gc), -1, -1, key, -1);
  }
}

/**
 * Every successor of s (labels only when asked: they cost time), reduced: a load that commutes
 * with everything else is the only transition (independentLoad). moves() lists them all.
 */
export function successors(prog: Program, s: MState, withLabels = false, reduce = true): Choice[] {
  const out: Choice[] = [];
  expand(prog, s, withLabels, reduce, true, (label, state) => { out.push({ label, state }); });
  return out;
}

/**
 * The successors of s (reduced when `reduce`) for a search with sleep sets (explore.ts), each
 * with the operation that made it (thread, window index in s; -1, -1 a barrier phase), but
 * none of the operations `skip` names; with `fires` false, no barrier phase either.
 */
export function successorsBut(prog: Program, s: MState, reduce: boolean, skip: (ti: number, idx: number) => boolean, fires: boolean,
  emit: (state: MState, ti: number, idx: number) => void): void {
  expand(prog, s, false, reduce, true, (_label, state, ti, idx) => { emit(state, ti, idx); }, false, skip, fires);
}

/** A transition with who makes it (stepper.ts). */
export interface Move {
  label: string;
  /** The successor before dead writes are forgotten: gc.ts collect of it is the successor. */
  raw: MState;
  /** Thread index, or -1 for a barrier phase completing. */
  ti: number;
  /** The thread's in-flight entry performed (index into its window in s), -1 for a barrier completing. */
  idx: number;
  /** The key of the barrier phase completing, else null. */
  bar: string | null;
  /** For a read or read-modify-write: the write it read (its index at the location in s), else -1. */
  read: number;
}

/**
 * Every enabled transition of s, unreduced, in the order successors() lists them; labelled
 * unless withLabels is false (labels cost time; liveness.ts asks for them only along its trace).
 * With `refused`, also the reads memory.ts refuses, each to a dropped state (liveness.ts).
 */
export function moves(prog: Program, s: MState, withLabels = true, refused = false): Move[] {
  const out: Move[] = [];
  expand(prog, s, withLabels, false, false, (label, raw, ti, idx, bar, read) => { out.push({ label, raw, ti, idx, bar, read }); }, refused);
  return out;
}

export function isFinal(prog: Program, s: MState): boolean {
  // A loop, not every(): asked of every state, and its closure was allocated each time.
  for (let ti = 0; ti < s.th.length; ti++) if (!finished(prog, ti, s.th[ti]!)) return false;
  return true;
}

/**
 * A state with no transition is a deadlock when every thread not finished waits at a barrier
 * (its phase never completes). Otherwise an interleaving that cannot go on: each read the
 * next operation may take is refused, or a write has no place left in coherence (a later
 * write of its thread went first, and atomicity and coherence as made leave it none), and
 * another interleaving has its executions.
 */
export const deadlocked = (prog: Program, s: MState): boolean => s.th.every((t, ti) => finished(prog, ti, t) || t.win.some((e) => e.st === 1));
