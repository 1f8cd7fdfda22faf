// Events and their static attributes, and the base sets and relations that follow from the
// attributes alone (loc, sr, same-proxy, ...). Shared by the concrete and symbolic interpreters
// so that both read the same facts.
import type { Placement, Proxy, Scope, Space } from '../litmus/ast.js';
import type { Model, RelTerm } from './relalg.js';

/**
 * R, W: memory; F: fences; B: barrier operations; X: a warp exchange's value as a lane puts it
 * in, or takes it out (solver/exchanges.ts): only in `dep`, never in program order, so that the
 * model's other relations are as without them.
 */
export type EventKind = 'R' | 'W' | 'F' | 'B' | 'X';

/** Where a thread runs: keys of the CTA, cluster and GPU instances it belongs to. */
export interface Place {
  cta: string;
  cluster: string;
  gpu: string;
}

/**
 * A thread's placement as scope instances, for both engines and the solver's symmetry: a
 * thread with no cluster given is in a cluster of its own CTA only.
 */
export function placeOf(p: Placement): Place {
  return {
    cta: `${p.gpu}/${p.cta}`,
    cluster: p.cluster !== undefined ? `${p.gpu}/c${p.cluster}` : `${p.gpu}/cta${p.cta}`,
    gpu: `${p.gpu}`,
  };
}

const SCOPE_RANK: Record<Scope, number> = { cta: 0, cluster: 1, gpu: 2, sys: 3 };

/**
 * A .shared access cannot be seen beyond its cluster: "no thread outside the same cluster can
 * execute an operation that accesses the same memory location" (ISA 8.x §8.3; a CTA's shared
 * memory is reachable from the other CTAs of its cluster with .shared::cluster, so a .shared::cta
 * access is capped there too). A thread placed in no cluster is in a cluster of its own CTA.
 */
export function effectiveScope(scope: Scope, space: Space): Scope {
  const cap: Scope | null = space === 'shared' || space === 'shared_cluster' ? 'cluster' : null;
  return cap && SCOPE_RANK[cap] < SCOPE_RANK[scope] ? cap : scope;
}

export interface EventInfo {
  /** Index in the event list. */
  id: number;
  kind: EventKind;
  /** The initial write of a location (belongs to no thread). */
  init: boolean;
  /** Thread index in the test, -1 for initial writes. */
  thread: number;
  /** Position in the thread's (unrolled) program order. */
  poIndex: number;
  place: Place | null;
  /** Strong: every fence, and memory events that are not weak (ISA §8.4). */
  strong: boolean;
  /** Effective scope of a strong event (a .shared access is capped at its cluster: effectiveScope). */
  scope: Scope | null;
  /**
   * The read of a red: no read operation (ISA §8.4, Table 17: "ld and atom (but not red)"), so
   * not in the base set R and in no acquire pattern; it still reads from a write, in rmw and
   * observation, as atomicity needs.
   */
  red?: boolean;
  /** release (W), acquire (R), or for fences sc / acq_rel; 'alias' etc. for proxy fences. */
  release: boolean;
  acquire: boolean;
  fence: 'sc' | 'acq_rel' | 'proxy' | 'alias' | null;
  /** Proxy of a memory event or proxy fence; generic for other fences; null for barriers. */
  proxy: Proxy | 'async' | null;
  /** Physical location and virtual address (memory events). */
  ploc: number;
  vaddr: number;
  /** For barrier events: sync waits, arrive does not. */
  barMode: 'sync' | 'arrive' | null;
  /** Human-readable label (`P0:st.weak x` ...). */
  label: string;
}

/** The base sets every interpreter knows (inBaseSet), in the order docs list them. */
export const BASE_SETS: readonly string[] = ['R', 'W', 'F', 'M', 'IW', 'strong', 'SC', 'FREL', 'REL', 'ACQ', 'GEN', 'ALIAS'];

