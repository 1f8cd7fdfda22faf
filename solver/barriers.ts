// Barrier synchronization as constraints on arrival and passing times (see solver/README.md).
import type { Dag, N } from './expr.js';
import type { SRel } from './symbolic.js';
import { type Instr, type Value, WARP_SIZE } from '../litmus/ast.js';
import type { Stop, SymEvent, Unrolled } from './unroll.js';
import { type Exchange, type Meeting, awaited, maskLanes } from './exchanges.js';
import { components } from './scc.js';

/**
 * Barriers (ISA §8.8.4 and the corpus's Dartagnan dialect). Two barrier operations meet when
 * they are in the same CTA (for bar.warp.sync, the same warp, with the mask as the id), agree
 * on instance and id, and are the same use of that barrier by their threads (phase). Each
 * operation has an arrival time; a bar.sync passes once `count` operations of its barrier
 * have arrived (all of them when no count is given), and a thread's later barrier operations
 * arrive after its earlier ones passed, so circular waits have no terminating execution. An
 * operation synchronizes with a bar.sync that had not passed yet when it arrived.
 *
 * Warp exchanges (shfl.sync, vote.sync, redux.sync, match.sync; exchanges.ts) wait too: each
 * lane's operation passes once every lane it meets has arrived, in the same order of arrivals
 * and passes as the thread's barriers. So operations that meet crosswise (a thread waiting at
 * one for a lane that waits at another) have no terminating execution, as on a GPU. They
 * order no memory (no sync edges).
 */
export interface BarrierWait {
  /** The bar.sync event, or an exchange's `take` event. */
  event: number;
  /** The instruction, as deadlock reports name it. */
  label: string;
  /** It passes only once enough operations arrived: the condition, kept apart so that when no
   * execution terminates, an unsat core can name the barriers nobody gets past. */
  ok: N;
}

/**
 * For liveness: where threads may stop for good (unroll.ts `Stop`). A bar.sync a thread stops
 * at never passes. A count-less bar.sync waits for the operations that would arrive at it
 * (its members, as above): it also never passes while another thread of its CTA has stopped
 * for good without arriving but would come to a barrier operation that may be this one.
 */
export interface BarrierStops {
  stops: Stop[];
}

