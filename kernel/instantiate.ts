// A kernel launched over a grid, as a litmus test: one litmus thread per CUDA thread, placed in
// its CTA; the memory the kernel can name (module variables, the buffers its pointer parameters
// point to, each CTA's own `.shared` variables) laid out at byte addresses, one location per
// element. Parameters and special registers are constants of each thread, so the solver's
// unrolling folds the address arithmetic to one element per access (solver/unroll.ts); an
// address that stays symbolic (read from memory) is an error there, with its position.
import type { DataType, Imm, Instr, LitmusTest, LocDecl, LocOwner, LocRef, Placement, Pos, Reg, RegInit, Stmt, Thread, Value } from '../litmus/ast.js';
import { cvtaSpace, mapRegisters, typeWidth } from '../litmus/ast.js';
import { floatValue } from './spec.js';
import { LitmusError } from '../litmus/errors.js';
import { printInstr } from '../litmus/print.js';
import { bitsRange, destinations, fitsBits, reads, registersRead } from '../litmus/types.js';
import { EXIT_LABEL, type LaunchDirective, type Param, type PtxFunction, type PtxModule, type Statement, type Variable, asWritten, declaredType, floatRegister, paramSize, registerDeclared, typeBytes } from './module.js';

export interface Dim3 {
  x: number;
  y: number;
  z: number;
}

/**
 * A pointer parameter's buffer (elements of `type`), a pointer into the buffer another
 * parameter gives (`alias`, at element `offset`: `memmove(dst, src)` with the two
 * overlapping), or a scalar parameter's value.
 */
export type ParamSpec =
  /** An element given as `{alias, offset}` holds a pointer into another parameter's buffer (a table of pointers). */
  | {
    buffer: string; type: DataType; size: number; init?: (bigint | { alias: string; offset: number })[];
    /** `out:f32[4]`: .f32/.f64 elements, held as `type`'s bits (.b32/.b64); `init` has their bits. */
    float?: true;
    /** The pointer is to this element (`buf:s32[8]+4`: the kernel's `p[-1]` is element 3); default 0. */
    offset?: number;
  }
  | { alias: string; offset: number }
  | { value: bigint }
  /** A .f32/.f64 parameter's value, a floating-point literal as written (2.5, -1e-3, 0f40200000): its bits come with the parameter's width. */
  | { literal: string };

/** A module variable's value given by the launch: an integer, or a floating-point literal as written (a .f32/.f64 variable's). */
export type InitValue = bigint | { literal: string };

export interface Launch {
  /** The kernel (`.entry`) to run; may be left out when the module has one. */
  entry?: string;
  grid: Dim3;
  block: Dim3;
  /** One per `.param` of the entry, in order. */
  params: ParamSpec[];
  /** Initial values of module variables (default: as the module says, else 0). */
  globals?: Record<string, InitValue | InitValue[]>;
  /**
   * Module variables whose elements read as signed (`--signed`; a `.shared` one by its short
   * name too): nvcc declares C's `signed char`, `short`, `int` and `long long` as `.u8`, `.u16`,
   * `.u32` and `.u64` (or bytes), which assertions and final states otherwise read unsigned
   * (-7 as 4294967289).
   */
  signed?: string[];
  /**
   * Bytes of dynamic shared memory per CTA (`<<<grid, block, bytes>>>`), the size of the
   * module's `.extern .shared` array (Variable.dynamic).
   */
  dynamicShared?: number;
  /**
   * CTAs per cluster (`cudaLaunchKernelEx`'s cluster dimension; the kernel's `__cluster_dims__`,
   * `.reqnctapercluster`, when it has one): CTAs in one cluster share `.cluster` scope. None:
   * each CTA is a cluster of its own.
   */
  cluster?: Dim3;
}

/** A piece of memory the kernel names, where it lies and how it is split into locations. */
export interface MemoryObject {
  /**
   * As assertions name it: `counter`, `out` (elements `out[1]`), `sdata.cta1` for CTA 1's shared
   * copy, `__local_depot0.P3` for thread P3's local memory.
   */
  name: string;
  type: DataType;
  count: number | null;
  address: number;
  space: 'global' | 'shared' | 'const' | 'local';
  /** Declared as bytes (`.b8`: nvcc's arrays and structs), its elements as wide as its accesses (elements()). */
  bytes?: true;
}

/**
 * A place where the launch fails (and the kernel's abort property with it): a `trap`, or a call
 * of `__assertfail`, which CUDA's device-side `assert` calls when its condition is false. A
 * thread that gets there sets its ABORT_REGISTER to the site's `k` and stops (CUDA stops the
 * launch): the first site a thread meets is the one named, and what an assert guards never runs.
 */
export interface AbortSite {
  /** The value ABORT_REGISTER takes there: 1, 2, ... */
  k: number;
  kind: 'assert' | 'trap';
  /** The `trap` or the `call`, in the module. */
  pos: Pos;
  /**
   * An assert's own words, as CUDA prints them on failure: its condition, source file and line,
   * and function, read from the module's string constants (null where the PTX computes one).
   */
  assertion?: { expr: string | null; file: string | null; line: number | null; func: string | null };
}

/** The register (each thread's, 0 at the start) that an abort site sets; '__' names are no PTX program's own. */
export const ABORT_REGISTER = '__abort';

export interface Instance {
  test: LitmusTest;
  entry: PtxFunction;
  memory: MemoryObject[];
  /** Every trap and device-side assert the launch may reach, in the order inlining met them. */
  aborts: AbortSite[];
  /** Per litmus thread (its index), its CUDA coordinates. */
  coords: { block: Dim3; thread: Dim3 }[];
  /** CTAs per cluster (Launch.cluster, else the kernel's `.reqnctapercluster`); null: none. */
  cluster: Dim3 | null;
  /** Module variables ptxmm cannot model (a `__device__ half`), which the launch left out: why each is. */
  unmodelled: Map<string, LitmusError>;
}

// Not %warpid nor %nwarpid: the ISA gives neither as a function of the thread (below). The
// vectors' .w is theirs too ("The fourth element is unused and always returns zero").
export const SPECIAL_REGISTERS = ['tid', 'ntid', 'ctaid', 'nctaid'].flatMap((r) => ['x', 'y', 'z', 'w'].map((c) => `${r}.${c}`))
  .concat(['laneid']);

const BASE_ADDRESS = 0x1000;
/** Bytes left unused after every object, so that an access past its end is no location's. */
const GAP = 0x100;
const MAX_THREADS = 64;
/**
 * Memory elements in all (each is a location with an initial write): the solver answers at
 * most 1,000 events anyway; past this a declaration such as `x[4294967295]` would exhaust memory.
 */
const MAX_ELEMENTS = 65_536;

/**
 * Elements of a memory object. nvcc declares every array as bytes (`__shared__ short s[8]` is
 * `.shared .align 2 .b8 s[16]`): a `.b8` array's elements are as wide as the accesses of its
 * state space when they all have one width (`widths`), else as its alignment when some access
 * has that width (`short`: 2, `long long`: 8), else 32-bit words; each where the bytes divide.
 * An access of another width is then refused at the access (mixed-size accesses are not modelled).
 */
function elements(v: Pick<Variable, 'type' | 'count' | 'align'>, widths: ReadonlySet<number>): { type: DataType; count: number | null } {
  if (v.type !== 'b8' || v.count === null) return { type: v.type, count: v.count };
  const n = v.count;
  const fits = (bits: number): boolean => n % (bits / 8) === 0;
  // (u8 for bytes: a .b8 array would be taken again.)
  const as = (bits: number): { type: DataType; count: number } => ({ type: (bits === 8 ? 'u8' : `b${bits}`) as DataType, count: n / (bits / 8) });
  const [only] = widths;
  if (widths.size === 1 && fits(only!)) return as(only!);
  const aligned = Math.min(v.align, 8) * 8;
  if (widths.has(aligned) && fits(aligned)) return as(aligned);
  return fits(32) ? as(32) : { type: v.type, count: n };
}

export const elementName = (o: MemoryObject, i: number): string => (o.count === null ? o.name : `${o.name}[${i}]`);

