// From the concrete syntax tree to the AST, checking what the ISA rules out and what the
// model cannot give meaning to. Every error points at the token that causes it.
import type {
  Address, AtomOp, AluOp, CmpOp, CvtaSpace, CvtType, FloatCmp, FloatOp, IntRounding, Rounding, Space, Condition, DataType, Expr, Instr, LitmusTest, LocDecl, LocRef,
  Match, Observable, Ordering, Placement, Pos, Proxy, Quantifier, WriteProxy, Redux, Reg, RegInit, Shfl, Stmt, Term, Thread, Unary, Value, Vote,
} from './ast.js';
import { CMP_SYMBOL, LEAVE_LABEL, SPACE_NAME, cvtaSpace, typeRange } from './ast.js';
import { layout } from './layout.js';
import { FLIPPED, type RegUse, type ValueType, bitsRange, destinations, fitsBits, observableName, typeDecides, predicateRegisters, registersRead, threadRegisters, widthMismatch } from './types.js';
import { checkPtxas, checkPtxasBarrier, writtenInPtx } from './ptxas.js';
import { checkBarriers, isWarpCount, warpCountMessage } from './barriers.js';
import type {
  CstCell, CstExpr, CstFile, CstInit, CstNum, CstObservable, CstOperand, CstPlacement, CstTerm, Tok,
} from './cst.js';
import { LitmusError } from './errors.js';
import { floatWidths } from './floats.js';
import { markFusions } from './fusion.js';
import {
  FLOAT_TYPE, type Qual, SCOPE_QUALS, floatRefusal, floatWidthOf, SCOPE_SET, SPACE_QUALS, SPACE_SET, TYPE_SET, WITH_PRED, UNMODELLED_INSTRUCTIONS, asType, classify, setOf, splitOpcode,
} from './opcode.js';

const pos = (t: Tok): Pos => ({ line: t.line, col: t.col });

/** Memory-access mnemonics and the proxy they go through (the last four: Dartagnan's). */
const LD_BASES: Record<string, Proxy> = { ld: 'generic', tld: 'texture', suld: 'surface', cold: 'constant' };
const ST_BASES: Record<string, WriteProxy> = { st: 'generic', sust: 'surface' };
const ATOM_BASES: Record<string, WriteProxy> = { atom: 'generic', suatom: 'surface' };
const RED_BASES: Record<string, WriteProxy> = { red: 'generic', sured: 'surface' };
const ALU_BASES: ReadonlySet<string> = setOf('add', 'sub', 'mul', 'mad', 'and', 'or', 'xor', 'shl', 'shr', 'min', 'max', 'div', 'rem', 'sad');
/** Cache operators of ld and st, and eviction hints (performance hints only: see instruction()'s `hints`). */
const LD_CACHE: ReadonlySet<string> = setOf('ca', 'cg', 'cs', 'lu', 'cv');
const ST_CACHE: ReadonlySet<string> = setOf('wb', 'cg', 'cs', 'wt');
const EVICT_L1: ReadonlySet<string> = setOf('L1::no_allocate', 'L1::evict_normal', 'L1::evict_unchanged', 'L1::evict_first', 'L1::evict_last');
const EVICT_L2: ReadonlySet<string> = setOf('L2::evict_normal', 'L2::evict_first', 'L2::evict_last');
const PREFETCH: ReadonlySet<string> = setOf('L2::64B', 'L2::128B', 'L2::256B');
const CVTA_SPACES: ReadonlySet<string> = setOf('global', 'shared', 'shared::cta', 'local', 'const');
/** Integer types of `selp`, `min`, `max`, `cvt` (ptxas has 8-bit forms only for cvt). */
const INT_TYPES: ReadonlySet<string> = setOf('u16', 'u32', 'u64', 's16', 's32', 's64', 'b16', 'b32', 'b64');
/** One source, one destination: the complements, the negation and the bit counts. */
const UNARY_BASES: ReadonlySet<string> = setOf('not', 'neg', 'popc', 'clz', 'brev', 'abs', 'bfind');
/** prmt's modes, refused by name (an unknown qualifier would read as a mistake). */
const PRMT_MODES: ReadonlySet<string> = setOf('f4e', 'b4e', 'rc8', 'ecl', 'ecr', 'rc16');
const BCMP: Record<string, CmpOp> = { beq: 'eq', bne: 'ne', blt: 'lt', ble: 'le', bgt: 'gt', bge: 'ge' };
const SETP_CMP: Record<string, CmpOp> = {
  eq: 'eq', ne: 'ne', lt: 'lt', le: 'le', gt: 'gt', ge: 'ge', lo: 'lt', ls: 'le', hi: 'gt', hs: 'ge',
};
/** Instructions that compute with .f32 and .f64 values when they carry such a type (floatInstruction). */
const FLOAT_BASES: ReadonlySet<string> = setOf('add', 'sub', 'mul', 'fma', 'mad', 'div', 'rcp', 'sqrt', 'min', 'max', 'neg', 'abs', 'copysign', 'setp', 'cvt');
/** Float instructions that take no other type. */
const ONLY_FLOAT: ReadonlySet<string> = setOf('fma', 'rcp', 'sqrt', 'copysign');
const ROUNDINGS: ReadonlySet<string> = setOf('rn', 'rz', 'rm', 'rp');
const INT_ROUNDINGS: ReadonlySet<string> = setOf('rni', 'rzi', 'rmi', 'rpi');
const SETP_FLOAT: ReadonlySet<string> = setOf('eq', 'ne', 'lt', 'le', 'gt', 'ge', 'equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan');
const CVT_INTS: ReadonlySet<string> = setOf('u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64');
const ATOM_OPS: ReadonlySet<string> = setOf('add', 'sub', 'inc', 'dec', 'min', 'max', 'and', 'or', 'xor', 'exch', 'cas');
const BITWISE_ATOM: ReadonlySet<string> = setOf('and', 'or', 'xor', 'exch', 'cas');
const PROXY_NAMES: ReadonlySet<string> = setOf('generic', 'texture', 'surface', 'constant');
const SEMS: ReadonlySet<string> = setOf('weak', 'volatile', 'relaxed', 'acquire', 'release', 'acq_rel', 'sc');
const MMIO: ReadonlySet<string> = setOf('mmio');

/** Per-file context while building. */
export interface Ctx {
  file: string;
  /** Genuine PTX (as opposed to the Dartagnan dialect): decides the one ambiguous form, `bar.cta.sync a, b`. */
  genuine: boolean;
  /** Registers of the current thread: initialised, written, or used as a guard. */
  regs: Set<string>;
  /** Those of them the thread spells without `%` somewhere (Dartagnan's registers have none). */
  bare?: Set<string>;
  /** The locations the init block declares, which a bare name in an address may mean too. */
  locNames?: Set<string>;
  /**
   * A PTX module's function body (kernel/module.ts): `[a+offset]` has a meaning (byte
   * addresses; a litmus location is one variable), and st.param writes a call's parameter.
   */
  module?: boolean;
  /**
   * The instruction being built is written in genuine PTX (ptxas.ts writtenInPtx), where a
   * leading zero makes a number octal; a Dartagnan cell refuses one, whatever the other cells are.
   */
  octal?: boolean;
  /**
   * The instruction being built moves floating-point data (`ld.global.f32`, `mov.f64`:
   * floatMove): its immediates are floating-point literals of this width, as bits.
   */
  floatWidth?: 32 | 64;
}

function fail(msg: string, at: Tok | Pos, file: string): never {
  throw new LitmusError(msg, 'text' in at ? pos(at) : at, file);
}

const MAX_U64 = (1n << 64n) - 1n;
const MIN_S64 = -(1n << 63n);

/**
 * A PTX integer literal's value (ISA 4.5.1: hexadecimal 0x1F, octal 017, binary 0b101, decimal
 * 15, each with an optional U), or null when the text is none.
 */
export function ptxInteger(text: string): bigint | null {
  const t = text.replace(/U$/, '');
  if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^0[bB][01]+$/.test(t)) return BigInt(t);
  if (/^0[0-7]+$/.test(t)) return BigInt(`0o${t.slice(1)}`);
  return /^(0|[1-9][0-9]*)$/.test(t) ? BigInt(t) : null;
}

/**
 * An integer literal, any value a 64-bit register can hold, signed or unsigned: in a
 * genuine-PTX instruction (`ptx`) as PTX reads it (010 is 8); elsewhere in a test (Dartagnan's
 * instructions, initial values, the condition), where 010 would be 10, a leading zero is
 * refused rather than guessed at.
 */
function numValue(n: CstNum, file: string, ptx = false, bits = false, floatWidth?: 32 | 64): bigint {
  const text = n.tok.text;
  if (floatWidth) {
    if (!n.float) fail(`the integer ${n.neg ? '-' : ''}${text} in a .f${floatWidth} operand: ptxas takes a floating-point literal there (2.5, 0f40200000), not an integer ("Arguments mismatch")`, n.minus ?? n.tok, file);
    return floatBits(text, n.neg, floatWidth, (msg, atSign) => fail(msg, (atSign && n.minus) || n.tok, file));
  }
  if (n.float) {
    // ptxas reads 0f/0d literals as bit patterns in .b32/.b64 operands (buildInstruction checks the type).
    const hex = hexFloat(text);
    if (hex && n.neg) fail(`'-${text}': a 0f or 0d literal takes no sign, as ptxas has it (flip its top bit instead)`, n.minus ?? n.tok, file);
    if (hex && bits) return hex.bits;
    fail(hex ? `floating-point literal '${text}': ${HEX_FLOAT_USE}`
      : `floating-point literal '${text}': a decimal floating-point literal stands only in a .f32 or .f64 operand (mov.f32, st.global.f64); elsewhere write a float's bits, as a 0f (0d) literal`, n.tok, file);
  }
  const abs = ptxInteger(text);
  if (abs === null) fail(`'${text}' is no integer (a leading 0 makes it octal: digits 0 to 7)`, n.tok, file);
  if (!ptx && /^0[0-9]/.test(text)) fail(`'${text}': a leading zero is read as octal in an instruction and as decimal by other tools: write the number without it`, n.tok, file);
  const v = n.neg ? -abs! : abs!;
  if (v > MAX_U64 || v < MIN_S64) {
    fail(`number ${n.neg ? '-' : ''}${n.tok.text} does not fit in 64 bits (PTX values lie in -2^63 .. 2^64-1)`, n.minus ?? n.tok, file);
  }
  return v;
}

/**
 * A hexadecimal floating-point literal (0f and 8 digits, 0d and 16): its IEEE bits, and the
 * one type ptxas reads them in (.b32, .b64); null for any other text. Also for a kernel
 * module's variables (kernel/module.ts).
 */
export function hexFloat(text: string): { bits: bigint; type: 'b32' | 'b64' } | null {
  const m = /^0(?:[fF]([0-9a-fA-F]{8})|[dD]([0-9a-fA-F]{16}))$/.exec(text);
  return m ? { bits: BigInt(`0x${m[1] ?? m[2]}`), type: m[1] ? 'b32' : 'b64' } : null;
}
const HEX_FLOAT_USE = 'ptxas takes a 0f literal as its 32 bits in a .b32 or .f32 operand, and a 0d literal as its 64 bits in a .b64 or .f64 one';

/**
 * A floating-point literal's IEEE bits at the width of the operand it stands in (ISA 4.5.1):
 * a 0f literal keeps its 32 bits, a 0d literal its 64; a decimal one is a double (the nearest
 * to the text), rounded to the nearest .f32 (ties to even) in a .f32 operand, as ptxas
 * rounds it (checked on its initialised data: 16777217.0 gives 2^24, 1e40 infinity, 0.1
 * 0x3DCCCCCD). A hexadecimal literal of the other width is refused: ptxas widens a 0f
 * literal in a .f64 variable as an integer, not as the float it names.
 */
export function floatBits(text: string, neg: boolean, width: 32 | 64, fail: (msg: string, atSign?: boolean) => never): bigint {
  const hex = hexFloat(text);
  if (hex) {
    if (neg) fail(`'-${text}': a 0f or 0d literal takes no sign, as ptxas has it (flip its top bit instead)`, true);
    if (hex.type !== `b${width}`) fail(`'${text}' in a .f${width} operand: write a ${width === 32 ? '0f literal (8 hexadecimal digits)' : '0d literal (16 hexadecimal digits)'} there, or a decimal one; ptxas converts a hexadecimal literal of the other width differently by where it stands`);
    return hex.bits;
  }
  const x = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(x)) fail(`'${text}' is no floating-point literal (2.5, 1e-3, 0f40200000)`);
  if (!Number.isFinite(x)) fail(`'${text}' does not fit in a double (ptxas: "Constant overflow")`);
  const v = neg ? -x : x;
  if (width === 64) return new BigUint64Array(new Float64Array([v]).buffer)[0]!;
  return BigInt(new Uint32Array(new Float32Array([v]).buffer)[0]!);
}

