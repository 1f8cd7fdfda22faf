// LitmusTest -> the executor's static program: physical locations with widths and initial
// values, per-thread instruction lists with labels resolved and operands sorted into slots,
// placements, and the features the executor does not model (reported per test).
import type { Instr, LitmusTest, Pos, Proxy, Scope, Value } from '../litmus/ast.js';
import { SCOPES } from '../litmus/ast.js';
import { typeWidth } from '../litmus/ast.js';
import { floatWidths } from '../litmus/floats.js';
import { type PhysLoc, type Reach, layout, memorySpaces, mixedSize, mixedSizeAccess, noLocation, noProxiesMessage, proxiedWrittenAccess, strongAccess } from '../litmus/layout.js';
import { readBeforeWrite } from './defined.js';
import { type ValueType, aluWidths, threadRegisters, writerType } from '../litmus/types.js';
import { printInstr } from '../litmus/print.js';
import { type RV, rv } from './bits.js';
import { type ClassTable, classTable } from './proxy.js';
import { type Place, placeOf, scopeIncludes } from '../model/events.js';
import { spinLoops } from './spin.js';
import { loopsOf } from '../litmus/loops.js';
import { type View, regKeys } from './state.js';

/** The test uses something the executor does not model, or cannot run it as written. */
export class Unsupported extends Error {
  /** The instruction at fault, when there is one: commands print it as file:line:col. */
  constructor(message: string, readonly pos?: Pos) {
    super(message);
  }
}

/**
 * A test the model gives no meaning to (an access whose address is no location's, a mixed-size
 * access, memory the hardware keeps apart): an input error in every command, as the solver
 * refuses it too, not a feature the executor lacks.
 */
export class InputError extends Unsupported {}

/** A location got more writes than views can number (view.ts MAX_WRITES): a state-space limit, not a feature. */
export class WriteLimit extends Unsupported {}

export type ModelName = 'ptx60' | 'ptx75';

/**
 * The most instructions, and the most locations, the executor takes. A state holds every
 * thread and, per thread, a view over every location, and a step copies what it changes:
 * memory grew as the square of the test (3,000 one-store threads took 495 MB; 30,000 ran
 * the process out of memory). The solver stops at 1,000 events (solver/limits.ts).
 */
export const MAX_INSTRUCTIONS = 2_000;
export const MAX_LOCATIONS = 2_000;

/** An operand as written: immediate (already at the slot's width), register, or absent. */
export type Slot = { k: 'imm'; v: RV } | { k: 'reg'; name: string } | { k: 'none' };

export interface CInstr {
  ins: Instr;
  /**
   * Operands in a fixed order per op: ld [addr], st [addr, src], atom [addr, b, c],
   * red [addr, b], bar [id, count, instance], mov [src], alu/setp/bcmp [a, b];
   * then the guard, then the old destination value when a guarded instruction writes one.
   */
  slots: Slot[];
  guardSlot: number; // -1 when unguarded
  oldSlot: number; // -1 unless guarded with a destination
  dst: string | null;
  /** The destination register's width, and whether this instruction's result sign-extends to it. */
  dstWidth: number;
  dstSigned: boolean;
  /** Branch target (instruction index) of bra/bcmp. */
  target: number;
  text: string;
  /**
   * An access through a register: per address of a location it may not reach, why (another
   * width, another thread's .local, another CTA's .shared, another space: litmus/layout.ts),
   * and whether that is bad input (`input`) or a load of another width, which the solver
   * answers of memory no thread writes and the executor does not run; null for other instructions.
   */
  refused: ReadonlyMap<number, { why: string; input: boolean }> | null;
  /**
   * A direct access (address written as a location): its address operand, the very value
   * fetch puts in slot 0, and its location, so that thread.ts locOf needs no lookup for it
   * (asked many times a step); null and -1 for others.
   */
  addr: RV | null;
  loc: number;
  /** An add ptxas may fuse (ast.ts Fusion), compiled fused: slots a and b follow its operands. */
  fused: boolean;
  /** `[%r+offset]` (kernels): bytes added to the address register's value (thread.ts addressOf); null otherwise. */
  off: bigint | null;
}

