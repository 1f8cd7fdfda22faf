// Brute force, the reference for the Z3 encoding: enumerate every candidate execution of a
// (small) test — rf, co, Fence-SC order, barrier arrival order — evaluate the model on each
// with the concrete interpreter, and collect the final states of the consistent ones.
import { type Exchange, exchangeDefinition, maskLanes } from './exchanges.js';
import { type LitmusTest, type Observable, WARP_SIZE, observablesIn } from '../litmus/ast.js';
import { fusionChoices } from '../litmus/fusion.js';
import type { ConcreteResult, Execution, Pair } from '../model/concrete.js';
import { evaluate, isAcyclic } from '../model/concrete.js';
import type { EventInfo } from '../model/events.js';
import { staticRel } from '../model/events.js';
import type { Model } from '../model/relalg.js';
import type { N, Value } from './expr.js';
import { newEvaluator } from './expr.js';
import { asInteger, conditionHolds, observableName } from '../litmus/types.js';
import { type SymEvent, UNSET_REGISTER, type Unrolled, UnsupportedError, strayReason } from './unroll.js';
import { awaitedBy } from './barriers.js';
import { refuseOutsideModel } from './encode.js';

export interface EnumResult {
  /** Final states as `name=value;...` strings (observables in encoding order). */
  states: Set<string>;
  candidates: number;
  consistent: number;
}

/** Names of the observables of a test, in the order the encoder uses. */
export function observablesOf(test: LitmusTest): Observable[] {
  const out: Observable[] = [];
  const seen = new Set<string>();
  const add = (o: Observable): void => {
    const k = observableName(o);
    if (!seen.has(k)) { seen.add(k); out.push(o); }
  };
  observablesIn(test.condition.expr).forEach(add);
  for (const o of test.observed) add(o);
  return out;
}

/**
 * What final states are computed over (the test's observables, then what only its filter
 * reads), and for such a state (finalStates' text) the state the test shows, or null when it
 * does not pass the filter: the filter is applied here, as the encoder applies it.
 */
export function filteredStates(test: LitmusTest): { obs: Observable[]; shown: (state: string) => string | null } {
  const obs = observablesOf(test);
  const filter = test.filter;
  if (!filter) return { obs, shown: (f) => f };
  const n = obs.length;
  const seen = new Set(obs.map(observableName));
  const all = [...obs];
  for (const o of observablesOf({ ...test, condition: { ...test.condition, expr: filter }, observed: [] })) {
    if (!seen.has(observableName(o))) all.push(o);
  }
  return {
    obs: all,
    shown: (f) => {
      const val = new Map(stateValues(f));
      return conditionHolds(filter, (o) => val.get(observableName(o))!) ? (f === '' ? [] : f.split(';')).slice(0, n).join(';') : null;
    },
  };
}

/** A final state as finalStates writes it (`name=value;...`, '' for none) read back as values. */
export function stateValues(state: string): [string, bigint][] {
  return state === '' ? [] : state.split(';').map((kv) => {
    const i = kv.lastIndexOf('=');
    return [kv.slice(0, i), BigInt(kv.slice(i + 1))];
  });
}

function* product<T>(choices: T[][]): Generator<T[]> {
  const idx = choices.map(() => 0);
  if (choices.some((c) => c.length === 0)) return;
  for (;;) {
    yield idx.map((i, k) => choices[k]![i]!);
    let k = choices.length - 1;
    while (k >= 0 && ++idx[k]! === choices[k]!.length) { idx[k] = 0; k--; }
    if (k < 0) return;
  }
}

/** Every strict partial order on `xs` (as pair lists). */
function partialOrders(xs: number[]): Pair[][] {
  const pairs: Pair[] = [];
  for (const a of xs) for (const b of xs) if (a !== b) pairs.push([a, b]);
  const out: Pair[][] = [];
  for (let mask = 0; mask < 1 << pairs.length; mask++) {
    const rel = pairs.filter((_, i) => mask & (1 << i));
    const has = new Set(rel.map(([a, b]) => `${a},${b}`));
    let ok = true;
    for (const [a, b] of rel) {
      if (has.has(`${b},${a}`)) { ok = false; break; }
      for (const [c, d] of rel) if (b === c && !has.has(`${a},${d}`)) { ok = false; break; }
      if (!ok) break;
    }
    if (ok) out.push(rel);
  }
  return out;
}

