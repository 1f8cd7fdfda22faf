// The litmus AST: what a test says, in the terms the PTX memory model needs.
// Plain data only, shared by the printer, the model, the solver and the executor. Values are
// bigints: PTX values are up to 64 bits (a .u64 reaches 2^64-1), past a double's exact range.
// Both accepted syntaxes (genuine PTX and the Dartagnan dialect) parse to this one shape.

/** 1-based source position. */
export interface Pos {
  line: number;
  col: number;
}

export type Scope = 'cta' | 'cluster' | 'gpu' | 'sys';

/** Threads per warp. Genuine barrier counts are in threads, and each litmus thread is one warp. */
export const WARP_SIZE = 32;

/**
 * Backward jumps per thread that both engines explore unless told otherwise (`--bound`).
 * Executions needing more are cut off and reported; on every corpus test with a loop the final
 * states are the same from bound 1 to 4.
 */
export const DEFAULT_LOOP_BOUND = 2;
export const SCOPES: readonly Scope[] = ['cta', 'cluster', 'gpu', 'sys'];

/** Memory-access semantics (ld/st/atom/red). `.volatile` is read as relaxed.sys. */
export type AccessSem = 'weak' | 'relaxed' | 'acquire' | 'release' | 'acq_rel';
export type FenceSem = 'sc' | 'acq_rel';

/** State space of an access; `generic` when none is written. */
export type Space = 'generic' | 'global' | 'shared' | 'shared_cluster' | 'local' | 'const' | 'param';

/** A state space as PTX writes it, for messages. */
export const SPACE_NAME: Record<Space, string> = {
  generic: 'generic', global: '.global', shared: '.shared', shared_cluster: '.shared::cluster', local: '.local', const: '.const', param: '.param',
};

/** Memory proxy through which an access goes (PTX 7.5 model). */
export type Proxy = 'generic' | 'texture' | 'surface' | 'constant';
/** Writes and read-modify-writes exist only through the generic and surface proxies. */
export type WriteProxy = 'generic' | 'surface';

/**
 * Integer data types we model; values are bit-vectors of this width. `pred` is a predicate,
 * one bit, in registers only: the type of `and`, `or`, `xor`, `not` and `mov` on predicates,
 * never of memory (the front ends accept it nowhere else).
 */
export type DataType =
  | 'u8' | 'u16' | 'u32' | 'u64'
  | 's8' | 's16' | 's32' | 's64'
  | 'b8' | 'b16' | 'b32' | 'b64'
  | 'pred';

// Looked up on every executor step: one parse per type name, not a new string each time.
const WIDTHS = new Map<string, number>();
export function typeWidth(t: DataType): number {
  let w = WIDTHS.get(t);
  if (w === undefined) {
    w = t === 'pred' ? 1 : Number(t.slice(1));
    WIDTHS.set(t, w);
  }
  return w;
}
export function typeSigned(t: DataType): boolean {
  return t.charCodeAt(0) === 115; // 's'
}
/** The smallest and largest value of a type of this width and signedness. */
export function typeRange(t: { width: number; signed: boolean }): [bigint, bigint] {
  const w = BigInt(t.width);
  return t.signed ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n] : [0n, (1n << w) - 1n];
}
/** The type of a `.wide` product (mul.wide.s32 gives an s64): twice the width, same signedness. */
export function wideType(t: DataType): DataType {
  return `${t[0]}${typeWidth(t) * 2}` as DataType;
}

/** A register name, normalised without `%` (`%r1` and `r1` are the same register). */
export interface Reg {
  kind: 'reg';
  name: string;
  pos?: Pos;
}
export interface Imm {
  kind: 'imm';
  value: bigint;
  pos?: Pos;
}
/** A symbolic location name (as an address or as an immediate address value in mov). */
export interface LocRef {
  kind: 'loc';
  name: string;
  pos?: Pos;
}
export type Value = Reg | Imm;
/** An address operand: a named location, or a register that holds a location's address. */
export type Address = LocRef | Reg;

