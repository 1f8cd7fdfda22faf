// Barrier synchronization as constraints on arrival and passing times (see solver/README.md).
import type { Dag, N } from './expr.js';
import type { SRel } from './symbolic.js';
import type { Instr, Value } from '../litmus/ast.js';
import type { Stop, SymEvent } from './unroll.js';

/**
 * Barriers (ISA §8.8.4 and the corpus's Dartagnan dialect). Two barrier operations meet when
 * they are in the same CTA (for bar.warp.sync, the same warp, with the mask as the id), agree
 * on instance and id, and are the same use of that barrier by their threads (phase). Each
 * operation has an arrival time; a bar.sync passes once `count` operations of its barrier
 * have arrived (all of them when no count is given), and a thread's later barrier operations
 * arrive after its earlier ones passed, so circular waits have no terminating execution. An
 * operation synchronizes with a bar.sync that had not passed yet when it arrived.
 */
export interface BarrierWait {
  /** The bar.sync event. */
  event: number;
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

export function encodeBarriers(dag: Dag, events: SymEvent[], asserts: N[], live?: BarrierStops): { sync: SRel; waits: BarrierWait[]; never: Map<number, N> } {
  const out: SRel = new Map();
  const waits: BarrierWait[] = [];
  /** Per bar.sync that may be a stop: it can never complete (the liveness justification). */
  const never = new Map<number, N>();
  const bars = events.filter((e) => e.info.kind === 'B' && e.guard !== dag.F);
  if (bars.length === 0) return { sync: out, waits, never };
  // A CTA barrier and a warp barrier (bar.warp.sync, its mask in id) never meet.
  const sameKey = (a: SymEvent, b: SymEvent): N =>
    (a.bar!.warp !== null) !== (b.bar!.warp !== null) ? dag.F : dag.and(dag.eq(a.bar!.instance, b.bar!.instance), dag.eq(a.bar!.id, b.bar!.id));
  // The threads a barrier operation may meet: its CTA's, or for bar.warp.sync its warp's.
  const group = (e: SymEvent): string => e.bar!.warp ?? e.info.place!.cta;
  const phase = new Map<number, N>();
  for (const b of bars) {
    const earlier = bars.filter((a) => a.info.thread === b.info.thread && a.info.poIndex < b.info.poIndex);
    phase.set(b.info.id, dag.iadd(...earlier.map((a) => dag.b2i(dag.and(a.guard, sameKey(a, b))))));
  }
  const arrive = (e: SymEvent): N => dag.intVar(`bar_t_${e.info.id}`);
  const pass = (e: SymEvent): N => (e.info.barMode === 'sync' ? dag.intVar(`bar_p_${e.info.id}`) : arrive(e));
  for (const b of bars) {
    for (const a of bars) {
      if (a.info.thread === b.info.thread && a.info.poIndex < b.info.poIndex) {
        asserts.push(dag.implies(dag.and(a.guard, b.guard), dag.ilt(pass(a), arrive(b))));
      }
    }
    if (b.info.barMode !== 'sync') continue;
    const stop = live?.stops.find((s) => s.event === b.info.id)?.lit ?? dag.F;
    const passes = dag.and(b.guard, dag.not(stop));
    const members: { a: SymEvent; same: N }[] = [];
    for (const a of bars) {
      if (a.info.thread === b.info.thread || group(a) !== group(b)) continue;
      const same = dag.and(a.guard, b.guard, sameKey(a, b), dag.eq(phase.get(a.info.id)!, phase.get(b.info.id)!));
      if (same === dag.F) continue;
      members.push({ a, same });
      put(out, a.info.id, b.info.id, dag.and(same, dag.not(stop), dag.ile(arrive(a), pass(b))));
    }
    const red = b.bar!.red;
    if (red) asserts.push(dag.implies(b.guard, dag.eq(red.result, reduction(dag, red, members))));
    const arrivedBefore = dag.iadd(dag.int(1), ...members.map(({ a, same }) => dag.b2i(dag.and(same, dag.ile(arrive(a), pass(b))))));
    const arrivals = dag.iadd(dag.int(1), ...members.map(({ same }) => dag.b2i(same)));
    // The count is reached by this many arrivals (each litmus thread accounting for `unit` threads).
    const counted = (n: N): N => dag.ile(dag.bv2int(b.bar!.count!), dag.iadd(...Array<N>(b.bar!.unit).fill(n)));
    // With a count: enough threads have arrived; without: every member.
    const enough = b.bar!.count ? counted(arrivedBefore) : dag.ile(arrivals, arrivedBefore);
    // Count-less, it waits for every thread of the CTA (or warp) that has not exited: one
    // stopped for good elsewhere, without arriving, keeps it waiting.
    const missing = !live || b.bar!.count ? dag.F : dag.or(...live.stops
      .filter((s) => s.thread !== b.info.thread && (b.bar!.warp !== null ? s.warp : s.cta) === group(b) && s.ahead.some((a) => mayMeet(a, b.instr!)))
      .map((s) => dag.and(s.lit, dag.not(dag.or(...members.filter((m) => m.a.info.thread === s.thread).map((m) => m.same))))));
    waits.push({ event: b.info.id, ok: dag.implies(passes, dag.and(dag.ile(arrive(b), pass(b)), enough, dag.not(missing))) });
    if (stop !== dag.F) never.set(b.info.id, b.bar!.count ? dag.not(counted(arrivals)) : missing);
  }
  return { sync: out, waits, never };
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
