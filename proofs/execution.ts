// A model Z3 found in the execution space, read back as one concrete execution (the type the
// concrete evaluator and `show`'s drawings take), and written as a litmus test whose program
// has that execution: one instruction per event, a distinct value per write so that the
// registers say which write each read saw, and false dependencies (`and.b64 d, r, 0`) where
// the execution has dependencies. Its condition is the execution's outcome; `ptxmm check` on
// it must find that outcome reachable (proofs/confirm.ts). Every location and register is 64
// bits wide, so that a dependency on a read can flow into an address as genuine PTX (ptxas
// rejects `and.b64` on a 32-bit register).
import type { Address, Fence as FenceInstr, Instr, LitmusTest, Observable, Ordering, Placement, Reg, Scope, Stmt } from '../litmus/ast.js';
import { SCOPES } from '../litmus/ast.js';
import { printInstr } from '../litmus/print.js';
import type { Execution, Pair } from '../model/concrete.js';
import type { EventInfo } from '../model/events.js';
import type { N, Value } from '../solver/expr.js';
import { entries, type SRel } from '../solver/symbolic.js';
import type { WitnessExecution } from '../solver/witness.js';
import type { Space } from './space.js';

/** One program event, concretely. */
export interface ConcreteEvent {
  kind: 'R' | 'W' | 'F';
  thread: number;
  strong: boolean;
  scope: Scope;
  rel: boolean;
  acq: boolean;
  sc: boolean;
  loc: number;
  /** Reads: this read and the next event are one atom. */
  rmw: boolean;
}

/** A found execution: its events in space order (program events, then initial writes). */
export interface FoundExecution {
  events: ConcreteEvent[];
  /** Per thread: CTA, cluster and GPU numbers. */
  places: { cta: number; cluster: number; gpu: number }[];
  locations: number;
  rf: Pair[];
  co: Pair[];
  syncFence: Pair[];
  dep: Pair[];
}

const LOC_NAMES = ['x', 'y', 'z', 'w', 'u', 'v', 't', 's'];
export const locName = (l: number): string => LOC_NAMES[l] ?? `m${l}`;

/** Reads the execution a model gives (`val` evaluates a formula under it). */
export function readFound(space: Space, val: (n: N) => Value): FoundExecution {
  // The executed prefix; initial writes move down to follow it.
  const n = Number(val(space.size));
  const re = (i: number): number => (i >= space.n ? i - space.n + n : i);
  const bool = (f: N): boolean => val(f) === true;
  const num = (f: N): number => Number(val(f));
  const events: ConcreteEvent[] = [];
  const places: FoundExecution['places'] = [];
  let thread = 0;
  let place = { cta: 0, cluster: 0, gpu: 0 };
  places.push(place);
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      const g = num(space.gap[i - 1]!);
      if (g > 0) {
        thread++;
        place = g === 1 ? { ...place } : g === 2 ? { ...place, cta: place.cta + 1 } : g === 3 ? { ...place, cta: place.cta + 1, cluster: place.cluster + 1 } : { cta: place.cta + 1, cluster: place.cluster + 1, gpu: place.gpu + 1 };
        places.push(place);
      }
    }
    const v = space.ev[i]!;
    const kind = bool(v.isR) ? 'R' : bool(v.isW) ? 'W' : 'F';
    events.push({
      kind, thread, strong: bool(v.strong), scope: SCOPES[num(v.scope)]!, rel: bool(v.rel), acq: bool(v.acq), sc: bool(v.sc),
      loc: num(v.loc), rmw: i + 1 < n && bool(space.rmw[i]!),
    });
  }
  const live = (i: number): boolean => i < n || i >= space.n;
  const pairs = (r: SRel): Pair[] => [...entries(r)].filter(([a, b, f]) => live(a) && live(b) && bool(f)).map(([a, b]): Pair => [re(a), re(b)]);
  return {
    events, places, locations: space.locations,
    rf: pairs(space.dynamic.rf!), co: pairs(space.dynamic.co!), syncFence: pairs(space.dynamic.sync_fence!), dep: pairs(space.dynamic.dep!),
  };
}

/** The locations the program uses, renumbered densely in order of first use. */
export function usedLocations(f: FoundExecution): Map<number, number> {
  const used = new Map<number, number>();
  for (const e of f.events) if (e.kind !== 'F' && !used.has(e.loc)) used.set(e.loc, used.size);
  return used;
}

/** Value of each write: its number among its location's writes (1, 2, ...); initial writes 0. */
function writeValues(f: FoundExecution): Map<number, bigint> {
  const out = new Map<number, bigint>();
  const count = new Map<number, number>();
  f.events.forEach((e, i) => {
    if (e.kind !== 'W') return;
    const k = (count.get(e.loc) ?? 0) + 1;
    count.set(e.loc, k);
    out.set(i, BigInt(k));
  });
  return out;
}