function* permutations<T>(xs: T[]): Generator<T[]> {
  if (xs.length <= 1) { yield xs.slice(); return; }
  for (let i = 0; i < xs.length; i++) {
    const rest = [...xs.slice(0, i), ...xs.slice(i + 1)];
    for (const p of permutations(rest)) yield [xs[i]!, ...p];
  }
}

/** An upper bound on the candidate executions `enumerate` would visit (to keep tests small). */
export function candidateBound(u: Unrolled): number {
  const ws = new Map<number, number>();
  for (const e of u.events) if (e.info.kind === 'W' && !e.info.init) ws.set(e.info.ploc, (ws.get(e.info.ploc) ?? 0) + 1);
  const posets = [1, 1, 3, 19, 219, 4231, 130023];
  let n = 1;
  for (const e of u.events) if (e.info.kind === 'R') n *= 1 + (u.events.filter((w) => w.info.kind === 'W' && w.info.ploc === e.info.ploc).length);
  for (const k of ws.values()) n *= posets[k] ?? Infinity;
  const sc = u.events.filter((e) => e.info.fence === 'sc').length;
  n *= 2 ** ((sc * (sc - 1)) / 2);
  const bars = u.events.filter((e) => e.info.kind === 'B').length;
  for (let i = 2; i <= bars; i++) n *= i;
  return n * 2 ** u.fusions.length;
}

/**
 * `onConsistent` sees each consistent execution with its final states that pass the filter (a
 * test counts executions with it), the model evaluated on it, and its events' ids in `u`; with
 * `inconsistentToo`, every candidate execution (`res.consistent` tells).
 */
export function enumerate(
  test: LitmusTest, u: Unrolled, model: Model, limit = 2_000_000,
  onConsistent?: (x: Execution, states: string[], res: ConcreteResult, ids: readonly number[]) => void,
  inconsistentToo = false,
): EnumResult {
  const { events } = u;
  // What the model does not apply to, brute force refuses as the solver does (encode.ts).
  refuseOutsideModel(test, model);
  // Brute force evaluates values: an unknown initial value (a kernel's .shared) would be every value.
  const unknown = u.locations.find((l) => l.unknown);
  if (unknown) throw new UnsupportedError(`${unknown.name} has no initial value (any value): brute force enumerates concrete values only`);
  const reads = readsOf(u);
  const writesAt = new Map<number, number[]>();
  for (const e of events) if (e.info.kind === 'W') (writesAt.get(e.info.ploc) ?? writesAt.set(e.info.ploc, []).get(e.info.ploc)!).push(e.info.id);
  const choices = reads.map((r) => [-1, ...(writesAt.get(r.info.ploc) ?? [])]);
  const states = new Set<string>();
  let candidates = 0;
  let consistent = 0;
  const { obs, shown } = filteredStates(test);

  // ptxas's choices of fusion (litmus/fusion.ts) are one more dimension: every combination.
  const fusions = fusionChoices(u.fusions.map((_, i) => i));
  for (const pick of product([...choices, fusions.map((_, i) => i)])) {
    const sk = skeleton(u, new Map<number, number>(reads.map((r, i) => [r.info.id, pick[i]!])), fusions[pick[reads.length]!]);
    // An execution cut off at the loop bound has no final state; it is asked only whether an
    // access reaches no location, as the solver asks it (a stray before a spin that never ends).
    if (!sk || (sk.cut && u.strays.length === 0)) continue;
    const { ids, newId, infos, rmwPartner, rf, dep, ev, exec, sfChoices, barChoices } = sk;
    // co choices per location: partial orders of the executed non-initial writes, initial write first.
    const coChoices: Pair[][][] = [];
    for (const ws of writesAt.values()) {
      const ex = ws.filter((w) => exec[w]).map((w) => newId.get(w)!);
      const init = ex.filter((w) => infos[w]!.init);
      const rest = ex.filter((w) => !infos[w]!.init);
      coChoices.push(partialOrders(rest).map((po) => [...po, ...init.flatMap((i) => rest.map((b): Pair => [i, b]))]));
    }

    for (const coParts of product(coChoices.length ? coChoices : [[[]]])) {
      const co = coParts.flat();
      for (const syncFence of sfChoices) {
        for (const syncBarrier of barChoices) {
          if (++candidates > limit) throw new Error('too many candidate executions');
          const x: Execution = { events: infos, rmwPartner, rf, co, syncFence, syncBarrier, dep };
          const res = evaluate(model, x);
          if (res.consistent) {
            // An access that reaches no location: the program has no meaning (solver/run.ts refuseStrays).
            for (const st of u.strays) if (ev(st.at) === true) throw new UnsupportedError(strayReason(u, st, ev(st.addr) as bigint), st.pos);
          }
          if (sk.cut || (!res.consistent && !inconsistentToo)) continue;
          const fin = finalStates(u, obs, ids, newId, co, ev).flatMap((f) => shown(f) ?? []);
          if (res.consistent) {
            consistent++;
            for (const s of fin) states.add(s);
          }
          onConsistent?.(x, fin, res, ids);
        }
      }
    }
  }
  return { states, candidates, consistent };
}

