// Exhaustive exploration of the machine: depth-first over all interleavings and memory
// choices, each state visited once (hashed), collecting the observed final states.
import type { LitmusTest, Observable, Pos } from '../litmus/ast.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { type Outcome, formatOutcome, holdsOn, observables, outcomeFormat, outcomeKey, outcomeReader, outcomesOf } from './outcome.js';
import { InputError, type ModelName, type Program, Unsupported, compile } from './program.js';
import { type MState, type Trace, dropped, stateHash, stateHashInto } from './state.js';
import { deadlocked, initialState, isFinal, successors, successorsBut } from './step.js';
import { type Sleeper, independent, sleeper } from './reduce.js';
import { canonical } from './canonical.js';
import { fusionChoices, fusionSites } from '../litmus/fusion.js';

export interface RunOptions {
  model: ModelName;
  /** Most times a loop goes round per entry (litmus/loops.ts); executions needing more are cut off (and reported). */
  bound: number;
  /** Stop after this many states (the result is then marked truncated). */
  maxStates: number;
  /** Stop at this time (performance.now()), the result truncated, Stats.stopped its reason (`cross --timeout`). */
  deadline?: Deadline;
  /** Called now and then with the number of states visited so far (for a progress line). */
  onProgress?: (visited: number) => void;
  /**
   * Partial-order reduction (step.ts independentLoad, reduce.ts persistent sets): the same
   * final states from far fewer machine states. Off: every interleaving (for comparison).
   */
  reduce?: boolean;
  /**
   * With `reduce`, sleep sets as well (explore): the same states, from fewer steps into states
   * already visited. Off only to measure them.
   */
  sleep?: boolean;
  /**
   * One state per class of states that behave alike (canonical.ts): writes numbered by
   * thread, finished threads reduced to their registers, a location nobody accesses any more
   * reduced to its last writes, what no step to come reads forgotten (footprint.ts). Off:
   * every state as made (gc.ts still collects dead writes).
   */
  canonical?: boolean;
  /**
   * Keep, per final state, the execution of one path to it (FinalState.witness): what each
   * thread read, where its writes went in coherence, the branches it took. For checking the
   * state with another engine (cli/cross.ts). Costs a record per memory operation.
   */
  witness?: boolean;
  /**
   * Drop every execution in which a spin loop goes round again (spin.ts): the same final
   * states, without the iterations that read a value that does not let the thread leave. On
   * unless false; off, such iterations count against the loop bound like any other.
   */
  spinAssume?: boolean;
}

// The same loop bound as `ptxmm check`, so that both engines count the same executions.
export const DEFAULTS: RunOptions = { model: 'ptx75', bound: DEFAULT_LOOP_BOUND, maxStates: 3_000_000 };

export interface FinalState {
  outcome: Outcome;
  text: string;
  /** Final machine states with this outcome (with each choice of final write), one per class when canonical. */
  count: number;
  /** The condition's expression holds (before the quantifier). */
  holds: boolean;
  /** With RunOptions.witness: per thread, its trace on one path to this state (newest first). */
  witness?: readonly (Trace | null)[];
  /** With RunOptions.witness, in a test with adds ptxas may fuse: the sites fused on that path (ast.ts Fusion). */
  fused?: readonly string[];
}

/** When to stop an exploration (performance.now() ms), and the reason it then gives. */
export interface Deadline {
  at: number;
  reason: string;
}

export interface Stats {
  /** Distinct machine states visited. */
  visited: number;
  /** Final machine states (all threads done) times final-write choices, those the filter keeps. */
  finals: number;
  /** Those the filter dropped. */
  filtered: number;
  /** Executions cut off by the loop bound. */
  cut: number;
  /** States where every thread not finished waits at a barrier that never completes (step.ts deadlocked). */
  deadlocks: number;
  /**
   * Steps into an execution that is dropped (a thread came to a count-less barrier after its
   * generation, or acquired an early release): such a state is not stored, so not a state visited.
   * Also a state with no transition that is no deadlock (step.ts deadlocked).
   */
  dropped: number;
  /** Steps into an execution dropped because a spin loop went round again (RunOptions.spinAssume), as `dropped`. */
  spun: number;
  truncated: boolean;
  /** Truncated by RunOptions.deadline: its reason (by maxStates: absent). */
  stopped?: string;
  ms: number;
}

