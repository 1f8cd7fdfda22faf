// The concrete interpreter: evaluates a model's terms on one execution (relations as boolean
// matrices over its executed events) and says which axioms hold.
import type { EventInfo } from './events.js';
import { inBaseSet, mentionsChoice, STATIC_RELS, staticRel } from './events.js';
import type { Axiom, Model, RelTerm, SetTerm } from './relalg.js';

export type Pair = [number, number];

/** One candidate execution: executed events only, with the choices that make it. */
export interface Execution {
  /** Executed events; an event's `id` is its index here. */
  events: EventInfo[];
  /** rmw partner of each read (the write of the same atom/red), -1 if none. */
  rmwPartner: number[];
  rf: Pair[];
  /** Coherence choice; closed transitively here (co = co+). */
  co: Pair[];
  syncFence: Pair[];
  syncBarrier: Pair[];
  dep: Pair[];
}

/** A relation as an n*n boolean matrix. */
export interface Mat {
  n: number;
  m: Uint8Array;
}

const mat = (n: number): Mat => ({ n, m: new Uint8Array(n * n) });

export function pairs(r: Mat): Pair[] {
  const out: Pair[] = [];
  for (let a = 0; a < r.n; a++) for (let b = 0; b < r.n; b++) if (r.m[a * r.n + b]) out.push([a, b]);
  return out;
}

/** The transitive closure of a relation over n events, given and returned as pairs. */
export function closurePairs(n: number, ps: Pair[]): Pair[] {
  const c = closureRows(rowsOfPairs(n, ps));
  const out: Pair[] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (getBit(c, a, b)) out.push([a, b]);
  return out;
}

/** Whether a relation over n events, given as pairs, has no cycle. */
export function isAcyclic(n: number, ps: Pair[]): boolean {
  return acyclicRows(rowsOfPairs(n, ps));
}

export interface ConcreteResult {
  /** Every derived relation of the model, by name. */
  rels: Record<string, Mat>;
  /** Axiom name -> holds. */
  axioms: Record<string, boolean>;
  consistent: boolean;
  /** Any term of the model's vocabulary on this execution (for explanations). */
  evalRel: (t: RelTerm) => Mat;
}

/**
 * Base sets and relations beyond (or instead of) those the events' attributes give: a model of
 * another language over the same execution (model/rc11.ts: C++ memory orders, scope inclusion).
 */
export interface ExtraBase {
  sets?: Record<string, boolean[]>;
  rels?: Record<string, Pair[]>;
}

// Inside evaluate, a relation is rows of bits (Rows): row a's bit b holds when a is related
// to b. Composition ORs whole rows and closure is Warshall's over rows: n^2/32 word operations
// where n*n bytes took n^3 steps. Matrices (Mat) are made only for what a caller looks at.

/** A relation over n events as n rows of w 32-bit words each. */
interface Rows {
  n: number;
  w: number;
  r: Uint32Array;
}

// Rows are carved out of shared chunks (zeroed when made, never handed out twice): an
// evaluation makes dozens of relations, and a typed array with a buffer of its own for each
// was half of replaying an execution (solver/replay.ts), with the GC's work after.
const CHUNK = 1 << 14;
let chunk = new Uint32Array(CHUNK);
let used = 0;
function words(k: number): Uint32Array {
  if (used + k > chunk.length) {
    chunk = new Uint32Array(Math.max(CHUNK, k));
    used = 0;
  }
  const out = chunk.subarray(used, used + k);
  used += k;
  return out;
}

const rows = (n: number): Rows => {
  const w = (n + 31) >>> 5;
  return { n, w, r: words(n * w) };
};

/** A copy of x's rows. */
function copyRows(x: Rows): Rows {
  const r = words(x.r.length);
  r.set(x.r);
  return { n: x.n, w: x.w, r };
}
const setBit = (x: Rows, a: number, b: number): void => { x.r[a * x.w + (b >>> 5)]! |= 1 << (b & 31); };
const getBit = (x: Rows, a: number, b: number): boolean => (x.r[a * x.w + (b >>> 5)]! & (1 << (b & 31))) !== 0;

function rowsOfPairs(n: number, ps: Pair[]): Rows {
  const x = rows(n);
  for (const [a, b] of ps) setBit(x, a, b);
  return x;
}