export type AtomOp = 'add' | 'sub' | 'inc' | 'dec' | 'min' | 'max' | 'and' | 'or' | 'xor' | 'exch' | 'cas';
export type RedOp = Exclude<AtomOp, 'exch' | 'cas'>;
/**
 * `div` and `rem` round towards zero and take the dividend's sign (C's `/` and `%`, which nvcc
 * writes as them); PTX leaves a quotient by zero unspecified: a divisor known to be zero is
 * refused, one read from memory gives any value where it is zero (solver/unroll.ts), and the
 * executor refuses a zero divisor it meets. `sad.type d, a, b, c`: c + |a - b| (__sad, __usad).
 */
export type AluOp = 'add' | 'sub' | 'mul' | 'and' | 'or' | 'xor' | 'shl' | 'shr' | 'min' | 'max' | 'mad' | 'div' | 'rem' | 'shf' | 'sad' | BitFieldOp;
/**
 * The bit-field and byte instructions nvcc writes for masks, shifts of bytes and
 * `__byte_perm`: `bfe.type d, a, pos, len` (extract a field, sign-extended for .s types),
 * `bfi.type f, a, b, pos, len` (b with a's low bits inserted), `prmt.b32 d, a, b, c` (four
 * bytes picked from b:a by c's nibbles). Positions and lengths count their low 8 bits.
 */