export interface RunResult {
  test: LitmusTest;
  model: ModelName;
  observables: Observable[];
  states: FinalState[];
  /** The condition as quantified: exists / ~exists / forall. */
  validated: boolean;
  positive: number;
  negative: number;
  stats: Stats;
}

/** A test the executor does not run: why, and where when an instruction is at fault (Unsupported.pos). */
/** `input`: the test is an input error (program.ts InputError), not one the executor lacks a feature for. */
export type RunOutput = { ok: true; result: RunResult } | { ok: false; test: LitmusTest; error: string; pos?: Pos; input?: boolean };

/** Why a test was not run, as commands print it: `file:line:col: ` before the reason when an instruction is at fault. */
export const notRunReason = (o: { error: string; pos?: Pos }, file: string): string =>
  (o.pos ? `${file}:${o.pos.line}:${o.pos.col}: ${o.error}` : o.error);

/**
 * The visited states, by 53-bit hash, each with its sleep set (Godefroid's sleep sets with
 * state caching): open addressing over two 32-bit halves in typed arrays. A Set<number> of
 * such (non-small) numbers boxes each one, and its upkeep was a tenth of the exploration's
 * time. Slot value 0/0 marks empty; the hash 0 is kept aside.
 */
export interface Visited {
  size: number;
  /**
   * Records a visit to h with sleep set z. New: null, and h keeps z. Seen before: the
   * operations h's sleep set held that z does not (to explore now: they slept on the other
   * path only), and h keeps the two sets' common part, in `kept`.
   */
  visit(h: number, z: readonly Sleeper[]): readonly Sleeper[] | null;
  /** After a visit that was not new: the sleep set the state now keeps. */
  kept: readonly Sleeper[];
}

const NO_SLEEP: readonly Sleeper[] = [];
const sameOp = (a: Sleeper, b: Sleeper): boolean => a.ti === b.ti && a.idx === b.idx;
const holds = (z: readonly Sleeper[], a: Sleeper): boolean => z.some((b) => sameOp(a, b));
const anyCut = (s: MState): boolean => {
  for (const t of s.th) if (t.cut) return true;
  return false;
};

export function visitedTable(): Visited {
  // Small to start: a corpus test visits 41 states on average, and allocating a larger table
  // for each was a measurable share of running the corpus; it doubles as it fills.
  let cap = 1 << 8;
  // Slot i's halves side by side (2i, 2i+1): one cache miss per probe, not two.
  let slots = new Uint32Array(2 * cap);
  let sleeps: (readonly Sleeper[])[] = new Array<readonly Sleeper[]>(cap).fill(NO_SLEEP);
  let zero: readonly Sleeper[] | null = null;
  const table: Visited = { size: 0, visit, kept: NO_SLEEP };
  // The slot of h: found (>= 0), or where it goes (-1 - slot).
  function find(l: number, u: number): number {
    let i = (Math.imul(l ^ u, 0x9e3779b1) >>> 0) & (cap - 1);
    for (;;) {
      const a = slots[2 * i]!;
      const b = slots[2 * i + 1]!;
      if (a === 0 && b === 0) return -1 - i;
      if (a === l && b === u) return i;
      i = (i + 1) & (cap - 1);
    }
  }
  // The operations of `had` not in z; `kept` gets the common part.
  function again(had: readonly Sleeper[], z: readonly Sleeper[]): readonly Sleeper[] {
    if (had.length === 0) { table.kept = NO_SLEEP; return NO_SLEEP; }
    const wake = had.filter((a) => !holds(z, a));
    table.kept = wake.length === 0 ? had : had.filter((a) => holds(z, a));
    return wake;
  }
  function visit(h: number, z: readonly Sleeper[]): readonly Sleeper[] | null {
    if (h === 0) {
      if (zero) { const wake = again(zero, z); zero = table.kept; return wake; }
      zero = z;
      table.size++;
      return null;
    }
    const l = h >>> 0;
    const u = Math.floor(h / 4294967296) >>> 0;
    const at = find(l, u);
    if (at >= 0) { const wake = again(sleeps[at]!, z); sleeps[at] = table.kept; return wake; }
    const i = -1 - at;
    slots[2 * i] = l;
    slots[2 * i + 1] = u;
    sleeps[i] = z;
    table.size++;
    if (table.size * 2 > cap) {
      // Grow: rehash every entry into twice the room.
      const old = slots;
      const oldSleeps = sleeps;
      cap *= 2;
      slots = new Uint32Array(2 * cap);
      sleeps = new Array<readonly Sleeper[]>(cap).fill(NO_SLEEP);
      for (let j = 0; j < old.length; j += 2) {
        if (old[j] === 0 && old[j + 1] === 0) continue;
        const k = -1 - find(old[j]!, old[j + 1]!);
        slots[2 * k] = old[j]!;
        slots[2 * k + 1] = old[j + 1]!;
        sleeps[k] = oldSleeps[j / 2]!;
      }
    }
    return null;
  }
  return table;
}