export function instantiate(mod: PtxModule, launch: Launch): Instance {
  const file = mod.file;
  const bad = (msg: string, pos: Pos | null = null): never => { throw new LitmusError(msg, pos, file); };
  const entries = mod.functions.filter((f) => f.kind === 'entry');
  const entry = launch.entry !== undefined
    ? entries.find((f) => f.name === launch.entry) ?? bad(`no kernel ${launch.entry} in the module (it has ${entries.map((f) => f.name).join(', ') || 'none'})`)
    : entries.length === 1 ? entries[0]! : entries.length === 0 ? bad('the module has no kernel (.entry) to launch')
      : bad(`the module has ${entries.length} kernels (${entries.map((f) => f.name).join(', ')}): name one with --entry`);
  if (entry.refused) throw entry.refused;
  const { grid, block } = launch;
  const cluster = launchRules(entry, launch, bad);
  for (const [what, d] of [['grid', grid], ['block', block]] as const) {
    if (![d.x, d.y, d.z].every((n) => Number.isInteger(n) && n >= 1)) bad(`the ${what} must be positive whole numbers`);
  }
  const perBlock = block.x * block.y * block.z;
  const blocks = grid.x * grid.y * grid.z;
  if (perBlock * blocks > MAX_THREADS) bad(`${perBlock * blocks} threads: at most ${MAX_THREADS} (a litmus thread each)`);
  if (launch.params.length !== entry.params.length) {
    bad(`${entry.name} takes ${entry.params.length} parameter${entry.params.length === 1 ? '' : 's'}, and ${launch.params.length} ${launch.params.length === 1 ? 'is' : 'are'} given`, entry.pos);
  }

  // ---- code: calls inlined (symbols are resolved per CTA or thread below) ----
  const inlined = inline(entry, mod, bad);
  const registers = inlined.registers;
  // The widths of the accesses of each state space (a generic access may be of any), for the
  // elements of the arrays nvcc declares as bytes (elements()).
  const isAccess = (s: Stmt): s is Extract<Stmt, { op: 'ld' | 'st' | 'atom' | 'red' }> => s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red';
  const variableSpace = new Map<string, string>([...mod.globals, ...entry.shared, ...inlined.locals].map((v) => [v.name, v.space]));
  const generic = genericSpaces(inlined.body, (name) => variableSpace.get(name) ?? null);
  // Under .address_size 64 (the only size read) a global or generic address is 64 bits; a .shared
  // or .local one may be 32 (nvcc keeps shared ones so). ptxas refuses a 32-bit one ("Program
  // uses 32-bit address"), which was read as the address all the same.
  const wide = '(.address_size 64; ptxas: "Program uses 32-bit address")';
  for (const s of inlined.body) {
    if (isAccess(s) && (s.space === 'global' || s.space === 'generic') && s.addr.kind === 'reg' && registers[s.addr.name] === 32) {
      bad(`the address %${s.addr.name} is a 32-bit register, and a ${s.space === 'global' ? '.global' : 'generic'} address is 64 bits ${wide}`, s.addr.pos ?? s.pos);
    }
    if (s.op === 'mov' && typeWidth(s.type) === 32 && (s.cvta || (s.src.kind === 'loc' && variableSpace.get(s.src.name) === 'global'))) {
      bad(s.cvta ? `cvta.${s.cvta}.u32: a generic address is 64 bits ${wide}` : `mov.${s.type} of ${s.src.kind === 'loc' ? s.src.name : ''}'s address: a .global address is 64 bits ${wide}`, s.pos);
    }
  }
  // A generic access counts for the space its address is known to be in, else for every space.
  const inSpace = (s: Extract<Stmt, { op: 'ld' | 'st' | 'atom' | 'red' }>, space: string): boolean =>
    s.space === space || (s.space === 'generic' && (s.addr.kind !== 'reg' || (generic.get(s.addr.name) ?? space) === space));
  const widthsIn = (space: 'global' | 'shared' | 'const'): Set<number> =>
    new Set(inlined.body.flatMap((s) => (isAccess(s) && inSpace(s, space) ? [typeWidth(s.type)] : [])));
  const none = new Set<number>();
  const spaceWidths = { global: widthsIn('global'), shared: widthsIn('shared'), const: widthsIn('const'), local: none };

  // ---- memory ----
  const memory: MemoryObject[] = [];
  const locations: LocDecl[] = [];
  let next = BASE_ADDRESS;
  /** `widths` for elements(); `init` in bytes (`bytes`: a `.b8` variable's initialiser) or in elements. */
  const place = (name: string, v: Pick<Variable, 'type' | 'count' | 'align' | 'space' | 'float'>, init0: readonly bigint[] | null, pos: Pos, widths: ReadonlySet<number>, owner?: LocOwner, bytes = false, signed = false): MemoryObject => {
    // .shared and .local memory has no initialiser (PTX refuses one): its initial value is
    // unknown (ISA §8.2.4), as CUDA leaves it. .global and .const memory without one is zero.
    const unknown = v.space === 'shared' || v.space === 'local' ? true as const : undefined;
    const elements0 = elements(v, widths);
    const el = signed ? { ...elements0, type: `s${typeWidth(elements0.type)}` as DataType } : elements0;
    const init = bytes && init0 ? bytesToElements(init0, typeBytes(el.type)) : init0;
    const align = Math.max(v.align, typeBytes(el.type), 16);
    next = Math.ceil(next / align) * align;
    const o: MemoryObject = { name, type: el.type, count: el.count, address: next, space: v.space, ...(v.type === 'b8' && v.count !== null ? { bytes: true as const } : {}) };
    const n = el.count ?? 1;
    if (init && init.length > n) bad(`${name} has ${n} element${n === 1 ? '' : 's'}, and ${init.length} initial values`, pos);
    // As a litmus location's (litmus/build.ts checkInitialValues): a value past the width was
    // cut to its low bits. A .b8 variable's initialiser is checked byte by byte, before its
    // bytes become elements.
    const w = bytes ? 8 : typeWidth(el.type);
    for (const x of (bytes ? init0 : init) ?? []) {
      if (!fitsBits(x, w)) bad(`the initial value ${x} of ${name} does not fit ${bytes ? 'a byte' : el.count === null ? `its ${w} bits` : `its ${w}-bit elements`} (${bitsRange(w).join(' .. ')}, read signed or unsigned)`, pos);
    }
    if (locations.length + n > MAX_ELEMENTS) bad(`${name} has ${n} elements: each is a location, and ptxmm takes at most ${MAX_ELEMENTS} in all`, pos);
    for (let k = 0; k < n; k++) {
      locations.push({
        kind: 'value', name: elementName(o, k), value: init?.[k] ?? 0n, type: el.type, space: v.space, pos, address: next + k * typeBytes(el.type),
        ...(owner ? { owner } : {}), ...(unknown ? { unknown } : {}), ...(v.float && typeWidth(el.type) === typeWidth(v.type) ? { float: true as const } : {}),
      });
    }
    next += n * typeBytes(el.type) + GAP;
    memory.push(o);
    return o;
  };
  const globals = new Map<string, MemoryObject>();
  // .shared variables go by their short name where it is unique (`sdata.cta1` for `_ZZ6reduceE5sdata`).
  const sharedVars = [...mod.globals.filter((g) => g.space === 'shared' && !g.refused), ...entry.shared];
  const short = new Map(sharedVars.map((v) => [v.name, localName(v.name)]));
  const unique = (v: Variable): string => ([...short.values()].filter((n) => n === short.get(v.name)).length === 1 ? short.get(v.name)! : v.name);
  const signedNames = new Set(launch.signed ?? []);
  const isSigned = (v: Variable): boolean => signedNames.has(v.name) || (v.space === 'shared' && signedNames.has(unique(v)));
  const all = [...mod.globals, ...entry.shared];
  for (const name of signedNames) {
    if (launch.params.some((p) => 'buffer' in p && p.buffer === name)) bad(`${name} is a parameter's buffer, whose type --param gives (${name}:s32[N]): --signed is for module variables`);
    if (!all.some((v) => v.name === name || (v.space === 'shared' && unique(v) === name))) {
      bad(`--signed ${name}: no module variable ${name} (it has ${all.map((v) => (v.space === 'shared' ? unique(v) : v.name)).join(', ') || 'none'})`);
    }
  }
  // An assert's message constants, once nothing else names them, are no memory of the launch.
  const named = new Set(inlined.body.flatMap((s) => (s.op === 'mov' && s.src.kind === 'loc' ? [s.src.name] : isAccess(s) && s.addr.kind === 'loc' ? [s.addr.name] : [])));
  // A variable ptxmm cannot model refuses the launch only where its code names it.
  for (const v of mod.globals) if (v.refused && (named.has(v.name) || launch.globals?.[v.name] !== undefined)) throw v.refused;
  for (const v of mod.globals) {
    if (v.space === 'shared' || v.refused) continue;
    // So are another kernel's (an initialised byte array this one never names: no address of
    // it can be had but by naming it); each byte was drawn as an initial write.
    const text = inlined.messages.has(v.name) || (v.type === 'b8' && v.init !== null);
    if (text && !named.has(v.name) && launch.globals?.[v.name] === undefined) continue;
    const given = launch.globals?.[v.name];
    // A float variable's values are floating-point literals (floatValue), another's integers.
    const bits = (x: InitValue): bigint => {
      if (v.float) return floatValue(typeof x === 'bigint' ? x.toString() : x.literal, typeWidth(v.type) as 32 | 64, `${v.name} (--global, or a spec's "globals")`, (msg) => bad(msg));
      if (typeof x !== 'bigint') return bad(`${v.name} is a .${v.type}, and ${x.literal} is a floating-point literal (--global, or a spec's "globals")`);
      return x;
    };
    const init = given === undefined ? v.init : Array.isArray(given) ? given.map(bits) : [bits(given)];
    const o = place(v.name, v, init, v.pos, spaceWidths[v.space], undefined, given === undefined && v.type === 'b8', isSigned(v));
    // Fewer values than elements zeroed the rest, over the module's own initialiser.
    const n = o.count ?? 1;
    if (given !== undefined && n > 1 && (!Array.isArray(given) || given.length < n)) {
      const k = !Array.isArray(given) ? 1 : given.length;
      bad(`${v.name} has ${n} elements, and the launch gives it ${k} initial value${k === 1 ? '' : 's'} (--global, or a spec's "globals"): give one per element`);
    }
    globals.set(v.name, o);
  }
  for (const name of Object.keys(launch.globals ?? {})) {
    const shared = [...mod.globals, ...entry.shared].find((v) => v.name === name && v.space === 'shared');
    if (shared) bad(`${name} is .shared memory, which no launch initialises: its value is unknown until a thread writes it, as CUDA leaves it`);
    if (!globals.has(name)) bad(`no module variable ${name} to initialise (it has ${[...globals.keys()].join(', ') || 'none'})`);
  }
  const params = new Map<string, bigint>();
  const paramBytes = new Map(entry.params.map((d) => [d.name, paramSize(d)]));
  const buffers = new Map<string, MemoryObject>();
  /** The address of a buffer's element `offset` (its end included: a pointer may point past it). */
  const element = (o: MemoryObject, offset: number, what: string): bigint => {
    const n = o.count ?? 1;
    if (!Number.isInteger(offset) || offset < 0 || offset > n) bad(`${what} points at element ${offset} of ${o.name}, which has ${n} (0 .. ${n}, the end included)`);
    return BigInt(o.address + offset * typeBytes(o.type));
  };
  const tables: { o: MemoryObject; e: number; alias: string; offset: number }[] = [];
  // A buffer, or a pointer into one, is given to a 64-bit parameter only.
  const pointer = (k: number): Param => {
    const decl = entry.params[k]!;
    if (typeWidth(decl.type) !== 64) bad(`parameter ${k} (${decl.name}) is a .${decl.type}, not a pointer: give it a value`, decl.pos);
    return decl;
  };
  launch.params.forEach((p, k) => {
    const decl = entry.params[k]!;
    if (decl.count !== null) {
      // Bytes passed by value (a structure, a __grid_constant__ scalar): one number, read
      // little-endian by the ld.param at each offset.
      const bytes = paramBytes.get(decl.name)!;
      const how = `give its ${bytes} bytes as one number, little-endian (0x0000000500000003 for the two ints {3, 5})`;
      if (!('value' in p)) return bad(`parameter ${k} (${decl.name}) is ${bytes} bytes passed by value (a structure, or a __grid_constant__ scalar): ${how}`, decl.pos);
      if (!fitsBits(p.value, bytes * 8)) bad(`parameter ${k} (${decl.name}) is ${bytes} bytes passed by value: ${p.value} does not fit them; ${how}`, decl.pos);
      params.set(decl.name, p.value);
      return;
    }
    if ('alias' in p) return;
    // A float parameter takes a floating-point literal, as a .f32 operand does: the integer 5
    // would be taken as bits (a denormal), not as 5.0, and a float given to an integer is a slip.
    if ('literal' in p || ('value' in p && decl.float)) {
      const w = typeWidth(decl.type) as 32 | 64;
      if (!('literal' in p)) return bad(`parameter ${k} (${decl.name}) is a .f${w}: give it a floating-point literal (${p.value}.0, or its bits as a ${w === 32 ? '0f' : '0d'} literal), not the integer ${p.value}`, decl.pos);
      if (!decl.float) return bad(`parameter ${k} (${decl.name}) is a .${decl.type}, and ${p.literal} is a floating-point literal (a .f32 or .f64 parameter takes one)`, decl.pos);
      params.set(decl.name, floatValue(p.literal, w, `parameter ${k} (${decl.name})`, (msg) => bad(msg, decl.pos)));
      return;
    }
    if ('value' in p) {
      const w = typeWidth(decl.type);
      if (!fitsBits(p.value, w)) bad(`parameter ${k} (${decl.name}) is a .${decl.type}: ${p.value} does not fit its ${w} bits`, decl.pos);
      params.set(decl.name, p.value);
      return;
    }
    pointer(k);
    if (globals.has(p.buffer) || memory.some((o) => o.name === p.buffer)) bad(`two pieces of memory are named ${p.buffer}`);
    const refs = (p.init ?? []).flatMap((x, e) => (typeof x === 'bigint' ? [] : [{ e, ...x }]));
    if (refs.length && typeWidth(p.type) !== 64) bad(`${p.buffer}[${refs[0]!.e}] is given a pointer (${refs[0]!.alias}), and ${p.buffer}'s elements are .${p.type}: a pointer takes a 64-bit element`);
    const o = place(p.buffer, { type: p.type, count: p.size, align: typeBytes(p.type), space: 'global', ...(p.float ? { float: true as const } : {}) }, p.init?.map((x) => (typeof x === 'bigint' ? x : 0n)) ?? null, decl.pos, none);
    buffers.set(p.buffer, o);
    params.set(decl.name, element(o, p.offset ?? 0, `parameter ${k} (${decl.name})`));
    for (const r of refs) tables.push({ o, ...r });
  });
  // Pointers into another parameter's buffer, once every buffer is placed (before or after them).
  const into = (alias: string, offset: number, what: string): bigint => {
    const o = buffers.get(alias) ?? bad(`${what} points into ${alias}, and no parameter gives a buffer of that name (${[...buffers.keys()].join(', ') || 'none does'}); a pointer into a buffer no other parameter gives is NAME:TYPE[N]+K`);
    return element(o, offset, what);
  };
  launch.params.forEach((p, k) => {
    if (!('alias' in p)) return;
    const decl = pointer(k);
    params.set(decl.name, into(p.alias, p.offset, `parameter ${k} (${decl.name})`));
  });
  // A table of pointers: its elements' initial values, now that every buffer has its address.
  for (const t of tables) {
    const name = elementName(t.o, t.e);
    const at = locations.findIndex((l) => l.name === name);
    locations[at] = { ...locations[at]!, value: into(t.alias, t.offset, `${name}`) } as (typeof locations)[number];
  }
  const sharedOf = new Map<number, Map<string, MemoryObject>>();
  for (let c = 0; c < blocks; c++) {
    const m = new Map<string, MemoryObject>();
    for (const v of sharedVars) {
      if (v.init) bad(`a .shared variable cannot have an initial value`, v.pos);
      if (v.dynamic) {
        // Sized by the launch; without a size it is left out, and an access to it says why (resolve).
        if (launch.dynamicShared === undefined) continue;
        const n = launch.dynamicShared / typeBytes(v.type);
        if (!Number.isInteger(n) || n < 1) bad(`${launch.dynamicShared} bytes of dynamic shared memory do not make whole .${v.type} elements of ${v.name}[]`);
        m.set(v.name, place(`${unique(v)}.cta${c}`, { ...v, count: n }, null, v.pos, spaceWidths.shared, { cta: c }, false, isSigned(v)));
        continue;
      }
      m.set(v.name, place(`${unique(v)}.cta${c}`, v, null, v.pos, spaceWidths.shared, { cta: c }, false, isSigned(v)));
    }
    sharedOf.set(c, m);
  }
  const dynamics = [...mod.globals, ...entry.shared].filter((v) => v.dynamic && !v.refused);
  // CUDA's extern __shared__ arrays all start at the dynamic shared memory's base: one array here.
  if (dynamics.length > 1) bad(`${dynamics.map((v) => `${v.name}[]`).join(' and ')} are both the launch's dynamic shared memory (they start at one address): only one such array is modelled`, dynamics[1]!.pos);
  if (dynamics.length === 0 && launch.dynamicShared !== undefined) bad(`the launch gives ${launch.dynamicShared} bytes of dynamic shared memory, and the module declares no .extern .shared array to hold them`);
  const unsized = new Map(launch.dynamicShared === undefined ? dynamics.map((v) => [v.name,
    `${v.name} is dynamic shared memory (CUDA's extern __shared__ array): give its size in bytes with --dynamic-shared N (the launch's third <<<...>>> parameter; "dynamicShared" in a spec)`]) : []);
  // Each thread's own copy of the kernel's .local variables (thread ids as the threads below
  // get them). nvcc declares a depot of bytes: its elements are as wide as the narrowest access
  // to it, and wider ones are split into accesses of that width (splitLocal). Which variable an
  // access reaches is known where its address is (localAddresses: -G reaches its stack by
  // generic addresses); a .local access whose variable is not known counts for every one.
  const locals = inlined.locals;
  const localNames = new Set(locals.map((v) => v.name));
  const stack = localAddresses(inlined.body, localNames);
  type Access = Extract<Stmt, { op: 'ld' | 'st' }>;
  const target = (s: Access): string | null => (s.addr.kind === 'loc' ? (localNames.has(s.addr.name) ? s.addr.name : null) : stack.get(s.addr.name) ?? null);
  const reaching = (s: Stmt): { s: Access; v: string | null } | null => {
    if (s.op !== 'ld' && s.op !== 'st') return null;
    const v = s.space === 'local' || s.space === 'generic' ? target(s) : null;
    return v !== null || s.space === 'local' ? { s, v } : null;
  };
  const reached = inlined.body.map(reaching);
  // The narrowest access to each variable; those whose variable is not known count for all.
  let anyLocal = Infinity;
  const narrowestOf = new Map<string, number>();
  for (const r of reached) {
    if (!r) continue;
    const w = typeWidth(r.s.type);
    if (r.v === null) anyLocal = Math.min(anyLocal, w);
    else narrowestOf.set(r.v, Math.min(narrowestOf.get(r.v) ?? Infinity, w));
  }
  const narrowest = (v: string | null): number => Math.min(anyLocal, ...(v === null ? narrowestOf.values() : [narrowestOf.get(v)!]));
  // Each access as wide as its variable's narrowest (splitLocal), and the widths each variable is then accessed at.
  const widthsOf = new Map<string, Set<number>>(locals.map((v) => [v.name, new Set<number>()]));
  const body = inlined.body.flatMap((s, k) => {
    const r = reached[k];
    if (!r) return [s];
    const e = narrowest(r.v);
    for (const v of r.v === null ? localNames : [r.v]) widthsOf.get(v)?.add(Math.min(e, typeWidth(r.s.type)));
    return typeWidth(r.s.type) > e ? splitLocal(r.s, e) : [s];
  });
  // A depot reached only through addresses not followed (chosen by a branch, loaded from
  // memory) has elements as wide as its alignment: nvcc aligns a depot to its widest value.
  for (const v of locals) if (widthsOf.get(v.name)!.size === 0) widthsOf.get(v.name)!.add(Math.min(v.align, 8) * 8);
  for (const v of locals) if (v.init) bad(`a .local variable cannot have an initial value`, v.pos);
  const localsOf = new Map<number, Map<string, MemoryObject>>();
  for (let id = 0; locals.length && id < blocks * perBlock; id++) {
    localsOf.set(id, new Map(locals.map((v) => [v.name, place(`${localName(v.name)}.P${id}`, v, null, v.pos, widthsOf.get(v.name)!, { thread: id })])));
  }

  // One code per CTA (its .shared copies), or per thread when the kernel has .local memory.
  const codeOf = new Map<string, Stmt[]>();
  const code = (cta: number, id: number): Stmt[] => {
    const key = locals.length ? `${cta}/${id}` : `${cta}`;
    let c = codeOf.get(key);
    if (!c) {
      const symbols = new Map([...globals, ...sharedOf.get(cta)!, ...(localsOf.get(id) ?? [])]);
      codeOf.set(key, c = body.map((s) => (s.op === 'label' ? s : resolve(s, symbols, params, bad, unsized, paramBytes))));
    }
    return c;
  };
  // The kernel's own declarations: inlined callees' registers are renamed apart (`__c1_r1`),
  // checked in their function. Any function's once counted, so `%p5` of a kernel declaring
  // %p<2> was read as "any value" when another kernel of the module declared %p<6>.
  const declared = { has: (name: string): boolean => registerDeclared(entry, name) };
  for (const s of body) {
    if (s.op === 'label') continue;
    for (const r of registersRead(s)) {
      if (!declared.has(r.name) && !r.name.includes('.') && !SPECIAL_REGISTERS.includes(r.name) && !r.name.startsWith('__')) {
        const what = /^envreg\d+$/.test(r.name) ? 'the launch environment, which cooperative groups read for this_grid() and grid.sync(): grid-wide synchronization is not modelled'
          : /^reserved_smem/.test(r.name) ? 'shared memory the runtime reserves (cooperative groups at -G)'
            : /^(cluster|nclusterid|clusterid|is_explicit_cluster)/.test(r.name) ? 'a cluster special register: clusters are modelled through their scope, not their ids'
              : r.name === 'warpid' ? 'it is where the warp runs when read, and may change as it runs (ISA: "%warpid is volatile"; it is not the warp\'s number in its CTA): compute a warp index from %tid.x / 32'
                : r.name === 'nwarpid' ? 'it is the hardware\'s largest warp identifier, not the CTA\'s warp count: compute that from %ntid'
                  : /^(clock|clock64|globaltimer)/.test(r.name) ? 'time is not modelled'
                    : /^lanemask_(eq|le|lt|ge|gt)$/.test(r.name) ? 'compute the mask from the lane, %tid.x % 32'
                      : /^(smid|nsmid|gridid|pm\d+|pm\d+_64|dynamic_smem_size|total_smem_size|aggr_smem_size|current_graph_exec)$/.test(r.name) ? 'it says where or how the kernel runs, which the memory model does not'
                        : null;
        bad(what ? `the special register %${r.name} is not modelled: ${what}`
          : `%${r.name} is neither declared (.reg) nor a special register ptxmm models (%tid, %ntid, %ctaid and %nctaid, each .x, .y, .z or .w, and %laneid)`, r.pos ?? s.pos);
      }
      if (r.name.includes('.') && !SPECIAL_REGISTERS.includes(r.name) && !declared.has(r.name)) {
        bad(`the special register %${r.name} is not modelled`, r.pos ?? s.pos);
      }
      // As ptxas: "Special register argument not allowed for instruction 'add'".
      if (SPECIAL_REGISTERS.includes(r.name) && !declared.has(r.name) && s.op !== 'mov' && s.op !== 'cvt') {
        bad(`%${r.name} is a special register, which PTX reads only with mov or cvt (ptxas refuses it as an operand of ${printInstr(s as Instr).split(' ')[0]})`, r.pos ?? s.pos);
      }
    }
  }

  // ---- threads ----
  const threads: Thread[] = [];
  const regInits: RegInit[] = [];
  const coords: Instance['coords'] = [];
  const readsSpecial = new Set(body.flatMap((s) => (s.op === 'label' ? [] : registersRead(s).map((r) => r.name))).filter((r) => SPECIAL_REGISTERS.includes(r)));
  for (let bz = 0, cta = 0; bz < grid.z; bz++) for (let by = 0; by < grid.y; by++) for (let bx = 0; bx < grid.x; bx++, cta++) {
    for (let tz = 0, t = 0; tz < block.z; tz++) for (let ty = 0; ty < block.y; ty++) for (let tx = 0; tx < block.x; tx++, t++) {
      const id = threads.length;
      const placement: Placement = { id, cta, gpu: 0, warp: Math.floor(t / 32), lane: t % 32, pos: entry.pos };
      // Clusters are numbered as CTAs are, x fastest.
      if (cluster) placement.cluster = (Math.floor(bz / cluster.z) * (grid.y / cluster.y) + Math.floor(by / cluster.y)) * (grid.x / cluster.x) + Math.floor(bx / cluster.x);
      threads.push({ placement, code: code(cta, id), registers });
      coords.push({ block: { x: bx, y: by, z: bz }, thread: { x: tx, y: ty, z: tz } });
      const values: Record<string, number> = {
        'tid.x': tx, 'tid.y': ty, 'tid.z': tz, 'ntid.x': block.x, 'ntid.y': block.y, 'ntid.z': block.z,
        'ctaid.x': bx, 'ctaid.y': by, 'ctaid.z': bz, 'nctaid.x': grid.x, 'nctaid.y': grid.y, 'nctaid.z': grid.z,
        laneid: t % 32, 'tid.w': 0, 'ntid.w': 0, 'ctaid.w': 0, 'nctaid.w': 0,
      };
      for (const r of readsSpecial) regInits.push({ thread: id, reg: r, value: BigInt(values[r]!), pos: entry.pos });
      // (Registers start undefined in a kernel; the abort register is ptxmm's, and starts at 0.)
      if (inlined.aborts.length) regInits.push({ thread: id, reg: ABORT_REGISTER, value: 0n, pos: entry.pos });
    }
  }
  const test: LitmusTest = {
    arch: 'PTX',
    name: `${entry.name} grid ${dimText(grid)} block ${dimText(block)}`,
    docs: [],
    locations,
    regInits,
    threads,
    observed: [],
    condition: { quantifier: 'forall', expr: { kind: 'true' }, pos: entry.pos },
    file,
    perThread: true,
    undefinedRegisters: true,
  };
  const unmodelled = new Map(mod.globals.flatMap((v) => (v.refused ? [[v.name, v.refused] as const] : [])));
  return { test, entry, memory, coords, aborts: inlined.aborts, cluster, unmodelled };
}

