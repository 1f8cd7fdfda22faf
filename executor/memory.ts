// The weak memory subsystem: per location, the writes made so far with a partial coherence
// order between them, each write with the release views it carries; per thread, a view (for
// each location, the writes that causally precede what the thread does next).
//
// Why a view machine (and not Pop's storage subsystem): the PTX axioms constrain reads only
// through causality (§8.9.6, "(rf|fr);cause is irreflexive"), coherence (§8.9.1, §8.8.6) and
// atomicity (§8.9.3), all per location. With threads performing operations out of order but
// never against a causality path (thread.ts), every cause edge is also an edge of the order
// in which the machine performs operations. So a read may take any write that is not
// coherence-before a write in its view, and a write goes coherence-after its view, ordered
// against the writes it is morally strong with and left unordered with the rest (coherence is
// partial: racing weak writes need not be ordered, and readers may see them either way).
// The view is kept up to date by (1) the thread's own writes, (2) morally strong reads
// (observation, §8.8.2), (3) acquiring the release views writes carry (release and acquire
// patterns, §8.7, §8.8.4), (4) fence.sc and barriers (sync.ts, barrier.ts). Weak reads and
// reads out of scope do not move the view: that gives the non-multi-copy-atomic and incoherent
// weak behaviours (IRIW, CoRR with weak reads) while scoped release/acquire still orders what
// it must. Views only ever constrain reads and writes further, so an over-approximation of
// them stays sound. A new write never orders two existing writes (it goes after a set that is
// already before the set it goes before), so earlier reads and read-modify-writes stay valid.
import type { Atom, Ld, Red, St } from '../litmus/ast.js';
import { typeSigned, typeWidth } from '../litmus/ast.js';
import { type RV, asType, resize, rmwResult, rv, show } from './bits.js';
import type { CInstr, Program } from './program.js';
import { Unsupported } from './program.js';
import { type Who, effectiveScope, morallyStrong } from './scope.js';
import type { MState, Msg, Pend, Rel, TState } from './state.js';
import { acquirePending, prunePend, replaceRel } from './sync.js';
import { complete, destValue, locOf, operand } from './thread.js';
import { MAX_WRITES, add, bit, down, has, hidden, members, up } from './view.js';

type Access = Ld | St | Atom | Red;

export function whoOf(ti: number, i: Access): Who {
  if (i.ord.sem === 'weak') return { tid: ti, strong: false, scope: null };
  return { tid: ti, strong: true, scope: effectiveScope(i.ord.scope, i.space) };
}
const msgWho = (m: Msg): Who => ({ tid: m.tid, strong: m.strong, scope: m.scope });
const isAcquire = (i: Access): boolean => i.ord.sem === 'acquire' || (i.op !== 'ld' && i.ord.sem === 'acq_rel');
const isRelease = (i: Access): boolean => i.ord.sem === 'release' || (i.op !== 'ld' && i.ord.sem === 'acq_rel');

const setThread = (s: MState, ti: number, t: TState): MState => ({ ...s, th: s.th.map((x, i) => (i === ti ? t : x)) });

/** Writes of loc a thread with view set `c` may read. */
export function readable(ms: readonly Msg[], c: number): number[] {
  const h = hidden(ms, c);
  return members(~h, ms.length);
}

/**
 * The read half: reading write k of loc. A morally strong read observes it (§8.8.2): the
 * view takes it in, and the release patterns it ends or carries become pending for acquire
 * patterns; an acquire read takes in the matching ones at once.
 */
function observe(prog: Program, t: TState, who: Who, acquire: boolean, ms: readonly Msg[], k: number, loc: number): TState {
  let out = t;
  const m = ms[k]!;
  if (morallyStrong(msgWho(m), who, prog.places)) {
    const view = add(out.view, loc, down(ms, k));
    const pend = who.strong && m.rel.length ? [...out.pend, ...m.rel.map((rel): Pend => ({ rel, loc }))] : out.pend;
    out = { ...out, view, pend };
  }
  if (acquire) out = acquirePending(prog, out, who, loc);
  return out.pend === t.pend && out.view === t.view ? out : { ...out, pend: prunePend(out.pend, out.view) };
}