/**
 * Depth-first over the reduced state space. With `reduce`, sleep sets too (Godefroid): after
 * a state's operation t is explored, a later operation u of it hands t to u's successors
 * asleep when the two are independent (reduce.ts independent), since t then u reaches what u
 * then t does; a sleeping operation is not taken. They leave every state reachable, and cut the
 * steps into states already visited. A state reached again with fewer asleep runs those it
 * slept on before (Visited.visit), as state caching needs.
 */
function explore(prog: Program, maxStates: number, onFinal: (s: MState) => void, onProgress?: (visited: number) => void, reduce = true, canon = true, sleep = true, deadline?: Deadline): Omit<Stats, 'finals' | 'filtered' | 'ms'> {
  const visited = visitedTable();
  const sleeps = reduce && sleep;
  // Each state waits with its part hashes (state.ts stateHashInto), which its successors
  // reuse: `width` numbers per state, on a stack of their own beside the states; and with its
  // sleep set, and for a state visited again, the operations to run now (else null).
  const stack: MState[] = [];
  const sleepOf: (readonly Sleeper[])[] = [];
  const onlyOf: (readonly Sleeper[] | null)[] = [];
  const width = prog.threads.length + prog.locs.length;
  let partsOf = new Float64Array(width * 64);
  const stats: Omit<Stats, 'finals' | 'filtered' | 'ms'> = { visited: 0, cut: 0, deadlocks: 0, dropped: 0, spun: 0, truncated: false };
  const out: number[] = [];
  const parts: number[] = [];
  const push = (s: MState, z: readonly Sleeper[], only: readonly Sleeper[] | null): void => {
    const at = stack.length * width;
    if (at + width > partsOf.length) {
      const grown = new Float64Array(partsOf.length * 2);
      grown.set(partsOf);
      partsOf = grown;
    }
    for (let i = 0; i < width; i++) partsOf[at + i] = out[i]!;
    stack.push(s);
    sleepOf.push(z);
    onlyOf.push(only);
  };
  const init = canon ? canonical(prog, initialState(prog)) : initialState(prog);
  visited.visit(stateHashInto(init, null, null, out), NO_SLEEP);
  push(init, NO_SLEEP, null);
  let steps = 0;
  // The state being expanded, its sleep set, the operations explored from it so far, and the one exploring now.
  let s: MState = init;
  let z: readonly Sleeper[] = NO_SLEEP;
  let only: readonly Sleeper[] | null = null;
  const done: Sleeper[] = [];
  let cur: Sleeper | null = null;
  let curTi = -1;
  let curIdx = -1;
  let childSleep: readonly Sleeper[] = NO_SLEEP;
  let skipped = 0;
  let emitted = 0;
  const seqAt = (ti: number, idx: number): number => s.th[ti]!.win[idx]!.seq;
  const skip = (ti: number, idx: number): boolean => {
    const seq = seqAt(ti, idx);
    if (only) return !only.some((a) => a.ti === ti && a.idx === seq);
    for (const a of z) {
      if (a.ti === ti && a.idx === seq) { skipped++; return true; }
    }
    return false;
  };
  const emit = (c: MState, ti: number, idx: number): void => {
    emitted++;
    if (sleeps && (ti !== curTi || idx !== curIdx)) {
      // The first successor of another operation: the one before is explored.
      if (cur) done.push(cur);
      curTi = ti;
      curIdx = idx;
      if (ti < 0) {
        cur = null;
        childSleep = NO_SLEEP;
      } else {
        const op = sleeper(prog, s, ti, idx);
        cur = op;
        let kept: Sleeper[] | null = null;
        for (const a of z) if (independent(a, op)) (kept ??= []).push(a);
        for (const a of done) if (independent(a, op)) (kept ??= []).push(a);
        childSleep = kept ?? NO_SLEEP;
      }
    }
    // A dropped execution ends here: counted, neither stored nor expanded.
    if (dropped(c)) {
      if (c.th.some((t) => t.bad === 'spin')) stats.spun++;
      else stats.dropped++;
      return;
    }
    const cs = canon ? canonical(prog, c, s) : c;
    const wake = visited.visit(stateHashInto(cs, s, parts, out), childSleep);
    // A state past the budget is not kept: at most maxStates are (the loop then stops).
    if (wake === null) {
      if (visited.size <= maxStates) push(cs, childSleep, null);
      else stats.truncated = true;
    }
    else if (wake.length) push(cs, visited.kept, wake);
  };
  while (stack.length) {
    if (visited.size > maxStates) { stats.truncated = true; break; }
    if ((++steps & 0x3ff) === 0) {
      if (onProgress && (steps & 0x1fff) === 0) onProgress(visited.size);
      if (deadline && performance.now() > deadline.at) { stats.truncated = true; stats.stopped = deadline.reason; break; }
    }
    s = stack.pop()!;
    z = sleepOf.pop()!;
    only = onlyOf.pop()!;
    const at = stack.length * width;
    for (let i = 0; i < width; i++) parts[i] = partsOf[at + i]!;
    if (anyCut(s)) { if (!only) stats.cut++; continue; }
    if (!only && isFinal(prog, s)) { onFinal(s); continue; }
    done.length = 0;
    cur = null;
    curTi = -1;
    curIdx = -1;
    skipped = 0;
    emitted = 0;
    // A state visited again runs only the operations that slept on its first path: no reduction, no barrier phase.
    successorsBut(prog, s, reduce && !only, skip, !only, emit);
    if (!only && emitted === 0 && skipped === 0) {
      // Nothing follows: a deadlock at a barrier, or an interleaving that cannot go on (step.ts deadlocked).
      if (deadlocked(prog, s)) stats.deadlocks++;
      else stats.dropped++;
    }
  }
  stats.visited = Math.min(visited.size, maxStates);
  return stats;
}

