// Every candidate PTX execution of up to N events, as formulas: each event's kind, semantics,
// scope, location and place in the thread / CTA / cluster / GPU tree are Z3 variables, and
// the base relations of model/ptx.ts (po, loc, sr, rmw, rf, co, sync_fence, dep, ...) are
// constrained only by well-formedness. The model's own terms, read by solver/symbolic.ts over
// these formulas, then say which of these executions are consistent.
//
// Symmetry is broken without loss: threads are numbered in placement order and their events
// listed thread by thread, so program order is index order within a thread, a thread's CTA,
// cluster and GPU are each a contiguous run, and the two halves of an atom are neighbours.
// Between two neighbouring events one small integer `gap` says how far apart they are: 0 same
// thread, 1 another thread of the CTA, 2 another CTA of the cluster, 3 another cluster of the
// GPU, 4 another GPU. Initial writes (one per location, after the N program events) are not
// counted in N. "Up to N": an integer `size` says how many of the N events the execution has
// (a prefix); the others are not executed, which the interpreter's execution guards handle.
//
// What the space leaves out (a theorem over it says nothing about them): proxies other than
// generic and virtual aliases (theorem 2 is stated on exactly this space), barriers, and
// .shared accesses (whose scope is capped at the cluster).
import type { Scope } from '../litmus/ast.js';
import { SCOPES } from '../litmus/ast.js';
import type { Dag, N } from '../solver/expr.js';
import type { SRel } from '../solver/symbolic.js';
import { type Model, modelBaseNames } from '../model/relalg.js';

export interface SpaceOptions {
  /** Program events (initial writes not counted). */
  events: number;
  /** Locations; at most `events` are ever needed. */
  locations: number;
}

/** One program event's attributes, as formulas. */
export interface EventVars {
  isR: N;
  isW: N;
  isF: N;
  /** Not weak (every fence is strong). */
  strong: N;
  /** Index into SCOPES (meaningful when strong). */
  scope: N;
  /** A release write / an acquire read (for atoms, the write / read half carries it). */
  rel: N;
  acq: N;
  /** A fence.sc (else a fence is fence.acq_rel). */
  sc: N;
  /** Location number (meaningful for memory events). */
  loc: N;
}

/** The space; its own base sets and relations (Base) are those of its events `ev`. */
export interface Space extends Base {
  dag: Dag;
  /** Program events; initial writes follow at n .. n+locations-1. */
  n: number;
  locations: number;
  /** Events in all, initial writes included. */
  total: number;
  ev: EventVars[];
  /** Distance to the next event (n-1 of them): 0 same thread ... 4 another GPU. */
  gap: N[];
  /** rmw[k]: events k and k+1 are the read and write of one atom (n-1 of them). */
  rmw: N[];
  /** Which events are executed: the first `size` program events, and every initial write. */
  exec: N[];
  /** How many program events the execution has (1..n). */
  size: N;
  /** The execution's choices: rf, co, sync_fence, sync_barrier (empty), dep. */
  dynamic: Record<string, SRel>;
  /** Well-formedness: assert all of them. */
  wellFormed: N[];
  /** Events a and b run in the same thread / CTA / cluster / GPU (level 0..3). */
  same(a: number, b: number, level: 0 | 1 | 2 | 3): N;
  /** The base sets and static relations for events with attributes `evs` (a variant of `ev`). */
  base(evs: EventVars[]): Base;
}

export interface Base {
  /** The model's base sets and static relations as formulas (solver/symbolic.ts `sets`, `statics`). */
  sets: Record<string, N[]>;
  statics: Record<string, SRel>;
  /** Event a's scope includes event b's thread. */
  includes(a: number, b: number): N;
  /** a and b are a morally strong pair of fence.sc (same thread, or scopes that include each other). */
  scPair(a: number, b: number): N;
}

export function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}

