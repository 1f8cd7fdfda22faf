// Release/acquire synchronization on views (ISA §8.7, §8.8.4): acquiring the release views
// a thread has seen, fences (acq_rel and sc) and the Fence-SC order.
import type { Scope } from '../litmus/ast.js';
import type { Program } from './program.js';
import { type Who, morallyStrong } from './scope.js';
import { type MState, type Pend, type Rel, type ScRec, type TState, type View, relOf, relWithView, withThread } from './state.js';
import { complete, viewAt } from './thread.js';
import { join, leq } from './view.js';

/** Are the first operation of a release pattern and the last of an acquire pattern morally strong? */
export const relMatches = (prog: Program, r: Rel, last: Who): boolean =>
  morallyStrong({ tid: r.tid, strong: true, scope: r.scope, mem: r.mem }, last, prog.places);

/**
 * Drops thread ti's pending releases its view already holds (but never an early one: acquiring
 * it at all drops the execution); keeps one canonical order. Where the thread keeps them
 * (ThreadProg.keepHeld), such a release stays with an empty view instead: it adds nothing to
 * views, but an overtaken ld.acquire must still not synchronize with it.
 */
export function prunePend(prog: Program, ti: number, pend: readonly Pend[], view: View): readonly Pend[] {
  const held = prog.threads[ti]!.keepHeld ? prog.zero : null;
  const out: Pend[] = [];
  for (let p of pend) {
    if (!p.rel.early && leq(p.rel.view, view)) {
      if (!held) continue;
      if (p.rel.view !== held) p = { rel: relWithView(p.rel, held), loc: p.loc };
    }
    if (!out.some((q) => pendOrder(p, q) === 0)) out.push(p);
  }
  return out.length > 1 ? out.sort(pendOrder) : out;
}

/** A total order on pending releases by location, thread, scope, kind, earliness and view (0: the same release for prunePend). */
function pendOrder(a: Pend, b: Pend): number {
  const x = a.rel;
  const y = b.rel;
  const d = (a.loc - b.loc) || (x.tid - y.tid) || (x.scope < y.scope ? -1 : x.scope > y.scope ? 1 : 0)
    || (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0) || ((x.early ? 1 : 0) - (y.early ? 1 : 0));
  if (d !== 0 || x.view === y.view) return d;
  for (let i = 0; i < x.view.length; i++) if (x.view[i] !== y.view[i]) return x.view[i]! - y.view[i]!;
  return 0;
}

/**
 * The join of the release views among `rels` that match `last` (null: none matches), or
 * 'early' when one of them is an early release (that execution is not one the model has).
 */
export function acquire(prog: Program, rels: readonly Rel[], last: Who): View | null | 'early' {
  let v: View | null = null;
  for (const r of rels) {
    if (!relMatches(prog, r, last)) continue;
    if (r.early) return 'early';
    v = v ? join(v, r.view) : r.view;
  }
  return v;
}

export const pendingAt = (t: TState, loc: number | null): Rel[] => t.pend.filter((p) => loc === null || p.loc === loc).map((p) => p.rel);

/** Keeps one entry per (kind, scope, location): a later one of the same thread has the larger view. */
export function replaceRel<R extends Rel>(rs: readonly R[], r: R, same: (a: R) => boolean): readonly R[] {
  // rs is kept in scope order (scope names compared as strings): r goes after the records of
  // its scope and before those of later ones, as a stable sort would put it.
  const out: R[] = [];
  let placed = false;
  for (const x of rs) {
    if (same(x)) continue;
    if (!placed && x.scope > r.scope) { out.push(r); placed = true; }
    out.push(x);
  }
  if (!placed) out.push(r);
  return out;
}

const joinMaybe = (a: View | null, b: View | null): View | null => (a && b ? join(a, b) : a ?? b);

/**
 * The release records a write carries, without those another record makes redundant: one of
 * the same thread, kind, scope, proxy and address and earliness, whose view holds its view.
 * Who acquires them gets the same join (acquire matches on those fields alone), and a chain
 * of read-modify-writes in a loop behind a fence no longer grows its records by one each round
 * (the state space of such a loop was unbounded, and the executor's liveness never finished).
 */
export function mergeRels(rels: readonly Rel[]): readonly Rel[] {
  if (rels.length < 2) return rels;
  const same = (a: Rel, b: Rel): boolean => a.tid === b.tid && a.kind === b.kind && a.scope === b.scope && !!a.early === !!b.early
    && (a.mem === b.mem || (!!a.mem && !!b.mem && a.mem.proxy === b.mem.proxy && a.mem.vaddr === b.mem.vaddr));
  const out: Rel[] = [];
  rels.forEach((r, i) => {
    // Dropped when a later record holds it, or an earlier one holds it strictly (equal views: the first stays).
    const covered = rels.some((q, j) => j !== i && same(q, r) && leq(r.view, q.view) && (j > i ? !leq(q.view, r.view) : true));
    if (!covered) out.push(r);
  });
  return out.length === rels.length ? rels : out;
}

/** What an acquisition hands over to views: null for nothing, as when it matched only releases kept as held (prunePend). */
export const handedOver = (prog: Program, got: View | null): View | null => (got && !leq(got, prog.zero) ? got : null);

/**
 * A fence at in-flight entry idx (all before it done): the acquire pattern "strong read;
 * fence" takes in what the reads saw (plus, for fence.sc, `extra`), the fence is done, and it
 * starts release pattern 3 for later strong writes.
 */
function fence(prog: Program, ti: number, t: TState, idx: number, scope: Scope, extra: View | null): TState {
  const acq = acquire(prog, pendingAt(t, null), { tid: ti, strong: true, scope });
  if (acq === 'early') return withThread(t, { bad: true });
  const got = joinMaybe(handedOver(prog, acq), extra);
  const view = got ? join(viewAt(t, idx), got) : viewAt(t, idx);
  const rel = relOf(ti, 'F', scope, view, undefined, undefined);
  return complete(withThread(t, { frel: replaceRel(t.frel, rel, (x) => x.scope === scope) }), idx, null, got);
}

/** fence.acq_rel (thread-local: run as soon as the fence may be performed). */
export const fenceAcqRel = (prog: Program, ti: number, t: TState, idx: number, scope: Scope): TState =>
  fence(prog, ti, t, idx, scope, null);

/**
 * fence.sc: the order in which fence.sc operations are performed is the Fence-SC order; each
 * synchronizes with the earlier ones it is morally strong with (§8.8.4 item 1).
 */
export function fenceSc(prog: Program, s: MState, ti: number, idx: number, scope: Scope): MState {
  const me: Who = { tid: ti, strong: true, scope };
  let extra: View | null = null;
  for (const r of s.sc) if (morallyStrong({ tid: r.tid, strong: true, scope: r.scope }, me, prog.places)) extra = joinMaybe(extra, r.view);
  const t = fence(prog, ti, s.th[ti]!, idx, scope, extra);
  if (t.bad) return { ...s, th: s.th.map((x, i) => (i === ti ? t : x)) };
  const rec: ScRec = { tid: ti, scope, view: t.frel.find((r) => r.scope === scope)!.view };
  const sc = [...s.sc.filter((r) => !(r.tid === ti && r.scope === scope)), rec].sort((a, b) => (a.tid - b.tid) || a.scope.localeCompare(b.scope));
  return { ...s, th: s.th.map((x, i) => (i === ti ? t : x)), sc };
}
