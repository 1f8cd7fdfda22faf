// Program to events: each thread's code is unrolled to the loop bound (solver/cfg.ts) and
// executed symbolically over that DAG, merging paths where they meet.
// Every memory/fence/barrier instruction becomes an event guarded by the condition under which
// it executes; register values are bit-vector terms over the values reads return; dependencies
// follow the register data flow path by path.
import { type Exchange, type Meeting, awaited, exchangeKind, meetings, placeholder, takeDeps, unmatched } from './exchanges.js';
import { type BarMeetings, barrierMeetings, exitsAwaitedBy } from './barriers.js';
import type { Atom, DataType, Instr, LitmusTest, LocOwner, Placement, Red, Space, Thread, Value as AstValue } from '../litmus/ast.js';
import { WARP_SIZE, typeSigned, typeWidth, wideType } from '../litmus/ast.js';
import { type PhysLoc, type Reach, layout, memorySpaces, mixedSize, mixedSizeAccess, nearestLocation, noLocation, strongAccess } from '../litmus/layout.js';
import { type ValueType, registersRead, threadRegisters, writerType } from '../litmus/types.js';
import { printInstr } from '../litmus/print.js';
import { LitmusError } from '../litmus/errors.js';
import { ARRIVE_AGAIN } from '../litmus/barriers.js';
import { atomicAdd, floatWidths, flushesSubnormals, fusedValue } from '../litmus/floats.js';
import { fusionSites } from '../litmus/fusion.js';
import { type EventInfo, effectiveScope, placeOf } from '../model/events.js';
import type { Dag, N } from './expr.js';
import { newDag, toSigned } from './expr.js';
import type { Limits } from './limits.js';
import { buildCfg, type Cfg, type CfgNode, successors as cfgSuccessors } from './cfg.js';

export class UnsupportedError extends Error {
  /** The instruction at fault, when there is one (a kernel's front end reports it as file:line:col). */
  constructor(message: string, readonly pos?: { line: number; col: number }) {
    super(message);
  }
}

/**
 * The solver's refusal of a test it cannot model (an address that is no location's, or not one
 * known location) as an input error of the test's file, at the instruction when there is one;
 * null for any other error. Commands report it as they report a test that does not parse: it
 * is about the input, not a bug of ptxmm.
 */
export function refusal(e: unknown, file: string): LitmusError | null {
  if (!(e instanceof UnsupportedError)) return null;
  // The position is given as file:line:col; the message's own `P0 line 4:2: ` would repeat it.
  return new LitmusError(e.pos ? e.message.replace(/^P\d+ line \d+:\d+: /, '') : e.message, e.pos ?? null, file);
}

/** Read event id -> condition under which a value depends on that read. */
export type Deps = Map<number, N>;

export interface SymEvent {
  info: EventInfo;
  /** The event is executed iff this holds. */
  guard: N;
  /** W: the value written; R: the value read (a variable); at the location's width. */
  value: N | null;
  /** The other half of an atom/red (R <-> W), -1 otherwise. */
  rmw: number;
  /** addr | data | ctrl dependencies on earlier reads of the same thread. */
  deps: Deps;
  /** `count` is in threads; each arriving litmus thread accounts for `unit` of them. */
  bar: {
    instance: N; id: N; count: N | null; unit: number;
    /** bar.warp.sync: the warp (`cta/wN`) whose threads it may meet, its mask in `id`; null: a CTA barrier. */
    warp: string | null;
    /**
     * Which other threads it waits for, each to meet it or to have exited (barriers.ts
     * `awaitedBy`): 'mask' the lanes of a bar.warp.sync's mask; 'cta' every thread of its CTA,
     * a count-less bar.sync in a kernel (ISA 9.7.12.1: "all threads in the CTA participate",
     * and it waits for the non-exited ones); 'warp' the threads of its warp, a kernel's
     * barrier operation with a thread count (bar.arrive too), whose count whole warps reach
     * (ISA 9.7.12.1: each thread "waits for all non-exited threads from its warp and marks
     * warps' arrival"); null none (a litmus test's CTA barrier, whose threads are warps: a
     * count-less one waits for the operations that would arrive at it, as the corpus reads it,
     * and a thread count counts arrivals).
     */
    waits: 'mask' | 'cta' | 'warp' | null;
    /**
     * bar.red: the thread's predicate (a Bool), and the variable its result register takes
     * (1 bit for .and/.or, 32 for .popc), which barriers.ts equates with the reduction.
     */
    red: { op: 'and' | 'or' | 'popc'; bit: N; result: N } | null;
  } | null;
  /** The instruction it comes from (null for initial writes): one per loop iteration share it. */
  instr: Instr | null;
  /** The unrolled CFG node it comes from (ThreadResult.cfg); -1 for initial writes. */
  node: number;
}

export interface Location extends PhysLoc {
  ploc: number;
}

export interface ThreadResult {
  /** Final register values, merged over all terminating paths (with liveness, and where the thread stopped), each at its register's width. */
  regs: Map<string, N>;
  /** Every register's static type (litmus/types.ts). */
  types: Map<string, ValueType>;
  /** Holds when the thread would need a loop to go round more than `bound` times (per entry: litmus/loops.ts). */
  cut: N;
  /** The unrolled control-flow graph its events come from (SymEvent.node), over its code without labels. */
  cfg: Cfg;
  /** Per instruction (labels left out): a branch's target, -1 for every other instruction. */
  targets: number[];
  /** The thread's CTA (Place.cta). */
  cta: string;
  /** The thread's warp (`cta/wN`; a litmus thread is a warp of its own) and its lane there (null for a litmus thread). */
  warp: string;
  lane: number | null;
  /**
   * It exits (`reach`); the reads that decide its path to the exit (`ctrl`); per warp exchange
   * kind and mask (Exchange.key), how many such operations every path to the exit executed, and
   * some path did (`done`).
   */
  exit: { reach: N; ctrl: Deps; done: ReadonlyMap<string, readonly [number, number]> };
}

/**
 * Where a thread may stop for good, for liveness (only when unrolled with `liveness`): after
 * an iteration of a loop, or at a bar.sync or warp exchange (shfl.sync, vote.sync, ...) it never
 * gets past. `lit` holds when it stops there; then none of its later events execute. Whether
 * stopping is justified (the loop would repeat itself forever, the barrier or exchange never
 * completes) depends on rf, co and the other threads, so solver/liveness.ts states it; this
 * only records what it needs.
 */
export interface Stop {
  /** Thread index in test.threads. */
  thread: number;
  /** The thread's CTA (Place.cta). */
  cta: string;
  /** The thread's warp, as bar.warp.sync names it (SymEvent bar.warp). */
  warp: string;
  /** The thread's lane in its warp (a kernel's threads); null for a litmus thread. */
  lane: number | null;
  /** barrier: a bar.sync or a warp exchange, which waits for other threads. */
  kind: 'loop' | 'barrier';
  lit: N;
  /** The thread is there: the back jump is taken, the bar.sync or exchange executed. */
  at: N;
  /** loop: the back jump; barrier: the bar.sync or exchange. */
  instr: Instr;
  /** barrier: the bar.sync event, or an exchange's `take` event; loop: -1. */
  event: number;
  /** An exchange: its index in Unrolled.exchanges; -1 otherwise. */
  exchange: number;
  /** loop: the iteration changes no location (writes nothing, or atoms that write back what they read), arrives at no barrier, and leaves every register that matters as it found it. */
  quiet: N;
  /** loop: the iteration's reads (event ids). */
  reads: number[];
  /** loop: the thread goes on after such an iteration (what a bound check may leave out). */
  repeat: N;
  /** The barrier instructions the thread would still come to if it went on. */
  ahead: Extract<Instr, { op: 'bar' }>[];
}

export interface Unrolled {
  dag: Dag;
  events: SymEvent[];
  /** Physical locations; the initial write of location i is event i. */
  locations: Location[];
  /** Location name (including aliases) -> physical location index. */
  plocOf: Map<string, number>;
  threads: ThreadResult[];
  /** Thread index in test.threads by placement id (`P3` -> 3). */
  threadIndex: Map<number, number>;
  /** Stop points (empty unless unrolled with `liveness`). */
  stops: Stop[];
  /** What was unrolled: the test, the loop bound, and whether with stop points (`liveness`). */
  source: { test: LitmusTest; bound: number; liveness: boolean };
  /**
   * Each value PTX leaves unspecified in some executions (any value): a division (div, rem) by
   * a divisor not known before running, when it divides by zero; a shfl.sync reading a lane
   * that does not take part. `at`: when it does; `where`: the instruction, as refusals name it;
   * `what`: what it does then.
   */
  unspecified: { at: N; where: string; what: string }[];
  /** shfl.sync and vote.sync operations (exchanges.ts), in the order unrolled, and what each meets (by id). */
  exchanges: Exchange[];
  meetings: Meeting[][];
  /** Per bar.sync (and a kernel's bar.arrive with a count) by event id: the barrier operations it meets (barriers.ts barrierMeetings). */
  barMeetings: BarMeetings;
  /**
   * Each access whose address is not known before running: `at` holds when it reaches no
   * location (out of bounds, inside an element, or, in a kernel, an element of another width),
   * at address `addr` (64 bits). Such an execution has no meaning in the model: the commands
   * refuse the test when one is consistent (solver/run.ts refuseStrays).
   */
  strays: Stray[];
  /** Byte address -> the location name there (the first declared, for aliases). */
  addrNames: Map<number, string>;
  /** Why a litmus test's access through a register may not reach a location (litmus/layout.ts memorySpaces). */
  reach: Reach;
  /** The adds ptxas may fuse, by site (ast.ts Fusion): the i-th is fused where the literal fuseVar(i) holds. */
  fusions: string[];
  /** Per site: when some run of its add is executed (the choice tells executions apart only then). */
  fusedRuns: N[];
}

/** The literal that says whether the i-th site of Unrolled.fusions is fused. */
export const fuseVar = (i: number): string => `fuse_${i}`;

export interface Stray {
  at: N;
  addr: N;
  /** The instruction, as refusals name it, and its position. */
  where: string;
  pos: { line: number; col: number };
  /** The access's width in bits. */
  width: number;
  /** Who accesses, through which space, whether it writes, and whether it is strong (Unrolled.reach). */
  place: Placement;
  space: Space;
  write: boolean;
  strong: boolean;
  /** Not an access: a barrier whose id, in a register, is past PTX's barriers in this execution (`addr` holds it). */
  barrier?: true;
  /** Not an access: what the barrier operation does then that the ISA leaves unpredictable (`addr` unused). */
  unpredictable?: string;
}

/** A stray that is no access: a barrier operation refused where some execution makes it (Stray.barrier, Stray.unpredictable). */
const barrierStray = (at: N, addr: N, where: string, pos: Stray['pos'], place: Placement, why: { barrier: true } | { unpredictable: string }): Stray =>
  ({ at, addr, where, pos, width: 0, place, space: 'generic', write: false, strong: false, ...why });