/** Where a new write goes: after the writes in `after`, before those in `before`. */
interface Place {
  after: number;
  before: number;
}

/**
 * Ways a write by `who` may join loc's coherence order: after `base` (its view, closed
 * downwards) and `mustBefore`, ordered against each morally strong write (§8.8.6), never
 * between a morally strong read-modify-write and the write it read (§8.9.3), and only where
 * every write before it is already before every write after it.
 */
function placements(prog: Program, ms: readonly Msg[], who: Who, base: number, mustBefore: number): Place[] {
  const n = ms.length;
  if (n >= MAX_WRITES) throw new Unsupported(`more than ${MAX_WRITES} writes to one location`);
  const strong = members(~base & ~mustBefore, n).filter((i) => morallyStrong(msgWho(ms[i]!), who, prog.places));
  const out: Place[] = [];
  const seen = new Set<string>();
  for (let sub = 0; sub < 1 << strong.length; sub++) {
    let after = base;
    let before = 0;
    for (const i of members(mustBefore, n)) before |= up(ms, i);
    strong.forEach((i, j) => { if (has(sub, j)) after |= down(ms, i); else before |= up(ms, i); });
    if ((after & before) !== 0) continue;
    const b = members(before, n);
    if (members(after, n).some((a) => b.some((y) => !has(ms[y]!.pred, a)))) continue;
    const splits = ms.some((m, j) => m.src >= 0 && has(after, m.src) && has(before, j) && morallyStrong(msgWho(m), who, prog.places));
    if (splits) continue;
    const key = `${after}/${before}`;
    if (!seen.has(key)) { seen.add(key); out.push({ after, before }); }
  }
  return out;
}

/** Release patterns a new write by thread t on loc continues (patterns 2 and 3 need a strong write). */
const carried = (t: TState, loc: number, strong: boolean): Rel[] =>
  strong ? [...t.frel, ...t.wrel.filter((r) => r.loc === loc).map(({ tid, kind, scope, view }) => ({ tid, kind, scope, view }))] : [];

/**
 * Makes write msg at place p of loc, takes it into the writer's view, and starts a release
 * pattern when the write is a release (pattern 1).
 */
function write(s: MState, ti: number, loc: number, p: Place, msg0: Msg, release: Rel['scope'] | null): MState {
  const ms = s.mem[loc]!;
  const n = ms.length;
  let t = s.th[ti]!;
  t = { ...t, view: add(t.view, loc, p.after | bit(n)) };
  let msg: Msg = { ...msg0, pred: p.after };
  if (release) {
    const own: Rel = { tid: ti, kind: 'W', scope: release, view: t.view };
    t = { ...t, wrel: replaceRel(t.wrel, { ...own, loc }, (x) => x.loc === loc && x.scope === release) };
    msg = { ...msg, rel: [...msg.rel, own] };
  }
  const next = [...ms.map((m, j) => (has(p.before, j) ? { ...m, pred: m.pred | bit(n) } : m)), msg];
  return setThread({ ...s, mem: s.mem.map((x, l) => (l === loc ? next : x)) }, ti, t);
}

export interface Choice {
  label: string;
  state: MState;
}

const pidOf = (prog: Program, ti: number): number => prog.threads[ti]!.pid;
const where = (ms: readonly Msg[], p: Place): string => {
  const names = (mask: number): string => members(mask, ms.length).map((i) => `#${i}`).join(',') || '-';
  return `co after {${names(p.after)}} before {${names(p.before)}}`;
};