export interface ThreadProg {
  pid: number;
  code: CInstr[];
  /** Every register the thread has, at its width: initialised, else 0. */
  regInit: Map<string, RV>;
  /**
   * The register file as threads hold it (TState.regs): registers by number, in regInit's
   * order (`regNames`, `regIndex`), and each name's hash for regsHash (state.ts regKeys).
   */
  regNames: readonly string[];
  regIndex: ReadonlyMap<string, number>;
  regs0: readonly RV[];
  regKeys: readonly number[];
  /** Each register's static type (litmus/types.ts), as both engines store and read it. */
  regTypes: Map<string, ValueType>;
  /** Per instruction index (and code.length): locations some write from there on may write (bit mask). */
  writesFrom: number[];
  /** Per instruction index: the backward branch of a spin loop (spin.ts). */
  spins: boolean[];
  /**
   * The loop bound's counters (litmus/loops.ts, as the solver's): loop i's count is digit i of
   * TState.jumps in base bound + 1 (`place[i]` its weight); `within[pc]` the loops pc lies in,
   * whose counts control keeps when it goes to pc; `loopOf[pc]` the loop a back jump to pc goes round.
   */
  counters: { place: number[]; within: number[][]; loopOf: number[] };
  /**
   * The thread has an ld.acquire with a write after it. A write may overtake that load, which
   * must then synchronize with nothing (memory.ts observe), even through a release its view
   * already holds: such pending releases are kept (with an empty view), not dropped (sync.ts prunePend).
   */
  keepHeld: boolean;
}

export interface Program {
  test: LitmusTest;
  model: ModelName;
  /** Initial values already truncated to the location's width. */
  locs: PhysLoc[];
  /** Location name (aliases included) -> physical location. */
  locOfName: Map<string, number>;
  vaddrOf: Map<string, number>;
  /** Address value (as held in a register) -> physical location. */
  locOfVaddr: Map<number, number>;
  /** Virtual address -> the first name declared at it, for messages (litmus/layout.ts nearestLocation). */
  addrNames: Map<number, string>;
  threads: ThreadProg[];
  places: Place[];
  /** Placement id (P3 -> 3) -> thread index. */
  index: Map<number, number>;
  /** Most times a loop goes round per entry (litmus/loops.ts, ThreadProg.counters); more cuts the execution off. */
  bound: number;
  /**
   * Most instructions a thread holds in flight; fetch waits beyond. Unlimited (compile) but in
   * liveness.ts, whose unbounded loops would otherwise fetch without end.
   */
  window: number;
  /** Threads keep a trace of what they do (TState.trace), for witnesses (RunOptions.witness). */
  witness: boolean;
  /**
   * An execution in which a spin loop goes round again is dropped (spin.ts): set where only
   * final states are wanted (RunOptions.spinAssume), never where every step is shown.
   */
  spinAssume: boolean;
  /**
   * Per thread, the scopes that include no other thread of the test. An operation of such a
   * scope is morally strong with nothing in another thread, so it synchronizes with nothing.
   */
  alone: ReadonlySet<Scope>[];
  /** CTA of each thread, as an index. */
  ctaIdx: number[];
  /** Knowledge classes (proxies, aliases): views are flat, index loc * cls.K + class. */
  cls: ClassTable;
  /** The empty view. */
  zero: View;
  /** One class and one address per location: views are plain sets of writes (gc.ts relies on it). */
  plainViews: boolean;
}

/** The proxy an access goes through, as the model sees it (ptx60 has no proxies). */
export const proxyOf = (prog: Program, i: Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }>): Proxy =>
  prog.model === 'ptx60' ? 'generic' : i.proxy;


/** Why the executor does not run a load of another width than its location's (litmus/layout.ts mixedSize). */
const NARROW_LOAD = 'the solver (check) answers such a load of memory no thread writes, the executor does not';

