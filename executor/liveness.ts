// The executor's own liveness verdict (issue 11): can the test hang?
//
// Definition. A test can hang iff some fair execution of the machine never reaches a final
// state (every thread exited). Fair means: a fair scheduler (a thread or barrier that can move
// eventually moves, and a choice that stays available is eventually taken) and eventual
// visibility (a read repeated forever eventually reads the coherence-latest write). So a thread
// spinning on a value no thread will ever write, or a bar.sync that never gets its arrivals
// (count too large, threads that never arrive, ids that differ), hangs the test.
//
// Eventual visibility overrides fairness for reads: reading a stale write (one that another
// write the read may take is coherence-after) is a choice the machine may make but need never
// make. Where coherence leaves several latest writes unordered (it is partial), the hardware
// settles on one of them, so a read need only ever take one of those.
//
// How. The reachable state graph, with the unreduced transitions (step.ts moves: persistent
// sets may ignore a thread forever inside a cycle and would invent hangs) and unbounded loops.
// States are identified up to what cannot change behaviour (sequence numbers, the jump counter,
// finished threads, barrier phases no thread can still arrive at), so that a spin loop that
// re-reads the same write comes back to the same state and makes a cycle. A hang is then
//   - a reachable deadlock: no transition, not final; or
//   - a fair cycle: a strongly connected set of states, none final, that every transition the
//     execution must take eventually (each transition but reads; for each pending read, one of
//     its reads of a latest write) keeps inside the set.
// Plain "some state cannot reach a final state" is not enough on this machine: a state may reach
// a final one only through a stale read (a flag overwritten back: the reader may see the old
// value, but need not, ever), and a state may reach none only through executions that are
// dropped (barrier.ts: a count-less phase completed too early; memory.ts: a read of a release
// performed early, which another interleaving has in order). A transition into a dropped
// execution is one a fair execution may have to take, so it leaves every fair set: a thread
// that would have to take it sits in no fair cycle and in no deadlock.
// A count-less barrier phase completes with the threads that come to it (barrier.ts): the
// machine guesses when they all have, and drops an execution where one comes later. Here a
// phase may complete only once no other thread of its CTA that has not arrived may still come
// to it (a barrier instruction ahead that may name it), as the solver reads such a barrier
// (solver/barriers.ts): threads crossing two count-less barriers deadlock, where the guess
// would have let one pass into executions that are all dropped.
// Approximations: the machine fetches at most two loop bodies' worth ahead (WINDOW), so a hang
// that needs a thread to run further ahead than that is not found; and a loop without any memory
// operation is cut (LOCAL_JUMPS) and makes the verdict 'unknown'.
// Fair sets come from the standard refinement: strongly connected components, minus the states
// from which a required transition leaves their component, repeated until nothing changes.
import type { Bar, LitmusTest } from '../litmus/ast.js';
import { fusionChoices, fusionSites } from '../litmus/fusion.js';
import { DEFAULTS, type Deadline } from './explore.js';
import { collect } from './gc.js';
import { type CInstr, type ModelName, type Program, Unsupported, WriteLimit, ahead, compile, proxyOf } from './program.js';
import type { RV } from './bits.js';
import { type BarState, type Entry, type MState, type TState, dropped, regsHash, stateHash } from './state.js';
import { type Move, deadlocked, initialState, isFinal, moves } from './step.js';
import { finished, locOf } from './thread.js';
import { has, leq } from './view.js';

export interface Stuck {
  /** Placement id: P<thread>. */
  thread: number;
  at: 'loop' | 'barrier';
  /** The instruction it is at, as litmus/print.ts printInstr prints it. */
  instr: string;
  line: number;
}

export type LivenessVerdict =
  | { kind: 'live' }
  | { kind: 'hang'; stuck: Stuck[]; trace: string[] /* transition labels from the initial state to a stuck state */ }
  | { kind: 'unknown'; reason: string };