/** Why an access at byte address `addr` (a stray's, in some execution) reaches no location. */
export function strayReason(u: Unrolled, s: Stray, addr: bigint): string {
  if (s.barrier) return `${s.where}: in some execution the barrier id is ${addr}, and PTX has barriers 0 to 15`;
  if (s.unpredictable) return `${s.where}: in some execution ${s.unpredictable}`;
  const name = u.addrNames.get(Number(addr));
  const loc = name === undefined ? undefined : u.locations[u.plocOf.get(name)!];
  // Named by the nearest location, as a debugger would: `out[3] + 4` past an end, `a[0] - 4` before a start.
  const near = nearestLocation(u.addrNames, addr);
  // A location of the access's width that it may not reach is another thread's .local or another CTA's .shared.
  if (loc && loc.width === s.width) {
    const why = u.reach(name!, s.place, s.space, s.write, s.strong);
    if (why) return `${s.where}: in some execution ${why}`;
  }
  const what = loc && loc.width !== s.width
    ? `${name}: ${mixedSize(name!, loc.width, s.width)}`
    : loc
      ? `${name}, which this access cannot reach (another thread's .local or another CTA's .shared memory)`
      : `0x${addr.toString(16)}${near}, which is no location's (out of bounds, or inside an element)`;
  return `${s.where}: in some execution the address is ${what}`;
}

/** A location an access may reach, and the condition under which it does. */
interface Target {
  ploc: number;
  vaddr: number;
  at: N;
}

interface RegVal {
  v: N;
  deps: Deps;
}
interface State {
  reach: N;
  regs: Map<string, RegVal>;
  ctrl: Deps;
  /**
   * Per warp exchange kind and mask (`kind|mask`): how many such operations every path to here
   * executed, and how many some path did (their phase's bounds: exchanges.ts meetings).
   */
  done: ReadonlyMap<string, readonly [number, number]>;
}

/** The name of the variable a location's unknown initial value is (PhysLoc.unknown), before its number. */
export const UNKNOWN_INIT = 'w0_';
/** The variable of a kernel register's value before any write (`r0_<thread>_<register>`). */
export const UNSET_REGISTER = 'r0_';

/** Thread P`tid`'s instruction as refusals and notes name it (refusal() turns the prefix into file:line:col). */
export const instrWhere = (tid: number, ins: Instr): string => `P${tid} line ${ins.pos.line}:${ins.pos.col}: ${printInstr(ins)}`;

/** `limits`: the test's time and size budget (solver/limits.ts), enforced as formulas are built. */

export function unroll(test: LitmusTest, bound: number, limits?: Limits, liveness = false): Unrolled {
  const dag = newDag(limits);
  const events: SymEvent[] = [];

  // ---- locations: physical locations and virtual addresses (shared with the executor) ----
  const lay = layout(test, (m) => { throw new UnsupportedError(m); });
  // A load of another width is answered where it reads memory no thread writes (readOnlyRead).
  const mixed = mixedSizeAccess(test, lay, true);
  if (mixed) throw new UnsupportedError(`${printInstr(mixed.ins)}: ${mixed.why}`, mixed.ins.pos);
  const { apart, reach } = memorySpaces(test);
  if (apart) throw new UnsupportedError(apart.why, apart.pos);
  const plocOf = lay.locOf;
  const vaddrOf = lay.vaddrOf;
  const locations: Location[] = lay.locs.map((l, ploc) => ({ ...l, ploc }));
  const addrNames = new Map<number, string>();
  for (const [name, v] of vaddrOf) if (!addrNames.has(v)) addrNames.set(v, name);

  // ---- initial writes: strong, system scope, of no thread ----
  // Memory without an initial value (a kernel's .shared and .local) holds an unknown value
  // (ISA §8.2.4): a variable of its own, the same in every execution (encode.ts notes a read of it).
  for (const l of locations) {
    events.push({
      info: {
        id: events.length, kind: 'W', init: true, thread: -1, poIndex: 0, place: null, strong: true, scope: 'sys',
        release: false, acquire: false, fence: null, proxy: 'generic', ploc: l.ploc, vaddr: vaddrOf.get(l.name)!,
        barMode: null, label: `init ${l.name}`,
      },
      guard: dag.T, value: l.unknown ? dag.bvVar(`${UNKNOWN_INIT}${l.ploc}`, l.width) : dag.bv(l.width, l.init), rmw: -1, deps: new Map(), bar: null, instr: null, node: -1,
    });
  }

  const threadIndex = new Map<number, number>();
  test.threads.forEach((t, i) => {
    if (threadIndex.has(t.placement.id)) throw new UnsupportedError(`thread P${t.placement.id} is declared twice`);
    threadIndex.set(t.placement.id, i);
  });
  const ctaCluster = new Map<string, string>();
  for (const t of test.threads) {
    const p = placeOf(t.placement);
    const c = ctaCluster.get(p.cta);
    if (c !== undefined && c !== p.cluster) {
      throw new UnsupportedError(`CTA ${t.placement.cta} of GPU ${t.placement.gpu} is placed in two clusters`);
    }
    ctaCluster.set(p.cta, p.cluster);
  }

  const stops: Stop[] | null = liveness ? [] : null;
  const unspecified: Unrolled['unspecified'] = [];
  const strays: Stray[] = [];
  const exchanges: Exchange[] = [];
  const fusions = fusionSites(test);
  const env: LocEnv = { plocOf, vaddrOf, locations, addrNames, reach, elements: elementsOf(addrNames, plocOf, locations), narrow: [], fusions, fusedRuns: fusions.map(() => dag.F) };
  const threads = test.threads.map((t, ti) =>
    unrollThread(test, t, ti, bound, dag, events, env, stops, unspecified, strays, exchanges));
  // Each load of another width read its bytes' initial values: right only where no thread writes them.
  for (const r of env.narrow) {
    const w = events.find((e) => e.info.kind === 'W' && !e.info.init && e.guard !== dag.F && r.plocs.has(e.info.ploc));
    if (w) {
      const line = w.instr ? ` (line ${w.instr.pos.line})` : '';
      throw new UnsupportedError(`${r.where}: ${mixedSize(r.first.name, r.first.width, r.bits)}; a load of another width is answered only of memory no thread writes, and ${locations[w.info.ploc]!.name} is written by ${w.info.label}${line}`, r.pos);
    }
  }
  // Which lanes' exchanges meet, known now that every thread is unrolled. Each gets its X
  // events, after every other event (so that those keep their numbers): `put` depends on what
  // the lane puts in, `take` on the `put`s it may take from; its placeholder becomes `take`.
  const meet = meetings(dag, exchanges);
  const xEvent = (thread: number, label: string, guard: N, deps: Deps): number => {
    events.push({
      info: {
        id: events.length, kind: 'X', init: false, thread, poIndex: 0, place: placeOf(test.threads[thread]!.placement), strong: false, scope: null,
        release: false, acquire: false, fence: null, proxy: null, ploc: -1, vaddr: -1, barMode: null, label,
      },
      guard, value: null, rmw: -1, deps, bar: null, instr: null, node: -1,
    });
    return events.length - 1;
  };
  for (const x of exchanges) x.put = xEvent(x.thread, `${x.label} (put)`, x.guard, x.deps);
  for (const x of exchanges) {
    x.take = xEvent(x.thread, `${x.label} (take)`, x.guard, takeDeps(dag, x, meet[x.id]!));
    for (const s of stops ?? []) if (s.exchange === x.id) s.event = x.take;
    const at = unmatched(dag, x, meet[x.id]!);
    if (at !== dag.F) unspecified.push({ at, where: x.where, what: 'reads a lane that does not take part, whose value the ISA leaves unpredictable (any value)' });
  }
  const barMeets = barrierMeetings(dag, events.filter((e) => e.info.kind === 'B' && e.guard !== dag.F));
  arriveHazards(dag, test, events, strays);
  // barrier.red "should not be intermixed with barrier.sync or barrier.arrive using the same
  // active barrier. Execution in this case is unpredictable" (ISA 9.7.12.1): a phase met so is
  // refused where a consistent execution makes it. (One after the other, as __syncthreads()
  // then __syncthreads_count(), is fine.)
  for (const e of events) {
    if (e.info.kind !== 'B' || !e.bar!.red || e.guard === dag.F) continue;
    for (const m of barMeets.get(e.info.id) ?? []) {
      if (m.a.bar!.red) continue;
      const other = m.a.instr!;
      const place = test.threads[e.info.thread]!.placement;
      strays.push(barrierStray(m.same, dag.bv(64, 0), instrWhere(place.id, e.instr!), e.instr!.pos, place, {
        unpredictable: `it meets P${test.threads[m.a.info.thread]!.placement.id}'s ${printInstr(other)} (line ${other.pos.line}) in one phase of its barrier, which the ISA makes unpredictable (9.7.12.1: barrier.red is not to be intermixed with barrier.sync or barrier.arrive on the same active barrier)`,
      }));
    }
  }
  waitsForExits(dag, test, events, exchanges, meet, barMeets, threads, xEvent);
  if (exchanges.length) {
    for (const e of events) {
      if (![...e.deps.keys()].some((k) => k < 0)) continue;
      e.deps = new Map([...e.deps].map(([k, c]) => [k < 0 ? exchanges[-1 - k]!.take : k, c]));
    }
  }
  return {
    dag, events, locations, plocOf, threads, threadIndex, stops: stops ?? [], source: { test, bound, liveness }, unspecified, strays, addrNames, reach,
    exchanges, meetings: meet, barMeetings: barMeets, fusions, fusedRuns: env.fusedRuns,
  };
}

interface LocEnv {
  plocOf: Map<string, number>;
  vaddrOf: Map<string, number>;
  locations: Location[];
  addrNames: Map<number, string>;
  reach: Reach;
  /** Every location's bytes, by address: where a load of another width reads (readOnlyRead). */
  elements: readonly Element[];
  /** Loads of another width answered from initial values, checked once every thread is unrolled. */
  narrow: NarrowRead[];
  /** Unrolled.fusions, and per site when some run of its add is executed (Unrolled.fusedRuns). */
  fusions: readonly string[];
  fusedRuns: N[];
}

/** A location at an address: its name there and its first byte; sorted by address. */
interface Element { base: number; name: string; bytes: number }

interface NarrowRead { plocs: ReadonlySet<number>; first: Location; bits: number; where: string; pos: { line: number; col: number } }

function elementsOf(addrNames: ReadonlyMap<number, string>, plocOf: ReadonlyMap<string, number>, locations: readonly Location[]): Element[] {
  return [...addrNames].map(([base, name]) => ({ base, name, bytes: locations[plocOf.get(name)!]!.width / 8 })).sort((a, b) => a.base - b.base);
}