/**
 * ld, st, mov and selp move their operands' bits and nothing else, so their .f32 and .f64
 * forms are the .b32 and .b64 ones: floating-point data is carried; atom.add and red.add on
 * .f32/.f64 are the one computation with it (litmus/floats.ts), on the same bits (add.f32,
 * setp.f32, cvt to or from a float stay refused). The qualifiers with the type so replaced and
 * the width, or null when the instruction is none of those.
 */
function floatMove(base: string, quals: readonly Qual[]): { quals: Qual[]; width: 32 | 64 } | null {
  // atom.add.f32/.f64 and red.add: a floating-point addition on those bits (Atom.float).
  const adds = (base === 'atom' || base === 'red') && quals.some((q) => q.text === 'add');
  if (base !== 'ld' && base !== 'st' && base !== 'mov' && base !== 'selp' && !adds) return null;
  const k = quals.findIndex((q) => floatWidthOf(q.text));
  if (k < 0) return null;
  const width = floatWidthOf(quals[k]!.text)!;
  return { quals: quals.map((q, i) => (i === k ? { text: `b${width}`, pos: q.pos } : q)), width };
}

/** A count or index (placement, thread number): exact as a JavaScript number, so at most 2^53-1. */
function smallNat(t: Tok, digits: string, what: string, file: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(digits)) fail(`${what} ${digits} must be a whole number written in decimal, without a leading zero`, t, file);
  const v = BigInt(digits);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) fail(`${what} ${digits} is too large (at most 2^53-1)`, t, file);
  return Number(v);
}

const regName = (t: Tok): string => (t.text.startsWith('%') ? t.text.slice(1) : t.text);

function threadIndex(t: Tok, file: string): number {
  const m = /^P?(\d+)$/.exec(t.text);
  if (!m) fail(`'${t.text}' is not a thread (write P0, P1, ...)`, t, file);
  return smallNat(t, m[1]!, 'thread number', file);
}

// ---- placement --------------------------------------------------------------------

function placement(p: CstPlacement, index: number, file: string): Placement {
  const id = threadIndex(p.thread, file);
  if (id !== index) fail(`thread ${p.thread.text} is in column ${index}; expected P${index} there`, p.thread, file);
  if (p.at === null) fail(`thread ${p.thread.text} has no placement (write ${p.thread.text}@cta N,gpu N)`, p.thread, file);
  const got: Partial<Record<'warp' | 'cta' | 'cluster' | 'gpu', number>> = {};
  for (const it of p.items) {
    const k = it.key.text;
    if (k !== 'warp' && k !== 'cta' && k !== 'cluster' && k !== 'gpu') {
      fail(`unknown placement level '${k}' (expected warp, cta, cluster or gpu)`, it.key, file);
    }
    if (got[k] !== undefined) fail(`placement of ${p.thread.text} names ${k} twice`, it.key, file);
    got[k] = smallNat(it.num, it.num.text, `${k} number`, file);
  }
  if (got.cta === undefined) fail(`placement of ${p.thread.text} is missing its cta (write cta N)`, p.at, file);
  if (got.gpu === undefined) fail(`placement of ${p.thread.text} is missing its gpu (write gpu N)`, p.at, file);
  const out: Placement = { id, cta: got.cta, gpu: got.gpu, pos: pos(p.thread) };
  if (got.cluster !== undefined) out.cluster = got.cluster;
  if (got.warp !== undefined) out.warp = got.warp;
  return out;
}

// ---- operands -----------------------------------------------------------------------

function operandPos(o: CstOperand): Pos {
  switch (o.k) {
    case 'num': return pos(o.num.minus ?? o.num.tok);
    case 'name': return pos(o.tok);
    case 'mem': return pos(o.tok);
    case 'notreg': return pos(o.tok);
    case 'pair': return pos(o.tok);
  }
}

function reg(o: CstOperand, what: string, ctx: Ctx): Reg {
  if (o.k === 'name') return { kind: 'reg', name: regName(o.tok), pos: pos(o.tok) };
  return fail(`${what} must be a register`, operandPos(o), ctx.file);
}

function value(o: CstOperand, what: string, ctx: Ctx): Value {
  if (o.k === 'num') return { kind: 'imm', value: numValue(o.num, ctx.file, ctx.octal ?? ctx.genuine, true, ctx.floatWidth), pos: operandPos(o) };
  if (o.k === 'name') return { kind: 'reg', name: regName(o.tok), pos: pos(o.tok) };
  return fail(`${what} must be a register or an immediate value`, operandPos(o), ctx.file);
}

/** A name in an address position: a register (isRegister), else a location. */
function nameAsAddress(t: Tok, ctx: Ctx): Address {
  if (isRegister(t, ctx)) return { kind: 'reg', name: regName(t), pos: pos(t) };
  return { kind: 'loc', name: t.text, pos: pos(t) };
}

/**
 * Is this name, where a location may stand (an address, mov's source), a register? `%x` is;
 * a bare `x` is when the thread has a register x, except in a genuine-PTX instruction where
 * the thread writes that register only as `%x`: there, as in PTX, `x` is a variable's name.
 * A bare `x` that may still be either, with a location declared `x`, is an error.
 */
function isRegister(t: Tok, ctx: Ctx): boolean {
  if (t.text.startsWith('%')) return true;
  if (!ctx.regs.has(t.text)) return false;
  if (ctx.octal && !ctx.bare?.has(t.text)) return false;
  if (ctx.locNames?.has(t.text)) {
    fail(`'${t.text}' names both a location and a register of this thread: rename one (or write the register %${t.text}, as genuine PTX does)`, t, ctx.file);
  }
  return true;
}

function address(o: CstOperand, ctx: Ctx): { addr: Address; offset?: bigint } {
  if (o.k === 'mem') {
    if (o.offset && !ctx.module) fail('address offsets are not supported (each location is one variable)', o.offset.tok, ctx.file);
    const addr = nameAsAddress(o.inner, ctx);
    return o.offset ? { addr, offset: numValue(o.offset, ctx.file, ctx.octal ?? ctx.genuine) } : { addr };
  }
  if (o.k === 'name') return { addr: nameAsAddress(o.tok, ctx) };
  return fail('expected an address ([x], x, or a register holding an address)', operandPos(o), ctx.file);
}

function arity(ops: CstOperand[], min: number, max: number, opcode: Tok, shape: string, file: string): void {
  if (ops.length < min || ops.length > max) {
    const n = ops.length;
    fail(`${opcode.text} takes ${shape}, got ${n} operand${n === 1 ? '' : 's'}`, opcode, file);
  }
}

// ---- memory orderings -----------------------------------------------------------------

type Cats = Partial<Record<'sem' | 'scope' | 'space' | 'type' | 'op', Qual>>;
/** A load's or store's qualifiers with its hints (see instruction()'s `hints`). */
type Hinted = Cats & Partial<Record<'cop' | 'l1' | 'l2' | 'prefetch', Qual>>;

/** ld/st/atom/red semantics + scope, with the ISA's rules on which go together. */
function ordering(
  c: Cats,
  opname: string,
  allowed: ReadonlySet<string>,
  dflt: Ordering,
  file: string,
): { ord: Ordering; volatile: boolean } {
  const sem = c.sem?.text;
  const scope = c.scope ? SCOPE_QUALS[c.scope.text]! : undefined;
  if (c.sem && !allowed.has(c.sem.text)) fail(`'.${c.sem.text}' is not allowed on ${opname}`, c.sem.pos, file);
  if (sem === 'volatile') {
    if (c.scope) fail(`'.volatile' cannot take a scope (it already means .relaxed.sys)`, c.scope.pos, file);
    return { ord: { sem: 'relaxed', scope: 'sys' }, volatile: true };
  }
  if (sem === undefined) {
    if (dflt.sem === 'weak') {
      if (c.scope) fail(`a scope needs a strong semantics: write .relaxed.${c.scope.text} or .acquire/.release`, c.scope.pos, file);
      return { ord: { sem: 'weak' }, volatile: false };
    }
    return { ord: scope ? { sem: dflt.sem, scope } : dflt, volatile: false };
  }
  if (sem === 'weak') {
    if (c.scope) fail(`a weak access has no scope: drop '.${c.scope.text}' or use .relaxed`, c.scope.pos, file);
    return { ord: { sem: 'weak' }, volatile: false };
  }
  const s = sem as Exclude<Ordering['sem'], 'weak'>;
  if (scope) return { ord: { sem: s, scope }, volatile: false };
  // atom/red default their scope to .gpu; ld/st require one.
  if (dflt.sem !== 'weak') return { ord: { sem: s, scope: dflt.scope }, volatile: false };
  return fail(`'.${sem}' needs a scope (.cta, .cluster, .gpu or .sys)`, c.sem!.pos, file);
}

// ---- instructions ---------------------------------------------------------------------