/** ld: one successor per write the thread may read. */
export function loads(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean): Choice[] {
  const i = ci.ins as Ld;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const loc = locOf(prog, ci, e)!;
  const who = whoOf(ti, i);
  const w = prog.locs[loc]!.width;
  const ms = s.mem[loc]!;
  return readable(ms, t.view[loc]!).map((k) => {
    const v = resize(rv(w, ms[k]!.val), typeWidth(i.type), typeSigned(i.type));
    const t2 = complete(observe(prog, t, who, isAcquire(i), ms, k, loc), idx, destValue(ci, e, v));
    const label = withLabels ? `P${pidOf(prog, ti)}: ${ci.text} reads ${show(v)} from #${k} (${ms[k]!.label})` : '';
    return { label, state: setThread(s, ti, t2) };
  });
}

/** st: one successor per way the write may join coherence order. */
export function stores(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean): Choice[] {
  const i = ci.ins as St;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const loc = locOf(prog, ci, e)!;
  const who = whoOf(ti, i);
  const ms = s.mem[loc]!;
  const val = resize(asType(operand(e, 1)!, i.type), prog.locs[loc]!.width, typeSigned(i.type)).v;
  const s1 = setThread(s, ti, complete(t, idx, null));
  const label = `P${pidOf(prog, ti)}: ${ci.text}`;
  const msg: Msg = { val, tid: ti, strong: who.strong, scope: who.scope, rel: carried(t, loc, who.strong), pred: 0, src: -1, label };
  return placements(prog, ms, who, t.view[loc]!, 0).map((p) => ({
    label: withLabels ? `${label} writes ${show(rv(prog.locs[loc]!.width, val))} as #${ms.length}, ${where(ms, p)}` : '',
    state: write(s1, ti, loc, p, msg, isRelease(i) ? who.scope : null),
  }));
}

/** atom/red: one successor per (write read, place of the new write). */
export function rmws(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean): Choice[] {
  const i = ci.ins as Atom | Red;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const loc = locOf(prog, ci, e)!;
  const who = whoOf(ti, i);
  const lw = prog.locs[loc]!.width;
  const ms = s.mem[loc]!;
  const b = asType(operand(e, 1)!, i.type);
  const c = i.op === 'atom' && i.c ? asType(operand(e, 2)!, i.type) : null;
  const label = `P${pidOf(prog, ti)}: ${ci.text}`;
  const out: Choice[] = [];
  for (const k of readable(ms, t.view[loc]!)) {
    const m = ms[k]!;
    const old: RV = resize(rv(lw, m.val), typeWidth(i.type), typeSigned(i.type));
    const nv = resize(rmwResult(i.aop, i.type, old, b, c), lw).v;
    const seen = morallyStrong(msgWho(m), who, prog.places);
    const t2 = complete(observe(prog, t, who, isAcquire(i), ms, k, loc), idx, i.op === 'atom' ? destValue(ci, e, old) : null);
    // Observation runs through read-modify-writes (§8.8.2): the new write carries what m carried.
    const msg: Msg = { val: nv, tid: ti, strong: true, scope: who.scope, rel: [...(seen ? m.rel : []), ...carried(t2, loc, true)], pred: 0, src: k, label };
    // Atomicity (§8.9.3): every morally strong write after the one read goes after the new one.
    let mustBefore = 0;
    ms.forEach((x, j) => { if (has(x.pred, k) && morallyStrong(msgWho(x), who, prog.places)) mustBefore |= bit(j); });
    const s1 = setThread(s, ti, t2);
    // The new write follows the one read only through the view: a read that is not morally
    // strong does not order them (coherence follows causality, §8.9.1).
    for (const p of placements(prog, ms, who, t2.view[loc]!, mustBefore)) {
      out.push({
        label: withLabels ? `${label} reads ${show(old)} from #${k} (${m.label}), writes ${show(rv(lw, nv))} as #${ms.length}, ${where(ms, p)}` : '',
        state: write(s1, ti, loc, p, msg, isRelease(i) ? who.scope : null),
      });
    }
  }
  return out;
}
