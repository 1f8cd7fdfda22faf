// The machine one step at a time, for an interactive explorer (`ptxmm explore`): every enabled
// transition of a state, labelled, with who makes it; a state as plain printable data; random
// runs; and paths to a chosen outcome. Paths are lists of indices into transitions() lists, so
// that a UI can replay, undo and jump without holding any state of its own. The UI holds no
// model logic: everything it shows about a state comes from here.
import type { Placement, Proxy, Scope } from '../litmus/ast.js';
import { barrierParts } from './barrier.js';
import { type RV, rv, show } from './bits.js';
import { DEFAULTS } from './explore.js';
import { collect, deadWrites, DEAD_SRC } from './gc.js';
import { formatOutcome, holds, observables, outcomesOf } from './outcome.js';
import type { Program } from './program.js';
import { type MState, type Msg, dropped, stateHash } from './state.js';
import { initialState, isFinal, moves, successors } from './step.js';
import { finished, loopIterations } from './thread.js';
import { has, members } from './view.js';

export { initialState };

export type TransitionKind = 'read' | 'write' | 'rmw' | 'fence' | 'barrier';

/** A write the machine forgot (gc.ts): it is gone from the state after the transition. */
export interface ForgottenWrite {
  loc: string;
  /** Its number in the state before the transition (the numbering the label uses). */
  index: number;
  value: string;
  writer: string;
}

export interface Transition {
  /** The thread's pid (P1: 1), or -1 for a barrier phase completing. */
  thread: number;
  /** The instruction performed, as printed; '' for a barrier phase completing. */
  instr: string;
  /** Its index in the thread's code; -1 for a barrier phase completing. */
  pc: number;
  /** The in-flight entry performed (InflightView.seq); -1 for a barrier phase completing. */
  seq: number;
  kind: TransitionKind;
  /** For a barrier phase completing: its key (BarrierView.key); else null. */
  barrier: string | null;
  /** As successors() labels it; write numbers `#k` are those of the state before. */
  label: string;
  /**
   * Writes no thread can read any more, forgotten after this transition: the remaining writes
   * of their locations are renumbered in `state` (so `#k` may name another write there).
   */
  forgotten: ForgottenWrite[];
  state: MState;
}

/** How an execution stands: final (counted), deadlock (no transition), cut by the loop bound, or dropped (not an execution of the model). */
export type EndKind = 'final' | 'deadlock' | 'cut' | 'dropped';

export type ThreadStatus = 'running' | 'finished' | 'waiting at barrier' | 'cut by loop bound' | 'dropped';

export interface InflightView {
  seq: number;
  pc: number;
  text: string;
  state: 'pending' | 'waiting at barrier' | 'done';
  /** Some transition of this state performs it now. */
  enabled: boolean;
  /** Once done, the value it gives its destination register (as the register's type reads it). */
  value: string | null;
  /** Once done, the write it made (its number at its location). */
  wrote: number | null;
}

export interface KnownWrites {
  loc: string;
  /** The writes of loc the thread's view holds (closed downwards under coherence). */
  writes: number[];
  /** Those no other write of the view comes after. */
  latest: number[];
}

export interface ThreadView {
  pid: number;
  /** Index in the program's threads (MState.th). */
  index: number;
  /** Placement as the test writes it after `P0@`: `cta 0,gpu 0`. */
  placement: string;
  status: ThreadStatus;
  /** The next instruction to fetch (a branch waiting for its condition), null at the end. */
  next: string | null;
  pc: number;
  /** Iterations so far of the loops it is in, added up (the loop bound limits each loop's per entry). */
  jumps: number;
  /** In-flight instructions, oldest first. */
  inflight: InflightView[];
  /** Registers as of the retired instructions, by name, values as their types read them. */
  registers: [string, string][];
  /** What the retired instructions know, per location (every knowledge class together). */
  view: KnownWrites[];
}

export interface WriteView {
  index: number;
  value: string;
  /** `init x`, or the writing thread and instruction. */
  writer: string;
  /** Writing thread's pid, null for the initial write. */
  thread: number | null;
  strength: 'weak' | `strong.${Scope}`;
  /** The location name it was written through (an alias's name for a write through it). */
  address: string;
  proxy: Proxy;
  /** The writes coherence-before it. */
  after: number[];
  /** The writes coherence order leaves unordered with it (it is partial). */
  unorderedWith: number[];
  /** No write is coherence-after it: a final value candidate. */
  latest: boolean;
  /** For the write of an atom/red: the write it read, 'forgotten' when that one was forgotten. */
  readFrom: number | 'forgotten' | null;
}

