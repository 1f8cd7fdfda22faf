// The symbolic interpreter: the same relation terms as model/concrete.ts, evaluated to sparse
// matrices of formulas. Only pairs that may be related are stored (the may-set); an absent
// pair is false. A formula R[a][b] means "a R b, given that a and b are executed", so
// composition conjoins the middle event's execution guard, and the axioms conjoin the end
// points'. Every derived relation is a closed formula over the choice variables (rf, co, ...):
// closures are expanded with Warshall's algorithm, so each definition is exact in any polarity.
//
// Evaluation is demand-driven: a term is evaluated under a mask of the pairs its context
// needs (an irreflexivity axiom needs only the diagonal, an intersection with `loc` only
// same-location pairs), and composition passes on only what it needs from each side.
// Results are exact on every pair the mask allows; other pairs may be missing.
//
// A base set or relation is usually a fixed fact of a litmus test's events (EventInfo), but it
// may also be a formula: proofs/ quantifies over every execution of up to N events, where an
// event's kind, scope and location are themselves variables (`sets` and `statics` below).
import type { EventInfo } from '../model/events.js';
import { inBaseSet, STATIC_RELS, staticRel } from '../model/events.js';
import { type Axiom, type Model, type RelTerm, type SetTerm, plus } from '../model/relalg.js';
import type { Dag, N } from './expr.js';
import { checkTime } from './limits.js';
import { components } from './scc.js';
import type { Shortcuts } from './shortcut.js';

/** Row -> column -> formula. */
export type SRel = Map<number, Map<number, N>>;

/** The pairs wanted: rows, columns and explicit pairs (row -> columns); null = any. */
export interface Mask {
  rows: Set<number> | null;
  cols: Set<number> | null;
  pairs: Map<number, Set<number>> | null;
}

export function srelGet(r: SRel, a: number, b: number): N | undefined {
  return r.get(a)?.get(b);
}

function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}

/**
 * Every entry of r. For callers off the hot path: the interpreter's own loops walk the rows
 * directly (a generator step and a fresh triple per entry were a sixth of encoding).
 */
export function* entries(r: SRel): Generator<[number, number, N]> {
  for (const [a, row] of r) for (const [b, f] of row) yield [a, b, f];
}

// Whether m allows the pair (a, b), in two halves for loops over a relation's rows: what m
// allows of row a (the columns wanted, null for any, undefined for none), asked once per row;
// then each column.
function rowWant(m: Mask | null, a: number): Set<number> | null | undefined {
  if (!m) return null;
  if (m.rows && !m.rows.has(a)) return undefined;
  return m.pairs ? m.pairs.get(a) : null;
}
const colAllowed = (m: Mask | null, want: Set<number> | null, b: number): boolean =>
  !m || ((!m.cols || m.cols.has(b)) && (!want || want.has(b)));
const allows = (m: Mask | null, a: number, b: number): boolean => {
  const want = rowWant(m, a);
  return want !== undefined && colAllowed(m, want, b);
};

/** The mask of the pairs present in r (and allowed by m). */
function supportMask(r: SRel, m: Mask | null): Mask {
  const pairs = new Map<number, Set<number>>();
  for (const [a, aRow] of r) {
    const want = rowWant(m, a);
    if (want === undefined) continue;
    let s: Set<number> | undefined;
    for (const b of aRow.keys()) {
      if (!colAllowed(m, want, b)) continue;
      if (!s) { s = new Set(); pairs.set(a, s); }
      s.add(b);
    }
  }
  return { rows: null, cols: null, pairs };
}

export function pairMask(ps: Iterable<[number, number]>): Mask {
  const pairs = new Map<number, Set<number>>();
  for (const [a, b] of ps) {
    let s = pairs.get(a);
    if (!s) { s = new Set(); pairs.set(a, s); }
    s.add(b);
  }
  return { rows: null, cols: null, pairs };
}

export interface SymbolicEnv {
  dag: Dag;
  /** Fixed attributes of each event (the base sets and static relations follow from them). */
  events?: EventInfo[];
  /** Execution guard of each event (its length is the number of events). */
  exec: N[];
  rmwPartner?: number[];
  /** The non-static base relations: rf, co, sync_fence, sync_barrier, dep. */
  dynamic: Record<string, SRel>;
  /** Base sets given as a formula per event, instead of read from `events`. */
  sets?: Record<string, N[]>;
  /** Static base relations given as formulas (any name), instead of computed from `events`. */
  statics?: Record<string, SRel>;
  /** Closures some of whose paths through a clique may be left out (solver/shortcut.ts). */
  shortcuts?: Shortcuts;
}