export type BitFieldOp = 'bfe' | 'bfi' | 'prmt';
export type CmpOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
/** How a condition writes each comparison. */
export const CMP_SYMBOL: Readonly<Record<CmpOp, string>> = { eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' };

/** The scope-carrying part of a memory access: `weak` has no scope, all others have one. */
export type Ordering =
  | { sem: 'weak' }
  | { sem: Exclude<AccessSem, 'weak'>; scope: Scope };

interface InstrBase {
  pos: Pos;
  /** `@p` / `@!p` guard. */
  guard?: { reg: Reg; negated: boolean };
}

export interface Ld extends InstrBase {
  op: 'ld';
  ord: Ordering;
  /** `.volatile` as written (its meaning is relaxed.sys, kept in `ord`). */
  volatile?: boolean;
  /**
   * `.mmio` (memory-mapped I/O, always with `.relaxed.sys`): for the memory model a strong
   * relaxed.sys access, kept in `ord`; what it adds (performed exactly once, never cached or
   * combined) is the device's business, not the model's.
   */
  mmio?: boolean;
  /**
   * `ld.global.nc` (`__ldg`, `const __restrict__`): the non-coherent texture path, a load
   * through the texture proxy, for data no thread writes while the kernel runs (kernel/verify.ts).
   */
  nc?: boolean;
  /** Written .f32/.f64: floating-point data, moved as the bits of `type` (.b32/.b64). */
  float?: boolean;
  space: Space;
  proxy: Proxy;
  type: DataType;
  dst: Reg;
  addr: Address;
  /** `[a+offset]`: bytes added to the address. */
  offset?: bigint;
}
export interface St extends InstrBase {
  op: 'st';
  ord: Ordering;
  volatile?: boolean;
  /** `.mmio`, as Ld's. */
  mmio?: boolean;
  /** Written .f32/.f64, as Ld's. */
  float?: boolean;
  space: Space;
  proxy: WriteProxy;
  type: DataType;
  addr: Address;
  /** `[a+offset]`: bytes added to the address. */
  offset?: bigint;
  src: Value;
}
export interface Atom extends InstrBase {
  op: 'atom';
  ord: Ordering; // never weak
  space: Space;
  proxy: WriteProxy;
  type: DataType;
  aop: AtomOp;
  /** `.add.f32`/`.add.f64`: a floating-point addition (litmus/floats.ts) on the bits of `type` (.b32/.b64). */
  float?: boolean;
  dst: Reg;
  addr: Address;
  /** `[a+offset]`: bytes added to the address. */
  offset?: bigint;
  b: Value;
  /** The new value of cas (`atom.cas d, [a], b, c`). */
  c?: Value;
}
export interface Red extends InstrBase {
  op: 'red';
  ord: Ordering; // never weak
  space: Space;
  proxy: WriteProxy;
  type: DataType;
  aop: RedOp;
  /** As Atom's. */
  float?: boolean;
  addr: Address;
  /** `[a+offset]`: bytes added to the address. */
  offset?: bigint;
  b: Value;
}
export interface Fence extends InstrBase {
  op: 'fence';
  sem: FenceSem;
  scope: Scope;
  /** How it was written: `membar.gl` is fence.sc.gpu. */
  form: 'fence' | 'membar';
}
export interface ProxyFence extends InstrBase {
  op: 'fence.proxy';
  /** `alias` orders virtual aliases; the others order a proxy with the generic proxy. */
  kind: 'alias' | 'texture' | 'surface' | 'constant' | 'async';
}
export interface Bar extends InstrBase {
  op: 'bar';
  mode: 'sync' | 'arrive';
  /** `barrier.sync` (unaligned) vs `bar.sync` (aligned). */
  form: 'bar' | 'barrier';
  /**
   * `barrier.sync.aligned` (and `.arrive`, `.red`): aligned as `bar` always is (ISA 9.7.12.1:
   * `bar.sync` is `barrier.sync.aligned`), so every thread of the CTA must execute the same
   * instruction, or behaviour is undefined (solver/divergence.ts).
   */
  aligned?: true;
  /** Barrier id (genuine PTX `a`). */
  id: Value;
  /** Expected number of threads (genuine PTX `b`); absent: every thread of the CTA. */
  count?: Value;
  /**
   * Dartagnan's extra barrier instance operand (`bar.cta.sync inst, id{, count}`):
   * two barrier operations meet only when both instance and id agree.
   */
  instance?: Value;
  /**
   * `bar.warp.sync membermask` (CUDA's `__syncwarp`): a barrier of the threads of one warp
   * whose lanes the mask names, each waiting until all of them that have not exited arrive
   * with the same mask; it orders memory as bar.sync does (ISA 9.7.12.2). Kernels only: a
   * litmus test's thread stands for a whole warp. `id` is then 0 and unused.
   */
  mask?: Value;
  /**
   * `bar.red.or.pred p, a, {!}c`, `bar.red.and.pred`, `bar.red.popc.u32 d, a, {!}c` (CUDA's
   * `__syncthreads_or`, `_and`, `_count`): a bar.sync that also combines the predicate c of
   * every thread it meets and writes the result to `dst` in each (ISA 9.7.12.1). Kernels only:
   * a litmus test's thread stands for a whole warp, whose threads' predicates it would combine.
   */
  red?: { op: 'and' | 'or' | 'popc'; dst: Reg; pred: Value; negated: boolean };
}
/**
 * Warp-level register exchange (CUDA's `__shfl_*_sync`, `__ballot_sync`, `__any_sync`,
 * `__all_sync`; Redux and Match below too): each thread of the member mask that executes it
 * waits for the others that have not exited, then reads a register of another lane
 * (`shfl.sync`) or a combination of every lane's value (`vote.sync`), as the ISA's sections on
 * each say. Registers only: the ISA gives these no memory ordering. Kernels only: a litmus
 * test's thread stands for a whole warp. solver/exchanges.ts models them.
 */
export interface Shfl extends InstrBase {
  op: 'shfl';
  /** Which lane j a thread reads: lane - b, lane + b, lane ^ b, or b within the segment. */
  mode: 'up' | 'down' | 'bfly' | 'idx';
  dst: Reg;
  /** `d|p`: p is set when j is within the clamp (else d is the thread's own a). */
  pdst?: Reg;
  a: Value;
  b: Value;
  /** Clamp (bits 0-4) and segment mask (bits 8-12). */
  c: Value;
  mask: Value;
}
export interface Vote extends InstrBase {
  op: 'vote';
  /** all, any, uni (a predicate) or ballot (a .b32 of one bit per lane). */
  mode: 'all' | 'any' | 'uni' | 'ballot';
  dst: Reg;
  pred: Value;
  negated: boolean;
  mask: Value;
}
/** `redux.sync.{add,min,max}.{u32,s32}`, `redux.sync.{and,or,xor}.b32 d, a, membermask` (`__reduce_*_sync`). */
export interface Redux extends InstrBase {
  op: 'redux';
  rop: 'add' | 'min' | 'max' | 'and' | 'or' | 'xor';
  type: 'u32' | 's32' | 'b32';
  dst: Reg;
  a: Value;
  mask: Value;
}
/**
 * `match.any.sync.b32 d, a, membermask` (the lanes whose a equals this lane's) and
 * `match.all.sync.b32 d[|p], a, membermask` (every lane's, when all are equal, else 0; p: they
 * are), also `.b64` (`__match_any_sync`, `__match_all_sync`).
 */
export interface Match extends InstrBase {
  op: 'match';
  mode: 'any' | 'all';
  type: 'b32' | 'b64';
  dst: Reg;
  pdst?: Reg;
  a: Value;
  mask: Value;
}
/** The state spaces cvta converts addresses of (not `.param`, nor `.shared::cluster`, whose addresses name other CTAs' memory). */
export type CvtaSpace = 'global' | 'shared' | 'shared::cta' | 'local' | 'const';
/** The state space a cvta converts from or to (`to.shared::cta` is .shared's). */
export const cvtaSpace = (c: NonNullable<Mov['cvta']>): Space => (c.replace(/^to\./, '').replace('::cta', '') as Space);
export interface Mov extends InstrBase {
  op: 'mov';
  /**
   * `cvta.to.global` / `cvta.global` (and `.shared`, `.local`, `.const`): a generic address to
   * one of the space's and back, the same number here: every location, each CTA's `.shared`
   * copy and each thread's `.local` one has an address of its own, and an access reaches only
   * what its thread may (solver/unroll.ts).
   */
  cvta?: `${'' | 'to.'}${CvtaSpace}`;
  /** Written .f32/.f64, as Ld's. */
  float?: boolean;
  type: DataType;
  dst: Reg;
  src: Value | LocRef;
}
export interface Alu extends InstrBase {
  op: 'alu';
  aop: AluOp;
  /** The operands' type (`shl`/`shr`: the shifted value's; the amount is .u32). */
  type: DataType;
  /** `mul.wide`/`mad.wide`: the result is twice as wide as the operands (`mul.lo` otherwise). */
  wide?: boolean;
  /**
   * `mul.hi`/`mad.hi`: the upper half of the full product of operands of the type (extended
   * by its signedness to twice its width), plus `c` for mad; what nvcc makes of `x / 7`.
   */
  hi?: boolean;
  /**
   * `shf.l.wrap.b32 d, a, b, c` (aop 'shf'): the funnel shift nvcc writes for rotates. The
   * 64 bits b:a shifted by c (wrap: c mod 32; clamp: at most 32), left keeping the upper
   * half, right the lower.
   */
  funnel?: { left: boolean; clamp: boolean };
  dst: Reg;
  a: Value;
  b: Value;
  /** `mad`: d = a * b + c; `sad`: d = c + |a - b|; `shf`: the shift amount; `bfe`: the length, `bfi`: the position, `prmt`: the selector. */
  c?: Value;
  /** `bfi`: the field's length. */
  d?: Value;
}
/** `selp.type d, a, b, p`: d = p ? a : b. */
export interface Selp extends InstrBase {
  op: 'selp';
  /** Written .f32/.f64, as Ld's. */
  float?: boolean;
  type: DataType;
  dst: Reg;
  a: Value;
  b: Value;
  p: Reg;
}
/**
 * `not.b32 d, a` (bitwise complement), `neg.s32 d, a` (two's complement negation), and the bit
 * counts nvcc writes for `__popc`, `__clz` and `__brev`: `popc.b32` (bits set) and `clz.b32`
 * (leading zeros), whose result is a .u32 whatever the type, and `brev.b32` (bits reversed);
 * `abs.s32` (`abs`, `llabs`: the most negative value is its own absolute value) and
 * `bfind.u32` (`__ffs` with brev: the position of the highest bit that differs from the sign,
 * a .u32, 0xffffffff when there is none; `.shiftamt`: the left shift that brings it to the top).
 */
export interface Unary extends InstrBase {
  op: 'unary';
  uop: 'not' | 'neg' | 'popc' | 'clz' | 'brev' | 'abs' | 'bfind';
  /** bfind.shiftamt. */
  shiftamt?: boolean;
  type: DataType;
  dst: Reg;
  a: Value;
}
/** `cvt.dtype.stype d, a`: a read as stype (sign- or zero-extended, or truncated), written as dtype. */
export interface Cvt extends InstrBase {
  op: 'cvt';
  dtype: DataType;
  stype: DataType;
  dst: Reg;
  a: Value;
}
export interface Setp extends InstrBase {
  op: 'setp';
  cmp: CmpOp;
  type: DataType;
  dst: Reg;
  a: Value;
  b: Value;
}
/** Unconditional jump (`bra L`, `goto L`); with a guard it is a conditional branch. */
export interface Bra extends InstrBase {
  op: 'bra';
  target: string;
  /** `ret` or `exit` as written: a jump to the end of the thread (target LEAVE_LABEL), which the printer writes back as written. */
  leave?: 'ret' | 'exit';
}

/**
 * The label at the end of a thread that `ret` and `exit` jump to (a litmus thread is one
 * function, so both end it). Not printed; `$` keeps it apart from Dartagnan's labels.
 */
export const LEAVE_LABEL = '$ptxmm_leave';
/** Dartagnan's compare-and-branch `beq r, v, L` (and bne, blt, ble, bgt, bge). */
export interface BranchCmp extends InstrBase {
  op: 'bcmp';
  cmp: CmpOp;
  a: Value;
  b: Value;
  target: string;
}
/**
 * `nanosleep.u32 t` (CUDA's `__nanosleep`, the back-off of spin loops): the thread waits about t
 * nanoseconds. A delay is no event of the model and changes no register: both engines step over it.
 */
export interface Nanosleep extends InstrBase {
  op: 'nanosleep';
  t: Value;
}
export interface Label {
  op: 'label';
  name: string;
  pos: Pos;
}

/** Rounding of a floating-point result (ISA, Floating-Point Instructions): to nearest even, towards zero, towards minus or plus infinity. */
export type Rounding = 'rn' | 'rz' | 'rm' | 'rp';
/** Rounding of a float to an integral value (cvt .rni, .rzi, .rmi, .rpi). */
export type IntRounding = 'rni' | 'rzi' | 'rmi' | 'rpi';
/** setp's floating-point comparisons: ordered (false on a NaN), unordered (`u`: true on a NaN), `num` (neither NaN), `nan` (either). */
export type FloatCmp = CmpOp | 'equ' | 'neu' | 'ltu' | 'leu' | 'gtu' | 'geu' | 'num' | 'nan';
/** A type a float conversion reads or writes: .f32, .f64 or an integer type (cvt.rn.f32.s32). */
export type CvtType = 'f32' | 'f64' | Exclude<DataType, 'b8' | 'b16' | 'b32' | 'b64'>;
/**
 * What a floating-point instruction computes on the bits of .f32 and .f64 values
 * (litmus/floats.ts floatOp, both engines; solver/expr.ts spells it for Z3). `rnd` null: written
 * without a rounding modifier (add, sub, mul: to nearest even, and ptxas may fuse a mul and an
 * add so written into one fma: build.ts refuses a program where it could). `ftz`: .f32
 * subnormal inputs and result as zero of their sign; `sat`: the result clamped to [0.0, 1.0], a
 * NaN to +0.0; `nan` (min, max): a NaN operand gives NaN rather than the other operand; `mad`:
 * written mad.rnd (fma's other name).
 */
export type FloatOp =
  | { fn: 'add' | 'sub' | 'mul' | 'fma' | 'div' | 'rcp' | 'sqrt' | 'min' | 'max' | 'neg' | 'abs' | 'copysign'; w: 32 | 64; rnd: Rounding | null; ftz: boolean; sat: boolean; nan: boolean; mad: boolean }
  | { fn: 'setp'; w: 32 | 64; cmp: FloatCmp; ftz: boolean }
  | { fn: 'cvt'; to: CvtType; from: CvtType; rnd: Rounding | IntRounding | null; ftz: boolean; sat: boolean };
/**
 * Floating-point arithmetic, comparison and conversion (`add.rn.f32`, `fma.rn.f64`, `div.rn.f32`,
 * `setp.ltu.f32`, `cvt.rzi.s32.f32`): `f` says what it computes, `args` its operands in order
 * (a, b, c as the instruction writes them).
 */
export interface Fop extends InstrBase {
  op: 'fop';
  f: FloatOp;
  dst: Reg;
  args: Value[];
  /** An add or sub that ptxas may fuse with the mul making one of its operands (litmus/fusion.ts). */
  fuse?: Fusion;
}

/**
 * The fused form of an add (or sub) without rounding modifier whose operand `product` (0 or 1)
 * is the result of a mul without one: `fma.rn` of the mul's operands `a` and `b` (nothing writes
 * them between the mul and the add, so the add reads them as the mul did) and the add's other
 * operand, negated as a sub needs. ptxas chooses once per instruction it compiles, `site`: every
 * engine takes each combination of choices, the plain and the fused value alike.
 */
export interface Fusion {
  a: Value;
  b: Value;
  product: 0 | 1;
  site: string;
}

/**
 * The instruction with every register it names (operands, destinations, guard, a barrier's
 * reduction, a float operation's argument list) mapped by f; the rest shared. Found by walking
 * its fields, not by a list of them: an inliner that renamed a listed set of fields missed the
 * float operations' `args` and read the caller's registers in the callee.
 */
export function mapRegisters<T extends Instr>(i: T, f: (r: Reg) => Reg): T {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) {
      let out: unknown[] | null = null;
      x.forEach((y, k) => {
        const z = walk(y);
        if (z !== y) (out ??= x.slice())[k] = z;
      });
      return out ?? x;
    }
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    if (o.kind === 'reg') return f(o as unknown as Reg);
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(o)) {
      if (k === 'pos') continue;
      const z = walk(o[k]);
      // The same prototype: generated ASTs (fast-check records) have none.
      if (z !== o[k]) (out ??= Object.assign(Object.create(Object.getPrototypeOf(o) as object | null) as Record<string, unknown>, o))[k] = z;
    }
    return out ?? o;
  };
  return walk(i) as T;
}

