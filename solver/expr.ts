// Formulas and values as a hash-consed DAG with constant folding. One DAG per test: the unroller
// builds values and guards in it, the symbolic interpreter builds relation formulas, and it is
// printed once as SMT-LIB text (each compound node a 0-ary define-fun, so sharing stays shared).
// It also evaluates concretely, which the brute-force enumerator uses.

import { type Limits, LimitError, checkTime } from './limits.js';
import type { FloatOp } from '../litmus/ast.js';
import { floatOp, floatOpName, floatWidths } from '../litmus/floats.js';
import { FLOAT_CASES, floatCases, floatSmt } from './floatsmt.js';

export type Sort = { s: 'bool' } | { s: 'bv'; w: number } | { s: 'int' };
export const BOOL: Sort = { s: 'bool' };
export const INT: Sort = { s: 'int' };
export const bvSort = (w: number): Sort => ({ s: 'bv', w });

export type BvOp = 'add' | 'sub' | 'mul' | 'and' | 'or' | 'xor' | 'shl' | 'lshr' | 'ashr' | 'udiv' | 'sdiv' | 'urem' | 'srem';
export type CmpFn = 'ult' | 'ule' | 'slt' | 'sle';

type NodeData =
  | { op: 'true' | 'false' }
  | { op: 'bv'; w: number; v: bigint }
  | { op: 'int'; v: number }
  | { op: 'var'; name: string; sort: Sort }
  | { op: 'not'; a: number }
  | { op: 'and' | 'or'; xs: number[] }
  | { op: 'ite'; c: number; a: number; b: number }
  | { op: 'eq'; a: number; b: number }
  | { op: 'cmp'; fn: CmpFn; a: number; b: number }
  | { op: 'bin'; fn: BvOp; a: number; b: number }
  | { op: 'zext' | 'sext' | 'trunc'; w: number; a: number }
  | { op: 'ilt' | 'ile'; a: number; b: number }
  | { op: 'iadd'; xs: number[] }
  | { op: 'b2i'; a: number }
  | { op: 'bv2int'; a: number }
  // A float operation on bit-vectors (litmus/floats.ts floatOp; in the text solver/floatsmt.ts),
  // `name` its PTX name, which tells it apart from others.
  | { op: 'float'; f: FloatOp; name: string; xs: number[] };

const OP_CODE: Record<NodeData['op'], number> = {
  true: 1, false: 2, bv: 3, int: 4, var: 5, not: 6, and: 7, or: 8, ite: 9, eq: 10, cmp: 11, bin: 12,
  zext: 13, sext: 14, trunc: 15, ilt: 16, ile: 17, iadd: 18, b2i: 19, bv2int: 20, float: 21,
};
const FN_CODE: Record<CmpFn | BvOp, number> = {
  ult: 1, ule: 2, slt: 3, sle: 4, add: 5, sub: 6, mul: 7, and: 8, or: 9, xor: 10, shl: 11, lshr: 12, ashr: 13,
  udiv: 14, sdiv: 15, urem: 16, srem: 17,
};

/** A nested and/or with more operands than this is not flattened into its parent. */
const FLATTEN_MAX = 4;