export function runProgram(prog: Program, maxStates: number, onProgress?: (visited: number) => void, reduce = true, canon = true, sleep = true, deadline?: Deadline): RunResult {
  const t0 = performance.now();
  const test = prog.test;
  const obs = observables(test);
  // Outcomes are computed with the filter's own terms too, then cut to what they show.
  const withFilter = observables(test, true);
  const byKey = new Map<string, FinalState>();
  let finals = 0;
  let filtered = 0;
  const filter = test.filter ? holdsOn(test.filter, withFilter) : null;
  const condition = holdsOn(test.condition.expr, obs);
  const outcomes = outcomeReader(prog, withFilter);
  const text = outcomeFormat(obs);
  const base = explore(prog, maxStates, (s) => {
    for (const full of outcomes(s)) {
      if (filter && !filter(full)) { filtered++; continue; }
      finals++;
      const o = full.length === obs.length ? full : full.slice(0, obs.length);
      const k = outcomeKey(o);
      const f = byKey.get(k);
      if (f) f.count++;
      else {
        byKey.set(k, {
          outcome: o, text: text(o), count: 1, holds: condition(o),
          ...(prog.witness ? { witness: s.th.map((t) => t.trace) } : {}),
        });
      }
    }
  }, onProgress, reduce, canon, sleep, deadline);
  const states = [...byKey.values()].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const positive = states.filter((f) => f.holds).reduce((n, f) => n + f.count, 0);
  const negative = finals - positive;
  const q = test.condition.quantifier;
  const validated = holdsAs(q, positive, negative);
  return {
    test, model: prog.model, observables: obs, states, validated, positive, negative,
    stats: { ...base, finals, filtered, ms: performance.now() - t0 },
  };
}

/**
 * Runs one test; unsupported features and bad addresses come back as an error, not a throw.
 * A test with adds ptxas may fuse (litmus/fusion.ts) runs once per combination of choices,
 * each a program of its own, within one budget of states; its final states are their union.
 */
