// fast-check arbitraries for litmus ASTs in the canonical shape the parser produces, so
// that print -> parse can be checked to give the same AST back. Also the basis for
// generating programs to fuzz the model with.
import fc from 'fast-check';
import type {
  Address, AtomOp, Bar, CmpOp, CvtType, DataType, FloatOp, IntRounding, Rounding, Expr, Imm, Instr, LitmusTest, LocDecl, Observable, Ordering, Proxy, Reg,
  RegInit, Scope, Space, Stmt, Term, Thread, Value,
} from './ast.js';
import { testedObservables, typeRange, typeWidth } from './ast.js';
import { nextUse } from './barriers.js';
import { floatArity, floatWidths } from './floats.js';
import { layout } from './layout.js';
import { FLIPPED, registersRead, threadRegisters, typeDecides, widthMismatch } from './types.js';

const P = { line: 0, col: 0 };
const SCOPES: Scope[] = ['cta', 'cluster', 'gpu', 'sys'];
const TYPES: DataType[] = ['u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'b8', 'b16', 'b32', 'b64'];
/** mov and setp have no 8-bit types. */
const WIDE_TYPES = TYPES.filter((t) => !t.endsWith('8'));
/** The type Dartagnan's untyped atom/red takes (litmus/build.ts checkAtomType). */
const DIALECT_TYPE: Record<AtomOp, DataType> = {
  add: 'u32', sub: 'u32', inc: 'u32', dec: 'u32', min: 'u32', max: 'u32', and: 'b32', or: 'b32', xor: 'b32', exch: 'b32', cas: 'b32',
};
const SPACES: Space[] = ['generic', 'global', 'shared', 'shared_cluster'];
const PROXIES: Proxy[] = ['generic', 'texture', 'surface', 'constant'];
const CMPS: CmpOp[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];
const LOCS = ['x', 'y', 'z', 'flag', 'data'];
const REGS = ['r0', 'r1', 'r2', 'r3', 'rd1'];
const PREDS = ['p0', 'p1'];

// Small values mostly; now and then one at the edge of a type, where truncation, sign
// extension and the 64-bit limits of the front end meet.
const EDGES = [-(1n << 63n), (1n << 63n) - 1n, (1n << 64n) - 1n, -(1n << 31n), (1n << 31n) - 1n, 1n << 31n, (1n << 32n) - 1n, 1n << 32n, -1n, 255n, 256n, -129n, 65535n, 65536n];
const int = fc.oneof({ weight: 6, arbitrary: fc.bigInt({ min: -1000n, max: 1n << 20n }) }, { weight: 1, arbitrary: fc.constantFrom(...EDGES) });
const reg = (names: string[]): fc.Arbitrary<Reg> => fc.constantFrom(...names).map((name) => ({ kind: 'reg', name }));
const value: fc.Arbitrary<Value> = fc.oneof(reg(REGS), int.map((v) => ({ kind: 'imm' as const, value: v })));
// A register is a predicate or a value (PTX gives it one type): .pred instructions read and write PREDS only.
const predValue: fc.Arbitrary<Value> = fc.oneof(reg(PREDS), fc.constantFrom(0n, 1n).map((v) => ({ kind: 'imm' as const, value: v })));
const address: fc.Arbitrary<Address> = fc.oneof(
  fc.constantFrom(...LOCS).map((name) => ({ kind: 'loc' as const, name })),
  reg(['rd1']),
);
const strong = (sems: Exclude<Ordering['sem'], 'weak'>[]): fc.Arbitrary<Ordering> =>
  fc.record({ sem: fc.constantFrom(...sems), scope: fc.constantFrom(...SCOPES) });
const ordering = (sems: Exclude<Ordering['sem'], 'weak'>[]): fc.Arbitrary<Ordering> =>
  fc.oneof(fc.constant<Ordering>({ sem: 'weak' }), strong(sems));

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

/**
 * A generic .b32/.b64 ld, st, mov or selp as its .f32/.f64 form (build.ts floatMove: the same
 * bits), and a generic atom.add or red.add as the float addition of its width, immediates
 * unsigned, as a 0f/0d literal reads back; any other instruction as it is.
 */
function asFloat(i: Instr): Instr {
  // A generic atom.add or red.add of 32 or 64 bits as the float addition of its width.
  if ((i.op === 'atom' || (i.op === 'red' && i.ord.sem !== 'acq_rel')) && i.aop === 'add' && i.proxy === 'generic' && typeWidth(i.type) >= 32) {
    const type: DataType = typeWidth(i.type) === 64 ? 'b64' : 'b32';
    return { ...i, type, float: true, b: i.b.kind === 'imm' ? { ...i.b, value: BigInt.asUintN(typeWidth(type), i.b.value) } : i.b };
  }
  if (!('type' in i) || (i.type !== 'b32' && i.type !== 'b64')) return i;
  const bits = (v: Value): Value => (v.kind === 'imm' ? { ...v, value: BigInt.asUintN(typeWidth(i.type), v.value) } : v);
  switch (i.op) {
    case 'ld': return i.proxy === 'generic' && !i.mmio && !i.nc ? { ...i, float: true } : i;
    case 'st': return i.proxy === 'generic' && !i.mmio ? { ...i, float: true, src: bits(i.src) } : i;
    case 'mov': return !i.cvta && i.src.kind !== 'loc' ? { ...i, float: true, src: bits(i.src) } : i;
    case 'selp': return { ...i, float: true, a: bits(i.a), b: bits(i.b) };
    default: return i;
  }
}

function instr(labels: string[]): fc.Arbitrary<Instr> {
  const mem = { space: pick(SPACES), proxy: pick(PROXIES), type: pick(TYPES), pos: fc.constant(P) };
  // `.mmio`: relaxed.sys, generic or global memory, no other proxy (`ld.mmio.relaxed.sys.global.u32`).
  const mmioMem = { ...mem, space: pick<Space>(['generic', 'global']), proxy: fc.constant<Proxy>('generic') };
  const ld = fc.oneof(
    fc.record({ op: fc.constant('ld' as const), ord: ordering(['relaxed', 'acquire']), dst: reg(REGS), addr: address, ...mem }),
    fc.record({ op: fc.constant('ld' as const), ord: fc.constant<Ordering>({ sem: 'relaxed', scope: 'sys' }), volatile: fc.constant(true), dst: reg(REGS), addr: address, ...mem }),
    fc.record({ op: fc.constant('ld' as const), ord: fc.constant<Ordering>({ sem: 'relaxed', scope: 'sys' }), mmio: fc.constant(true), dst: reg(REGS), addr: address, ...mmioMem }),
  );
  // Only loads exist for every proxy; stores and read-modify-writes go through generic or surface.
  const writeProxy = pick<Proxy>(['generic', 'surface']);
  const st = fc.oneof(
    fc.record({ op: fc.constant('st' as const), ord: ordering(['relaxed', 'release']), addr: address, src: value, ...mem, proxy: writeProxy }),
    fc.record({ op: fc.constant('st' as const), ord: fc.constant<Ordering>({ sem: 'relaxed', scope: 'sys' }), mmio: fc.constant(true), addr: address, src: value, ...mmioMem }),
  );
  // As ptxas has them: .add has no .s64; .sub exists only in Dartagnan's untyped form (u32).
  const atomType = (aop: AtomOp): fc.Arbitrary<DataType> =>
    aop === 'cas' ? pick<DataType>(['b16', 'b32', 'b64'])
      : ['and', 'or', 'xor', 'exch'].includes(aop) ? pick<DataType>(['b32', 'b64'])
      : aop === 'inc' || aop === 'dec' || aop === 'sub' ? fc.constant<DataType>('u32')
      : aop === 'add' ? pick<DataType>(['u32', 's32', 'u64'])
      : pick<DataType>(['u32', 's32', 'u64', 's64']);
  const atom = pick<AtomOp>(['add', 'sub', 'inc', 'dec', 'min', 'max', 'and', 'or', 'xor', 'exch', 'cas']).chain((aop) =>
    fc.record({
      op: fc.constant('atom' as const), ord: strong(['relaxed', 'acquire', 'release', 'acq_rel']), space: pick(SPACES),
      proxy: writeProxy, type: atomType(aop), aop: fc.constant(aop), dst: reg(REGS), addr: address, b: value, pos: fc.constant(P),
    }).chain((a) => (aop === 'cas' ? value.map((c) => ({ ...a, c })) : fc.constant(a))),
  );
  const red = pick<Exclude<AtomOp, 'exch' | 'cas'>>(['add', 'sub', 'inc', 'dec', 'min', 'max', 'and', 'or', 'xor']).chain((aop) =>
    fc.record({
      op: fc.constant('red' as const), ord: strong(['relaxed', 'release', 'acq_rel']), space: pick(SPACES), proxy: writeProxy,
      type: atomType(aop), aop: fc.constant(aop), addr: address, b: value, pos: fc.constant(P),
    }).map((r) => (r.ord.sem === 'acq_rel' ? { ...r, type: DIALECT_TYPE[aop] } : r)),
  );
  const fence = fc.oneof(
    fc.record({ op: fc.constant('fence' as const), sem: pick(['sc', 'acq_rel'] as const), scope: pick(SCOPES), form: fc.constant('fence' as const), pos: fc.constant(P) }),
    fc.record({ op: fc.constant('fence' as const), sem: fc.constant('sc' as const), scope: pick(['cta', 'gpu', 'sys'] as const), form: fc.constant('membar' as const), pos: fc.constant(P) }),
    fc.record({ op: fc.constant('fence.proxy' as const), kind: pick(['alias', 'texture', 'surface', 'constant', 'async'] as const), pos: fc.constant(P) }),
  );
  const nonZero = value.filter((v) => !(v.kind === 'imm' && v.value === 0n));
  // Genuine barrier counts are threads, in whole warps.
  const warpCount: fc.Arbitrary<Value> = fc.oneof(reg(REGS), fc.integer({ min: 1, max: 8 }).map((k) => ({ kind: 'imm' as const, value: BigInt(32 * k) })));
  // PTX has barriers 0 to 15, and bar.arrive always names its thread count.
  const barId: fc.Arbitrary<Value> = fc.oneof(reg(REGS), fc.bigInt({ min: 0n, max: 15n }).map((value) => ({ kind: 'imm' as const, value })));
  const bar = fc.oneof(
    fc.record(
      { op: fc.constant('bar' as const), mode: fc.constant('sync' as const), form: pick(['bar', 'barrier'] as const), id: barId, count: warpCount, pos: fc.constant(P) },
      { requiredKeys: ['op', 'mode', 'form', 'id', 'pos'] },
    ),
    fc.record({ op: fc.constant('bar' as const), mode: fc.constant('arrive' as const), form: pick(['bar', 'barrier'] as const), id: barId, count: warpCount, pos: fc.constant(P) }),
    fc.record(
      { op: fc.constant('bar' as const), mode: pick(['sync', 'arrive'] as const), form: fc.constant('bar' as const), instance: value, id: value, count: nonZero, pos: fc.constant(P) },
      { requiredKeys: ['op', 'mode', 'form', 'instance', 'id', 'pos'] },
    ),
  );
  const mov = fc.oneof(
    fc.record({ op: fc.constant('mov' as const), type: pick(WIDE_TYPES), dst: reg(REGS), src: value, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('mov' as const), type: fc.constant<DataType>('u64'), dst: reg(['rd1']), src: pick(LOCS).map((name) => ({ kind: 'loc' as const, name })), pos: fc.constant(P) }),
    fc.record({ op: fc.constant('mov' as const), type: fc.constant<DataType>('pred'), dst: reg(PREDS), src: predValue, pos: fc.constant(P) }),
  );
  const unary = fc.oneof(
    fc.record({ op: fc.constant('unary' as const), uop: fc.constant('not' as const), type: pick<DataType>(['b16', 'b32', 'b64']), dst: reg(REGS), a: value, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('unary' as const), uop: fc.constant('not' as const), type: fc.constant<DataType>('pred'), dst: reg(PREDS), a: predValue, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('unary' as const), uop: fc.constant('neg' as const), type: pick<DataType>(['s16', 's32', 's64']), dst: reg(REGS), a: value, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('unary' as const), uop: pick(['popc', 'clz', 'brev'] as const), type: pick<DataType>(['b32', 'b64']), dst: reg(REGS), a: value, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('unary' as const), uop: fc.constant('abs' as const), type: pick<DataType>(['s16', 's32', 's64']), dst: reg(REGS), a: value, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('unary' as const), uop: fc.constant('bfind' as const), type: pick<DataType>(['u32', 's32', 'u64', 's64']), dst: reg(REGS), a: value, pos: fc.constant(P) })
      .chain((u) => fc.boolean().map((s): Instr => (s ? { ...u, shiftamt: true } : u))),
  );
  const shf = fc.record({
    op: fc.constant('alu' as const), aop: fc.constant('shf' as const), type: fc.constant<DataType>('b32'), funnel: fc.record({ left: fc.boolean(), clamp: fc.boolean() }),
    dst: reg(REGS), a: value, b: value, c: value, pos: fc.constant(P),
  });
  // bfe, bfi and prmt; an immediate position or length is 0..255 (ptxas), a register's low 8 bits count.
  const field: fc.Arbitrary<Value> = fc.oneof(reg(REGS), fc.bigInt({ min: 0n, max: 255n }).map((value) => ({ kind: 'imm' as const, value })));
  const bitField = fc.oneof(
    fc.record({ op: fc.constant('alu' as const), aop: fc.constant('bfe' as const), type: pick<DataType>(['u32', 's32', 'u64', 's64']), dst: reg(REGS), a: value, b: field, c: field, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('alu' as const), aop: fc.constant('bfi' as const), type: pick<DataType>(['b32', 'b64']), dst: reg(REGS), a: value, b: value, c: field, d: field, pos: fc.constant(P) }),
    fc.record({ op: fc.constant('alu' as const), aop: fc.constant('prmt' as const), type: fc.constant<DataType>('b32'), dst: reg(REGS), a: value, b: value, c: value, pos: fc.constant(P) }),
  );
  // A divisor is a non-zero immediate: the executor refuses a zero one, and one read from
  // memory could be zero (any value for the solver, which brute force cannot evaluate).
  const divisor = int.filter((v) => v !== 0n).map((v): Value => ({ kind: 'imm', value: v }));
  const sad = fc.record({ op: fc.constant('alu' as const), aop: fc.constant('sad' as const), type: pick<DataType>(['u16', 's16', 'u32', 's32', 'u64', 's64']), dst: reg(REGS), a: value, b: value, c: value, pos: fc.constant(P) });
  const alu = pick(['add', 'sub', 'mul', 'and', 'or', 'xor', 'div', 'rem'] as const).chain((aop) =>
    fc.record({
      op: fc.constant('alu' as const), aop: fc.constant(aop),
      type: ['and', 'or', 'xor'].includes(aop) ? pick<DataType>(['b32', 'b64', 'pred']) : pick<DataType>(['u32', 's32', 'u64', 's64', 'u16']),
      dst: reg(REGS), a: value, b: aop === 'div' || aop === 'rem' ? divisor : value, pos: fc.constant(P),
    }).chain((a) => (a.type === 'pred' ? fc.record({ dst: reg(PREDS), a: predValue, b: predValue }).map((ops): Instr => ({ ...a, ...ops }))
      : aop !== 'mul' ? fc.constant(a as Instr)
      // mul.lo, mul.hi, or mul.wide (16- and 32-bit types only).
      : pick(['lo', 'hi', ...(['u32', 's32', 'u16'].includes(a.type) ? ['wide'] : [])]).map((half): Instr =>
        (half === 'lo' ? a : half === 'hi' ? { ...a, hi: true } : { ...a, wide: true })))),
  );
  // Only eq and ne compare untyped bits.
  const setp = pick(WIDE_TYPES).chain((type) => fc.record({
    op: fc.constant('setp' as const), cmp: pick(type.startsWith('b') ? ['eq', 'ne'] as const : CMPS), type: fc.constant(type),
    dst: reg(PREDS), a: value, b: value, pos: fc.constant(P),
  }));
  // Float arithmetic, comparisons and conversions, with the qualifiers each takes (build.ts
  // floatInstruction). A mul always rounds as written: one without, read by an add without,
  // is refused (ptxas may fuse the two).
  const fbits = (w: number): fc.Arbitrary<Value> => fc.oneof(reg(REGS), fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n }).map((v) => ({ kind: 'imm' as const, value: v })));
  const rnd = pick(['rn', 'rz', 'rm', 'rp'] as const);
  const arith = fc.record({ fn: pick(['add', 'sub', 'mul', 'fma', 'div', 'rcp', 'sqrt', 'min', 'max', 'neg', 'abs', 'copysign'] as const), w: pick([32, 64] as const), r: rnd, keep: fc.boolean(), ftz: fc.boolean(), sat: fc.boolean(), nan: fc.boolean(), mad: fc.boolean() })
    .map(({ fn, w, r, keep, ftz, sat, nan, mad }): FloatOp => {
      const saturating = fn === 'add' || fn === 'sub' || fn === 'mul' || fn === 'fma';
      const always = fn === 'mul' || fn === 'fma' || fn === 'div' || fn === 'rcp' || fn === 'sqrt';
      return {
        fn, w, rnd: always || (saturating && keep) ? r : null, ftz: ftz && w === 32 && fn !== 'copysign', sat: sat && saturating && w === 32,
        nan: nan && (fn === 'min' || fn === 'max') && w === 32, mad: mad && fn === 'fma',
      };
    });
  const fsetp = fc.record({ w: pick([32, 64] as const), cmp: pick(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan'] as const), ftz: fc.boolean() })
    .map(({ w, cmp, ftz }): FloatOp => ({ fn: 'setp', w, cmp, ftz: ftz && w === 32 }));
  const fcvt = fc.record({ f: pick(['f32', 'f64'] as const), i: pick(['s32', 'u32', 's64', 'u64', 's16', 'u8'] as const), dir: fc.nat(3), r: rnd, ir: pick(['rni', 'rzi', 'rmi', 'rpi'] as const), ftz: fc.boolean(), sat: fc.boolean() })
    .map(({ f, i, dir, r, ir, ftz, sat }): FloatOp => {
      const [to, from, rd]: [CvtType, CvtType, Rounding | IntRounding | null] = dir === 0 ? [f, i, r] : dir === 1 ? [i, f, ir] : dir === 2 ? (f === 'f32' ? ['f32', 'f64', r] : ['f64', 'f32', null]) : [f, f, sat ? null : ir];
      return { fn: 'cvt', to, from, rnd: rd, ftz: ftz && (to === 'f32' || from === 'f32'), sat };
    });
  const fop = fc.oneof(arith, fsetp, fcvt).chain((f) => {
    const { args } = floatWidths(f);
    return fc.record({ op: fc.constant('fop' as const), f: fc.constant(f), dst: reg(f.fn === 'setp' ? PREDS : REGS), args: fc.array(fbits(args), { minLength: floatArity(f), maxLength: floatArity(f) }), pos: fc.constant(P) });
  });
  const nanosleep = fc.record({ op: fc.constant('nanosleep' as const), t: value, pos: fc.constant(P) });
  const jumps: fc.Arbitrary<Instr>[] = labels.length === 0 ? [] : [
    fc.record({ op: fc.constant('bra' as const), target: pick(labels), pos: fc.constant(P) }),
    fc.record({ op: fc.constant('bcmp' as const), cmp: pick(CMPS), a: value, b: value, target: pick(labels), pos: fc.constant(P) }),
  ];
  const any: fc.Arbitrary<Instr> = fc.tuple(fc.oneof(...([ld, st, atom, red, fence, bar, mov, unary, alu, sad, shf, bitField, setp, fop, nanosleep, ...jumps] as fc.Arbitrary<Instr>[])), fc.boolean())
    .map(([i, f]) => (f ? asFloat(i) : i));
  // A guard makes an instruction genuine PTX: Dartagnan-only forms stay unguarded.
  const dialectOnly = (i: Instr): boolean => (i.op === 'atom' || i.op === 'red') && (i.aop === 'sub' || i.ord.sem === 'acq_rel' && i.op === 'red');
  return fc.tuple(any, fc.option(fc.record({ reg: reg(PREDS), negated: fc.boolean() }), { nil: undefined })).map(([i, g]) =>
    g && !dialectOnly(i) ? { ...i, guard: g } : i,
  );
}

function thread(id: number): fc.Arbitrary<Thread> {
  return fc.uniqueArray(pick(['L0', 'L1', 'L2', 'LC00']), { maxLength: 2 }).chain((labels) =>
    fc.tuple(
      fc.array(instr(labels), { maxLength: 5 }),
      fc.record({ cta: fc.nat(3), gpu: fc.nat(1) }),
      fc.option(fc.nat(2), { nil: undefined }),
      fc.option(fc.nat(2), { nil: undefined }),
      fc.array(fc.nat(6), { minLength: labels.length, maxLength: labels.length }),
    ).map(([ins, pl, cluster, warp, at]) => {
      const code: Stmt[] = [...ins];
      labels.forEach((name, i) => code.splice(Math.min(at[i]!, code.length), 0, { op: 'label', name, pos: P }));
      const placement: Thread['placement'] = { id, ...pl, pos: P };
      if (cluster !== undefined) placement.cluster = cluster;
      if (warp !== undefined) placement.warp = warp;
      return { placement, code };
    }),
  );
}

function expr(nThreads: number, locs: string[], depth: number): fc.Arbitrary<Expr> {
  const obs: fc.Arbitrary<Observable> = fc.oneof(
    fc.record({ kind: fc.constant('reg' as const), thread: fc.nat(nThreads - 1), reg: pick(REGS) }),
    ...(locs.length ? [pick(locs).map((name) => ({ kind: 'loc' as const, name }))] : []),
  );
  const term: fc.Arbitrary<Term> = fc.oneof(obs, int.map((value) => ({ kind: 'const' as const, value })));
  const cmp = fc.record({ kind: fc.constant('cmp' as const), op: pick(CMPS), left: term, right: term });
  if (depth === 0) return fc.oneof(cmp, fc.constant<Expr>({ kind: 'true' }));
  const sub = expr(nThreads, locs, depth - 1);
  // and/or are n-ary and flattened, as the parser builds them.
  const nary = (kind: 'and' | 'or') =>
    fc.array(sub, { minLength: 2, maxLength: 3 }).map((args) => ({
      kind,
      args: args.flatMap((a) => (a.kind === kind ? a.args : [a])),
    }));
  return fc.oneof({ weight: 3, arbitrary: cmp }, nary('and'), nary('or'), sub.map((arg) => ({ kind: 'not' as const, arg })));
}

export const litmusTest: fc.Arbitrary<LitmusTest> = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.tuple(
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9+_.-]{0,15}$/),
    fc.array(fc.stringMatching(/^[A-Za-z0-9 .,:-]{1,30}$/), { maxLength: 2 }),
    fc.subarray(LOCS),
    fc.tuple(...Array.from({ length: n }, (_, i) => thread(i))),
    fc.array(fc.record({ thread: fc.nat(n - 1), reg: pick(REGS), value: int }), { maxLength: 4 }),
  ).chain(([name, docs, declared, threads, inits]) => {
    const locations: LocDecl[] = declared.map((l, i) =>
      i === 2 && declared[0] ? { kind: 'alias', name: l, proxy: 'surface', of: declared[0], pos: P }
        : i === 1 ? { kind: 'value', name: l, value: 0n, space: 'global', type: 'u32', pos: P }
        : { kind: 'value', name: l, value: BigInt(i), pos: P },
    );
    // Locations that are only accessed still exist (starting at 0): the parser collects them.
    const seen = new Set<string>();
    const regInits: RegInit[] = inits
      .filter((r) => !seen.has(`${r.thread}:${r.reg}`) && seen.add(`${r.thread}:${r.reg}`))
      .map((r) => ({ ...r, pos: P }));
    return fc.tuple(
      expr(n, declared, 2),
      fc.option(expr(n, declared, 1), { nil: undefined }),
      pick(['exists', 'not exists', 'forall'] as const),
      fc.array(fc.oneof(
        fc.record({ kind: fc.constant('reg' as const), thread: fc.nat(n - 1), reg: pick(REGS) }),
        ...(declared.length ? [pick(declared).map((name): Observable => ({ kind: 'loc', name }))] : []),
      ), { maxLength: 2 }),
    ).map(([cond, filter, quantifier, observed]) => {
      const t: LitmusTest = {
        arch: 'PTX', name, docs, locations, regInits, threads, observed,
        condition: { quantifier, expr: cond, pos: P },
      };
      if (filter) t.filter = filter;
      return wellFormed(t);
    });
  }),