/**
 * The registers that hold an address of one .local variable (nvcc's stack, its depot) whatever
 * path set them, with that variable: each write to one is a move of the variable's address, a
 * cvta.local of such a register (its generic address), or a move or an add/sub of a constant
 * or of an index register to one. nvcc keeps its stack so (`mov.u64 %SPL, __local_depot1;
 * cvta.local.u64 %SP, %SPL; add.u64 %rd6, %SP, 0`, then the address as a call's argument); -G
 * reaches it by generic loads and stores. An address loaded from memory is not followed.
 */
function localAddresses(body: readonly Stmt[], locals: ReadonlySet<string>): Map<string, string> {
  return addressOrigins(body, (i, held) => {
    if (i.op !== 'mov') return null;
    if (!i.cvta && i.src.kind === 'loc') return locals.has(i.src.name) ? i.src.name : null;
    return !i.cvta || i.cvta === 'local' || i.cvta === 'to.local' ? held(i.src) : null;
  });
}

/**
 * The state space of the generic addresses registers hold, where every path that sets one
 * gives it: a cvta from (or to) that space, a move of a variable of it, or a pointer
 * parameter (global), then moves and additions as in localAddresses. A generic access whose
 * address is known so counts for its own space's element widths only (`extern __shared__
 * unsigned short buf[]` at -G, written through cvta.shared, beside 32-bit stores to a global
 * buffer).
 */