export type Instr = Ld | St | Atom | Red | Fence | ProxyFence | Bar | Shfl | Vote | Redux | Match | Mov | Alu | Unary | Selp | Cvt | Setp | Fop | Bra | BranchCmp | Nanosleep;
export type Stmt = Instr | Label;

export interface Placement {
  /** Thread index as written (`P3` -> 3). */
  id: number;
  cta: number;
  cluster?: number;
  gpu: number;
  warp?: number;
  /** A kernel thread's lane in its warp (kernel/instantiate.ts); litmus threads have none. */
  lane?: number;
  pos: Pos;
}

export interface Thread {
  placement: Placement;
  code: Stmt[];
  /**
   * Registers' declared widths (a kernel's `.reg .b64 %rd<20>`; a litmus test declares none):
   * a register is at least this wide, and an ld or cvt of a narrower type writes its value
   * extended by the type's signedness, as PTX's relaxed rule for destinations says
   * (`ld.param.s32 %rd3` sign-extends into the 64-bit %rd3). litmus/types.ts threadRegisters.
   */
  registers?: Readonly<Record<string, number>>;
}

/** Whose copy a kernel's location is: a CTA's (.shared) or a thread's (.local). */
export type LocOwner = { cta: number } | { thread: number };

/** A location declared in the init block. */
export type LocDecl =
  | {
    kind: 'value'; name: string; value: bigint; space?: Space; type?: DataType; pos: Pos;
    /** Declared .f32/.f64: floating-point data, held as the bits of `type` (.b32/.b64). */
    float?: true;
    /** A fixed virtual address in bytes (a kernel's memory, kernel/layout.ts); else litmus/layout.ts VADDR_STRIDE apart. */
    address?: number;
    /**
     * A kernel's per-CTA (.shared) or per-thread (.local) copy: the CTA (Placement.cta) or the
     * thread (Placement.id) whose it is. Only that CTA's or thread's accesses reach it.
     */
    owner?: LocOwner;
    /**
     * No initial value (a kernel's .shared and .local memory, which PTX cannot initialise):
     * W0 writes an unknown but constant value (ISA §8.2.4), any value in every execution;
     * `value` is then 0 and unused.
     */
    unknown?: true;
  }
  /** `y @ generic aliases x` (a virtual alias) or `s @ surface aliases x` (another proxy). */
  | { kind: 'alias'; name: string; proxy: Proxy; of: string; pos: Pos };