/** One rf choice made into an execution, coherence still open (executed events renumbered from 0). */
export interface Skeleton {
  /** Executed events' ids in the unrolled program, and back. */
  ids: number[];
  newId: Map<number, number>;
  infos: EventInfo[];
  rmwPartner: number[];
  rf: Pair[];
  dep: Pair[];
  /** Values and guards under this rf. */
  ev: (n: N) => Value;
  /** Per unrolled event: executed. */
  exec: boolean[];
  /** A thread is cut off at the loop bound: no final state, but its accesses count (run.ts refuseStrays). */
  cut: boolean;
  /** The Fence-SC orders and barrier synchronisations to try. */
  sfChoices: Pair[][];
  barChoices: Pair[][];
}

/**
 * A thread's operation of phase `phase` (0: the first) among those `at` accepts, its operations
 * walked in program order and never past that one: a later one's guard may depend on the
 * result being computed (the next round of a loop on a bar.red or a vote).
 */
function inPhase<T>(ops: readonly T[], at: (x: T) => boolean, phase: number): T | undefined {
  let n = 0;
  for (const x of ops) if (at(x) && n++ === phase) return x;
  return undefined;
}

// Busy keys (skeleton): reads by event id, bar.red results at -1 - event id, exchange results below this.
const XCHG = -(2 ** 40);

/**
 * The execution of `rfOf` (each read event -> the write event it reads, -1 not executed), or
 * null when it is none of the program's: a value out of thin air, a read executed without a
 * write to read or the other way round, a write read that is not executed, a thread cut off.
 */