export function encodeBarriers(u: Unrolled, asserts: N[], live?: BarrierStops, timedSync = false): { sync: SRel; waits: BarrierWait[]; never: Map<number, N> } {
  const { dag, events, meetings, barMeetings: meets } = u;
  const out: SRel = new Map();
  const waits: BarrierWait[] = [];
  /** Per bar.sync or exchange (its `take`) that may be a stop: it can never complete (the liveness justification). */
  const never = new Map<number, N>();
  const bars = events.filter((e) => e.info.kind === 'B' && e.guard !== dag.F);
  const xs = u.exchanges.filter((x) => x.guard !== dag.F);
  if (bars.length === 0 && xs.length === 0) return { sync: out, waits, never };
  const arrive = (e: SymEvent): N => dag.intVar(`bar_t_${e.info.id}`);
  // A bar.arrive passes on arrival, but in a kernel it first waits for its warp.
  const pass = (e: SymEvent): N => (e.info.barMode === 'sync' || e.bar!.waits === 'warp' ? dag.intVar(`bar_p_${e.info.id}`) : arrive(e));
  const xArrive = (x: Exchange): N => dag.intVar(`xchg_t_${x.id}`);
  const xPass = (x: Exchange): N => dag.intVar(`xchg_p_${x.id}`);
  const exitOf = (t: number): N => dag.intVar(`exit_${t}`);
  // A thread's waiting operations, barriers and exchanges, in program order: each arrives after
  // the one before passed; the thread exits after the last passed.
  const ops = [
    ...bars.map((b) => ({ thread: b.info.thread, po: b.info.poIndex, guard: b.guard, arrive: arrive(b), pass: pass(b) })),
    ...xs.map((x) => ({ thread: x.thread, po: x.po, guard: x.guard, arrive: xArrive(x), pass: xPass(x) })),
  ];
  const mayExit = new Map(xs.map((x) => [x.id, awaited(u.threads, x, dag.constOf(x.mask) as bigint)]));
  const keep = timesInCycles(bars.length > 0, ops, xs, meetings, mayExit, xArrive, xPass, exitOf);
  for (const a of ops) {
    for (const b of ops) {
      if (a.thread === b.thread && a.po < b.po && keep(a.pass, b.arrive)) asserts.push(dag.implies(dag.and(a.guard, b.guard), dag.ilt(a.pass, b.arrive)));
    }
  }
  const exited = new Set<number>();
  const exitAfter = (t: number): N => {
    if (!exited.has(t)) {
      exited.add(t);
      for (const o of ops) if (o.thread === t && keep(o.pass, exitOf(t))) asserts.push(dag.implies(o.guard, dag.ilt(o.pass, exitOf(t))));
    }
    return exitOf(t);
  };
  // Thread t stops for good somewhere (liveness).
  const stopped = (t: number): N => dag.or(...(live?.stops ?? []).filter((s) => s.thread === t).map((s) => s.lit));
  /**
   * A warp-level operation (bar.warp.sync, an exchange) waits for every lane of its mask that
   * has not exited (ISA 9.7.12.2, and the ISA on shfl.sync, vote.sync, redux.sync and
   * match.sync): each other thread of its warp in the mask (`lanes`) either meets it (`met`, the
   * conditions its operations meet on) or has exited when it passes (asked of `mayExit`, the
   * lanes that may exit without meeting it). For liveness, `missing`: such a thread has stopped
   * for good without meeting it, anywhere, which keeps it waiting (unlike a count-less bar.sync,
   * which waits only for a thread with a barrier ahead that may be it, as the corpus reads it).
   */
  const warpWait = (lanes: number[], mayExit: number[], passAt: N, met: (t: number) => N): { exited: N; missing: N } => {
    const exited = dag.and(...mayExit.filter((t) => keep(exitOf(t), passAt)).map((t) => dag.or(met(t), dag.ile(exitAfter(t), passAt))));
    const missing = !live ? dag.F : dag.or(...lanes.map((t) => dag.and(stopped(t), dag.not(met(t)))));
    return { exited, missing };
  };
  for (const b of bars) {
    const lanes = awaitedBy(dag, u.threads, b);
    if (b.info.barMode !== 'sync' && !lanes) continue;
    const stop = live?.stops.find((s) => s.event === b.info.id)?.lit ?? dag.F;
    const passes = dag.and(b.guard, dag.not(stop));
    const members = meets.get(b.info.id)!;
    const metBy = (t: number): N => dag.or(...members.filter((m) => m.a.info.thread === t).map((m) => m.same));
    let missing: N = dag.F;
    let exited: N = dag.T;
    if (lanes) ({ exited, missing } = warpWait(lanes, lanes, pass(b), metBy));
    else if (live && !b.bar!.count) {
      // Count-less, it waits for every thread of the CTA that would come to it: one stopped for
      // good elsewhere, without arriving, keeps it waiting.
      missing = dag.or(...live.stops
        .filter((s) => s.thread !== b.info.thread && s.cta === b.info.place!.cta && s.ahead.some((a) => mayMeet(a, b.instr!)))
        .map((s) => dag.and(s.lit, dag.not(metBy(s.thread)))));
    }
    // A kernel's barrier operation with a count passes once the lanes of its warp that meet it arrived.
    const mates = b.bar!.waits !== 'warp' ? dag.T
      : dag.and(...members.filter((m) => lanes!.includes(m.a.info.thread)).map((m) => dag.implies(m.same, dag.ile(arrive(m.a), pass(b)))));
    if (b.info.barMode !== 'sync') {
      // A kernel's bar.arrive waits for its warp only (ISA 9.7.12.1).
      waits.push({ event: b.info.id, label: b.info.label, ok: dag.implies(passes, dag.and(dag.ile(arrive(b), pass(b)), mates, exited, dag.not(missing))) });
      if (stop !== dag.F) never.set(b.info.id, missing);
      continue;
    }
    // Where it passes only once every operation it meets has arrived, each of them synchronizes
    // with it whenever they meet: no time term per pair, so closures over them stay small
    // (named_barrier's 64 threads 7.3 s -> 2.7 s). Not with `timedSync`, for queries that drop
    // the waiting (solver/run.ts whyNoState): there a barrier that does not wait must not order.
    const all = !timedSync && (!b.bar!.count || needsEveryWarp(dag, u.threads, b));
    for (const { a, same } of members) put(out, a.info.id, b.info.id, dag.and(same, dag.not(stop), all ? dag.T : dag.ile(arrive(a), pass(b))));
    const red = b.bar!.red;
    if (red) asserts.push(dag.implies(b.guard, dag.eq(red.result, reduction(dag, red, members))));
    let enough: N;
    let never_: N;
    if (b.bar!.waits === 'warp') {
      // A kernel's count is reached by whole warps: its own (whose lanes it waits for), and each
      // other warp of the CTA once every lane of it has arrived at this phase or exited, and
      // one has arrived (ISA 9.7.12.1: "marks warps' arrival at barrier").
      const me = u.threads[b.info.thread]!;
      const warps = new Map<string, number[]>();
      u.threads.forEach((t, i) => { if (t.cta === me.cta && t.warp !== me.warp) (warps.get(t.warp) ?? warps.set(t.warp, []).get(t.warp)!).push(i); });
      const arrivedBy = (t: number): N => dag.or(...members.filter((m) => m.a.info.thread === t).map((m) => dag.and(m.same, dag.ile(arrive(m.a), pass(b)))));
      const warpsIn = (at: (t: number) => N, gone: (t: number) => N): N =>
        dag.iadd(dag.int(1), ...[...warps.values()].map((ts) => dag.b2i(dag.and(dag.or(...ts.map(at)), ...ts.map((t) => dag.or(at(t), gone(t)))))));
      enough = inWarps(dag, b.bar!.count!, warpsIn(arrivedBy, (t) => dag.and(dag.not(stopped(t)), dag.ile(exitAfter(t), pass(b)))));
      never_ = dag.or(missing, dag.not(inWarps(dag, b.bar!.count!, warpsIn(metBy, (t) => dag.not(stopped(t))))));
    } else {
      const count = b.bar!.count;
      if (count) {
        // Enough threads have arrived (each litmus thread accounting for `unit` threads).
        const counted = (n: N): N => dag.ile(dag.bv2int(count), dag.iadd(...Array<N>(b.bar!.unit).fill(n)));
        enough = counted(dag.iadd(dag.int(1), ...members.map(({ a, same }) => dag.b2i(dag.and(same, dag.ile(arrive(a), pass(b)))))));
        never_ = dag.not(counted(dag.iadd(dag.int(1), ...members.map(({ same }) => dag.b2i(same)))));
      } else {
        // Every member has arrived: one difference constraint each, not a count of them (sums
        // over the members made Z3 solve general linear arithmetic: two __syncthreads() in 32
        // threads took 11 s).
        enough = dag.and(...members.map(({ a, same }) => dag.implies(same, dag.ile(arrive(a), pass(b)))));
        never_ = missing;
      }
    }
    waits.push({ event: b.info.id, label: b.info.label, ok: dag.implies(passes, dag.and(dag.ile(arrive(b), pass(b)), mates, enough, exited, dag.not(missing))) });
    if (stop !== dag.F) never.set(b.info.id, never_);
  }
  // An exchange passes once every lane it meets has arrived, and those of its mask it does not
  // meet have exited.
  for (const x of xs) {
    const stop = live?.stops.find((s) => s.exchange === x.id)?.lit ?? dag.F;
    const meet = meetings[x.id]!;
    const arrived = dag.and(
      ...(keep(xArrive(x), xPass(x)) ? [dag.ile(xArrive(x), xPass(x))] : []),
      ...meet.filter((m) => keep(xArrive(m.x), xPass(x))).map((m) => dag.implies(m.same, dag.ile(xArrive(m.x), xPass(x)))));
    const metBy = (t: number): N => dag.or(...meet.filter((m) => m.x.thread === t).map((m) => m.same));
    const { exited, missing } = warpWait(maskLanes(u.threads, x.thread, x.warp, dag.constOf(x.mask) as bigint), mayExit.get(x.id)!, xPass(x), metBy);
    waits.push({ event: x.take, label: x.label, ok: dag.implies(dag.and(x.guard, dag.not(stop)), dag.and(arrived, exited, dag.not(missing))) });
    if (stop !== dag.F) never.set(x.take, missing);
  }
  return { sync: out, waits, never };
}

