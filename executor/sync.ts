// Release/acquire synchronization on views (ISA §8.7, §8.8.4): acquiring the release views
// a thread has seen, fences (acq_rel and sc) and the Fence-SC order.
import type { Scope } from '../litmus/ast.js';
import type { Program } from './program.js';
import { type Who, morallyStrong } from './scope.js';
import type { MState, Pend, Rel, ScRec, TState, View } from './state.js';
import { join, leq } from './view.js';

/** Are the first operation of a release pattern and the last of an acquire pattern morally strong? */
export const relMatches = (prog: Program, r: Rel, last: Who): boolean =>
  morallyStrong({ tid: r.tid, strong: true, scope: r.scope }, last, prog.places);

/** Drops pending releases that can no longer add anything to the view; keeps a canonical order. */
export function prunePend(pend: readonly Pend[], view: View): readonly Pend[] {
  const seen = new Set<string>();
  const out: Pend[] = [];
  for (const p of pend) {
    if (leq(p.rel.view, view)) continue;
    const k = `${p.loc}/${p.rel.tid}/${p.rel.kind}/${p.rel.scope}/${p.rel.view.join(',')}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
  }
  out.sort((a, b) => (a.loc - b.loc) || (a.rel.tid - b.rel.tid) || a.rel.scope.localeCompare(b.rel.scope) || a.rel.view.join().localeCompare(b.rel.view.join()));
  return out;
}

/** Joins every pending release (of location loc, or of any location) that matches `last`. */
export function acquirePending(prog: Program, t: TState, last: Who, loc: number | null): TState {
  let view = t.view;
  for (const p of t.pend) if ((loc === null || p.loc === loc) && relMatches(prog, p.rel, last)) view = join(view, p.rel.view);
  return view === t.view ? t : { ...t, view, pend: prunePend(t.pend, view) };
}

/** Keeps one entry per (kind, scope, location): a later one of the same thread has the larger view. */
export function replaceRel<R extends Rel>(rs: readonly R[], r: R, same: (a: R) => boolean): readonly R[] {
  return [...rs.filter((x) => !same(x)), r].sort((a, b) => a.scope.localeCompare(b.scope));
}

/**
 * fence.acq_rel (and the acq_rel half of fence.sc): the acquire pattern "strong read; fence"
 * takes in what the reads saw, then the fence starts release pattern 3 for later strong writes.
 */
export function fenceAcquireRelease(prog: Program, ti: number, t0: TState, scope: Scope): TState {
  const t = acquirePending(prog, t0, { tid: ti, strong: true, scope }, null);
  const rel: Rel = { tid: ti, kind: 'F', scope, view: t.view };
  return { ...t, frel: replaceRel(t.frel, rel, (x) => x.scope === scope) };
}

/**
 * fence.sc: the order in which fence.sc operations are performed is the Fence-SC order; each
 * synchronizes with the earlier ones it is morally strong with (§8.8.4 item 1).
 */
export function fenceSc(prog: Program, s: MState, ti: number, scope: Scope): MState {
  const me: Who = { tid: ti, strong: true, scope };
  let t = acquirePending(prog, s.th[ti]!, me, null);
  let view = t.view;
  for (const r of s.sc) if (morallyStrong({ tid: r.tid, strong: true, scope: r.scope }, me, prog.places)) view = join(view, r.view);
  t = { ...t, view, pend: prunePend(t.pend, view) };
  t = fenceAcquireRelease(prog, ti, t, scope);
  const rec: ScRec = { tid: ti, scope, view: t.view };
  const sc = [...s.sc.filter((r) => !(r.tid === ti && r.scope === scope)), rec].sort((a, b) => (a.tid - b.tid) || a.scope.localeCompare(b.scope));
  return { ...s, th: s.th.map((x, i) => (i === ti ? t : x)), sc };
}