function genericSpaces(body: readonly Stmt[], spaceOfVariable: (name: string) => string | null): Map<string, string> {
  return addressOrigins(body, (i, held) => {
    // A pointer parameter: the launch's buffers are global memory.
    if (i.op === 'ld' && i.space === 'param') return 'global';
    if (i.op !== 'mov') return null;
    if (i.cvta) return cvtaSpace(i.cvta);
    return i.src.kind === 'loc' ? spaceOfVariable(i.src.name) : held(i.src);
  });
}

/**
 * Registers an origin reaches whatever path set them: `origin` names what a move gives its
 * register (given what registers already hold), an add/sub of a constant or of an index
 * register keeps its address operand's; every write to the register must give the same.
 */
function addressOrigins(body: readonly Stmt[], origin: (i: Instr, held: (v: { kind: string; name?: string }) => string | null) => string | null): Map<string, string> {
  const writes = new Map<string, Instr[]>();
  for (const s of body) {
    if (s.op === 'label') continue;
    for (const [r] of destinations(s)) {
      const w = writes.get(r.name);
      if (w) w.push(s);
      else writes.set(r.name, [s]);
    }
  }
  // What write i gives its register, given what `at` knows; null: nothing known.
  const from = (i: Instr, at: ReadonlyMap<string, string>): string | null => {
    const held = (v: { kind: string; name?: string }): string | null => (v.kind === 'reg' ? at.get(v.name!) ?? null : null);
    if (i.op === 'alu' && (i.aop === 'add' || i.aop === 'sub')) {
      if (i.b.kind === 'imm') return held(i.a);
      if (i.a.kind === 'imm') return i.aop === 'add' ? held(i.b) : null;
      // An address plus (or minus) an index held in a register: an element of the same object,
      // as C's pointer arithmetic stays within it (-G's `a[i]` on the stack).
      const [a, b] = [held(i.a), held(i.b)];
      return a !== null && b === null ? a : i.aop === 'add' && b !== null && a === null ? b : null;
    }
    return origin(i, held);
  };
  // Those some write gives an origin (least fixpoint), then those every write gives the same one (greatest, within).
  const some = new Map<string, string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [r, ws] of writes) {
      if (some.has(r)) continue;
      const v = ws.map((i) => from(i, some)).find((x) => x !== null);
      if (v) { some.set(r, v); grew = true; }
    }
  }
  const all = new Map(some);
  for (let shrank = true; shrank;) {
    shrank = false;
    for (const [r, v] of all) if (!writes.get(r)!.every((i) => from(i, all) === v)) { all.delete(r); shrank = true; }
  }
  return all;
}

