// The values a term may take in any consistent execution, when they are few: what lets the
// script spell a float operation (an expr.ts `float` node) as a choice among its few possible
// results, computed with litmus/floats.ts (solver/floatsmt.ts floatCases), instead of in Z3's
// floating-point theory, whose bit-blasted adders took seconds per query (a three-block
// atomicAdd(float) kernel: 13 s).
//
// A read takes the value of a write to its location (rf), and a write's value is a term over
// the values its thread read before. Starting from no values at all and adding, round after
// round, each read's writes' values under the values found so far for the reads they name
// reaches every value of every execution only when no value comes from a cycle of reads-from
// and dependencies, so only for a model with NoThinAir, and only in questions that assume it
// (encode.ts: as such where every axiom is assumed, else under its literal; explanations may
// drop it, and then see the floating-point theory).
import type { Dag, N } from './expr.js';
import { newEvaluator } from './expr.js';
import type { SymEvent } from './unroll.js';

/** More values than this (for a read, or the assignments a term is evaluated under): unknown. */
export const VALUE_CAP = 512;

/**
 * For a term, its possible values (distinct, ascending), or null when they are not known to be
 * at most VALUE_CAP: a variable other than a read's value, or too many. The reads a term
 * depends on are worked out on its first question.
 */
export type ValueSets = (n: N) => readonly bigint[] | null;

/**
 * A value a read may take, with the reads it comes from through reads-from and dependencies;
 * or a value of a free choice (a Bool, no reads).
 */
interface Sourced {
  v: bigint | boolean;
  from: ReadonlySet<string>;
}

/** Each read's value variable with its location, and the values written to each location. */
function flows(dag: Dag, events: readonly SymEvent[]): { readLoc: Map<string, number>; written: Map<number, N[]> } {
  const readLoc = new Map<string, number>();
  const written = new Map<number, N[]>();
  for (const e of events) {
    if (e.value === null) continue;
    const d = dag.nodes[e.value]!;
    if (e.info.kind === 'R' && d.op === 'var') readLoc.set(d.name, e.info.ploc);
    if (e.info.kind === 'W') {
      const ws = written.get(e.info.ploc) ?? [];
      ws.push(e.value);
      written.set(e.info.ploc, ws);
    }
  }
  return { readLoc, written };
}

const ascending = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `choices`: Bool literals every execution may take either way (ptxas's fusions, unroll.ts
 * fuseVar), each of its two values in every set it reaches.
 */
