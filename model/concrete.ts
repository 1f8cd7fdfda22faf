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

function fromPairs(n: number, ps: Pair[]): Mat {
  const r = mat(n);
  for (const [a, b] of ps) r.m[a * n + b] = 1;
  return r;
}

export function pairs(r: Mat): Pair[] {
  const out: Pair[] = [];
  for (let a = 0; a < r.n; a++) for (let b = 0; b < r.n; b++) if (r.m[a * r.n + b]) out.push([a, b]);
  return out;
}

function closure(r: Mat): Mat {
  const { n } = r;
  const c: Mat = { n, m: r.m.slice() };
  for (let k = 0; k < n; k++) {
    for (let a = 0; a < n; a++) {
      if (!c.m[a * n + k]) continue;
      for (let b = 0; b < n; b++) if (c.m[k * n + b]) c.m[a * n + b] = 1;
    }
  }
  return c;
}

/** The transitive closure of a relation over n events, given and returned as pairs. */
export function closurePairs(n: number, ps: Pair[]): Pair[] {
  return pairs(closure(fromPairs(n, ps)));
}

export function isAcyclic(r: Mat): boolean {
  const c = closure(r);
  for (let a = 0; a < r.n; a++) if (c.m[a * r.n + a]) return false;
  return true;
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

/**
 * What does not depend on an execution's choices (the static base relations, and terms built
 * from them only, such as morally-strong), per events array and model: brute force evaluates
 * every choice of rf, co, ... over one array of executed events (solver/enumerate.ts).
 * Matrices are never written once made, so sharing them is safe.
 */
const staticMats = new WeakMap<EventInfo[], Map<Model, { rmw: number[]; mats: Map<RelTerm | string, Mat> }>>();

function staticsOf(model: Model, x: Execution): Map<RelTerm | string, Mat> {
  let byModel = staticMats.get(x.events);
  if (!byModel) { byModel = new Map(); staticMats.set(x.events, byModel); }
  let hit = byModel.get(model);
  if (!hit || hit.rmw !== x.rmwPartner) { hit = { rmw: x.rmwPartner, mats: new Map() }; byModel.set(model, hit); }
  return hit.mats;
}

/** Evaluates every definition and axiom of `model` on `x`. */
export function evaluate(model: Model, x: Execution, extra: ExtraBase = {}): ConcreteResult {
  const n = x.events.length;
  const ev = x.events;
  const base = new Map<string, Mat>();
  const rmwOf = (e: EventInfo): number => x.rmwPartner[e.id] ?? -1;
  // Extra base sets or relations could change any term: nothing is shared then.
  const shared = extra.sets || extra.rels ? null : staticsOf(model, x);
  for (const name of STATIC_RELS) {
    let r = shared?.get(name);
    if (!r) {
      r = mat(n);
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (staticRel(name, ev[a]!, ev[b]!, rmwOf)) r.m[a * n + b] = 1;
      shared?.set(name, r);
    }
    base.set(name, r);
  }
  base.set('rf', fromPairs(n, x.rf));
  base.set('co', closure(fromPairs(n, x.co)));
  base.set('sync_fence', fromPairs(n, x.syncFence));
  base.set('sync_barrier', fromPairs(n, x.syncBarrier));
  base.set('dep', fromPairs(n, x.dep));
  for (const [name, ps] of Object.entries(extra.rels ?? {})) base.set(name, fromPairs(n, ps));

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

  const rels: Record<string, Mat> = {};
  const evalRel = (t: RelTerm): Mat => {
    if (!shared || t.k === 'rel' || mentionsChoice(model, t)) return compute(t);
    let r = shared.get(t);
    if (!r) { r = compute(t); shared.set(t, r); }
    return r;
  };
  const compute = (t: RelTerm): Mat => {
    switch (t.k) {
      case 'rel': {
        const r = base.get(t.name);
        if (!r) throw new Error(`unknown base relation ${t.name}`);
        return r;
      }
      case 'ref': {
        const r = rels[t.name];
        if (!r) throw new Error(`${t.name} used before its definition`);
        return r;
      }
      case 'id': {
        const s = evalSet(t.s);
        const r = mat(n);
        for (let i = 0; i < n; i++) if (s[i]) r.m[i * n + i] = 1;
        return r;
      }
      case 'prod': {
        const a = evalSet(t.a);
        const b = evalSet(t.b);
        const r = mat(n);
        for (let i = 0; i < n; i++) if (a[i]) for (let j = 0; j < n; j++) if (b[j]) r.m[i * n + j] = 1;
        return r;
      }
      case 'inv': {
        const a = evalRel(t.a);
        const r = mat(n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) r.m[j * n + i] = a.m[i * n + j]!;
        return r;
      }
      case 'opt': {
        const r: Mat = { n, m: evalRel(t.a).m.slice() };
        for (let i = 0; i < n; i++) r.m[i * n + i] = 1;
        return r;
      }
      case 'plus': return closure(evalRel(t.a));
      case 'seq': {
        const a = evalRel(t.a);
        const b = evalRel(t.b);
        const r = mat(n);
        for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) {
          if (!a.m[i * n + k]) continue;
          for (let j = 0; j < n; j++) if (b.m[k * n + j]) r.m[i * n + j] = 1;
        }
        return r;
      }
      default: {
        const a = evalRel(t.a);
        const b = evalRel(t.b);
        const r = mat(n);
        for (let i = 0; i < n * n; i++) {
          r.m[i] = t.k === 'union' ? a.m[i]! | b.m[i]! : t.k === 'inter' ? a.m[i]! & b.m[i]! : a.m[i]! & (1 - b.m[i]!);
        }
        return r;
      }
    }
  };

  for (const [name, t] of Object.entries(model.defs)) rels[name] = evalRel(t);
  const axioms: Record<string, boolean> = {};
  for (const ax of model.axioms) axioms[ax.name] = axiomHolds(ax, evalRel);
  return { rels, axioms, consistent: Object.values(axioms).every(Boolean), evalRel };
}

function axiomHolds(ax: Axiom, evalRel: (t: RelTerm) => Mat): boolean {
  const r = evalRel(ax.r);
  const { n } = r;
  switch (ax.kind) {
    case 'empty': return r.m.every((v) => v === 0);
    case 'irreflexive': {
      for (let i = 0; i < n; i++) if (r.m[i * n + i]) return false;
      return true;
    }
    case 'acyclic': return isAcyclic(r);
    case 'subset': {
      const s = evalRel(ax.s!);
      for (let i = 0; i < n * n; i++) if (r.m[i] && !s.m[i]) return false;
      return true;
    }
  }
}
