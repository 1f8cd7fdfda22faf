// Warp-level register exchange: shfl.sync, vote.sync, redux.sync and match.sync (litmus/ast.ts
// Shfl, Vote, Redux, Match). Which operations of a warp meet, what each lane takes out of a
// meeting, and the dependencies that value carries from the other lanes.
//
// Operations meet as bar.warp.sync operations do (barriers.ts): in the same warp, of the same
// kind (`shfl.down`, `vote.any`, `redux.min.s32`, ...) and member mask, and the same use of
// that kind and mask by their threads (phase). A lane that does not come to a meeting (it
// exited, a guard or a branch skipped the operation) takes no part: a shuffle from it reads a
// value the ISA leaves unpredictable, and a vote, reduction or match leaves it out (a ballot's
// bit for it is 0).
//
// The ISA gives these instructions no memory ordering, so nothing here adds to causality. But
// a value that goes from one thread's read into another thread's write through a shuffle
// depends on that read as much as a value moved by a register in one thread does: no hardware
// forwards a value before it is read. The NoThinAir axiom (§8.9.4, rf | dep acyclic) would
// otherwise let two lanes each write what the other reads, out of thin air. So each operation
// has two events of kind X, in dep only (not in program order): `put`, which depends on what
// the lane puts in, and `take`, on which the lane's result depends, and which depends on the
// `put` of each lane it may read from, when it does (takeDeps). Acyclicity then sees chains of
// any length through them, as it does through registers, and these are the only dep edges
// between threads. (A chain that comes back to where it started would need operations that
// meet crosswise, each thread waiting at one for the other's at the other: no execution.)
import type { Match, Redux, Shfl, Vote } from '../litmus/ast.js';
import type { Dag, N } from './expr.js';
import type { Deps } from './unroll.js';

export interface Exchange {
  /** Index in Unrolled.exchanges. */
  id: number;
  thread: number;
  lane: number;
  /** The warp (`cta/wN`) whose lanes it may meet. */
  warp: string;
  /** Its place in its thread's program order, among the thread's events' poIndex (barriers.ts orders waits by it). */
  po: number;
  /**
   * Bounds on its phase (the operations of its kind and mask its thread executed before it),
   * from the paths to it: every path executed at least the first, some path the second.
   */
  phase: readonly [number, number];
  instr: Shfl | Vote | Redux | Match;
  /** exchangeKind(instr): operations of other kinds never meet. */
  kind: string;
  /** Its kind and (constant) mask: phases count the operations of one key. */
  key: string;
  /** The operation is executed. */
  guard: N;
  /** The member mask (a constant: unroll.ts refuses others). */
  mask: N;
  /** What the lane puts in: a vote its predicate (a Bool), the others their a (32 bits; match.b64: 64). */
  give: N;
  /** Dependencies of `give`. */
  deps: Deps;
  /**
   * The X events the lane's value goes in at, and its result comes out of (unroll.ts makes them
   * once every thread is unrolled, after every other event; -1 until then, when `placeholder(id)`
   * stands for `take` in register dependencies).
   */
  put: number;
  take: number;
  /** A shuffle: the lane j it reads (32 bits); null for the others. */
  from: N | null;
  /** When the result is made of `got`: a shuffle's j within the clamp and not the lane itself (else its own a); T for the others. */
  uses: N;
  /** The variable the lane's result is made of: a shuffle's SourceA[j], the others' result. */
  got: N;
  /** The instruction, as refusals name it. */
  where: string;
  /** The instruction, as event labels name it (`P0:shfl.sync...`). */
  label: string;
}

/**
 * What operations must share to meet: the ISA's "same qualifiers", that is the mode, and the
 * type where it varies (`shfl.down`, `vote.any`, `redux.min.s32`, `match.all.b64`).
 */
export const exchangeKind = (i: Shfl | Vote | Redux | Match): string =>
  (i.op === 'redux' ? `redux.${i.rop}.${i.type}` : i.op === 'match' ? `match.${i.mode}.${i.type}` : `${i.op}.${i.mode}`);

/**
 * The other threads of a warp whose lanes a member mask names (by index in `threads`): those a
 * warp-level operation of thread `self` waits for.
 */
export const maskLanes = (threads: readonly { warp: string; lane: number | null }[], self: number, warp: string, mask: bigint): number[] =>
  threads.flatMap((t, i) => (i !== self && t.warp === warp && t.lane !== null && ((mask >> BigInt(t.lane)) & 1n) === 1n ? [i] : []));

/**
 * The lanes exchange x waits for that may exit without meeting it: those of its mask but the
 * ones that, on every path to their exit, execute more operations of its kind and mask than
 * its phase can be (so one of them is in its phase, and meets it whenever they exit).
 */
export function awaited(threads: readonly { warp: string; lane: number | null; exit: { done: ReadonlyMap<string, readonly [number, number]> } }[], x: Exchange, mask: bigint): number[] {
  return maskLanes(threads, x.thread, x.warp, mask).filter((t) => (threads[t]!.exit.done.get(x.key)?.[0] ?? 0) <= x.phase[1]);
}

/** The dependency key that stands for exchange id's `take` until there is one (event ids are never negative). */
export const placeholder = (id: number): number => -1 - id;

/** An operation another one meets, and when it does. */
export interface Meeting {
  x: Exchange;
  same: N;
}