// Registers of splitLocal's sequences: '__' names are no PTX program's own (instantiate
// takes them as declared).
const WHOLE: Reg = { kind: 'reg', name: '__local_whole' };
const PIECE: Reg = { kind: 'reg', name: '__local_piece' };

/**
 * A .local load or store of w bits (w > e) as w/e accesses of e bits at consecutive addresses,
 * element 0 the low bits: what a short array stored a word at a time and read a short at a
 * time (nvcc packs such arrays) means byte for byte. Sound because .local memory is the
 * thread's own: no other thread sees the pieces, so neither their order nor the atomicity of
 * the whole can show. A load gathers the pieces in a register of its own before the
 * destination takes them, so that an address register that is also the destination is read
 * whole; the last move extends the value as the load's type does.
 */
function splitLocal(s: Extract<Stmt, { op: 'ld' | 'st' }>, e: number): Instr[] {
  const w = typeWidth(s.type);
  const k = w / e;
  // Piece j's address: the access's, moved by j pieces (piece 0's as written).
  const at = (j: number): { offset?: bigint } => (j === 0 ? {} : { offset: (s.offset ?? 0n) + BigInt((j * e) / 8) });
  const piece = `u${e}` as DataType;
  const bits = (w === 64 ? 'b64' : 'b32') as DataType;
  const imm = (v: number): Imm => ({ kind: 'imm', value: BigInt(v) });
  const { guard, pos } = s;
  const g = guard ? { guard } : {};
  const out: Instr[] = [];
  if (s.op === 'ld') {
    for (let j = 0; j < k; j++) {
      out.push({ ...s, type: piece, dst: j === 0 ? WHOLE : PIECE, ...at(j) });
      if (j > 0) out.push({ op: 'alu', aop: 'bfi', type: bits, dst: WHOLE, a: PIECE, b: WHOLE, c: imm(j * e), d: imm(e), pos, ...g });
    }
    out.push({ op: 'mov', type: s.type, dst: s.dst, src: WHOLE, pos, ...g });
    return out;
  }
  for (let j = 0; j < k; j++) {
    // A store's source is read as the piece's type: piece 0 is its low bits as it stands.
    if (j === 0) { out.push({ ...s, type: piece }); continue; }
    out.push({ op: 'alu', aop: 'bfe', type: w === 64 ? 'u64' : 'u32', dst: PIECE, a: s.src, b: imm(j * e), c: imm(e), pos, ...g });
    out.push({ ...s, type: piece, src: PIECE, ...at(j) });
  }
  return out;
}

/**
 * A function's `__shared__` variable as its source names it: nvcc writes `s` of `reduce` as
 * `_ZZ6reducePKiPiE1s` (a local name: `_ZZ` function `E` length name).
 */
function localName(mangled: string): string {
  const m = /^_ZZ.*E(\d+)([A-Za-z_]\w*)$/.exec(mangled);
  return m && m[2]!.length === Number(m[1]) ? m[2]! : mangled;
}

const dimOf = (vs: readonly number[]): Dim3 => ({ x: vs[0] ?? 1, y: vs[1] ?? 1, z: vs[2] ?? 1 });
const sameDim = (a: Dim3, b: Dim3): boolean => a.x === b.x && a.y === b.y && a.z === b.z;

/**
 * The launch against the entry's launch directives (module.ts LaunchDirective): a launch CUDA
 * would refuse is refused at the directive. The cluster shape the CTAs run in (null: none).
 */
function launchRules(entry: PtxFunction, launch: Launch, bad: (m: string, p?: Pos) => never): Dim3 | null {
  const { grid, block } = launch;
  const d = (name: LaunchDirective['name']): LaunchDirective | undefined => entry.directives.find((x) => x.name === name);
  const size = (x: Dim3): number => x.x * x.y * x.z;
  const req = d('reqntid');
  if (req && !sameDim(dimOf(req.values), block)) {
    bad(`the kernel requires blocks of ${dimText(dimOf(req.values))} threads (.reqntid): a launch with blocks of ${dimText(block)} fails`, req.pos);
  }
  const max = d('maxntid');
  if (max && size(block) > size(dimOf(max.values))) {
    bad(`the kernel takes at most ${size(dimOf(max.values))} threads a block (.maxntid): a launch with blocks of ${dimText(block)} fails`, max.pos);
  }
  const fixed = d('reqnctapercluster');
  if (fixed && launch.cluster && !sameDim(launch.cluster, dimOf(fixed.values))) {
    bad(`the kernel's clusters are ${dimText(dimOf(fixed.values))} CTAs (.reqnctapercluster, __cluster_dims__): a launch with clusters of ${dimText(launch.cluster)} fails`, fixed.pos);
  }
  const cluster = launch.cluster ?? (fixed ? dimOf(fixed.values) : null);
  const explicit = d('explicitcluster');
  if (explicit && !cluster) bad('the kernel must be launched in clusters (.explicitcluster): give their size with --cluster', explicit.pos);
  if (!cluster) return null;
  const where = fixed?.pos;
  // CUDA: 8 CTAs a cluster portably, 16 where the kernel allows non-portable sizes (sm_90).
  if (size(cluster) > 16) bad(`clusters of ${size(cluster)} CTAs: CUDA launches at most 16 (8 portably, 16 with cudaFuncAttributeNonPortableClusterSizeAllowed): the launch fails`, where);
  if (grid.x % cluster.x || grid.y % cluster.y || grid.z % cluster.z) {
    bad(`a grid of ${dimText(grid)} CTAs does not divide into clusters of ${dimText(cluster)}: the launch fails`, where);
  }
  const rank = d('maxclusterrank');
  if (rank && size(cluster) > rank.values[0]!) bad(`clusters of ${size(cluster)} CTAs are more than .maxclusterrank ${rank.values[0]} allows: the launch fails`, rank.pos);
  return cluster;
}

export const dimText = (d: Dim3): string => (d.z > 1 ? `${d.x}x${d.y}x${d.z}` : d.y > 1 ? `${d.x}x${d.y}` : `${d.x}`);

/** Little-endian bytes to elements of `size` bytes: a `.b8` array's initialiser as its elements. */
function bytesToElements(bytes: readonly bigint[], size: number): bigint[] {
  const out: bigint[] = [];
  for (let k = 0; k < bytes.length; k += size) {
    let w = 0n;
    for (let j = size - 1; j >= 0; j--) w = (w << 8n) | ((bytes[k + j] ?? 0n) & 0xffn);
    out.push(w);
  }
  return out;
}

/**
 * A module symbol in an instruction becomes what it stands for here: an element location
 * (`[counter]`, `[arr+4]` -> `arr[1]`), an address (`mov.u64 %rd, arr`), a parameter's value
 * (`ld.param.u64 %rd, [p]` -> `mov.u64 %rd, value`).
 */