/** Binary search in an ascending array. */
function sortedHas(xs: readonly number[], x: number): boolean {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = xs[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** A node handle. */
export type N = number;

export type Value = boolean | bigint | number;

const mask = (w: number): bigint => (1n << BigInt(w)) - 1n;
export const norm = (v: bigint, w: number): bigint => ((v % (1n << BigInt(w))) + (1n << BigInt(w))) & mask(w);
export const toSigned = (v: bigint, w: number): bigint => (v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v);

export interface Dag {
  readonly nodes: NodeData[];
  /** The test's limits, if any (solver/limits.ts). */
  readonly limits?: Limits;
  /** Nodes plus their operands: what the limits count. */
  size(): number;
  readonly sorts: Sort[];
  T: N;
  F: N;
  bool(b: boolean): N;
  bv(w: number, v: bigint | number): N;
  int(v: number): N;
  boolVar(name: string): N;
  bvVar(name: string, w: number): N;
  intVar(name: string): N;
  not(a: N): N;
  and(...xs: N[]): N;
  or(...xs: N[]): N;
  implies(a: N, b: N): N;
  ite(c: N, a: N, b: N): N;
  eq(a: N, b: N): N;
  cmp(fn: CmpFn, a: N, b: N): N;
  bin(fn: BvOp, a: N, b: N): N;
  /** A float operation on its operands (bit-vectors at its operand width); folded when they are constants. */
  float(f: FloatOp, xs: readonly N[]): N;
  /** Resize a bit-vector to width w (zero- or sign-extension, or truncation). */
  resize(a: N, w: number, signed?: boolean): N;
  ilt(a: N, b: N): N;
  ile(a: N, b: N): N;
  iadd(...xs: N[]): N;
  b2i(a: N): N;
  bv2int(a: N): N;
  width(a: N): number;
  /** The constant value of a node, if it is a constant. */
  constOf(a: N): Value | undefined;
  isTrue(a: N): boolean;
  isFalse(a: N): boolean;
  /** Variable names a node depends on. */
  varsOf(a: N): Set<string>;
}

export function newDag(limits?: Limits): Dag {
  const nodes: NodeData[] = [];
  const sorts: Sort[] = [];
  // Hash-consing. Leaves by a string key; compound nodes by a numeric hash of their fields,
  // compared field by field on a hit: no key string per lookup (a closure makes hundreds of
  // thousands of lookups, and the strings were a third of the encoding's time with their
  // garbage collection).
  const leaves = new Map<string, N>();
  const index = new Map<number, N | N[]>();
  let size = 0;
  let nextCheck = 4096;
  const leafKey = (d: NodeData): string | null => {
    switch (d.op) {
      case 'true': case 'false': return d.op;
      case 'bv': return `bv ${d.w} ${d.v}`;
      case 'int': return `int ${d.v}`;
      case 'var': return `var ${d.name}`;
      default: return null;
    }
  };
  const mix = (h: number, x: number): number => {
    const k = Math.imul(h ^ x, 0x9e3779b1);
    return (k << 15) | (k >>> 17);
  };
  const hashOf = (d: NodeData): number => {
    let h = OP_CODE[d.op];
    switch (d.op) {
      case 'and': case 'or': case 'iadd': for (const x of d.xs) h = mix(h, x); return mix(h, d.xs.length);
      case 'float': for (const x of d.xs) h = mix(h, x); return mix(h, d.name.length);
      case 'ite': return mix(mix(mix(h, d.c), d.a), d.b);
      case 'cmp': case 'bin': return mix(mix(mix(h, FN_CODE[d.fn]), d.a), d.b);
      case 'zext': case 'sext': case 'trunc': return mix(mix(h, d.w), d.a);
      case 'not': case 'b2i': case 'bv2int': return mix(h, d.a);
      case 'eq': case 'ilt': case 'ile': return mix(mix(h, d.a), d.b);
      default: return h;
    }
  };
  /** Compound nodes of the same op and fields. */
  const same = (p: NodeData, q: NodeData): boolean => {
    if (p.op !== q.op) return false;
    switch (p.op) {
      case 'and': case 'or': case 'iadd': {
        if (q.op !== 'and' && q.op !== 'or' && q.op !== 'iadd') return false;
        if (p.xs.length !== q.xs.length) return false;
        for (let i = 0; i < p.xs.length; i++) if (p.xs[i] !== q.xs[i]) return false;
        return true;
      }
      case 'ite': return q.op === 'ite' && p.c === q.c && p.a === q.a && p.b === q.b;
      case 'float': return q.op === 'float' && p.name === q.name && p.xs.length === q.xs.length && p.xs.every((x, i) => x === q.xs[i]);
      case 'cmp': case 'bin': return (q.op === 'cmp' || q.op === 'bin') && p.fn === q.fn && p.a === q.a && p.b === q.b;
      case 'zext': case 'sext': case 'trunc': return (q.op === 'zext' || q.op === 'sext' || q.op === 'trunc') && p.w === q.w && p.a === q.a;
      case 'not': case 'b2i': case 'bv2int': return (q.op === 'not' || q.op === 'b2i' || q.op === 'bv2int') && p.a === q.a;
      case 'eq': case 'ilt': case 'ile': return (q.op === 'eq' || q.op === 'ilt' || q.op === 'ile') && p.a === q.a && p.b === q.b;
      default: return false; // leaves are found by their key
    }
  };
  const add = (d: NodeData, sort: Sort): N => {
    nodes.push(d);
    sorts.push(sort);
    // Every costly step of the encoding builds nodes: the place to enforce the test's limits.
    // Size counts operands too: a long disjunction costs Z3 (and the text) per operand.
    size += 'xs' in d ? 1 + d.xs.length : 1;
    if (limits && size >= nextCheck) {
      nextCheck = size + 4096;
      if (size > limits.maxSize) throw new LimitError(`the encoding is too large (over ${limits.maxSize.toLocaleString('en')} terms)`);
      checkTime(limits);
    }
    return nodes.length - 1;
  };
  const mk = (d: NodeData, sort: Sort): N => {
    const key = leafKey(d);
    if (key !== null) {
      const hit = leaves.get(key);
      if (hit !== undefined) return hit;
      const n = add(d, sort);
      leaves.set(key, n);
      return n;
    }
    const h = hashOf(d);
    const e = index.get(h);
    if (typeof e === 'number') {
      if (same(nodes[e]!, d)) return e;
    } else if (e) {
      for (const c of e) if (same(nodes[c]!, d)) return c;
    }
    const n = add(d, sort);
    if (e === undefined) index.set(h, n);
    else if (typeof e === 'number') index.set(h, [e, n]);
    else e.push(n);
    return n;
  };
  const T = mk({ op: 'true' }, BOOL);
  const F = mk({ op: 'false' }, BOOL);
  const width = (a: N): number => {
    const s = sorts[a]!;
    if (s.s !== 'bv') throw new Error('not a bit-vector');
    return s.w;
  };
  const constOf = (a: N): Value | undefined => {
    const d = nodes[a]!;
    if (d.op === 'true') return true;
    if (d.op === 'false') return false;
    if (d.op === 'bv' || d.op === 'int') return d.v;
    return undefined;
  };
  const bv = (w: number, v: bigint | number): N => mk({ op: 'bv', w, v: norm(BigInt(v), w) }, bvSort(w));
  const int = (v: number): N => mk({ op: 'int', v }, INT);
  const not = (a: N): N => {
    if (a === T) return F;
    if (a === F) return T;
    const d = nodes[a]!;
    if (d.op === 'not') return d.a;
    return mk({ op: 'not', a }, BOOL);
  };
  const junction = (op: 'and' | 'or', xs: N[]): N => {
    const unit = op === 'and' ? T : F;
    const zero = op === 'and' ? F : T;
    if (xs.length === 2) {
      // Two operands, neither to flatten (most calls): as below, without the set.
      const a = xs[0]!;
      const b = xs[1]!;
      if (a === zero || b === zero) return zero;
      if (a === unit || a === b) return b;
      if (b === unit) return a;
      const da = nodes[a]!;
      const db = nodes[b]!;
      if ((da.op !== op || da.xs.length > FLATTEN_MAX) && (db.op !== op || db.xs.length > FLATTEN_MAX)) {
        if ((da.op === 'not' && da.a === b) || (db.op === 'not' && db.a === a)) return zero;
        return mk({ op, xs: a < b ? [a, b] : [b, a] }, BOOL);
      }
    }
    // The operands as a sorted array without repeats (no Set: this runs for every
    // disjunction a closure builds).
    const ops: N[] = [];
    for (const x of xs) {
      if (x === zero) return zero;
      if (x === unit) continue;
      const d = nodes[x]!;
      // Flatten nested junctions of the same kind so folding sees every operand; a large
      // one stays a shared subterm (copying it into every conjunction built on it made a
      // closure's path terms grow with the path: quadratic work and text).
      if (d.op === op && d.xs.length <= FLATTEN_MAX) { for (const y of d.xs) ops.push(y); continue; }
      ops.push(x);
    }
    if (ops.length === 0) return unit;
    sortNodes(ops);
    let m = 1;
    for (let i = 1; i < ops.length; i++) if (ops[i] !== ops[m - 1]) ops[m++] = ops[i]!;
    ops.length = m;
    for (const x of ops) { const d = nodes[x]!; if (d.op === 'not' && sortedHas(ops, d.a)) return zero; }
    if (m === 1) return ops[0]!;
    return mk({ op, xs: ops }, BOOL);
  };
  const and = (...xs: N[]): N => junction('and', xs);
  const or = (...xs: N[]): N => junction('or', xs);
  const ite = (c: N, a: N, b: N): N => {
    if (c === T || a === b) return a;
    if (c === F) return b;
    if (sorts[a]!.s === 'bool') {
      if (a === T && b === F) return c;
      if (a === F && b === T) return not(c);
      if (a === T) return or(c, b);
      if (b === F) return and(c, a);
      if (a === F) return and(not(c), b);
      if (b === T) return or(not(c), a);
    }
    return mk({ op: 'ite', c, a, b }, sorts[a]!);
  };
  /**
   * Bits known to be 1 in a bit-vector (through or/and of constants). nvcc tests whether a
   * 64-bit division fits in 32 bits with `(a | b) & 0xffffffff00000000 == 0`: with b a known
   * divisor past 32 bits the test is false, and folding it keeps the 32-bit path's division
   * by b's low half (zero) out of the unrolled program.
   */
  const knownOnes = (a: N, depth = 0): bigint => {
    const c = constOf(a);
    if (typeof c === 'bigint') return c;
    const d = nodes[a]!;
    if (d.op !== 'bin' || depth > 4) return 0n;
    if (d.fn === 'or') return knownOnes(d.a, depth + 1) | knownOnes(d.b, depth + 1);
    if (d.fn === 'and') return knownOnes(d.a, depth + 1) & knownOnes(d.b, depth + 1);
    return 0n;
  };
  const eq = (a: N, b: N): N => {
    if (a === b) return T;
    const ca = constOf(a);
    const cb = constOf(b);
    if (ca !== undefined && cb !== undefined) return ca === cb ? T : F;
    // A bit known to be 1 on one side that the constant on the other lacks.
    if (typeof cb === 'bigint' && (knownOnes(a) & ~cb) !== 0n) return F;
    if (typeof ca === 'bigint' && (knownOnes(b) & ~ca) !== 0n) return F;
    if (sorts[a]!.s === 'bool') {
      if (ca === true) return b;
      if (cb === true) return a;
      if (ca === false) return not(b);
      if (cb === false) return not(a);
    }
    return mk(a < b ? { op: 'eq', a, b } : { op: 'eq', a: b, b: a }, BOOL);
  };
  const cmp = (fn: CmpFn, a: N, b: N): N => {
    const ca = constOf(a);
    const cb = constOf(b);
    if (typeof ca === 'bigint' && typeof cb === 'bigint') {
      const w = width(a);
      const [x, y] = fn[0] === 's' ? [toSigned(ca, w), toSigned(cb, w)] : [ca, cb];
      return (fn.endsWith('lt') ? x < y : x <= y) ? T : F;
    }
    if (a === b) return fn.endsWith('le') ? T : F;
    return mk({ op: 'cmp', fn, a, b }, BOOL);
  };
  const bin = (fn: BvOp, a: N, b: N): N => {
    const w = width(a);
    if (width(b) !== w) throw new Error('width mismatch');
    const ca = constOf(a);
    const cb = constOf(b);
    if (typeof ca === 'bigint' && typeof cb === 'bigint') {
      return bv(w, bvApply(fn, ca, cb, w));
    }
    if ((fn === 'add' || fn === 'or' || fn === 'xor' || fn === 'shl' || fn === 'lshr' || fn === 'ashr') && cb === 0n) return a;
    if (fn === 'sub' && cb === 0n) return a;
    if ((fn === 'add' || fn === 'or' || fn === 'xor') && ca === 0n) return b;
    // x & 0 and x * 0 are 0 whatever x is (a false dependency: proofs/ writes them on purpose).
    if ((fn === 'and' || fn === 'mul') && (ca === 0n || cb === 0n)) return bv(w, 0);
    return mk({ op: 'bin', fn, a, b }, bvSort(w));
  };
  const float = (f: FloatOp, xs: readonly N[]): N => {
    const { args, result } = floatWidths(f);
    for (const x of xs) if (width(x) !== args) throw new Error('width mismatch');
    const cs = xs.map(constOf);
    if (cs.every((c) => typeof c === 'bigint')) return bv(result, floatOp(f, cs as bigint[]));
    return mk({ op: 'float', f, name: floatOpName(f), xs: [...xs] }, bvSort(result));
  };
  const resize = (a: N, w: number, signed = false): N => {
    const v = width(a);
    if (v === w) return a;
    const c = constOf(a);
    if (typeof c === 'bigint') return bv(w, w > v && signed ? toSigned(c, v) : c);
    return mk({ op: w < v ? 'trunc' : signed ? 'sext' : 'zext', w, a }, bvSort(w));
  };
  const iconst = (a: N): number | undefined => {
    const c = constOf(a);
    return typeof c === 'number' ? c : undefined;
  };
  const ilt = (a: N, b: N): N => {
    const [x, y] = [iconst(a), iconst(b)];
    if (x !== undefined && y !== undefined) return x < y ? T : F;
    if (a === b) return F;
    return mk({ op: 'ilt', a, b }, BOOL);
  };
  const ile = (a: N, b: N): N => {
    const [x, y] = [iconst(a), iconst(b)];
    if (x !== undefined && y !== undefined) return x <= y ? T : F;
    if (a === b) return T;
    return mk({ op: 'ile', a, b }, BOOL);
  };
  const iadd = (...xs: N[]): N => {
    let k = 0;
    const rest: N[] = [];
    for (const x of xs) {
      const c = iconst(x);
      if (c !== undefined) k += c;
      else rest.push(x);
    }
    if (rest.length === 0) return int(k);
    if (k !== 0) rest.push(int(k));
    if (rest.length === 1) return rest[0]!;
    return mk({ op: 'iadd', xs: rest }, INT);
  };
  const b2i = (a: N): N => (a === T ? int(1) : a === F ? int(0) : mk({ op: 'b2i', a }, INT));
  const bv2int = (a: N): N => {
    const c = constOf(a);
    return typeof c === 'bigint' ? int(Number(c)) : mk({ op: 'bv2int', a }, INT);
  };
  const varsOf = (a: N): Set<string> => {
    const out = new Set<string>();
    const seen = new Set<N>();
    const stack = [a];
    while (stack.length) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      const d = nodes[x]!;
      if (d.op === 'var') out.add(d.name);
      else stack.push(...children(d));
    }
    return out;
  };
  return {
    nodes, sorts, T, F, ...(limits ? { limits } : {}), size: () => size,
    bool: (b) => (b ? T : F),
    bv, int,
    boolVar: (name) => mk({ op: 'var', name, sort: BOOL }, BOOL),
    bvVar: (name, w) => mk({ op: 'var', name, sort: bvSort(w) }, bvSort(w)),
    intVar: (name) => mk({ op: 'var', name, sort: INT }, INT),
    not, and, or,
    implies: (a, b) => or(not(a), b),
    ite, eq, cmp, bin, float, resize, ilt, ile, iadd, b2i, bv2int,
    width, constOf,
    isTrue: (a) => a === T,
    isFalse: (a) => a === F,
    varsOf,
  };
}

function children(d: NodeData): N[] {
  switch (d.op) {
    case 'true': case 'false': case 'bv': case 'int': case 'var': return [];
    case 'not': case 'zext': case 'sext': case 'trunc': case 'b2i': case 'bv2int': return [d.a];
    case 'and': case 'or': case 'iadd': case 'float': return d.xs;
    case 'ite': return [d.c, d.a, d.b];
    default: return [d.a, d.b];
  }
}

/**
 * The variables evaluating `root` reads, each with the condition under which it reads it, for
 * an evaluation like newEvaluator's: `ite` evaluates one branch, `and`/`or` stop at the first
 * false/true operand. (What makes a value depend on itself, solver/encode.ts `justified`.)
 * `memo` may be shared across calls on one DAG.
 */
export function lazyReads(dag: Dag, root: N, memo: Map<N, Map<string, N>>): Map<string, N> {
  const union = (into: Map<string, N>, from: Map<string, N>, when: N): void => {
    if (when === dag.F) return;
    for (const [k, f] of from) {
      const g = dag.and(when, f);
      const old = into.get(k);
      into.set(k, old === undefined ? g : dag.or(old, g));
    }
  };
  // Iterative post-order, as in the printer: long ite chains must not overflow the stack.
  const stack: [N, boolean][] = [[root, false]];
  while (stack.length) {
    const [n, done] = stack.pop()!;
    if (memo.has(n)) continue;
    const d = dag.nodes[n]!;
    if (!done) {
      stack.push([n, true]);
      for (const c of children(d)) if (!memo.has(c)) stack.push([c, false]);
      continue;
    }
    const out = new Map<string, N>();
    const m = (x: N): Map<string, N> => memo.get(x)!;
    switch (d.op) {
      case 'var': out.set(d.name, dag.T); break;
      case 'ite': union(out, m(d.c), dag.T); union(out, m(d.a), d.c); union(out, m(d.b), dag.not(d.c)); break;
      case 'and': case 'or': {
        // Operand i is evaluated only when the earlier ones did not decide.
        let go: N = dag.T;
        for (const x of d.xs) {
          union(out, m(x), go);
          go = dag.and(go, d.op === 'and' ? x : dag.not(x));
        }
        break;
      }
      default: for (const c of children(d)) union(out, m(c), dag.T);
    }
    memo.set(n, out);
  }
  return memo.get(root)!;
}

export const sortSmt = (s: Sort): string => (s.s === 'bool' ? 'Bool' : s.s === 'int' ? 'Int' : `(_ BitVec ${s.w})`);

/**
 * Prints nodes as SMT-LIB. `ref(n)` returns the text naming node n, first emitting (into
 * `lines`) the declarations and definitions it needs. Constants are inlined, and so is a node
 * that has one parent in the DAG (as it was when the printer was made): it is spelled out
 * inside that parent instead of being defined, which spares Z3 most of its parsing (a
 * closure's path terms are mostly used once). A node needed again later, by formulas built
 * after the printer, is then defined.
 */
export interface Printer {
  ref(n: N): string;
  /**
   * Node n's text for use once, in an assertion: spelled out, not defined, when nothing else
   * in the DAG uses n (so no define-fun for each of thousands of asserted clauses).
   */
  term(n: N): string;
  lines: string[];
  /**
   * With `valuesWhen`: each float operation's floating-point spelling, as an assertion that
   * holds when `valuesWhen` does not (its result is then a constant of its own, declared in
   * `lines`). Apart from `lines` because Z3 bit-blasts whatever is loaded, though a question that
   * assumes `valuesWhen` never needs these: they cost seconds per query (solver/run.ts solve).
   */
  theory: string[];
}

/** Nested inline terms stay shallower than this: deeper ones are defined. */
const MAX_INLINE_DEPTH = 32;

/**
 * DAGs larger than this are printed with each defined node a constant and an equation
 * (`declare-const` and `assert (=)`) instead of a `define-fun`. Z3 expands define-funs where
 * they are used, and asserting a formula over a large shared DAG of them took tens of seconds
 * while the script was read, before any query and so past any timeout: a 33-thread
 * named-barrier kernel's liveness encoding (386k nodes, 14 MB) took 35 s to read, 25 s of it in
 * two axioms' asserts, and its check-sat 6 s; as equations, 7 s to read and 16 s to solve,
 * inside check-sat, which the timeout bounds. Smaller DAGs keep define-funs, with which
 * check-sat was the faster (6 s against 16 s there): every encoding of the corpus and of our
 * litmus tests, liveness included, is under 25k nodes, and of the kernel examples under 85k.
 */
export const DECLARE_OVER = 200_000;

/**
 * `values`: a term's possible values when few (solver/valuesets.ts), for spelling a float
 * operation as a choice among its results (floatsmt.ts floatCases) rather than in the floating-point theory;
 * with `valuesWhen`, for the operations it says `needed` of, only when its Bool `lit` holds (the
 * floating-point theory otherwise, in `theory`).
 */
export function newPrinter(dag: Dag, opt: { declare?: boolean; values?: (n: N) => readonly bigint[] | null; valuesWhen?: { lit: string; needed: (n: N) => boolean } } = {}): Printer {
  const declare = opt.declare ?? dag.nodes.length > DECLARE_OVER;
  const names = new Map<N, string>();
  const lines: string[] = [];
  const theory: string[] = [];
  const declared = new Set<string>();
  const uses = new Uint32Array(dag.nodes.length);
  for (const d of dag.nodes) for (const c of children(d)) uses[c]!++;
  // Spelled-out terms waiting for their one parent, with their nesting depth.
  const inline = new Map<N, { text: string; depth: number }>();
  const walk = (root: N, spellRoot: boolean): string => {
    // Iterative post-order so deep DAGs (long ite chains) cannot overflow the stack.
    const stack: [N, boolean][] = [[root, false]];
    while (stack.length) {
      const [n, done] = stack.pop()!;
      if (names.has(n) || inline.has(n)) continue;
      const d = dag.nodes[n]!;
      if (!done) {
        stack.push([n, true]);
        for (const c of children(d)) if (!names.has(c) && !inline.has(c)) stack.push([c, false]);
        continue;
      }
      define(n, d, n < uses.length && (n === root ? spellRoot && uses[n] === 0 : uses[n] === 1));
    }
    return names.get(root) ?? take(root).text;
  };
  const ref = (root: N): string => walk(root, false);
  /** A child's text; a spelled-out child is used up by its one parent. */
  const take = (x: N): { text: string; depth: number } => {
    const name = names.get(x);
    if (name !== undefined) return { text: name, depth: 0 };
    const t = inline.get(x);
    // Already used up: its one counted parent took it, and a node built after the printer
    // (whose uses were not counted) needs it too. Defined then.
    if (t === undefined) return { text: ref(x), depth: 0 };
    inline.delete(x);
    return t;
  };
  const define = (n: N, d: NodeData, spell: boolean): void => {
    let depth = 0;
    const r = (x: N): string => {
      const t = take(x);
      depth = Math.max(depth, t.depth);
      return t.text;
    };
    let body: string;
    switch (d.op) {
      case 'true': names.set(n, 'true'); return;
      case 'false': names.set(n, 'false'); return;
      case 'bv': names.set(n, `(_ bv${d.v} ${d.w})`); return;
      case 'int': names.set(n, d.v < 0 ? `(- ${-d.v})` : String(d.v)); return;
      case 'var':
        if (!declared.has(d.name)) { declared.add(d.name); lines.push(`(declare-const ${d.name} ${sortSmt(d.sort)})`); }
        names.set(n, d.name);
        return;
      case 'not': body = `(not ${r(d.a)})`; break;
      case 'and': case 'or': body = `(${d.op} ${d.xs.map(r).join(' ')})`; break;
      case 'ite': body = `(ite ${r(d.c)} ${r(d.a)} ${r(d.b)})`; break;
      case 'eq': body = `(= ${r(d.a)} ${r(d.b)})`; break;
      case 'cmp': body = `(bv${d.fn} ${r(d.a)} ${r(d.b)})`; break;
      case 'bin': body = `(bv${d.fn} ${r(d.a)} ${r(d.b)})`; break;
      case 'float': {
        // As a choice among its results where its operands take few values (and, with
        // `valuesWhen`, only when that holds), else in the floating-point theory.
        const args = d.xs.map(r);
        const sets = opt.values ? d.xs.map((x) => opt.values!(x)) : [];
        const known = sets.length > 0 && sets.every((v) => v !== null);
        if (!known || sets.reduce((k, v) => k * v!.length, 1) > FLOAT_CASES) { body = floatSmt(d.f, args); break; }
        const names = args.map((_, i) => `fp${i}`);
        const cases = floatCases(d.f, sets as (readonly bigint[])[], names);
        const binds = names.map((nm, i) => `(${nm} ${args[i]})`).join(' ');
        const when = opt.valuesWhen?.needed(n) ? opt.valuesWhen.lit : null;
        if (when) {
          const c = `fpt${n}`;
          // Once: a node spelled out for a parent may be defined again for a later one (take).
          if (!declared.has(c)) {
            declared.add(c);
            lines.push(`(declare-const ${c} ${sortSmt(dag.sorts[n]!)})`);
            theory.push(`(assert (=> (not ${when}) (= ${c} (let (${binds}) ${floatSmt(d.f, names)}))))`);
          }
          body = `(let (${binds}) (ite ${when} ${cases} ${c}))`;
        } else body = `(let (${binds}) ${cases})`;
        break;
      }
      case 'zext': body = `((_ zero_extend ${d.w - dag.width(d.a)}) ${r(d.a)})`; break;
      case 'sext': body = `((_ sign_extend ${d.w - dag.width(d.a)}) ${r(d.a)})`; break;
      case 'trunc': body = `((_ extract ${d.w - 1} 0) ${r(d.a)})`; break;
      case 'ilt': body = `(< ${r(d.a)} ${r(d.b)})`; break;
      case 'ile': body = `(<= ${r(d.a)} ${r(d.b)})`; break;
      case 'iadd': body = `(+ ${d.xs.map(r).join(' ')})`; break;
      case 'b2i': body = `(ite ${r(d.a)} 1 0)`; break;
      case 'bv2int': body = `(bv2nat ${r(d.a)})`; break;
    }
    if (spell && depth < MAX_INLINE_DEPTH) {
      inline.set(n, { text: body, depth: depth + 1 });
      return;
    }
    const name = `n${n}`;
    if (declare) lines.push(`(declare-const ${name} ${sortSmt(dag.sorts[n]!)})`, `(assert (= ${name} ${body}))`);
    else lines.push(`(define-fun ${name} () ${sortSmt(dag.sorts[n]!)} ${body})`);
    names.set(n, name);
  };
  return { ref, term: (n: N): string => walk(n, true), lines, theory };
}

/** Concrete evaluation of nodes under an assignment of the variables. */
export function newEvaluator(dag: Dag, env: (name: string) => Value | undefined): (n: N) => Value {
  const memo = new Map<N, Value>();
  const ev = (n: N): Value => {
    const hit = memo.get(n);
    if (hit !== undefined) return hit;
    const d = dag.nodes[n]!;
    const bvw = (x: N): number => dag.width(x);
    let v: Value;
    switch (d.op) {
      case 'true': v = true; break;
      case 'false': v = false; break;
      case 'bv': case 'int': v = d.v; break;
      case 'var': {
        const x = env(d.name);
        if (x === undefined) throw new Error(`unassigned variable ${d.name}`);
        v = x;
        break;
      }
      case 'not': v = !ev(d.a); break;
      // Short-circuit: a guard may mention values that only exist when it holds.
      case 'and': v = d.xs.every((x) => ev(x) === true); break;
      case 'or': v = d.xs.some((x) => ev(x) === true); break;
      case 'ite': v = ev(d.c) ? ev(d.a) : ev(d.b); break;
      case 'eq': v = ev(d.a) === ev(d.b); break;
      case 'cmp': {
        const w = bvw(d.a);
        let x = ev(d.a) as bigint;
        let y = ev(d.b) as bigint;
        if (d.fn[0] === 's') { x = toSigned(x, w); y = toSigned(y, w); }
        v = d.fn.endsWith('lt') ? x < y : x <= y;
        break;
      }
      case 'bin': {
        const x = ev(d.a) as bigint;
        const y = ev(d.b) as bigint;
        v = norm(bvApply(d.fn, x, y, bvw(d.a)), bvw(d.a));
        break;
      }
      case 'zext': v = ev(d.a); break;
      case 'sext': v = norm(toSigned(ev(d.a) as bigint, bvw(d.a)), d.w); break;
      case 'trunc': v = norm(ev(d.a) as bigint, d.w); break;
      case 'ilt': v = (ev(d.a) as number) < (ev(d.b) as number); break;
      case 'ile': v = (ev(d.a) as number) <= (ev(d.b) as number); break;
      case 'iadd': v = d.xs.reduce((s, x) => s + (ev(x) as number), 0); break;
      case 'b2i': v = ev(d.a) ? 1 : 0; break;
      case 'bv2int': v = Number(ev(d.a) as bigint); break;
      case 'float': v = floatOp(d.f, d.xs.map((x) => ev(x) as bigint)); break;
    }
    memo.set(n, v);
    return v;
  };
  return ev;
}

/**
 * A bit-vector operation on values held at `w` bits (unsigned); the caller truncates. Shifts
 * as SMT-LIB's: an amount of w or more shifts every bit out (ashr fills with the sign).
 */
export function bvApply(fn: BvOp, x: bigint, y: bigint, w: number): bigint {
  switch (fn) {
    case 'add': return x + y;
    case 'sub': return x - y;
    case 'mul': return x * y;
    case 'and': return x & y;
    case 'or': return x | y;
    case 'xor': return x ^ y;
    case 'shl': return y >= BigInt(w) ? 0n : x << y;
    case 'lshr': return y >= BigInt(w) ? 0n : x >> y;
    case 'ashr': {
      const neg = w > 0 && x >> BigInt(w - 1) === 1n;
      const sx = neg ? x - (1n << BigInt(w)) : x;
      return sx >> (y >= BigInt(w) ? BigInt(w) : y);
    }
    // As SMT-LIB's bvudiv/bvurem/bvsdiv/bvsrem: towards zero, the remainder with the
    // dividend's sign; by zero, all ones (-1 or 1 signed) and the dividend (never reached:
    // unroll.ts refuses a zero divisor).
    case 'udiv': return y === 0n ? -1n : x / y;
    case 'urem': return y === 0n ? x : x % y;
    case 'sdiv': {
      const [sx, sy] = [toSigned(x, w), toSigned(y, w)];
      return sy === 0n ? (sx < 0n ? 1n : -1n) : sx / sy;
    }
    case 'srem': {
      const [sx, sy] = [toSigned(x, w), toSigned(y, w)];
      return sy === 0n ? sx : sx % sy;
    }
  }
}

/**
 * Node numbers sorted ascending, in place: insertion sort for the few operands most junctions
 * have, a typed array's numeric sort for more. Array.prototype.sort with a comparator was a
 * twentieth of encoding the corpus.
 */
function sortNodes(xs: N[]): void {
  const k = xs.length;
  if (k > 24) {
    const t = Int32Array.from(xs).sort();
    for (let i = 0; i < k; i++) xs[i] = t[i]!;
    return;
  }
  for (let i = 1; i < k; i++) {
    const x = xs[i]!;
    let j = i - 1;
    while (j >= 0 && xs[j]! > x) { xs[j + 1] = xs[j]!; j--; }
    xs[j + 1] = x;
  }
}
