// Single-edit mutants of a model: an axiom dropped, a union or intersection cut to one side
// (or turned into the other), a difference cut to its left, a closure, option or inverse
// dropped, a base set widened to every event, loc and vloc swapped, acyclic weakened to
// irreflexive. What a set of tests does not tell apart from the model, it does not pin down
// (bench/mutants.ts); what the solver answers for a mutant, brute force must answer too
// (solver/crosscheck.test.ts): the solver's shortcuts are read off the model, never assumed.
import type { Axiom, Model, RelTerm, SetTerm } from './relalg.js';

type Edit<T> = [what: string, to: T];

function* setEdits(s: SetTerm, at: string): Generator<Edit<SetTerm>> {
  if (s.k === 'all') return;
  if (s.k === 'set') { yield [`${at}: ${s.name} -> _`, { k: 'all' }]; return; }
  yield [`${at}: ${s.k} keeps its left`, s.a];
  if (s.k !== 'sdiff') yield [`${at}: ${s.k} keeps its right`, s.b];
  for (const [w, a] of setEdits(s.a, `${at}.a`)) yield [w, { ...s, a }];
  for (const [w, b] of setEdits(s.b, `${at}.b`)) yield [w, { ...s, b }];
}

/** Every single edit of t, each named by where it is (a path of .a/.b from the term's root). */
function* relEdits(t: RelTerm, at: string): Generator<Edit<RelTerm>> {
  switch (t.k) {
    case 'rel':
      if (t.name === 'loc' || t.name === 'vloc') yield [`${at}: ${t.name} -> ${t.name === 'loc' ? 'vloc' : 'loc'}`, { k: 'rel', name: t.name === 'loc' ? 'vloc' : 'loc' }];
      return;
    case 'ref': return;
    case 'id': for (const [w, s] of setEdits(t.s, `${at}[]`)) yield [w, { k: 'id', s }]; return;
    case 'prod':
      for (const [w, a] of setEdits(t.a, `${at}*a`)) yield [w, { ...t, a }];
      for (const [w, b] of setEdits(t.b, `${at}*b`)) yield [w, { ...t, b }];
      return;
    case 'inv': case 'opt': case 'plus':
      yield [`${at}: ${t.k} dropped`, t.a];
      if (t.k === 'plus') yield [`${at}: plus -> opt`, { k: 'opt', a: t.a }];
      for (const [w, a] of relEdits(t.a, `${at}.${t.k}`)) yield [w, { ...t, a }];
      return;
    default:
      if (t.k === 'union' || t.k === 'inter') {
        yield [`${at}: ${t.k} keeps its left`, t.a];
        yield [`${at}: ${t.k} keeps its right`, t.b];
        yield [`${at}: ${t.k} -> ${t.k === 'union' ? 'inter' : 'union'}`, { ...t, k: t.k === 'union' ? 'inter' : 'union' }];
      }
      if (t.k === 'diff') yield [`${at}: diff keeps its left`, t.a];
      for (const [w, a] of relEdits(t.a, `${at}.a`)) yield [w, { ...t, a }];
      for (const [w, b] of relEdits(t.b, `${at}.b`)) yield [w, { ...t, b }];
  }
}

export interface Mutant { what: string; model: Model }

/** Every single-edit mutant of m: in its definitions, then in its axioms. */
export function* mutants(m: Model): Generator<Mutant> {
  const named = (what: string, defs: Model['defs'], axioms: Axiom[]): Mutant => ({ what, model: { name: `${m.name}~`, defs, axioms } });
  for (const [name, t] of Object.entries(m.defs)) {
    for (const [w, to] of relEdits(t, name)) yield named(w, { ...m.defs, [name]: to }, m.axioms);
  }
  for (const [i, a] of m.axioms.entries()) {
    const swap = (b: Axiom): Axiom[] => m.axioms.map((x, j) => (j === i ? b : x));
    yield named(`${a.name} dropped`, m.defs, m.axioms.filter((_, j) => j !== i));
    for (const [w, r] of relEdits(a.r, a.name)) yield named(w, m.defs, swap({ ...a, r }));
    if (a.s) for (const [w, s] of relEdits(a.s, `${a.name} (right side)`)) yield named(w, m.defs, swap({ ...a, s }));
    if (a.kind === 'acyclic') yield named(`${a.name}: acyclic -> irreflexive`, m.defs, swap({ ...a, kind: 'irreflexive' }));
  }
}
