// Causality read through one observation step, where the axioms make the rest of the chain
// redundant.
//
// Observation is O = A;(B;A)*: A ⊆ rf (a morally strong read-from), B = rmw, so a pair of O
// is a chain of read-modify-writes each reading the one before. Its closure is the largest
// part of a lock's encoding (18 atoms of a spin lock: 9,000 of the script's definitions).
// Causality C mentions O as O;T or O?;T (T ⊇ rmw: an atom's read is before its write in base
// causality), and only two kinds of axiom read C: Coherence (W;C;W & loc ⊆ co) and Causality
// (irreflexive (rf | fr);C). Let C' be C with each such O replaced by A: C' ⊆ C.
//
// In an execution where the axioms hold over C' (and co is a strict order, fr = rf^-1;co):
// - Each link of a chain u0 A r1 B u1 A r2 ... A z is co-ordered: u(i-1) A r(i) B u(i) is in
//   A;T ⊆ C', between writes of one location (A ⊆ rf, rmw keep it), so Coherence' gives
//   u(i-1) co u(i). By transitivity u0 co u(k-1) (or they are equal).
// - Coherence: w1 C w2 through the chain (w1 = u0 O z T w2) has u(k-1) A z T w2, in C', so
//   u(k-1) co w2, and w1 co w2.
// - Causality: x (rf | fr) y C x through the chain starts at a write y = u0, so x fr y: x
//   reads from v with v co y co* u(k-1), so x fr u(k-1), and u(k-1) A z T x is in C': a cycle
//   Causality' already forbids.
// So the axioms hold over C, and the consistent executions are the same, provided every axiom
// is enforced in every query (`allAxioms` in encode.ts; `why` and unsat cores, which name or
// drop axioms, get the exact terms). proofs/chains.ts checks the claim over every execution of
// up to N events; `tailCovers` checks T ⊇ rmw on the test's own atoms (the proofs' space has
// only the generic proxy).
//
// What the argument needs is read off the model's terms, not assumed: the shape of O and of
// the axioms that read C, and that C holds O only under unions. The rewritten model keeps C
// itself exact (solver/races.ts reads it, as a data race needs C exactly): the axioms read a
// definition of their own.
import type { EventInfo } from '../model/events.js';
import { type Axiom, type Model, type RelTerm, alt, and, id, inv, opt, ref, rel, seq, set } from '../model/relalg.js';
import type { Dag, N } from './expr.js';
import { antitoneInChoices, choiceFree, holdsWhenBoth } from './must.js';
import { pairMask } from './symbolic.js';

/** The model whose axioms read causality through one observation step, and the tails T to check. */
export interface OneStep {
  model: Model;
  /** The name of C' among model.defs. */
  name: string;
  tails: RelTerm[];
}

const same = (a: RelTerm, b: RelTerm): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Does t mention ref(name): in its own term, and through definitions when a model is given? */
function mentions(model: Model | null, t: RelTerm, name: string, seen = new Set<string>()): boolean {
  switch (t.k) {
    case 'rel': case 'id': case 'prod': return false;
    case 'ref':
      if (t.name === name) return true;
      if (!model || seen.has(t.name) || !model.defs[t.name]) return false;
      seen.add(t.name);
      return mentions(model, model.defs[t.name]!, name, seen);
    case 'inv': case 'opt': case 'plus': return mentions(model, t.a, name, seen);
    default: return mentions(model, t.a, name, seen) || mentions(model, t.b, name, seen);
  }
}

/** A ⊆ rf: rf itself, or an intersection with rf among its conjuncts. */
const withinRf = (a: RelTerm): boolean =>
  (a.k === 'rel' && a.name === 'rf') || (a.k === 'inter' && (withinRf(a.a) || withinRf(a.b)));

/** O = A;(B;A)* with B = rmw and A ⊆ rf: its A, else null. */
function firstStep(o: RelTerm | undefined): RelTerm | null {
  if (!o || o.k !== 'seq' || o.b.k !== 'opt' || o.b.a.k !== 'plus') return null;
  const step = o.b.a.a;
  if (step.k !== 'seq' || step.a.k !== 'rel' || step.a.name !== 'rmw' || !same(step.b, o.a)) return null;
  return withinRf(o.a) ? o.a : null;
}

/**
 * C with each O;T or O?;T under its top unions replaced by A;T or A?;T, and the tails T; null
 * where O occurs anywhere else in C's own term.
 */