export function skeleton(u: Unrolled, rfOf: Map<number, number>, fused: ReadonlySet<number> = new Set()): Skeleton | null {
  const { dag, events } = u;
  const reads = readsOf(u);
  // Read values follow rf; a value that depends on itself is out of thin air: skip.
  const busy = new Set<number>();
  let cyclic = false;
  let ev: (n: N) => Value = () => 0n;
  const readValue = (id: number): bigint => {
    const w = rfOf.get(id)!;
    if (w < 0) return 0n;
    if (busy.has(id)) { cyclic = true; return 0n; }
    busy.add(id);
    const v = ev(events[w]!.value!) as bigint;
    busy.delete(id);
    return v;
  };
  // A bar.red's result (unroll.ts `bar_red_<event>`): the predicates of the bar.red operations
  // of its kind that meet it (barrierKey, and the same phase). Each thread's barrier operations
  // are walked in program order up to the one in that phase, never past it: a later one's guard
  // (the next round of a `while (__syncthreads_or(...))`) depends on this very result. One that
  // depends on itself reads past the barrier (not causal): skipped as thin air is.
  const barsOf = barriersByThread(u);
  const exchangesOf = new Map<number, Exchange[]>();
  for (const x of u.exchanges) (exchangesOf.get(x.thread) ?? exchangesOf.set(x.thread, []).get(x.thread)!).push(x);
  const redValue = (id: number): bigint => {
    const b = events[id]!;
    const red = b.bar!.red!;
    if (busy.has(-1 - id)) { cyclic = true; return 0n; }
    busy.add(-1 - id);
    const k = barrierKey(b, ev);
    const atB = (a: SymEvent): boolean => ev(a.guard) === true && barrierKey(a, ev) === k;
    const phase = barsOf.get(b.info.thread)!.filter((a) => a.info.poIndex < b.info.poIndex && atB(a)).length;
    const bits: boolean[] = [];
    for (const ops of barsOf.values()) {
      if (ops[0]!.info.place!.cta !== b.info.place!.cta) continue;
      const a = inPhase(ops, atB, phase);
      if (a?.bar!.red?.op === red.op) bits.push(ev(a.bar!.red.bit) === true);
    }
    busy.delete(-1 - id);
    if (red.op === 'popc') return BigInt(bits.filter((x) => x).length);
    return (red.op === 'or' ? bits.some((x) => x) : bits.every((x) => x)) ? 1n : 0n;
  };
  // A warp exchange's result (unroll.ts `xchg_<id>`, exchanges.ts): its definition over the
  // lanes' operations of its kind and mask in the same phase, found as bar.red's are, each
  // thread's walked in program order up to the one in the phase.
  const xchgValue = (id: number): bigint => {
    const d = u.exchanges[id]!;
    if (busy.has(XCHG - id)) { cyclic = true; return 0n; }
    busy.add(XCHG - id);
    const mask = ev(d.mask) as bigint;
    const at = (e: Exchange): boolean => e.kind === d.kind && ev(e.guard) === true && ev(e.mask) === mask;
    const phase = exchangesOf.get(d.thread)!.filter((e) => e.id < d.id && at(e)).length;
    const lanes: Exchange[] = [];
    for (const [thread, ops] of exchangesOf) {
      if (thread === d.thread || ops[0]!.warp !== d.warp || ((mask >> BigInt(ops[0]!.lane)) & 1n) === 0n) continue;
      const e = inPhase(ops, at, phase);
      if (e) lanes.push(e);
    }
    if (d.from) {
      const j = ev(d.from) as bigint;
      if (!lanes.some((e) => BigInt(e.lane) === j)) throw new Error(`brute force: ${d.where} reads lane ${j}, which does not take part (its value is unpredictable)`);
    }
    const v = ev(exchangeDefinition(dag, d, lanes.map((x) => ({ x, same: dag.T })))) as bigint;
    busy.delete(XCHG - id);
    return v;
  };
  const env = (name: string): Value | undefined => {
    if (name.startsWith('v')) return readValue(Number(name.slice(1)));
    if (name.startsWith('bar_red_')) return redValue(Number(name.slice(8)));
    if (name.startsWith('xchg_') && !name.startsWith('xchg_any_')) return xchgValue(Number(name.slice(5)));
    if (name.startsWith('fuse_')) return fused.has(Number(name.slice(5)));
    // A kernel's register read before any write is any value: brute force, which enumerates
    // reads-from and not values, does not go there (as with a lane that does not take part).
    if (name.startsWith(UNSET_REGISTER)) {
      const [tid, ...reg] = name.slice(UNSET_REGISTER.length).split('_');
      throw new Error(`brute force: thread ${tid} reads %${reg.join('_')} before any instruction writes it (its value is undefined)`);
    }
    return undefined;
  };
  ev = newEvaluator(dag, env);
  for (const r of reads) readValue(r.info.id);
  if (cyclic) return null;
  const exec = events.map((e) => ev(e.guard) === true);
  if (cyclic) return null;
  // The choice must match control flow: executed reads read, others do not.
  if (reads.some((r) => exec[r.info.id] !== (rfOf.get(r.info.id)! >= 0))) return null;
  if ([...rfOf].some(([, w]) => w >= 0 && !exec[w])) return null;
  const cut = u.threads.some((t) => ev(t.cut) === true);

  // Renumber executed events.
  const { ids, newId, infos, rmwPartner } = executed(u, exec);
  const rf: Pair[] = [...rfOf].filter(([r, w]) => w >= 0 && exec[r]).map(([r, w]) => [newId.get(w)!, newId.get(r)!]);
  const dep: Pair[] = [];
  for (const id of ids) for (const [r, f] of events[id]!.deps) if (exec[r] && ev(f) === true) dep.push([newId.get(r)!, newId.get(id)!]);

  // Fence-SC order: orient every morally strong pair of fence.sc, acyclic.
  const sc = infos.filter((e) => e.fence === 'sc');
  const scPairs: Pair[] = [];
  for (let i = 0; i < sc.length; i++) for (let j = i + 1; j < sc.length; j++) {
    const a = sc[i]!;
    const b = sc[j]!;
    if (a.thread === b.thread || staticRel('sr', a, b, () => -1)) scPairs.push([a.id, b.id]);
  }
  const sfChoices: Pair[][] = [];
  for (const o of product(scPairs.map(() => [false, true]))) {
    const rel = scPairs.map(([a, b], i): Pair => (o[i] ? [a, b] : [b, a]));
    if (isAcyclic(infos.length, rel)) sfChoices.push(rel);
  }
  return { ids, newId, infos, rmwPartner, rf, dep, ev, exec, cut, sfChoices, barChoices: barrierChoices(u, ids, newId, ev) };
}