export interface LocationView {
  name: string;
  width: number;
  signed: boolean;
  /**
   * Its writes in a topological order of coherence (ties by number). Forgotten writes are
   * gone from the state: Transition.forgotten says which a step forgot.
   */
  writes: WriteView[];
}

export interface BarrierView {
  /** `cta|instance|id#phase`, as BarState keys it. */
  key: string;
  cta: string;
  instance: string;
  id: string;
  phase: number;
  arrived: number;
  /** Arrivals that complete the phase; null: whichever threads come (a count-less barrier). */
  need: number | null;
  done: boolean;
  /** Pids of the threads waiting at it. */
  waiting: number[];
}

export interface OutcomeView {
  text: string;
  /** The condition's expression holds (before its quantifier). */
  holds: boolean;
  /** The test's filter rejects it: the exploration does not count it. */
  filtered: boolean;
}

export interface MachineView {
  threads: ThreadView[];
  memory: LocationView[];
  barriers: BarrierView[];
  /** fence.sc operations performed, in Fence-SC order. */
  scOrder: { thread: number; scope: Scope }[];
  /** null while the execution goes on. */
  end: EndKind | null;
  final: boolean;
  /** When final: the outcomes as formatOutcome writes them (one per choice of final writes). */
  outcomes: string[];
  outcomeDetails: OutcomeView[];
  /** stateHash: equal states have equal hashes. */
  hash: number;
}

const isCut = (s: MState): boolean => s.th.some((t) => t.cut);

/** How s stands, with `n` its number of transitions; in the order the exploration checks. */
function endOf(prog: Program, s: MState, n: number): EndKind | null {
  if (dropped(s)) return 'dropped';
  if (isCut(s)) return 'cut';
  if (isFinal(prog, s)) return 'final';
  return n === 0 ? 'deadlock' : null;
}

const kindOf = (op: string): TransitionKind =>
  op === 'ld' ? 'read' : op === 'st' ? 'write' : op === 'atom' || op === 'red' ? 'rmw' : op === 'fence' ? 'fence' : 'barrier';

const valueText = (prog: Program, l: number, m: Msg): string => {
  const loc = prog.locs[l]!;
  return show(rv(loc.width, m.val), loc.signed);
};

/**
 * Every enabled transition of s, unreduced (no partial-order reduction: a user must see every
 * choice), in a fixed order. None where the exploration stops: a final state, an execution cut
 * by the loop bound or dropped (inspect().end says which).
 */
export function transitions(prog: Program, s: MState): Transition[] {
  if (dropped(s) || isCut(s)) return [];
  return moves(prog, s).map((m): Transition => {
    const dead = deadWrites(prog, m.raw);
    const forgotten: ForgottenWrite[] = [];
    dead?.forEach((mask, l) => {
      for (const i of members(mask, m.raw.mem[l]!.length)) {
        const w = m.raw.mem[l]![i]!;
        forgotten.push({ loc: prog.locs[l]!.name, index: i, value: valueText(prog, l, w), writer: w.label });
      }
    });
    const state = collect(prog, m.raw, dead);
    if (m.ti < 0) return { thread: -1, instr: '', pc: -1, seq: -1, kind: 'barrier', barrier: m.bar, label: m.label, forgotten, state };
    const e = s.th[m.ti]!.win[m.idx]!;
    const ci = prog.threads[m.ti]!.code[e.pc]!;
    return { thread: prog.threads[m.ti]!.pid, instr: ci.text, pc: e.pc, seq: e.seq, kind: kindOf(ci.ins.op), barrier: null, label: m.label, forgotten, state };
  });
}

function placementText(p: Placement): string {
  const levels = [p.warp !== undefined ? `warp ${p.warp}` : null, `cta ${p.cta}`, p.cluster !== undefined ? `cluster ${p.cluster}` : null, `gpu ${p.gpu}`];
  return levels.filter((x) => x !== null).join(',');
}

/** Writes of one location in a topological order of coherence: the smallest number ready first. */
function coherenceOrder(ms: readonly Msg[]): number[] {
  const out: number[] = [];
  let placed = 0;
  while (out.length < ms.length) {
    const i = ms.findIndex((m, j) => !has(placed, j) && (m.pred & ~placed) === 0);
    // pred is a strict partial order (acyclic), so some write is always ready.
    if (i < 0) throw new Error('coherence order has a cycle');
    out.push(i);
    placed |= 1 << i;
  }
  return out;
}