/**
 * The other threads barrier operation b waits for, each to meet it or to have exited
 * (SymEvent bar.waits): a bar.warp.sync's the lanes of its mask, a count-less bar.sync in a
 * kernel every other thread of its CTA; null for a litmus test's CTA barrier.
 */
export function awaitedBy(dag: Dag, threads: readonly { cta: string; warp: string; lane: number | null }[], b: SymEvent): number[] | null {
  switch (b.bar!.waits) {
    case 'mask': return maskLanes(threads, b.info.thread, b.bar!.warp!, dag.constOf(b.bar!.id) as bigint);
    case 'cta': case 'warp': return others(threads, b.info.thread, b.bar!.waits);
    default: return null;
  }
}

/** The other threads of thread `self`'s CTA, or of its warp. */
const others = (threads: readonly { cta: string; warp: string }[], self: number, of: 'cta' | 'warp'): number[] =>
  threads.flatMap((t, i) => (i !== self && t[of] === threads[self]![of] ? [i] : []));

/**
 * The threads whose exit barrier operation b may wait for, for NoThinAir (unroll.ts
 * waitsForExits): awaitedBy's, and for a kernel's bar.sync with a count that needs every warp
 * of its CTA, the threads of the other warps too (each warp arrives once its lanes have
 * arrived or exited). Where the count needs fewer warps than the CTA has, which ones it waits
 * for is a matter of timing, left to the arrival and pass times alone.
 */
