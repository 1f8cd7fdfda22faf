// fast-check arbitraries for small litmus programs to fuzz the executor against the solver:
// placements over CTAs, clusters and GPUs; weak/relaxed/acquire/release/volatile accesses with
// scopes; texture/surface/constant proxies, a generic alias and proxy fences; fences; atom/red;
// count-less barriers; data dependencies, guards and forward branches on loaded values, spin
// loops (bounded like every loop: executions needing more iterations are cut off), arithmetic
// on loaded values (edge operands: overflow, the sign bit, shifts past the width), and
// pointers: a location's address published in p, and accesses through what a thread reads there.
// Programs come in the parser's canonical shape, so the printed text of a failing case parses
// back to the same test; ISA type rules are kept so the text passes the front end.
import fc from 'fast-check';
import { type AtomOp, type DataType, type Expr, type Instr, type LitmusTest, type LocDecl, type Observable, type Ordering, type Placement, type Proxy, type Scope, type Stmt, type Thread, allOf } from '../litmus/ast.js';

const P = { line: 0, col: 0 };
const LOCS = ['x', 'y', 'z'];
/** A second virtual address of x (`xa @ generic aliases x`). */
const ALIAS = 'xa';
/** Where pointers are published: a 64-bit location holding another's address (or 0, null). */
const PTR = 'p';
const SCOPES: Scope[] = ['cta', 'cluster', 'gpu', 'sys'];

export interface GenOptions {
  threads: [number, number];
  ops: [number, number];
  /**
   * Accesses through the texture, surface and constant proxies (default true). Off for a model
   * without proxies (ptx60), which the texture and surface accesses of written data are
   * outside (litmus/layout.ts proxiedWrittenAccess): every access is generic then.
   */
  proxies?: boolean;
}

/** The operation through the generic proxy. */
const generic = (o: Op): Op => (o.k === 'ld' || o.k === 'st' || o.k === 'atom' || o.k === 'red' ? { ...o, proxy: 'generic' } : o);

/** One operation as drawn; turned into instructions once registers are known. */
type Op =
  | { k: 'ld'; loc: string; ord: Ordering; volatile: boolean; proxy: Proxy }
  | { k: 'st'; loc: string; ord: Ordering; volatile: boolean; val: number; dep: boolean; proxy: 'generic' | 'surface' }
  | { k: 'atom' | 'red'; loc: string; aop: AtomOp; ord: Ordering; b: number; c: number; proxy: 'generic' | 'surface' }
  | { k: 'fence'; sem: 'sc' | 'acq_rel'; scope: Scope }
  | { k: 'fproxy'; kind: 'alias' | 'texture' | 'surface' | 'constant' }
  | { k: 'bar' }
  | { k: 'guard' | 'skip'; negated: boolean }
  // aop.type %rN, (the last register loaded or computed), imm
  | { k: 'alu'; aop: FuzzAlu; signed: boolean; imm: bigint }
  | { k: 'spin'; loc: string; ord: Ordering; volatile: boolean }
  // mov.u64 %rdN, loc; st [p], %rdN
  | { k: 'pub'; loc: string; ord: Ordering; volatile: boolean }
  // ld [p] into %rdN; when not null, a load of (or a store of val to) what it points to
  | { k: 'deref'; ord: Ordering; volatile: boolean; write: boolean; val: number; access: Ordering };

const scope = fc.constantFrom(...SCOPES);

type FuzzAlu = 'add' | 'sub' | 'mul' | 'and' | 'or' | 'xor' | 'shl' | 'shr' | 'min' | 'max';
/** Immediates where 32-bit arithmetic has its corners: wrap-around, the sign bit, shifts of 32 and past. */
const EDGES = [0n, 1n, 2n, 3n, 31n, 32n, 33n, 0x7fffffffn, 0x80000000n, 0xffffffffn];
const alu: fc.Arbitrary<Op> = fc.tuple(fc.constantFrom<FuzzAlu>('add', 'sub', 'mul', 'and', 'or', 'xor', 'shl', 'shr', 'min', 'max'), fc.boolean(), fc.constantFrom(...EDGES))
  .map(([aop, signed, imm]): Op => ({ k: 'alu', aop, signed, imm }));
/** The type an arithmetic operation is written with: bit types where PTX has only those, else signed or not. */
const aluType = (aop: FuzzAlu, signed: boolean): DataType =>
  (aop === 'and' || aop === 'or' || aop === 'xor' || aop === 'shl' ? 'b32' : signed ? 's32' : 'u32');