export interface LivenessResult {
  verdict: LivenessVerdict;
  stats: { states: number; ms: number };
}

export interface LivenessOptions {
  model?: ModelName;
  /** Most distinct states explored; more gives 'unknown' (never 'live'). */
  maxStates?: number;
  /** When to stop exploring (explore.ts Deadline): 'unknown' with its reason, unless a hang was found. */
  deadline?: Deadline;
}

// ---- growable int arrays: the graph can have millions of edges ------------------------------

interface Ints {
  a: Int32Array;
  n: number;
}
const ints = (): Ints => ({ a: new Int32Array(4096), n: 0 });
function push(x: Ints, v: number): void {
  if (x.n === x.a.length) {
    const b = new Int32Array(x.a.length * 2);
    b.set(x.a);
    x.a = b;
  }
  x.a[x.n++] = v;
}

// ---- state identity ---------------------------------------------------------------------

// A barrier phase's key is `cta|instance|id#phase` (barrier.ts): its name is before the '#'.
const keyName = (key: string): string => key.slice(0, key.lastIndexOf('#'));
const keyPhase = (key: string): number => Number(key.slice(key.lastIndexOf('#') + 1));
const ctaOf = (name: string): string => name.slice(0, name.indexOf('|'));
const phaseOf = (b: BarState): number => keyPhase(b.key);
const nameOf = (b: BarState): string => keyName(b.key);

/**
 * Which barriers a thread may still come to: `mayCome(ti, t, bit)`, a bar instruction it may
 * still fetch, or has in flight, may name a barrier of `bit` (`bitOf` of its name; -1: any
 * barrier). The barriers an instruction may name are bits of their static names (`instance|id`,
 * as barrier.ts names them); all bits for an operand in a register.
 */
function barrierReach(prog: Program): { bitOf: (name: string) => number; mayCome: (ti: number, t: TState, bit?: number) => boolean } {
  const names = new Map<string, number>();
  const staticName = (c: CInstr): string | null => {
    const b = c.ins as Bar;
    if (b.id.kind !== 'imm' || (b.instance && b.instance.kind !== 'imm')) return null;
    return `${b.instance ? b.instance.value : 0n}|${b.id.value}`;
  };
  for (const tp of prog.threads) for (const c of tp.code) {
    const n = c.ins.op === 'bar' ? staticName(c) : null;
    if (n !== null && !names.has(n) && names.size < 31) names.set(n, names.size);
  }
  const maskOf = (c: CInstr): number => {
    if (c.ins.op !== 'bar') return 0;
    const n = staticName(c);
    return n === null || !names.has(n) ? -1 : 1 << names.get(n)!;
  };
  // Per thread and pc (and code.length): the barriers a bar instruction from there on may name.
  const from = prog.threads.map((tp) => ahead(tp.code, maskOf));
  return {
    bitOf: (name) => {
      const i = names.get(name.slice(name.indexOf('|') + 1));
      return i === undefined ? -1 : 1 << i;
    },
    mayCome: (ti, t, bit = -1) => {
      const code = prog.threads[ti]!.code;
      if ((from[ti]![t.pc]! & bit) !== 0) return true;
      return t.win.some((e) => e.st === 0 && (maskOf(code[e.pc]!) & bit) !== 0);
    },
  };
}

/**
 * The transitions of s the liveness graph has (moves, unreduced): all but a count-less phase
 * completing while a thread of its CTA that has not arrived may still come to it (module comment).
 */
function livenessMoves(prog: Program, withLabels: boolean): (s: MState) => Move[] {
  const { bitOf, mayCome } = barrierReach(prog);
  const premature = (s: MState, key: string): boolean => {
    const name = keyName(key);
    const phase = keyPhase(key);
    const cta = ctaOf(name);
    const bit = bitOf(name);
    return s.th.some((t, ti) => prog.places[ti]!.cta === cta && !finished(prog, ti, t)
      && (t.passed.get(name) ?? 0) <= phase && mayCome(ti, t, bit));
  };
  return (s) => moves(prog, s, withLabels, true).filter((m) => m.bar === null || !premature(s, m.bar));
}

