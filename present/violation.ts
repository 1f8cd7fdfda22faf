// Why an execution breaks an axiom, as edges a reader can follow: the cycle (acyclic,
// irreflexive) or the offending pair (empty, subset) in the axiom's relation, each edge named by
// the relation that contributes it, and each derived edge (cause, observation...) broken down
// into base edges by following the structure of its definition, so every step is a fact the
// concrete evaluator confirms.
import type { ConcreteResult, Mat } from '../model/concrete.js';
import type { Axiom, Model, RelTerm } from '../model/relalg.js';
import { inv, showRel } from '../model/relalg.js';

export interface Step {
  from: number;
  to: number;
  /** The relation that relates them (`po`, `fr`, `cause`, `rf^-1`, `W*R`...). */
  label: string;
  /** The term behind the label; evaluating it concretely relates from to to. */
  term: RelTerm;
}

export interface Violation {
  axiom: Axiom;
  /** A cycle (first.from === last.to) for acyclic/irreflexive; a path from `pair[0]` to `pair[1]` otherwise. */
  steps: Step[];
  pair: [number, number];
  /** Per step: derived edges decomposed into base relations (and sync, fr); [] for base steps. */
  chains: Step[][];
}

/** Derived relations shown as one edge inside a decomposed chain (their own meaning is standard). */
const LEAVES = new Set(['fr', 'sync', 'morally-strong']);
/** Relations that restrict a pair rather than lead somewhere: not the edge to show for an `&`. */
const FILTERS = new Set(['loc', 'vloc', 'sr', 'same_proxy', 'same_cta', 'morally-strong']);

const isFilter = (t: RelTerm): boolean =>
  ((t.k === 'rel' || t.k === 'ref') && FILTERS.has(t.name)) || t.k === 'prod' || (t.k === 'diff' && isFilter(t.a));

export function explainer(model: Model, res: ConcreteResult): {
  path: (t: RelTerm, a: number, b: number, expand: (name: string) => boolean) => Step[];
  holds: (t: RelTerm, a: number, b: number) => boolean;
} {
  const cache = new Map<RelTerm, Mat>();
  const m = (t: RelTerm): Mat => {
    let r = cache.get(t);
    if (!r) { r = t.k === 'ref' ? res.rels[t.name]! : res.evalRel(t); cache.set(t, r); }
    return r;
  };
  const holds = (t: RelTerm, a: number, b: number): boolean => m(t).m[a * m(t).n + b] === 1;
  const path = (t: RelTerm, a: number, b: number, expand: (name: string) => boolean): Step[] => {
    const leaf = (): Step[] => [{ from: a, to: b, label: showRel(t), term: t }];
    switch (t.k) {
      case 'rel': case 'prod': return leaf();
      case 'ref': return expand(t.name) ? path(model.defs[t.name]!, a, b, expand) : leaf();
      case 'id': return [];
      case 'opt': return a === b ? [] : path(t.a, a, b, expand);
      case 'inv':
        return path(t.a, b, a, expand).reverse().map((s) => ({ from: s.to, to: s.from, label: `${s.label}^-1`, term: inv(s.term) }));
      case 'union': return holds(t.a, a, b) ? path(t.a, a, b, expand) : path(t.b, a, b, expand);
      case 'diff': return path(t.a, a, b, expand);
      case 'inter': {
        const parts: RelTerm[] = [];
        const flat = (x: RelTerm): void => { if (x.k === 'inter') { flat(x.a); flat(x.b); } else parts.push(x); };
        flat(t);
        return path(parts.find((p) => !isFilter(p)) ?? parts[0]!, a, b, expand);
      }
      case 'seq': {
        const n = m(t.a).n;
        // Prefer an identity half (k = a or b), then any middle event.
        const order = [b, a, ...Array.from({ length: n }, (_, k) => k)];
        const k = order.find((k) => holds(t.a, a, k) && holds(t.b, k, b))!;
        return [...path(t.a, a, k, expand), ...path(t.b, k, b, expand)];
      }
      case 'plus': {
        const hops = shortestPath(m(t.a), a, b);
        const out: Step[] = [];
        for (let i = 0; i + 1 < hops.length; i++) out.push(...path(t.a, hops[i]!, hops[i + 1]!, expand));
        return out;
      }
    }
  };
  return { path, holds };
}

/** Breadth-first shortest path a -> ... -> b of at least one edge (a === b: a shortest cycle). */
export function shortestPath(r: Mat, a: number, b: number): number[] {
  const { n } = r;
  const prev = new Array<number>(n).fill(-1);
  const seen = new Uint8Array(n);
  let frontier = [a];
  while (frontier.length) {
    const next: number[] = [];
    for (const x of frontier) {
      for (let y = 0; y < n; y++) {
        if (!r.m[x * n + y]) continue;
        if (y === b) {
          const hops = [b];
          for (let z = x; z !== a; z = prev[z]!) hops.push(z);
          hops.push(a);
          return hops.reverse();
        }
        if (!seen[y]) { seen[y] = 1; prev[y] = x; next.push(y); }
      }
    }
    frontier = next;
  }
  return [];
}

/** How `x` breaks `ax` (null when the axiom holds there). */
export function findViolation(model: Model, res: ConcreteResult, ax: Axiom): Violation | null {
  if (res.axioms[ax.name] !== false) return null;
  const ex = explainer(model, res);
  const r = res.evalRel(ax.r);
  const { n } = r;
  const at = (a: number, b: number): boolean => r.m[a * n + b] === 1;
  let pair: [number, number] | null = null;
  let hops: number[] = [];
  switch (ax.kind) {
    case 'irreflexive':
      for (let i = 0; i < n && !pair; i++) if (at(i, i)) pair = [i, i];
      if (pair) hops = [pair[0], pair[0]];
      break;
    case 'acyclic': {
      // The shortest cycle over all events.
      for (let i = 0; i < n; i++) {
        const h = shortestPath(r, i, i);
        if (h.length && (hops.length === 0 || h.length < hops.length)) hops = h;
      }
      if (hops.length) pair = [hops[0]!, hops[0]!];
      break;
    }
    case 'empty': case 'subset': {
      const s = ax.kind === 'subset' ? res.evalRel(ax.s!) : null;
      for (let i = 0; i < n * n && !pair; i++) if (r.m[i] && !(s && s.m[i])) pair = [Math.floor(i / n), i % n];
      if (pair) hops = [pair[0], pair[1]];
      break;
    }
  }
  if (!pair) return null;
  const none = (): boolean => false;
  const steps: Step[] = [];
  for (let i = 0; i + 1 < hops.length; i++) steps.push(...ex.path(ax.r, hops[i]!, hops[i + 1]!, none));
  const expandDerived = (name: string): boolean => !LEAVES.has(name);
  const chains = steps.map((s) => (s.term.k === 'ref' && !LEAVES.has(s.term.name) ? ex.path(s.term, s.from, s.to, expandDerived) : []));
  return { axiom: ax, steps, pair, chains };
}