/** The element holding byte address `at`, or undefined. */
function elementAt(els: readonly Element[], at: number): Element | undefined {
  let lo = 0;
  let hi = els.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const e = els[mid]!;
    if (at < e.base) hi = mid - 1;
    else if (at >= e.base + e.bytes) lo = mid + 1;
    else return e;
  }
  return undefined;
}

const unionDeps = (dag: Dag, ...ds: Deps[]): Deps => {
  const out: Deps = new Map();
  for (const d of ds) for (const [k, v] of d) out.set(k, dag.or(out.get(k) ?? dag.F, v));
  return out;
};
/** A predicate register's value as a Bool: set when not zero (whatever width it has). */
const holds = (dag: Dag, v: N): N => dag.not(dag.eq(v, dag.bv(dag.width(v), 0)));

const guardDeps = (dag: Dag, d: Deps, c: N): Deps => {
  const out: Deps = new Map();
  for (const [k, v] of d) {
    const g = dag.and(c, v);
    if (g !== dag.F) out.set(k, g);
  }
  return out;
};

/** A kernel's per-CTA and per-thread copies by name (LocDecl.owner), found once per test. */
const owners = new WeakMap<LitmusTest, ReadonlyMap<string, LocOwner>>();
function ownersOf(test: LitmusTest): ReadonlyMap<string, LocOwner> {
  let m = owners.get(test);
  if (!m) owners.set(test, m = new Map(test.locations.flatMap((l) => (l.kind === 'value' && l.owner ? [[l.name, l.owner] as const] : []))));
  return m;
}