const strong = (sems: ('relaxed' | 'acquire' | 'release' | 'acq_rel')[]): fc.Arbitrary<Ordering> =>
  fc.record({ sem: fc.constantFrom(...sems), scope });
const access = (sems: ('relaxed' | 'acquire' | 'release')[]): fc.Arbitrary<{ ord: Ordering; volatile: boolean }> => fc.oneof(
  { weight: 3, arbitrary: fc.constant({ ord: { sem: 'weak' } as Ordering, volatile: false }) },
  { weight: 4, arbitrary: strong(sems).map((ord) => ({ ord, volatile: false })) },
  { weight: 1, arbitrary: fc.constant({ ord: { sem: 'relaxed', scope: 'sys' } as Ordering, volatile: true }) },
);
const loc = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...LOCS) }, { weight: 1, arbitrary: fc.constant(ALIAS) });
const readProxy = fc.oneof({ weight: 8, arbitrary: fc.constant<Proxy>('generic') }, { weight: 1, arbitrary: fc.constantFrom<Proxy>('texture', 'surface', 'constant') });
const writeProxy = fc.oneof({ weight: 8, arbitrary: fc.constant<'generic' | 'surface'>('generic') }, { weight: 1, arbitrary: fc.constant<'generic' | 'surface'>('surface') });

// Pointer operations are rarer than the rest: they make programs longer (two or three
// instructions each), and about one program in six reads through a pointer.
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 15, arbitrary: fc.tuple(loc, access(['relaxed', 'acquire']), readProxy).map(([l, a, proxy]): Op => ({ k: 'ld', loc: l, ...a, proxy })) },
  { weight: 15, arbitrary: fc.tuple(loc, access(['relaxed', 'release']), fc.integer({ min: 1, max: 3 }), fc.boolean(), writeProxy).map(([l, a, val, dep, proxy]): Op => ({ k: 'st', loc: l, ...a, val, dep, proxy })) },
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom<'atom' | 'red'>('atom', 'red'), loc, fc.constantFrom<AtomOp>('add', 'exch', 'cas', 'max', 'inc', 'or'),
      strong(['relaxed', 'acquire', 'release', 'acq_rel']), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 3 }), writeProxy)
      .map(([k, l, aop, ord, b, c, proxy]): Op => ({ k: k === 'red' && (aop === 'exch' || aop === 'cas') ? 'atom' : k, loc: l, aop, b, c, proxy,
        // red has no acquire: its read is not seen by the thread.
        ord: k === 'red' && ord.sem === 'acquire' ? { ...ord, sem: 'relaxed' } : ord })),
  },
  { weight: 6, arbitrary: fc.record({ k: fc.constant('fence' as const), sem: fc.constantFrom<'sc' | 'acq_rel'>('sc', 'acq_rel'), scope }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('fproxy' as const), kind: fc.constantFrom<'alias' | 'texture' | 'surface' | 'constant'>('alias', 'texture', 'surface', 'constant') }) },
  { weight: 3, arbitrary: fc.constant<Op>({ k: 'bar' }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constantFrom<'guard' | 'skip'>('guard', 'skip'), negated: fc.boolean() }) },
  { weight: 3, arbitrary: alu },
  { weight: 3, arbitrary: fc.tuple(loc, access(['relaxed', 'acquire'])).map(([l, a]): Op => ({ k: 'spin', loc: l, ...a })) },
  { weight: 1, arbitrary: fc.tuple(loc, access(['relaxed', 'release'])).map(([l, a]): Op => ({ k: 'pub', loc: l, ...a })) },
  {
    weight: 1,
    arbitrary: fc.tuple(access(['relaxed', 'acquire']), fc.boolean(), fc.integer({ min: 1, max: 3 }), access(['relaxed']))
      .map(([a, write, val, b]): Op => ({ k: 'deref', ...a, write, val, access: b.ord })),
  },
);

const ATOM_TYPE: Record<AtomOp, DataType> = {
  add: 'u32', sub: 'u32', inc: 'u32', dec: 'u32', min: 'u32', max: 'u32', and: 'b32', or: 'b32', xor: 'b32', exch: 'b32', cas: 'b32',
};