function resolve(s: Instr, symbols: Map<string, MemoryObject>, params: Map<string, bigint>, bad: (m: string, p?: Pos) => never, unsized: ReadonlyMap<string, string>, paramBytes: ReadonlyMap<string, number>): Instr {
  if (s.op === 'mov' && s.src.kind === 'loc') {
    const o = symbols.get(s.src.name);
    if (!o) return bad(params.has(s.src.name) ? `taking the address of parameter ${s.src.name} is not modelled` : unsized.get(s.src.name) ?? `unknown symbol ${s.src.name}`, s.src.pos ?? s.pos);
    return { ...s, src: { kind: 'imm', value: BigInt(o.address), pos: s.pos } };
  }
  if ((s.op !== 'ld' && s.op !== 'st' && s.op !== 'atom' && s.op !== 'red') || s.addr.kind !== 'loc') return s;
  const name = s.addr.name;
  if (params.has(name)) {
    if (s.op !== 'ld' || s.space !== 'param') return bad(`parameter ${name} can only be read, with ld.param`, s.pos);
    // A part of it (`ld.param.u32 %r, [p+4]`: the high half of a 64-bit value, as nvcc reads
    // `(int)(x >> 32)`): its bytes, little-endian as the GPU lays parameters out.
    const off = Number(s.offset ?? 0n);
    const bytes = paramBytes.get(name) ?? 0;
    const width = typeBytes(s.type);
    if (off !== 0 && (off < 0 || off % width !== 0 || off + width > bytes)) return bad(`[${name}+${off}] is not a part of parameter ${name} (${bytes} bytes) that a ${width * 8}-bit read can take`, s.pos);
    const value = off === 0 && bytes <= width ? params.get(name)! : BigInt.asUintN(width * 8, BigInt.asUintN(bytes * 8, params.get(name)!) >> BigInt(off * 8));
    return { op: 'mov', type: s.type, dst: s.dst, src: { kind: 'imm', value, pos: s.pos }, pos: s.pos, ...(s.guard ? { guard: s.guard } : {}) };
  }
  const o = symbols.get(name);
  if (!o) return bad(unsized.get(name) ?? `unknown symbol ${name}`, s.addr.pos ?? s.pos);
  // As ptxas: a variable named in an access of another state space (a generic one reaches any).
  const sp = s.space === 'shared_cluster' ? 'shared' : s.space;
  if (sp !== 'generic' && sp !== o.space) return bad(`a .${s.space} access to ${name}, a .${o.space} variable: the state spaces differ`, s.addr.pos ?? s.pos);
  const size = typeBytes(o.type);
  const off = Number(s.offset ?? 0n);
  // A load of another width reads bytes from the element its address is in (the solver answers
  // it where no thread writes them, solver/unroll.ts readOnlyRead); bytes past the end are no
  // location's there.
  if (s.op === 'ld' && typeWidth(s.type) !== typeWidth(o.type)) {
    const k = Math.floor(off / size);
    if (off < 0 || k >= (o.count ?? 1) || off % typeBytes(s.type) !== 0) return bad(`[${name}+${off}] is not a part of ${name} (${o.count ?? 1} of ${size} bytes) that a ${typeWidth(s.type)}-bit read can take`, s.pos);
    const { offset: _whole, ...load } = s;
    const inside = off - k * size;
    return { ...load, addr: { kind: 'loc', name: elementName(o, k), pos: s.addr.pos ?? s.pos }, ...(inside ? { offset: BigInt(inside) } : {}) } as Instr;
  }
  const k = off / size;
  // nvcc declares a struct as bytes, whose elements have one width here (elements()).
  const oneWidth = o.bytes ? `; ptxmm takes a variable's elements at one width, and nvcc declares a struct as bytes: one whose fields differ in width is not modelled` : '';
  if (!Number.isInteger(k) || k < 0 || k >= (o.count ?? 1)) {
    const inside = off > 0 && off < (o.count ?? 1) * size ? `: it falls inside ${elementName(o, Math.floor(off / size))}${oneWidth}` : '';
    return bad(`[${name}+${off}] is not an element of ${name} (${o.count ?? 1} of ${size} bytes)${inside}`, s.pos);
  }
  const bits = typeWidth(s.type);
  if (bits !== typeWidth(o.type)) return bad(`${bits === 8 ? 'an' : 'a'} ${bits}-bit access to ${name}, whose elements are ${typeWidth(o.type)} bits (mixed-size accesses are not modelled${oneWidth})`, s.pos);
  const { offset: _drop, ...rest } = s;
  return { ...rest, addr: { kind: 'loc', name: elementName(o, k), pos: s.addr.pos ?? s.pos } } as Instr;
}

/**
 * The entry's body with every call replaced by the callee's body: its registers and labels
 * renamed apart per call, its parameters and return values passed through registers named
 * after the caller's `.param` variables (which `st.param`/`ld.param` then move to and from).
 */