function instruction(cell: Extract<CstCell, { k: 'instr' }>, ctx0: Ctx): Instr {
  const { opcode, operands: ops } = cell;
  const { base, quals: written } = splitOpcode(opcode.text, pos(opcode));
  if (FLOAT_BASES.has(base) && (ONLY_FLOAT.has(base) || written.some((q) => FLOAT_TYPE.test(q.text)))) return floatInstruction(base, written, cell, ctx0);
  // Any other instruction with a float type computes what ptxmm does not (div.rn.f32): said so at
  // the type, before a rounding modifier reads as an unknown qualifier.
  const ftype = written.find((q) => FLOAT_TYPE.test(q.text));
  if (ftype && (ALU_BASES.has(base) || UNARY_BASES.has(base))) fail(floatRefusal(base, ftype.text), ftype.pos, ctx0.file);
  const float = floatMove(base, written);
  const quals = float?.quals ?? written;
  const ctx: Ctx = float ? { ...ctx0, floatWidth: float.width } : ctx0;
  const file = ctx.file;
  const p = pos(opcode);
  const cats = (cs: Record<string, ReadonlySet<string>>): Cats => classify(base, quals, cs, file) as Cats;
  const memCats = { sem: SEMS, scope: SCOPE_SET, space: SPACE_SET, type: TYPE_SET };
  const space = (c: Cats) => (c.space ? SPACE_QUALS[c.space.text]! : 'generic');
  // Cache operators (`ld.global.cg`, `__ldcg`), eviction priorities (`.L1::no_allocate`) and
  // prefetch sizes (`.L2::128B`) are performance hints the memory model does not mention:
  // read, and dropped. Where ptxas refuses them, so does ptxmm: a cache operator on anything
  // but a weak access, an eviction priority on a volatile one or outside global memory.
  const hints = (c: Hinted, sem: Ordering['sem'], volatile: boolean, sp: Space): void => {
    if (c.cop && sem !== 'weak') fail(`'.${c.cop.text}' (a cache operator) goes with a weak access only, not .${c.sem?.text ?? sem}`, c.cop.pos, file);
    const ev = c.l1 ?? c.l2;
    if (ev && volatile) fail(`'.${ev.text}' (an eviction priority) does not go with .volatile`, ev.pos, file);
    if (ev && sp !== 'global' && sp !== 'generic') fail(`'.${ev.text}' (an eviction priority) is for global memory, not .${c.space?.text ?? sp}`, ev.pos, file);
    // ptxas takes an L2 eviction priority on a 256-bit access only (.v8.b32, .v4.b64: sm_100).
    if (c.l2) fail(`'.${c.l2.text}' (an L2 eviction priority) goes with a 256-bit access only (.v8.b32 or .v4.b64, sm_100), as ptxas says; .L1::${c.l2.text.slice(4)} is the hint for other accesses`, c.l2.pos, file);
    if (c.prefetch && sp !== 'global' && sp !== 'generic') fail(`'.${c.prefetch.text}' (a prefetch size) is for global memory, not .${c.space?.text ?? sp}`, c.prefetch.pos, file);
  };

  // `.mmio` (PTX 8.2, sm_70+): ptxas takes it with `.relaxed.sys` only, in global memory, with no
  // hint or vector; the memory model reads it as the strong relaxed.sys access it names.
  const mmioRules = (c: Hinted & { mmio?: Qual }, o: Ordering): void => {
    const at = c.mmio!.pos;
    if (o.sem !== 'relaxed' || o.scope !== 'sys' || c.sem?.text !== 'relaxed') fail(`'.mmio' goes with .relaxed.sys only (${base}.mmio.relaxed.sys.global.u32)`, at, file);
    if (c.space && c.space.text !== 'global') fail(`'.mmio' is for global memory, not .${c.space.text}`, c.space.pos, file);
    const hint = c.cop ?? c.l1 ?? c.l2 ?? c.prefetch;
    if (hint) fail(`'.${hint.text}' does not go with .mmio`, hint.pos, file);
  };

  if (base in LD_BASES) {
    // Dartagnan writes `ld r0, 1` for a register move.
    if (quals.length === 0 && ops.length === 2 && ops[1]!.k === 'num') {
      return { op: 'mov', type: 'u32', dst: reg(ops[0]!, 'the destination', ctx), src: value(ops[1]!, 'the source', ctx), pos: p };
    }
    const c = cats(base === 'ld' ? { ...memCats, nc: setOf('nc'), cop: LD_CACHE, l1: EVICT_L1, l2: EVICT_L2, prefetch: PREFETCH, mmio: MMIO } : memCats) as Hinted & { nc?: Qual; mmio?: Qual };
    const { ord, volatile } = ordering(c, base, setOf('weak', 'volatile', 'relaxed', 'acquire'), { sem: 'weak' }, file);
    hints(c, ord.sem, !!volatile, space(c));
    if (c.mmio) mmioRules(c, ord);
    // ptxas takes no semantics with .nc, not even .weak.
    if (c.nc && (c.space?.text !== 'global' || c.sem)) {
      fail(`'.nc' is a weak load of global memory, written without a semantics (ld.global.nc.u32)`, c.nc.pos, file);
    }
    arity(ops, 2, 2, opcode, 'two operands (d, [a])', file);
    const ld: Instr = {
      op: 'ld', ord, space: space(c), proxy: c.nc ? 'texture' : LD_BASES[base]!, type: asType(c.type, 'u32'),
      dst: reg(ops[0]!, 'the destination', ctx), ...address(ops[1]!, ctx), pos: p,
    };
    if (volatile) ld.volatile = true;
    if (c.mmio) ld.mmio = true;
    if (c.nc) ld.nc = true;
    if (float) ld.float = true;
    return ld;
  }
  if (base in ST_BASES) {
    const c = cats(base === 'st' ? { ...memCats, cop: ST_CACHE, l1: EVICT_L1, l2: EVICT_L2, mmio: MMIO } : memCats) as Hinted & { mmio?: Qual };
    const { ord, volatile } = ordering(c, base, setOf('weak', 'volatile', 'relaxed', 'release'), { sem: 'weak' }, file);
    hints(c, ord.sem, !!volatile, space(c));
    if (c.mmio) mmioRules(c, ord);
    arity(ops, 2, 2, opcode, 'two operands ([a], b)', file);
    const st: Instr = {
      op: 'st', ord, space: space(c), proxy: ST_BASES[base]!, type: asType(c.type, 'u32'),
      ...address(ops[0]!, ctx), src: value(ops[1]!, 'the stored value', ctx), pos: p,
    };
    if (volatile) st.volatile = true;
    if (c.mmio) st.mmio = true;
    if (float) st.float = true;
    return st;
  }
  if (base in ATOM_BASES || base in RED_BASES) {
    const isAtom = base in ATOM_BASES;
    const c = cats({ ...memCats, op: ATOM_OPS });
    const allowed = isAtom ? setOf('relaxed', 'acquire', 'release', 'acq_rel') : setOf('relaxed', 'release', 'acq_rel');
    const { ord } = ordering(c, base, allowed, { sem: 'relaxed', scope: 'gpu' }, file);
    if (!c.op) fail(`${base} needs an operation (.add, .inc, .dec, .min, .max, .and, .or, .xor${isAtom ? ', .exch, .cas' : ''})`, opcode, file);
    const aop = c.op.text as AtomOp;
    if (!isAtom && (aop === 'exch' || aop === 'cas')) fail(`red has no '.${aop}' (use atom)`, c.op.pos, file);
    // A float addition's type is already the .b32/.b64 of its width (floatMove).
    const type = float ? asType(c.type, 'b32') : checkAtomType(aop, c.type, file);
    const sp = space(c);
    if (!isAtom) {
      arity(ops, 2, 2, opcode, 'two operands ([a], b)', file);
      const red: Instr = { op: 'red', ord, space: sp, proxy: RED_BASES[base]!, type, aop: aop as Exclude<AtomOp, 'exch' | 'cas'>, ...address(ops[0]!, ctx), b: value(ops[1]!, 'the operand', ctx), pos: p };
      if (float) red.float = true;
      return red;
    }
    if (aop === 'cas') arity(ops, 4, 4, opcode, 'four operands (d, [a], b, c)', file);
    else arity(ops, 3, 3, opcode, 'three operands (d, [a], b)', file);
    const atom: Instr = {
      op: 'atom', ord, space: sp, proxy: ATOM_BASES[base]!, type, aop,
      dst: reg(ops[0]!, 'the destination', ctx), ...address(ops[1]!, ctx), b: value(ops[2]!, 'the operand', ctx), pos: p,
    };
    if (aop === 'cas') atom.c = value(ops[3]!, 'the new value', ctx);
    if (float) atom.float = true;
    return atom;
  }
  if (base === 'fence' || base === 'membar') {
    if (quals[0]?.text === 'proxy') {
      const kind = quals[1];
      const kinds = setOf('alias', 'texture', 'surface', 'constant', 'async');
      // Later PTX's proxy fences that cover one state space or one direction only: read as the
      // whole fence they would order too much, so they are named and refused.
      if (kind && (kind.text.includes('::') || (kind.text === 'async' && quals.length > 2))) {
        fail(`${opcode.text}: proxy fences restricted to a state space or a direction (PTX 8.0+) are not modelled; ptxmm's are fence.proxy.alias, .async, .texture, .surface and .constant`, kind.pos, file);
      }
      if (!kind || !kinds.has(kind.text) || quals.length > 2) {
        fail(`unknown proxy fence '${opcode.text}' (expected ${base}.proxy.alias, .async, .texture, .surface or .constant)`, kind?.pos ?? p, file);
      }
      // fence.proxy.texture, .surface and .constant are ptxmm's litmus notation (ptxas knows no such modifier).
      if (ctx.module && kind.text !== 'alias' && kind.text !== 'async') {
        fail(`${opcode.text} is ptxmm's litmus notation, not PTX (ptxas: unknown modifier '.${kind.text}'); a module's proxy fences are fence.proxy.alias and fence.proxy.async`, kind.pos, file);
      }
      arity(ops, 0, 0, opcode, 'no operands', file);
      return { op: 'fence.proxy', kind: kind.text as 'alias', pos: p };
    }
    arity(ops, 0, 0, opcode, 'no operands', file);
    if (base === 'membar') {
      const lv: Record<string, 'cta' | 'gpu' | 'sys'> = { cta: 'cta', gl: 'gpu', sys: 'sys' };
      const q = quals[0];
      if (quals.length !== 1 || !q || !(q.text in lv)) fail(`membar takes one level: membar.cta, membar.gl or membar.sys`, q?.pos ?? p, file);
      return { op: 'fence', sem: 'sc', scope: lv[q.text]!, form: 'membar', pos: p };
    }
    // Fences of later ISAs (8.0+): genuine PTX, but not in the chapter ptxmm's model follows
    // (6.4 and 7.5), whose fences are fence.sc and fence.acq_rel. Named, not "unknown".
    const later = quals.find((q) => q.text === 'acquire' || q.text === 'release' || q.text === 'mbarrier_init' || q.text.startsWith('sync_restrict') || q.text.startsWith('op_restrict'));
    if (later) {
      fail(`${opcode.text}: '.${later.text}' fences (PTX 8.0+) are not modelled: the memory model ptxmm checks (ISA 6.4 and 7.5, chapter 8) has fence.sc and fence.acq_rel`, later.pos, file);
    }
    const c = cats({ sem: setOf('sc', 'acq_rel'), scope: SCOPE_SET });
    if (!c.scope) fail(`fence needs a scope (.cta, .cluster, .gpu or .sys)`, p, file);
    return { op: 'fence', sem: (c.sem?.text ?? 'acq_rel') as 'sc' | 'acq_rel', scope: SCOPE_QUALS[c.scope.text]!, form: 'fence', pos: p };
  }
  if (base === 'bar' || base === 'barrier') return barrier(base, quals, cell, ctx);
  if (base === 'mov') {
    const c = cats({ type: WITH_PRED });
    arity(ops, 2, 2, opcode, 'two operands (d, a)', file);
    const src = ops[1]!;
    const dst = reg(ops[0]!, 'the destination', ctx);
    if (src.k === 'name' && !isRegister(src.tok, ctx)) {
      if (c.type?.text === 'pred') fail(`an address is not a predicate: mov.u64 takes a location's address`, c.type.pos, file);
      if (float) fail(`an address is not a floating-point value: mov.u64 takes a location's address`, c.type!.pos, file);
      const loc: LocRef = { kind: 'loc', name: src.tok.text, pos: pos(src.tok) };
      return { op: 'mov', type: asType(c.type, 'u64'), dst, src: loc, pos: p };
    }
    const mov: Instr = { op: 'mov', type: asType(c.type, 'u32'), dst, src: value(src, 'the source', ctx), pos: p };
    if (float) mov.float = true;
    return mov;
  }
  if (base === 'cvta') {
    const c = cats({ to: setOf('to'), space: SPACE_SET, type: setOf('u32', 'u64') }) as Cats & { to?: Qual };
    if (!c.space || !CVTA_SPACES.has(c.space.text)) {
      fail(`cvta takes .global, .shared, .local or .const${c.space ? `, not .${c.space.text}` : ''}`, c.space?.pos ?? p, file);
    }
    arity(ops, 2, 2, opcode, 'two operands (d, a)', file);
    const src = ops[1]!;
    const dst = reg(ops[0]!, 'the destination', ctx);
    // `cvta.global.u64 %rd1, x`: a variable's generic address (checkSpaces: of its space).
    if (src.k === 'name' && !isRegister(src.tok, ctx)) {
      if (c.to) fail(`cvta.to converts a generic address held in a register, not the variable ${src.tok.text} (write cvta.${c.space!.text}, or mov.u64 for its address)`, pos(src.tok), file);
      return { op: 'mov', cvta: c.space!.text as CvtaSpace, type: asType(c.type, 'u64'), dst, src: { kind: 'loc', name: src.tok.text, pos: pos(src.tok) }, pos: p };
    }
    return { op: 'mov', cvta: `${c.to ? 'to.' : ''}${c.space!.text as CvtaSpace}`, type: asType(c.type, 'u64'), dst, src: value(src, 'the address', ctx), pos: p };
  }
  if (base === 'cvt') {
    // cvt.dtype.atype: two types, in that order; integer conversions only (no rounding, no .sat).
    const types = quals.filter((q) => TYPE_SET.has(q.text));
    const float = quals.find((q) => FLOAT_TYPE.test(q.text));
    if (float) fail(floatRefusal('cvt', float.text), float.pos, file);
    const other = quals.find((q) => !TYPE_SET.has(q.text));
    if (other) fail(`'.${other.text}' is not supported on cvt (integer conversions only: cvt.u64.u32)`, other.pos, file);
    if (types.length !== 2) fail(`cvt needs two types, the destination's then the source's (cvt.u64.u32)`, p, file);
    arity(ops, 2, 2, opcode, 'two operands (d, a)', file);
    return { op: 'cvt', dtype: types[0]!.text as DataType, stype: types[1]!.text as DataType, dst: reg(ops[0]!, 'the destination', ctx), a: value(ops[1]!, 'the source', ctx), pos: p };
  }
  if (UNARY_BASES.has(base)) {
    const types = base === 'not' ? setOf('b16', 'b32', 'b64', 'pred') : base === 'neg' || base === 'abs' ? setOf('s16', 's32', 's64')
      : base === 'bfind' ? setOf('u32', 'u64', 's32', 's64') : setOf('b32', 'b64');
    const c = cats(base === 'bfind' ? { shiftamt: setOf('shiftamt'), type: types } : { type: types }) as Cats & { shiftamt?: Qual };
    if (!c.type) fail(`${base} needs a type (${base === 'neg' || base === 'abs' ? '.s32' : base === 'bfind' ? '.u32' : '.b32'})`, p, file);
    arity(ops, 2, 2, opcode, 'two operands (d, a)', file);
    const u: Instr = { op: 'unary', uop: base as Unary['uop'], type: c.type.text as DataType, dst: reg(ops[0]!, 'the destination', ctx), a: value(ops[1]!, 'the operand', ctx), pos: p };
    if (c.shiftamt) u.shiftamt = true;
    return u;
  }
  if (base === 'selp') {
    const c = cats({ type: INT_TYPES });
    if (!c.type) fail(`selp needs a type (.b32, .u32, .s32, ...)`, p, file);
    arity(ops, 4, 4, opcode, 'four operands (d, a, b, p)', file);
    const selp: Instr = {
      op: 'selp', type: c.type.text as DataType, dst: reg(ops[0]!, 'the destination', ctx),
      a: value(ops[1]!, 'the first operand', ctx), b: value(ops[2]!, 'the second operand', ctx), p: reg(ops[3]!, 'the predicate', ctx), pos: p,
    };
    if (float) selp.float = true;
    return selp;
  }
  if (base === 'shf') {
    const c = cats({ dir: setOf('l', 'r'), mode: setOf('wrap', 'clamp'), type: setOf('b32') }) as Partial<Record<'dir' | 'mode' | 'type', Qual>>;
    if (!c.dir || !c.mode || !c.type) fail(`shf needs a direction, a mode and a type (shf.l.wrap.b32)`, p, file);
    arity(ops, 4, 4, opcode, 'four operands (d, a, b, c)', file);
    return {
      op: 'alu', aop: 'shf', type: 'b32', funnel: { left: c.dir.text === 'l', clamp: c.mode.text === 'clamp' }, dst: reg(ops[0]!, 'the destination', ctx),
      a: value(ops[1]!, 'the low half', ctx), b: value(ops[2]!, 'the high half', ctx), c: value(ops[3]!, 'the shift amount', ctx), pos: p,
    };
  }
  if (base === 'bfe' || base === 'bfi' || base === 'prmt') {
    // bfe.u32 d, a, pos, len; bfi.b32 f, a, b, pos, len; prmt.b32 d, a, b, c.
    const types = base === 'bfe' ? setOf('u32', 'u64', 's32', 's64') : base === 'bfi' ? setOf('b32', 'b64') : setOf('b32');
    const mode = base === 'prmt' ? quals.find((q) => PRMT_MODES.has(q.text)) : undefined;
    if (mode) fail(`prmt.${mode.text} is not modelled: only prmt.b32 without a mode (what nvcc writes for __byte_perm)`, mode.pos, file);
    const c = cats({ type: types });
    if (!c.type) fail(`${base} needs a type (${base === 'bfe' ? '.u32, .s32, .u64 or .s64' : base === 'bfi' ? '.b32 or .b64' : '.b32'})`, p, file);
    const n = base === 'bfi' ? 5 : 4;
    arity(ops, n, n, opcode, base === 'bfi' ? 'five operands (f, a, b, pos, len)' : base === 'bfe' ? 'four operands (d, a, pos, len)' : 'four operands (d, a, b, c)', file);
    const alu: Instr = {
      op: 'alu', aop: base, type: c.type.text as DataType, dst: reg(ops[0]!, 'the destination', ctx), a: value(ops[1]!, base === 'bfi' ? 'the field' : 'the first operand', ctx),
      b: value(ops[2]!, base === 'bfe' ? 'the position' : 'the second operand', ctx), c: value(ops[3]!, base === 'bfe' ? 'the length' : base === 'bfi' ? 'the position' : 'the selector', ctx), pos: p,
    };
    if (base === 'bfi') alu.d = value(ops[4]!, 'the length', ctx);
    // A register's low 8 bits count, but ptxas takes only 0..255 as an immediate position or length.
    for (const k of base === 'bfe' ? [2, 3] : base === 'bfi' ? [3, 4] : []) {
      const o = ops[k]!;
      if (o.k === 'num') {
        const v = numValue(o.num, file, ctx.octal ?? ctx.genuine);
        if (v < 0n || v > 255n) fail(`${base}'s ${k === ops.length - 1 ? 'length' : 'position'} must be 0..255 as an immediate (a register's low 8 bits count), not ${v}`, operandPos(o), file);
      }
    }
    return alu;
  }
  if (ALU_BASES.has(base)) {
    const logical = base === 'and' || base === 'or' || base === 'xor';
    const bitwise = logical || base === 'shl';
    const product = base === 'mul' || base === 'mad';
    const c = cats(product ? { lo: setOf('lo', 'wide', 'hi'), type: TYPE_SET } : { type: logical ? WITH_PRED : TYPE_SET }) as Cats & { lo?: Qual };
    if (product && c.type && !c.lo) fail(`${base} needs .lo, .hi or .wide (${base}.lo.${c.type.text}): the full product is wider than the registers`, c.type.pos, file);
    const wide = c.lo?.text === 'wide';
    if (wide && c.type && !['u16', 's16', 'u32', 's32'].includes(c.type.text)) fail(`${base}.wide takes a 16- or 32-bit type, not '.${c.type.text}'`, c.type.pos, file);
    if (c.type && bitwise && !c.type.text.startsWith('b') && c.type.text !== 'pred') fail(`${base} takes a bit type (.b32, .b64${logical ? ' or .pred' : ''}), not '.${c.type.text}'`, c.type.pos, file);
    if (c.type && !bitwise && base !== 'shr' && c.type.text.startsWith('b')) fail(`${base} takes an integer type (.u32, .s32, ...), not '.${c.type.text}'`, c.type.pos, file);
    const four = base === 'mad' || base === 'sad';
    arity(ops, four ? 4 : 3, four ? 4 : 3, opcode, four ? 'four operands (d, a, b, c)' : 'three operands (d, a, b)', file);
    const alu: Instr = {
      op: 'alu', aop: base as AluOp, type: asType(c.type, bitwise ? 'b32' : 'u32'),
      dst: reg(ops[0]!, 'the destination', ctx), a: value(ops[1]!, 'the first operand', ctx), b: value(ops[2]!, 'the second operand', ctx), pos: p,
    };
    if (wide) alu.wide = true;
    if (c.lo?.text === 'hi') alu.hi = true;
    if (four) alu.c = value(ops[3]!, 'the addend', ctx);
    return alu;
  }
  if (base === 'setp') {
    const c = cats({ cmp: setOf(...Object.keys(SETP_CMP)), type: TYPE_SET }) as Partial<Record<'cmp' | 'type', Qual>>;
    if (!c.cmp) fail(`setp needs a comparison (.eq, .ne, .lt, .le, .gt, .ge)`, p, file);
    if (!c.type) fail(`setp needs a type (.u32, .s32, ...)`, p, file);
    arity(ops, 3, 3, opcode, 'three operands (p, a, b)', file);
    // `setp p|q` (q the negation) needs a second destination no engine has; a clear refusal
    // rather than the generic "must be a register".
    if (ops[0]!.k === 'pair') fail(`setp with two destinations (p|q) is not supported: write a second setp with the opposite comparison for q`, operandPos(ops[0]!), file);
    return {
      op: 'setp', cmp: SETP_CMP[c.cmp.text]!, type: c.type.text as DataType,
      dst: reg(ops[0]!, 'the predicate', ctx), a: value(ops[1]!, 'the first operand', ctx), b: value(ops[2]!, 'the second operand', ctx), pos: p,
    };
  }
  if (base === 'shfl' || base === 'vote' || base === 'redux' || base === 'match') return warpExchange(base, quals, cell, ctx);
  if (base === 'nanosleep') {
    const c = cats({ type: setOf('u32') });
    if (!c.type) fail(`nanosleep needs .u32 (nanosleep.u32 t)`, p, file);
    arity(ops, 1, 1, opcode, 'one operand (the time in nanoseconds)', file);
    return { op: 'nanosleep', t: value(ops[0]!, 'the time', ctx), pos: p };
  }
  if (base === 'ret' || base === 'exit') {
    // As ptxas: ret may be .uni, exit takes no qualifier; neither takes an operand.
    if (base === 'ret') cats({ uni: setOf('uni') });
    else if (quals.length) fail(`exit takes no qualifiers`, quals[0]!.pos, file);
    arity(ops, 0, 0, opcode, 'no operands', file);
    return { op: 'bra', target: LEAVE_LABEL, leave: base, pos: p };
  }
  if (base === 'bra' || base === 'goto') {
    if (base === 'bra') cats({ uni: setOf('uni') });
    else if (quals.length) fail(`goto takes no qualifiers`, quals[0]!.pos, file);
    arity(ops, 1, 1, opcode, 'one label', file);
    return { op: 'bra', target: label(ops[0]!, ctx), pos: p };
  }
  if (base in BCMP) {
    if (quals.length) fail(`${base} takes no qualifiers`, quals[0]!.pos, file);
    arity(ops, 3, 3, opcode, 'three operands (a, b, LABEL)', file);
    return { op: 'bcmp', cmp: BCMP[base]!, a: value(ops[0]!, 'the first operand', ctx), b: value(ops[1]!, 'the second operand', ctx), target: label(ops[2]!, ctx), pos: p };
  }
  const known = Object.hasOwn(UNMODELLED_INSTRUCTIONS, base) ? UNMODELLED_INSTRUCTIONS[base] : undefined;
  if (known) return fail(`${opcode.text} is PTX that ptxmm does not model: ${known}`, opcode, file);
  return fail(`unknown instruction '${base}'`, opcode, file);
}

