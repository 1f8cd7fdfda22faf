// Coherence pairs that every consistent execution has, known before solving (a small part of
// what Dartagnan's relation analysis computes). A subset axiom `L ⊆ co` (the ISA's Coherence:
// writes ordered by causality are ordered in coherence) forces co(a, b) wherever L holds; when
// L mentions the execution's choices (rf, co, ...) only positively, its value with every
// choice empty is contained in its value in any execution, so the pairs it gives then, with no
// condition left, are in co in every consistent execution where both writes are executed.
// Fixing those co pairs (and their reverses to false) lets transitivity and the axioms fold
// away: a thread writing one location n times no longer costs n^3 coherence constraints.
//
// Only valid while every axiom is enforced: `why` (which drops axioms) and unsat cores (which
// name them) use the encoding without it.
import { CHOICE_RELS, type EventInfo, mentionsChoice } from '../model/events.js';
import type { Model, RelTerm } from '../model/relalg.js';
import type { Dag, N } from './expr.js';
import { type SRel, type SymbolicResult, entries, interpret, pairMask } from './symbolic.js';

/**
 * The symbolic interpreter with every choice (rf, co, ...) empty: static terms read as they
 * are, terms monotone in the choices at their least (here and in solver/shortcut.ts).
 */
export function choiceFree(model: Model, dag: Dag, events: EventInfo[], exec: N[], rmwPartner: number[]): SymbolicResult {
  const empty: Record<string, SRel> = Object.fromEntries(CHOICE_RELS.map((c) => [c, new Map()]));
  return interpret(model, { dag, events, exec, rmwPartner, dynamic: empty });
}

/** Does t mention a choice where a larger choice could make t smaller (under a difference)? */
export function antitoneInChoices(t: RelTerm, model: Model): boolean {
  const bad = (x: RelTerm, visiting: Set<string>): boolean => {
    switch (x.k) {
      case 'rel': case 'id': case 'prod': return false;
      case 'ref': {
        if (visiting.has(x.name)) return false;
        return bad(model.defs[x.name]!, new Set([...visiting, x.name]));
      }
      case 'inv': case 'opt': case 'plus': return bad(x.a, visiting);
      case 'diff': return mentionsChoice(model, x.b) || bad(x.a, visiting);
      default: return bad(x.a, visiting) || bad(x.b, visiting);
    }
  };
  return bad(t, new Set());
}

/**
 * f holds whenever both guards do: it is true, one of them, or a conjunction of their
 * conjuncts (a relation between events in loop iterations is conditional on the iterations
 * being executed, which the axioms' instances assume anyway).
 */
export function holdsWhenBoth(dag: Dag, f: N, ga: N, gb: N): boolean {
  const known = new Set<N>();
  const conjuncts = (g: N): void => {
    if (known.has(g)) return;
    known.add(g);
    const d = dag.nodes[g]!;
    if (d.op === 'and') for (const x of d.xs) conjuncts(x);
  };
  conjuncts(ga);
  conjuncts(gb);
  const holds = (x: N): boolean => {
    if (x === dag.T || known.has(x)) return true;
    const d = dag.nodes[x]!;
    return d.op === 'and' && d.xs.every(holds);
  };
  return holds(f);
}

/** co, or co | co^-1 (either order): what a coherence axiom's right side may be. */
const isCo = (t: RelTerm): boolean => t.k === 'rel' && t.name === 'co';
const isCoEitherWay = (t: RelTerm): boolean =>
  t.k === 'union' && ((isCo(t.a) && t.b.k === 'inv' && isCo(t.b.a)) || (isCo(t.b) && t.a.k === 'inv' && isCo(t.a.a)));

/**
 * Write pairs that every consistent execution executing both relates in coherence, from the
 * model's `L ⊆ co` axioms (`ordered`: a-co->b) and `L ⊆ co | co^-1` axioms (`related`: one
 * way or the other; both orders of the pair are listed). Sets of `a,b` keys.
 */
export function forcedCoherence(model: Model, dag: Dag, events: EventInfo[], exec: number[], rmwPartner: number[]): { ordered: Set<string>; related: Set<string> } {
  const ordered = new Set<string>();
  const related = new Set<string>();
  const monotone = model.axioms.filter((ax) => ax.kind === 'subset' && ax.s !== undefined && !antitoneInChoices(ax.r, model));
  const orders = monotone.filter((ax) => isCo(ax.s!));
  const relates = monotone.filter((ax) => isCoEitherWay(ax.s!));
  // Only pairs of writes to one location can be in co: evaluate L on those alone.
  const writes = events.filter((e) => e.kind === 'W' && !e.init && exec[e.id] !== dag.F);
  const pairs: [number, number][] = [];
  for (const a of writes) for (const b of writes) if (a !== b && a.ploc === b.ploc) pairs.push([a.id, b.id]);
  if (orders.length + relates.length === 0 || pairs.length === 0) return { ordered, related };
  const sym = choiceFree(model, dag, events, exec, rmwPartner);
  for (const [axioms, into, both] of [[orders, ordered, false], [relates, related, true]] as const) {
    for (const ax of axioms) {
      const l: SRel = sym.evalRel(ax.r, pairMask(pairs));
      for (const [a, b, f] of entries(l)) {
        if (a === b || !holdsWhenBoth(dag, f, exec[a]!, exec[b]!)) continue;
        into.add(`${a},${b}`);
        if (both) into.add(`${b},${a}`);
      }
    }
  }
  return { ordered, related };
}