/** Instructions of one thread from its drawn operations; the registers it loads come back too. */
function code(ops: Op[]): { code: Stmt[]; regs: string[] } {
  const out: Stmt[] = [];
  const regs: string[] = [];
  let labels = 0;
  // Address registers: never compared by the condition (their values are addresses).
  let addrs = 0;
  let pending: { reg: string; negated: boolean } | null = null;
  let skipTo: string | null = null;
  const reg = (name: string) => ({ kind: 'reg' as const, name });
  const imm = (value: number) => ({ kind: 'imm' as const, value: BigInt(value) });
  const last = (): string | undefined => regs[regs.length - 1];
  const emit = (i: Instr): void => {
    out.push(pending ? { ...i, guard: { reg: reg(pending.reg), negated: pending.negated } } : i);
    pending = null;
    if (skipTo) { out.push({ op: 'label', name: skipTo, pos: P }); skipTo = null; }
  };
  for (const o of ops) {
    switch (o.k) {
      case 'ld': {
        const dst = `r${regs.length}`;
        regs.push(dst);
        emit({ op: 'ld', ord: o.ord, ...(o.volatile ? { volatile: true } : {}), space: 'generic', proxy: o.proxy, type: 'u32', dst: reg(dst), addr: { kind: 'loc', name: o.loc }, pos: P });
        break;
      }
      case 'st': {
        const r = last();
        emit({ op: 'st', ord: o.ord, ...(o.volatile ? { volatile: true } : {}), space: 'generic', proxy: o.proxy, type: 'u32', addr: { kind: 'loc', name: o.loc }, src: o.dep && r ? reg(r) : imm(o.val), pos: P });
        break;
      }
      case 'atom': case 'red': {
        const base = { ord: o.ord, space: 'generic' as const, proxy: o.proxy, type: ATOM_TYPE[o.aop], addr: { kind: 'loc' as const, name: o.loc }, b: imm(o.b), pos: P };
        // red.acq_rel is spelt only in Dartagnan's untyped form, which takes no guard: under one
        // it is the atom (printed otherwise, it would not parse back).
        if (o.k === 'red' && o.aop !== 'exch' && o.aop !== 'cas' && !(pending && o.ord.sem === 'acq_rel')) emit({ op: 'red', aop: o.aop, ...base });
        else {
          const dst = `r${regs.length}`;
          regs.push(dst);
          emit({ op: 'atom', aop: o.aop, dst: reg(dst), ...base, ...(o.aop === 'cas' ? { c: imm(o.c) } : {}) });
        }
        break;
      }
      case 'fence': emit({ op: 'fence', sem: o.sem, scope: o.scope, form: 'fence', pos: P }); break;
      case 'fproxy': emit({ op: 'fence.proxy', kind: o.kind, pos: P }); break;
      case 'bar': emit({ op: 'bar', mode: 'sync', form: 'bar', id: imm(0), pos: P }); break;
      case 'spin': {
        // A spin loop: load until the value is not 0 (more iterations than the bound: cut off).
        const dst = `r${regs.length}`;
        regs.push(dst);
        const ld: Instr = { op: 'ld', ord: o.ord, ...(o.volatile ? { volatile: true } : {}), space: 'generic', proxy: 'generic', type: 'u32', dst: reg(dst), addr: { kind: 'loc', name: o.loc }, pos: P };
        if (pending || skipTo) { emit(ld); break; }
        const top = `S${labels}`;
        const p = `p${labels}`;
        labels++;
        out.push({ op: 'label', name: top, pos: P }, ld,
          { op: 'setp', cmp: 'eq', type: 'u32', dst: reg(p), a: reg(dst), b: imm(0), pos: P },
          { op: 'bra', target: top, guard: { reg: reg(p), negated: false }, pos: P });
        break;
      }
      case 'pub': {
        const a = `rd${addrs++}`;
        emit({ op: 'mov', type: 'u64', dst: reg(a), src: { kind: 'loc', name: o.loc }, pos: P });
        emit({ op: 'st', ord: o.ord, ...(o.volatile ? { volatile: true } : {}), space: 'generic', proxy: 'generic', type: 'u64', addr: { kind: 'loc', name: PTR }, src: reg(a), pos: P });
        break;
      }
      case 'deref': {
        // The access goes only where p held an address (p starts null: 0).
        const a = `rd${addrs++}`;
        const p = `p${labels++}`;
        emit({ op: 'ld', ord: o.ord, ...(o.volatile ? { volatile: true } : {}), space: 'generic', proxy: 'generic', type: 'u64', dst: reg(a), addr: { kind: 'loc', name: PTR }, pos: P });
        emit({ op: 'setp', cmp: 'ne', type: 'u64', dst: reg(p), a: reg(a), b: imm(0), pos: P });
        const guard = { reg: reg(p), negated: false };
        const ord = o.access;
        if (o.write) emit({ op: 'st', ord, space: 'generic', proxy: 'generic', type: 'u32', addr: { kind: 'reg', name: a }, src: imm(o.val), guard, pos: P });
        else {
          const dst = `r${regs.length}`;
          regs.push(dst);
          emit({ op: 'ld', ord, space: 'generic', proxy: 'generic', type: 'u32', dst: reg(dst), addr: { kind: 'reg', name: a }, guard, pos: P });
        }
        break;
      }
      case 'alu': {
        const r = last();
        if (!r) break;
        const dst = `r${regs.length}`;
        regs.push(dst);
        const type = aluType(o.aop, o.signed);
        // A signed type takes its immediate as the signed number of those bits.
        const b = type === 's32' ? BigInt.asIntN(32, o.imm) : o.imm;
        emit({ op: 'alu', aop: o.aop, type, dst: reg(dst), a: reg(r), b: { kind: 'imm', value: b }, pos: P });
        break;
      }
      case 'guard': case 'skip': {
        const r = last();
        if (!r || pending || skipTo) break;
        const p = `p${labels}`;
        out.push({ op: 'setp', cmp: 'ne', type: 'u32', dst: reg(p), a: reg(r), b: imm(0), pos: P });
        if (o.k === 'guard') pending = { reg: p, negated: o.negated };
        else {
          skipTo = `L${labels}`;
          out.push({ op: 'bra', target: skipTo, guard: { reg: reg(p), negated: o.negated }, pos: P });
        }
        labels++;
        break;
      }
    }
  }
  if (skipTo) out.push({ op: 'label', name: skipTo, pos: P });
  return { code: out, regs };
}