// Brute force makes a skeleton per rf choice: the read events are listed once per program.
const readEvents = new WeakMap<Unrolled, Unrolled['events']>();
function readsOf(u: Unrolled): Unrolled['events'] {
  let r = readEvents.get(u);
  if (!r) { r = u.events.filter((e) => e.info.kind === 'R'); readEvents.set(u, r); }
  return r;
}

// Per program and set of executed events, one renumbering: the concrete evaluator keeps what
// does not depend on rf and co (the static relations, morally-strong, ...) per events array, so
// every execution with the same events reuses it.
type Executed = Pick<Skeleton, 'ids' | 'newId' | 'infos' | 'rmwPartner'>;
const executedSets = new WeakMap<Unrolled, Map<string, Executed>>();
function executed(u: Unrolled, exec: boolean[]): Executed {
  let byKey = executedSets.get(u);
  if (!byKey) { byKey = new Map(); executedSets.set(u, byKey); }
  const ids = u.events.filter((e) => exec[e.info.id]).map((e) => e.info.id);
  const key = ids.join(',');
  let x = byKey.get(key);
  if (!x) {
    const newId = new Map(ids.map((id, i) => [id, i]));
    const infos: EventInfo[] = ids.map((id, i) => ({ ...u.events[id]!.info, id: i }));
    const rmwPartner = ids.map((id) => { const p = u.events[id]!.rmw; return u.events[id]!.info.kind === 'R' && p >= 0 ? newId.get(p)! : -1; });
    x = { ids, newId, infos, rmwPartner };
    byKey.set(key, x);
  }
  return x;
}

/**
 * Which barrier operations may meet: a CTA barrier's are its CTA's threads', bar.warp.sync's
 * (its mask in id) its warp's (`cta/wN`), each agreeing on instance and id.
 */
const barrierKey = (e: SymEvent, ev: (n: N) => Value): string => `${e.bar!.warp ?? e.info.place!.cta}|${ev(e.bar!.instance)}|${ev(e.bar!.id)}`;