export function exitsAwaitedBy(dag: Dag, threads: readonly { cta: string; warp: string; lane: number | null }[], b: SymEvent): number[] | null {
  return needsEveryWarp(dag, threads, b) ? others(threads, b.info.thread, 'cta') : awaitedBy(dag, threads, b);
}

/** A kernel's bar.sync whose thread count only every warp of its CTA together reaches. */
function needsEveryWarp(dag: Dag, threads: readonly { cta: string; warp: string }[], b: SymEvent): boolean {
  if (b.bar!.waits !== 'warp' || b.info.barMode !== 'sync') return false;
  const k = dag.constOf(b.bar!.count!);
  const me = threads[b.info.thread]!;
  const warps = new Set(threads.filter((t) => t.cta === me.cta).map((t) => t.warp)).size;
  return typeof k === 'bigint' && Math.ceil(Number(k) / WARP_SIZE) >= warps;
}

/** A thread count of `count` is reached by n warps (a count that is not known before running: n warps of 32). */
function inWarps(dag: Dag, count: N, n: N): N {
  const k = dag.constOf(count);
  if (typeof k === 'bigint') return dag.ile(dag.int(Math.ceil(Number(k) / WARP_SIZE)), n);
  return dag.ile(dag.bv2int(count), dag.iadd(...Array<N>(WARP_SIZE).fill(n)));
}

/**
 * Per bar.sync (by event id; bar.warp.sync too): the other threads' barrier operations it
 * meets, each with the condition. They meet in the same CTA (bar.warp.sync: the same warp, with
 * the mask as the id; a CTA barrier and a warp barrier never meet), on the same instance and
 * id, as the same use of that barrier by their threads (phase).
 */
export type BarMeetings = Map<number, { a: SymEvent; same: N }[]>;

export function barrierMeetings(dag: Dag, bars: readonly SymEvent[]): BarMeetings {
  const sameKey = (a: SymEvent, b: SymEvent): N =>
    (a.bar!.warp !== null) !== (b.bar!.warp !== null) ? dag.F : dag.and(dag.eq(a.bar!.instance, b.bar!.instance), dag.eq(a.bar!.id, b.bar!.id));
  // The threads a barrier operation may meet: its CTA's, or for bar.warp.sync its warp's.
  const group = (e: SymEvent): string => e.bar!.warp ?? e.info.place!.cta;
  const phase = new Map<number, N>();
  for (const b of bars) {
    const earlier = bars.filter((a) => a.info.thread === b.info.thread && a.info.poIndex < b.info.poIndex);
    phase.set(b.info.id, dag.iadd(...earlier.map((a) => dag.b2i(dag.and(a.guard, sameKey(a, b))))));
  }
  const out: BarMeetings = new Map();
  for (const b of bars) {
    // A bar.arrive has none, but in a kernel those of its warp (for which it waits).
    if (b.info.barMode !== 'sync' && b.bar!.waits !== 'warp') continue;
    const members: { a: SymEvent; same: N }[] = [];
    for (const a of bars) {
      if (a.info.thread === b.info.thread || group(a) !== group(b)) continue;
      const same = dag.and(a.guard, b.guard, sameKey(a, b), dag.eq(phase.get(a.info.id)!, phase.get(b.info.id)!));
      if (same !== dag.F) members.push({ a, same });
    }
    out.set(b.info.id, members);
  }
  return out;
}