export type RegInit =
  | { thread: number; reg: string; value: bigint; pos: Pos }
  | { thread: number; reg: string; addressOf: string; pos: Pos };

/** Something a condition can observe at the end. */
export type Observable =
  | { kind: 'reg'; thread: number; reg: string; pos?: Pos }
  | { kind: 'loc'; name: string; pos?: Pos };

/** A constant of a condition; `float`: written as a 0f/0d literal (a float's bits), and printed so. */
export type Term = Observable | { kind: 'const'; value: bigint; pos?: Pos; float?: string };

export type Expr =
  | { kind: 'cmp'; op: CmpOp; left: Term; right: Term }
  | { kind: 'and'; args: Expr[] }
  | { kind: 'or'; args: Expr[] }
  | { kind: 'not'; arg: Expr }
  | { kind: 'true' }
  | { kind: 'false' };

/** The observables an expression compares, left to right, each as often as it is named. */
export function observablesIn(e: Expr): Observable[] {
  switch (e.kind) {
    case 'cmp': return [e.left, e.right].filter((t): t is Observable => t.kind !== 'const');
    case 'and': case 'or': return e.args.flatMap(observablesIn);
    case 'not': return observablesIn(e.arg);
    default: return [];
  }
}

/** The observables a test's condition and then its filter compare (observablesIn). */
export const testedObservables = (test: LitmusTest): Observable[] =>
  [test.condition.expr, ...(test.filter ? [test.filter] : [])].flatMap(observablesIn);