// Each thread's barrier operations in program order, listed once per program.
const barrierLists = new WeakMap<Unrolled, Map<number, SymEvent[]>>();
function barriersByThread(u: Unrolled): Map<number, SymEvent[]> {
  let m = barrierLists.get(u);
  if (!m) {
    m = new Map();
    for (const e of u.events) if (e.info.kind === 'B') (m.get(e.info.thread) ?? m.set(e.info.thread, []).get(e.info.thread)!).push(e);
    for (const ops of m.values()) ops.sort((a, b) => a.info.poIndex - b.info.poIndex);
    barrierLists.set(u, m);
  }
  return m;
}

/** All sync_barrier relations for the executed barriers: one per feasible arrival order. */
function barrierChoices(u: Unrolled, ids: number[], newId: Map<number, number>, ev: (n: N) => Value): Pair[][] {
  const bars = ids.map((id) => u.events[id]!).filter((e) => e.info.kind === 'B');
  const key = (e: SymEvent): string => barrierKey(e, ev);
  const phase = new Map<number, number>();
  for (const b of bars) {
    phase.set(b.info.id, bars.filter((a) => a.info.thread === b.info.thread && a.info.poIndex < b.info.poIndex && key(a) === key(b)).length);
  }
  const group = (e: SymEvent): string => `${key(e)}|${phase.get(e.info.id)}`;
  const waits = warpWaits(u, bars, group, ev);
  if (bars.length === 0) return waits(new Map(), new Map(), new Map()) ? [[]] : [];
  const out = new Map<string, Pair[]>();
  const warpOf = (a: SymEvent): string => u.threads[a.info.thread]!.warp;
  for (const order of permutations(bars)) {
    const t = new Map(order.map((b, i) => [b.info.id, i]));
    const pass = new Map<number, number>();
    // Per kernel barrier operation with a count: the threads that must have exited when it passes.
    const exitBy = new Map<number, number[]>();
    let ok = true;
    for (const b of order) {
      if (b.bar!.waits === 'warp') {
        // Its warp's lanes arrive (or exit) before it passes; a bar.sync also needs the count in
        // whole warps, each marked once all its lanes are there or exited: here the earliest.
        const members = order.filter((a) => group(a) === group(b));
        const lanesIn = (w: string): number[] => u.threads.flatMap((th, i) => (th.cta === u.threads[b.info.thread]!.cta && th.warp === w ? [i] : []));
        const byWarp = new Map<string, SymEvent[]>();
        for (const a of members) (byWarp.get(warpOf(a)) ?? byWarp.set(warpOf(a), []).get(warpOf(a))!).push(a);
        const warp = (w: string): { mark: number; gone: number[] } => {
          const come = byWarp.get(w)!;
          return { mark: Math.max(...come.map((a) => t.get(a.info.id)!)), gone: lanesIn(w).filter((i) => !come.some((a) => a.info.thread === i)) };
        };
        const own = warp(warpOf(b));
        let at = own.mark;
        const gone = [...own.gone];
        if (b.info.barMode === 'sync') {
          const q = Math.ceil(Number(ev(b.bar!.count!) as bigint) / WARP_SIZE);
          const others = [...byWarp.keys()].filter((w) => w !== warpOf(b)).map(warp).sort((x, y) => x.mark - y.mark).slice(0, Math.max(0, q - 1));
          if (1 + others.length < q) { ok = false; break; }
          for (const o of others) { at = Math.max(at, o.mark); gone.push(...o.gone); }
        }
        pass.set(b.info.id, at);
        exitBy.set(b.info.id, gone);
        continue;
      }
      if (b.info.barMode !== 'sync') { pass.set(b.info.id, t.get(b.info.id)!); continue; }
      const members = order.filter((a) => group(a) === group(b));
      // The count is in threads; each arrival accounts for `unit` of them (a warp, or one thread).
      const q = b.bar!.count ? Math.ceil(Number(ev(b.bar!.count) as bigint) / b.bar!.unit) : members.length;
      if (q > members.length) { ok = false; break; }
      const qth = q <= 0 ? 0 : t.get(members[q - 1]!.info.id)!;
      pass.set(b.info.id, Math.max(t.get(b.info.id)!, qth));
    }
    if (!ok) continue;
    // A thread's barrier operations arrive after its earlier ones passed.
    for (const a of bars) for (const b of bars) {
      if (a.info.thread === b.info.thread && a.info.poIndex < b.info.poIndex && !(pass.get(a.info.id)! < t.get(b.info.id)!)) ok = false;
    }
    if (!ok || !waits(t, pass, exitBy)) continue;
    const rel: Pair[] = [];
    for (const b of bars) {
      if (b.info.barMode !== 'sync') continue;
      for (const a of bars) {
        if (a === b || a.info.thread === b.info.thread || group(a) !== group(b)) continue;
        if (t.get(a.info.id)! <= pass.get(b.info.id)!) rel.push([newId.get(a.info.id)!, newId.get(b.info.id)!]);
      }
    }
    rel.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    out.set(JSON.stringify(rel), rel);
  }
  return [...out.values()];
}

