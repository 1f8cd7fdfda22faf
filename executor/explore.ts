// Exhaustive exploration of the machine: depth-first over all interleavings and memory
// choices, each state visited once (hashed), collecting the observed final states.
import type { LitmusTest, Observable, Pos } from '../litmus/ast.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { type Outcome, formatOutcome, holdsOn, observables, outcomeKey, outcomesOf } from './outcome.js';
import { type ModelName, type Program, Unsupported, compile } from './program.js';
import { type MState, type Trace, dropped, stateHash, stateHashInto } from './state.js';
import { initialState, isFinal, successors } from './step.js';
import { canonical } from './canonical.js';

export interface RunOptions {
  model: ModelName;
  /** Most times a loop goes round per entry (litmus/loops.ts); executions needing more are cut off (and reported). */
  bound: number;
  /** Stop after this many states (the result is then marked truncated). */
  maxStates: number;
  /** Called now and then with the number of states visited so far (for a progress line). */
  onProgress?: (visited: number) => void;
  /**
   * Partial-order reduction (step.ts independentLoad, reduce.ts persistent sets): the same
   * final states from far fewer machine states. Off: every interleaving (for comparison).
   */
  reduce?: boolean;
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
  /** States where some thread can never go on (a barrier never completes). */
  deadlocks: number;
  /**
   * Steps into an execution that is dropped (a thread came to a count-less barrier after its
   * generation, or acquired an early release): such a state is not stored, so not a state visited.
   */
  dropped: number;
  /** Steps into an execution dropped because a spin loop went round again (RunOptions.spinAssume), as `dropped`. */
  spun: number;
  truncated: boolean;
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
export type RunOutput = { ok: true; result: RunResult } | { ok: false; test: LitmusTest; error: string; pos?: Pos };

/** Why a test was not run, as commands print it: `file:line:col: ` before the reason when an instruction is at fault. */
export const notRunReason = (o: { error: string; pos?: Pos }, file: string): string =>
  (o.pos ? `${file}:${o.pos.line}:${o.pos.col}: ${o.error}` : o.error);

/**
 * A set of 53-bit state hashes: open addressing over two 32-bit halves in typed arrays. A
 * Set<number> of such (non-small) numbers boxes each one, and its upkeep was a tenth of the
 * exploration's time. Slot value 0/0 marks empty; the hash 0 is kept aside.
 */
export interface HashSet53 {
  size: number;
  /** Adds h; false when it was already there. */
  add(h: number): boolean;
}

export function hashSet53(): HashSet53 {
  let cap = 1 << 12;
  // Slot i's halves side by side (2i, 2i+1): one cache miss per probe, not two.
  let slots = new Uint32Array(2 * cap);
  let zero = false;
  const set = { size: 0, add };
  function put(l: number, u: number): boolean {
    let i = (Math.imul(l ^ u, 0x9e3779b1) >>> 0) & (cap - 1);
    for (;;) {
      const a = slots[2 * i]!;
      const b = slots[2 * i + 1]!;
      if (a === 0 && b === 0) { slots[2 * i] = l; slots[2 * i + 1] = u; return true; }
      if (a === l && b === u) return false;
      i = (i + 1) & (cap - 1);
    }
  }
  function add(h: number): boolean {
    if (h === 0) {
      if (zero) return false;
      zero = true;
      set.size++;
      return true;
    }
    const l = h >>> 0;
    const u = Math.floor(h / 4294967296) >>> 0;
    if (!put(l, u)) return false;
    set.size++;
    if (set.size * 2 > cap) {
      // Grow: rehash every entry into twice the room.
      const old = slots;
      cap *= 2;
      slots = new Uint32Array(2 * cap);
      for (let i = 0; i < old.length; i += 2) if (old[i] !== 0 || old[i + 1] !== 0) put(old[i]!, old[i + 1]!);
    }
    return true;
  }
  return set;
}

function explore(prog: Program, maxStates: number, onFinal: (s: MState) => void, onProgress?: (visited: number) => void, reduce = true, canon = true): Omit<Stats, 'finals' | 'filtered' | 'ms'> {
  const visited = hashSet53();
  // Each state waits with its part hashes (state.ts stateHashInto), which its successors
  // reuse: `width` numbers per state, on a stack of their own beside the states.
  const stack: MState[] = [];
  const width = prog.threads.length + prog.locs.length;
  let partsOf = new Float64Array(width * 64);
  const stats = { visited: 0, cut: 0, deadlocks: 0, dropped: 0, spun: 0, truncated: false };
  const out: number[] = [];
  const parts: number[] = [];
  const push = (s: MState): void => {
    const at = stack.length * width;
    if (at + width > partsOf.length) {
      const grown = new Float64Array(partsOf.length * 2);
      grown.set(partsOf);
      partsOf = grown;
    }
    for (let i = 0; i < width; i++) partsOf[at + i] = out[i]!;
    stack.push(s);
  };
  const init = canon ? canonical(prog, initialState(prog)) : initialState(prog);
  if (visited.add(stateHashInto(init, null, null, out))) push(init);
  let steps = 0;
  while (stack.length) {
    if (visited.size > maxStates) { stats.truncated = true; break; }
    if (onProgress && (++steps & 0x1fff) === 0) onProgress(visited.size);
    const s = stack.pop()!;
    const at = stack.length * width;
    for (let i = 0; i < width; i++) parts[i] = partsOf[at + i]!;
    if (s.th.some((t) => t.cut)) { stats.cut++; continue; }
    if (isFinal(prog, s)) { onFinal(s); continue; }
    const next = successors(prog, s, false, reduce);
    if (next.length === 0) { stats.deadlocks++; continue; }
    for (const c of next) {
      // A dropped execution ends here: counted, neither stored nor expanded.
      if (dropped(c.state)) {
        if (c.state.th.some((t) => t.bad === 'spin')) stats.spun++;
        else stats.dropped++;
        continue;
      }
      const cs = canon ? canonical(prog, c.state, s) : c.state;
      if (visited.add(stateHashInto(cs, s, parts, out))) push(cs);
    }
  }
  stats.visited = visited.size;
  return stats;
}

export function runProgram(prog: Program, maxStates: number, onProgress?: (visited: number) => void, reduce = true, canon = true): RunResult {
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
  const base = explore(prog, maxStates, (s) => {
    for (const full of outcomesOf(prog, withFilter, s)) {
      if (filter && !filter(full)) { filtered++; continue; }
      finals++;
      const o = full.length === obs.length ? full : full.slice(0, obs.length);
      const k = outcomeKey(o);
      const f = byKey.get(k);
      if (f) f.count++;
      else {
        byKey.set(k, {
          outcome: o, text: formatOutcome(obs, o), count: 1, holds: condition(o),
          ...(prog.witness ? { witness: s.th.map((t) => t.trace) } : {}),
        });
      }
    }
  }, onProgress, reduce, canon);
  const states = [...byKey.values()].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const positive = states.filter((f) => f.holds).reduce((n, f) => n + f.count, 0);
  const negative = finals - positive;
  const q = test.condition.quantifier;
  const validated = q === 'exists' ? positive > 0 : q === 'not exists' ? positive === 0 : negative === 0;
  return {
    test, model: prog.model, observables: obs, states, validated, positive, negative,
    stats: { ...base, finals, filtered, ms: performance.now() - t0 },
  };
}

/** Runs one test; unsupported features and bad addresses come back as an error, not a throw. */
export function runTest(test: LitmusTest, opts: Partial<RunOptions> = {}): RunOutput {
  const o = { ...DEFAULTS, ...opts };
  try {
    const prog = compile(test, o.model, o.bound);
    if (o.witness) prog.witness = true;
    prog.spinAssume = o.spinAssume ?? true;
    return { ok: true, result: runProgram(prog, o.maxStates, o.onProgress, o.reduce ?? true, o.canonical ?? true) };
  } catch (e) {
    if (e instanceof Unsupported) return e.pos ? { ok: false, test, error: e.message, pos: e.pos } : { ok: false, test, error: e.message };
    throw e;
  }
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