function unrollThread(test: LitmusTest, thread: Thread, ti: number, bound: number, dag: Dag, events: SymEvent[], env: LocEnv, stops: Stop[] | null, unspecified: Unrolled['unspecified'], strays: Stray[], exchanges: Exchange[]): ThreadResult {
  const tid = thread.placement.id;
  const place = placeOf(thread.placement);
  const ownerOf = ownersOf(test);
  // The threads bar.warp.sync may meet: a kernel's warp (a litmus thread is a warp of its own).
  const warpOf = `${place.cta}/w${thread.placement.warp ?? `P${tid}`}`;
  const lane = thread.placement.lane ?? null;
  /**
   * bar.warp.sync's mask, a constant naming the thread's own lane: the ISA leaves a thread
   * outside its mask undefined, and masks are compared as the numbers they are.
   */
  const warpMask = (ins: Instr, m: N): N => {
    const k = dag.constOf(m);
    if (typeof k !== 'bigint') throw new UnsupportedError(`${whereIs(ins)}: a member mask computed as the kernel runs is not modelled (write a constant, as __syncwarp() does)`, ins.pos);
    const lane = thread.placement.lane ?? 0;
    if (((k >> BigInt(lane)) & 1n) === 0n) throw new UnsupportedError(`${whereIs(ins)}: lane ${lane} (P${tid}) is not in the mask 0x${k.toString(16)}, which the ISA leaves undefined`, ins.pos);
    return m;
  };
  // Instructions without labels; a label names the index of the next instruction.
  const code: Instr[] = [];
  const labels = new Map<string, number>();
  for (const s of thread.code) {
    if (s.op === 'label') labels.set(s.name, code.length);
    else code.push(s);
  }
  const target = (name: string, pos: { line: number; col: number }): number => {
    const t = labels.get(name);
    if (t === undefined) throw new UnsupportedError(`P${tid}: unknown label ${name} (line ${pos.line})`);
    return t;
  };

  // Registers have one width each (litmus/types.ts): a write extends its value to it.
  const types = threadRegisters(test.regInits, thread);
  const widthOf = (name: string): number => types.get(name)?.width ?? 32;
  // A register before any instruction writes it: 0 in a litmus test (herd's convention), in
  // a kernel any value (PTX leaves it undefined), a variable of its own per thread.
  const unsetRegs = test.undefinedRegisters === true;
  const zero = (name: string): RegVal => ({ v: unsetRegs ? dag.bvVar(`${UNSET_REGISTER}${tid}_${name}`, widthOf(name)) : dag.bv(widthOf(name), 0), deps: new Map() });
  // Whether v, a register's value, is still its first one: through the merges of paths (ite on
  // their reach) down to that variable.
  const stillUnset = (v: N, first: N, memo = new Map<N, N>()): N => {
    if (v === first) return dag.T;
    const d = dag.nodes[v]!;
    if (d.op !== 'ite') return dag.F;
    let r = memo.get(v);
    if (r === undefined) memo.set(v, r = dag.or(dag.and(d.c, stillUnset(d.a, first, memo)), dag.and(dag.not(d.c), stillUnset(d.b, first, memo))));
    return r;
  };
  // The instruction whose operands are being read, executed under g (the note of a read of an
  // unset register names it, once per register).
  let reading: { instr: Instr; g: N } | null = null;
  const noted = new Set<string>();
  const initRegs = new Map<string, RegVal>();
  for (const r of test.regInits) {
    if (r.thread !== tid) continue;
    const v = 'addressOf' in r ? env.vaddrOf.get(r.addressOf)! : r.value;
    initRegs.set(r.reg, { v: dag.bv(widthOf(r.reg), v), deps: new Map() });
  }

  const len = code.length;
  const cfg = buildCfg(code, (i) => target((i as { target: string }).target, i.pos), bound);
  // Incoming states per unrolled node.
  const incoming = new Map<number, State[]>();
  const push = (node: CfgNode, s: State): void => {
    if (s.reach === dag.F) return;
    const l = incoming.get(node.id);
    if (l) l.push(s); else incoming.set(node.id, [s]);
  };
  push(cfg.nodes[0]!, { reach: dag.T, regs: initRegs, ctrl: new Map(), done: new Map() });
  const cuts: N[] = [];
  const exits: State[] = [];
  // Liveness: the thread stopped for good at a stop point (its state there, reach with the stop literal).
  const stopped: State[] = [];
  let poIndex = 0;
  // For liveness: each node's state and events, to compare an iteration's end with its start.
  const stateAt = new Map<number, State>();
  const eventsAt = new Map<number, SymEvent[]>();
  const matter = stops ? registersThatMatter(code) : new Set<string>();
  const nodeById = new Map(cfg.nodes.map((n) => [n.id, n]));
  const barriersFrom = (from: number): Extract<Instr, { op: 'bar' }>[] => {
    const seen = new Set<number>();
    const todo = [from];
    const out: Extract<Instr, { op: 'bar' }>[] = [];
    while (todo.length) {
      const q = todo.pop()!;
      if (q >= len || seen.has(q)) continue;
      seen.add(q);
      const i = code[q]!;
      if (i.op === 'bar') out.push(i);
      todo.push(...cfgSuccessors(code, q, (x) => target((x as { target: string }).target, x.pos)));
    }
    return out;
  };
  let here = -1;

  const merge = (ins: State[]): State => {
    if (ins.length === 1) return ins[0]!;
    const reach = dag.or(...ins.map((s) => s.reach));
    const names = new Set<string>();
    for (const s of ins) for (const k of s.regs.keys()) names.add(k);
    const regs = new Map<string, RegVal>();
    for (const name of names) {
      const vals = ins.map((s) => s.regs.get(name) ?? zero(name));
      if (vals.every((v) => v === vals[0])) { regs.set(name, vals[0]!); continue; }
      let v = vals[vals.length - 1]!.v;
      for (let i = vals.length - 2; i >= 0; i--) v = dag.ite(ins[i]!.reach, vals[i]!.v, v);
      regs.set(name, { v, deps: unionDeps(dag, ...vals.map((x, i) => guardDeps(dag, x.deps, ins[i]!.reach))) });
    }
    const ctrl = unionDeps(dag, ...ins.map((s) => guardDeps(dag, s.ctrl, s.reach)));
    const live = ins.filter((s) => s.reach !== dag.F);
    const done = new Map<string, readonly [number, number]>();
    for (const k of new Set(live.flatMap((s) => [...s.done.keys()]))) {
      const b = live.map((s) => s.done.get(k) ?? [0, 0] as const);
      done.set(k, [Math.min(...b.map((x) => x[0])), Math.max(...b.map((x) => x[1]))]);
    }
    return { reach, regs, ctrl, done };
  };

  const reg = (s: State, name: string): RegVal => s.regs.get(name) ?? zero(name);
  /** A register an instruction reads: in a kernel, noting where it may still be unset. */
  const read = (s: State, name: string): RegVal => {
    const r = reg(s, name);
    if (!unsetRegs || !reading || noted.has(`${here}:${name}`)) return r;
    const at = dag.and(reading.g, stillUnset(r.v, zero(name).v));
    if (at !== dag.F) {
      noted.add(`${here}:${name}`);
      unspecified.push({ at, where: whereIs(reading.instr), what: `reads %${name} before any instruction writes it, and PTX leaves its value undefined (any value)` });
    }
    return r;
  };
  const bounds = new Map<N, Interval>();
  const operand = (s: State, v: AstValue, type: DataType): RegVal => {
    const w = typeWidth(type);
    if (v.kind === 'imm') return { v: dag.bv(w, v.value), deps: new Map() };
    const r = read(s, v.name);
    return { v: dag.resize(r.v, w, typeSigned(type)), deps: r.deps };
  };
  const whereIs = (ins: Instr): string => instrWhere(tid, ins);
  // Where an access goes: one target when its address is known before running; otherwise each
  // location it may reach, with the condition that it does (an address read from memory, or
  // chosen by the path taken). An execution in which it reaches none is recorded (strays).
  /**
   * A load of another width than the memory it reads (nvcc reads `in[i] & 0xff` as
   * ld.global.u8, `(short)in[i]` as ld.global.s16): where no thread writes those bytes, each
   * holds its initial value in every execution, so the load reads them, little-endian, without
   * a mixed-size model. Null where some byte is no location's, out of reach, or of an unknown
   * initial value; otherwise noted, for unroll to refuse should a thread write any of them.
   */
  const readOnlyRead = (at: bigint, bits: number, owns: (name: string) => boolean, where: string, pos: NarrowRead['pos']): bigint | null => {
    // PTX requires an access's address to be a multiple of its size.
    if (at % BigInt(bits / 8) !== 0n) return null;
    let v = 0n;
    const plocs = new Set<number>();
    let first: Location | undefined;
    for (let k = 0; k < bits / 8; k++) {
      const byte = Number(at) + k;
      const el = elementAt(env.elements, byte);
      if (!el || !owns(el.name)) return null;
      const loc = env.locations[env.plocOf.get(el.name)!]!;
      if (loc.unknown) return null;
      v |= ((BigInt.asUintN(loc.width, loc.init) >> BigInt(8 * (byte - el.base))) & 0xffn) << BigInt(8 * k);
      plocs.add(loc.ploc);
      first ??= loc;
    }
    env.narrow.push({ plocs, first: first!, bits, where, pos });
    return v;
  };
  const address = (s: State, g: N, ins: Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }>): { targets: Target[]; deps: Deps; fixed?: bigint } => {
    const a = ins.addr;
    const offset = ins.offset ?? 0n;
    // An access of another width than its location's would need a mixed-size model, which the
    // PTX model does not give (litmus/layout.ts mixedSize).
    const fits = (name: string): boolean => typeWidth(ins.type) === env.locations[env.plocOf.get(name)!]!.width;
    if (a.kind === 'loc' && offset === 0n && fits(a.name)) return { targets: [{ ploc: env.plocOf.get(a.name)!, vaddr: env.vaddrOf.get(a.name)!, at: dag.T }], deps: new Map() };
    const r: RegVal = a.kind === 'loc' ? { v: dag.bv(64, env.vaddrOf.get(a.name)!), deps: new Map() } : read(s, a.name);
    const where = whereIs(ins);
    const who = { place: thread.placement, space: ins.space, write: ins.op !== 'ld', strong: strongAccess(ins) };
    // A kernel's per-CTA and per-thread copies: another CTA's .shared or another thread's .local
    // memory is out of reach, and a .local or .shared access reaches its own space only.
    const owns = (name: string): boolean => {
      // (A kernel's reach holds only the space rules: constant memory is read-only, a space's access reaches only that space.)
      if (env.reach(name, who.place, who.space, who.write, who.strong) !== null) return false;
      if (!test.perThread) return true;
      const o = ownerOf.get(name);
      if (ins.space === 'local') return o !== undefined && 'thread' in o && o.thread === tid;
      if (ins.space === 'shared' || ins.space === 'shared_cluster') return o !== undefined && 'cta' in o && o.cta === thread.placement.cta;
      if (ins.space !== 'generic') return o === undefined;
      return o === undefined || ('thread' in o ? o.thread === tid : o.cta === thread.placement.cta);
    };
    const c = dag.constOf(r.v);
    if (typeof c === 'bigint') {
      const at = BigInt.asUintN(64, c + offset);
      const name = env.addrNames.get(Number(at));
      if (name !== undefined && owns(name) && fits(name)) return { targets: [{ ploc: env.plocOf.get(name)!, vaddr: env.vaddrOf.get(name)!, at: dag.T }], deps: r.deps };
      const fixed = ins.op === 'ld' ? readOnlyRead(at, typeWidth(ins.type), owns, where, ins.pos) : null;
      if (fixed !== null) return { targets: [], deps: r.deps, fixed };
      // Under a guard that depends on what is read, only an execution that makes it counts.
      if (g !== dag.T) {
        strays.push({ at: g, addr: dag.bv(64, at), where, pos: ins.pos, width: typeWidth(ins.type), ...who });
        return { targets: [], deps: r.deps };
      }
      if (name === undefined) throw new UnsupportedError(`${where}: ${noLocation(env.addrNames, at)}`, ins.pos);
      if (!owns(name)) throw new UnsupportedError(`${where}: ${env.reach(name, who.place, who.space, who.write, who.strong) ?? `address ${at} is ${name}, which this ${ins.space === 'generic' ? 'generic' : `.${ins.space}`} access of P${tid} cannot reach (another thread's .local or another CTA's .shared memory)`}`, ins.pos);
      throw new UnsupportedError(`${where}: ${mixedSize(name, env.locations[env.plocOf.get(name)!]!.width, typeWidth(ins.type))}`, ins.pos);
    }
    const addr = dag.bin('add', dag.resize(r.v, 64), dag.bv(64, offset));
    const byAddr = new Map<number, N>();
    const leaves = constLeaves(dag, addr);
    if (leaves) for (const l of leaves) byAddr.set(Number(l.v), dag.or(byAddr.get(Number(l.v)) ?? dag.F, l.at));
    else {
      // Only the locations within the address's bounds (a 32-bit index scaled and added to a
      // base reaches nothing below the base), each when the address is its.
      const range = interval(dag, addr, bounds);
      for (const v of env.addrNames.keys()) if (reaches(range, v)) byAddr.set(v, dag.eq(addr, dag.bv(64, v)));
    }
    const targets: Target[] = [];
    for (const [v, at] of byAddr) {
      const name = env.addrNames.get(v);
      if (name !== undefined && owns(name) && fits(name) && at !== dag.F) targets.push({ ploc: env.plocOf.get(name)!, vaddr: v, at });
    }
    const stray = dag.and(g, dag.not(dag.or(...targets.map((t) => t.at))));
    if (stray !== dag.F) strays.push({ at: stray, addr, where, pos: ins.pos, width: typeWidth(ins.type), ...who });
    return { targets, deps: r.deps };
  };

  const newEvent = (ins: Instr, kind: EventInfo['kind'], guard: N, extra: Partial<EventInfo>, rest: Partial<SymEvent>): SymEvent => {
    const e: SymEvent = {
      info: {
        id: events.length, kind, init: false, thread: ti, poIndex: poIndex++, place, strong: false, scope: null,
        release: false, acquire: false, fence: null, proxy: null, ploc: -1, vaddr: -1, barMode: null,
        label: `P${tid}:${printInstr(ins)}`, ...extra,
      },
      guard, value: null, rmw: -1, deps: new Map(), bar: null, instr: ins, node: here, ...rest,
    };
    events.push(e);
    if (stops) (eventsAt.get(here) ?? eventsAt.set(here, []).get(here)!).push(e);
    return e;
  };

  for (const node of cfg.nodes) {
    const pc = node.pc;
    const ins = incoming.get(node.id);
    if (!ins) continue;
    const st = merge(ins);
    if (pc === len) { exits.push(st); continue; }
    here = node.id;
    if (stops) stateAt.set(node.id, st);
    const instr = code[pc]!;
    const jump = (to: number, s0: State): void => {
      const s = stops && to <= pc && s0.reach !== dag.F ? loopStop(to, s0) : s0;
      const nx = cfg.next(node, to);
      if (!nx) { if (s.reach !== dag.F) cuts.push(s.reach); return; }
      push(nx, s);
    };
    // A back jump ends an iteration: the thread may stop there for good (liveness).
    const loopStop = (to: number, s: State): State => {
      const it = cfg.iteration(node, to);
      const head = it.head ? stateAt.get(it.head.id) : undefined;
      const mine: SymEvent[] = [];
      for (const [id, es] of eventsAt) if (it.contains(nodeById.get(id)!)) mine.push(...es);
      const same = head ? dag.and(...[...matter].map((r) => dag.eq(reg(head, r).v, reg(s, r).v))) : dag.F;
      // No write that changes memory: an atom that writes back what it read (a failing cas, an
      // exch of the value already there) leaves the location as it was, so it may repeat.
      const unchanged = (e: SymEvent): N => (e.info.kind === 'W' && e.rmw >= 0 ? dag.eq(e.value!, events[e.rmw]!.value!) : dag.F);
      const quiet = dag.and(same, ...mine.filter((e) => e.info.kind === 'W' || e.info.kind === 'B').map((e) => dag.or(dag.not(e.guard), unchanged(e))));
      const lit = dag.boolVar(`stop_${ti}_${stops!.length}`);
      const reach = dag.and(s.reach, dag.not(lit));
      stopped.push({ ...s, reach: dag.and(s.reach, lit) });
      stops!.push({
        thread: ti, cta: place.cta, warp: warpOf, lane, kind: 'loop', lit, at: s.reach, instr, event: -1, exchange: -1, quiet,
        reads: mine.filter((e) => e.info.kind === 'R').map((e) => e.info.id), repeat: dag.and(reach, quiet), ahead: barriersFrom(to),
      });
      return { ...s, reach };
    };
    // Liveness: at an instruction that waits for other threads (g: it is executed), the
    // thread may wait for good, executing nothing after it. What it goes on with.
    const waitStop = (g: N, event: number, exchange: number): N => {
      if (!stops || g === dag.F) return st.reach;
      const lit = dag.boolVar(`stop_${ti}_${stops.length}`);
      stopped.push({ ...st, reach: dag.and(g, lit) });
      stops.push({
        thread: ti, cta: place.cta, warp: warpOf, lane, kind: 'barrier', lit, at: g, instr, event, exchange,
        quiet: dag.F, reads: [], repeat: dag.F, ahead: barriersFrom(pc + 1),
      });
      return dag.and(st.reach, dag.not(lit));
    };
    // The guard @p / @!p: the instruction takes effect only when it holds.
    let pred: N = dag.T;
    let predDeps: Deps = new Map();
    reading = { instr, g: st.reach };
    if (instr.guard) {
      const p = read(st, instr.guard.reg.name);
      pred = instr.guard.negated ? dag.not(holds(dag, p.v)) : holds(dag, p.v);
      predDeps = p.deps;
    }
    const g = dag.and(st.reach, pred);
    reading = { instr, g };
    const ctrl = unionDeps(dag, st.ctrl, predDeps);
    // The destination takes the value extended (by the instruction's signedness) to its width.
    const setReg = (name: string, v0: RegVal, base: Map<string, RegVal> = st.regs): Map<string, RegVal> => {
      const regs = new Map(base);
      const v = { v: dag.resize(v0.v, widthOf(name), writerType(instr)?.signed ?? false), deps: v0.deps };
      if (pred === dag.T) { regs.set(name, v); return regs; }
      const old = base.get(name) ?? zero(name);
      // Which value the register keeps depends on the guard, as it would after a branch
      // around the instruction (ctrl): the guard's reads are dependencies either way.
      regs.set(name, {
        v: dag.ite(pred, v.v, old.v),
        deps: unionDeps(dag, guardDeps(dag, v.deps, pred), guardDeps(dag, old.deps, dag.not(pred)), predDeps),
      });
      return regs;
    };
    const next = (regs: Map<string, RegVal>, reach: N = st.reach, done = st.done): void => jump(pc + 1, { reach, regs, ctrl: st.ctrl, done });
    // An access whose guard is known false is never performed: no event, registers as they
    // were, and its address (past a buffer's end, say, for a thread beyond n) never resolved.
    const never = (): boolean => {
      if (g !== dag.F) return false;
      next(st.regs);
      return true;
    };
    switch (instr.op) {
      case 'bra': case 'bcmp': {
        let c: N;
        let cdeps: Deps;
        if (instr.op === 'bra') { c = pred; cdeps = predDeps; }
        else {
          const a = operand(st, instr.a, 's32');
          const b = operand(st, instr.b, 's32');
          c = dag.and(pred, cmpNode(dag, instr.cmp, a.v, b.v, true));
          cdeps = unionDeps(dag, a.deps, b.deps, predDeps);
        }
        const after = unionDeps(dag, st.ctrl, cdeps);
        jump(target(instr.target, instr.pos), { reach: dag.and(st.reach, c), regs: st.regs, ctrl: after, done: st.done });
        jump(pc + 1, { reach: dag.and(st.reach, dag.not(c)), regs: st.regs, ctrl: after, done: st.done });
        break;
      }
      case 'mov': {
        const w = typeWidth(instr.type);
        const v: RegVal = instr.src.kind === 'loc'
          ? { v: dag.bv(Math.max(w, 32), env.vaddrOf.get(instr.src.name)!), deps: new Map() }
          : operand(st, instr.src, instr.type);
        next(setReg(instr.dst.name, v));
        break;
      }
      case 'alu': {
        if (instr.funnel) {
          // The 64 bits b:a shifted, then the half kept (shf.l: upper, shf.r: lower).
          const a = operand(st, instr.a, 'b32');
          const b = operand(st, instr.b, 'b32');
          const c = operand(st, instr.c!, 'u32');
          const n = instr.funnel.clamp ? dag.ite(dag.cmp('ult', c.v, dag.bv(32, 32)), c.v, dag.bv(32, 32)) : dag.bin('and', c.v, dag.bv(32, 31));
          const x = pair64(dag, a.v, b.v);
          const n64 = dag.resize(n, 64);
          const v = dag.resize(instr.funnel.left ? dag.bin('lshr', dag.bin('shl', x, n64), dag.bv(64, 32)) : dag.bin('lshr', x, n64), 32);
          next(setReg(instr.dst.name, { v, deps: unionDeps(dag, a.deps, b.deps, c.deps) }));
          break;
        }
        if (instr.aop === 'bfe' || instr.aop === 'bfi' || instr.aop === 'prmt') {
          // bfe d, a, pos, len; bfi f, a, b, pos, len; prmt d, a, b, c (positions and lengths .u32).
          const at = instr.aop === 'prmt' ? 'b32' : 'u32';
          const xs = [operand(st, instr.a, instr.type), operand(st, instr.b, instr.aop === 'bfe' ? 'u32' : instr.type), operand(st, instr.c!, at)];
          if (instr.d) xs.push(operand(st, instr.d, 'u32'));
          const v = bitFieldNode(dag, instr.aop, instr.type, xs.map((x) => x.v));
          next(setReg(instr.dst.name, { v, deps: unionDeps(dag, ...xs.map((x) => x.deps)) }));
          break;
        }
        if (instr.hi) {
          // The upper half of the product at twice the width, operands extended by the type's signedness.
          const a = operand(st, instr.a, instr.type);
          const b = operand(st, instr.b, instr.type);
          const c = instr.c ? operand(st, instr.c, instr.type) : null;
          const w = typeWidth(instr.type);
          const s = typeSigned(instr.type);
          const full = dag.bin('mul', dag.resize(a.v, 2 * w, s), dag.resize(b.v, 2 * w, s));
          const hi = dag.resize(dag.bin('lshr', full, dag.bv(2 * w, w)), w);
          const v = c ? dag.bin('add', hi, c.v) : hi;
          next(setReg(instr.dst.name, { v, deps: unionDeps(dag, a.deps, b.deps, c?.deps ?? new Map()) }));
          break;
        }
        // .wide: the operands are read as the type (an immediate too: nvcc's `mul.wide.u32 %rd1,
        // %r1, -1431655765` multiplies by 0xaaaaaaab), then extended to the result's width.
        const t = instr.wide ? wideType(instr.type) : instr.type;
        const widen = (x: RegVal): RegVal => (instr.wide ? { v: dag.resize(x.v, typeWidth(t), typeSigned(t)), deps: x.deps } : x);
        const a = widen(operand(st, instr.a, instr.type));
        const b = instr.aop === 'shl' || instr.aop === 'shr' ? operand(st, instr.b, 'u32') : widen(operand(st, instr.b, instr.type));
        const c = instr.c ? operand(st, instr.c, t) : null;
        let v = aluNode(dag, instr.aop, t, a.v, b.v, c?.v);
        if ((instr.aop === 'div' || instr.aop === 'rem') && g !== dag.F) {
          // PTX leaves the quotient of a division by zero unspecified (machine-specific). A divisor
          // known before running (a constant, a kernel's parameter) must not be zero: that is a
          // mistake in the test, refused at the instruction. A divisor read from memory may be
          // zero in some executions: the quotient is then any value (a variable of its own),
          // which no execution with a non-zero divisor can see.
          const d = dag.constOf(b.v);
          if (d === 0n) throw new UnsupportedError(`${whereIs(instr)}: division by zero, whose value PTX leaves unspecified`, instr.pos);
          const w = typeWidth(t);
          if (typeof d !== 'bigint') {
            const zero = dag.eq(dag.resize(b.v, w), dag.bv(w, 0));
            v = dag.ite(zero, dag.bvVar(`undef${ti}_${here}`, w), v);
            unspecified.push({ at: dag.and(g, zero), where: whereIs(instr), what: 'divides by zero, and PTX leaves the quotient unspecified (any value)' });
          }
          // The most negative value divided by -1: a quotient the type cannot hold, which PTX
          // does not define either (C leaves it undefined): any value, as for a zero divisor.
          // (The remainder, 0, fits.)
          if (instr.aop === 'div' && typeSigned(t)) {
            const over = dag.and(dag.eq(a.v, dag.bv(w, -(1n << BigInt(w - 1)))), dag.eq(dag.resize(b.v, w), dag.bv(w, -1)));
            if (over === dag.T) throw new UnsupportedError(`${whereIs(instr)}: ${-(1n << BigInt(w - 1))} / -1, whose quotient the .${t} cannot hold and PTX does not define`, instr.pos);
            if (over !== dag.F) {
              v = dag.ite(over, dag.bvVar(`over${ti}_${here}`, w), v);
              unspecified.push({ at: dag.and(g, over), where: whereIs(instr), what: `divides ${-(1n << BigInt(w - 1))} by -1, a quotient the .${t} cannot hold, which PTX leaves undefined (any value)` });
            }
          }
        }
        next(setReg(instr.dst.name, { v, deps: unionDeps(dag, a.deps, b.deps, c?.deps ?? new Map()) }));
        break;
      }
      case 'selp': {
        const a = operand(st, instr.a, instr.type);
        const b = operand(st, instr.b, instr.type);
        const p = read(st, instr.p.name);
        const v = dag.ite(holds(dag, p.v), a.v, b.v);
        next(setReg(instr.dst.name, { v, deps: unionDeps(dag, a.deps, b.deps, p.deps) }));
        break;
      }
      case 'unary': {
        const a = operand(st, instr.a, instr.type);
        const w = typeWidth(instr.type);
        const not = (): N => dag.bin('xor', a.v, dag.bv(w, -1));
        const neg = (): N => dag.bin('sub', dag.bv(w, 0), a.v);
        const negative = (): N => dag.cmp('slt', a.v, dag.bv(w, 0));
        const v = instr.uop === 'not' ? not()
          : instr.uop === 'neg' ? neg()
          : instr.uop === 'abs' ? dag.ite(negative(), neg(), a.v)
          : instr.uop === 'bfind' ? bfindNode(dag, typeSigned(instr.type) ? dag.ite(negative(), not(), a.v) : a.v, w, !!instr.shiftamt)
          : bitCountNode(dag, instr.uop, a.v, w);
        next(setReg(instr.dst.name, { v, deps: a.deps }));
        break;
      }
      case 'cvt': {
        // Read as the source type (truncated or extended to it), then extended by its signedness.
        const a = operand(st, instr.a, instr.stype);
        next(setReg(instr.dst.name, { v: dag.resize(a.v, typeWidth(instr.dtype), typeSigned(instr.stype)), deps: a.deps }));
        break;
      }
      case 'fop': {
        // Operands read at the operation's width (a float's bits, or cvt's integer type).
        const f = instr.f;
        const t: DataType = f.fn === 'cvt' && f.from !== 'f32' && f.from !== 'f64' ? f.from : floatWidths(f).args === 64 ? 'b64' : 'b32';
        const xs = instr.args.map((x) => operand(st, x, t));
        let v = dag.float(f, xs.map((x) => x.v));
        const fuse = instr.fuse;
        if (fuse) {
          // ptxas's choice (litmus/fusion.ts): a free literal, the same wherever this add is run.
          const [a, b] = [operand(st, fuse.a, t), operand(st, fuse.b, t)];
          xs.push(a, b);
          const fused = fusedValue(f, fuse.product, a.v, b.v, xs[1 - fuse.product]!.v, (g, ys) => dag.float(g, ys));
          const k = env.fusions.indexOf(fuse.site);
          v = dag.ite(dag.boolVar(fuseVar(k)), fused, v);
          env.fusedRuns[k] = dag.or(env.fusedRuns[k]!, g);
        }
        next(setReg(instr.dst.name, { v, deps: unionDeps(dag, ...xs.map((x) => x.deps)) }));
        break;
      }
      case 'setp': {
        const a = operand(st, instr.a, instr.type);
        const b = operand(st, instr.b, instr.type);
        const c = cmpNode(dag, instr.cmp, a.v, b.v, typeSigned(instr.type));
        next(setReg(instr.dst.name, { v: dag.ite(c, dag.bv(1, 1), dag.bv(1, 0)), deps: unionDeps(dag, a.deps, b.deps) }));
        break;
      }
      case 'ld': {
        if (never()) break;
        const a = address(st, g, instr);
        if (a.fixed !== undefined) {
          // Bytes no thread writes: their initial values, no read event (readOnlyRead).
          next(setReg(instr.dst.name, { v: dag.bv(typeWidth(instr.type), a.fixed), deps: a.deps }));
          break;
        }
        const strong = instr.ord.sem !== 'weak';
        // One read per location the address may reach; the register takes the one that happens.
        const got = a.targets.map((t) => {
          const e = newEvent(instr, 'R', dag.and(g, t.at), {
            strong, scope: instr.ord.sem === 'weak' ? null : effectiveScope(instr.ord.scope, instr.space),
            acquire: instr.ord.sem === 'acquire', proxy: instr.proxy, ploc: t.ploc, vaddr: t.vaddr,
          }, { deps: unionDeps(dag, a.deps, ctrl) });
          e.value = dag.bvVar(`v${e.info.id}`, env.locations[t.ploc]!.width);
          return { at: t.at, v: dag.resize(e.value, typeWidth(instr.type), typeSigned(instr.type)), deps: new Map([[e.info.id, t.at]]) };
        });
        next(setReg(instr.dst.name, oneOf(dag, got, typeWidth(instr.type))));
        break;
      }
      case 'st': {
        if (never()) break;
        const a = address(st, g, instr);
        const src = operand(st, instr.src, instr.type);
        for (const t of a.targets) {
          newEvent(instr, 'W', dag.and(g, t.at), {
            strong: instr.ord.sem !== 'weak', scope: instr.ord.sem === 'weak' ? null : effectiveScope(instr.ord.scope, instr.space),
            release: instr.ord.sem === 'release', proxy: instr.proxy, ploc: t.ploc, vaddr: t.vaddr,
          }, { value: dag.resize(src.v, env.locations[t.ploc]!.width, typeSigned(instr.type)), deps: unionDeps(dag, a.deps, src.deps, ctrl) });
        }
        next(st.regs);
        break;
      }
      case 'atom': case 'red': {
        if (never()) break;
        const a = address(st, g, instr);
        const sem = instr.ord.sem;
        const scope = sem === 'weak' ? null : effectiveScope(instr.ord.scope, instr.space);
        const got = a.targets.map((t) => {
          const width = env.locations[t.ploc]!.width;
          const common = { strong: true, scope, proxy: instr.proxy, ploc: t.ploc, vaddr: t.vaddr };
          const r = newEvent(instr, 'R', dag.and(g, t.at), { ...common, acquire: instr.op === 'atom' && (sem === 'acquire' || sem === 'acq_rel'), ...(instr.op === 'red' ? { red: true } : {}) }, { deps: unionDeps(dag, a.deps, ctrl) });
          r.value = dag.bvVar(`v${r.info.id}`, width);
          const old = dag.resize(r.value, typeWidth(instr.type), typeSigned(instr.type));
          const ftz = flushesSubnormals(width, instr.space, env.locations[t.ploc]!.shared);
          const { v, deps } = rmwValue(dag, st, instr, old, operand, ftz);
          // The value written depends on the value read (except for exch): a data dependency.
          const own: Deps = dag.varsOf(v).has(`v${r.info.id}`) ? new Map([[r.info.id, dag.T]]) : new Map();
          const w = newEvent(instr, 'W', dag.and(g, t.at), { ...common, release: sem === 'release' || sem === 'acq_rel' }, {
            value: dag.resize(v, width), deps: unionDeps(dag, a.deps, deps, own, ctrl), rmw: r.info.id,
          });
          r.rmw = w.info.id;
          return { at: t.at, v: old, deps: new Map([[r.info.id, t.at]]) };
        });
        if (instr.op === 'atom') next(setReg(instr.dst.name, oneOf(dag, got, typeWidth(instr.type))));
        else next(st.regs);
        break;
      }
      case 'fence':
        newEvent(instr, 'F', g, { strong: true, scope: instr.scope, fence: instr.sem, proxy: 'generic' }, {});
        next(st.regs);
        break;
      case 'fence.proxy':
        newEvent(instr, 'F', g, {
          strong: true, fence: instr.kind === 'alias' ? 'alias' : 'proxy',
          proxy: instr.kind === 'alias' ? 'generic' : instr.kind,
        }, {});
        next(st.regs);
        break;
      case 'bar': {
        const val = (v: AstValue | undefined, dflt: number): N => (v ? operand(st, v, 'u32').v : dag.bv(32, dflt));
        // (A bar.warp.sync its guard skips is never executed: its mask is not checked.)
        const mask = instr.mask ? (g === dag.F ? val(instr.mask, 0) : warpMask(instr, val(instr.mask, 0))) : null;
        if (!mask && !instr.instance && instr.id.kind === 'reg') {
          // A genuine id in a register the program sets: a barrier past 15 does not exist (ptxas
          // checks an immediate, litmus/barriers.ts a register's initial value).
          const id = val(instr.id, 0);
          const past = dag.and(g, dag.not(dag.cmp('ult', id, dag.bv(32, 16))));
          if (past !== dag.F) strays.push(barrierStray(past, dag.resize(id, 64), whereIs(instr), instr.pos, thread.placement, { barrier: true }));
        }
        const b = newEvent(instr, 'B', g, { scope: 'cta', barMode: instr.mode }, {
          bar: {
            instance: val(instr.instance, 0), id: mask ?? val(instr.id, 0), count: instr.count ? val(instr.count, 0) : null,
            // Genuine PTX counts threads and each litmus thread is one warp; Dartagnan's
            // instance form counts litmus threads.
            unit: instr.instance || test.perThread ? 1 : WARP_SIZE,
            warp: mask ? warpOf : null,
            waits: mask ? 'mask' : !test.perThread ? null : instr.count ? 'warp' : 'cta',
            red: null,
          },
        });
        let regs = st.regs;
        if (instr.red) {
          // The result is a variable of its own: the other threads' predicates are not known here.
          const { op, pred, negated, dst } = instr.red;
          const p = pred.kind === 'imm' ? { v: dag.bv(1, pred.value === 0n ? 0 : 1), deps: new Map() as Deps } : read(st, pred.name);
          const result = dag.bvVar(`bar_red_${b.info.id}`, op === 'popc' ? 32 : 1);
          b.bar!.red = { op, bit: negated ? dag.not(holds(dag, p.v)) : holds(dag, p.v), result };
          regs = setReg(dst.name, { v: result, deps: p.deps });
        }
        next(regs, instr.mode === 'sync' || b.bar!.waits === 'warp' ? waitStop(g, b.info.id, -1) : st.reach);
        break;
      }
      case 'shfl': case 'vote': case 'redux': case 'match': {
        // The result is made of a variable of its own (exchanges.ts `got`): the other lanes'
        // values are not known here. Its dependencies go through the operation's `take` event,
        // made, with its links to the other lanes', once every thread is unrolled.
        if (lane === null) throw new UnsupportedError(`${whereIs(instr)}: ${instr.op}.sync is for kernels' threads, which have lanes`, instr.pos);
        const m = operand(st, instr.mask, 'b32').v;
        const id = exchanges.length;
        // What the lane puts in: a vote's predicate, the others' a.
        let mine: RegVal;
        if (instr.op === 'vote') {
          const p = instr.pred.kind === 'imm' ? { v: dag.bv(1, instr.pred.value === 0n ? 0 : 1), deps: new Map() as Deps } : read(st, instr.pred.name);
          mine = { v: instr.negated ? dag.not(holds(dag, p.v)) : holds(dag, p.v), deps: p.deps };
        } else mine = operand(st, instr.a, instr.op === 'shfl' ? 'b32' : instr.type);
        const x: Exchange = {
          id, thread: ti, lane, warp: warpOf, po: poIndex++, phase: [0, 0], instr, kind: exchangeKind(instr), key: '', guard: g, mask: g === dag.F ? m : warpMask(instr, m), give: mine.v, deps: mine.deps, put: -1, take: -1,
          from: null, uses: dag.T, got: dag.bvVar(`xchg_${id}`, instr.op === 'vote' && instr.mode !== 'ballot' ? 1 : 32), where: whereIs(instr), label: `P${tid}:${printInstr(instr)}`,
        };
        x.key = `${x.kind}|${dag.constOf(x.mask)}`;
        exchanges.push(x);
        // It waits for the lanes of its mask (barriers.ts): for liveness, perhaps for good.
        const reach = waitStop(g, -1, id);
        // Its phase's bounds; after it, one more executed on every path (unless a guard may skip it).
        const [must, may] = st.done.get(x.key) ?? [0, 0];
        x.phase = [must, may];
        const done = g === dag.F ? st.done : new Map([...st.done, [x.key, [pred === dag.T ? must + 1 : must, may + 1] as const]]);
        const theirs: Deps = new Map([[placeholder(id), dag.T]]);
        if (instr.op !== 'shfl') {
          // The result depends on this lane's operand and, through `take`, the others'.
          const deps = unionDeps(dag, mine.deps, theirs);
          let regs = setReg(instr.dst.name, { v: x.got, deps });
          // match.all's p: the lanes' values are all equal, when its d (their mask, with this lane) is not 0.
          if (instr.op === 'match' && instr.pdst) regs = setReg(instr.pdst.name, { v: dag.ite(holds(dag, x.got), dag.bv(1, 1), dag.bv(1, 0)), deps }, regs);
          next(regs, reach, done);
          break;
        }
        // The ISA's shfl.sync pseudocode: the lane j read, and whether it is within the clamp (else the lane's own a).
        const b = operand(st, instr.b, 'b32');
        const c = operand(st, instr.c, 'b32');
        const five = (v: N): N => dag.bin('and', v, dag.bv(32, 31));
        const me = dag.bv(32, lane);
        const bval = five(b.v);
        const seg = five(dag.bin('lshr', c.v, dag.bv(32, 8)));
        const notSeg = dag.bin('xor', seg, dag.bv(32, 31));
        const maxLane = dag.bin('or', dag.bin('and', me, seg), dag.bin('and', five(c.v), notSeg));
        let j: N;
        let pval: N;
        switch (instr.mode) {
          case 'up': j = dag.bin('sub', me, bval); pval = dag.cmp('sle', maxLane, j); break;
          case 'down': j = dag.bin('add', me, bval); pval = dag.cmp('ule', j, maxLane); break;
          case 'bfly': j = dag.bin('xor', me, bval); pval = dag.cmp('ule', j, maxLane); break;
          case 'idx': j = dag.bin('or', dag.bin('and', me, seg), dag.bin('and', bval, notSeg)); pval = dag.cmp('ule', j, maxLane); break;
        }
        x.from = j;
        const other = dag.and(pval, dag.not(dag.eq(j, me)));
        x.uses = other;
        const how = unionDeps(dag, b.deps, c.deps);
        const v = dag.ite(other, x.got, mine.v);
        let regs = setReg(instr.dst.name, { v, deps: unionDeps(dag, guardDeps(dag, theirs, other), guardDeps(dag, mine.deps, dag.not(other)), how) });
        if (instr.pdst) regs = setReg(instr.pdst.name, { v: dag.ite(pval, dag.bv(1, 1), dag.bv(1, 0)), deps: how }, regs);
        next(regs, reach, done);
        break;
      }
      // A delay: no event, no register written.
      case 'nanosleep':
        next(st.regs);
        break;
      default: {
        // Every instruction goes on to the next: one missing here would end its paths silently.
        const unhandled: never = instr;
        throw new Error(`unroll: no case for ${(unhandled as Instr).op}`);
      }
    }
  }
  const final = exits.length ? merge(exits) : { reach: dag.F, regs: initRegs, ctrl: new Map(), done: new Map() };
  // A stopped thread's registers are those where it stopped: merged over the exits alone, a
  // thread stopped in a spin read as though it went on to an exit (a kernel's abort register
  // said it had aborted, a filter on it hid the hang).
  const ends = stopped.length ? merge([...exits, ...stopped]) : final;
  const regs = new Map<string, N>();
  for (const name of types.keys()) regs.set(name, reg(ends, name).v);
  const targets = code.map((i) => (i.op === 'bra' || i.op === 'bcmp' ? target(i.target, i.pos) : -1));
  return { regs, types, cut: dag.or(...cuts), cfg, targets, cta: place.cta, warp: warpOf, lane, exit: { reach: final.reach, ctrl: final.ctrl, done: final.done } };
}

