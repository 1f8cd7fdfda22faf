// A small relation algebra as plain data. A model is written once in these terms and read by
// two interpreters: model/concrete.ts (one execution, sets of pairs) and solver/symbolic.ts
// (Z3 formulas). Notation follows cat: `;` seq, `|` union, `&` inter, `\` diff, `^-1` inv.

/** A set of events. */
export type SetTerm =
  | { k: 'set'; name: string } // a named base set (R, W, strong, ...)
  | { k: 'all' } // every event, cat's `_`
  | { k: 'sunion' | 'sinter' | 'sdiff'; a: SetTerm; b: SetTerm };

/** A binary relation over events. */
export type RelTerm =
  | { k: 'rel'; name: string } // a named base relation (po, rf, co, ...)
  | { k: 'ref'; name: string } // a derived relation defined by the model
  | { k: 'union' | 'inter' | 'diff' | 'seq'; a: RelTerm; b: RelTerm }
  | { k: 'inv' | 'opt' | 'plus'; a: RelTerm }
  | { k: 'id'; s: SetTerm } // [S]
  | { k: 'prod'; a: SetTerm; b: SetTerm }; // S*T

export type AxiomKind = 'empty' | 'acyclic' | 'irreflexive' | 'subset';

export interface Axiom {
  name: string;
  /** Where the ISA states it. */
  section: string;
  kind: AxiomKind;
  r: RelTerm;
  /** The right-hand side of `subset`. */
  s?: RelTerm;
}

export interface Model {
  name: string;
  /** Derived relations by name, in definition order (a definition only uses earlier ones). */
  defs: Record<string, RelTerm>;
  axioms: Axiom[];
}

// ---- constructors: the model files read like cat with these ----

export const set = (name: string): SetTerm => ({ k: 'set', name });
export const ALL: SetTerm = { k: 'all' };
export const sor = (...xs: SetTerm[]): SetTerm => xs.reduce((a, b) => ({ k: 'sunion', a, b }));
export const sand = (...xs: SetTerm[]): SetTerm => xs.reduce((a, b) => ({ k: 'sinter', a, b }));
export const sminus = (a: SetTerm, b: SetTerm): SetTerm => ({ k: 'sdiff', a, b });

export const rel = (name: string): RelTerm => ({ k: 'rel', name });
export const ref = (name: string): RelTerm => ({ k: 'ref', name });
export const alt = (...xs: RelTerm[]): RelTerm => xs.reduce((a, b) => ({ k: 'union', a, b }));
export const and = (...xs: RelTerm[]): RelTerm => xs.reduce((a, b) => ({ k: 'inter', a, b }));
export const minus = (a: RelTerm, b: RelTerm): RelTerm => ({ k: 'diff', a, b });
export const seq = (...xs: RelTerm[]): RelTerm => xs.reduce((a, b) => ({ k: 'seq', a, b }));
export const inv = (a: RelTerm): RelTerm => ({ k: 'inv', a });
export const opt = (a: RelTerm): RelTerm => ({ k: 'opt', a });
export const plus = (a: RelTerm): RelTerm => ({ k: 'plus', a });
/** Reflexive-transitive closure, `*`. */
export const star = (a: RelTerm): RelTerm => opt(plus(a));
export const id = (s: SetTerm): RelTerm => ({ k: 'id', s });
export const prod = (a: SetTerm, b: SetTerm): RelTerm => ({ k: 'prod', a, b });

/** The names of base relations and sets a model's definitions and axioms mention (added to `rels` and `sets`). */
export function modelBaseNames(m: Model, rels = new Set<string>(), sets = new Set<string>()): { rels: Set<string>; sets: Set<string> } {
  for (const t of Object.values(m.defs)) baseNames(t, rels, sets);
  for (const a of m.axioms) {
    baseNames(a.r, rels, sets);
    if (a.s) baseNames(a.s, rels, sets);
  }
  return { rels, sets };
}

/** The names of base relations and sets a term mentions (to check an interpreter covers them). */
export function baseNames(t: RelTerm, rels = new Set<string>(), sets = new Set<string>()): { rels: Set<string>; sets: Set<string> } {
  const visitSet = (s: SetTerm): void => {
    if (s.k === 'set') sets.add(s.name);
    else if (s.k !== 'all') { visitSet(s.a); visitSet(s.b); }
  };
  const visit = (r: RelTerm): void => {
    switch (r.k) {
      case 'rel': rels.add(r.name); break;
      case 'ref': break;
      case 'id': visitSet(r.s); break;
      case 'prod': visitSet(r.a); visitSet(r.b); break;
      case 'inv': case 'opt': case 'plus': visit(r.a); break;
      default: visit(r.a); visit(r.b);
    }
  };
  visit(t);
  return { rels, sets };
}