/** Physical locations and virtual addresses, numbered as the solver numbers them (litmus/layout.ts). */
function locations(test: LitmusTest): Pick<Program, 'locs' | 'locOfName' | 'vaddrOf' | 'locOfVaddr' | 'addrNames'> & { reach: Reach } {
  const lay = layout(test, (m) => { throw new InputError(m); });
  const mixed = mixedSizeAccess(test, lay, true);
  if (mixed) throw new InputError(`${printInstr(mixed.ins)}: ${mixed.why}`, mixed.ins.pos);
  // The solver answers a load of another width of memory no thread writes (solver/unroll.ts readOnlyRead).
  const narrow = mixedSizeAccess(test, lay, false, true);
  if (narrow) throw new Unsupported(`${printInstr(narrow.ins)}: ${narrow.why}; ${NARROW_LOAD}`, narrow.ins.pos);
  const { apart, reach } = memorySpaces(test);
  if (apart) throw new InputError(apart.why, apart.pos);
  const { locs, locOf: locOfName, vaddrOf } = lay;
  // A kernel's uninitialised memory (.shared) runs, as long as nothing reads its initial write (memory.ts undefinedRead).
  const unknown = test.perThread ? undefined : locs.find((l) => l.unknown);
  if (unknown) throw new Unsupported(`${unknown.name} has no initial value (any value): the executor runs concrete values only`);
  for (const l of locs) l.init = BigInt.asUintN(l.width, l.init);
  const locOfVaddr = new Map<number, number>();
  const addrNames = new Map<number, string>();
  for (const [name, v] of vaddrOf) {
    if (!locOfVaddr.has(v)) locOfVaddr.set(v, locOfName.get(name)!);
    if (!addrNames.has(v)) addrNames.set(v, name);
  }
  return { locs, locOfName, vaddrOf, locOfVaddr, addrNames, reach };
}

/**
 * An access with an address offset (kernels: `[x+8]`, `[%rd1+4]`), as the machine runs it: a
 * named one is the access of the location at that address, as the solver reads it; one through
 * a register keeps its offset (`off`), added to the register's value where the address is read
 * (thread.ts addressOf).
 */
function withoutOffset(ins: Instr, locs: ReturnType<typeof locations>): { ins: Instr; off: bigint | null } {
  if (!(ins.op === 'ld' || ins.op === 'st' || ins.op === 'atom' || ins.op === 'red') || !ins.offset) return { ins, off: null };
  if (ins.addr.kind === 'reg') return { ins: { ...ins, offset: undefined }, off: ins.offset };
  const at = BigInt.asUintN(64, BigInt(locs.vaddrOf.get(ins.addr.name)!) + ins.offset);
  const name = locs.addrNames.get(Number(at));
  if (name === undefined) throw new Unsupported(`${printInstr(ins)}: ${noLocation(locs.addrNames, at)}`, ins.pos);
  return { ins: { ...ins, addr: { ...ins.addr, name }, offset: undefined }, off: null };
}