export interface SymbolicResult {
  /** Evaluates a term on the pairs `mask` allows (all pairs when null). */
  evalRel(t: RelTerm, mask?: Mask | null): SRel;
}

export function interpret(model: Model, env: SymbolicEnv): SymbolicResult {
  const { dag, events } = env;
  const n = env.exec.length;
  const x = env.exec;
  const memo = new Map<RelTerm, SRel>();
  const setMemo = new Map<SetTerm, N[]>();
  const full = new Map<string, SRel>();
  const base = new Map<string, SRel>([...Object.entries(env.dynamic), ...Object.entries(env.statics ?? {})]);
  const rmwOf = (e: EventInfo): number => env.rmwPartner?.[e.id] ?? -1;
  const STATIC = new Set<string>([...STATIC_RELS, ...Object.keys(env.statics ?? {})]);
  // A static relation the caller did not give is computed from the events, when first used.
  const baseRel = (name: string): SRel => {
    const hit = base.get(name);
    if (hit) return hit;
    if (!(STATIC_RELS as readonly string[]).includes(name)) throw new Error(`unknown base relation ${name}`);
    if (!events) throw new Error(`no events to compute ${name} from`);
    const r: SRel = new Map();
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) if (staticRel(name, events[a]!, events[b]!, rmwOf)) put(r, a, b, dag.T);
      if ((a & 63) === 0) checkTime(dag.limits); // builds no formulas, so the DAG cannot check
    }
    base.set(name, r);
    return r;
  };

  // A term is static when it mentions no choice (rf, co, ...): cheap, evaluated first.
  const staticMemo = new Map<RelTerm, boolean>();
  const isStatic = (t: RelTerm): boolean => {
    const hit = staticMemo.get(t);
    if (hit !== undefined) return hit;
    let s: boolean;
    switch (t.k) {
      case 'rel': s = STATIC.has(t.name); break;
      case 'ref': s = isStatic(def(t.name)); break;
      case 'id': case 'prod': s = true; break;
      case 'inv': case 'opt': case 'plus': s = isStatic(t.a); break;
      default: s = isStatic(t.a) && isStatic(t.b);
    }
    staticMemo.set(t, s);
    return s;
  };
  const def = (name: string): RelTerm => {
    const t = model.defs[name];
    if (!t) throw new Error(`unknown relation ${name}`);
    return t;
  };

  /** A set as a formula per event ("e is in S, given e is executed"). */
  const evalSet = (s: SetTerm): N[] => {
    const hit = setMemo.get(s);
    if (hit) return hit;
    let out: N[];
    switch (s.k) {
      case 'all': out = x.map(() => dag.T); break;
      case 'set': {
        const given = env.sets?.[s.name];
        if (given) { out = given; break; }
        if (!events) throw new Error(`no events to compute the set ${s.name} from`);
        out = events.map((e) => dag.bool(inBaseSet(s.name, e)));
        break;
      }
      default: {
        const a = evalSet(s.a);
        const b = evalSet(s.b);
        out = a.map((v, i) => (s.k === 'sunion' ? dag.or(v, b[i]!) : s.k === 'sinter' ? dag.and(v, b[i]!) : dag.and(v, dag.not(b[i]!))));
      }
    }
    setMemo.set(s, out);
    return out;
  };

  const evalRel = (t: RelTerm, m: Mask | null = null): SRel => {
    if (m === null) {
      const hit = memo.get(t);
      if (hit) return hit;
      const r = compute(t, null);
      memo.set(t, r);
      return r;
    }
    return memo.get(t) ?? compute(t, m);
  };

  const filtered = (r: SRel, m: Mask | null): SRel => {
    if (!m) return r;
    const out: SRel = new Map();
    for (const [a, aRow] of r) {
      const want = rowWant(m, a);
      if (want !== undefined) for (const [b, f] of aRow) if (colAllowed(m, want, b)) put(out, a, b, f);
    }
    return out;
  };

  const compute = (t: RelTerm, m: Mask | null): SRel => {
    const out: SRel = new Map();
    switch (t.k) {
      case 'rel': return baseRel(t.name);
      case 'ref': {
        const hit = full.get(t.name);
        if (hit) return hit;
        if (m) return evalRel(def(t.name), m);
        const r = evalRel(def(t.name), null);
        full.set(t.name, r);
        return r;
      }
      case 'id': {
        evalSet(t.s).forEach((v, i) => { if (v !== dag.F && allows(m, i, i)) put(out, i, i, v); });
        return out;
      }
      case 'prod': {
        const a = evalSet(t.a);
        const b = evalSet(t.b);
        const both = (i: number, j: number): void => {
          const f = dag.and(a[i]!, b[j]!);
          if (f !== dag.F && allows(m, i, j)) put(out, i, j, f);
        };
        if (m?.pairs) {
          for (const [i, cs] of m.pairs) if (a[i] !== dag.F) for (const j of cs) both(i, j);
        } else {
          for (let i = 0; i < n; i++) if (a[i] !== dag.F) for (let j = 0; j < n; j++) both(i, j);
        }
        return out;
      }
      case 'inv': {
        let tm: Mask | null = null;
        if (m) {
          const pairs = m.pairs ? new Map<number, Set<number>>() : null;
          if (m.pairs) for (const [a, bs] of m.pairs) for (const b of bs) { let s = pairs!.get(b); if (!s) { s = new Set(); pairs!.set(b, s); } s.add(a); }
          tm = { rows: m.cols, cols: m.rows, pairs };
        }
        for (const [a, aRow] of evalRel(t.a, tm)) for (const [b, f] of aRow) put(out, b, a, f);
        return out;
      }
      case 'opt':
        for (const [a, aRow] of evalRel(t.a, m)) for (const [b, f] of aRow) put(out, a, b, f);
        for (let i = 0; i < n; i++) if (allows(m, i, i)) put(out, i, i, dag.T);
        return out;
      case 'union': {
        for (const [a, aRow] of evalRel(t.a, m)) for (const [b, f] of aRow) put(out, a, b, f);
        for (const [a, aRow] of evalRel(t.b, m)) for (const [b, f] of aRow) {
          const old = srelGet(out, a, b);
          put(out, a, b, old === undefined ? f : dag.or(old, f));
        }
        return out;
      }
      case 'inter': {
        // The static side first: its support bounds what the other side must compute.
        const [p, q] = isStatic(t.b) && !isStatic(t.a) ? [t.b, t.a] : [t.a, t.b];
        const rp = evalRel(p, m);
        const rq = evalRel(q, supportMask(rp, m));
        for (const [a, aRow] of rp) {
          const want = rowWant(m, a);
          const qRow = rq.get(a);
          if (want === undefined || !qRow) continue;
          for (const [b, f] of aRow) {
            if (!colAllowed(m, want, b)) continue;
            const g = qRow.get(b);
            if (g === undefined) continue;
            const h = dag.and(f, g);
            if (h !== dag.F) put(out, a, b, h);
          }
        }
        return out;
      }
      case 'diff': {
        const ra = evalRel(t.a, m);
        const rb = evalRel(t.b, supportMask(ra, m));
        for (const [a, aRow] of ra) {
          const want = rowWant(m, a);
          if (want === undefined) continue;
          const bRow = rb.get(a);
          for (const [b, f] of aRow) {
            if (!colAllowed(m, want, b)) continue;
            const g = bRow?.get(b);
            const h = g === undefined ? f : dag.and(f, dag.not(g));
            if (h !== dag.F) put(out, a, b, h);
          }
        }
        return out;
      }
      case 'seq': return compose(t.a, t.b, m);
      case 'plus': {
        // Warshall: after step k, r[a][b] holds iff a path from a to b exists whose inner
        // events are all among the first k (and executed). An entry gains a disjunct per k;
        // its disjunction is built only when it is read (at steps a and b) and at the end, so
        // that no entry's disjuncts are copied into a new node at every step.
        const parts = new Map<number, Map<number, N[]>>();
        const built = new Map<number, Map<number, N>>();
        const add = (a: number, b: number, f: N): void => {
          let row = parts.get(a);
          if (!row) { row = new Map(); parts.set(a, row); }
          const l = row.get(b);
          if (l) l.push(f); else row.set(b, [f]);
          built.get(a)?.delete(b);
        };
        const read = (a: number, b: number, l: N[]): N => {
          let row = built.get(a);
          if (!row) { row = new Map(); built.set(a, row); }
          let f = row.get(b);
          if (f === undefined) { f = dag.or(...l); row.set(b, f); }
          return f;
        };
        for (const [a, aRow] of evalRel(t.a, null)) for (const [b, f] of aRow) add(a, b, f);
        // Steps solver/shortcut.ts shows redundant in every consistent execution: through k from
        // a member u of k's clique, to another member, or anywhere when every first hop out of k
        // (the closed relation is First;B) lands in the clique.
        const cut = env.shortcuts?.get(t);
        const clique = cut?.clique;
        const hopsIn = (k: number): boolean => {
          const row = cut?.first ? evalRel(cut.first, null).get(k) : undefined;
          return row !== undefined && [...row.keys()].every((z) => clique![z] === clique![k]);
        };
        for (let k = 0; k < n; k++) {
          const kRow = parts.get(k);
          if (!kRow || kRow.size === 0) continue;
          const ins: [number, N][] = [];
          for (const [a, row] of parts) { const l = row.get(k); if (l !== undefined) ins.push([a, read(a, k, l)]); }
          if (ins.length === 0) continue;
          const outs: [number, N][] = [...kRow].map(([b, l]) => [b, read(k, b, l)]);
          const ck = clique ? clique[k]! : -1;
          const anywhere = ck >= 0 && hopsIn(k);
          for (const [a, f] of ins) {
            const fk = dag.and(f, x[k]!);
            if (fk === dag.F) continue;
            const skip = ck >= 0 && clique![a] === ck;
            if (skip && anywhere) continue;
            for (const [b, g] of outs) {
              if (skip && clique![b] === ck) continue;
              const h = dag.and(fk, g);
              if (h !== dag.F) add(a, b, h);
            }
          }
        }
        const r: SRel = new Map();
        for (const [a, row] of parts) for (const [b, l] of row) { const f = read(a, b, l); if (f !== dag.F) put(r, a, b, f); }
        if (!m) return r;
        memo.set(t, r);
        return filtered(r, m);
      }
    }
  };

  /** (A;B)(a,c) = OR_b A(a,b) & exec(b) & B(b,c), on the pairs m allows. */
  const compose = (ta: RelTerm, tb: RelTerm, m: Mask | null): SRel => {
    if (m?.pairs && isStatic(tb) && !isStatic(ta)) return composeRightFirst(ta, tb, m, m.pairs);
    const rowsWanted = m ? (m.pairs ? new Set([...m.pairs.keys()].filter((a) => !m.rows || m.rows.has(a))) : m.rows) : null;
    const ra = evalRel(ta, rowsWanted ? { rows: rowsWanted, cols: null, pairs: null } : null);
    let mb: Mask | null = null;
    if (m?.pairs) {
      // B is needed at (b, c) only where some wanted (a, c) has A(a, b).
      const pairs = new Map<number, Set<number>>();
      for (const [a, aRow] of ra) for (const b of aRow.keys()) {
        const cs = m.pairs.get(a);
        if (!cs || (m.rows && !m.rows.has(a))) continue;
        let s = pairs.get(b);
        if (!s) { s = new Set(); pairs.set(b, s); }
        for (const c of cs) if (!m.cols || m.cols.has(c)) s.add(c);
      }
      mb = { rows: null, cols: null, pairs };
    } else {
      // B is needed only on the rows A reaches.
      const rows = new Set<number>();
      for (const [a, aRow] of ra) for (const b of aRow.keys()) if (!m?.rows || m.rows.has(a)) rows.add(b);
      mb = { rows, cols: m?.cols ?? null, pairs: null };
    }
    return join(ra, evalRel(tb, mb), m);
  };

  /** A;B from evaluated sides: (a, c) holds when some executed b has A(a, b) and B(b, c). */
  const join = (ra: SRel, rb: SRel, m: Mask | null): SRel => {
    const acc = new Map<number, Map<number, N[]>>();
    for (const [a, aRow] of ra) for (const [b, f] of aRow) {
      if (m?.rows && !m.rows.has(a)) continue;
      const row = rb.get(b);
      if (!row) continue;
      const fb = dag.and(f, x[b]!);
      if (fb === dag.F) continue;
      let arow = acc.get(a);
      for (const [c, g] of row) {
        if (!allows(m, a, c)) continue;
        const h = dag.and(fb, g);
        if (h === dag.F) continue;
        if (!arow) { arow = new Map(); acc.set(a, arow); }
        const l = arow.get(c);
        if (l) l.push(h); else arow.set(c, [h]);
      }
    }
    return collect(acc);
  };

  /** Composition with a cheap right side: evaluate it first, then A only where it can matter. */
  const composeRightFirst = (ta: RelTerm, tb: RelTerm, m: Mask, wanted: Map<number, Set<number>>): SRel => {
    const cols = new Set<number>();
    for (const [a, cs] of wanted) if (!m.rows || m.rows.has(a)) for (const c of cs) if (!m.cols || m.cols.has(c)) cols.add(c);
    const rb = evalRel(tb, { rows: null, cols, pairs: null });
    const byCol = new Map<number, number[]>();
    for (const [b, bRow] of rb) for (const c of bRow.keys()) if (cols.has(c)) (byCol.get(c) ?? byCol.set(c, []).get(c)!).push(b);
    const pairs = new Map<number, Set<number>>();
    for (const [a, cs] of wanted) {
      if (m.rows && !m.rows.has(a)) continue;
      let s = pairs.get(a);
      for (const c of cs) for (const b of byCol.get(c) ?? []) {
        if (!s) { s = new Set(); pairs.set(a, s); }
        s.add(b);
      }
    }
    // Rows outside m.rows never enter `pairs`, so join's row filter changes nothing here.
    return join(evalRel(ta, { rows: null, cols: null, pairs }), rb, m);
  };

  const collect = (acc: Map<number, Map<number, N[]>>): SRel => {
    const out: SRel = new Map();
    for (const [a, row] of acc) for (const [c, l] of row) put(out, a, c, dag.or(...l));
    return out;
  };

  return { evalRel };
}