const sameRV = (a: RV | null, b: RV | null): boolean => (a === null || b === null ? a === b : a.w === b.w && a.v === b.v);

/**
 * The window without done entries that a later done entry of the same instruction repeats.
 * Loads performed early behind a pending older operation cannot retire, so each iteration of a
 * spin loop behind a pending store adds one and the window would grow without end. Entry j can
 * go when a later entry k of the same instruction, with every entry between them done too, has
 * the same result and contributes at least j's view: nothing names j any more (a done entry
 * has handed its value to its readers), j and k retire together and k's register write and
 * view cover j's, and no pending entry sits between them to see j's view without k's.
 */
function collapse(win: readonly Entry[]): readonly Entry[] {
  let out: Entry[] | null = null;
  for (let j = 0; j < win.length; j++) {
    const e = win[j]!;
    let drop = false;
    if (e.st === 2 && e.msg < 0) {
      for (let k = j + 1; k < win.length && win[k]!.st === 2; k++) {
        const f = win[k]!;
        if (f.pc === e.pc && f.msg === e.msg && sameRV(f.out, e.out) && (e.ctb === null || (f.ctb !== null && leq(e.ctb, f.ctb)))) { drop = true; break; }
      }
    }
    if (drop) out ??= win.slice(0, j);
    else out?.push(e);
  }
  return out ?? win;
}

/**
 * The canonical form of a state, behaving exactly like it: repeated done entries collapsed,
 * in-flight sequence numbers from 0 (they only name producers inside the window), no jump
 * count (the bound is per step, LOCAL_JUMPS), each finished thread one fixed state (nothing
 * reads it again), no barrier phase counts in a thread that cannot arrive at a barrier again,
 * and per barrier the phases renumbered from the lowest one a thread may still arrive at,
 * dropping completed phases below it.
 */