export function valueSets(dag: Dag, events: readonly SymEvent[], choices: readonly string[] = []): ValueSets {
  const { readLoc, written } = flows(dag, events);
  const varsOf = new Map<N, string[]>();
  const varsIn = (n: N): string[] => {
    let vs = varsOf.get(n);
    if (!vs) varsOf.set(n, (vs = [...dag.varsOf(n)]));
    return vs;
  };
  // The values of n, each with the reads it comes from, the reads' values being those of `sets`.
  const valuesUnder = (n: N, sets: ReadonlyMap<string, readonly Sourced[] | null>): Sourced[] | null => {
    const c = dag.constOf(n);
    if (typeof c === 'bigint') return [{ v: c, from: new Set() }];
    const vars = varsIn(n);
    const domains: (readonly Sourced[])[] = [];
    let count = 1;
    for (const v of vars) {
      const d = sets.get(v);
      if (!d) return null;
      domains.push(d);
      count *= d.length;
      if (count > VALUE_CAP) return null;
    }
    const out = new Map<string, Sourced>();
    const at = new Array<number>(vars.length).fill(0);
    for (let k = 0; k < count; k++) {
      const env = new Map(vars.map((v, i) => [v, domains[i]![at[i]!]!.v]));
      const x = newEvaluator(dag, (name) => env.get(name))(n);
      if (typeof x !== 'bigint') return null;
      const from = new Set<string>(vars);
      vars.forEach((_, i) => { for (const r of domains[i]![at[i]!]!.from) from.add(r); });
      out.set(keyOf(x, from), { v: x, from });
      for (let i = 0; i < at.length; i++) {
        if (++at[i]! < domains[i]!.length) break;
        at[i] = 0;
      }
    }
    return [...out.values()];
  };
  // Reads worked out so far (a read's values depend only on the reads its location's writes name).
  const sets = new Map<string, readonly Sourced[] | null>(choices.map((c) => [c, [{ v: false, from: new Set() }, { v: true, from: new Set() }]]));
  // Works out the reads n depends on: those it names, and those the writes they may read name.
  const solve = (n: N): void => {
    const cone: string[] = [];
    const todo = varsIn(n).filter((v) => !sets.has(v));
    const inCone = new Set<string>();
    while (todo.length) {
      const v = todo.pop()!;
      if (inCone.has(v) || sets.has(v)) continue;
      inCone.add(v);
      const loc = readLoc.get(v);
      if (loc === undefined) continue;
      cone.push(v);
      for (const w of written.get(loc) ?? []) todo.push(...varsIn(w));
    }
    for (const v of cone) sets.set(v, []);
    // Monotone: a set only grows, or becomes unknown. A read never takes a value that comes
    // from itself (that would close a cycle of reads-from and dependencies), so the sources of
    // a value are ever more reads, and the rounds end; their bound is a guard.
    for (let round = 0; round < 64; round++) {
      let changed = false;
      const of = new Map<N, Sourced[] | null>();
      for (const v of cone) {
        const had = sets.get(v);
        if (!had) continue;
        const got = new Map<string, Sourced>(had.map((x) => [keyOf(x.v, x.from), x]));
        let unknown = false;
        for (const w of written.get(readLoc.get(v)!) ?? []) {
          if (!of.has(w)) of.set(w, valuesUnder(w, sets));
          const xs = of.get(w)!;
          if (!xs) { unknown = true; break; }
          for (const x of xs) if (!x.from.has(v)) got.set(keyOf(x.v, x.from), x);
        }
        if (unknown || got.size > VALUE_CAP) { sets.set(v, null); changed = true; continue; }
        if (got.size !== had.length) {
          sets.set(v, [...got.values()]);
          changed = true;
        }
      }
      if (!changed) return;
    }
    for (const v of cone) sets.set(v, null);
  };
  const memo = new Map<N, readonly bigint[] | null>();
  return (n) => {
    if (!memo.has(n)) {
      solve(n);
      const xs = valuesUnder(n, sets);
      memo.set(n, xs && [...new Set(xs.map((x) => x.v as bigint))].sort(ascending));
    }
    return memo.get(n)!;
  };
}

/**
 * Whether a term's values may come from a cycle of reads-from and dependencies: some read it
 * depends on (through the writes to that read's location that it may read, and the reads
 * their values name, and so on) depends on itself. Where none does, valueSets' values are
 * every value of every execution, NoThinAir or not: a value out of thin air needs such a cycle.
 */
export function cyclicFlow(dag: Dag, events: readonly SymEvent[]): (n: N) => boolean {
  const { readLoc, written } = flows(dag, events);
  // A read's successors: the reads named by the values it may read.
  const next = new Map<string, string[]>();
  const succ = (v: string): string[] => {
    let xs = next.get(v);
    if (!xs) {
      const loc = readLoc.get(v);
      xs = loc === undefined ? [] : [...new Set((written.get(loc) ?? []).flatMap((w) => [...dag.varsOf(w)]))].filter((u) => readLoc.has(u));
      next.set(v, xs);
    }
    return xs;
  };
  // Depth-first, iteratively: 1 on the path, 2 done. A read met again on the path closes a
  // cycle, which every read on the path reaches; so does a read that reaches a done one that does.
  const state = new Map<string, 1 | 2>();
  const cyclicFrom = new Map<string, boolean>();
  const visit = (root: string): boolean => {
    const stack: { v: string; i: number; f: boolean }[] = [{ v: root, i: 0, f: false }];
    state.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const xs = succ(top.v);
      if (top.i < xs.length) {
        const u = xs[top.i++]!;
        const st = state.get(u);
        if (st === 1) top.f = true;
        else if (st === 2) top.f ||= cyclicFrom.get(u)!;
        else { state.set(u, 1); stack.push({ v: u, i: 0, f: false }); }
        continue;
      }
      stack.pop();
      state.set(top.v, 2);
      cyclicFrom.set(top.v, top.f);
      if (stack.length) stack[stack.length - 1]!.f ||= top.f;
    }
    return cyclicFrom.get(root)!;
  };
  return (n) => [...dag.varsOf(n)].some((v) => readLoc.has(v) && (state.get(v) === 2 ? cyclicFrom.get(v)! : visit(v)));
}

const keyOf = (v: bigint | boolean, from: ReadonlySet<string>): string => `${v} ${[...from].sort().join(' ')}`;