/**
 * Which time constraints can matter (two times, the constraint between them kept or not).
 * Arrival, pass and exit times only rule out an execution when they are ordered in a cycle, so
 * without barriers (whose times also decide their sync edges) a constraint is needed only
 * between two times in one strongly connected component of every constraint that may hold:
 * where exchanges meet in the same order in every lane, none is.
 */
function timesInCycles(barriers: boolean, ops: { thread: number; po: number; arrive: N; pass: N }[], xs: readonly Exchange[], meetings: readonly Meeting[][],
  mayExit: Map<number, number[]>, xArrive: (x: Exchange) => N, xPass: (x: Exchange) => N, exitOf: (t: number) => N): (a: N, b: N) => boolean {
  if (barriers) return () => true;
  const ids = new Map<N, number>();
  const id = (n: N): number => ids.get(n) ?? ids.set(n, ids.size).get(n)!;
  const edges: [number, number][] = [];
  const edge = (a: N, b: N): void => { edges.push([id(a), id(b)]); };
  for (const a of ops) for (const b of ops) if (a.thread === b.thread && a.po < b.po) edge(a.pass, b.arrive);
  for (const x of xs) {
    edge(xArrive(x), xPass(x));
    for (const m of meetings[x.id]!) edge(xArrive(m.x), xPass(x));
    for (const t of mayExit.get(x.id)!) {
      edge(exitOf(t), xPass(x));
      for (const o of ops) if (o.thread === t) edge(o.pass, exitOf(t));
    }
  }
  const comp = components(ids.size, edges);
  return (a, b) => ids.has(a) && ids.has(b) && comp[ids.get(a)!] === comp[ids.get(b)!];
}

/**
 * A bar.red's result (ISA 9.7.12.1): its thread's predicate combined with those of the
 * bar.red operations of the same kind it meets. (Operations of other kinds meeting it leave
 * the result undefined; the threads then execute different barrier instructions, which
 * `ptxmm kernel --barriers` reports as divergence.)
 */
function reduction(dag: Dag, red: NonNullable<NonNullable<SymEvent['bar']>['red']>, members: { a: SymEvent; same: N }[]): N {
  const others = members.flatMap(({ a, same }) => (a.bar!.red?.op === red.op ? [{ bit: a.bar!.red.bit, same }] : []));
  if (red.op === 'popc') {
    const count = (bit: N): N => dag.ite(bit, dag.bv(32, 1), dag.bv(32, 0));
    return others.reduce((n, o) => dag.bin('add', n, count(dag.and(o.same, o.bit))), count(red.bit));
  }
  const v = red.op === 'or' ? dag.or(red.bit, ...others.map((o) => dag.and(o.same, o.bit))) : dag.and(red.bit, ...others.map((o) => dag.implies(o.same, o.bit)));
  return dag.ite(v, dag.bv(1, 1), dag.bv(1, 0));
}

function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}

/** Statically: may these two barrier instructions be operations of the same barrier? */
function mayMeet(a: Instr, b: Instr): boolean {
  if (a.op !== 'bar' || b.op !== 'bar' || (a.mask === undefined) !== (b.mask === undefined)) return false;
  // An absent operand is 0; one in a register may be anything.
  const known = (x: Value | undefined): bigint | null => (x === undefined ? 0n : x.kind === 'imm' ? x.value : null);
  const differ = (x: Value | undefined, y: Value | undefined): boolean => known(x) !== null && known(y) !== null && known(x) !== known(y);
  return !differ(a.instance, b.instance) && !differ(a.id, b.id) && !differ(a.mask, b.mask);
}