function canonizer(prog: Program): (s: MState) => MState {
  const cache = new WeakMap<TState, TState>();
  const done = prog.threads.map((tp): TState => ({
    pc: tp.code.length, jumps: 0, nextSeq: 0, win: [], regs: tp.regs0, rh: regsHash(tp.regs0, tp.regKeys), base: prog.zero,
    pend: [], frel: [], wrel: [], passed: new Map(), cut: false, trace: null,
  }));
  // mayCome(ti, t): the thread may still come to some barrier.
  const { mayCome } = barrierReach(prog);

  const renumber = (ti: number, t0: TState): TState => {
    // A thread that cannot arrive at a barrier again never reads its phase counts.
    const t = t0.passed.size > 0 && !mayCome(ti, t0) ? { ...t0, passed: new Map<string, number>() } : t0;
    const win = collapse(t.win);
    const first = t.nextSeq - t.win.length;
    if (t.jumps === 0 && first === 0 && win === t.win) return t;
    // Entries only name their producers (ops), which are in the window: number them by position.
    const pos = new Map<number, number>();
    win.forEach((e, j) => pos.set(e.seq, j));
    const at = (seq: number): number => {
      const j = pos.get(seq);
      if (j === undefined) throw new Error(`operand names entry ${seq}, not in flight`);
      return j;
    };
    const win2 = win.map((e, j) => (e.seq === j && !e.ops.some((o) => typeof o === 'number') ? e
      : { ...e, seq: j, ops: e.ops.map((o) => (typeof o === 'number' ? at(o) : o)) }));
    return { ...t, jumps: 0, nextSeq: win2.length, win: win2 };
  };
  const thread = (ti: number, t: TState): TState => {
    if (finished(prog, ti, t)) return done[ti]!;
    let c = cache.get(t);
    if (!c) {
      c = renumber(ti, t);
      cache.set(t, c);
      cache.set(c, c);
    }
    return c;
  };

  const phases = (th: TState[], bars: readonly BarState[]): { th: TState[]; bars: readonly BarState[] } => {
    const names = new Set(bars.map(nameOf));
    th.forEach((t) => { for (const k of t.passed.keys()) names.add(k); });
    if (names.size === 0) return { th, bars };
    let out: BarState[] = [];
    let changed = false;
    const passed = th.map((t) => t.passed);
    const edits = new Map<number, Map<string, number>>();
    const edit = (ti: number): Map<string, number> => {
      let m = edits.get(ti);
      if (!m) { m = new Map(passed[ti]); edits.set(ti, m); }
      return m;
    };
    for (const name of names) {
      const cta = ctaOf(name);
      let minT = Infinity;
      th.forEach((t, ti) => {
        if (prog.places[ti]!.cta === cta && mayCome(ti, t)) minT = Math.min(minT, t.passed.get(name) ?? 0);
      });
      const mine = bars.filter((b) => nameOf(b) === name);
      // A completed phase below every thread that may still arrive is never looked up again.
      const keep = mine.filter((b) => !(b.done && phaseOf(b) < minT));
      let lo = minT;
      for (const b of keep) lo = Math.min(lo, phaseOf(b));
      if (!Number.isFinite(lo)) lo = 0;
      if (keep.length !== mine.length || lo !== 0) changed = true;
      out = out.concat(lo === 0 ? keep : keep.map((b) => ({ ...b, key: `${name}#${phaseOf(b) - lo}` })));
      if (lo !== 0) {
        th.forEach((t, ti) => {
          const p = t.passed.get(name);
          if (p !== undefined) edit(ti).set(name, p - lo);
        });
      }
    }
    if (!changed && edits.size === 0) return { th, bars };
    out.sort((x, y) => (x.key < y.key ? -1 : 1));
    const th2 = th.map((t, ti) => {
      const m = edits.get(ti);
      return m ? { ...t, passed: m } : t;
    });
    return { th: th2, bars: out };
  };

  return (s) => {
    let th = s.th.map((t, ti) => thread(ti, t));
    let bars = s.bars;
    ({ th, bars } = phases(th, bars));
    if (bars === s.bars && th.every((t, ti) => t === s.th[ti])) return s;
    return { ...s, th, bars };
  };
}


// ---- the graph ----------------------------------------------------------------------------

// Node kinds.
const RUNNING = 0;
const FINAL = 1;
const DEADLOCK = 2;
/** Not explored: it holds too many writes at a location (explore). */
const UNKNOWN = 3;
/** No transition, and no deadlock (step.ts deadlocked): as a dropped execution, no hang. */
const STUCK = 4;
// Edge targets that are not nodes.
const DROPPED = -1;
const CUT = -2;

/**
 * The loop bound, per step: state identity forgets the jump count, so this only stops a loop
 * that makes no memory operation, which would otherwise spin inside one step (thread.ts settle).
 */
const LOCAL_JUMPS = 10_000;

/** Writes kept at one location before a state is left unexplored (at least; explore). */
const WRITES = 12;

/**
 * In-flight instructions per thread, in multiples of the longest thread's code: a loop whose
 * exit does not wait for a memory operation (`LOOP: st [x], 1; bra LOOP`) would fetch without
 * end. Never reached without loops; with them, the machine runs at most this far ahead.
 */
const WINDOW = 2;

interface Graph {
  /** Nodes 0..expanded-1 have their edges; later ones were found but not explored. */
  expanded: number;
  found: number;
  kind: Ints;
  /** Edges of node i: off[i]..off[i+1]. */
  off: Ints;
  /** Successor node, or DROPPED (not an execution), or CUT (past LOCAL_JUMPS). */
  dst: Ints;
  /** Fairness group of the edge within its node (each group must keep one edge in a fair set); -1: optional. */
  grp: Ints;
  /** Breadth-first tree: parent node and the index of the move (moves() order) from it. */
  parent: Ints;
  via: Ints;
}

