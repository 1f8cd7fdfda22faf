// A symmetry of a test: a permutation of its threads, with a renaming of its locations, under
// which the test is itself. The model sees only what the test says of threads and locations
// (code, placement by equality of CTA, cluster, GPU and warp, initial values), so every
// consistent execution renamed by a symmetry is one too, and so is its final state: listing
// states, one state Z3 finds gives its whole orbit. SB and LB rings with n threads have orbits
// of n states (bench/PERF.md).
//
// The candidate is one generator: threads of one shape (code with its locations, registers and
// labels abstracted) rotated by one place in their order of index. It is checked, not assumed;
// anything the check does not cover (aliases, addresses in registers or as values, offsets, a
// filter, kernels' per-thread barriers) means no symmetry.
import type { LitmusTest, LocDecl, Observable, Placement, Stmt } from '../litmus/ast.js';
import { observableName } from '../litmus/types.js';
import { placeOf } from '../model/events.js';

/** Maps an observable's name to its image's name (both among the state's observables). */
export type Symmetry = Map<string, string>;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Names a statement uses, in order: locations, registers and labels. */
interface Names { locs: string[]; regs: string[]; labels: string[] }

/**
 * A statement as plain data, with its locations, registers and labels replaced by placeholders
 * and positions left out; null when a location is used as a value (its address, which renaming
 * would change), an access goes through a register or has an offset (either may reach
 * another location).
 */
function shape(s: Stmt, names: Names): Json | null {
  let ok = true;
  const walk = (x: unknown, key: string): Json => {
    if (typeof x === 'bigint') return `${x}n`;
    if (x === null || typeof x !== 'object') return x as Json;
    if (Array.isArray(x)) return x.map((y) => walk(y, key));
    const o = x as Record<string, unknown>;
    if (o['kind'] === 'loc' && typeof o['name'] === 'string') {
      if (key !== 'addr') ok = false;
      names.locs.push(o['name']);
      return '@';
    }
    if (o['kind'] === 'reg' && typeof o['name'] === 'string') {
      // An address in a register may be a number the code computed, which renaming the
      // locations would not follow.
      if (key === 'addr') ok = false;
      names.regs.push(o['name']);
      return '%';
    }
    const out: Record<string, Json> = {};
    for (const k of Object.keys(o).sort()) {
      if (k === 'offset' && o[k] !== undefined) ok = false;
      if (k === 'pos') continue;
      const v = o[k];
      if ((k === 'target' || (k === 'name' && o['op'] === 'label')) && typeof v === 'string') {
        names.labels.push(v);
        out[k] = 'L';
      } else out[k] = walk(v, k);
    }
    return out;
  };
  const j = walk(s, '');
  return ok ? j : null;
}

/** Extends a one-to-one renaming with from[k] -> to[k]; false when that breaks it. */
function extend(map: Map<string, string>, back: Map<string, string>, from: readonly string[], to: readonly string[]): boolean {
  for (let k = 0; k < from.length; k++) {
    const a = from[k]!;
    const b = to[k]!;
    if ((map.has(a) && map.get(a) !== b) || (back.has(b) && back.get(b) !== a)) return false;
    map.set(a, b);
    back.set(b, a);
  }
  return true;
}

/**
 * The same equality of scope instances: a thread pair shares a CTA (cluster, GPU) iff its
 * image does, the instances as the engines read them (placeOf): a thread with no cluster named
 * is in a cluster of its CTA alone, so comparing the numbers written (undefined equal to
 * undefined) put two such threads of different CTAs in one cluster, and rotated them onto two
 * threads that share one. Warps are compared too (no engine reads them, so this only keeps
 * symmetry from tests that place warps unevenly).
 */
function placementsAgree(ps: Placement[], perm: number[]): boolean {
  const keys: ((p: Placement) => unknown)[] = [(p) => placeOf(p).cta, (p) => placeOf(p).cluster, (p) => placeOf(p).gpu, (p) => `${placeOf(p).cta}/${p.warp}`];
  for (const k of keys) {
    for (let i = 0; i < ps.length; i++) for (let j = 0; j < ps.length; j++) {
      if ((k(ps[i]!) === k(ps[j]!)) !== (k(ps[perm[i]!]!) === k(ps[perm[j]!]!))) return false;
    }
  }
  return true;
}

const declShape = (d: LocDecl): string => (d.kind === 'value' ? JSON.stringify([d.value.toString(), d.space ?? null, d.type ?? null, d.address ?? null]) : 'alias');

/**
 * The test's rotation symmetry over the observables `obs` (the state's, in its order), or null
 * when the rotation is not one, or moves an observable outside `obs`.
 */
