// Barrier synchronization as constraints on arrival and passing times (see solver/README.md).
import type { Dag, N } from './expr.js';
import type { SRel } from './symbolic.js';
import type { SymEvent } from './unroll.js';

/**
 * Barriers (ISA §8.8.4 and the corpus's Dartagnan dialect). Two barrier operations meet when
 * they are in the same CTA, agree on instance and id, and are the same use of that barrier by
 * their threads (phase). Each operation has an arrival time; a bar.sync passes once `count`
 * operations of its barrier have arrived (all of them when no count is given), and a thread's
 * later barrier operations arrive after its earlier ones passed, so circular waits have no
 * terminating execution. An operation synchronizes with a bar.sync that had not passed yet
 * when it arrived.
 */
export interface BarrierWait {
  /** The bar.sync event. */
  event: number;
  /** It passes only once enough operations arrived: the condition, kept apart so that when no
   * execution terminates, an unsat core can name the barriers nobody gets past. */
  ok: N;
}

export function encodeBarriers(dag: Dag, events: SymEvent[], asserts: N[]): { sync: SRel; waits: BarrierWait[] } {
  const out: SRel = new Map();
  const waits: BarrierWait[] = [];
  const bars = events.filter((e) => e.info.kind === 'B' && e.guard !== dag.F);
  if (bars.length === 0) return { sync: out, waits };
  const sameKey = (a: SymEvent, b: SymEvent): N => dag.and(dag.eq(a.bar!.instance, b.bar!.instance), dag.eq(a.bar!.id, b.bar!.id));
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
    const members: { a: SymEvent; same: N }[] = [];
    for (const a of bars) {
      if (a.info.thread === b.info.thread || a.info.place!.cta !== b.info.place!.cta) continue;
      const same = dag.and(a.guard, b.guard, sameKey(a, b), dag.eq(phase.get(a.info.id)!, phase.get(b.info.id)!));
      if (same === dag.F) continue;
      members.push({ a, same });
      put(out, a.info.id, b.info.id, dag.and(same, dag.ile(arrive(a), pass(b))));
    }
    const arrivedBefore = dag.iadd(dag.int(1), ...members.map(({ a, same }) => dag.b2i(dag.and(same, dag.ile(arrive(a), pass(b))))));
    // With a count: enough threads (unit per arrival) have arrived; without: every member.
    const enough = b.bar!.count
      ? dag.ile(dag.bv2int(b.bar!.count), dag.iadd(...Array<N>(b.bar!.unit).fill(arrivedBefore)))
      : dag.ile(dag.iadd(dag.int(1), ...members.map(({ same }) => dag.b2i(same))), arrivedBefore);
    waits.push({ event: b.info.id, ok: dag.implies(b.guard, dag.and(dag.ile(arrive(b), pass(b)), enough)) });
  }
  return { sync: out, waits };
}

function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}