/**
 * A warp-level operation (an exchange, bar.warp.sync) waits for each lane of its mask that does
 * not meet it to exit, and a kernel's count-less bar.sync for each such thread of its CTA
 * (barriers.ts). For NoThinAir (dep), that exit is an X event after the
 * reads that decide the lane's path to it and after the lane's own warp-level operations; and
 * once an operation waited for an exit, the writes after it in its thread depend on it: no read
 * sees a write made after its thread exited. (Lanes that meet add nothing here: the ISA gives
 * exchanges no memory ordering, and bar.warp.sync's is its sync edges.)
 */
function waitsForExits(dag: Dag, test: LitmusTest, events: SymEvent[], xs: readonly Exchange[], meet: readonly Meeting[][], barMeets: BarMeetings, threads: readonly ThreadResult[], xEvent: (thread: number, label: string, guard: N, deps: Deps) => number): void {
  const bars = events.filter((e) => e.info.kind === 'B' && e.bar!.waits !== null && e.guard !== dag.F);
  const constMask = (m: N): bigint | null => { const k = dag.constOf(m); return typeof k === 'bigint' ? k : null; };
  const ops = [
    ...xs.map((x) => ({ thread: x.thread, guard: x.guard, po: x.po, event: x.take, lanes: x.guard === dag.F ? [] : awaited(threads, x, constMask(x.mask)!),
      met: (t: number): N => dag.or(...meet[x.id]!.filter((m) => m.x.thread === t).map((m) => m.same)) })),
    ...bars.map((b) => ({ thread: b.info.thread, guard: b.guard, po: b.info.poIndex, event: b.info.id, lanes: exitsAwaitedBy(dag, threads, b)!,
      met: (t: number): N => dag.or(...barMeets.get(b.info.id)!.filter((m) => m.a.info.thread === t).map((m) => m.same)) })),
  ];
  const exits = new Map<number, number>();
  const exitOf = (t: number): number => {
    let id = exits.get(t);
    if (id === undefined) {
      const own: Deps = new Map(ops.filter((o) => o.thread === t).map((o) => [o.event, o.guard]));
      id = xEvent(t, `P${test.threads[t]!.placement.id}: exit`, threads[t]!.exit.reach, unionDeps(dag, threads[t]!.exit.ctrl, own));
      exits.set(t, id);
    }
    return id;
  };
  const add = (deps: Deps, id: number, c: N): void => { deps.set(id, dag.or(deps.get(id) ?? dag.F, c)); };
  for (const o of ops) {
    let waited: N = dag.F;
    for (const s of o.lanes) {
      const unmet = dag.and(o.guard, dag.not(o.met(s)));
      if (unmet === dag.F) continue;
      add(events[o.event]!.deps, exitOf(s), unmet);
      waited = dag.or(waited, unmet);
    }
    if (waited === dag.F) continue;
    for (const e of events) if (e.info.thread === o.thread && e.info.kind === 'W' && e.info.poIndex > o.po) add(e.deps, o.event, dag.and(waited, e.guard));
  }
}