/**
 * Floating-point arithmetic, comparison and conversion on .f32 and .f64 values (Fop; litmus/
 * floats.ts computes them). The qualifiers each form takes are ptxas's (checked with ptxas 13,
 * sm_90): a rounding modifier optional on add, sub and mul, required on fma, mad and the
 * conversions that round, refused elsewhere; .ftz and .sat with .f32 only (.sat on add, sub, mul,
 * fma, mad and cvt), .NaN on min and max .f32.
 */
function floatInstruction(base: string, quals: Qual[], cell: Extract<CstCell, { k: 'instr' }>, ctx0: Ctx): Instr {
  const { opcode, operands: ops } = cell;
  const file = ctx0.file;
  const p = pos(opcode);
  // Only .f32 and .f64 hold values ptxmm computes with.
  const other = quals.find((q) => FLOAT_TYPE.test(q.text) && !floatWidthOf(q.text));
  if (other) fail(`.${other.text} data is not modelled: ptxmm computes with .f32 and .f64 values`, other.pos, file);
  const flag = (q: Qual | undefined, ok: boolean, why: string): boolean => {
    if (q && !ok) fail(`'.${q.text}' does not go with ${base}${why} (ptxas: illegal modifier)`, q.pos, file);
    return !!q;
  };
  if (base === 'cvt') {
    // cvt.rnd.dtype.atype: two types, the destination's then the source's, at least one a float.
    const types = quals.filter((q) => CVT_INTS.has(q.text) || floatWidthOf(q.text));
    const bits = quals.find((q) => TYPE_SET.has(q.text) && !CVT_INTS.has(q.text));
    if (bits) fail(`cvt between a float and .${bits.text}: ptxas takes a signed or unsigned integer type there (.s32, .u32)`, bits.pos, file);
    const c = classify('cvt', quals.filter((q) => !types.includes(q)), { rnd: setOf(...ROUNDINGS, ...INT_ROUNDINGS), ftz: setOf('ftz'), sat: setOf('sat') }, file) as Partial<Record<'rnd' | 'ftz' | 'sat', Qual>>;
    if (types.length !== 2) fail(`cvt needs two types, the destination's then the source's (cvt.rn.f32.s32)`, p, file);
    const [to, from] = [types[0]!.text as CvtType, types[1]!.text as CvtType];
    const [fto, ffrom] = [!!floatWidthOf(to), !!floatWidthOf(from)];
    // Which rounding each conversion takes: none (exact), a float rounding, an integral one.
    const rounds = fto && !ffrom ? 'float' : !fto && ffrom ? 'integral' : to === 'f32' && from === 'f64' ? 'float' : to === from ? 'integral?' : 'none';
    const r = c.rnd?.text ?? null;
    if (r === null && (rounds === 'float' || rounds === 'integral')) {
      fail(`cvt.${to}.${from} needs a rounding modifier (${rounds === 'float' ? '.rn, .rz, .rm or .rp' : '.rni, .rzi, .rmi or .rpi'}), as ptxas does`, p, file);
    }
    if (r !== null && (rounds === 'none' || (rounds === 'float') !== ROUNDINGS.has(r))) {
      fail(`'.${r}' is not a rounding cvt.${to}.${from} takes (${rounds === 'none' ? 'it converts exactly: none' : rounds === 'float' ? '.rn, .rz, .rm or .rp' : '.rni, .rzi, .rmi or .rpi'})`, c.rnd!.pos, file);
    }
    flag(c.ftz, to === 'f32' || from === 'f32', ` unless one of its types is .f32`);
    arity(ops, 2, 2, opcode, 'two operands (d, a)', file);
    const ctx: Ctx = ffrom ? { ...ctx0, floatWidth: floatWidthOf(from)! } : ctx0;
    const f: FloatOp = { fn: 'cvt', to, from, rnd: r as Rounding | IntRounding | null, ftz: !!c.ftz, sat: !!c.sat };
    return { op: 'fop', f, dst: reg(ops[0]!, 'the destination', ctx0), args: [value(ops[1]!, 'the source', ctx)], pos: p };
  }
  const setp = base === 'setp';
  const cats: Record<string, ReadonlySet<string>> = setp ? { cmp: SETP_FLOAT, ftz: setOf('ftz'), type: setOf('f32', 'f64') }
    : { rnd: ROUNDINGS, approx: setOf('approx', 'full'), ftz: setOf('ftz'), sat: setOf('sat'), nan: setOf('NaN'), type: setOf('f32', 'f64') };
  const c = classify(base, quals, cats, file) as Partial<Record<'cmp' | 'rnd' | 'approx' | 'ftz' | 'sat' | 'nan' | 'type', Qual>>;
  if (!c.type) fail(`${base} needs a type (.f32 or .f64)`, p, file);
  const w = floatWidthOf(c.type.text)!;
  const ctx: Ctx = { ...ctx0, floatWidth: w };
  // The approximations (div.approx, div.full, rcp.approx, sqrt.approx): the ISA bounds their error, it does not fix their result.
  if (c.approx && (base === 'div' || base === 'rcp' || base === 'sqrt')) {
    fail(`${base}.${c.approx.text} is not modelled: the ISA bounds its error but does not say which value it gives (${base}.rn is the correctly rounded ${base === 'div' ? 'quotient' : base === 'rcp' ? 'reciprocal' : 'root'}, what nvcc writes by default)`, c.approx.pos, file);
  }
  flag(c.approx, false, '');
  if (base === 'rcp' && c.ftz && w === 64) fail(`rcp.ftz.f64 is not modelled: .ftz flushes .f32 values, and the ISA gives it no meaning for a correctly rounded .f64 reciprocal`, c.ftz.pos, file);
  flag(c.ftz, w === 32 && base !== 'copysign', w === 32 ? '' : '.f64');
  if (setp) {
    if (!c.cmp) fail(`setp needs a comparison (.eq, .ne, .lt, .le, .gt, .ge, their unordered .equ ... .geu, .num or .nan)`, p, file);
    arity(ops, 3, 3, opcode, 'three operands (p, a, b)', file);
    if (ops[0]!.k === 'pair') fail(`setp with two destinations (p|q) is not supported: write a second setp with the opposite comparison for q`, operandPos(ops[0]!), file);
    return { op: 'fop', f: { fn: 'setp', w, cmp: c.cmp.text as FloatCmp, ftz: !!c.ftz }, dst: reg(ops[0]!, 'the predicate', ctx0), args: [value(ops[1]!, 'the first operand', ctx), value(ops[2]!, 'the second operand', ctx)], pos: p };
  }
  const fn = base === 'mad' ? 'fma' : base as 'add' | 'sub' | 'mul' | 'fma' | 'div' | 'rcp' | 'sqrt' | 'min' | 'max' | 'neg' | 'abs' | 'copysign';
  const rounded = fn === 'add' || fn === 'sub' || fn === 'mul' || fn === 'fma' || fn === 'div' || fn === 'rcp' || fn === 'sqrt';
  flag(c.rnd, rounded, '');
  if ((fn === 'fma' || fn === 'div' || fn === 'rcp' || fn === 'sqrt') && !c.rnd) fail(`${base} needs a rounding modifier (${base}.rn.${c.type.text}), as ptxas does`, p, file);
  flag(c.sat, (fn === 'add' || fn === 'sub' || fn === 'mul' || fn === 'fma') && w === 32, w === 32 ? '' : '.f64');
  flag(c.nan, (fn === 'min' || fn === 'max') && w === 32, (fn === 'min' || fn === 'max') ? '.f64' : '');
  const n = fn === 'fma' ? 4 : fn === 'neg' || fn === 'abs' || fn === 'rcp' || fn === 'sqrt' ? 2 : 3;
  arity(ops, n, n, opcode, n === 4 ? 'four operands (d, a, b, c)' : n === 2 ? 'two operands (d, a)' : 'three operands (d, a, b)', file);
  const f: FloatOp = { fn, w, rnd: (c.rnd?.text ?? null) as Rounding | null, ftz: !!c.ftz, sat: !!c.sat, nan: !!c.nan, mad: base === 'mad' };
  const names = fn === 'div' ? ['the dividend', 'the divisor'] : ['the first operand', 'the second operand', 'the addend'];
  return { op: 'fop', f, dst: reg(ops[0]!, 'the destination', ctx0), args: ops.slice(1).map((o, i) => value(o, names[i]!, ctx)), pos: p };
}