// PTX gives a register one width (types.ts widthMismatch): the instructions drawn above share
// registers across types, and about half of the tests use one at two widths, which the parser
// refuses. Those are drawn again.
).filter((t) => t.threads.every((th) => widthMismatch(t.regInits, th, threadRegisters(t.regInits, th)) === null));

/**
 * What the parser insists on: accesses name their location's space, every register a thread
 * reads or a condition names is written or initialised (missing ones are initialised to 0),
 * and each constant compared with a register or location is a value of its type (others are
 * brought into range).
 */
function wellFormed(t0: LitmusTest): LitmusTest {
  // An access naming a space names its location's (ptxas checks it).
  const declared = new Map(t0.locations.flatMap((l) => (l.kind === 'value' && l.space ? [[l.name, l.space] as const] : [])));
  const inSpace = (s: Stmt): Stmt => {
    if (!(s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') || s.addr.kind !== 'loc' || s.space === 'generic') return s;
    const d = declared.get(s.addr.name);
    return d === undefined || d === s.space || (d === 'shared' && s.space === 'shared_cluster') ? s : { ...s, space: d };
  };
  // Barriers (barriers.ts): .u32 operands, and one thread count for the test's barriers (those
  // that may meet must agree): the first count's, in each form's unit; a count in a register
  // becomes that immediate, and a count-less barrier gets it where some barrier has one.
  const bars = t0.threads.flatMap((th) => th.code.filter((s): s is Bar => s.op === 'bar'));
  const first = bars.find((b) => b.count?.kind === 'imm' && b.count.value > 0n)?.count as Imm | undefined;
  // 1..8 litmus threads (warps); a count only in registers: 2.
  const warps = first ? 1n + ((first.value - 1n) % 8n) : bars.some((b) => b.count) ? 2n : null;
  const u32 = (v: Value | undefined): Value | undefined => (v?.kind === 'imm' ? { ...v, value: ((v.value % (1n << 32n)) + (1n << 32n)) % (1n << 32n) } : v);
  const barrier = (s: Stmt): Stmt => {
    if (s.op !== 'bar') return s;
    const b: Bar = { ...s, id: u32(s.id)! };
    if (s.instance) b.instance = u32(s.instance);
    if (warps === null) delete b.count;
    else b.count = { kind: 'imm', value: s.instance ? warps : 32n * warps };
    return b;
  };
  // A CTA is in one cluster (build.ts checkClusters): the first thread's placement decides it.
  // And no two threads are one warp: a later one that would be loses its warp number.
  const clusterOf = new Map<string, number | undefined>();
  const warpTaken = new Set<string>();
  const inCluster = (p: Thread['placement']): Thread['placement'] => {
    const key = `${p.gpu}/${p.cta}`;
    if (!clusterOf.has(key)) clusterOf.set(key, p.cluster);
    const { cluster: _, warp, ...rest } = p;
    const c = clusterOf.get(key);
    const out: Thread['placement'] = c === undefined ? rest : { ...rest, cluster: c };
    if (warp !== undefined && !warpTaken.has(`${key}/${warp}`)) {
      warpTaken.add(`${key}/${warp}`);
      out.warp = warp;
    }
    return out;
  };
  // A genuine bar.arrive (of two warps or more) from which its thread may come to a barrier
  // again without waiting is refused (barriers.ts nextUse): such an arrive becomes a bar.sync.
  const noArriveAgain = (code: Stmt[]): Stmt[] => code.map((s, i) =>
    (s.op === 'bar' && s.mode === 'arrive' && s.instance === undefined && nextUse(code, i, () => true) ? { ...s, mode: 'sync' } : s));
  const t: LitmusTest = { ...t0, threads: t0.threads.map((th) => ({ ...th, placement: inCluster(th.placement), code: noArriveAgain(th.code.map(inSpace).map(barrier)) })) };
  // A barrier operand in a register the thread never writes is its initial value: a .u32 one
  // (a genuine id 0..15).
  const regInits = t.regInits.map((r) => {
    if ('addressOf' in r) return r;
    const th = t.threads[r.thread]!;
    const ops = th.code.flatMap((s) => (s.op === 'bar' ? [s.instance, s.id, s.count].map((v) => ({ v, genuineId: v === s.id && !s.instance })) : []));
    const use = ops.filter((o) => o.v?.kind === 'reg' && o.v.name === r.reg);
    if (use.length === 0 || th.code.some((s) => 'dst' in s && s.dst.name === r.reg)) return r;
    const mod = use.some((o) => o.genuineId) ? 16n : 1n << 32n;
    return { ...r, value: ((r.value % mod) + mod) % mod };
  });
  const has = (tid: number, r: string): boolean =>
    regInits.some((i) => i.thread === tid && i.reg === r) || t.threads[tid]!.code.some((s) => 'dst' in s && s.dst.name === r);
  const need = (tid: number, r: string): void => { if (!has(tid, r)) regInits.push({ thread: tid, reg: r, value: 0n, pos: P }); };
  t.threads.forEach((th, tid) => th.code.forEach((s) => { if (s.op !== 'label') registersRead(s).forEach((r) => need(tid, r.name)); }));
  [...testedObservables(t), ...t.observed].forEach((o) => { if (o.kind === 'reg') need(o.thread, o.reg); });
  const u: LitmusTest = { ...t, regInits };
  const lay = layout(u, (m) => { throw new Error(m); });
  const regs = u.threads.map((th) => threadRegisters(u.regInits, th));
  const fit = (e: Expr): Expr => {
    if (e.kind === 'and' || e.kind === 'or') return { ...e, args: e.args.map(fit) };
    if (e.kind === 'not') return { ...e, arg: fit(e.arg) };
    if (e.kind !== 'cmp') return e;
    const range = (o: Exclude<Term, { kind: 'const' }>): [bigint, bigint] => typeRange(o.kind === 'reg' ? regs[o.thread]!.get(o.reg)! : lay.locs[lay.locOf.get(o.name)!]!);
    const inRange = (c: Term, o: Term): Term => {
      if (c.kind !== 'const' || o.kind === 'const') return c;
      const [lo, hi] = range(o);
      return { ...c, value: lo + (((c.value - lo) % (hi - lo + 1n)) + (hi - lo + 1n)) % (hi - lo + 1n) };
    };
    const left = inRange(e.left, e.right);
    const right = inRange(e.right, e.left);
    // An order comparison the type alone decides (`x < 0` for an unsigned x) is refused as a
    // typo (build.ts checkConstants): compare for equality instead.
    const [c, o, op] = left.kind === 'const' ? [left, right, FLIPPED[e.op]] : [right, left, e.op];
    if (c.kind === 'const' && o.kind !== 'const' && typeDecides(op, c.value, range(o)) !== null) return { ...e, op: 'eq', left, right };
    return { ...e, left, right };
  };
  u.condition = { ...u.condition, expr: fit(u.condition.expr) };
  if (u.filter) u.filter = fit(u.filter);
  return u;
}

/** Removes positions and the file name, for comparing ASTs (values stay bigints). */
export function stripPositions<T>(x: T): T {
  if (Array.isArray(x)) return x.map(stripPositions) as T;
  if (x === null || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== 'pos' && k !== 'file' && v !== undefined) out[k] = stripPositions(v);
  return out as T;
}