/**
 * The registers whose values can change what the thread does next: those a branch, a guard,
 * an address, a stored or exchanged value, or a barrier operand reads, and those their values
 * are computed from. An iteration that leaves these as it found them would repeat itself.
 */
export function registersThatMatter(code: Instr[]): Set<string> {
  // mov, alu and setp only compute registers: what they read matters when what they write does.
  const computes = (i: Instr): i is Extract<Instr, { op: 'mov' | 'alu' | 'setp' | 'selp' | 'cvt' | 'unary' | 'fop' }> =>
    i.op === 'mov' || i.op === 'alu' || i.op === 'setp' || i.op === 'selp' || i.op === 'cvt' || i.op === 'unary' || i.op === 'fop';
  const out = new Set<string>();
  for (const i of code) {
    if (i.guard) out.add(i.guard.reg.name);
    if (!computes(i)) for (const r of registersRead(i)) out.add(r.name);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const i of code) {
      if (!computes(i) || !out.has(i.dst.name)) continue;
      for (const r of registersRead(i)) if (!out.has(r.name)) { out.add(r.name); grew = true; }
    }
  }
  return out;
}

/**
 * An alu instruction's value, its operands at the type's width; a shift amount (.u32 whatever
 * the type) first clamped to the width, as PTX does: cut to 16 bits, 65537 would shift by 1.
 */