/**
 * Fairness groups of a state's moves: every move but a read is its own group; a pending read's
 * reads of its latest choices (writes it may take that no other it may take is coherence-after)
 * are one group, since it need only settle on one of them; its stale reads are optional (-1),
 * but for a read through a non-generic proxy, whose choices are all one group.
 * Latest among its own choices, not among all writes: a write a read may not take (its own
 * thread's later write, say) is no reason to wait for ever.
 */
function groups(prog: Program, s: MState, ms: readonly Move[]): number[] {
  const entry = (m: Move): number => m.ti * 65536 + m.idx;
  const taken = new Map<number, number>();
  for (const m of ms) if (m.read >= 0) taken.set(entry(m), (taken.get(entry(m)) ?? 0) | (1 << m.read));
  let next = 0;
  const group = new Map<number, number>();
  return ms.map((m) => {
    if (m.read < 0) return next++;
    const e = s.th[m.ti]!.win[m.idx]!;
    const c = prog.threads[m.ti]!.code[e.pc]!;
    const writes = s.mem[locOf(prog, c, e)!]!;
    const choices = taken.get(entry(m))!;
    // A read through the texture, surface or constant path need never see a newer write (they
    // are not coherent, ISA §8.1): any of its choices will do, as the solver reads liveness.
    const coherent = !(c.ins.op === 'ld' || c.ins.op === 'atom') || proxyOf(prog, c.ins) === 'generic';
    if (coherent && writes.some((w, k) => has(choices, k) && has(w.pred, m.read))) return -1;
    let g = group.get(entry(m));
    if (g === undefined) { g = next++; group.set(entry(m), g); }
    return g;
  });
}

/**
 * Breadth-first exploration; stops at the first deadlock (a hang already) or at maxStates. A
 * state with too many writes at a location, or a successor with a thread cut by the local loop
 * bound, is left unexplored and makes the verdict 'unknown' unless a hang is found elsewhere
 * (`limit` says why).
 */
function explore(prog: Program, canon: (s: MState) => MState, maxStates: number, deadline?: Deadline): { g: Graph; limit: string | null } {
  const g: Graph = { expanded: 0, found: 0, kind: ints(), off: ints(), dst: ints(), grp: ints(), parent: ints(), via: ints() };
  const ids = new Map<number, number>();
  const todo: (MState | null)[] = [];
  const add = (s: MState, p: number, m: number): number => {
    const h = stateHash(s);
    let id = ids.get(h);
    if (id === undefined) {
      id = todo.length;
      ids.set(h, id);
      todo.push(s);
      push(g.parent, p);
      push(g.via, m);
    }
    return id;
  };
  let limit: string | null = null;
  // Where a new write may go in coherence is a choice per subset of the unordered strong writes
  // (memory.ts placements): exponential. More writes than the program's write instructions
  // can only come from a loop.
  const writeCap = Math.max(WRITES, prog.threads.reduce((n, t) => n + t.code.filter((c) => c.ins.op === 'st' || c.ins.op === 'atom' || c.ins.op === 'red').length, 1));
  const cutReason = `a loop went round more than ${LOCAL_JUMPS} times within one step (a loop without memory operations?)`;
  const movesOf = livenessMoves(prog, false);
  const s0 = canon(initialState(prog));
  if (s0.th.some((t) => t.cut)) limit = cutReason;
  else add(s0, -1, -1);
  let i = 0;
  for (; i < todo.length; i++) {
    if (todo.length > maxStates) { limit = `more than ${maxStates} states (maxStates): the state space may grow without bound`; break; }
    if (deadline && (i & 0x3ff) === 0 && performance.now() > deadline.at) { limit = deadline.reason; break; }
    const s = todo[i]!;
    todo[i] = null;
    push(g.off, g.dst.n);
    if (isFinal(prog, s)) { push(g.kind, FINAL); continue; }
    if (s.mem.some((w) => w.length > writeCap)) {
      limit ??= `more than ${writeCap} writes kept at one location: the state space grows without bound (a loop writes on every iteration?)`;
      push(g.kind, UNKNOWN);
      continue;
    }
    let ms: Move[];
    try {
      ms = movesOf(s);
    } catch (e) {
      if (!(e instanceof WriteLimit)) throw e;
      limit ??= `${e.message}: the state space grows without bound (a loop writes on every iteration?)`;
      push(g.kind, UNKNOWN);
      continue;
    }
    const gs = groups(prog, s, ms);
    ms.forEach((m, j) => {
      const next = collect(prog, m.raw);
      let d: number;
      if (dropped(next)) d = DROPPED;
      else if (next.th.some((t) => t.cut)) { d = CUT; limit ??= cutReason; }
      else d = add(canon(next), i, j);
      push(g.dst, d);
      push(g.grp, gs[j]!);
    });
    const dead = ms.length === 0 && deadlocked(prog, s);
    push(g.kind, dead ? DEADLOCK : ms.length === 0 ? STUCK : RUNNING);
    if (dead) { i++; break; }
  }
  g.expanded = i;
  g.found = todo.length;
  push(g.off, g.dst.n);
  return { g, limit };
}