export function runTest(test: LitmusTest, opts: Partial<RunOptions> = {}): RunOutput {
  const o = { ...DEFAULTS, ...opts };
  try {
    const sites = fusionSites(test);
    if (sites.length > MAX_FUSION_SITES) throw new Unsupported(`${sites.length} adds ptxas may fuse with their muls: the executor runs each of the 2^n combinations, and takes at most ${MAX_FUSION_SITES} such adds`);
    const runs: RunResult[] = [];
    let visited = 0;
    for (const fused of fusionChoices(sites)) {
      const prog = compile(test, o.model, o.bound, fused);
      if (o.witness) prog.witness = true;
      prog.spinAssume = o.spinAssume ?? true;
      const r = runProgram(prog, o.maxStates - visited, o.onProgress, o.reduce ?? true, o.canonical ?? true, o.sleep ?? true, o.deadline);
      if (o.witness && fused.size) for (const f of r.states) f.fused = [...fused];
      runs.push(r);
      visited += r.stats.visited;
      if (r.stats.truncated) break;
    }
    return { ok: true, result: runs.length === 1 ? runs[0]! : mergeRuns(runs) };
  } catch (e) {
    if (e instanceof Unsupported) {
      const o: RunOutput = e.pos ? { ok: false, test, error: e.message, pos: e.pos } : { ok: false, test, error: e.message };
      if (e instanceof InputError) o.input = true;
      return o;
    }
    throw e;
  }
}

/** The condition as quantified, over the final states where it holds (positive) and does not (negative). */
const holdsAs = (q: LitmusTest['condition']['quantifier'], positive: number, negative: number): boolean =>
  (q === 'exists' ? positive > 0 : q === 'not exists' ? positive === 0 : negative === 0);

/** At most this many adds that ptxas may fuse in a test the executor runs (2^n programs). */
export const MAX_FUSION_SITES = 8;

/** The runs of one test's programs (one per combination of fusions) as one: final states united, counts added. */
function mergeRuns(runs: readonly RunResult[]): RunResult {
  const first = runs[0]!;
  const byText = new Map<string, FinalState>();
  for (const r of runs) {
    for (const f of r.states) {
      const had = byText.get(f.text);
      if (had) had.count += f.count;
      else byText.set(f.text, { ...f });
    }
  }
  const states = [...byText.values()].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const sum = (k: 'visited' | 'finals' | 'filtered' | 'cut' | 'deadlocks' | 'dropped' | 'spun' | 'ms'): number => runs.reduce((n, r) => n + r.stats[k], 0);
  const positive = runs.reduce((n, r) => n + r.positive, 0);
  const negative = runs.reduce((n, r) => n + r.negative, 0);
  const q = first.test.condition.quantifier;
  const stopped = runs.find((r) => r.stats.stopped)?.stats.stopped;
  return {
    ...first, states, positive, negative,
    validated: holdsAs(q, positive, negative),
    stats: {
      visited: sum('visited'), finals: sum('finals'), filtered: sum('filtered'), cut: sum('cut'), deadlocks: sum('deadlocks'),
      dropped: sum('dropped'), spun: sum('spun'), truncated: runs.some((r) => r.stats.truncated), ms: sum('ms'), ...(stopped ? { stopped } : {}),
    },
  };
}

/**
 * A path of transitions from the initial state to a final state with the given outcome text
 * (for reporting), or null. Depth-first with the same state hashing as the exploration.
 */
export function traceTo(prog: Program, text: string, maxStates = DEFAULTS.maxStates): string[] | null {
  const obs = observables(prog.test);
  const visited = new Set<number>();
  const path: string[] = [];
  const go = (s: MState): boolean => {
    const h = stateHash(s);
    if (visited.has(h) || visited.size > maxStates) return false;
    visited.add(h);
    if (dropped(s) || s.th.some((t) => t.cut)) return false;
    if (isFinal(prog, s)) return outcomesOf(prog, obs, s).some((o) => formatOutcome(obs, o) === text);
    for (const c of successors(prog, s, true)) {
      path.push(c.label);
      if (go(c.state)) return true;
      path.pop();
    }
    return false;
  };
  return go(initialState(prog)) ? path : null;
}