/** Per exchange (by id): the operations of other lanes it meets, each with the condition. */
export function meetings(dag: Dag, xs: readonly Exchange[]): Meeting[][] {
  // Phase: how many operations of the same kind and mask the thread executed before this one.
  const phase = xs.map((d) => dag.iadd(...xs
    .filter((e) => e.thread === d.thread && e.id < d.id && e.kind === d.kind)
    .map((e) => dag.b2i(dag.and(e.guard, dag.eq(e.mask, d.mask))))));
  const inMask = (m: N, lane: number): boolean => {
    const k = dag.constOf(m);
    return typeof k === 'bigint' && ((k >> BigInt(lane)) & 1n) === 1n;
  };
  // Phases known before running: operations whose bounds do not overlap never meet, and two
  // whose phase is one and the same number meet whenever both are executed.
  const exact = (x: Exchange): boolean => x.phase[0] === x.phase[1];
  return xs.map((d) => xs.flatMap((s) => {
    if (s.thread === d.thread || s.warp !== d.warp || s.kind !== d.kind || !inMask(d.mask, s.lane)) return [];
    if (s.phase[1] < d.phase[0] || d.phase[1] < s.phase[0]) return [];
    const samePhase = exact(s) && exact(d) ? dag.T : dag.eq(phase[s.id]!, phase[d.id]!);
    const same = dag.and(d.guard, s.guard, dag.eq(s.mask, d.mask), samePhase);
    return same === dag.F ? [] : [{ x: s, same }];
  }));
}

/** A shuffle d reads lane s.lane of a meeting: the condition. */
const reads = (dag: Dag, d: Exchange, m: Meeting): N => dag.and(m.same, dag.eq(d.from!, dag.bv(32, m.x.lane)));

/**
 * What exchange d's `got` equals when it is executed: for a shuffle, the `give` of the lane it
 * reads, or `unpredictable` when that lane does not take part; otherwise the combination of
 * what the lanes that take part put in, its own included (a lane that does not is left out,
 * as the ISA says of a ballot's inactive lanes): vote.any/all/uni and the ballot, redux.sync's
 * sum, minimum, maximum, and, or, xor, match.sync's mask of the lanes with this lane's value
 * (.any), or of every lane when all values are equal, else 0 (.all): the ISA's sections on each.
 */
export function exchangeDefinition(dag: Dag, d: Exchange, meet: readonly Meeting[], unpredictable: N = dag.bvVar(`xchg_any_${d.id}`, 32)): N {
  const i = d.instr;
  if (i.op === 'shfl') return meet.reduceRight((rest, m) => dag.ite(reads(dag, d, m), m.x.give, rest), unpredictable);
  const bit = (b: N): N => dag.ite(b, dag.bv(1, 1), dag.bv(1, 0));
  const lane = (b: N, l: number): N => dag.ite(b, dag.bv(32, 1n << BigInt(l)), dag.bv(32, 0));
  const lanes = (when: (m: Meeting) => N, own: N): N => meet.reduce((acc, m) => dag.bin('or', acc, lane(dag.and(m.same, when(m)), m.x.lane)), lane(own, d.lane));
  if (i.op === 'vote') {
    switch (i.mode) {
      case 'any': return bit(dag.or(d.give, ...meet.map((m) => dag.and(m.same, m.x.give))));
      case 'all': return bit(dag.and(d.give, ...meet.map((m) => dag.implies(m.same, m.x.give))));
      case 'uni': return bit(dag.and(...meet.map((m) => dag.implies(m.same, dag.eq(m.x.give, d.give)))));
      default: return lanes((m) => m.x.give, d.give);
    }
  }
  if (i.op === 'match') {
    if (i.mode === 'any') return lanes((m) => dag.eq(m.x.give, d.give), dag.T);
    const equal = dag.and(...meet.map((m) => dag.implies(m.same, dag.eq(m.x.give, d.give))));
    return dag.ite(equal, lanes(() => dag.T, dag.T), dag.bv(32, 0));
  }
  // redux: the lanes' values folded, those not taking part skipped.
  const fold = (f: (acc: N, v: N) => N): N => meet.reduce((acc, m) => dag.ite(m.same, f(acc, m.x.give), acc), d.give);
  const lt = i.type === 's32' ? 'slt' : 'ult';
  switch (i.rop) {
    case 'add': return fold((acc, v) => dag.bin('add', acc, v));
    case 'min': return fold((acc, v) => dag.ite(dag.cmp(lt, v, acc), v, acc));
    case 'max': return fold((acc, v) => dag.ite(dag.cmp(lt, acc, v), v, acc));
    default: return fold((acc, v) => dag.bin(i.rop as 'and' | 'or' | 'xor', acc, v));
  }
}

/** When shuffle d reads a lane that does not take part (its `got` is then unpredictable); F for the others. */
export function unmatched(dag: Dag, d: Exchange, meet: readonly Meeting[]): N {
  if (!d.from) return dag.F;
  return dag.and(d.guard, d.uses, dag.not(dag.or(...meet.map((m) => reads(dag, d, m)))));
}

/**
 * What exchange d's `take` event depends on: the `put` of each lane whose value it may take (a
 * shuffle: the lane it reads; the others: every lane it meets), when it does.
 */
export function takeDeps(dag: Dag, d: Exchange, meet: readonly Meeting[]): Deps {
  const out: Deps = new Map();
  for (const m of meet) {
    const c = d.from ? reads(dag, d, m) : m.same;
    if (c !== dag.F) out.set(m.x.put, c);
  }
  return out;
}