function rewrite(c: RelTerm, o: string, a: RelTerm): { term: RelTerm; tails: RelTerm[] } | null {
  const isO = (t: RelTerm): boolean => t.k === 'ref' && t.name === o;
  const direct = (t: RelTerm): boolean => mentions(null, t, o);
  if (c.k === 'union') {
    const l = rewrite(c.a, o, a);
    const r = rewrite(c.b, o, a);
    return l && r ? { term: alt(l.term, r.term), tails: [...l.tails, ...r.tails] } : null;
  }
  if (c.k === 'seq' && !direct(c.b)) {
    if (isO(c.a)) return { term: seq(a, c.b), tails: [c.b] };
    if (c.a.k === 'opt' && isO(c.a.a)) return { term: seq(opt(a), c.b), tails: [c.b] };
  }
  return direct(c) ? null : { term: c, tails: [] };
}

const W = set('W');
/** The axiom shapes the argument covers, for causality named c. */
const coherenceOf = (c: string): RelTerm => and(seq(id(W), ref(c), id(W)), rel('loc'));
const causalityOf = (c: string): RelTerm => seq(alt(rel('rf'), ref('fr')), ref(c));
const isCoherence = (ax: Axiom, c: string): boolean =>
  ax.kind === 'subset' && ax.s !== undefined && same(ax.s, rel('co')) && same(ax.r, coherenceOf(c));
const isCausality = (ax: Axiom, c: string): boolean => ax.kind === 'irreflexive' && same(ax.r, causalityOf(c));

const memo = new WeakMap<Model, OneStep | null>();

/**
 * The model with its axioms reading `cause` through one `observation` step (see above), or
 * null when its terms do not have the shape the argument needs.
 */
export function oneStepObservation(model: Model, o = 'observation', c = 'cause'): OneStep | null {
  if (memo.has(model)) return memo.get(model)!;
  const out = build(model, o, c);
  memo.set(model, out);
  return out;
}

function build(model: Model, o: string, c: string): OneStep | null {
  const a = firstStep(model.defs[o]);
  const cause = model.defs[c];
  if (!a || !cause) return null;
  if (!same(model.defs['fr'] ?? rel('fr'), seq(inv(rel('rf')), rel('co')))) return null;
  // Only the axioms may read C, and only in the two shapes, Coherence among them.
  if (Object.entries(model.defs).some(([k, t]) => k !== c && mentions(model, t, c))) return null;
  const reading = model.axioms.filter((ax) => mentions(model, ax.r, c) || (ax.s !== undefined && mentions(model, ax.s, c)));
  if (!reading.every((ax) => isCoherence(ax, c) || isCausality(ax, c)) || !reading.some((ax) => isCoherence(ax, c))) return null;
  const r = rewrite(cause, o, a);
  if (!r || r.tails.length === 0) return null;
  const name = `${c} (one ${o} step)`;
  const swap = (t: RelTerm): RelTerm => (same(t, coherenceOf(c)) ? coherenceOf(name) : same(t, causalityOf(c)) ? causalityOf(name) : t);
  const axioms = model.axioms.map((ax) => (reading.includes(ax) ? { ...ax, r: swap(ax.r) } : ax));
  return { model: { name: model.name, defs: { ...model.defs, [name]: r.term }, axioms }, name, tails: r.tails };
}

/**
 * T ⊇ rmw on this test's atoms, whatever the execution: each tail, with every choice empty
 * (its least value: no tail may shrink as choices grow), holds on each atom's read and write
 * whenever both are executed.
 */
export function tailCovers(one: OneStep, dag: Dag, events: EventInfo[], exec: N[], rmwPartner: number[]): boolean {
  const pairs: [number, number][] = [];
  rmwPartner.forEach((w, r) => { if (w >= 0 && exec[r] !== dag.F) pairs.push([r, w]); });
  if (pairs.length === 0) return true;
  if (one.tails.some((t) => antitoneInChoices(t, one.model))) return false;
  const sym = choiceFree(one.model, dag, events, exec, rmwPartner);
  return one.tails.every((t) => {
    const v = sym.evalRel(t, pairMask(pairs));
    return pairs.every(([r, w]) => {
      const f = v.get(r)?.get(w);
      return f !== undefined && holdsWhenBoth(dag, f, exec[r]!, exec[w]!);
    });
  });
}