function inline(entry: PtxFunction, mod: PtxModule, bad: (m: string, p?: Pos) => never): { body: Stmt[]; registers: Record<string, number>; locals: Variable[]; aborts: AbortSite[]; messages: Set<string> } {
  let calls = 0;
  // One site per trap or assert call in each inlined copy of its function (-G calls one
  // __assert_fail wrapper for every assert: a site per call of it).
  const aborts: AbortSite[] = [];
  const siteAt = new Map<string, AbortSite>();
  // `key` names the site: its statement in one copy of its function (expand's `path`).
  const abort = (key: string, kind: AbortSite['kind'], pos: Pos, assertion?: AbortSite['assertion']): number => {
    let site = siteAt.get(key);
    if (!site) {
      site = { k: aborts.length + 1, kind, pos, ...(assertion ? { assertion } : {}) };
      aborts.push(site);
      siteAt.set(key, site);
    }
    registers[ABORT_REGISTER] = 32;
    return site.k;
  };
  // The launch fails there: the thread records the site and stops (CUDA stops every thread;
  // this one runs no further, so neither a later site nor the code an assert guards runs).
  const setAbort = (k: number, pos: Pos): Instr[] => [
    { op: 'mov', type: 'u32', dst: { kind: 'reg', name: ABORT_REGISTER }, src: { kind: 'imm', value: BigInt(k) }, pos },
    { op: 'bra', target: EXIT_LABEL, pos },
  ];
  // The kernel's .local variables, and each inlined call's own copy of its callee's (nvcc -G
  // gives a device function a stack of its own): named apart per call, then per thread.
  const locals: Variable[] = [...entry.locals];
  // The declared width of each register written, by its name after renaming (Thread.registers).
  const registers: Record<string, number> = {};
  // The string constants of assert messages, which no memory need hold once the movs that name
  // them give 0 (instantiate leaves them out): those in the function that calls __assertfail.
  const messages = new Set<string>();
  const ownAssert = mod.functions.some((f) => f.name === ASSERT_FAIL && f.kind === 'func');
  // Which parameters of a device function reach __assertfail as an assert's words (message,
  // file, function), through the calls it makes.
  const wordParams = new Map<string, Set<number>>();
  const messageParams = (name: string, seen: readonly string[] = []): Set<number> => {
    const known = wordParams.get(name);
    if (known) return known;
    const out = new Set<number>();
    const f = mod.functions.find((g) => g.name === name && g.kind === 'func');
    if (!f || seen.includes(name)) return out;
    for (const [at, c] of (f.body as Statement[]).entries()) {
      if (c.op !== 'call') continue;
      for (const k of wordArgs(c.callee, [...seen, name])) {
        const x = argSource(f, at, c.args[k], mod);
        if (x?.kind === 'param') out.add(x.index);
      }
    }
    wordParams.set(name, out);
    return out;
  };
  // The arguments of a call that are an assert's words: __assertfail's, or what a function hands on to it.
  const wordArgs = (callee: string, seen: readonly string[] = []): readonly number[] => (callee === ASSERT_FAIL ? ASSERT_WORDS : [...messageParams(callee, seen)]);
  // `path` names this copy of fn (a site per copy: nvcc -G calls one __assert_fail wrapper for
  // every assert); `arg(k)` is where its k-th parameter comes from (argSource) in its caller.
  const expand = (fn: PtxFunction, stack: string[], rename: (r: string) => string, label: (l: string) => string, bind: Map<string, string>, own: ReadonlyMap<string, string>,
    path: string, arg: (k: number) => ArgSource, caller: Pos | null): Stmt[] => {
    const out: Stmt[] = [];
    const reg = <T extends { kind: string; name: string }>(v: T): T => (v.kind === 'reg' ? { ...v, name: rename(v.name) } : v);
    const body = fn.body as Statement[];
    const callAt = body.flatMap((c, j) => (c.op === 'call' ? [j] : []));
    const source = (at: number, param: string | undefined): ArgSource => {
      const x = argSource(fn, at, param, mod);
      return x?.kind === 'param' ? arg(x.index) : x;
    };
    const asserts = new Map(ownAssert ? [] : body.flatMap((c, at) => (c.op === 'call' && c.callee === ASSERT_FAIL ? [[at, [0, 1, 2, 3].map((k) => source(at, c.args[k]))] as const] : [])));
    // The movs of this body that name an assert's words: for a call of __assertfail, or of a
    // function that hands some of its parameters on to it (nvcc -G's __assert_fail).
    const movs = new Set(body.flatMap((c, at) => {
      if (c.op !== 'call' || ownAssert) return [];
      return wordArgs(c.callee).flatMap((k) => {
        const x = argSource(fn, at, c.args[k], mod);
        return x?.kind === 'text' ? [x.mov] : [];
      });
    }));
    for (const [idx, s0] of body.entries()) {
      let s = s0;
      if (s.op === 'mov' && s.src.kind === 'loc' && movs.has(idx)) {
        messages.add(s.src.name);
        s = { ...s, src: { kind: 'imm', value: 0n, pos: s.pos } };
      }
      if (s.op === 'label') { out.push({ ...s, name: s.name === EXIT_LABEL ? s.name : label(s.name) }); continue; }
      if (s.op === 'trap') {
        // nvcc -G wraps __trap() in a function of that name: its caller's call is the site.
        const set = setAbort(abort(`${path}@${idx}`, 'trap', fn.name === '__trap' && caller ? caller : s.pos), s.pos);
        out.push(...(s.guard ? set.map((x) => ({ ...x, guard: { ...s.guard!, reg: reg(s.guard!.reg) } })) : set));
        continue;
      }
      if (s.op === 'call') {
        const callee = mod.functions.find((f) => f.name === s.callee && f.kind === 'func');
        const a = callee ? undefined : asserts.get(idx);
        if (a) {
          const text = (x: ArgSource): string | null => (x?.kind === 'text' ? x.text : null);
          const line = a[2]?.kind === 'imm' ? Number(a[2].value) : null;
          // The call given the assert's words is the site users know (-G: the call of the wrapper).
          const at = a[0]?.kind === 'text' ? a[0].at : s.pos;
          out.push(...setAbort(abort(`${path}@${idx}`, 'assert', at, { expr: text(a[0]!), file: text(a[1]!), line, func: text(a[3]!) }), s.pos));
          continue;
        }
        if (!callee && s.callee === 'vprintf') bad('printf (vprintf) is not modelled: ptxmm checks memory, not output', s.pos);
        if (!callee) bad(`the call's target ${s.callee} is not a device function (.func) of the module`, s.pos);
        if (stack.includes(s.callee)) bad(`${s.callee} calls itself: recursion is not modelled`, s.pos);
        if (callee!.refused) throw callee!.refused;
        if (s.args.length !== callee!.params.length || s.rets.length !== callee!.returns.length) bad(`the call to ${s.callee} passes the wrong number of parameters`, s.pos);
        const n = ++calls;
        const mine = new Map(callee!.locals.map((v) => [v.name, `${v.name}$c${n}`]));
        for (const v of callee!.locals) locals.push({ ...v, name: mine.get(v.name)! });
        const b = new Map<string, string>();
        callee!.params.forEach((p, k) => b.set(p.name, paramReg(fn, bind, s.args[k]!, rename, idx)));
        callee!.returns.forEach((p, k) => b.set(p.name, paramReg(fn, bind, s.rets[k]!, rename, idx)));
        const call = idx;
        out.push(...expand(callee!, [...stack, s.callee], (r) => (SPECIAL_REGISTERS.includes(r) ? r : `__c${n}_${r}`), (l) => `${l}$c${n}`, b, mine,
          `${path}/${n}`, (k) => source(call, s.args[k]), s.pos));
        continue;
      }
      // A register declared .f32 (.f64, .f16) takes part only in bit-typed instructions
      // (ptxas: "Arguments mismatch"): `add.s32 %r1, %f1, %r2` was read as the float's bits.
      const typed = integerTyped(s);
      // A register's type as declared: .f32 where it is held as .b32.
      const declared = (name: string, t: DataType): string => (floatRegister(fn, name) ? `f${typeWidth(t)}` : t);
      const notFloat = (r: { name: string; pos?: Pos }, t: DataType): void => {
        if (typed && floatRegister(fn, r.name)) bad(`%${r.name} is a .f${typeWidth(t)} register: an integer instruction (.${typed}) takes it only as bits (.b${typeWidth(t)} types)`, r.pos ?? s.pos);
      };
      for (const [d, vt] of destinations(s)) {
        const t = declaredType(fn, d.name);
        if (t !== undefined && t !== 'pred') notFloat(d, t);
        // ptxas: "Arguments mismatch". A predicate written to a value register (or the reverse)
        // was taken at the register's width: `setp.eq.s32 %r3, ...` gave %r3 0 or 1.
        if (t !== undefined && (t === 'pred') !== (vt.width === 1)) {
          bad(t === 'pred' ? `%${d.name} is a .pred register, and this instruction writes a ${vt.width}-bit value to it` : `%${d.name} is a .${t} register, and this instruction writes a predicate to it (a .pred register)`, d.pos ?? s.pos);
        }
        if (t !== undefined && t !== 'pred' && vt.width !== 1 && !fn.packed.has(s) && !operandFits(typeWidth(t), vt.width, s.op === 'ld' || s.op === 'cvt')) {
          bad(`%${d.name} is a .${declared(d.name, t)} register, and this instruction writes a ${vt.width}-bit value to it (ptxas: "Arguments mismatch")`, d.pos ?? s.pos);
        }
        if (t !== undefined) registers[rename(d.name)] = typeWidth(t);
        // As a register read (the checks after inlining): ptxas refuses both, and a write to
        // one was answered as though declared.
        else if (d.name !== '_' && !d.name.startsWith('__') && !SPECIAL_REGISTERS.includes(d.name)) bad(`the register %${d.name} is not declared (.reg)`, d.pos ?? s.pos);
      }
      // A guard is a .pred register (ptxas: "Predicate expression expected"): @%r1 was read as %r1 != 0.
      const gt = s.guard ? declaredType(fn, s.guard.reg.name) : undefined;
      if (s.guard && gt !== undefined && gt !== 'pred') bad(`the guard %${s.guard.reg.name} is a .${gt} register, not a .pred one`, s.guard.reg.pos ?? s.pos);
      // So is a .pred register read as a value, or a value register read as a predicate
      // (`st.global.u32 [x], %p1` stored 0 or 1).
      for (const r of reads(s)) {
        const t = r.width === null ? undefined : declaredType(fn, r.name);
        if (t !== undefined && t !== 'pred' && r.width !== 1) notFloat(r, t);
        if (t !== undefined && (t === 'pred') !== (r.width === 1)) {
          bad(t === 'pred' ? `%${r.name} is a .pred register, and this instruction reads a ${r.width}-bit value from it` : `%${r.name} is a .${t} register, and this instruction reads a predicate from it (a .pred register)`, r.pos ?? s.pos);
        }
        // st's source (its only value operand) and cvt's may be wider than the type.
        if (t !== undefined && t !== 'pred' && r.width !== null && r.width !== 1 && !fn.packed.has(s) && !operandFits(typeWidth(t), r.width, s.op === 'st' || s.op === 'cvt')) {
          bad(`%${r.name} is a .${declared(r.name, t)} register, and this instruction reads a ${r.width}-bit value from it (ptxas: "Arguments mismatch")`, r.pos ?? s.pos);
        }
      }
      // A .f32/.f64 move's data registers are .f or .b ones of its width (ptxas: "Arguments
      // mismatch"): `ld.global.f32 %r1` into a .u32 %r1 would carry the bits where ptxas refuses.
      for (const [r, w] of floatData(s)) {
        const t = declaredType(fn, r.name);
        if (t === undefined || t === 'pred') continue;
        if (t[0] === 'u' || t[0] === 's') bad(`%${r.name} is a .${t} register: a .f${w} instruction takes .f${w} and .b${w} registers (ptxas: "Arguments mismatch")`, r.pos ?? s.pos);
        if (floatRegister(fn, r.name) && typeWidth(t) !== w) bad(`%${r.name} is a .${declared(r.name, t)} register, and this instruction moves .f${w} data (ptxas: "Arguments mismatch")`, r.pos ?? s.pos);
      }
      // A float conversion's integer side takes integer registers, as its float side float ones (floatData).
      if (s.op === 'fop' && s.f.fn === 'cvt') {
        const { to, from } = s.f;
        const side: [Value | Reg, string][] = [...(to[0] !== 'f' ? [[s.dst, to] as [Reg, string]] : []), ...(from[0] !== 'f' ? s.args.map((a) => [a, from] as [Value, string]) : [])];
        for (const [r, t] of side) {
          if (r.kind === 'reg' && floatRegister(fn, r.name)) bad(`%${r.name} is a float register, and ${printInstr(s).split(' ')[0]} takes a .${t} one there (ptxas: "Arguments mismatch")`, r.pos ?? s.pos);
        }
      }
      // A device function reads its own registers (the entry's reads are checked after inlining,
      // where a callee's are renamed apart: an undeclared one read as "any value").
      if (stack.length > 1) {
        for (const r of registersRead(s)) {
          if (declaredType(fn, r.name) === undefined && r.name !== '_' && !r.name.startsWith('__') && !SPECIAL_REGISTERS.includes(r.name) && !r.name.includes('.')) {
            bad(`the register %${r.name} is not declared (.reg) in ${fn.name}`, r.pos ?? s.pos);
          }
        }
      }
      // A call's or the function's own .param variable is accessed within its bytes: past them
      // (`[param0+4096]`, on which ptxas crashes) it was a register of its own, read as any value.
      if ((s.op === 'st' || s.op === 'ld') && s.space === 'param' && s.addr.kind === 'loc') {
        const p = fn.callParams.get(s.addr.name) ?? (stack.length > 1 ? [...fn.params, ...fn.returns].find((x) => x.name === s.addr.name) : undefined);
        const size = p ? paramSize(p) : 0;
        const off = Number(s.offset ?? 0n);
        const shown = asWritten(s.addr.name);
        if (p && (off < 0 || off + typeBytes(s.type) > size)) bad(`[${shown}${off < 0 ? '' : '+'}${off}] is not a part of ${shown} (${size} bytes) that a ${typeWidth(s.type)}-bit access can take`, s.pos);
      }
      // A call's .param variables are stored before it and its return values read after it.
      const near = (): number => (s.op === 'st' ? callAt.find((j) => j > idx) ?? -1 : callAt.filter((j) => j < idx).pop() ?? -1);
      out.push(renameInstr(s, reg, label, fn, bind, own, (name) => paramReg(fn, bind, name, rename, near())));
    }
    return out;
  };
  const body = expand(entry, [entry.name], (r) => r, (l) => l, new Map(), new Map(), '', () => null, null);
  // `exit` anywhere (also in a device function) ends the thread: it jumps past the kernel's last statement.
  if (body.some((s) => s.op === 'bra' && s.target === EXIT_LABEL)) body.push({ op: 'label', name: EXIT_LABEL, pos: entry.pos });
  return { body, registers, locals, aborts, messages };
}