/** Strongly connected components of the live nodes (Tarjan, iterative): comp[v] for live v, -1 otherwise. */
function components(g: Graph, live: Uint8Array, comp: Int32Array, size: Int32Array): void {
  const n = g.expanded;
  const off = g.off.a;
  const dst = g.dst.a;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const stack = new Int32Array(n);
  const on = new Uint8Array(n);
  const cs = new Int32Array(n);
  const ce = new Int32Array(n);
  let sp = 0;
  let counter = 0;
  let nc = 0;
  comp.fill(-1);
  for (let r = 0; r < n; r++) {
    if (!live[r] || index[r]! >= 0) continue;
    let top = 0;
    cs[0] = r; ce[0] = off[r]!;
    index[r] = low[r] = counter++;
    stack[sp++] = r; on[r] = 1;
    while (top >= 0) {
      const v = cs[top]!;
      if (ce[top]! < off[v + 1]!) {
        const w = dst[ce[top]!++]!;
        if (w < 0 || w >= n || !live[w]) continue;
        if (index[w]! < 0) {
          index[w] = low[w] = counter++;
          stack[sp++] = w; on[w] = 1;
          top++; cs[top] = w; ce[top] = off[w]!;
        } else if (on[w]) low[v] = Math.min(low[v]!, index[w]!);
      } else {
        if (low[v] === index[v]) {
          let k = 0;
          for (;;) {
            const w = stack[--sp]!;
            on[w] = 0; comp[w] = nc; k++;
            if (w === v) break;
          }
          size[nc++] = k;
        }
        top--;
        if (top >= 0) { const u = cs[top]!; low[u] = Math.min(low[u]!, low[v]!); }
      }
    }
  }
}

/** The states of fair cycles (module comment): 1 in the result. */
function fairStates(g: Graph): Uint8Array {
  const n = g.expanded;
  const off = g.off.a;
  const dst = g.dst.a;
  const grp = g.grp.a;
  const live = new Uint8Array(n);
  for (let v = 0; v < n; v++) live[v] = g.kind.a[v] === RUNNING ? 1 : 0;
  const comp = new Int32Array(n);
  const size = new Int32Array(n);
  let deg = 0;
  for (let v = 0; v < n; v++) deg = Math.max(deg, off[v + 1]! - off[v]!);
  const need = new Uint8Array(deg);
  const kept = new Uint8Array(deg);
  for (let changed = true; changed;) {
    changed = false;
    components(g, live, comp, size);
    for (let v = 0; v < n; v++) {
      if (!live[v]) continue;
      const c = comp[v]!;
      let ok = true;
      let loop = size[c]! > 1;
      const a = off[v]!;
      const b = off[v + 1]!;
      for (let e = a; e < b; e++) {
        const w = dst[e]!;
        const inside = w >= 0 && w < n && comp[w] === c;
        if (w === v) loop = true;
        const k = grp[e]!;
        if (k < 0) continue;
        need[k] = 1;
        if (inside) kept[k] = 1;
      }
      for (let k = 0; k < b - a; k++) {
        if (need[k] && !kept[k]) ok = false;
        need[k] = 0; kept[k] = 0;
      }
      if (!ok || !loop) { live[v] = 0; changed = true; }
    }
  }
  return live;
}