function compileThread(test: LitmusTest, ti: number, locs: ReturnType<typeof locations>, bound: number, fused: ReadonlySet<string>): ThreadProg {
  const th = test.threads[ti]!;
  const pid = th.placement.id;
  const labels = new Map<string, number>();
  const instrs: Instr[] = [];
  for (const s of th.code) {
    if (s.op === 'label') labels.set(s.name, instrs.length);
    else instrs.push(s);
  }
  const imm = (v: bigint | number, w: number): Slot => ({ k: 'imm', v: rv(w, v) });
  const regTypes = threadRegisters(test.regInits, th);
  const val = (v: Value | undefined, w: number): Slot =>
    v === undefined ? { k: 'none' } : v.kind === 'imm' ? imm(v.value, w) : { k: 'reg', name: v.name };
  const addrSlot = (a: Extract<Instr, { op: 'ld' }>['addr']): Slot =>
    a.kind === 'loc' ? imm(locs.vaddrOf.get(a.name)!, 64) : { k: 'reg', name: a.name };
  // The locations an access through a register may not reach, and why, decided once here.
  const refusedAt = (ins: Instr): Map<number, { why: string; input: boolean }> | null => {
    if (!(ins.op === 'ld' || ins.op === 'st' || ins.op === 'atom' || ins.op === 'red') || ins.addr.kind !== 'reg') return null;
    const out = new Map<number, { why: string; input: boolean }>();
    for (const [v, name] of locs.addrNames) {
      const l = locs.locs[locs.locOfVaddr.get(v)!]!;
      const mixed = mixedSize(l.name, l.width, typeWidth(ins.type));
      const why = mixed ?? locs.reach(name, th.placement, ins.space, ins.op !== 'ld', strongAccess(ins));
      // A load of another width is not run, as a direct one (locations above), not bad input.
      if (why) out.set(v, mixed && ins.op === 'ld' ? { why: `${mixed}; ${NARROW_LOAD}`, input: false } : { why, input: true });
    }
    return out;
  };
  const code = instrs.map((written): CInstr => {
    const { ins, off } = withoutOffset(written, locs);
    let slots: Slot[] = [];
    let dst: string | null = null;
    let target = -1;
    switch (ins.op) {
      case 'ld': slots = [addrSlot(ins.addr)]; dst = ins.dst.name; break;
      case 'st': slots = [addrSlot(ins.addr), val(ins.src, typeWidth(ins.type))]; break;
      case 'atom': slots = [addrSlot(ins.addr), val(ins.b, typeWidth(ins.type)), val(ins.c, typeWidth(ins.type))]; dst = ins.dst.name; break;
      case 'red': slots = [addrSlot(ins.addr), val(ins.b, typeWidth(ins.type))]; break;
      case 'bar':
        // Kernels only (the litmus grammar refuses them).
        if (ins.mask) throw new Unsupported(`${printInstr(ins)}: the executor has no warps (bar.warp.sync)`, ins.pos);
        // In a kernel a barrier with a thread count, and a bar.arrive, wait for their warp's lanes (ISA 9.7.12.1).
        if (test.perThread && (ins.count || ins.mode !== 'sync')) throw new Unsupported(`${printInstr(ins)}: the executor has no warps (in a kernel, a barrier with a thread count or a bar.arrive waits for its warp)`, ins.pos);
        if (ins.red) throw new Unsupported(`${printInstr(ins)}: the executor does not combine predicates at a barrier (bar.red)`, ins.pos);
        slots = [val(ins.id, 32), val(ins.count, 32), val(ins.instance, 32)];
        break;
      // Kernels only as well.
      case 'shfl': case 'vote': case 'redux': case 'match': throw new Unsupported(`${printInstr(ins)}: the executor has no warps (${ins.op}.sync)`, ins.pos);
      case 'mov': {
        const w = typeWidth(ins.type);
        slots = [ins.src.kind === 'loc' ? imm(locs.vaddrOf.get(ins.src.name)!, Math.max(w, 32)) : val(ins.src, w)];
        dst = ins.dst.name;
        break;
      }
      case 'alu': {
        // Immediates at the widths the operands are read at (litmus/types.ts aluWidths).
        const [wa, wb, wc, wd] = aluWidths(ins);
        slots = [val(ins.a, wa), val(ins.b, wb), val(ins.c, wc)];
        if (ins.d) slots.push(val(ins.d, wd));
        dst = ins.dst.name;
        break;
      }
      case 'selp': slots = [val(ins.a, typeWidth(ins.type)), val(ins.b, typeWidth(ins.type)), val(ins.p, 1)]; dst = ins.dst.name; break;
      case 'cvt': slots = [val(ins.a, typeWidth(ins.stype))]; dst = ins.dst.name; break;
      case 'unary': slots = [val(ins.a, typeWidth(ins.type))]; dst = ins.dst.name; break;
      case 'setp': slots = [val(ins.a, typeWidth(ins.type)), val(ins.b, typeWidth(ins.type))]; dst = ins.dst.name; break;
      case 'fop': {
        const w = floatWidths(ins.f).args;
        slots = ins.args.map((a) => val(a, w));
        if (ins.fuse && fused.has(ins.fuse.site)) slots.push(val(ins.fuse.a, w), val(ins.fuse.b, w));
        dst = ins.dst.name;
        break;
      }
      case 'bcmp': slots = [val(ins.a, 32), val(ins.b, 32)]; break;
      case 'fence': case 'bra': case 'fence.proxy': break;
    }
    if (ins.op === 'bra' || ins.op === 'bcmp') {
      const t = labels.get(ins.target);
      if (t === undefined) throw new Unsupported(`P${pid}: unknown label ${ins.target}`, ins.pos);
      target = t;
    }
    let guardSlot = -1;
    let oldSlot = -1;
    if (ins.guard) {
      guardSlot = slots.length;
      slots.push({ k: 'reg', name: ins.guard.reg.name });
      if (dst !== null) {
        oldSlot = slots.length;
        slots.push({ k: 'reg', name: dst });
      }
    }
    const dstWidth = dst === null ? 0 : regTypes.get(dst)!.width;
    const s0 = slots[0];
    const direct = (ins.op === 'ld' || ins.op === 'st' || ins.op === 'atom' || ins.op === 'red') && ins.addr.kind === 'loc' && s0?.k === 'imm' ? s0.v : null;
    const loc = direct ? locs.locOfVaddr.get(Number(direct.v)) ?? -1 : -1;
    return {
      ins, slots, guardSlot, oldSlot, dst, dstWidth, dstSigned: writerType(ins)?.signed ?? false, target, text: printInstr(written), refused: refusedAt(ins),
      addr: loc >= 0 ? direct : null, loc, fused: ins.op === 'fop' && !!ins.fuse && fused.has(ins.fuse.site), off,
    };
  });
  const regInit = new Map<string, RV>();
  for (const [name, t] of regTypes) regInit.set(name, rv(t.width, 0));
  for (const r of test.regInits) {
    if (r.thread !== pid) continue;
    regInit.set(r.reg, rv(regTypes.get(r.reg)!.width, 'addressOf' in r ? locs.vaddrOf.get(r.addressOf)! : r.value));
  }
  const wf = writesFrom(code, locs.locOfName);
  const keepHeld = code.some((c, i) => c.ins.op === 'ld' && c.ins.ord.sem === 'acquire' && wf[i + 1] !== 0);
  // A kernel's registers start undefined (any value, for the solver); the executor's start at 0,
  // so a read that may come before every write would give it fewer states than the kernel has.
  if (test.undefinedRegisters) {
    const unset = readBeforeWrite(code, new Set(test.regInits.filter((r) => r.thread === pid).map((r) => r.reg)));
    if (unset) throw new Unsupported(`${unset.c.text}: P${pid} may read %${unset.reg} before any instruction writes it (a kernel's registers start undefined, any value: the executor runs concrete values only)`, unset.c.ins.pos);
  }
  const regNames = [...regInit.keys()];
  return {
    pid, code, regInit, regNames, regIndex: new Map(regNames.map((r, i) => [r, i])), regs0: [...regInit.values()], regKeys: regKeys(regNames),
    regTypes, writesFrom: wf, spins: spinLoops(code), keepHeld, counters: loopCounters(pid, code, bound),
  };
}