// Printing in cat, with herd's precedence (loosest first: | ; \ & then the product, then the
// postfix closures), parenthesising only where a reader needs it. Chains nest to the left, as
// the constructors above build them and as model/cat.ts reads them, so a printed term reads
// back unchanged, shape included (the solver's shortcuts recognise axioms by shape).
export const LEVEL = { union: 1, seq: 2, diff: 3, inter: 4, prod: 5, post: 6, atom: 7 } as const;
const wrap = (text: string, level: number, min: number): string => (level < min ? `(${text})` : text);

function showSet(x: SetTerm, min: number): string {
  switch (x.k) {
    case 'set': return x.name;
    case 'all': return '_';
    case 'sunion': return wrap(`${showSet(x.a, LEVEL.union)} | ${showSet(x.b, LEVEL.union + 1)}`, LEVEL.union, min);
    case 'sdiff': return wrap(`${showSet(x.a, LEVEL.diff)} \\ ${showSet(x.b, LEVEL.diff + 1)}`, LEVEL.diff, min);
    case 'sinter': return wrap(`${showSet(x.a, LEVEL.inter)} & ${showSet(x.b, LEVEL.inter + 1)}`, LEVEL.inter, min);
  }
}

/** A term in cat syntax (explanations, docs, `ptxmm model`), parenthesised where its place in a term at `min` needs. */
export function showRel(t: RelTerm, min = 0): string {
  const infix = (op: string, level: number, a: RelTerm, b: RelTerm): string =>
    wrap(`${showRel(a, level)}${op}${showRel(b, level + 1)}`, level, min);
  switch (t.k) {
    case 'rel': case 'ref': return t.name;
    case 'id': return `[${showSet(t.s, 0)}]`;
    case 'prod': return wrap(`${showSet(t.a, LEVEL.post)}*${showSet(t.b, LEVEL.post)}`, LEVEL.prod, min);
    case 'union': return infix(' | ', LEVEL.union, t.a, t.b);
    case 'seq': return infix('; ', LEVEL.seq, t.a, t.b);
    case 'diff': return infix(' \\ ', LEVEL.diff, t.a, t.b);
    case 'inter': return infix(' & ', LEVEL.inter, t.a, t.b);
    // r* is (r+)?, and reads back so.
    case 'opt': return t.a.k === 'plus' ? `${showRel(t.a.a, LEVEL.post)}*` : `${showRel(t.a, LEVEL.post)}?`;
    case 'plus': {
      // `r++` would read as the set addition `++`.
      const a = showRel(t.a, LEVEL.post);
      return `${a}${a.endsWith('+') ? ' ' : ''}+`;
    }
    case 'inv': return `${showRel(t.a, LEVEL.post)}^-1`;
  }
}

/**
 * The model with the named axioms switched off ("what if"): same definitions, fewer axioms.
 * Everything derived from the axioms (forced coherence, solver/must.ts) follows, since it is
 * computed from `axioms`. Throws on a name the model does not have.
 */
export function withoutAxioms(model: Model, names: readonly string[]): Model {
  const known = new Set(model.axioms.map((a) => a.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new Error(`unknown axiom${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')} (${model.name} has ${[...known].join(', ')})`);
  }
  const drop = new Set(names);
  if (drop.size === 0) return model;
  // Named by what is gone, in the model's order, so two ways of asking give one name.
  const gone = model.axioms.filter((a) => drop.has(a.name)).map((a) => a.name);
  return { name: `${model.name} without ${gone.join(', ')}`, defs: model.defs, axioms: model.axioms.filter((a) => !drop.has(a.name)) };
}

/**
 * The model's NoThinAir axioms: acyclic ones that are a union with rf and dep, or rf and po,
 * among its members (a litmus test's dep lies within po). Any one of them rules out a value
 * that comes from a cycle of dependencies and reads-from.
 */
export function noThinAirAxioms(model: Model): Axiom[] {
  const members = (t: RelTerm): RelTerm[] => (t.k === 'union' ? [...members(t.a), ...members(t.b)] : [t]);
  return model.axioms.filter((ax) => {
    if (ax.kind !== 'acyclic') return false;
    const names = new Set(members(ax.r).flatMap((t) => (t.k === 'rel' ? [t.name] : [])));
    return names.has('rf') && (names.has('dep') || names.has('po'));
  });
}

/** A model without NoThinAir: a read may take its value from a cycle of dependencies and reads-from (solver/run.ts THIN_AIR_STATE_CAP). */
export const thinAirAllowed = (model: Model): boolean => noThinAirAxioms(model).length === 0;