/** Where each unfinished thread of s is: waiting at a barrier, else at its oldest pending instruction (in a loop). */
function stuckThreads(prog: Program, s: MState): Stuck[] {
  const out: Stuck[] = [];
  s.th.forEach((t, ti) => {
    if (finished(prog, ti, t)) return;
    const code = prog.threads[ti]!.code;
    const waiting = t.win.find((e) => e.st === 1);
    const pending = waiting ?? t.win.find((e) => e.st === 0);
    const ci = code[pending ? pending.pc : Math.min(t.pc, code.length - 1)]!;
    out.push({ thread: prog.threads[ti]!.pid, at: waiting ? 'barrier' : 'loop', instr: ci.text, line: ci.ins.pos.line });
  });
  return out;
}

/** The labels from the initial state to node v, and v's state: the tree path replayed with labels. */
function pathTo(prog: Program, canon: (s: MState) => MState, g: Graph, v: number): { trace: string[]; state: MState } {
  const steps: number[] = [];
  for (let u = v; g.parent.a[u]! >= 0; u = g.parent.a[u]!) steps.push(g.via.a[u]!);
  steps.reverse();
  const movesOf = livenessMoves(prog, true);
  let s = canon(initialState(prog));
  const trace: string[] = [];
  for (const j of steps) {
    const m = movesOf(s)[j]!;
    trace.push(m.label);
    s = canon(collect(prog, m.raw));
  }
  return { trace, state: s };
}

/** Can the test hang (module comment)? Unsupported features come back as an error, as explore.ts runTest does. */
export function executorLiveness(test: LitmusTest, opts: LivenessOptions = {}): LivenessResult | { error: string } {
  const t0 = performance.now();
  const model = opts.model ?? DEFAULTS.model;
  const maxStates = opts.maxStates ?? DEFAULTS.maxStates;
  try {
    // One program per combination of the adds ptxas may fuse (litmus/fusion.ts): a hang in any is a hang.
    let states = 0;
    let verdict: LivenessVerdict = { kind: 'live' };
    for (const fused of fusionChoices(fusionSites(test))) {
      const loose = compile(test, model, LOCAL_JUMPS, fused);
      const prog: Program = { ...loose, window: WINDOW * Math.max(1, ...loose.threads.map((t) => t.code.length)) };
      const canon = canonizer(prog);
      const { g, limit } = explore(prog, canon, maxStates - states, opts.deadline);
      states += g.found;
      const fair = fairStates(g);
      // The first hung state found breadth-first: the shortest trace.
      let target = -1;
      for (let v = 0; v < g.expanded && target < 0; v++) if (fair[v] || g.kind.a[v] === DEADLOCK) target = v;
      if (target >= 0) {
        const { trace, state } = pathTo(prog, canon, g, target);
        verdict = { kind: 'hang', stuck: stuckThreads(prog, state), trace };
        break;
      }
      if (limit) verdict = { kind: 'unknown', reason: limit };
    }
    return { verdict, stats: { states, ms: performance.now() - t0 } };
  } catch (e) {
    if (e instanceof Unsupported) return { error: e.message };
    throw e;
  }
}