/** ThreadProg.counters: the thread's loops, each counted in its own digit of TState.jumps. */
function loopCounters(pid: number, code: readonly CInstr[], bound: number): ThreadProg['counters'] {
  const back = code.flatMap((c, pc) => ((c.ins.op === 'bra' || c.ins.op === 'bcmp') && c.target <= pc ? [[pc, c.target] as const] : []));
  const { loops, loopOfBackJump, inLoop } = loopsOf(code.length, back);
  const base = bound + 1;
  if (loops.length * Math.log2(base) > 52) throw new Unsupported(`P${pid} has ${loops.length} loops: too many to count at loop bound ${bound} in the executor`);
  const place = loops.map((_, i) => base ** i);
  const within = Array.from({ length: code.length + 1 }, (_, pc) => loops.flatMap((_, i) => (inLoop(i, pc) ? [i] : [])));
  const loopOf = Array.from({ length: code.length + 1 }, (_, pc) => loopOfBackJump(pc));
  return { place, within, loopOf };
}

/** Locations written by an instruction reachable from each index (a register address: all). */
/**
 * Per instruction index (and code.length: nothing), the union of `own` over every instruction
 * the thread may still execute from there on (itself included). Backward branches make it a
 * fixpoint.
 */
export function ahead(code: readonly CInstr[], own: (c: CInstr) => number): number[] {
  const mine = code.map(own);
  const out = new Array<number>(code.length + 1).fill(0);
  for (let changed = true; changed;) {
    changed = false;
    for (let pc = code.length - 1; pc >= 0; pc--) {
      const c = code[pc]!;
      const jumps = c.ins.op === 'bra' || c.ins.op === 'bcmp';
      const always = c.ins.op === 'bra' && !c.ins.guard;
      const v = mine[pc]! | (always ? 0 : out[pc + 1]!) | (jumps ? out[c.target]! : 0);
      if (v !== out[pc]) { out[pc] = v; changed = true; }
    }
  }
  return out;
}

