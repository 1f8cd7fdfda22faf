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
import { type EventInfo, STATIC_RELS } from '../model/events.js';
import type { Model, RelTerm } from '../model/relalg.js';
import type { Dag } from './expr.js';
import { type SRel, entries, interpret, pairMask } from './symbolic.js';

/** The choices of an execution: the base relations the static analysis leaves empty. */
const CHOICES = ['rf', 'co', 'sync_fence', 'sync_barrier', 'dep'];

/** Does t mention a choice where a larger choice could make t smaller (under a difference)? */
export function antitoneInChoices(t: RelTerm, model: Model): boolean {
  const seen = new Map<string, boolean>();
  const mentions = (x: RelTerm): boolean => {
    switch (x.k) {
      case 'rel': return !(STATIC_RELS as readonly string[]).includes(x.name);
      case 'ref': {
        if (!seen.has(x.name)) { seen.set(x.name, true); seen.set(x.name, mentions(model.defs[x.name]!)); }
        return seen.get(x.name)!;
      }
      case 'id': case 'prod': return false;
      case 'inv': case 'opt': case 'plus': return mentions(x.a);
      default: return mentions(x.a) || mentions(x.b);
    }
  };
  const bad = (x: RelTerm, visiting: Set<string>): boolean => {
    switch (x.k) {
      case 'rel': case 'id': case 'prod': return false;
      case 'ref': {
        if (visiting.has(x.name)) return false;
        return bad(model.defs[x.name]!, new Set([...visiting, x.name]));
      }
      case 'inv': case 'opt': case 'plus': return bad(x.a, visiting);
      case 'diff': return mentions(x.b) || bad(x.a, visiting);
      default: return bad(x.a, visiting) || bad(x.b, visiting);
    }
  };
  return bad(t, new Set());
}

/**
 * Write pairs (a, b) that every consistent execution executing both orders a-co->b, from the
 * model's `L ⊆ co` axioms. Returned as a set of `a,b` keys.
 */
export function forcedCoherence(model: Model, dag: Dag, events: EventInfo[], exec: number[], rmwPartner: number[]): Set<string> {
  const out = new Set<string>();
  const axioms = model.axioms.filter((ax) => ax.kind === 'subset' && ax.s?.k === 'rel' && ax.s.name === 'co' && !antitoneInChoices(ax.r, model));
  // Only pairs of writes to one location can be in co: evaluate L on those alone.
  const writes = events.filter((e) => e.kind === 'W' && !e.init && exec[e.id] !== dag.F);
  const pairs: [number, number][] = [];
  for (const a of writes) for (const b of writes) if (a !== b && a.ploc === b.ploc) pairs.push([a.id, b.id]);
  if (axioms.length === 0 || pairs.length === 0) return out;
  const empty: Record<string, SRel> = Object.fromEntries(CHOICES.map((c) => [c, new Map()]));
  const sym = interpret(model, { dag, events, exec, rmwPartner, dynamic: empty });
  for (const ax of axioms) {
    const l: SRel = sym.evalRel(ax.r, pairMask(pairs));
    for (const [a, b, f] of entries(l)) if (f === dag.T && a !== b) out.add(`${a},${b}`);
  }
  return out;
}
