// Where threads run and which operations are morally strong (ISA §8.5, §8.6).
// Places, scope inclusion and the scope a .shared access gets are the model's (model/events.ts
// placeOf, scopeIncludes, effectiveScope), read alike by both engines.
import type { Proxy, Scope } from '../litmus/ast.js';
import { type Place, scopeIncludes } from '../model/events.js';

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
  return scopeIncludes(a.scope, pa, pb) && scopeIncludes(b.scope, pb, pa);
}