/** Every one of `es` holds: true for none, the one itself for one. */
export const allOf = (es: readonly Expr[]): Expr => (es.length === 0 ? { kind: 'true' } : es.length === 1 ? es[0]! : { kind: 'and', args: [...es] });

export type Quantifier = 'exists' | 'not exists' | 'forall';

/**
 * The verdict rests on no execution found doing something (exists not validated; ~exists or
 * forall validated), not on one that does: it holds only of the executions looked at (within
 * the loop bound, or those an engine reaches).
 */
export const restsOnAbsence = (q: Quantifier, validated: boolean): boolean => (q === 'exists') !== validated;

export interface Condition {
  quantifier: Quantifier;
  expr: Expr;
  pos: Pos;
}

export interface LitmusTest {
  /** Architecture tag of the header (`PTX`). */
  arch: string;
  name: string;
  /** Doc strings (`"..."`) after the header, in order, without quotes. */
  docs: string[];
  locations: LocDecl[];
  regInits: RegInit[];
  threads: Thread[];
  /** `locations [...]`: extra observables printed with each final state. */
  observed: Observable[];
  filter?: Expr;
  condition: Condition;
  /** Source file, when parsed from one. */
  file?: string;
  /**
   * Each litmus thread is one CUDA thread (a kernel instantiated over a grid, kernel/), not a
   * warp: a barrier's thread count counts litmus threads.
   */
  perThread?: boolean;
  /**
   * A register's value before any instruction writes it is undefined (any value), as PTX says
   * (a kernel, kernel/); a litmus test's registers start at 0, herd's convention.
   */
  undefinedRegisters?: boolean;
}