/**
 * The warp-level exchanges (kernels only: see Shfl): `shfl.sync.{up,down,bfly,idx}.b32 d[|p], a,
 * b, c, membermask`; `vote.sync.{all,any,uni}.pred d, {!}a, membermask`, `vote.sync.ballot.b32`;
 * `redux.sync.{add,min,max}.{u32,s32} d, a, membermask`, `redux.sync.{and,or,xor}.b32`;
 * `match.{any,all}.sync.{b32,b64} d[|p], a, membermask` (p for .all only).
 */
function warpExchange(base: 'shfl' | 'vote' | 'redux' | 'match', quals: Qual[], cell: Extract<CstCell, { k: 'instr' }>, ctx: Ctx): Instr {
  const { opcode, operands: ops } = cell;
  const file = ctx.file;
  if (!ctx.module) {
    fail(`${base}.sync is read in kernels (ptxmm kernel): a litmus test's thread stands for a whole warp, whose lanes it would exchange values between`, opcode, file);
  }
  const MODES: Record<typeof base, string[]> = {
    shfl: ['up', 'down', 'bfly', 'idx'], vote: ['all', 'any', 'uni', 'ballot'], redux: ['add', 'min', 'max', 'and', 'or', 'xor'], match: ['any', 'all'],
  };
  const modes = setOf(...MODES[base]);
  const c = classify(base, quals, { sync: setOf('sync'), mode: modes, type: setOf('b32', 'b64', 'u32', 's32', 'pred') }, file) as Partial<Record<'sync' | 'mode' | 'type', Qual>>;
  // As ptxas: sm_70 and later have only the .sync forms.
  if (!c.sync) fail(`${base} needs .sync (${base} without it is not supported on sm_70 and later)`, opcode, file);
  if (!c.mode) fail(`${base}.sync needs ${base === 'redux' ? 'an operation' : 'a mode'} (${MODES[base].map((m) => `.${m}`).join(', ')})`, opcode, file);
  const mode = c.mode!.text;
  const types = base === 'shfl' ? ['b32'] : base === 'vote' ? [mode === 'ballot' ? 'b32' : 'pred'] : base === 'match' ? ['b32', 'b64']
    : ['and', 'or', 'xor'].includes(mode) ? ['b32'] : ['u32', 's32'];
  const type = c.type?.text;
  if (!type || !types.includes(type)) fail(`${base}.sync.${mode} needs ${types.map((t) => `.${t}`).join(' or ')}`, c.type?.pos ?? opcode, file);
  const p = pos(opcode);
  arity(ops, base === 'shfl' ? 5 : 3, base === 'shfl' ? 5 : 3, opcode, base === 'shfl' ? 'five operands (d[|p], a, b, c, membermask)'
    : `three operands (d${base === 'match' && mode === 'all' ? '[|p]' : ''}, ${base === 'vote' ? '{!}' : ''}a, membermask)`, file);
  // `d|p`: shfl.sync, match.all.sync; any other destination must be one register.
  const d = ops[0]!;
  const pair = d.k === 'pair' && (base === 'shfl' || (base === 'match' && mode === 'all')) ? d : null;
  const dst: Reg = pair ? { kind: 'reg', name: regName(pair.tok), pos: pos(pair.tok) } : reg(d, 'the destination', ctx);
  const pdst: Reg | undefined = pair ? { kind: 'reg', name: regName(pair.second), pos: pos(pair.second) } : undefined;
  if (base === 'shfl') {
    const out: Instr = {
      op: 'shfl', mode: mode as Shfl['mode'], dst, a: value(ops[1]!, 'the source', ctx), b: value(ops[2]!, 'the lane or offset', ctx),
      c: value(ops[3]!, 'the clamp and segment mask', ctx), mask: value(ops[4]!, 'the member mask', ctx), pos: p,
    };
    if (pdst) out.pdst = pdst;
    return out;
  }
  const mask = value(ops[2]!, 'the member mask', ctx);
  if (base === 'vote') {
    const a = ops[1]!;
    return {
      op: 'vote', mode: mode as Vote['mode'], dst, mask, pos: p, negated: a.k === 'notreg',
      pred: a.k === 'notreg' ? { kind: 'reg', name: regName(a.reg), pos: pos(a.reg) } : value(a, 'the predicate', ctx),
    };
  }
  const a = value(ops[1]!, 'the source', ctx);
  if (base === 'redux') return { op: 'redux', rop: mode as Redux['rop'], type: type as Redux['type'], dst, a, mask, pos: p };
  const out: Instr = { op: 'match', mode: mode as Match['mode'], type: type as Match['type'], dst, a, mask, pos: p };
  if (pdst) out.pdst = pdst;
  return out;
}

function label(o: CstOperand, ctx: Ctx): string {
  if (o.k !== 'name' || o.tok.text.startsWith('%')) fail('expected a label', operandPos(o), ctx.file);
  return o.tok.text;
}

/** The ISA's type rules for atom/red operations (ptxas enforces them too). */
function checkAtomType(aop: AtomOp, q: Qual | undefined, file: string): DataType {
  if (BITWISE_ATOM.has(aop)) {
    // atom.cas.b16 (sm_70+, atomicCAS on an unsigned short); the other bitwise operations have no 16-bit form.
    const ok = q && (q.text === 'b32' || q.text === 'b64' || (aop === 'cas' && q.text === 'b16'));
    if (q && !ok) fail(`.${aop} takes ${aop === 'cas' ? '.b16, .b32' : '.b32'} or .b64, not '.${q.text}'`, q.pos, file);
    return asType(q, 'b32');
  }
  if (aop === 'inc' || aop === 'dec') {
    if (q && q.text !== 'u32') fail(`.${aop} takes .u32 only, not '.${q.text}'`, q.pos, file);
    return 'u32';
  }
  if (q && (q.text.startsWith('b') || q.text.endsWith('8') || q.text.endsWith('16'))) {
    fail(`.${aop} takes .u32, .s32, .u64 or .s64, not '.${q.text}'`, q.pos, file);
  }
  return asType(q, 'u32');
}

