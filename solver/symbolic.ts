// The symbolic interpreter: the same relation terms as model/concrete.ts, evaluated to sparse
// matrices of formulas. Only pairs that may be related are stored (the may-set); an absent
// pair is false. A formula R[a][b] means "a R b, given that a and b are executed", so
// composition conjoins the middle event's execution guard, and the axioms conjoin the end
// points'. Every derived relation is a closed formula over the choice variables (rf, co, ...):
// closures are expanded with Warshall's algorithm, so each definition is exact in any polarity.
import type { EventInfo } from '../model/events.js';
import { inBaseSet, STATIC_RELS, staticRel } from '../model/events.js';
import type { Model, RelTerm, SetTerm } from '../model/relalg.js';
import type { Dag, N } from './expr.js';

/** Row -> column -> formula. */
export type SRel = Map<number, Map<number, N>>;

export function srelGet(r: SRel, a: number, b: number): N | undefined {
  return r.get(a)?.get(b);
}

function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}

export function* entries(r: SRel): Generator<[number, number, N]> {
  for (const [a, row] of r) for (const [b, f] of row) yield [a, b, f];
}

/** Adds `f` to r[a][b] by disjunction, dropping false. */
function addOr(dag: Dag, r: SRel, a: number, b: number, f: N): void {
  if (f === dag.F) return;
  const old = srelGet(r, a, b);
  put(r, a, b, old === undefined ? f : dag.or(old, f));
}

export interface SymbolicEnv {
  dag: Dag;
  events: EventInfo[];
  /** Execution guard of each event. */
  exec: N[];
  rmwPartner: number[];
  /** The non-static base relations: rf, co, sync_fence, sync_barrier, dep. */
  dynamic: Record<string, SRel>;
}

export interface SymbolicResult {
  rels: Record<string, SRel>;
  evalRel(t: RelTerm): SRel;
}

export function interpret(model: Model, env: SymbolicEnv): SymbolicResult {
  const { dag, events } = env;
  const n = events.length;
  const x = env.exec;
  const memo = new Map<RelTerm, SRel>();
  const setMemo = new Map<SetTerm, boolean[]>();
  const rels: Record<string, SRel> = {};
  const base = new Map<string, SRel>(Object.entries(env.dynamic));
  const rmwOf = (e: EventInfo): number => env.rmwPartner[e.id] ?? -1;
  for (const name of STATIC_RELS) {
    const r: SRel = new Map();
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (staticRel(name, events[a]!, events[b]!, rmwOf)) put(r, a, b, dag.T);
    base.set(name, r);
  }

  const evalSet = (s: SetTerm): boolean[] => {
    const hit = setMemo.get(s);
    if (hit) return hit;
    let out: boolean[];
    switch (s.k) {
      case 'all': out = events.map(() => true); break;
      case 'set': out = events.map((e) => inBaseSet(s.name, e)); break;
      default: {
        const a = evalSet(s.a);
        const b = evalSet(s.b);
        out = a.map((v, i) => (s.k === 'sunion' ? v || b[i]! : s.k === 'sinter' ? v && b[i]! : v && !b[i]!));
      }
    }
    setMemo.set(s, out);
    return out;
  };

  const evalRel = (t: RelTerm): SRel => {
    const hit = memo.get(t);
    if (hit) return hit;
    const r = compute(t);
    memo.set(t, r);
    return r;
  };

  const compute = (t: RelTerm): SRel => {
    const out: SRel = new Map();
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
        s.forEach((v, i) => { if (v) put(out, i, i, dag.T); });
        return out;
      }
      case 'prod': {
        const a = evalSet(t.a);
        const b = evalSet(t.b);
        for (let i = 0; i < n; i++) if (a[i]) for (let j = 0; j < n; j++) if (b[j]) put(out, i, j, dag.T);
        return out;
      }
      case 'inv':
        for (const [a, b, f] of entries(evalRel(t.a))) put(out, b, a, f);
        return out;
      case 'opt':
        for (const [a, b, f] of entries(evalRel(t.a))) put(out, a, b, f);
        for (let i = 0; i < n; i++) put(out, i, i, dag.T);
        return out;
      case 'union': {
        for (const [a, b, f] of entries(evalRel(t.a))) put(out, a, b, f);
        for (const [a, b, f] of entries(evalRel(t.b))) addOr(dag, out, a, b, f);
        return out;
      }
      case 'inter': {
        const ra = evalRel(t.a);
        const rb = evalRel(t.b);
        const [small, big] = size(ra) <= size(rb) ? [ra, rb] : [rb, ra];
        for (const [a, b, f] of entries(small)) {
          const g = srelGet(big, a, b);
          if (g === undefined) continue;
          const h = dag.and(f, g);
          if (h !== dag.F) put(out, a, b, h);
        }
        return out;
      }
      case 'diff': {
        const rb = evalRel(t.b);
        for (const [a, b, f] of entries(evalRel(t.a))) {
          const g = srelGet(rb, a, b);
          const h = g === undefined ? f : dag.and(f, dag.not(g));
          if (h !== dag.F) put(out, a, b, h);
        }
        return out;
      }
      case 'seq': {
        const ra = evalRel(t.a);
        const rb = evalRel(t.b);
        // Collect the disjuncts per pair first: one `or` node per pair instead of a chain.
        const acc = new Map<number, Map<number, N[]>>();
        for (const [a, m, f] of entries(ra)) {
          const row = rb.get(m);
          if (!row) continue;
          const fm = dag.and(f, x[m]!);
          if (fm === dag.F) continue;
          let arow = acc.get(a);
          if (!arow) { arow = new Map(); acc.set(a, arow); }
          for (const [b, g] of row) {
            const h = dag.and(fm, g);
            if (h === dag.F) continue;
            const l = arow.get(b);
            if (l) l.push(h); else arow.set(b, [h]);
          }
        }
        for (const [a, row] of acc) for (const [b, l] of row) put(out, a, b, dag.or(...l));
        return out;
      }
      case 'plus': {
        // Warshall: after step m, r[a][b] holds iff a path from a to b exists whose inner
        // events are all among the first m (and executed).
        for (const [a, b, f] of entries(evalRel(t.a))) put(out, a, b, f);
        for (let m = 0; m < n; m++) {
          const outRow = out.get(m);
          if (!outRow || outRow.size === 0) continue;
          const ins: [number, N][] = [];
          for (const [a, row] of out) { const f = row.get(m); if (f !== undefined) ins.push([a, f]); }
          if (ins.length === 0) continue;
          const outs = [...outRow];
          for (const [a, f] of ins) {
            const fm = dag.and(f, x[m]!);
            if (fm === dag.F) continue;
            for (const [b, g] of outs) addOr(dag, out, a, b, dag.and(fm, g));
          }
        }
        return out;
      }
    }
  };

  for (const [name, t] of Object.entries(model.defs)) rels[name] = evalRel(t);
  return { rels, evalRel };
}

function size(r: SRel): number {
  let s = 0;
  for (const row of r.values()) s += row.size;
  return s;
}