/** Placement of a thread: a few CTAs (paired into clusters when the test has them), sometimes a second GPU. */
const placement = fc.record({ cta: fc.nat(2), gpu: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, fc.constant(1)) });

// No `chain`: a flat tuple shrinks element by element (fewer threads, fewer operations, simpler
// operations), so a failure comes back small.
export function fuzzTest(o: GenOptions): fc.Arbitrary<LitmusTest> {
  return fc.tuple(
    fc.boolean(),
    fc.array(fc.tuple(placement, fc.array(op, { minLength: o.ops[0], maxLength: o.ops[1] })), { minLength: o.threads[0], maxLength: o.threads[1] }),
    fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
  ).map(([clusters, ths, vals]) => {
    const threads: Thread[] = [];
    const cmps: Expr[] = [];
    ths.forEach(([pl, drawn], id) => {
      const c = code(o.proxies === false ? drawn.map(generic) : drawn);
      const placement: Placement = { id, cta: pl.cta, gpu: pl.gpu, ...(clusters ? { cluster: pl.cta >> 1 } : {}), pos: P };
      threads.push({ placement, code: c.code });
      for (const r of c.regs) {
        cmps.push({ kind: 'cmp', op: 'eq', left: { kind: 'reg', thread: id, reg: r }, right: { kind: 'const', value: BigInt(vals[cmps.length % vals.length]!) } });
      }
    });
    const expr = allOf(cmps);
    return {
      arch: 'PTX', name: 'fuzz', docs: [], ...declared(threads),
      regInits: [], threads, condition: { quantifier: 'exists' as const, expr, pos: P },
    };
  });
}

/** The locations the threads access or take the address of, declared (0) and observed; x too when its alias is used. */
function declared(threads: Thread[]): { locations: LocDecl[]; observed: Observable[] } {
  const accessed = (l: string): boolean => threads.some((t) => t.code.some((s) =>
    ('addr' in s && s.addr.kind === 'loc' && s.addr.name === l) || (s.op === 'mov' && s.src.kind === 'loc' && s.src.name === l)));
  const alias = accessed(ALIAS);
  const used = [...LOCS, PTR].filter((l) => accessed(l) || (alias && l === 'x'));
  const locations: LocDecl[] = used.map((name) => ({ kind: 'value', name, value: 0n, pos: P }));
  if (alias) locations.push({ kind: 'alias', name: ALIAS, proxy: 'generic', of: 'x', pos: P });
  // p's final value is an address, a number of the layout's choosing: not observed.
  return { locations, observed: used.filter((name) => name !== PTR).map((name) => ({ kind: 'loc', name })) };
}