function barrier(base: 'bar' | 'barrier', quals: Qual[], cell: Extract<CstCell, { k: 'instr' }>, ctx: Ctx): Instr {
  const { opcode, operands: ops } = cell;
  const file = ctx.file;
  const warp = quals.find((q) => q.text === 'warp');
  if (warp) {
    if (!ctx.module) fail(`${base}.warp.sync (__syncwarp) is read in kernels (ptxmm kernel): a litmus test's thread stands for a whole warp`, warp.pos, file);
    const c = classify(base, quals, { warp: setOf('warp'), sync: setOf('sync') }, file);
    if (base !== 'bar' || !c.sync) fail(`write bar.warp.sync membermask`, opcode, file);
    arity(ops, 1, 1, opcode, 'one operand (the member mask)', file);
    return { op: 'bar', mode: 'sync', form: 'bar', id: { kind: 'imm', value: 0n }, mask: value(ops[0]!, 'the member mask', ctx), pos: pos(opcode) };
  }
  const red = quals.find((q) => q.text === 'red');
  if (red) return barrierRed(base, quals, red, cell, ctx);
  const c = classify(base, quals, { cta: setOf('cta'), mode: setOf('sync', 'arrive'), aligned: setOf('aligned') }, file);
  if (!c.mode) fail(`${base} needs .sync or .arrive`, opcode, file);
  if (c.aligned && base === 'bar') fail(`'.aligned' is only for barrier (bar is always aligned)`, c.aligned.pos, file);
  const mode = c.mode.text as 'sync' | 'arrive';
  // PTX's bar and barrier take a and b; three operands are Dartagnan's notation only (a kernel's
  // `bar.arrive 1, 64, 64` was read as instance 1 of barrier 64).
  if (ctx.module) arity(ops, 1, 2, opcode, 'one or two operands (a, the barrier, and b, a thread count)', file);
  arity(ops, 1, 3, opcode, 'one to three operands (a{, b}, or Dartagnan\'s inst, id, count)', file);
  const v = ops.map((o, i) => value(o, `barrier operand ${i + 1}`, ctx));
  const out: Extract<Instr, { op: 'bar' }> = { op: 'bar', mode, form: base, id: v[0]!, pos: pos(opcode) };
  if (c.aligned) out.aligned = true;
  // Dartagnan's forms: `bar.cta.sync inst, id, count` and (dialect only) `bar.cta.sync inst, id`.
  const dartagnan = v.length === 3 || (v.length === 2 && !ctx.genuine && base === 'bar' && c.cta !== undefined && mode === 'sync');
  if (dartagnan) {
    out.instance = v[0]!;
    out.id = v[1]!;
    const count = v[2];
    if (count && !(count.kind === 'imm' && count.value === 0n)) out.count = count;
  } else if (v.length === 2) {
    const count = v[1]!;
    // ISA: b counts threads, a multiple of the warp size; warps arrive as a whole.
    if (count.kind === 'imm' && !isWarpCount(count.value)) {
      fail(warpCountMessage(base, mode), ops[1]!.k === 'num' ? operandPos(ops[1]!) : opcode, file);
    }
    out.count = count;
  }
  // An arrive that names no count exists only in Dartagnan's dialect (PTX's bar.arrive always
  // has one): recorded with its (default) instance, it prints in that dialect's notation. So
  // is the dialect's barrier with its id in a register: PTX's 0 to 15 hold a genuine id, not
  // one of the dialect, in a register as in an immediate (`bar.cta.sync 96`).
  if (mode === 'arrive' && !out.count && !out.instance) out.instance = { kind: 'imm', value: 0n };
  if (!ctx.genuine && !out.instance && !out.count && out.id.kind === 'reg') out.instance = { kind: 'imm', value: 0n };
  return out;
}

/** `bar.red.or.pred p, a, {!}c`, `.and.pred`, `.popc.u32 d, a, {!}c` (kernels only: see Bar.red). */
function barrierRed(base: 'bar' | 'barrier', quals: Qual[], red: Qual, cell: Extract<CstCell, { k: 'instr' }>, ctx: Ctx): Instr {
  const { opcode, operands: ops } = cell;
  const file = ctx.file;
  if (!ctx.module) {
    fail(`${base}.red (__syncthreads_or, _and, _count) is read in kernels (ptxmm kernel): a litmus test's thread stands for a whole warp, whose threads' predicates it would combine`, red.pos, file);
  }
  const c = classify(base, quals, { cta: setOf('cta'), red: setOf('red'), op: setOf('and', 'or', 'popc'), type: setOf('pred', 'u32'), aligned: setOf('aligned') }, file);
  if (c.aligned && base === 'bar') fail(`'.aligned' is only for barrier (bar is always aligned)`, c.aligned.pos, file);
  if (!c.op) fail(`${base}.red needs an operation (.and, .or or .popc)`, opcode, file);
  const op = c.op!.text as 'and' | 'or' | 'popc';
  const type = op === 'popc' ? 'u32' : 'pred';
  if (c.type?.text !== type) fail(`${base}.red.${op} needs .${type}`, c.type?.pos ?? opcode, file);
  arity(ops, 3, 4, opcode, 'three operands (d, a, {!}c)', file);
  if (ops.length === 4) fail(`a thread count (b) in ${base}.red is not modelled: every thread of the CTA takes part`, operandPos(ops[2]!), file);
  const last = ops[2]!;
  const pred: Value = last.k === 'notreg' ? { kind: 'reg', name: regName(last.reg), pos: pos(last.reg) } : value(last, 'the predicate', ctx);
  return {
    op: 'bar', mode: 'sync', form: base, id: value(ops[1]!, 'the barrier id', ctx), pos: pos(opcode),
    red: { op, dst: reg(ops[0]!, 'the destination', ctx), pred, negated: last.k === 'notreg' }, ...(c.aligned ? { aligned: true as const } : {}),
  };
}

// ---- threads ------------------------------------------------------------------------

/**
 * One instruction cell: its meaning, guard and ptxas's rules. The one instruction builder of
 * both inputs, litmus tests and PTX modules (kernel/module.ts).
 */
export function buildInstruction(c: Extract<CstCell, { k: 'instr' }>, ctx: Ctx): Instr {
  const ins = instruction(c, { ...ctx, octal: ctx.module === true || writtenInPtx(c) });
  hexFloatsFit(c, ins, ctx.file);
  if (c.guard) ins.guard = { reg: { kind: 'reg', name: regName(c.guard.reg), pos: pos(c.guard.reg) }, negated: c.guard.neg };
  const { base, quals: written } = splitOpcode(c.opcode.text, pos(c.opcode));
  // ptxas's rules for .f32/.f64 data moves are those of their .b32/.b64 forms.
  const quals = floatMove(base, written)?.quals ?? written;
  const cell = { base, quals, pos: pos(c.opcode), operands: c.operands.length, genuineTest: ctx.genuine, module: ctx.module === true };
  if (ins.op === 'bar') checkPtxasBarrier(cell, ins, ctx.file);
  // Fences look alike in both syntaxes: their rules apply to every test.
  else if (ins.op === 'fence.proxy' || writtenInPtx(c)) checkPtxas(cell, ins, ctx.file);
  if (writtenInPtx(c)) genuineOperands(c, ins, base, ctx.file);
  return ins;
}

/**
 * Operand forms ptxas refuses that Dartagnan's untyped dialect writes: a bare address (`x` for
 * `[x]`), and a special register (`%tid.x`) or any dotted name as a destination.
 */
function genuineOperands(c: Extract<CstCell, { k: 'instr' }>, ins: Instr, base: string, file: string): void {
  const at = base === 'ld' || base === 'atom' ? 1 : base === 'st' || base === 'red' ? 0 : -1;
  const a = at >= 0 ? c.operands[at] : undefined;
  if (a && a.k === 'name' && (ins.op === 'ld' || ins.op === 'st' || ins.op === 'atom' || ins.op === 'red')) {
    fail(`an address in PTX is written in brackets: [${a.tok.text}] (a bare ${a.tok.text} is Dartagnan's untyped form)`, a.tok, file);
  }
  for (const [d] of destinations(ins)) {
    const where = d.pos ?? pos(c.opcode);
    if (isSpecialName(d.name)) fail(`%${d.name} is a special register, which no instruction writes`, where, file);
    if (d.name.includes('.')) fail(`%${d.name} cannot be written: a destination is a register (%r1), not a component of one`, where, file);
  }
}

/** Why a litmus test has no special registers (kernels have them: ptxmm kernel). */
const NO_SPECIALS = 'a litmus thread stands for a whole warp, placed by the test\'s header (P0@cta 0,gpu 0), and has no thread or block index, lane or clock of its own; write the value as a constant (ptxmm kernel gives a kernel\'s threads theirs)';
/** A special register's name (`tid.x`, `laneid`), with or without its component. */
const isSpecialName = (name: string): boolean => SPECIAL_NAMES.has(name.split('.')[0]!);
const isSpecial = (t: Tok): boolean => t.text.startsWith('%') && isSpecialName(t.text.slice(1));

/** PTX's special registers (ISA §10), with or without their .x/.y/.z: never a destination. */
const SPECIAL_NAMES: ReadonlySet<string> = setOf(
  'tid', 'ntid', 'laneid', 'warpid', 'nwarpid', 'ctaid', 'nctaid', 'smid', 'nsmid', 'gridid', 'clusterid', 'nclusterid',
  'cluster_ctaid', 'cluster_nctaid', 'cluster_ctarank', 'cluster_nctarank', 'is_explicit_cluster', 'lanemask_eq', 'lanemask_le',
  'lanemask_lt', 'lanemask_ge', 'lanemask_gt', 'clock', 'clock_hi', 'clock64', 'globaltimer', 'globaltimer_lo', 'globaltimer_hi',
  'total_smem_size', 'aggr_smem_size', 'dynamic_smem_size', 'current_graph_exec',
);

/**
 * A 0f literal stands for its 32 bits only where the instruction's type is .b32, a 0d literal
 * for its 64 bits where it is .b64 (ptxas, checked: mov, st, and, selp, setp, atom.exch and
 * atom.cas take them so; .u32, .s32, .b16 and .b64 with a 0f literal are refused).
 */
function hexFloatsFit(c: Extract<CstCell, { k: 'instr' }>, ins: Instr, file: string): void {
  const base = c.opcode.text.split('.')[0]!;
  c.operands.forEach((o, k) => {
    if (o.k !== 'num') return;
    const hex = hexFloat(o.num.tok.text);
    if (!hex) return;
    // A shift amount is a .u32 whatever the instruction's type (ptxas: "Arguments mismatch").
    const shiftAmount = ((base === 'shl' || base === 'shr') && k === 2) || (base === 'shf' && k === 3);
    const fw = ins.op === 'fop' ? floatWidths(ins.f).args : 0;
    const type = shiftAmount ? 'u32' : 'type' in ins ? ins.type : ins.op !== 'fop' ? null
      : ins.f.fn === 'cvt' && ins.f.from[0] !== 'f' ? ins.f.from : fw === 64 ? 'b64' : 'b32';
    if (type !== hex.type) {
      fail(`floating-point literal '${o.num.tok.text}' in a${type ? ` .${type}` : 'n untyped'} operand${shiftAmount ? ' (a shift amount)' : ''}: ${HEX_FLOAT_USE}`, o.num.tok, file);
    }
  });
}

/** Ctx.regs and Ctx.bare of a thread (`bareInits`: the init block's registers without `%`, as `tid:name`). */
function threadRegs(cells: CstCell[], inits: RegInit[], bareInits: ReadonlySet<string>, tid: number): { regs: Set<string>; bare: Set<string> } {
  const regs = new Set<string>();
  const bare = new Set<string>();
  for (const r of inits) if (r.thread === tid) regs.add(r.reg);
  for (const k of bareInits) if (k.startsWith(`${tid}:`)) bare.add(k.slice(k.indexOf(':') + 1));
  const add = (t: Tok): void => {
    regs.add(regName(t));
    if (!t.text.startsWith('%')) bare.add(t.text);
  };
  for (const c of cells) {
    if (!c || c.k !== 'instr') continue;
    if (c.guard) add(c.guard.reg);
    const base = c.opcode.text.split('.')[0]!;
    const d = c.operands[0];
    const writesFirst = base in LD_BASES || base in ATOM_BASES || ['mov', 'setp', 'selp', 'cvt', 'cvta', 'shf', 'bfe', 'bfi', 'prmt', 'fma'].includes(base) || UNARY_BASES.has(base) || ALU_BASES.has(base);
    if (writesFirst && d && d.k === 'name') add(d.tok);
  }
  return { regs, bare };
}

