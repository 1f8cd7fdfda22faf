// Views and the coherence order of one location, as bit masks over its writes (numbered in
// the order they were made; a location holds at most MAX_WRITES writes). A view is one mask
// per (location, knowledge class) pair, flat (proxy.ts).
import type { Use } from './proxy.js';
import type { Msg, View } from './state.js';

export const MAX_WRITES = 30;
export const bit = (i: number): number => 1 << i;
export const has = (mask: number, i: number): boolean => (mask & (1 << i)) !== 0;

export const join = (a: View, b: View): View => {
  let out: number[] | null = null;
  for (let i = 0; i < a.length; i++) {
    if ((b[i]! & ~a[i]!) !== 0) {
      out ??= a.slice();
      out[i] = a[i]! | b[i]!;
    }
  }
  return out ?? a;
};

export const leq = (a: View, b: View): boolean => {
  if (a === b) return true;
  for (let i = 0; i < a.length; i++) if ((a[i]! & ~b[i]!) !== 0) return false;
  return true;
};

/** The view with the writes of `mask` added at a slot (loc * K + class, proxy.ts). */
export const add = (v: View, slot: number, mask: number): View => {
  if ((mask & ~v[slot]!) === 0) return v;
  const out = v.slice();
  out[slot] = v[slot]! | mask;
  return out;
};

/** Write i with everything coherence-before it. */
export const down = (ms: readonly Msg[], i: number): number => bit(i) | ms[i]!.pred;

/** Write i with everything coherence-after it. */
export function up(ms: readonly Msg[], i: number): number {
  let m = bit(i);
  for (let j = 0; j < ms.length; j++) if (has(ms[j]!.pred, i)) m |= bit(j);
  return m;
}

/** Writes coherence-before some write of the set: a read may not take them (§8.9.6). */
export function hidden(ms: readonly Msg[], set: number): number {
  let d = 0;
  for (let j = 0; j < ms.length; j++) if ((set & (1 << j)) !== 0) d |= ms[j]!.pred;
  return d;
}

export const members = (mask: number, n: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (has(mask, i)) out.push(i);
  return out;
};

/**
 * The writes in `view` that causally precede an access (proxy.ts): of each class at the
 * location's `slot`, all when the access uses it for any alias (2), those to its own address
 * `vaddr` when only for that (1); closed downwards. K: classes per location.
 */
export function usableBy(ms: readonly Msg[], view: View, slot: number, K: number, use: readonly Use[], vaddr: number): number {
  let u = 0;
  for (let k = 0; k < K; k++) {
    const bits = view[slot + k]!;
    if (bits === 0 || use[k] === 0) continue;
    if (use[k] === 2) { u |= bits; continue; }
    for (let i = 0; i < ms.length; i++) if ((bits & (1 << i)) !== 0 && ms[i]!.vaddr === vaddr) u |= bit(i) | ms[i]!.pred;
  }
  return u;
}