export function symmetryOf(test: LitmusTest, obs: readonly Observable[]): Symmetry | null {
  const n = test.threads.length;
  if (n < 2 || test.filter || test.perThread || test.locations.some((d) => d.kind === 'alias')) return null;
  if (test.regInits.some((r) => 'addressOf' in r)) return null;
  const namesOf: Names[] = [];
  const shapes: string[] = [];
  for (const t of test.threads) {
    const names: Names = { locs: [], regs: [], labels: [] };
    const code = t.code.map((st) => shape(st, names));
    if (code.includes(null)) return null;
    shapes.push(JSON.stringify(code));
    namesOf.push(names);
  }
  // Each shape's threads, by index, rotated one place.
  const perm = Array.from({ length: n }, (_, i) => i);
  const byShape = new Map<string, number[]>();
  shapes.forEach((s, i) => (byShape.get(s) ?? byShape.set(s, []).get(s)!).push(i));
  for (const idx of byShape.values()) idx.forEach((t, k) => { perm[t] = idx[(k + 1) % idx.length]!; });
  if (perm.every((p, i) => p === i)) return null;
  if (!placementsAgree(test.threads.map((t) => t.placement), perm)) return null;
  // The location renaming the code implies, one to one; and per thread, its registers'
  // (labels only need to be one to one).
  const loc = new Map<string, string>();
  const back = new Map<string, string>();
  const regs: Map<string, string>[] = [];
  for (let i = 0; i < n; i++) {
    const from = namesOf[i]!;
    const to = namesOf[perm[i]!]!;
    const reg = new Map<string, string>();
    if (!extend(loc, back, from.locs, to.locs) || !extend(reg, new Map(), from.regs, to.regs)) return null;
    if (!extend(new Map(), new Map(), from.labels, to.labels)) return null;
    regs.push(reg);
  }
  // Locations no code names stay; a renamed one keeps its declaration.
  const decls = new Map(test.locations.map((d) => [d.name, d]));
  for (const [a, b] of loc) {
    const da = decls.get(a);
    const db = decls.get(b);
    if ((da === undefined) !== (db === undefined) || (da && db && declShape(da) !== declShape(db))) return null;
  }
  // Every thread's code is renamed onto some thread's, so the locations the code names are
  // both the renaming's domain and its range: any other location stays itself.
  const locImage = (x: string): string => loc.get(x) ?? x;
  // Register initial values move with their threads. A register the code does not name is
  // never read: its initial value matters only if it is observed, and then there is none.
  const ids = test.threads.map((t) => t.placement.id);
  const threadOf = new Map(ids.map((id, i) => [id, i]));
  const init = new Map<string, string>();
  for (const r of test.regInits) {
    if (!('value' in r) || !threadOf.has(r.thread)) return null;
    init.set(`${r.thread}:${r.reg}`, String(r.value));
  }
  for (let i = 0; i < n; i++) {
    for (const [a, b] of regs[i]!) if (init.get(`${ids[i]}:${a}`) !== init.get(`${ids[perm[i]!]}:${b}`)) return null;
  }
  // Observables map to observables.
  const names = new Set(obs.map(observableName));
  const sym: Symmetry = new Map();
  for (const o of obs) {
    let image: string;
    if (o.kind === 'reg') {
      const i = threadOf.get(o.thread);
      if (i === undefined) return null;
      const r = regs[i]!.get(o.reg);
      if (r === undefined) return null;
      image = `P${ids[perm[i]!]}:${r}`;
    } else {
      image = locImage(o.name);
    }
    if (!names.has(image)) return null;
    sym.set(observableName(o), image);
  }
  return sym;
}

/** A final state's orbit under the symmetry (the state first, no repeats). */
export function orbit(sym: Symmetry, values: readonly (readonly [string, bigint])[]): [string, bigint][][] {
  const out: [string, bigint][][] = [];
  const keys = new Set<string>();
  const order = values.map(([k]) => k);
  let cur = values.map(([k, v]): [string, bigint] => [k, v]);
  for (;;) {
    const key = cur.map(([, v]) => v).join(',');
    if (keys.has(key)) return out;
    keys.add(key);
    out.push(cur);
    const next = new Map<string, bigint>();
    for (const [k, v] of cur) next.set(sym.get(k)!, v);
    cur = order.map((k): [string, bigint] => [k, next.get(k)!]);
  }
}

/** A value as plain data without positions (bigints as text), to compare threads' code. */
function bare(x: unknown): Json {
  if (typeof x === 'bigint') return `${x}n`;
  if (x === null || typeof x !== 'object') return (x === undefined ? null : x) as Json;
  if (Array.isArray(x)) return x.map(bare);
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) if (k !== 'pos') out[k] = bare(v);
  return out;
}

/**
 * Groups of threads (indices, ascending) any permutation of which, every location and register
 * name staying as it is, maps the test onto itself: the same code, register widths, initial
 * register values and lane, and placed alike, toward each other and toward every other thread
 * (each swap of two neighbours in the group keeps placementsAgree; those swaps make every
 * permutation). Nothing is renamed, so unlike symmetryOf an address in a register, an offset
 * or an alias is no obstacle. A question that observes none of their registers has the same
 * answer over an execution as over each of its images (solver/encode.ts symmetry breaking).
 */
export function interchangeable(test: LitmusTest): number[][] {
  const signature = test.threads.map((t) => JSON.stringify([
    bare(t.code), bare(t.registers ?? null), t.placement.lane ?? null,
    test.regInits.filter((r) => r.thread === t.placement.id).map((r) => ['value' in r ? `${r.reg}=${r.value}` : `${r.reg}=&${r.addressOf}`]).sort(),
  ]));
  const bySig = new Map<string, number[]>();
  signature.forEach((sig, i) => (bySig.get(sig) ?? bySig.set(sig, []).get(sig)!).push(i));
  const places = test.threads.map((t) => t.placement);
  const groups: number[][] = [];
  for (const g of bySig.values()) {
    if (g.length < 2) continue;
    const swapsAgree = g.slice(1).every((b, k) => {
      const perm = places.map((_, i) => i);
      perm[g[k]!] = b;
      perm[b] = g[k]!;
      return placementsAgree(places, perm);
    });
    if (swapsAgree) groups.push(g);
  }
  return groups;
}