function threadView(prog: Program, s: MState, ti: number, enabled: ReadonlySet<string>): ThreadView {
  const t = s.th[ti]!;
  const tp = prog.threads[ti]!;
  const status: ThreadStatus = t.bad ? 'dropped' : t.cut ? 'cut by loop bound' : finished(prog, ti, t) ? 'finished'
    : t.win.some((e) => e.st === 1) ? 'waiting at barrier' : 'running';
  const signed = (r: string | null): boolean => (r === null ? false : tp.regTypes.get(r)?.signed ?? false);
  const inflight = t.win.map((e): InflightView => {
    const ci = tp.code[e.pc]!;
    return {
      seq: e.seq, pc: e.pc, text: ci.text,
      state: e.st === 0 ? 'pending' : e.st === 1 ? 'waiting at barrier' : 'done',
      enabled: enabled.has(`${ti}/${e.seq}`),
      value: e.st === 2 && e.out && ci.dst !== null ? show(e.out, signed(ci.dst)) : null,
      wrote: e.st === 2 && e.msg >= 0 ? e.msg : null,
    };
  });
  const registers = tp.regNames.map((r, i): [string, RV] => [r, t.regs[i]!]).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([r, v]): [string, string] => [r, show(v, signed(r))]);
  const K = prog.cls.K;
  const view = prog.locs.map((loc, l): KnownWrites => {
    const ms = s.mem[l]!;
    let mask = 0;
    for (let k = 0; k < K; k++) mask |= t.base[l * K + k]!;
    const writes = members(mask, ms.length);
    return { loc: loc.name, writes, latest: writes.filter((i) => writes.every((j) => !has(ms[j]!.pred, i))) };
  });
  return {
    pid: tp.pid, index: ti, placement: placementText(prog.test.threads[ti]!.placement), status,
    next: t.pc < tp.code.length ? tp.code[t.pc]!.text : null, pc: t.pc, jumps: loopIterations(prog, ti, t.jumps), inflight, registers, view,
  };
}

function locationView(prog: Program, s: MState, l: number): LocationView {
  const loc = prog.locs[l]!;
  const ms = s.mem[l]!;
  const nameAt = (vaddr: number): string => [...prog.vaddrOf].find(([, v]) => v === vaddr)?.[0] ?? loc.name;
  const writes = coherenceOrder(ms).map((i): WriteView => {
    const m = ms[i]!;
    const before = m.pred;
    let after = 0;
    ms.forEach((x, j) => { if (has(x.pred, i)) after |= 1 << j; });
    const unordered = members(~(before | after | (1 << i)), ms.length);
    return {
      index: i, value: valueText(prog, l, m), writer: m.label, thread: m.tid < 0 ? null : prog.threads[m.tid]!.pid,
      strength: m.strong ? `strong.${m.scope ?? 'sys'}` : 'weak', address: nameAt(m.vaddr), proxy: m.proxy,
      after: members(before, ms.length), unorderedWith: unordered, latest: after === 0,
      readFrom: m.src === DEAD_SRC ? 'forgotten' : m.src >= 0 ? m.src : null,
    };
  });
  return { name: loc.name, width: loc.width, signed: loc.signed, writes };
}

/** State s as plain printable data: threads, memory, barriers, the Fence-SC order, how it ends (`ts`: its transitions, when known). */
export function inspect(prog: Program, s: MState, ts: readonly Transition[] = transitions(prog, s)): MachineView {
  const enabled = new Set<string>();
  for (const t of ts) if (t.seq >= 0) enabled.add(`${prog.index.get(t.thread)!}/${t.seq}`);
  const end = endOf(prog, s, ts.length);
  const barriers = s.bars.map((b): BarrierView => ({
    key: b.key, ...barrierParts(b.key), arrived: b.arrived, need: b.need === 0 ? null : b.need, done: b.done,
    waiting: b.waiting.map((ti) => prog.threads[ti]!.pid),
  }));
  const details: OutcomeView[] = [];
  if (end === 'final') {
    // Computed with the filter's own terms (observables(test, true)); shown without them.
    const obs = observables(prog.test);
    const withFilter = observables(prog.test, true);
    const filter = prog.test.filter;
    for (const o of outcomesOf(prog, withFilter, s)) {
      const d = { text: formatOutcome(obs, o), holds: holds(prog.test.condition.expr, obs, o), filtered: filter ? !holds(filter, withFilter, o) : false };
      if (!details.some((x) => x.text === d.text && x.filtered === d.filtered)) details.push(d);
    }
  }
  return {
    threads: s.th.map((_, ti) => threadView(prog, s, ti, enabled)),
    memory: prog.locs.map((_, l) => locationView(prog, s, l)),
    barriers,
    scOrder: s.sc.map((r) => ({ thread: prog.threads[r.tid]!.pid, scope: r.scope })),
    end, final: end === 'final', outcomes: details.map((d) => d.text), outcomeDetails: details, hash: stateHash(s),
  };
}