/**
 * The locations instruction i accesses, as a bit mask: -1 for an address in a register (any
 * location), 0 for an instruction that is no ld/st/atom/red.
 */
export function accessMask(i: Instr, locOfName: ReadonlyMap<string, number>): number {
  if (i.op !== 'ld' && i.op !== 'st' && i.op !== 'atom' && i.op !== 'red') return 0;
  return i.addr.kind === 'loc' ? 1 << locOfName.get(i.addr.name)! : -1;
}

const writesFrom = (code: CInstr[], locOfName: Map<string, number>): number[] =>
  ahead(code, (c) => (c.ins.op === 'ld' ? 0 : accessMask(c.ins, locOfName)));

/**
 * The test compiled for the machine, with the adds whose sites are in `fused` fused (ast.ts
 * Fusion; fusionSites lists a test's): one program per choice, as ptxas makes one.
 */
export function compile(test: LitmusTest, model: ModelName, bound: number, fused: ReadonlySet<string> = new Set()): Program {
  const index = new Map<number, number>();
  test.threads.forEach((t, i) => {
    if (index.has(t.placement.id)) throw new InputError(`thread P${t.placement.id} is declared twice`);
    index.set(t.placement.id, i);
  });
  const places = test.threads.map((t) => placeOf(t.placement));
  const clusterOf = new Map<string, string>();
  for (const p of places) {
    const c = clusterOf.get(p.cta);
    if (c !== undefined && c !== p.cluster) throw new InputError(`CTA ${p.cta} is placed in two clusters`);
    clusterOf.set(p.cta, p.cluster);
  }
  const locs = locations(test);
  const proxied = model === 'ptx60' ? proxiedWrittenAccess(test) : null;
  if (proxied) throw new InputError(`${printInstr(proxied)}: ${noProxiesMessage(model)}`, proxied.pos);
  if (locs.locs.length > MAX_LOCATIONS) throw new Unsupported(`the test is too large: ${locs.locs.length} locations (at most ${MAX_LOCATIONS.toLocaleString('en')})`);
  const instructions = test.threads.reduce((n, t) => n + t.code.length, 0);
  if (instructions > MAX_INSTRUCTIONS) throw new Unsupported(`the test is too large: ${instructions} instructions (at most ${MAX_INSTRUCTIONS.toLocaleString('en')})`);
  const threads = test.threads.map((_, i) => compileThread(test, i, locs, bound, fused));
  const alone = places.map((p, i) => new Set(SCOPES.filter((s) => places.every((q, j) => j === i || !scopeIncludes(s, p, q)))));
  const ctas = [...new Set(places.map((p) => p.cta))];
  const ctaIdx = places.map((p) => ctas.indexOf(p.cta));
  const cls = classTable(ctaIdx, threads.map((t) => t.code.map((c) => c.ins)), model === 'ptx75');
  const zero = new Array<number>(locs.locs.length * cls.K).fill(0);
  const oneAddress = locs.locs.every((_, l) => new Set([...locs.vaddrOf].filter(([n]) => locs.locOfName.get(n) === l).map(([, v]) => v)).size === 1);
  const plainViews = cls.K === 1 && (model === 'ptx60' || oneAddress);
  return { test, model, ...locs, threads, places, index, bound, window: Infinity, witness: false, spinAssume: false, alone, ctaIdx, cls, zero, plainViews };
}