function aluNode(dag: Dag, op: import('../litmus/ast.js').AluOp, t: DataType, a: N, b0: N, c?: N): N {
  const w = typeWidth(t);
  const signed = typeSigned(t);
  const amount = op === 'shl' || op === 'shr';
  const b = dag.resize(amount ? dag.ite(dag.cmp('ult', b0, dag.bv(32, w)), b0, dag.bv(32, w)) : b0, w);
  switch (op) {
    case 'add': case 'sub': case 'mul': case 'and': case 'or': case 'xor': return dag.bin(op, a, b);
    case 'mad': return dag.bin('add', dag.bin('mul', a, b), c!);
    case 'shl': return dag.bin('shl', a, b);
    case 'shr': return dag.bin(signed ? 'ashr' : 'lshr', a, b);
    case 'min': return dag.ite(dag.cmp(signed ? 'slt' : 'ult', a, b), a, b);
    case 'max': return dag.ite(dag.cmp(signed ? 'slt' : 'ult', a, b), b, a);
    case 'div': return dag.bin(signed ? 'sdiv' : 'udiv', a, b);
    case 'rem': return dag.bin(signed ? 'srem' : 'urem', a, b);
    case 'sad': return dag.bin('add', c!, dag.ite(dag.cmp(signed ? 'slt' : 'ult', a, b), dag.bin('sub', b, a), dag.bin('sub', a, b)));
    case 'shf': throw new Error('shf takes three operands: unrollThread computes it');
    case 'bfe': case 'bfi': case 'prmt': throw new Error(`${op} takes more operands: bitFieldNode computes it`);
  }
}

/** The 64 bits b:a of two 32-bit values (shf's and prmt's source). */
const pair64 = (dag: Dag, a: N, b: N): N => dag.bin('or', dag.bin('shl', dag.resize(b, 64), dag.bv(64, 32)), dag.resize(a, 64));

/**
 * bfe (operands a, pos, len), bfi (a, b, pos, len) and prmt (a, b, c) with shifts and masks,
 * where the executor (bits.ts) goes bit by bit as the ISA states them. Shifts by the width or
 * more give 0, as PTX's do, which makes the edge cases (a field past the top, len 0) fall out.
 */
function bitFieldNode(dag: Dag, op: 'bfe' | 'bfi' | 'prmt', t: DataType, xs: readonly N[]): N {
  if (op === 'prmt') {
    const [a, b, c] = xs as [N, N, N];
    const x = pair64(dag, a, b);
    let d = dag.bv(32, 0);
    for (let k = 0; k < 4; k++) {
      const sel = dag.bin('and', dag.bin('lshr', c, dag.bv(32, 4 * k)), dag.bv(32, 0xf));
      const at = dag.resize(dag.bin('shl', dag.bin('and', sel, dag.bv(32, 7)), dag.bv(32, 3)), 64);
      const byte = dag.bin('and', dag.resize(dag.bin('lshr', x, at), 32), dag.bv(32, 0xff));
      const sign = dag.ite(dag.eq(dag.bin('and', byte, dag.bv(32, 0x80)), dag.bv(32, 0)), dag.bv(32, 0), dag.bv(32, 0xff));
      const pick = dag.ite(dag.eq(dag.bin('and', sel, dag.bv(32, 8)), dag.bv(32, 0)), byte, sign);
      d = dag.bin('or', d, dag.bin('shl', pick, dag.bv(32, 8 * k)));
    }
    return d;
  }
  const w = typeWidth(t);
  const a = xs[0]!;
  const [p0, n0] = op === 'bfe' ? [xs[1]!, xs[2]!] : [xs[2]!, xs[3]!];
  const pos = dag.resize(dag.bin('and', p0, dag.bv(32, 0xff)), w);
  const len = dag.resize(dag.bin('and', n0, dag.bv(32, 0xff)), w);
  // The field's bits that exist: len, but no more than the width leaves above pos.
  const room = dag.ite(dag.cmp('ult', pos, dag.bv(w, w)), dag.bin('sub', dag.bv(w, w), pos), dag.bv(w, 0));
  const n = dag.ite(dag.cmp('ult', len, room), len, room);
  const m = dag.bin('sub', dag.bin('shl', dag.bv(w, 1), n), dag.bv(w, 1));
  if (op === 'bfi') {
    const at = dag.bin('shl', m, pos);
    return dag.bin('or', dag.bin('and', xs[1]!, dag.bin('xor', at, dag.bv(w, -1))), dag.bin('and', dag.bin('shl', a, pos), at));
  }
  const field = dag.bin('and', dag.bin('lshr', a, pos), m);
  if (!typeSigned(t)) return field;
  // The sign: the field's top bit, or the value's when the field runs past it; none when len is 0.
  const top = dag.bin('sub', dag.bin('add', pos, len), dag.bv(w, 1));
  const at = dag.ite(dag.cmp('ult', top, dag.bv(w, w)), top, dag.bv(w, w - 1));
  const sbit = dag.bin('and', dag.bin('lshr', a, at), dag.bv(w, 1));
  const neg = dag.and(dag.not(dag.eq(len, dag.bv(w, 0))), dag.eq(sbit, dag.bv(w, 1)));
  return dag.bin('or', field, dag.ite(neg, dag.bin('xor', m, dag.bv(w, -1)), dag.bv(w, 0)));
}

/**
 * popc, clz (a .u32 result) and brev over the bits of a w-bit value, spelled with shifts and
 * masks (the DAG has no bit extraction); a constant operand folds to a constant.
 */
function bitCountNode(dag: Dag, op: 'popc' | 'clz' | 'brev', a: N, w: number): N {
  const bit = (i: number): N => dag.bin('and', dag.bin('lshr', a, dag.bv(w, i)), dag.bv(w, 1));
  if (op === 'brev') {
    let r = dag.bv(w, 0);
    for (let i = 0; i < w; i++) r = dag.bin('or', r, dag.bin('shl', bit(i), dag.bv(w, w - 1 - i)));
    return r;
  }
  if (op === 'popc') {
    let n = dag.bv(32, 0);
    for (let i = 0; i < w; i++) n = dag.bin('add', n, dag.resize(bit(i), 32));
    return n;
  }
  // clz: the first set bit from the top decides; none set gives w.
  let n = dag.bv(32, w);
  for (let i = 0; i < w; i++) n = dag.ite(dag.eq(bit(i), dag.bv(w, 1)), dag.bv(32, w - 1 - i), n);
  return n;
}

/**
 * bfind of v (a signed operand's sign bits already flipped to 0), from its leading zeros: the
 * highest set bit's position (w - 1 - clz), or with shiftamt clz itself; 0xffffffff for 0.
 */
function bfindNode(dag: Dag, v: N, w: number, shiftamt: boolean): N {
  const clz = bitCountNode(dag, 'clz', v, w);
  return dag.ite(dag.eq(v, dag.bv(w, 0)), dag.bv(32, 0xffffffff), shiftamt ? clz : dag.bin('sub', dag.bv(32, w - 1), clz));
}