const reg = (name: string): Reg => ({ kind: 'reg', name });
const POS = { line: 0, col: 0 };

/** The litmus test whose program has execution `f` (condition: its outcome). */
export function litmusOf(f: FoundExecution, name: string, docs: string[]): LitmusTest {
  const used = usedLocations(f);
  const locOf = (l: number): string => locName(used.get(l)!);
  const values = writeValues(f);
  const n = f.events.length;
  const source = new Map<number, number>();
  for (const [w, r] of f.rf) source.set(r, w);
  const valueRead = (r: number): bigint => values.get(source.get(r)!) ?? 0n;
  const threads = f.places.map((p, t): { placement: Placement; code: Stmt[] } => ({ placement: { id: t, cta: p.cta, cluster: p.cluster, gpu: p.gpu, pos: POS }, code: [] }));
  const depsInto = new Map<number, number[]>();
  for (const [r, e] of f.dep) (depsInto.get(e) ?? depsInto.set(e, []).get(e)!).push(r);
  const observed: Observable[] = [];
  const conds: { obs: Observable; value: bigint }[] = [];
  for (let i = 0; i < n; i++) {
    const e = f.events[i]!;
    const code = threads[e.thread]!.code;
    const emit = (ins: Instr): void => { code.push(ins); };
    // An address that depends on the reads this event depends on: &x + (r & 0).
    const addressOf = (): Address => {
      const reads = depsInto.get(i);
      if (!reads) return { kind: 'loc', name: locOf(e.loc) };
      const depReg = falseDependency(`a${i}`, reads, emit);
      const a = reg(`a${i}`);
      emit({ op: 'mov', type: 'u64', dst: a, src: { kind: 'loc', name: locOf(e.loc) }, pos: POS });
      const b = reg(`b${i}`);
      emit({ op: 'alu', aop: 'add', type: 'u64', dst: b, a, b: depReg, pos: POS });
      return b;
    };
    if (e.kind === 'F') {
      const fence: FenceInstr = { op: 'fence', sem: e.sc ? 'sc' : 'acq_rel', scope: e.scope, form: 'fence', pos: POS };
      emit(fence);
      continue;
    }
    if (e.kind === 'R' && e.rmw) {
      // An atom: this read and the next event (its write).
      const w = f.events[i + 1]!;
      const sem = e.acq && w.rel ? 'acq_rel' : e.acq ? 'acquire' : w.rel ? 'release' : 'relaxed';
      const addr = addressOf();
      const b = depsInto.has(i + 1) ? dataValue(i + 1, values.get(i + 1)!, depsInto.get(i + 1)!, emit) : { kind: 'imm' as const, value: values.get(i + 1)! };
      emit({ op: 'atom', ord: { sem, scope: e.scope }, space: 'global', proxy: 'generic', type: 'b64', aop: 'exch', dst: reg(`r${i}`), addr, b, pos: POS });
      conds.push({ obs: { kind: 'reg', thread: e.thread, reg: `r${i}` }, value: valueRead(i) });
      i++;
      continue;
    }
    if (e.kind === 'R') {
      const ord: Ordering = e.strong ? { sem: e.acq ? 'acquire' : 'relaxed', scope: e.scope } : { sem: 'weak' };
      emit({ op: 'ld', ord, space: 'global', proxy: 'generic', type: 'u64', dst: reg(`r${i}`), addr: addressOf(), pos: POS });
      conds.push({ obs: { kind: 'reg', thread: e.thread, reg: `r${i}` }, value: valueRead(i) });
      continue;
    }
    // A plain write: its dependencies are data dependencies (the value), or none.
    const ord: Ordering = e.strong ? { sem: e.rel ? 'release' : 'relaxed', scope: e.scope } : { sem: 'weak' };
    const src = depsInto.has(i) ? dataValue(i, values.get(i)!, depsInto.get(i)!, emit) : { kind: 'imm' as const, value: values.get(i)! };
    emit({ op: 'st', ord, space: 'global', proxy: 'generic', type: 'u64', addr: { kind: 'loc', name: locOf(e.loc) }, src, pos: POS });
  }
  // Final values: the last write in coherence order, where there is one.
  for (const [l, k] of used) {
    const writes = f.events.map((e, i) => [e, i] as const).filter(([e]) => e.kind === 'W' && e.loc === l).map(([, i]) => i);
    const last = writes.filter((w) => !f.co.some(([a, b]) => a === w && writes.includes(b)));
    const obs: Observable = { kind: 'loc', name: locName(k) };
    if (writes.length === 0) conds.push({ obs, value: 0n });
    else if (last.length === 1) conds.push({ obs, value: values.get(last[0]!)! });
    else observed.push(obs);
  }
  return {
    arch: 'PTX', name, docs,
    locations: [...used.values()].map((k) => ({ kind: 'value' as const, name: locName(k), value: 0n, space: 'global' as const, type: 'u64' as const, pos: POS })),
    regInits: [], threads, observed,
    condition: {
      quantifier: 'exists', pos: POS,
      expr: conds.length === 0 ? { kind: 'true' } : { kind: 'and', args: conds.map((c) => ({ kind: 'cmp' as const, op: 'eq' as const, left: c.obs, right: { kind: 'const' as const, value: c.value } })) },
    },
  };
}