/** Every object inside v (but under a `dst` key) that satisfies p. */
function anyInside(v: unknown, p: (o: Record<string, unknown>) => boolean, key = ''): boolean {
  if (key === 'dst' || v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return p(o) || Object.entries(o).some(([k, x]) => anyInside(x, p, k));
}

/** The expression with every comparison that reads register `reg` of thread `pid` taken as true. */
function withoutReg(e: Expr, pid: number, reg: string): Expr {
  const reads = (x: Expr): boolean => anyInside(x, (o) => o.kind === 'reg' && o.thread === pid && o.reg === reg);
  switch (e.kind) {
    case 'cmp': return reads(e) ? { kind: 'true' } : e;
    case 'not': {
      const a = withoutReg(e.arg, pid, reg);
      return a.kind === 'true' ? { kind: 'false' } : { ...e, arg: a };
    }
    case 'and': case 'or': {
      const args = e.args.map((a) => withoutReg(a, pid, reg));
      if (e.kind === 'or' && args.some((a) => a.kind === 'true')) return { kind: 'true' };
      const rest = args.filter((a) => a.kind !== 'true');
      return rest.length === 0 ? { kind: 'true' } : rest.length === 1 ? rest[0]! : { ...e, args: rest };
    }
    default: return e;
  }
}

/**
 * The test without statement `index` of thread `thread`, or null when another statement of the
 * thread reads the register it writes. The condition's comparisons on that register go (taken
 * as true); locations no longer accessed are no longer declared. For shrinking a generated
 * program that fails further than fast-check does: its array shrinking is not exhaustive.
 */
export function withoutStatement(t: LitmusTest, thread: number, index: number): LitmusTest | null {
  const code = t.threads[thread]!.code;
  const s = code[index]!;
  if (s.op === 'label') return null;
  const dst = 'dst' in s && s.dst.kind === 'reg' ? s.dst.name : null;
  let condition = t.condition;
  let filter = t.filter;
  let observed = t.observed;
  if (dst !== null) {
    if (code.some((o, i) => i !== index && anyInside(o, (x) => x.kind === 'reg' && x.name === dst))) return null;
    const pid = t.threads[thread]!.placement.id;
    condition = { ...condition, expr: withoutReg(condition.expr, pid, dst) };
    if (filter) filter = withoutReg(filter, pid, dst);
    observed = observed.filter((o) => !(o.kind === 'reg' && o.thread === pid && o.reg === dst));
  }
  const threads = t.threads.map((th, i) => (i === thread ? { ...th, code: code.filter((_, k) => k !== index) } : th));
  const d = declared(threads);
  return { ...t, threads, condition, ...(filter ? { filter } : {}), locations: d.locations, observed: [...observed.filter((o) => o.kind === 'reg'), ...d.observed] };
}

/** v with every register reference `{ kind: 'reg', thread }` of a thread after `pid` moved down one. */
function shiftThreads<T>(v: T, pid: number): T {
  if (Array.isArray(v)) return v.map((x) => shiftThreads(x, pid)) as T;
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = shiftThreads(x, pid);
  if (o['kind'] === 'reg' && typeof o['thread'] === 'number' && o['thread'] > pid) out['thread'] = o['thread'] - 1;
  return out as T;
}

/**
 * The test without thread `thread`, those after it renumbered, or null when the condition,
 * the filter, the observed values or an initial register value names one of its registers.
 * For shrinking a failing program, as withoutStatement: fast-check's shrinking may leave a
 * thread that no longer does anything.
 */
export function withoutThread(t: LitmusTest, thread: number): LitmusTest | null {
  const pid = t.threads[thread]!.placement.id;
  const reads = (x: unknown): boolean => anyInside(x, (o) => o.kind === 'reg' && o.thread === pid);
  if (reads(t.condition) || (t.filter && reads(t.filter)) || reads(t.observed) || t.regInits.some((r) => r.thread === pid)) return null;
  const threads = t.threads.filter((_, i) => i !== thread)
    .map((th) => (th.placement.id > pid ? { ...th, placement: { ...th.placement, id: th.placement.id - 1 } } : th));
  const d = declared(threads);
  return {
    ...t, threads, condition: shiftThreads(t.condition, pid), ...(t.filter ? { filter: shiftThreads(t.filter, pid) } : {}),
    regInits: t.regInits.map((r) => (r.thread > pid ? { ...r, thread: r.thread - 1 } : r)),
    locations: d.locations, observed: [...shiftThreads(t.observed.filter((o) => o.kind === 'reg'), pid), ...d.observed],
  };
}
