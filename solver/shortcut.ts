// Closures that may leave out paths through a total order an axiom bounds them by.
//
// The Fence-SC order (sync_fence, sf) is a strict total order on the executed fence.sc of a
// clique of pairwise morally strong ones (encode.ts: a direction per pair, consistent with
// ranks), and the FenceSC axiom (`[SC];cb;[SC] & ms ⊆ sf`) says that base causality between
// two of them follows it. cb's closure P = X+ with X = First;B (First ⊇ sf, B ⊇ id: sync or sf,
// then po?) relates every fence of a clique to every other and to what follows each: with n
// fences, Warshall's step through each one joins n sources to 2n targets, n^3 path terms.
//
// Warshall's step through k adds, for each u and v, the disjunct P(u,k) & P(k,v). With u and k
// in one clique, it may be left out when v is in that clique too, or when every first hop out
// of k (First(k,z)) lands in it. In an execution where the axiom holds (over the exact closure,
// or over the smaller one: the argument is the same), consider the first step where a left-out
// disjunct is true while the entry P(u,v) is false (until then both closures agree):
// - P(u,k) gives sf(u,k) (u = k adds nothing).
// - v in the clique: sf(k,v), so sf(u,v) by transitivity (u = v would make sf cyclic), and
//   X(u,v) ⊇ sf(u,v);B(v,v) is already in the entry.
// - First hop in the clique: the path from k starts with First(k,z);B(z,y) for some z of the
//   clique. X(k,z) ⊇ First(k,z);B(z,z) gives sf(k,z) (or z = k), so sf(u,z) (z = u would make
//   sf cyclic), and the edge X(u,y) ⊇ First(u,z);B(z,y) ⊇ sf(u,z);B(z,y) starts a path from u
//   to v through y and the rest of k's path, whose inner events all come before k: the entry
//   already had it.
// So no such step exists: the closures agree, and so does every axiom. An execution in which
// the axiom fails over one closure therefore fails it over the other, and the consistent
// executions are the same, provided the axiom is enforced in every query (`allAxioms` in
// encode.ts; `why` and unsat cores name or drop axioms and get the exact closure).
//
// What the argument needs is read off the model's terms, not assumed: `covers` checks that the
// axiom's left side contains P and First contains sf on every pair of a clique, `reflexive`
// that B holds on each member.
import { type EventInfo, mentionsChoice } from '../model/events.js';
import type { Model, RelTerm } from '../model/relalg.js';
import type { Dag, N } from './expr.js';
import { choiceFree } from './must.js';
import { pairMask } from './symbolic.js';

/** A base relation that is a strict total order on the executed events of each clique. */
export interface TotalOrder {
  rel: string;
  cliques: number[][];
}

/**
 * Per closure term that may leave paths out: each event's clique (-1: none), and First when
 * the closed relation is First;B (null: only paths between members of one clique are left out).
 */
export type Shortcuts = Map<RelTerm, { clique: Int32Array; first: RelTerm | null }>;

function plusTerms(model: Model): RelTerm[] {
  const out = new Set<RelTerm>();
  const visit = (t: RelTerm): void => {
    switch (t.k) {
      case 'rel': case 'ref': case 'id': case 'prod': return;
      case 'plus': out.add(t); visit(t.a); return;
      case 'inv': case 'opt': visit(t.a); return;
      default: visit(t.a); visit(t.b);
    }
  };
  for (const t of Object.values(model.defs)) visit(t);
  for (const ax of model.axioms) { visit(ax.r); if (ax.s) visit(ax.s); }
  return [...out];
}

export function closureShortcuts(model: Model, dag: Dag, events: EventInfo[], exec: N[], rmwPartner: number[], orders: TotalOrder[]): Shortcuts {
  const out: Shortcuts = new Map();
  if (orders.every((o) => o.cliques.length === 0)) return out;
  // Static terms (ms, [SC]) are read with every choice empty: they do not depend on it.
  const sym = choiceFree(model, dag, events, exec, rmwPartner);
  const isStatic = (t: RelTerm): boolean => !mentionsChoice(model, t);
  /** Does the static term t hold (as `true`) on every pair? */
  const holdsOn = (t: RelTerm, pairs: [number, number][]): boolean => {
    const r = sym.evalRel(t, pairMask(pairs));
    return pairs.every(([a, b]) => r.get(a)?.get(b) === dag.T);
  };

  for (const order of orders) {
    const clique = new Int32Array(events.length).fill(-1);
    order.cliques.forEach((c, i) => { for (const e of c) clique[e] = i; });
    const pairs: [number, number][] = order.cliques.flatMap((c) => c.flatMap((a) => c.filter((b) => b !== a).map((b): [number, number] => [a, b])));
    const diagonal: [number, number][] = order.cliques.flatMap((c) => c.map((a): [number, number] => [a, a]));
    const sameTerm = (t: RelTerm, target: RelTerm): boolean =>
      t === target || (t.k === 'rel' && target.k === 'rel' && t.name === target.name);
    /** t holds at (e, e) for every clique member e. */
    const reflexive = (t: RelTerm): boolean => {
      switch (t.k) {
        case 'opt': return true;
        case 'ref': return reflexive(model.defs[t.name]!);
        case 'union': return reflexive(t.a) || reflexive(t.b);
        case 'inter': case 'seq': return reflexive(t.a) && reflexive(t.b);
        default: return isStatic(t) && holdsOn(t, diagonal);
      }
    };
    /** t holds wherever target does, on every pair of distinct members of one clique. */
    const covers = (t: RelTerm, target: RelTerm): boolean => {
      if (sameTerm(t, target)) return true;
      switch (t.k) {
        case 'ref': return covers(model.defs[t.name]!, target);
        case 'union': return covers(t.a, target) || covers(t.b, target);
        case 'inter': return covers(t.a, target) && covers(t.b, target);
        case 'seq': return (reflexive(t.a) && covers(t.b, target)) || (covers(t.a, target) && reflexive(t.b));
        case 'opt': case 'plus': return covers(t.a, target);
        default: return isStatic(t) && holdsOn(t, pairs);
      }
    };
    const orderRel: RelTerm = { k: 'rel', name: order.rel };
    const bounds = model.axioms.filter((ax) => ax.kind === 'subset' && ax.s !== undefined && sameTerm(ax.s, orderRel));
    for (const p of plusTerms(model)) {
      if (p.k !== 'plus' || out.has(p) || !covers(p.a, orderRel) || !bounds.some((ax) => covers(ax.r, p))) continue;
      const first = p.a.k === 'seq' && covers(p.a.a, orderRel) && reflexive(p.a.b) ? p.a.a : null;
      out.set(p, { clique, first });
    }
  }
  return out;
}

/** The cliques of pairwise related events, greedily, in event order (each event in one). */
export function cliquesOf(ids: number[], related: (a: number, b: number) => boolean): number[][] {
  const cliques: number[][] = [];
  for (const e of ids) {
    const c = cliques.find((k) => k.every((f) => related(e, f)));
    if (c) c.push(e); else cliques.push([e]);
  }
  return cliques;
}