/** Base sets of the model, by name. */
export function inBaseSet(name: string, e: EventInfo): boolean {
  switch (name) {
    case 'R': return e.kind === 'R' && !e.red;
    case 'W': return e.kind === 'W';
    case 'F': return e.kind === 'F';
    case 'M': return e.kind === 'R' || e.kind === 'W';
    case 'IW': return e.init;
    case 'strong': return e.strong;
    case 'SC': return e.fence === 'sc';
    case 'FREL': return e.fence === 'sc' || e.fence === 'acq_rel';
    case 'REL': return e.kind === 'W' && e.release;
    case 'ACQ': return e.kind === 'R' && e.acquire;
    case 'GEN': return e.proxy === 'generic' && (e.kind === 'R' || e.kind === 'W' || e.kind === 'F');
    case 'ALIAS': return e.fence === 'alias';
    default: throw new Error(`unknown base set ${name}`);
  }
}

const isMem = (e: EventInfo): boolean => e.kind === 'R' || e.kind === 'W';

/** Does scope s of an event in place p include a thread in place q? (ISA §8.5) */
export function scopeIncludes(s: Scope, p: Place | null, q: Place | null): boolean {
  // Initial writes are in scope of, and include, everyone.
  if (!p || !q || s === 'sys') return true;
  if (s === 'gpu') return p.gpu === q.gpu;
  if (s === 'cluster') return p.cluster === q.cluster;
  return p.cta === q.cta;
}

/** Static base relations: a fact about the two events' attributes. */
export const STATIC_RELS = ['po', 'loc', 'vloc', 'sr', 'same_proxy', 'same_cta', 'rmw'] as const;

/** The execution's choices: the base relations a candidate execution picks. */
export const CHOICE_RELS = ['rf', 'co', 'sync_fence', 'sync_barrier', 'dep'] as const;

/** Every base relation the interpreters know: the static ones and the execution's choices. */
export const BASE_RELS: readonly string[] = [...STATIC_RELS, ...CHOICE_RELS];

const choiceMemo = new WeakMap<Model, Map<RelTerm, boolean>>();

/**
 * Does a term of the model mention a base relation that is not static (one of the execution's
 * choices, or any other)? A term that does not is a fact of the events alone. Memoized per
 * model and term; an unknown definition counts as mentioning one.
 */
export function mentionsChoice(model: Model, t: RelTerm): boolean {
  let memo = choiceMemo.get(model);
  if (!memo) { memo = new Map(); choiceMemo.set(model, memo); }
  const hit = memo.get(t);
  if (hit !== undefined) return hit;
  let m: boolean;
  switch (t.k) {
    case 'rel': m = !(STATIC_RELS as readonly string[]).includes(t.name); break;
    case 'ref': {
      const d = model.defs[t.name];
      memo.set(t, true); // a definition refers only to earlier ones; this guards a cycle anyway
      m = d === undefined || mentionsChoice(model, d);
      break;
    }
    case 'id': case 'prod': m = false; break;
    case 'inv': case 'opt': case 'plus': m = mentionsChoice(model, t.a); break;
    default: m = mentionsChoice(model, t.a) || mentionsChoice(model, t.b);
  }
  memo.set(t, m);
  return m;
}

export function staticRel(name: string, a: EventInfo, b: EventInfo, rmwPartner: (e: EventInfo) => number): boolean {
  switch (name) {
    // Events of one thread from exclusive paths are never both executed, so index order suffices.
    case 'po': return a.thread >= 0 && a.thread === b.thread && a.poIndex < b.poIndex && a.kind !== 'X' && b.kind !== 'X';
    case 'loc': return isMem(a) && isMem(b) && a.ploc === b.ploc;
    case 'vloc': return isMem(a) && isMem(b) && a.vaddr === b.vaddr;
    case 'sr':
      return a.scope !== null && b.scope !== null && scopeIncludes(a.scope, a.place, b.place) && scopeIncludes(b.scope, b.place, a.place);
    case 'same_proxy': return a.proxy !== null && a.proxy === b.proxy;
    case 'same_cta': return a.place !== null && b.place !== null && a.place.cta === b.place.cta;
    case 'rmw': return a.kind === 'R' && rmwPartner(a) === b.id;
    default: throw new Error(`not a static relation: ${name}`);
  }
}