export interface RandomRun {
  /** Indices into the transitions() list of each state along the way. */
  steps: number[];
  state: MState;
  /** How the last state stands; null when maxSteps ran out first. */
  end: EndKind | null;
  /** It stopped before maxSteps in a state that is not final (end says why: deadlock, cut, dropped). */
  stuck: boolean;
}

/** From s, uniformly random transitions (rand() in [0, 1)) until none is left or maxSteps were taken. */
export function randomRun(prog: Program, s: MState, rand: () => number, maxSteps = 10_000): RandomRun {
  const steps: number[] = [];
  let cur = s;
  let n = -1;
  while (steps.length < maxSteps) {
    const ts = transitions(prog, cur);
    n = ts.length;
    if (n === 0) break;
    const i = Math.min(n - 1, Math.floor(rand() * n));
    steps.push(i);
    cur = ts[i]!.state;
    n = -1;
  }
  // n is -1 when the last state's transitions were not listed (maxSteps ran out).
  const end = n === 0 ? endOf(prog, cur, 0) : null;
  return { steps, state: cur, end, stuck: end !== null && end !== 'final' };
}

/** The states along a path of transitions() indices from `from`: path.length + 1 of them. */
export function replay(prog: Program, path: readonly number[], from: MState = initialState(prog)): MState[] {
  const out = [from];
  let cur = from;
  path.forEach((i, k) => {
    const ts = transitions(prog, cur);
    const t = ts[i];
    if (!t) throw new Error(`replay: step ${k} takes transition ${i}, but its state has ${ts.length}`);
    cur = t.state;
    out.push(cur);
  });
  return out;
}

// Outcome texts compare as sets of `name=value` items: the solver lists locations first, in
// declaration order, the executor sorts (formatOutcome ends each value with a `;`).
const normOutcome = (t: string): string => t.split(';').map((v) => v.trim()).filter((v) => v !== '').sort().join('; ');

/**
 * The states from `from` to a final state with the given outcome, by a depth-first search
 * over the reduced successors (fast, and it loses no outcome). Null when there is none;
 * 'stopped' after maxStates states.
 */
function search(prog: Program, want: string, from: MState, maxStates: number): MState[] | null | 'stopped' {
  const obs = observables(prog.test);
  const visited = new Set<number>();
  const visit = (s: MState): 'found' | 'open' | 'closed' => {
    const h = stateHash(s);
    if (visited.has(h)) return 'closed';
    visited.add(h);
    if (dropped(s) || isCut(s)) return 'closed';
    if (isFinal(prog, s)) return outcomesOf(prog, obs, s).some((o) => normOutcome(formatOutcome(obs, o)) === want) ? 'found' : 'closed';
    return 'open';
  };
  const first = visit(from);
  if (first !== 'open') return first === 'found' ? [from] : null;
  // Explicit stacks: loops make paths long enough to overflow recursion.
  const path: MState[] = [from];
  const next: MState[][] = [successors(prog, from).map((c) => c.state)];
  const pos: number[] = [0];
  while (path.length > 0) {
    if (visited.size > maxStates) return 'stopped';
    const k = path.length - 1;
    const c = next[k]![pos[k]!++];
    if (!c) { path.pop(); next.pop(); pos.pop(); continue; }
    const r = visit(c);
    if (r === 'found') return [...path, c];
    if (r === 'open') { path.push(c); next.push(successors(prog, c).map((x) => x.state)); pos.push(0); }
  }
  return null;
}

/**
 * A path (indices into transitions() lists, unreduced) from `from` (the initial state) to a
 * final state with outcome `outcome`, as formatOutcome writes it (the trailing `;` may be
 * left out); null when no execution ends so; 'stopped' when none was found within maxStates
 * states (the search gave up: no answer).
 */
export function pathTo(prog: Program, outcome: string, from: MState = initialState(prog), maxStates = DEFAULTS.maxStates): number[] | null | 'stopped' {
  const states = search(prog, normOutcome(outcome), from, maxStates);
  if (states === null || states === 'stopped') return states;
  // Each reduced successor is also an unreduced one (the reduction only leaves transitions out).
  const steps: number[] = [];
  let cur = from;
  for (let k = 1; k < states.length; k++) {
    const h = stateHash(states[k]!);
    const ts = transitions(prog, cur);
    const i = ts.findIndex((t) => stateHash(t.state) === h);
    if (i < 0) throw new Error(`pathTo: step ${k - 1} of the search is none of the ${ts.length} transitions of its state (a bug: successors() and transitions() disagree)`);
    steps.push(i);
    cur = ts[i]!.state;
  }
  return steps;
}