/**
 * Whether the executed warp-level operations can all complete (barriers.ts), given the
 * barriers' arrival and pass times (and `group`, which barrier operations meet). The operations of an exchange meeting (its warp, kind, mask
 * and phase) pass together, at one point in time, after what their lanes passed before it and
 * before what they arrive at after it; each other lane of its mask, and of a bar.warp.sync's
 * (each other thread of the CTA, for a kernel's count-less bar.sync), that does not meet it
 * has exited by then, after everything it did. Times are dense (the solver's are integers it
 * may spread out): possible unless these points are ordered in a cycle, or a chain of them is
 * squeezed between a pass and an arrival that come in the other order.
 */
function warpWaits(u: Unrolled, bars: SymEvent[], group: (b: SymEvent) => string, ev: (n: N) => Value): (t: Map<number, number>, pass: Map<number, number>, exitBy: Map<number, number[]>) => boolean {
  const xs = u.exchanges.filter((x) => ev(x.guard) === true);
  const warpBars = bars.filter((b) => (b.bar!.waits === 'mask' || b.bar!.waits === 'cta') && b.info.barMode === 'sync');
  if (xs.length === 0 && warpBars.length === 0 && !bars.some((b) => b.bar!.waits === 'warp')) return () => true;
  const meeting = new Map<number, string>();
  const members = new Map<string, { self: number; warp: string; mask: bigint; come: Set<number> }>();
  for (const x of xs) {
    const phase = xs.filter((e) => e.thread === x.thread && e.id < x.id && e.kind === x.kind && ev(e.mask) === ev(x.mask)).length;
    const m = `${x.warp}|${x.kind}|${ev(x.mask)}|${phase}`;
    meeting.set(x.id, m);
    (members.get(m) ?? members.set(m, { self: x.thread, warp: x.warp, mask: ev(x.mask) as bigint, come: new Set() }).get(m)!).come.add(x.thread);
  }
  const exit = (t: number): string => `exit ${t}`;
  // Each thread's waiting operations in program order, then its exit.
  type Op = { po: number; bar: SymEvent | null; m: string | null };
  const seqs = new Map<number, Op[]>(u.threads.map((_, t) => [t, []]));
  for (const b of bars) seqs.get(b.info.thread)!.push({ po: b.info.poIndex, bar: b, m: null });
  for (const x of xs) seqs.get(x.thread)!.push({ po: x.po, bar: null, m: meeting.get(x.id)! });
  for (const [t, seq] of seqs) seq.sort((a, b) => a.po - b.po).push({ po: Infinity, bar: null, m: exit(t) });
  // The lanes that meet a bar.warp.sync: those of its group (barrierChoices: key and phase).
  const barMembers = new Map(warpBars.map((b) => [b.info.id, new Set(bars.filter((a) => group(a) === group(b)).map((a) => a.info.thread))]));
  return (t, pass, exitBy) => {
    const low = new Map<string, number>();
    const high = new Map<string, number>();
    const after = new Map<string, Set<string>>();
    const node = (n: string): void => { if (!after.has(n)) { low.set(n, -Infinity); high.set(n, Infinity); after.set(n, new Set()); } };
    for (const seq of seqs.values()) {
      for (const o of seq) if (o.m !== null) node(o.m);
      for (let i = 0; i + 1 < seq.length; i++) {
        const a = seq[i]!;
        const b = seq[i + 1]!;
        if (a.m !== null && b.m !== null) after.get(a.m)!.add(b.m);
        else if (a.m !== null) high.set(a.m, Math.min(high.get(a.m)!, t.get(b.bar!.info.id)!));
        else if (b.m !== null) low.set(b.m, Math.max(low.get(b.m)!, pass.get(a.bar!.info.id)!));
      }
    }
    for (const [m, { self, warp, mask, come }] of members) {
      for (const s of maskLanes(u.threads, self, warp, mask)) if (!come.has(s)) after.get(exit(s))!.add(m);
    }
    for (const b of warpBars) {
      const come = barMembers.get(b.info.id)!;
      for (const s of awaitedBy(u.dag, u.threads, b)!) {
        if (!come.has(s)) high.set(exit(s), Math.min(high.get(exit(s))!, pass.get(b.info.id)!));
      }
    }
    for (const [id, gone] of exitBy) for (const s of gone) high.set(exit(s), Math.min(high.get(exit(s))!, pass.get(id)!));
    // Depth-first: a cycle fails; otherwise each point's lowest time is the greatest lower
    // bound along the points leading to it, which must come before its own upper bound.
    const before = new Map<string, string[]>([...after.keys()].map((n) => [n, []]));
    for (const [a, next] of after) for (const b of next) before.get(b)!.push(a);
    const state = new Map<string, 'open' | number>();
    const lowest = (n: string): number | null => {
      const st = state.get(n);
      if (st === 'open') return null;
      if (st !== undefined) return st;
      state.set(n, 'open');
      let l = low.get(n)!;
      for (const p of before.get(n)!) {
        const k = lowest(p);
        if (k === null) return null;
        l = Math.max(l, k);
      }
      state.set(n, l);
      return l;
    };
    for (const n of after.keys()) {
      const l = lowest(n);
      if (l === null || !(l < high.get(n)!)) return false;
    }
    return true;
  };
}