/** A stored value that depends on reads: (r & 0) + value, so it is still `value`. */
function dataValue(i: number, value: bigint, reads: number[], emit: (ins: Instr) => void): Reg {
  const v = reg(`v${i}`);
  emit({ op: 'alu', aop: 'add', type: 'u64', dst: v, a: falseDependency(`v${i}`, reads, emit), b: { kind: 'imm', value }, pos: POS });
  return v;
}

/** A register that is 0 but depends on each read: the sum of (r & 0) over them. */
function falseDependency(prefix: string, reads: number[], emit: (ins: Instr) => void): Reg {
  let acc: Reg | null = null;
  for (const r of reads) {
    const d = reg(`${prefix}_d${r}`);
    emit({ op: 'alu', aop: 'and', type: 'b64', dst: d, a: reg(`r${r}`), b: { kind: 'imm', value: 0n }, pos: POS });
    if (acc) {
      const s = reg(`${prefix}_s${r}`);
      emit({ op: 'alu', aop: 'add', type: 'u64', dst: s, a: acc, b: d, pos: POS });
      acc = s;
    } else acc = d;
  }
  return acc!;
}

/**
 * The found execution as the concrete evaluator and the drawings take it, labelled with the
 * instructions of `test` (litmusOf's program for it).
 */
export function witnessOf(f: FoundExecution, test: LitmusTest): WitnessExecution {
  const used = usedLocations(f);
  const values = writeValues(f);
  const n = f.events.length;
  const source = new Map<number, number>();
  for (const [w, r] of f.rf) source.set(r, w);
  // Instruction labels: each thread's memory instructions and fences, in order.
  const labels: string[][] = test.threads.map((t) => t.code.filter((s): s is Instr => s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'fence').map((s) => `P${t.placement.id}:${printInstr(s)}`));
  const next = test.threads.map(() => 0);
  const poIndex = test.threads.map(() => 0);
  const infos: EventInfo[] = [];
  const vals: (bigint | null)[] = [];
  for (let i = 0; i < n; i++) {
    const e = f.events[i]!;
    const p = f.places[e.thread]!;
    const half = e.kind === 'W' && i > 0 && f.events[i - 1]!.rmw;
    const label = labels[e.thread]![half ? next[e.thread]! - 1 : next[e.thread]!++] ?? `P${e.thread}:?`;
    infos.push({
      id: i, kind: e.kind, init: false, thread: e.thread, poIndex: poIndex[e.thread]!++,
      place: { cta: `${p.gpu}.${p.cluster}.${p.cta}`, cluster: `${p.gpu}.${p.cluster}`, gpu: `${p.gpu}` },
      strong: e.strong, scope: e.strong ? e.scope : null, release: e.rel, acquire: e.acq,
      fence: e.kind === 'F' ? (e.sc ? 'sc' : 'acq_rel') : null, proxy: 'generic',
      ploc: e.kind === 'F' ? -1 : used.get(e.loc) ?? -1, vaddr: e.kind === 'F' ? -1 : used.get(e.loc) ?? -1, barMode: null, label,
    });
    vals.push(e.kind === 'W' ? values.get(i)! : e.kind === 'R' ? values.get(source.get(i)!) ?? 0n : null);
  }
  // Initial writes of the used locations only; the space's others are unused.
  const ids = new Map<number, number>();
  for (let i = 0; i < n; i++) ids.set(i, i);
  for (const [l, k] of used) {
    const id = infos.length;
    ids.set(n + l, id);
    infos.push({
      id, kind: 'W', init: true, thread: -1, poIndex: 0, place: null, strong: true, scope: 'sys', release: false, acquire: false,
      fence: null, proxy: 'generic', ploc: k, vaddr: k, barMode: null, label: `init ${locName(k)}`,
    });
    vals.push(0n);
  }
  const map = (ps: Pair[]): Pair[] => ps.filter(([a, b]) => ids.has(a) && ids.has(b)).map(([a, b]): Pair => [ids.get(a)!, ids.get(b)!]);
  const x: Execution = {
    events: infos,
    rmwPartner: infos.map((e) => (e.kind === 'R' && f.events[e.id]?.rmw ? e.id + 1 : -1)),
    rf: map(f.rf), co: map(f.co), syncFence: map(f.syncFence), syncBarrier: [], dep: map(f.dep),
  };
  return { x, values: vals, locNames: [...used.values()].map(locName), encodingIds: infos.map((_, i) => i), fused: [] };
}