export function executionSpace(dag: Dag, opt: SpaceOptions): Space {
  const n = opt.events;
  const L = opt.locations;
  const total = n + L;
  const wellFormed: N[] = [];
  const int = (v: number): N => dag.int(v);
  const range = (x: N, lo: number, hi: number): void => { wellFormed.push(dag.ile(int(lo), x), dag.ile(x, int(hi))); };

  const size = dag.intVar('size');
  range(size, 1, n);
  const exec = Array.from({ length: total }, (_, i) => (i < n ? dag.ilt(int(i), size) : dag.T));
  const ev: EventVars[] = [];
  for (let i = 0; i < n; i++) {
    const v: EventVars = {
      isR: dag.boolVar(`isR_${i}`), isW: dag.boolVar(`isW_${i}`), isF: dag.boolVar(`isF_${i}`),
      strong: dag.boolVar(`strong_${i}`), scope: dag.intVar(`scope_${i}`), rel: dag.boolVar(`rel_${i}`),
      acq: dag.boolVar(`acq_${i}`), sc: dag.boolVar(`sc_${i}`), loc: dag.intVar(`loc_${i}`),
    };
    ev.push(v);
    // Exactly one kind.
    wellFormed.push(dag.or(v.isR, v.isW, v.isF), dag.not(dag.and(v.isR, v.isW)), dag.not(dag.and(v.isR, v.isF)), dag.not(dag.and(v.isW, v.isF)));
    wellFormed.push(dag.implies(v.isF, v.strong), dag.implies(v.acq, dag.and(v.isR, v.strong)), dag.implies(v.rel, dag.and(v.isW, v.strong)), dag.implies(v.sc, v.isF));
    range(v.scope, 0, SCOPES.length - 1);
    range(v.loc, 0, L - 1);
    // One representative for what does not matter: a weak access's scope, a fence's location.
    wellFormed.push(dag.implies(dag.not(v.strong), dag.eq(v.scope, int(0))), dag.implies(v.isF, dag.eq(v.loc, int(0))));
    // Numbering locations in order of first use makes the i-th event's at most i: symmetry, no loss.
    wellFormed.push(dag.ile(v.loc, int(i)));
  }
  const gap: N[] = [];
  const rmw: N[] = [];
  for (let k = 0; k + 1 < n; k++) {
    const g = dag.intVar(`gap_${k}`);
    range(g, 0, 4);
    gap.push(g);
    const r = dag.boolVar(`rmw_${k}`);
    rmw.push(r);
    const [a, b] = [ev[k]!, ev[k + 1]!];
    wellFormed.push(dag.implies(r, dag.and(a.isR, b.isW, dag.eq(g, int(0)), dag.eq(a.loc, b.loc), a.strong, b.strong, dag.eq(a.scope, b.scope), exec[k + 1]!)));
  }

  const sameMemo = new Map<string, N>();
  const same = (a: number, b: number, level: 0 | 1 | 2 | 3): N => {
    if (a === b) return dag.T;
    if (a >= n || b >= n) return dag.F; // initial writes belong to no thread
    const [i, j] = a < b ? [a, b] : [b, a];
    const key = `${i},${j},${level}`;
    let f = sameMemo.get(key);
    if (f === undefined) {
      const parts: N[] = [];
      for (let k = i; k < j; k++) parts.push(dag.ile(gap[k]!, int(level)));
      f = dag.and(...parts);
      sameMemo.set(key, f);
    }
    return f;
  };
  const isInit = (i: number): boolean => i >= n;
  const locOf = (i: number): N => (isInit(i) ? int(i - n) : ev[i]!.loc);

  /** The base sets and static relations of the execution whose events have attributes `evs`. */
  const base = (evs: EventVars[]): Base => {
    // ISA §8.5: a scope includes the threads of its CTA / cluster / GPU, or all (sys).
    const includes = (a: number, b: number): N => {
      if (a >= n || b >= n) return dag.T; // initial writes are in scope of everyone
      const s = evs[a]!.scope;
      return dag.or(...SCOPES.map((name: Scope, k) => dag.and(dag.eq(s, int(k)), name === 'sys' ? dag.T : same(a, b, (k + 1) as 1 | 2 | 3))));
    };
    const attr = (f: (v: EventVars) => N, init: N): N[] => Array.from({ length: total }, (_, i) => (isInit(i) ? init : f(evs[i]!)));
    const R = attr((v) => v.isR, dag.F);
    const W = attr((v) => v.isW, dag.T);
    const F = attr((v) => v.isF, dag.F);
    const M = R.map((r, i) => dag.or(r, W[i]!));
    const strong = attr((v) => v.strong, dag.T);
    const sets: Record<string, N[]> = {
      R, W, F, M,
      IW: Array.from({ length: total }, (_, i) => dag.bool(isInit(i))),
      strong,
      SC: attr((v) => dag.and(v.isF, v.sc), dag.F),
      FREL: F,
      REL: attr((v) => v.rel, dag.F),
      ACQ: attr((v) => v.acq, dag.F),
      GEN: Array.from({ length: total }, () => dag.T),
      ALIAS: Array.from({ length: total }, () => dag.F),
    };
    const po: SRel = new Map();
    const loc: SRel = new Map();
    const sr: SRel = new Map();
    const sameProxy: SRel = new Map();
    const sameCta: SRel = new Map();
    const rmwRel: SRel = new Map();
    for (let a = 0; a < total; a++) for (let b = 0; b < total; b++) {
      if (a < b && b < n) put(po, a, b, same(a, b, 0));
      const l = dag.and(M[a]!, M[b]!, dag.eq(locOf(a), locOf(b)));
      if (l !== dag.F) put(loc, a, b, l);
      put(sr, a, b, dag.and(strong[a]!, strong[b]!, includes(a, b), includes(b, a)));
      put(sameProxy, a, b, dag.T); // generic only
      if (a < n && b < n) put(sameCta, a, b, same(a, b, 1));
    }
    rmw.forEach((r, k) => put(rmwRel, k, k + 1, r));
    const scPair = (a: number, b: number): N => dag.and(sets.SC![a]!, sets.SC![b]!, dag.or(same(a, b, 0), sr.get(a)!.get(b)!));
    return { sets, statics: { po, loc, vloc: loc, sr, same_proxy: sameProxy, same_cta: sameCta, rmw: rmwRel }, includes, scPair };
  };
  const own = base(ev);
  const { sets } = own;
  const { R, W, M } = sets as Record<'R' | 'W' | 'M', N[]>;

  // rf: each read reads exactly one write of its location (another event, or an initial write).
  const rf: SRel = new Map();
  for (let r = 0; r < n; r++) {
    const lits: N[] = [];
    for (let w = 0; w < total; w++) {
      if (w === r) continue;
      const v = dag.boolVar(`rf_${w}_${r}`);
      wellFormed.push(dag.implies(v, dag.and(R[r]!, W[w]!, dag.eq(locOf(w), locOf(r)), exec[w]!, exec[r]!)));
      put(rf, w, r, v);
      lits.push(v);
    }
    wellFormed.push(dag.implies(dag.and(R[r]!, exec[r]!), dag.or(...lits)));
    for (let i = 0; i < lits.length; i++) for (let j = i + 1; j < lits.length; j++) wellFormed.push(dag.not(dag.and(lits[i]!, lits[j]!)));
  }

  // co: a strict partial order on the writes of each location, the initial write first.
  const co: SRel = new Map();
  for (let l = 0; l < L; l++) for (let b = 0; b < n; b++) put(co, n + l, b, dag.and(W[b]!, dag.eq(locOf(b), int(l))));
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
    if (a === b) continue;
    const v = dag.boolVar(`co_${a}_${b}`);
    put(co, a, b, v);
    wellFormed.push(dag.implies(v, dag.and(W[a]!, W[b]!, dag.eq(locOf(a), locOf(b)), exec[a]!, exec[b]!)));
  }
  const coAt = (a: number, b: number): N => co.get(a)!.get(b)!;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
    if (a === b) continue;
    if (a < b) wellFormed.push(dag.not(dag.and(coAt(a, b), coAt(b, a))));
    for (let c = 0; c < n; c++) if (c !== a && c !== b) wellFormed.push(dag.implies(dag.and(coAt(a, b), coAt(b, c)), coAt(a, c)));
  }

  // Fence-SC order: one direction per morally strong pair of fence.sc, acyclic (a ranking).
  const syncFence: SRel = new Map();
  const rank = (e: number): N => dag.intVar(`sfrank_${e}`);
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) {
    const both = dag.and(own.scPair(a, b), exec[a]!, exec[b]!);
    const o = dag.boolVar(`sf_${a}_${b}`);
    put(syncFence, a, b, dag.and(both, o));
    put(syncFence, b, a, dag.and(both, dag.not(o)));
    wellFormed.push(dag.implies(both, dag.ite(o, dag.ilt(rank(a), rank(b)), dag.ilt(rank(b), rank(a)))));
  }

  // Dependencies (addr | data | ctrl): from a read to a later memory access of its thread.
  const dep: SRel = new Map();
  for (let r = 0; r < n; r++) for (let e = r + 1; e < n; e++) {
    const v = dag.boolVar(`dep_${r}_${e}`);
    // An atom's write does not depend on its own read (atom.exch, as proofs/execution.ts writes it).
    wellFormed.push(dag.implies(v, dag.and(R[r]!, M[e]!, same(r, e, 0), e === r + 1 ? dag.not(rmw[r]!) : dag.T)));
    put(dep, r, e, v);
  }

  return {
    dag, n, locations: L, total, ev, gap, rmw, exec, size,
    ...own, dynamic: { rf, co, sync_fence: syncFence, sync_barrier: new Map(), dep },
    wellFormed, same, base,
  };
}

/**
 * What the models name that the space never varies (README, "What the space leaves out"): a
 * theorem that holds says nothing about it. One phrase each, for a note before the answers.
 */
export function unsearched(models: readonly Model[]): string[] {
  const rels = new Set<string>();
  const sets = new Set<string>();
  for (const m of models) modelBaseNames(m, rels, sets);
  const out: string[] = [];
  if (rels.has('sync_barrier')) out.push('sync_barrier (no barriers)');
  if (rels.has('vloc') || sets.has('ALIAS')) out.push(`${[rels.has('vloc') ? 'vloc' : '', sets.has('ALIAS') ? 'ALIAS' : ''].filter(Boolean).join(' and ')} (the generic proxy only, no aliases: vloc is loc)`);
  if (rels.has('dep') && rels.has('rmw')) out.push('dep with rmw (no atom writes a value that depends on its own read)');
  return out;
}