export function finalStates(
  u: Unrolled, obs: Observable[], ids: number[], newId: Map<number, number>, co: Pair[],
  ev: (n: N) => Value,
): string[] {
  // Values are the integers their types say, as the solver reports them (litmus/types.ts).
  // A location may end with the value of any co-maximal executed write (co is partial): one
  // choice per physical location, which every name of it (an alias) shows, as the encoder has it.
  const plocs = [...new Set(obs.flatMap((o) => (o.kind === 'loc' ? [u.plocOf.get(o.name)!] : [])))];
  const choices: bigint[][] = plocs.map((ploc) => {
    const ws = ids.filter((id) => u.events[id]!.info.kind === 'W' && u.events[id]!.info.ploc === ploc);
    const maximal = ws.filter((w) => !co.some(([a, b]) => a === newId.get(w) && ws.some((v) => newId.get(v) === b)));
    return [...new Set(maximal.map((w) => ev(u.events[w]!.value!) as bigint))];
  });
  return [...product(choices)].map((pick) => obs.map((o) => {
    if (o.kind === 'reg') {
      const th = u.threads[u.threadIndex.get(o.thread)!]!;
      const t = th.types.get(o.reg) ?? { width: 32, signed: false };
      return `${observableName(o)}=${asInteger((ev(th.regs.get(o.reg) ?? u.dag.bv(32, 0)) as bigint), t)}`;
    }
    const ploc = u.plocOf.get(o.name)!;
    return `${o.name}=${asInteger(pick[plocs.indexOf(ploc)]!, u.locations[ploc]!)}`;
  }).join(';'));
}