function cmpNode(dag: Dag, op: import('../litmus/ast.js').CmpOp, a0: N, b0: N, signed: boolean): N {
  const w = Math.max(dag.width(a0), dag.width(b0));
  const a = dag.resize(a0, w, signed);
  const b = dag.resize(b0, w, signed);
  const lt = signed ? 'slt' : 'ult';
  const le = signed ? 'sle' : 'ule';
  switch (op) {
    case 'eq': return dag.eq(a, b);
    case 'ne': return dag.not(dag.eq(a, b));
    case 'lt': return dag.cmp(lt, a, b);
    case 'le': return dag.cmp(le, a, b);
    case 'gt': return dag.cmp(lt, b, a);
    case 'ge': return dag.cmp(le, b, a);
  }
}

/**
 * The value an atom/red writes, from the value it read (ISA pseudo-code; a failing cas writes
 * back). `ftz`: a float addition (Atom.float) flushes subnormals (litmus/floats.ts).
 */
function rmwValue(
  dag: Dag, st: State, instr: Atom | Red, old: N,
  operand: (s: State, v: AstValue, t: DataType) => RegVal, ftz: boolean,
): { v: N; deps: Deps } {
  const b = operand(st, instr.b, instr.type);
  const w = typeWidth(instr.type);
  const signed = typeSigned(instr.type);
  const one = dag.bv(w, 1);
  let v: N;
  let deps = b.deps;
  switch (instr.aop) {
    case 'add': v = instr.float ? dag.float(atomicAdd(w === 64 ? 64 : 32, ftz), [old, b.v]) : dag.bin('add', old, b.v); break;
    case 'sub': case 'and': case 'or': case 'xor': v = dag.bin(instr.aop, old, b.v); break;
    case 'exch': v = b.v; break;
    case 'min': v = dag.ite(dag.cmp(signed ? 'slt' : 'ult', old, b.v), old, b.v); break;
    case 'max': v = dag.ite(dag.cmp(signed ? 'slt' : 'ult', old, b.v), b.v, old); break;
    case 'inc': v = dag.ite(dag.cmp('ule', b.v, old), dag.bv(w, 0), dag.bin('add', old, one)); break;
    case 'dec': v = dag.ite(dag.or(dag.eq(old, dag.bv(w, 0)), dag.cmp('ult', b.v, old)), b.v, dag.bin('sub', old, one)); break;
    case 'cas': {
      if (instr.op !== 'atom' || !instr.c) throw new UnsupportedError('atom.cas needs a new value');
      const c = operand(st, instr.c, instr.type);
      v = dag.ite(dag.eq(old, b.v), c.v, old);
      deps = unionDeps(dag, b.deps, c.deps);
      break;
    }
  }
  return { v, deps };
}

/**
 * A value that is one of several, each when its condition holds (the conditions exclusive):
 * what a register takes from an access that may reach several locations. Where none holds,
 * the access reached no location (Unrolled.strays) and the value does not matter: 0.
 */
function oneOf(dag: Dag, xs: readonly { at: N; v: N; deps: Deps }[], w: number): RegVal {
  if (xs.length === 1 && xs[0]!.at === dag.T) return { v: xs[0]!.v, deps: xs[0]!.deps };
  let v = dag.bv(w, 0);
  for (let i = xs.length - 1; i >= 0; i--) v = dag.ite(xs[i]!.at, xs[i]!.v, v);
  return { v, deps: unionDeps(dag, ...xs.map((x) => x.deps)) };
}

/**
 * The constants a 64-bit address may be, each with the condition that it is, where the term
 * says so: a constant, a choice between such (selp, or registers merged where paths meet),
 * moved by a constant (add) or resized. Null when it depends otherwise on what is read.
 */
function constLeaves(dag: Dag, a: N, depth = 0): { v: bigint; at: N }[] | null {
  const c = dag.constOf(a);
  if (typeof c === 'bigint') return [{ v: c, at: dag.T }];
  const d = dag.nodes[a]!;
  if (depth > 8) return null;
  if (d.op === 'ite') {
    const x = constLeaves(dag, d.a, depth + 1);
    const y = x && constLeaves(dag, d.b, depth + 1);
    if (!x || !y || x.length + y.length > 64) return null;
    return [...x.map((l) => ({ v: l.v, at: dag.and(d.c, l.at) })), ...y.map((l) => ({ v: l.v, at: dag.and(dag.not(d.c), l.at) }))];
  }
  if (d.op === 'bin' && d.fn === 'add') {
    const [k, rest] = typeof dag.constOf(d.b) === 'bigint' ? [dag.constOf(d.b), d.a] : [dag.constOf(d.a), d.b];
    const x = typeof k === 'bigint' ? constLeaves(dag, rest, depth + 1) : null;
    return x && x.map((l) => ({ v: BigInt.asUintN(dag.width(a), l.v + (k as bigint)), at: l.at }));
  }
  if (d.op === 'zext' || d.op === 'sext' || d.op === 'trunc') {
    const x = constLeaves(dag, d.a, depth + 1);
    const from = dag.width(d.a);
    return x && x.map((l) => ({ v: BigInt.asUintN(d.w, d.op === 'sext' ? toSigned(l.v, from) : l.v), at: l.at }));
  }
  return null;
}

/**
 * Integers whose value modulo 2^width is the term's: [lo, hi], computed from constants, the
 * widths of what is read and the arithmetic on them; every term has one (its width's range).
 * It bounds an address read from memory, so that locations out of its reach get no access.
 */
type Interval = readonly [bigint, bigint];

function interval(dag: Dag, a: N, memo: Map<N, Interval>, depth = 0): Interval {
  const known = memo.get(a);
  if (known) return known;
  const w = dag.width(a);
  const range = (bits: number): Interval => [0n, (1n << BigInt(bits)) - 1n];
  const inRange = (x: Interval, bits: number): boolean => x[0] >= 0n && x[1] < 1n << BigInt(bits);
  const c = dag.constOf(a);
  const d = dag.nodes[a]!;
  const sub = (x: N): Interval => interval(dag, x, memo, depth + 1);
  let r: Interval = range(w);
  if (typeof c === 'bigint') r = [c, c];
  else if (depth > 64) r = range(w);
  else if (d.op === 'zext' || d.op === 'trunc') {
    // The operand's value taken as unsigned: its interval when that lies in the operand's range.
    const x = sub(d.a);
    const from = dag.width(d.a);
    r = inRange(x, Math.min(from, d.w)) ? x : d.op === 'zext' ? range(from) : range(d.w);
  } else if (d.op === 'sext') {
    const x = sub(d.a);
    const half = 1n << BigInt(dag.width(d.a) - 1);
    r = inRange(x, dag.width(d.a) - 1) ? x : [-half, half - 1n];
  } else if (d.op === 'ite') {
    const x = sub(d.a);
    const y = sub(d.b);
    r = [x[0] < y[0] ? x[0] : y[0], x[1] > y[1] ? x[1] : y[1]];
  } else if (d.op === 'bin') {
    const x = sub(d.a);
    const y = sub(d.b);
    const k = dag.constOf(d.b);
    const m = typeof k === 'bigint' ? k : dag.constOf(d.a);
    switch (d.fn) {
      case 'add': r = [x[0] + y[0], x[1] + y[1]]; break;
      case 'sub': r = [x[0] - y[1], x[1] - y[0]]; break;
      case 'mul': {
        const ps = [x[0] * y[0], x[0] * y[1], x[1] * y[0], x[1] * y[1]];
        r = [ps.reduce((p, q) => (q < p ? q : p)), ps.reduce((p, q) => (q > p ? q : p))];
        break;
      }
      case 'shl': if (typeof k === 'bigint' && k < BigInt(w)) r = [x[0] << k, x[1] << k]; break;
      case 'lshr': if (typeof k === 'bigint' && inRange(x, w)) r = [x[0] >> k, x[1] >> k]; break;
      // x & m lies in [0, m] whatever x is.
      case 'and': if (typeof m === 'bigint') r = [0n, m]; break;
      default: break;
    }
  }
  memo.set(a, r);
  return r;
}

/** Whether some integer in [lo, hi] is v modulo 2^64. */
function reaches([lo, hi]: Interval, v: number): boolean {
  const M = 1n << 64n;
  const first = lo + ((((BigInt(v) - lo) % M) + M) % M);
  return first <= hi;
}

/**
 * A genuine bar.arrive whose count needs more than one warp, after which its thread comes to
 * the same barrier again without waiting at any barrier in between: both arrivals may count in
 * one phase (ISA 9.7.12.1: "care must be taken to keep a warp from executing more barrier
 * instructions than intended (barrier.arrive followed by any other barrier instruction to the
 * same barrier) prior to the reset"), which the engines' k-th-arrival rule does not follow.
 * Recorded per execution as a stray (Stray.unpredictable), so that only a path some thread
 * really takes is refused (a kernel's producer and consumer share their code; litmus/barriers.ts
 * refuses a litmus test's statically, for the executor too).
 */
function arriveHazards(dag: Dag, test: LitmusTest, events: readonly SymEvent[], strays: Stray[]): void {
  const bars = events.filter((e) => e.info.kind === 'B' && e.guard !== dag.F && e.bar!.warp === null);
  const sameBarrier = (x: SymEvent, y: SymEvent): N => dag.and(dag.eq(x.bar!.instance, y.bar!.instance), dag.eq(x.bar!.id, y.bar!.id));
  for (const a of bars) {
    const ins = a.instr;
    if (a.info.barMode !== 'arrive' || ins?.op !== 'bar' || ins.instance) continue;
    // (A count-less arrive waits for the threads that come, as litmus/barriers.ts reads it: no phase to share.)
    if (!a.bar!.count) continue;
    // With no other thread of its CTA at a barrier, nobody's arrival can be overtaken.
    if (!bars.some((x) => x.info.thread !== a.info.thread && x.info.place!.cta === a.info.place!.cta)) continue;
    const count = dag.constOf(a.bar!.count);
    if (typeof count === 'bigint' && count <= BigInt(WARP_SIZE)) continue;
    // Whatever comes between on a path: a wait at any barrier, or this barrier already met again.
    const between: N[] = [];
    for (const b of bars.filter((x) => x.info.thread === a.info.thread && x.info.poIndex > a.info.poIndex).sort((x, y) => x.info.poIndex - y.info.poIndex)) {
      const same = sameBarrier(a, b);
      const at = dag.and(a.guard, b.guard, same, ...between.map((w) => dag.not(w)));
      if (at !== dag.F) {
        const place = test.threads[a.info.thread]!.placement;
        strays.push(barrierStray(at, dag.bv(64, 0), instrWhere(place.id, ins), ins.pos, place, {
          unpredictable: `P${place.id} comes to its barrier again (${printInstr(b.instr!)}, line ${b.instr!.pos.line}) without waiting at a barrier in between, before the other warps arrive: ${ARRIVE_AGAIN}`,
        }));
      }
      between.push(b.info.barMode === 'arrive' ? dag.and(b.guard, same) : b.guard);
    }
  }
}
