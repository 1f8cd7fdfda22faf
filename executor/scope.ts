// Where threads run and which operations are morally strong (ISA §8.5, §8.6).
import type { Placement, Proxy, Scope, Space } from '../litmus/ast.js';

/** Keys of the CTA, cluster and GPU instances a thread belongs to. */
export interface Place {
  cta: string;
  cluster: string;
  gpu: string;
}

export function placeOf(p: Placement): Place {
  // A thread with no cluster given is in a cluster of its own CTA only (as the solver reads it).
  return {
    cta: `${p.gpu}/${p.cta}`,
    cluster: p.cluster !== undefined ? `${p.gpu}/c${p.cluster}` : `${p.gpu}/cta${p.cta}`,
    gpu: `${p.gpu}`,
  };
}

const RANK: Record<Scope, number> = { cta: 0, cluster: 1, gpu: 2, sys: 3 };

/** A .shared access cannot be seen beyond its CTA (its cluster for shared::cluster). */
export function effectiveScope(scope: Scope, space: Space): Scope {
  const cap: Scope | null = space === 'shared' ? 'cta' : space === 'shared_cluster' ? 'cluster' : null;
  return cap && RANK[cap] < RANK[scope] ? cap : scope;
}

/** Does scope s of an operation by a thread at p include a thread at q? Null: an initial write. */
export function includes(s: Scope, p: Place | null, q: Place | null): boolean {
  if (!p || !q || s === 'sys') return true;
  if (s === 'gpu') return p.gpu === q.gpu;
  if (s === 'cluster') return p.cluster === q.cluster;
  return p.cta === q.cta;
}

/** The parts of an operation that moral strength looks at. tid -1: an initial write. */
export interface Who {
  tid: number;
  strong: boolean;
  scope: Scope | null;
  /** For a memory operation under ptx75: the proxy and virtual address it goes through. */
  mem?: { proxy: Proxy; vaddr: number };
}

/**
 * Morally strong (§8.6). Callers only ask about pairs on one location (or with a fence), so
 * complete overlap is the same physical location under ptx60; under ptx75 (given `mem` on
 * both) it also needs the same virtual address, and the same proxy.
 */
export function morallyStrong(a: Who, b: Who, places: readonly Place[]): boolean {
  if (a.mem && b.mem && (a.mem.proxy !== b.mem.proxy || a.mem.vaddr !== b.mem.vaddr)) return false;
  if (a.tid === b.tid) return true; // program order (initial writes: tid -1 on both sides never happens)
  if (!a.strong || !b.strong || !a.scope || !b.scope) return false;
  const pa = a.tid < 0 ? null : places[a.tid]!;
  const pb = b.tid < 0 ? null : places[b.tid]!;
  return includes(a.scope, pa, pb) && includes(b.scope, pb, pa);
}