function buildThread(pl: Placement, cells: CstCell[], inits: RegInit[], bareInits: ReadonlySet<string>, ctx: Ctx): Thread {
  const tctx = { ...ctx, ...threadRegs(cells, inits, bareInits, pl.id) };
  let code: Stmt[] = [];
  const labels = new Map<string, Pos>();
  for (const c of cells) {
    if (!c) continue;
    if (c.k === 'label') {
      const prev = labels.get(c.name.text);
      if (prev) fail(`label ${c.name.text} is defined twice in P${pl.id} (first at line ${prev.line})`, c.name, ctx.file);
      labels.set(c.name.text, pos(c.name));
      code.push({ op: 'label', name: c.name.text, pos: pos(c.name) });
      continue;
    }
    code.push(buildInstruction(c, tctx));
  }
  const leaves = code.find((s) => s.op === 'bra' && s.leave);
  if (leaves) {
    code.push({ op: 'label', name: LEAVE_LABEL, pos: leaves.pos });
    labels.set(LEAVE_LABEL, leaves.pos);
  }
  for (const s of code) {
    if ((s.op === 'bra' || s.op === 'bcmp') && !labels.has(s.target)) {
      const at = c2pos(cells, s);
      fail(`label ${s.target} does not exist in P${pl.id}`, at, ctx.file);
    }
  }
  // Each thread is its own program: its adds are its own choices.
  const fusion = markFusions(code, (j) => `P${pl.id}#${j}`);
  if (fusion.refused) fail(fusion.refused.message, fusion.refused.pos, ctx.file);
  code = fusion.code;
  // A register is a predicate or a value, never both (ptxas: one type per register); a
  // predicate starts at 0 or 1.
  const { predicates, mixed } = predicateRegisters({ placement: pl, code });
  if (mixed) {
    const { first: f, second: u } = mixed;
    const kind = (x: RegUse): string => (x.width === 1 ? 'a predicate' : `a ${x.width}-bit value`);
    fail(`P${pl.id} uses ${regText(u.name, ctx)} as ${kind(u)} here and as ${kind(f)}${f.pos ? ` at line ${f.pos.line}:${f.pos.col}` : ''}: a PTX register has one type`, u.pos ?? pl.pos, ctx.file);
  }
  for (const r of inits) {
    if (r.thread === pl.id && predicates.has(r.reg) && (!('value' in r) || (r.value !== 0n && r.value !== 1n))) {
      fail(`${regText(r.reg, ctx)} is a predicate in P${pl.id}: it starts at 0 or 1, not ${'value' in r ? r.value : `&${r.addressOf}`}`, r.pos, ctx.file);
    }
  }
  // A register nothing writes would silently read as 0: most likely a misspelt name.
  const written = threadRegisters(inits, { placement: pl, code });
  const odd = widthMismatch(inits, { placement: pl, code }, written);
  if (odd) {
    const { use: u, widest: w } = odd;
    const why = 'reg' in w
      ? `its initial value ${w.value} needs ${written.get(u.name)!.width} bits`
      : `it is used as ${w.width} bits${w.pos ? ` at line ${w.pos.line}:${w.pos.col}` : ''}`;
    fail(`P${pl.id} uses ${regText(u.name, ctx)} as a ${u.width}-bit value here, and ${why}: PTX gives a register one width, and only ld, st and cvt take one wider than their type`, u.pos ?? pl.pos, ctx.file);
  }
  for (const s of code) {
    if (s.op === 'label') continue;
    for (const r of registersRead(s)) {
      if (!written.has(r.name) && ctx.genuine && isSpecialName(r.name)) {
        fail(`P${pl.id} reads %${r.name}, a special register: ${NO_SPECIALS}`, r.pos ?? s.pos, ctx.file);
      }
      if (!written.has(r.name)) fail(`P${pl.id} reads ${regText(r.name, ctx)}, which it never writes or initialises`, r.pos ?? s.pos, ctx.file);
    }
  }
  return { placement: pl, code };
}

/** A register as the test spells it: `%r1` in genuine PTX, `r1` in Dartagnan's dialect. */
const regText = (name: string, ctx: { genuine: boolean }): string => (ctx.genuine ? `%${name}` : name);

/** Position of a branch's label operand (its last operand), for the missing-label message. */
function c2pos(cells: CstCell[], s: Stmt): Pos {
  for (const c of cells) {
    if (c && c.k === 'instr' && c.opcode.line === s.pos.line && c.opcode.col === s.pos.col) {
      const last = c.operands[c.operands.length - 1];
      if (last) return operandPos(last);
    }
  }
  return s.pos;
}

// ---- init block ---------------------------------------------------------------------------

function initBlock(items: CstInit[], nThreads: number, file: string): { locations: LocDecl[]; regInits: RegInit[]; bareInits: Set<string> } {
  const locations: LocDecl[] = [];
  const regInits: RegInit[] = [];
  // Registers initialised without `%` (Dartagnan's spelling), as `tid:name` (threadRegs).
  const bareInits = new Set<string>();
  const seenLoc = new Map<string, Pos>();
  const seenReg = new Set<string>();
  const addLoc = (name: Tok) => {
    const prev = seenLoc.get(name.text);
    if (prev) fail(`location ${name.text} is declared twice (first at line ${prev.line})`, name, file);
    seenLoc.set(name.text, pos(name));
  };
  const thread = (t: Tok): number => {
    const i = threadIndex(t, file);
    if (i >= nThreads) fail(`thread ${t.text} does not exist (the test has ${nThreads} thread${nThreads === 1 ? '' : 's'})`, t, file);
    return i;
  };
  const addReg = (tid: number, r: Tok) => {
    const key = `${tid}:${regName(r)}`;
    if (seenReg.has(key)) fail(`register P${key} is initialised twice`, r, file);
    seenReg.add(key);
  };
  for (const it of items) {
    switch (it.k) {
      case 'loc':
        addLoc(it.name);
        locations.push({ kind: 'value', name: it.name.text, value: numValue(it.value, file), pos: pos(it.name) });
        break;
      case 'typed': {
        addLoc(it.name);
        let space: Space | undefined;
        let type: DataType | undefined;
        // .f32/.f64 data is held as its bits (floatMove): a .b32/.b64 location.
        let floatWidth: 32 | 64 | undefined;
        for (const d of it.directives) {
          const w = d.text.slice(1);
          if (w in SPACE_QUALS) {
            if (space) fail(`'${d.text}': a declaration has one state space`, d, file);
            space = SPACE_QUALS[w];
          } else if (TYPE_SET.has(w) || floatWidthOf(w)) {
            if (type) fail(`'${d.text}': a declaration has one type`, d, file);
            floatWidth = floatWidthOf(w);
            type = (floatWidth ? `b${floatWidth}` : w) as DataType;
          } else fail(`unknown directive '${d.text}' in a declaration (expected a state space like .global and a type like .u32${FLOAT_TYPE.test(w) ? '; of floating-point types, .f32 and .f64' : ''})`, d, file);
        }
        // A 0f (0d) literal gives the bits of a .b32 (.b64) location, as in a PTX module (ptxas).
        const bits = it.value !== null && type !== undefined && hexFloat(it.value.tok.text)?.type === type;
        const decl: LocDecl = { kind: 'value', name: it.name.text, value: it.value ? numValue(it.value, file, bits, bits, floatWidth) : 0n, pos: pos(it.name) };
        if (space) decl.space = space;
        if (type) decl.type = type;
        if (floatWidth) decl.float = true;
        locations.push(decl);
        break;
      }
      case 'alias':
        if (it.kwd.text !== 'aliases') fail(`expected 'aliases', got '${it.kwd.text}'`, it.kwd, file);
        if (!PROXY_NAMES.has(it.proxy.text)) fail(`unknown proxy '${it.proxy.text}' (expected generic, texture, surface or constant)`, it.proxy, file);
        if (it.of.text === it.name.text) fail(`${it.name.text} aliases itself: an alias names another location, declared before it`, it.of, file);
        addLoc(it.name);
        if (!seenLoc.has(it.of.text)) fail(`${it.name.text} aliases ${it.of.text}, which is not declared before it`, it.of, file);
        locations.push({ kind: 'alias', name: it.name.text, proxy: it.proxy.text as Proxy, of: it.of.text, pos: pos(it.name) });
        break;
      case 'reg': {
        const tid = thread(it.thread);
        if (isSpecial(it.reg)) fail(`${it.reg.text} is a special register, which a test cannot set: ${NO_SPECIALS}`, it.reg, file);
        addReg(tid, it.reg);
        if (!it.reg.text.startsWith('%')) bareInits.add(`${tid}:${it.reg.text}`);
        regInits.push({ thread: tid, reg: regName(it.reg), value: numValue(it.value, file), pos: pos(it.reg) });
        break;
      }
      case 'regaddr': {
        const tid = thread(it.thread);
        addReg(tid, it.reg);
        if (!it.reg.text.startsWith('%')) bareInits.add(`${tid}:${it.reg.text}`);
        regInits.push({ thread: tid, reg: regName(it.reg), addressOf: it.loc.text, pos: pos(it.reg) });
        break;
      }
    }
  }
  return { locations, regInits, bareInits };
}

// ---- conditions ----------------------------------------------------------------------------

export interface CondCtx {
  file: string;
  nThreads: number;
  locs: Set<string>;
  /** Per thread, the registers it writes or initialises (what a condition may name). */
  regs: Map<string, ValueType>[];
  /** What names the observables, for messages: the condition unless given. */
  where?: string;
}

function observable(o: CstObservable, cc: CondCtx): Observable {
  if (o.k === 'loc') {
    if (!cc.locs.has(o.tok.text)) fail(`${cc.where ?? 'the condition'} names location '${o.tok.text}', which the test never declares or accesses`, o.tok, cc.file);
    return { kind: 'loc', name: o.tok.text, pos: pos(o.tok) };
  }
  const tid = threadIndex(o.thread, cc.file);
  if (tid >= cc.nThreads) fail(`thread ${o.thread.text} does not exist (the test has ${cc.nThreads} thread${cc.nThreads === 1 ? '' : 's'})`, o.thread, cc.file);
  const reg = regName(o.reg);
  if (!cc.regs[tid]!.has(reg)) {
    fail(`P${tid} never writes or initialises ${o.reg.text}, so its final value says nothing (a misspelt register?)`, o.reg, cc.file);
  }
  return { kind: 'reg', thread: tid, reg, pos: pos(o.reg) };
}

function term(t: CstTerm, cc: CondCtx): Term {
  // A 0f/0d literal compares a location's or register's bits (floating-point data, held so).
  if (t.k === 'const') {
    const c: Term = { kind: 'const', value: numValue(t.num, cc.file, false, true), pos: pos(t.num.minus ?? t.num.tok) };
    if (t.num.float) c.float = t.num.tok.text;
    return c;
  }
  return observable(t, cc);
}

const CMP_TEXT: Record<string, CmpOp> = { '==': 'eq', '=': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' };

/** A condition's expression (also a kernel's `--assert`, kernel/assert.ts). */
/**
 * How deeply a condition may nest (negations, and /\ inside \/ inside /\ ...). Every reader
 * of a condition (both engines, the printer, Z3) recurses on it; a generated condition
 * thousands deep overflowed the stack. A chain of one operator is one node, however long.
 */
export const MAX_CONDITION_DEPTH = 500;

export function expr(e: CstExpr, cc: CondCtx, depth = 0): Expr {
  if (depth > MAX_CONDITION_DEPTH) {
    return fail(`the condition nests deeper than ${MAX_CONDITION_DEPTH} levels (negations, or /\\ and \\/ inside each other)`, e.k === 'cmp' ? e.op : e.tok, cc.file);
  }
  switch (e.k) {
    case 'and':
    case 'or': {
      // The operands of a chain of e's operator, in order, walked without recursion.
      const args: Expr[] = [];
      const todo: CstExpr[] = [e];
      while (todo.length) {
        const x = todo.pop()!;
        if (x.k === e.k) todo.push(x.r, x.l);
        else args.push(expr(x, cc, depth + 1));
      }
      return { kind: e.k, args };
    }
    case 'not':
      return { kind: 'not', arg: expr(e.arg, cc, depth + 1) };
    case 'cmp':
      return { kind: 'cmp', op: CMP_TEXT[e.op.text]!, left: term(e.l, cc), right: term(e.r, cc) };
    case 'bool':
      if (e.tok.text === 'true') return { kind: 'true' };
      if (e.tok.text === 'false') return { kind: 'false' };
      return fail(`'${e.tok.text}' is not a condition (expected a comparison such as P0:r0 == 1)`, e.tok, cc.file);
  }
}

// ---- doc strings --------------------------------------------------------------------------

/**
 * Splits the text before the init block into doc strings. A doc string may itself quote
 * text (`means "No, but ..."`), so among the ways to cut the text into quoted strings, each
 * on its own line(s), we take the one with the most strings.
 */
function docStrings(t: Tok | null, file: string): string[] {
  if (t === null) return [];
  const text = t.text;
  const quotes: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === '"') quotes.push(i);
  // Between doc strings, comments are blank too, as they are everywhere else in a test.
  const blank = (a: number, b: number, needNewline: boolean): boolean => {
    const gap = text.slice(a, b);
    return gap.replace(/\(\*[\s\S]*?\*\)|\/\/[^\n]*/g, '').trim() === '' && (!needNewline || gap.includes('\n'));
  };
  // best[k]: the most doc strings that exactly cover the text from quote k to the end.
  const best = new Map<number, string[] | null>();
  const from = (k: number): string[] | null => {
    if (best.has(k)) return best.get(k)!;
    let result: string[] | null = null;
    for (let j = k + 1; j < quotes.length; j++) {
      const end = quotes[j]!;
      const rest = j + 1 < quotes.length ? quotes[j + 1]! : -1;
      let tail: string[] | null;
      if (rest < 0) tail = blank(end + 1, text.length, false) ? [] : null;
      else tail = blank(end + 1, rest, true) ? from(j + 1) : null;
      // A doc string over several lines of a CRLF file holds LF line ends, as the printer writes them.
      if (tail && (!result || tail.length + 1 > result.length)) result = [text.slice(quotes[k]! + 1, end).replace(/\r\n?/g, '\n'), ...tail];
    }
    best.set(k, result);
    return result;
  };
  const start = quotes[0];
  const docs = start !== undefined && blank(0, start, false) ? from(0) : null;
  if (!docs) {
    const off = text.search(/\S/);
    const before = text.slice(0, off);
    const line = t.line + (before.match(/\n/g)?.length ?? 0);
    const col = off - before.lastIndexOf('\n');
    fail('expected doc strings in double quotes, or the init block {...}', { line, col: before.includes('\n') ? col : t.col + off }, file);
  }
  return docs;
}