/** The function CUDA's device-side `assert` calls when its condition is false (declared `.extern .func`). */
const ASSERT_FAIL = '__assertfail';
/** Its arguments that are words (message, file, function); the line (2) is a number, the last a size. */
const ASSERT_WORDS: readonly number[] = [0, 1, 3];

/**
 * Where a value passed to a call comes from, as far as the call's block shows it: a string
 * constant of the module (its text, and the `mov` naming it), an immediate, or a parameter of
 * the calling function (found in its own caller, as nvcc -G's `__assert_fail` wrapper passes
 * its arguments on to __assertfail); null where the PTX computes it.
 */
type ArgSource =
  | { kind: 'text'; text: string; in: PtxFunction; mov: number; at: Pos }
  | { kind: 'imm'; value: bigint; at: Pos }
  | { kind: 'param'; index: number }
  | null;

/**
 * The source of argument `param` of the call at `at` in fn's body: the `.param` variable's last
 * store before the call (`st.param.b64 [param0+0], %rd6`), then back through moves (`mov.u64 %rd5,
 * $str; cvta.global.u64 %rd6, %rd5`) within the block (a label stops the search). For an assert's
 * words alone: a value it cannot trace is null, never a guess.
 */
function argSource(fn: PtxFunction, at: number, param: string | undefined, mod: PtxModule): ArgSource {
  const body = fn.body as Statement[];
  const pos = body[at]!.pos;
  const before = (from: number, is: (s: Stmt) => boolean): number | null => {
    for (let j = from - 1; j >= 0; j--) {
      const s = body[j]!;
      if (s.op === 'label' || s.op === 'call' || s.op === 'trap') return null;
      if (is(s)) return j;
    }
    return null;
  };
  type Operand = Extract<Stmt, { op: 'st' }>['src'] | Extract<Stmt, { op: 'mov' }>['src'];
  const trace = (x: Operand, from: number): ArgSource => {
    if (x.kind === 'imm') return { kind: 'imm', value: x.value, at: pos };
    if (x.kind !== 'reg') return null;
    const j = before(from, (s) => (s.op === 'mov' || s.op === 'ld') && s.dst.name === x.name);
    const d = j === null ? null : body[j]!;
    if (d?.op === 'ld') {
      const k = d.space === 'param' && d.addr.kind === 'loc' && !d.offset ? fn.params.findIndex((p) => p.name === (d.addr as { name: string }).name) : -1;
      return k < 0 ? null : { kind: 'param', index: k };
    }
    if (!d || d.op !== 'mov') return null;
    if (d.src.kind !== 'loc') return trace(d.src, j!);
    const name = d.src.name;
    const v = mod.globals.find((g) => g.name === name && g.init);
    if (!v) return null;
    const bytes = v.init!.map(Number);
    const end = bytes.indexOf(0);
    return { kind: 'text', text: Buffer.from(end < 0 ? bytes : bytes.slice(0, end)).toString('utf8'), in: fn, mov: j!, at: pos };
  };
  const j = param === undefined ? null : before(at, (x) => x.op === 'st' && x.space === 'param' && x.addr.kind === 'loc' && x.addr.name === param && !x.offset);
  const st = j === null ? null : body[j]!;
  return st && st.op === 'st' ? trace(st.src, j!) : null;
}

/** The data registers of a .f32/.f64 move (Ld.float), each with the move's width: its value operands, not its address or predicate. */
function floatData(s: Instr): [Reg, number][] {
  const regs = (xs: (Value | LocRef)[]): Reg[] => xs.filter((v): v is Reg => v.kind === 'reg');
  const of = (w: DataType, xs: (Value | LocRef)[]): [Reg, number][] => regs(xs).map((r) => [r, typeWidth(w)]);
  switch (s.op) {
    case 'ld': return s.float ? of(s.type, [s.dst]) : [];
    case 'st': return s.float ? of(s.type, [s.src]) : [];
    case 'mov': return s.float ? of(s.type, [s.dst, s.src]) : [];
    case 'selp': return s.float ? of(s.type, [s.dst, s.a, s.b]) : [];
    case 'atom': return s.float ? of(s.type, [s.dst, s.b]) : [];
    case 'red': return s.float ? of(s.type, [s.b]) : [];
    case 'fop': {
      // Its float operands and result (setp's result is a predicate; cvt's integer side is not float data).
      const f = s.f;
      const fw = (t: string): DataType | null => (t === 'f32' ? 'b32' : t === 'f64' ? 'b64' : null);
      if (f.fn === 'cvt') return [...(fw(f.to) ? of(fw(f.to)!, [s.dst]) : []), ...(fw(f.from) ? of(fw(f.from)!, s.args) : [])];
      const t: DataType = f.w === 64 ? 'b64' : 'b32';
      return of(t, f.fn === 'setp' ? s.args : [s.dst, ...s.args]);
    }
    default: return [];
  }
}

/** The signed or unsigned type an instruction gives its value operands (cvt: its destination's), or null: bit-typed or untyped. */
function integerTyped(s: Instr): DataType | null {
  if (s.op === 'cvt') return s.dtype;
  const t = 'type' in s ? s.type : null;
  return t && (t[0] === 'u' || t[0] === 's') ? t : null;
}

/**
 * The register that carries a `.param` variable's value: fn's own parameter (bound by its
 * caller), else the argument or return value of fn's call at statement `call`, in this copy
 * of fn (`rename`). One register per call, not per name: nvcc names every call's `param0`
 * alike, and a register written by several calls would mix their values for what reads
 * registers without following paths (localAddresses).
 */
function paramReg(fn: PtxFunction, bind: Map<string, string>, name: string, rename: (r: string) => string, call: number): string {
  return bind.get(name) ?? rename(`__${fn.name}_${name}_${call}`);
}

function renameInstr(s: Instr, reg: <T extends { kind: string; name: string }>(v: T) => T, label: (l: string) => string, fn: PtxFunction, bind: Map<string, string>, own: ReadonlyMap<string, string>,
  param: (name: string) => string): Instr {
  const isParam = (n: string): boolean => fn.callParams.has(n) || bind.has(n);
  // st.param / ld.param on a call's .param variable: a move to or from its register.
  if ((s.op === 'st' || s.op === 'ld') && s.space === 'param' && s.addr.kind === 'loc' && isParam(s.addr.name)) {
    const p: Instr['guard'] = s.guard ? { ...s.guard, reg: reg(s.guard.reg) } : undefined;
    // A field of a structure passed or returned by value (`[func_retval0+4]`, nvcc -G's
    // make_int2): a register of its own per byte offset, the same on both sides of the call.
    const r = { kind: 'reg' as const, name: `${param(s.addr.name)}${s.offset ? `_${s.offset}` : ''}` };
    const mov: Instr = s.op === 'st'
      ? { op: 'mov', type: s.type, dst: r, src: s.src.kind === 'reg' ? reg(s.src) : s.src, pos: s.pos }
      : { op: 'mov', type: s.type, dst: reg(s.dst), src: r, pos: s.pos };
    if (p) mov.guard = p;
    return mov;
  }
  const out: Record<string, unknown> = { ...mapRegisters(s, reg) };
  if ((s.op === 'bra' || s.op === 'bcmp') && s.target !== EXIT_LABEL) out.target = label(s.target);
  // The function's own .local variables, by this call's names.
  for (const k of ['addr', 'src'] as const) {
    const v = (s as unknown as Record<string, { kind: string; name: string } | undefined>)[k];
    if (v && v.kind === 'loc' && own.has(v.name)) out[k] = { ...v, name: own.get(v.name)! };
  }
  return out as unknown as Instr;
}

/**
 * Whether a register `declared` bits wide may be an operand the instruction uses at `used` bits.
 * ptxas wants the sizes equal ("Arguments mismatch"; a .s32 add takes .b32, .u32 and .s32
 * registers alike); under PTX's relaxed type-checking rules ld's destination, st's source and
 * cvt's operands (`wider`) may also be wider than the type.
 */
function operandFits(declared: number, used: number, wider: boolean): boolean {
  return declared === used || (wider && declared > used);
}