/**
 * A name (an axiom's) as part of an SMT-LIB symbol, one to one: letters and digits as they are,
 * `_` doubled, any other character `_`, its code in hex, `_`. Cat names may differ only in
 * `-`, `.` or `'` (`Sc-1`, `Sc.1`): mapped alike, two axioms would share a literal or ranks.
 */
export const symbolPart = (name: string): string =>
  name.replace(/[^A-Za-z0-9]/g, (c) => (c === '_' ? '__' : `_${c.charCodeAt(0).toString(16)}_`));

/**
 * One axiom as a formula over the execution: the constraint the ISA states, on executed events.
 * Acyclicity is stated with a ranking of the events (an integer each), which is exact where the
 * formula is asserted; `exact` states it as an irreflexive transitive closure instead, which
 * is also exact under negation (a theorem's conclusion, proofs/), at a higher cost.
 */
export function axiomFormula(dag: Dag, ax: Axiom, evalRel: (t: RelTerm, m?: Mask | null) => SRel, exec: N[], exact = false, tag = ''): N {
  const n = exec.length;
  const diagonal = pairMask(Array.from({ length: n }, (_, i): [number, number] => [i, i]));
  if (ax.kind === 'acyclic' && exact) return axiomFormula(dag, { ...ax, kind: 'irreflexive', r: plus(ax.r) }, evalRel, exec);
  // Irreflexivity looks at the diagonal only.
  const r = evalRel(ax.r, ax.kind === 'irreflexive' ? diagonal : null);
  const parts: N[] = [];
  switch (ax.kind) {
    case 'empty':
      for (const [a, aRow] of r) for (const [b, f] of aRow) parts.push(dag.not(dag.and(exec[a]!, exec[b]!, f)));
      break;
    case 'irreflexive':
      for (const [a, aRow] of r) for (const [b, f] of aRow) if (a === b) parts.push(dag.not(dag.and(exec[a]!, f)));
      break;
    case 'subset': {
      const s = evalRel(ax.s!, pairMask([...entries(r)].map(([a, b]): [number, number] => [a, b])));
      for (const [a, aRow] of r) for (const [b, f] of aRow) parts.push(dag.implies(dag.and(exec[a]!, exec[b]!, f), srelGet(s, a, b) ?? dag.F));
      break;
    }
    case 'acyclic': {
      // Acyclic iff some ranking decreases along no edge; exact for the (exact) relation r. A
      // cycle lies within one strongly connected component of the edges that may exist, so
      // only those need a rank.
      const rank = (e: number): N => dag.intVar(`rk_${tag}_${symbolPart(ax.name)}_${e}`);
      const edges: [number, number, N][] = [];
      for (const [a, aRow] of r) for (const [b, f] of aRow) {
        const g = dag.and(exec[a]!, exec[b]!, f);
        if (g !== dag.F) edges.push([a, b, g]);
      }
      const scc = components(n, edges);
      for (const [a, b, g] of edges) {
        if (a === b) parts.push(dag.not(g));
        else if (scc[a] === scc[b]) parts.push(dag.implies(g, dag.ilt(rank(a), rank(b))));
      }
      break;
    }
  }
  return dag.and(...parts);
}