// ---- the whole file ----------------------------------------------------------------------------

/** Does the test use genuine-PTX syntax anywhere (registers with %, [addresses], types, bar without .cta)? */
function isGenuine(cst: CstFile): boolean {
  if (cst.init.some((i) => i.k === 'typed' || ('reg' in i && i.reg.text.startsWith('%')))) return true;
  for (const row of cst.rows) {
    for (const c of row.cells) {
      if (!c || c.k !== 'instr') continue;
      if (writtenInPtx(c)) return true;
      const parts = c.opcode.text.split('.');
      // Genuine bar forms (bar.sync, bar.arrive, bar.red, bar.warp.sync); a misspelt scope
      // (bar.gpu.sync) is Dartagnan's dialect with an unknown qualifier, said at its place.
      if (parts[0] === 'barrier' || (parts[0] === 'bar' && ['sync', 'arrive', 'red', 'warp'].includes(parts[1] ?? ''))) return true;
    }
  }
  return false;
}

/**
 * A CTA lies in one cluster (ISA §2.2.2): every thread of a CTA names the same cluster, or none
 * (a cluster of that CTA alone). Both engines take this for granted. And no two threads are one warp.
 */
function checkClusters(placements: readonly Placement[], file: string): void {
  const first = new Map<string, Placement>();
  const clusterText = (p: Placement): string => (p.cluster === undefined ? 'no cluster' : `cluster ${p.cluster}`);
  for (const p of placements) {
    const key = `${p.gpu}/${p.cta}`;
    const q = first.get(key);
    if (q === undefined) first.set(key, p);
    else if (q.cluster !== p.cluster) {
      fail(`P${p.id} puts CTA ${p.cta} of GPU ${p.gpu} in ${clusterText(p)}, but P${q.id} puts it in ${clusterText(q)} (a CTA is in one cluster)`, p.pos, file);
    }
  }
  // A litmus thread stands for a whole warp (its barrier arrivals count 32 threads): two
  // cannot be one warp, where barriers would count its threads twice.
  const warps = new Map<string, Placement>();
  for (const p of placements) {
    if (p.warp === undefined) continue;
    const key = `${p.gpu}/${p.cta}/${p.warp}`;
    const q = warps.get(key);
    if (q) fail(`P${p.id} is placed in warp ${p.warp} of CTA ${p.cta}, as P${q.id} is: a litmus thread stands for a whole warp, so two cannot share one (give each its own warp number)`, p.pos, file);
    warps.set(key, p);
  }
}

export function buildTest(cst: CstFile, file: string): LitmusTest {
  const placements = cst.threads.list.map((p, i) => placement(p, i, file));
  checkClusters(placements, file);
  const n = placements.length;
  const { locations, regInits, bareInits } = initBlock(cst.init, n, file);
  const ctx: Ctx = { file, genuine: isGenuine(cst), regs: new Set(), locNames: new Set(locations.map((l) => l.name)) };

  const columns: CstCell[][] = placements.map(() => []);
  for (const row of cst.rows) {
    if (row.cells.length !== n) {
      fail(`row has ${row.cells.length} column${row.cells.length === 1 ? '' : 's'} but the placement row names ${n} thread${n === 1 ? '' : 's'}`, row.end, file);
    }
    row.cells.forEach((c, i) => columns[i]!.push(c));
  }
  const threads = placements.map((pl, i) => buildThread(pl, columns[i]!, regInits, bareInits, ctx));

  for (const r of regInits) {
    if ('addressOf' in r && !locations.some((l) => l.name === r.addressOf)) {
      // Undeclared locations start at 0; an address taken of one declares it.
      locations.push({ kind: 'value', name: r.addressOf, value: 0n, pos: r.pos });
    }
  }
  const locs = new Set(locations.map((l) => l.name));
  for (const t of threads) {
    for (const s of t.code) {
      if ('addr' in s && s.addr.kind === 'loc') locs.add(s.addr.name);
      if (s.op === 'mov' && s.src.kind === 'loc') locs.add(s.src.name);
    }
  }

  const regs = threads.map((t) => threadRegisters(regInits, t));
  const cc: CondCtx = { file, nThreads: n, locs, regs };
  let condition: Condition | undefined;
  let filter: Expr | undefined;
  const observed: Observable[] = [];
  for (const t of cst.tail) {
    if (t.k === 'locations') {
      observed.push(...t.list.map((o) => observable(o, { ...cc, where: '`locations`' })));
    } else if (t.k === 'filter') {
      if (filter) fail('a test has one filter', t.tok, file);
      filter = expr(t.expr, { ...cc, where: 'the filter' });
    } else {
      if (condition) fail('a test has one final condition', t.tok, file);
      condition = { quantifier: t.k as Quantifier, expr: expr(t.expr, cc), pos: pos(t.tok) };
    }
  }
  if (!condition) {
    const last = cst.rows[cst.rows.length - 1]?.end ?? cst.threads.end;
    fail('the test has no final condition (exists, ~exists or forall)', last, file);
  }
  const test: LitmusTest = {
    arch: cst.arch.text,
    name: cst.name.text.trim(),
    docs: docStrings(cst.docs, file),
    locations,
    regInits,
    threads,
    observed,
    condition,
    file,
  };
  if (filter) test.filter = filter;
  checkInitialValues(test, file);
  checkConstants(test, file);
  checkSpaces(test, file);
  checkBarriers(test, file, ctx.genuine);
  return test;
}

/**
 * An access that names a state space must name its location's (ptxas: "State space mismatch
 * between instruction and address"); a generic access reaches every space, and a
 * .shared::cluster access reaches the CTA's .shared variables too.
 */
function checkSpaces(test: LitmusTest, file: string): void {
  const declared = new Map<string, Space>();
  for (const l of test.locations) if (l.kind === 'value' && l.space) declared.set(l.name, l.space);
  for (const t of test.threads) {
    for (const s of t.code) {
      if (s.op === 'mov' && s.cvta && s.src.kind === 'loc') {
        const d = declared.get(s.src.name);
        const want = cvtaSpace(s.cvta);
        if (d !== undefined && d !== want) fail(`${s.src.name} is declared in ${SPACE_NAME[d]}, but cvta.${s.cvta} takes the address of a ${SPACE_NAME[want]} variable`, s.src.pos ?? s.pos, file);
        continue;
      }
      if (!(s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') || s.addr.kind !== 'loc' || s.space === 'generic') continue;
      const d = declared.get(s.addr.name);
      if (d === undefined || d === s.space || (d === 'shared' && s.space === 'shared_cluster')) continue;
      fail(`${s.addr.name} is declared in ${SPACE_NAME[d]}, but this ${s.op} accesses ${SPACE_NAME[s.space]} (write ${SPACE_NAME[d]}, or no space for a generic access)`, s.addr.pos ?? s.pos, file);
    }
  }
}


/**
 * A constant compared with a register or location must be a value of its type: `P0:r1 == -1`
 * can never hold for a .u32 register, and saying so beats answering as if it could. (Also
 * for a kernel's assertions, kernel/assert.ts.)
 */
export function checkConstants(test: LitmusTest, file: string, unsignedHint?: (o: Observable) => string): void {
  const typeOf = observableTypes(test, file);
  const visit = (e: Expr): void => {
    if (e.kind === 'and' || e.kind === 'or') e.args.forEach(visit);
    else if (e.kind === 'not') visit(e.arg);
    else if (e.kind === 'cmp') {
      for (const [c, o] of [[e.left, e.right], [e.right, e.left]] as const) {
        if (c.kind !== 'const' || o.kind === 'const') continue;
        const t = typeOf(o);
        const [lo, hi] = typeRange(t);
        const hint = t.signed || !unsignedHint ? '' : unsignedHint(o);
        if (c.value < lo || c.value > hi) {
          fail(`${c.float ?? c.value} is not a value of ${observableName(o)}, ${typeName(t)} (${lo} .. ${hi}): the comparison cannot depend on the execution${hint}`, c.pos ?? test.condition.pos, file);
        }
        // Nor may the type alone decide an order comparison: `count < 0` and `count >= 0` for
        // an unsigned count (a C int that nvcc declared .u32), `x <= 255` for a .u8.
        const op = c === e.left ? FLIPPED[e.op] : e.op;
        const fixed = typeDecides(op, c.value, [lo, hi]);
        if (fixed !== null) {
          const shown = c.float ?? c.value;
          const written = c === e.left ? `${shown} ${CMP_SYMBOL[e.op]} ${observableName(o)}` : `${observableName(o)} ${CMP_SYMBOL[e.op]} ${shown}`;
          fail(`${written} is ${fixed} whatever the execution: ${observableName(o)} is ${typeName(t)} (${lo} .. ${hi})${hint}`, c.pos ?? test.condition.pos, file);
        }
      }
    }
  };
  visit(test.condition.expr);
  if (test.filter) visit(test.filter);
}

/**
 * A location's initial value must fit its width, read signed or unsigned (`.u32 x = -1` is
 * 0xffffffff, as ptxas reads it): `.u32 x = 4294967296` or `.u8 x = 300` was cut to its low
 * bits without a word, an answer about another test than the one written.
 */
export function checkInitialValues(test: LitmusTest, file: string): void {
  const lay = layout(test, (m) => fail(m, test.condition.pos, file));
  for (const d of test.locations) {
    if (d.kind !== 'value') continue;
    const w = lay.locs[lay.locOf.get(d.name)!]!.width;
    if (!fitsBits(d.value, w)) {
      fail(`the initial value ${d.value} does not fit ${d.name}, ${w === 8 ? 'an' : 'a'} ${w}-bit location (${bitsRange(w).join(' .. ')}, read signed or unsigned)`, d.pos, file);
    }
  }
}

/** How the condition's observables read: each register's and location's static type. */
function observableTypes(test: LitmusTest, file: string): (o: Observable) => ValueType {
  const lay = layout(test, (m) => fail(m, test.condition.pos, file));
  const regs = test.threads.map((t) => threadRegisters(test.regInits, t));
  return (o) => (o.kind === 'reg' ? regs[o.thread]!.get(o.reg)! : lay.locs[lay.locOf.get(o.name)!]!);
}

/**
 * `e` with each negative constant that an == or != compares with an unsigned value replaced
 * by its two's-complement bits at that value's width (`out == -2` for a 32-bit out is
 * `out == 4294967294`). For a kernel's assertions (kernel/assert.ts): nvcc declares a C `int`
 * as .u32 (or within a .b8 array), so there the type is not the writer's and -2 is what the
 * source means. A constant no reading of the width holds is left for checkConstants to refuse.
 */
export function twosComplement(test: LitmusTest, e: Expr, file: string): Expr {
  const typeOf = observableTypes(test, file);
  const wrap = (c: Term, o: Term): Term => {
    if (c.kind !== 'const' || o.kind === 'const' || c.value >= 0n) return c;
    const t = typeOf(o);
    const w = BigInt(t.width);
    if (t.signed || t.width < 2 || c.value < -(1n << (w - 1n))) return c;
    return { ...c, value: c.value + (1n << w) };
  };
  const go = (x: Expr): Expr => {
    switch (x.kind) {
      case 'and': case 'or': return { kind: x.kind, args: x.args.map(go) };
      case 'not': return { kind: 'not', arg: go(x.arg) };
      case 'cmp': return x.op === 'eq' || x.op === 'ne' ? { ...x, left: wrap(x.left, x.right), right: wrap(x.right, x.left) } : x;
      default: return x;
    }
  };
  return go(e);
}

const typeName = (t: ValueType): string => (t.width === 1 ? 'a predicate' : `${t.signed ? 'a signed' : 'an unsigned'} ${t.width}-bit value`);