function toMat(x: Rows): Mat {
  const out = mat(x.n);
  for (let a = 0; a < x.n; a++) for (let b = 0; b < x.n; b++) if (getBit(x, a, b)) out.m[a * x.n + b] = 1;
  return out;
}

/** Row a of x ORed into row c of out. */
function orRow(out: Rows, c: number, x: Rows, a: number): void {
  const { w } = x;
  for (let k = 0; k < w; k++) out.r[c * w + k]! |= x.r[a * w + k]!;
}

function closureRows(x: Rows): Rows {
  const { n } = x;
  const c = copyRows(x);
  for (let k = 0; k < n; k++) for (let a = 0; a < n; a++) if (getBit(c, a, k)) orRow(c, a, c, k);
  return c;
}

function seqRows(x: Rows, y: Rows): Rows {
  const { n, w } = x;
  const out = rows(n);
  for (let a = 0; a < n; a++) {
    for (let k = 0; k < w; k++) {
      let bits = x.r[a * w + k]!;
      while (bits !== 0) {
        const low = bits & -bits;
        orRow(out, a, y, (k << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
  }
  return out;
}

const acyclicRows = (x: Rows): boolean => {
  const c = closureRows(x);
  for (let a = 0; a < x.n; a++) if (getBit(c, a, a)) return false;
  return true;
};

/**
 * What does not depend on an execution's choices (the static base relations, and terms built
 * from them only, such as morally-strong), per events array and model: brute force evaluates
 * every choice of rf, co, ... over one array of executed events (solver/enumerate.ts).
 * Relations are never written once made, so sharing them is safe.
 */
const staticRows = new WeakMap<EventInfo[], Map<Model, { rmw: number[]; rows: Map<RelTerm | string, Rows> }>>();

function staticsOf(model: Model, x: Execution): Map<RelTerm | string, Rows> {
  let byModel = staticRows.get(x.events);
  if (!byModel) { byModel = new Map(); staticRows.set(x.events, byModel); }
  let hit = byModel.get(model);
  if (!hit || hit.rmw !== x.rmwPartner) { hit = { rmw: x.rmwPartner, rows: new Map() }; byModel.set(model, hit); }
  return hit.rows;
}

/** Evaluates every definition and axiom of `model` on `x`. */
export function evaluate(model: Model, x: Execution, extra: ExtraBase = {}): ConcreteResult {
  const n = x.events.length;
  const ev = x.events;
  const base = new Map<string, Rows>();
  const rmwOf = (e: EventInfo): number => x.rmwPartner[e.id] ?? -1;
  // Extra base sets or relations could change any term: nothing is shared then.
  const shared = extra.sets || extra.rels ? null : staticsOf(model, x);
  for (const name of STATIC_RELS) {
    let r = shared?.get(name);
    if (!r) {
      r = rows(n);
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (staticRel(name, ev[a]!, ev[b]!, rmwOf)) setBit(r, a, b);
      shared?.set(name, r);
    }
    base.set(name, r);
  }
  base.set('rf', rowsOfPairs(n, x.rf));
  base.set('co', closureRows(rowsOfPairs(n, x.co)));
  base.set('sync_fence', rowsOfPairs(n, x.syncFence));
  base.set('sync_barrier', rowsOfPairs(n, x.syncBarrier));
  base.set('dep', rowsOfPairs(n, x.dep));
  for (const [name, ps] of Object.entries(extra.rels ?? {})) base.set(name, rowsOfPairs(n, ps));

  const setCache = new Map<string, Uint8Array>();
  const evalSet = (s: SetTerm): Uint8Array => {
    const out = new Uint8Array(n);
    switch (s.k) {
      case 'all': out.fill(1); return out;
      case 'set': {
        const hit = setCache.get(s.name);
        if (hit) return hit;
        const given = extra.sets?.[s.name];
        for (let i = 0; i < n; i++) out[i] = (given ? given[i] : inBaseSet(s.name, ev[i]!)) ? 1 : 0;
        setCache.set(s.name, out);
        return out;
      }
      default: {
        const a = evalSet(s.a);
        const b = evalSet(s.b);
        for (let i = 0; i < n; i++) out[i] = s.k === 'sunion' ? a[i]! | b[i]! : s.k === 'sinter' ? a[i]! & b[i]! : a[i]! & (1 - b[i]!);
        return out;
      }
    }
  };

  const defs = new Map<string, Rows>();
  const evalRows = (t: RelTerm): Rows => {
    if (!shared || t.k === 'rel' || mentionsChoice(model, t)) return compute(t);
    let r = shared.get(t);
    if (!r) { r = compute(t); shared.set(t, r); }
    return r;
  };
  const compute = (t: RelTerm): Rows => {
    switch (t.k) {
      case 'rel': {
        const r = base.get(t.name);
        if (!r) throw new Error(`unknown base relation ${t.name}`);
        return r;
      }
      case 'ref': {
        const r = defs.get(t.name);
        if (!r) throw new Error(`${t.name} used before its definition`);
        return r;
      }
      case 'id': {
        const s = evalSet(t.s);
        const r = rows(n);
        for (let i = 0; i < n; i++) if (s[i]) setBit(r, i, i);
        return r;
      }
      case 'prod': {
        const a = evalSet(t.a);
        const b = evalSet(t.b);
        const r = rows(n);
        const row = new Uint32Array(r.w);
        for (let j = 0; j < n; j++) if (b[j]) row[j >>> 5]! |= 1 << (j & 31);
        for (let i = 0; i < n; i++) if (a[i]) r.r.set(row, i * r.w);
        return r;
      }
      case 'inv': {
        const a = evalRows(t.a);
        const r = rows(n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (getBit(a, i, j)) setBit(r, j, i);
        return r;
      }
      case 'opt': {
        const a = evalRows(t.a);
        const r = copyRows(a);
        for (let i = 0; i < n; i++) setBit(r, i, i);
        return r;
      }
      case 'plus': return closureRows(evalRows(t.a));
      case 'seq': return seqRows(evalRows(t.a), evalRows(t.b));
      default: {
        const a = evalRows(t.a).r;
        const b = evalRows(t.b).r;
        const r = rows(n);
        const o = r.r;
        if (t.k === 'union') for (let i = 0; i < o.length; i++) o[i] = a[i]! | b[i]!;
        else if (t.k === 'inter') for (let i = 0; i < o.length; i++) o[i] = a[i]! & b[i]!;
        else for (let i = 0; i < o.length; i++) o[i] = a[i]! & ~b[i]!;
        return r;
      }
    }
  };

  for (const [name, t] of defsOf(model)) defs.set(name, evalRows(t));
  const axioms: Record<string, boolean> = {};
  for (const ax of model.axioms) axioms[ax.name] = axiomHolds(ax, evalRows);
  const consistent = model.axioms.every((ax) => axioms[ax.name]);
  // Matrices for callers, made when first looked at: most callers (replaying, brute force)
  // look only at `consistent`, and need no getter per relation.
  let rels: Record<string, Mat> | null = null;
  return { get rels() { return (rels ??= matrices(defs)); }, axioms, consistent, evalRel: (t) => toMat(evalRows(t)) };
}

/** Each relation's matrix, made when first looked at. */
function matrices(defs: ReadonlyMap<string, Rows>): Record<string, Mat> {
  const rels: Record<string, Mat> = {};
  for (const [name, r] of defs) {
    let m: Mat | null = null;
    Object.defineProperty(rels, name, { enumerable: true, get: () => (m ??= toMat(r)) });
  }
  return rels;
}

// A model's definitions in order, listed once per model rather than once per evaluation.
const defLists = new WeakMap<Model, [string, RelTerm][]>();
function defsOf(model: Model): [string, RelTerm][] {
  let d = defLists.get(model);
  if (!d) { d = Object.entries(model.defs); defLists.set(model, d); }
  return d;
}

function axiomHolds(ax: Axiom, evalRows: (t: RelTerm) => Rows): boolean {
  const x = evalRows(ax.r);
  switch (ax.kind) {
    case 'empty': return x.r.every((v) => v === 0);
    case 'irreflexive': {
      for (let i = 0; i < x.n; i++) if (getBit(x, i, i)) return false;
      return true;
    }
    case 'acyclic': return acyclicRows(x);
    case 'subset': {
      const s = evalRows(ax.s!).r;
      for (let i = 0; i < x.r.length; i++) if ((x.r[i]! & ~s[i]!) !== 0) return false;
      return true;
    }
  }
}
