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
// it must. Under ptx75 a view also says through which proxies and fences each write is known
// (proxy.ts), and an access uses only what suits its proxy and address. Views only ever
// constrain reads and writes further, so an over-approximation of them stays sound. A new
// write never orders two existing writes (it goes after a set that is already before the set
// it goes before), so earlier reads and read-modify-writes stay valid.
import type { Atom, Ld, Proxy, Red, Scope, St } from '../litmus/ast.js';
import { typeSigned, typeWidth } from '../litmus/ast.js';
import { flushesSubnormals } from '../litmus/floats.js';
import { type RV, asType, resize, rmwResult, rv, show } from './bits.js';
import { type CInstr, type Program, Unsupported, WriteLimit, proxyOf } from './program.js';
import { type Use, accessKey } from './proxy.js';
import { DEAD_SRC } from './gc.js';
import type { Who } from './scope.js';
import { effectiveScope, scopeIncludes } from '../model/events.js';
import { type MState, type Msg, type MsgFields, type Pend, type Rel, type TState, type View, relOf, relWithView, traceId, traced, msgWith, withMsg, withPend, withThMem, withWrel, wrelOf } from './state.js';
import { acquire as acquireRels, handedOver, mergeRels, pendingAt, prunePend, replaceRel } from './sync.js';
import { acquires, addressOf, complete, destValue, laterWrites, locOf, operand, overtaken, overtakenByWrite, pendingBefore, releases, viewAt } from './thread.js';
import { MAX_WRITES, add, bit, down, has, hidden, join, leq, members, up, usableBy } from './view.js';

type Access = Ld | St | Atom | Red;

/** An access as the memory sees it: location, address, proxy, CTA, moral-strength attributes. */
interface Acc {
  loc: number;
  vaddr: number;
  who: Who;
  /** Index of the access's location in flat views, and the class its own knowledge goes to. */
  slot: number;
  cls: number;
  use: readonly Use[];
  /** `P<pid>: <instruction>`, the origin its writes show (Msg.label): built once, not per step. */
  label: string;
}

/** What an access's Acc takes from its instruction and thread alone (accessOf, memoized). */
interface AccStatic {
  proxy: Proxy;
  strong: boolean;
  scope: Scope | null;
  cls: number;
  use: readonly Use[];
  label: string;
}

// Per program, per thread and code index: accessOf asked for these on every read and write
// (a key string and two map lookups each time).
const accStatics = new WeakMap<Program, (AccStatic | undefined)[][]>();
function accStatic(prog: Program, ti: number, ci: CInstr, pc: number): AccStatic {
  let table = accStatics.get(prog);
  if (!table) {
    table = prog.threads.map(() => []);
    accStatics.set(prog, table);
  }
  const row = table[ti]!;
  let a = row[pc];
  if (!a) {
    const i = ci.ins as Access;
    const proxy = proxyOf(prog, i);
    const key = accessKey(proxy, prog.ctaIdx[ti]!);
    const scope = i.ord.sem === 'weak' ? null : effectiveScope(i.ord.scope, i.space);
    a = { proxy, strong: scope !== null, scope, cls: prog.cls.initial.get(key)!, use: prog.cls.use.get(key)!, label: `P${pidOf(prog, ti)}: ${ci.text}` };
    row[pc] = a;
  }
  return a;
}

function accessOf(prog: Program, ti: number, ci: CInstr, e: TState['win'][number]): Acc {
  const loc = locOf(prog, ci, e, true)!;
  const vaddr = Number(addressOf(ci, e)!.v);
  const st = accStatic(prog, ti, ci, e.pc);
  const who: Who = prog.model === 'ptx75'
    ? { tid: ti, strong: st.strong, scope: st.scope, mem: { proxy: st.proxy, vaddr } }
    : { tid: ti, strong: st.strong, scope: st.scope };
  return { loc, vaddr, who, slot: loc * prog.cls.K, cls: st.cls, use: st.use, label: st.label };
}

/**
 * morallyStrong(the write m's Who, b): m's Who is its tid, strength and scope, and under ptx75
 * its proxy and address. Read from m directly: it is asked per write per read, and building
 * the Who each time was a good share of the allocation.
 */
function strongWith(prog: Program, m: Msg, b: Who): boolean {
  if (prog.model === 'ptx75' && b.mem && (m.proxy !== b.mem.proxy || m.vaddr !== b.mem.vaddr)) return false;
  if (m.tid === b.tid) return true;
  if (!m.strong || !b.strong || !m.scope || !b.scope) return false;
  const pa = m.tid < 0 ? null : prog.places[m.tid]!;
  const pb = b.tid < 0 ? null : prog.places[b.tid]!;
  return scopeIncludes(m.scope, pa, pb) && scopeIncludes(b.scope, pb, pa);
}

const setThread = (s: MState, ti: number, t: TState): MState => {
  const th = s.th.slice();
  th[ti] = t;
  return withThMem(s, th, s.mem);
};

/** The writes in `view` that causally precede access a (those in classes that suit it), closed downwards. */
const usable = (prog: Program, ms: readonly Msg[], view: View, a: Acc): number => usableBy(ms, view, a.slot, prog.cls.K, a.use, a.vaddr);

/** Writes of a location a read may take given the writes `u` that causally precede it. */
export function readable(ms: readonly Msg[], u: number): number[] {
  return members(~hidden(ms, u), ms.length);
}

/** What a read of write k by entry idx adds to views, and the release patterns it leaves pending. */
interface Observed {
  ctb: View | null;
  pend: readonly Pend[];
}

/**
 * The read half: entry idx reads write k of loc. A morally strong read observes it (§8.8.2):
 * the view takes it in, and the release patterns it ends or carries become pending for
 * acquire patterns; an acquire read takes in the matching ones at once (patterns 1 and 2).
 * Null when the read may not take k: an ld.acquire that later operations overtook must not
 * synchronize with anything the thread had not retired, nor at all once a later write of its
 * thread overtook it: any read of that write, even one that observes nothing (rf, not
 * observation, in Causality: irreflexive((rf | fr); cause)), may precede the release, and
 * views hold only what was observed.
 */
function observe(prog: Program, t: TState, idx: number, a: Acc, acquire: boolean, ms: readonly Msg[], k: number, readOp = true): Observed | null {
  const m = ms[k]!;
  let ctb: View | null = null;
  let pend = t.pend;
  let rels: readonly Rel[] = [];
  if (strongWith(prog, m, a.who)) {
    ctb = add(prog.zero, a.slot + a.cls, down(ms, k));
    rels = m.rel;
    // Only a read operation starts an acquire pattern: a red is none (ISA §8.4, Table 17).
    if (readOp && a.who.strong && m.rel.length) pend = prunePend(prog, a.who.tid, [...t.pend, ...m.rel.map((rel): Pend => ({ rel, loc: a.loc }))], t.base);
  }
  if (acquire) {
    const got = acquireRels(prog, [...rels, ...pendingAt(t, a.loc)], a.who);
    if (got === 'early' || (got && overtaken(t, idx) && (!leq(got, t.base) || overtakenByWrite(t, idx)))) return null;
    const given = handedOver(prog, got);
    if (given) ctb = ctb ? join(ctb, given) : given;
  }
  return { ctb, pend };
}

/**
 * The view an access chooses what to read with. An acquire read also takes in, first, what the
 * release patterns its thread's earlier strong reads of the location observed hand over (acquire
 * pattern 2, [strong R]; po-loc; [R & acquire]): they synchronize with it, so it may not read
 * what they precede. Across proxies no coherence rule orders it after those reads' writes.
 */
function readView(prog: Program, t: TState, idx: number, a: Acc, acquire: boolean): View {
  const v = viewAt(t, idx);
  if (!acquire) return v;
  const got = acquireRels(prog, pendingAt(t, a.loc), a.who);
  return got && got !== 'early' ? join(v, got) : v;
}

/** Where a new write goes: after the writes in `after`, before those in `before`. */
interface Place {
  after: number;
  before: number;
}

/**
 * Ways a write by `who` may join loc's coherence order: after `base` (its view, closed
 * downwards), before `mustBefore`, ordered against each morally strong write (§8.8.6), never
 * between a morally strong read-modify-write and the write it read (§8.9.3), and only where
 * every write before it is already before every write after it.
 */
function placements(prog: Program, ms: readonly Msg[], who: Who, base: number, mustBefore: number): Place[] {
  const n = ms.length;
  if (n >= MAX_WRITES) throw new WriteLimit(`more than ${MAX_WRITES} writes to one location`);
  // The initial write comes before every other write, whatever the proxies. A view may miss
  // writes made since coherence-before what it holds: closing it keeps each pred transitive.
  for (let i = 0; i < n; i++) if (ms[i]!.tid < 0) base |= down(ms, i);
  base |= hidden(ms, base);
  // Plain loops over bits below: this runs for every write a step makes.
  const free = ~base & ~mustBefore;
  const strong: number[] = [];
  for (let i = 0; i < n; i++) if (has(free, i) && strongWith(prog, ms[i]!, who)) strong.push(i);
  let before0 = 0;
  for (let i = 0; i < n; i++) if (has(mustBefore, i)) before0 |= up(ms, i);
  const all = bit(n) - 1;
  // Writes that may not end up coherence-between a morally strong read-modify-write and the write it read.
  const atomic: number[] = [];
  for (let j = 0; j < n; j++) if (ms[j]!.src !== -1 && strongWith(prog, ms[j]!, who)) atomic.push(j);
  // Each rule below, once broken, stays broken as `after` and `before` grow: a choice that
  // breaks one cuts off every way of completing it.
  const broken = (after: number, before: number): boolean => {
    if ((after & before) !== 0) return true;
    // Every write before the new one must already be before every write after it.
    const a = after & all;
    for (let y = 0; y < n; y++) if (has(before, y) && (ms[y]!.pred & a) !== a) return true;
    // Nor between a morally strong read-modify-write and the write it read.
    for (const j of atomic) {
      const src = ms[j]!.src;
      if ((src === DEAD_SRC || (src >= 0 && has(after, src))) && has(before, j)) return true;
    }
    return false;
  };
  const out: Place[] = [];
  // For each morally strong write (the last first), before the new one or after it; those
  // sets in the order of a binary count over them (before = 0), as a loop over all 2^k of
  // them once listed them, which went exponential on a location with many strong writes.
  const choose = (j: number, after: number, before: number): void => {
    if (broken(after, before)) return;
    if (j < 0) {
      for (const q of out) if (q.after === after && q.before === before) return;
      out.push({ after, before });
      return;
    }
    const i = strong[j]!;
    choose(j - 1, after, before | up(ms, i));
    choose(j - 1, after | down(ms, i), before);
  };
  choose(strong.length - 1, base, before0);
  return out;
}

/** Release patterns a new write by thread t on loc continues (patterns 2 and 3 need a strong write). */
function carried(t: TState, loc: number, strong: boolean): Rel[] {
  if (!strong) return [];
  const out: Rel[] = t.frel.slice();
  for (const r of t.wrel) if (r.loc === loc) out.push(relWithView(r, r.view));
  return out;
}

/**
 * Makes write msg at place p of loc for entry idx (view `view` before it, `ctb` what the
 * entry's read half contributes), and starts a release pattern when the write is a release
 * (pattern 1). The entry is done with destination value out.
 */
function write(prog: Program, s: MState, ti: number, idx: number, a: Acc, p: Place, msg0: MsgFields, release: Rel['scope'] | null, view: View, ctb: View | null, out: RV | null): MState {
  const loc = a.loc;
  const ms = s.mem[loc]!;
  const n = ms.length;
  let t = s.th[ti]!;
  const own = add(ctb ?? prog.zero, a.slot + a.cls, p.after | bit(n));
  let msg = withMsg(msg0, { pred: p.after });
  if (release) {
    const rel = relOf(ti, 'W', release, join(view, own), a.who.mem, pendingBefore(t, idx) ? true : undefined);
    t = withWrel(t, replaceRel(t.wrel, wrelOf(rel, loc), (x) => x.loc === loc && x.scope === release));
    msg = msgWith(msg, msg.pred, msg.src, mergeRels([...msg.rel, rel]));
  }
  t = complete(t, idx, out, own, n);
  if (prog.witness) t = traced(t, 'w', t.win[idx]!.seq, msg.id, loc, ms, p.after, p.before);
  const next: Msg[] = [];
  for (let j = 0; j < n; j++) {
    const m = ms[j]!;
    next.push(has(p.before, j) ? msgWith(m, m.pred | bit(n), m.src, m.rel) : m);
  }
  next.push(msg);
  const mem = s.mem.slice();
  mem[loc] = next;
  const th = s.th.slice();
  th[ti] = t;
  return withThMem(s, th, mem);
}

/**
 * Writes a read by entry idx may take: not hidden by its view, none of the thread's own
 * later writes that overtook it (they come after it in causality), and if it observes the
 * write (morally strong), only one coherence-before those (coherence, §8.9.1).
 */
function readChoices(prog: Program, ms: readonly Msg[], view: View, a: Acc, later: number): number[] {
  const lw = members(later, ms.length);
  return readable(ms, usable(prog, ms, view, a)).filter((k) => !has(later, k)
    && (!strongWith(prog, ms[k]!, a.who) || lw.every((w) => has(ms[w]!.pred, k))));
}

export interface Choice {
  label: string;
  state: MState;
  /** For a read or read-modify-write: the index of the write it read (liveness.ts tells stale reads by it). */
  read?: number;
}

const pidOf = (prog: Program, ti: number): number => prog.threads[ti]!.pid;
const where = (ms: readonly Msg[], p: Place): string => {
  const names = (mask: number): string => members(mask, ms.length).map((i) => `#${i}`).join(',') || '-';
  return `co after {${names(p.after)}} before {${names(p.before)}}`;
};

/**
 * A read of write k that observe() refuses (it would acquire an early release, or synchronize
 * past operations that overtook it): another interleaving has that execution. Exploring for
 * outcomes skips it; liveness.ts asks for it as a dropped state, since a fair execution may have
 * to take that read (the latest write) and then is not one of this interleaving's.
 */
const refused = (s: MState, label: string, k: number): Choice => ({ label: label && `${label}: refused, the execution is dropped`, state: { ...s, bad: true }, read: k });

const sameView = (a: View | null, b: View | null): boolean => a === b || (a !== null && b !== null && a.every((x, i) => x === b[i]));

/**
 * A read of the initial write of memory a kernel leaves uninitialised (.shared: any value, to the
 * solver) stops the run: the machine holds concrete values only. A kernel that writes such memory
 * before reading it (behind a barrier) never reads it.
 */
function undefinedRead(prog: Program, loc: number, m: Msg, ci: CInstr): void {
  const l = prog.locs[loc]!;
  if (m.tid < 0 && l.unknown) throw new Unsupported(`${ci.text}: may read ${l.name} before any write to it (uninitialised: any value); the executor runs concrete values only`, ci.ins.pos);
}

/**
 * ld: one successor per write the thread may read (refused reads as dropped states when asked).
 * `distinct`: a read that leaves the thread as an earlier choice did (the same value, nothing
 * else observed or pending, as a weak read of another write with that value) is left out: the
 * same successor again, which the exploration would find visited. Not for moves (liveness.ts
 * tells stale reads by the write read).
 */
export function loads(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean, withRefused = false, distinct = false): Choice[] {
  const i = ci.ins as Ld;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const a = accessOf(prog, ti, ci, e);
  const w = prog.locs[a.loc]!.width;
  const ms = s.mem[a.loc]!;
  const out: Choice[] = [];
  const made: { dv: RV; ctb: View | null; pend: readonly Pend[] }[] = [];
  for (const k of readChoices(prog, ms, readView(prog, t, idx, a, acquires(i)), a, laterWrites(t, idx, a.loc, prog, ti))) {
    const ob = observe(prog, t, idx, a, acquires(i), ms, k);
    if (!ob) {
      if (withRefused) out.push(refused(s, withLabels ? `P${pidOf(prog, ti)}: ${ci.text} reads #${k} (${ms[k]!.label})` : '', k));
      continue;
    }
    undefinedRead(prog, a.loc, ms[k]!, ci);
    const v = resize(rv(w, ms[k]!.val), typeWidth(i.type), typeSigned(i.type));
    const dv = destValue(ci, e, v);
    if (distinct) {
      if (made.some((m) => m.dv.v === dv.v && m.dv.w === dv.w && m.pend === ob.pend && sameView(m.ctb, ob.ctb))) continue;
      made.push({ dv, ctb: ob.ctb, pend: ob.pend });
    }
    let t2 = complete(withPend(t, ob.pend), idx, dv, ob.ctb);
    if (prog.witness) t2 = traced(t2, 'r', e.seq, ms[k]!.id, a.loc);
    const label = withLabels ? `P${pidOf(prog, ti)}: ${ci.text} reads ${show(v, typeSigned(i.type))} from #${k} (${ms[k]!.label})` : '';
    out.push({ label, state: setThread(s, ti, t2), read: k });
  }
  return out;
}

/** A new write of access a (release patterns it continues already in `rel`). */
const newMsg = (a: Acc, val: bigint, rel: readonly Rel[], src: number, label: string, seq: number): MsgFields => ({
  val, tid: a.who.tid, strong: a.who.strong, scope: a.who.scope, proxy: a.who.mem?.proxy ?? 'generic', vaddr: a.vaddr, rel, pred: 0, src, label,
  id: traceId(a.who.tid, seq),
});

/** st: one successor per way the write may join coherence order. */
export function stores(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean): Choice[] {
  const i = ci.ins as St;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const a = accessOf(prog, ti, ci, e);
  const ms = s.mem[a.loc]!;
  const view = viewAt(t, idx);
  const val = resize(asType(operand(e, 1)!, i.type), prog.locs[a.loc]!.width, typeSigned(i.type)).v;
  const label = a.label;
  const msg = newMsg(a, val, carried(t, a.loc, a.who.strong), -1, label, e.seq);
  // Own later writes that overtook it come after it in coherence (po-loc is causality).
  return placements(prog, ms, a.who, usable(prog, ms, view, a), laterWrites(t, idx, a.loc, prog, ti)).map((p) => ({
    label: withLabels ? `${label} writes ${show(rv(prog.locs[a.loc]!.width, val), prog.locs[a.loc]!.signed)} as #${ms.length}, ${where(ms, p)}` : '',
    state: write(prog, s, ti, idx, a, p, msg, releases(i) ? a.who.scope : null, view, null, null),
  }));
}

/** atom/red: one successor per (write read, place of the new write) (refused reads as dropped states when asked). */
export function rmws(prog: Program, s: MState, ti: number, idx: number, ci: CInstr, withLabels: boolean, withRefused = false): Choice[] {
  const i = ci.ins as Atom | Red;
  const t = s.th[ti]!;
  const e = t.win[idx]!;
  const a = accessOf(prog, ti, ci, e);
  const lw = prog.locs[a.loc]!.width;
  const ms = s.mem[a.loc]!;
  const b = asType(operand(e, 1)!, i.type);
  const c = i.op === 'atom' && i.c ? asType(operand(e, 2)!, i.type) : null;
  const label = a.label;
  const float = i.float ? { ftz: flushesSubnormals(lw, i.space, prog.locs[a.loc]!.shared) } : null;
  const view = viewAt(t, idx);
  const later = laterWrites(t, idx, a.loc, prog, ti);
  const out: Choice[] = [];
  for (const k of readChoices(prog, ms, readView(prog, t, idx, a, acquires(i)), a, later)) {
    const m = ms[k]!;
    const old: RV = resize(rv(lw, m.val), typeWidth(i.type), typeSigned(i.type));
    const nv = resize(rmwResult(i.aop, i.type, old, b, c, float), lw).v;
    const seen = strongWith(prog, m, a.who);
    const ob = observe(prog, t, idx, a, acquires(i), ms, k, i.op !== 'red');
    if (!ob) {
      if (withRefused) out.push(refused(s, withLabels ? `${label} reads #${k} (${m.label})` : '', k));
      continue;
    }
    undefinedRead(prog, a.loc, m, ci);
    let t2 = withPend(t, ob.pend);
    if (prog.witness) t2 = traced(t2, 'r', e.seq, m.id, a.loc);
    const v2 = ob.ctb ? join(view, ob.ctb) : view;
    // Observation runs through read-modify-writes (§8.8.2): the new write carries what m carried.
    const msg = newMsg(a, nv, mergeRels([...(seen ? m.rel : []), ...carried(t2, a.loc, true)]), k, label, e.seq);
    // Atomicity (§8.9.3): every morally strong write after the one read goes after the new one.
    let mustBefore = later;
    ms.forEach((x, j) => { if (has(x.pred, k) && strongWith(prog, x, a.who)) mustBefore |= bit(j); });
    const s1 = setThread(s, ti, t2);
    const dst = i.op === 'atom' ? destValue(ci, e, old) : null;
    // The new write follows the one read only through the view: a read that is not morally
    // strong does not order them (coherence follows causality, §8.9.1).
    for (const p of placements(prog, ms, a.who, usable(prog, ms, v2, a), mustBefore)) {
      out.push({
        label: withLabels ? `${label} reads ${show(old, typeSigned(i.type))} from #${k} (${m.label}), writes ${show(rv(lw, nv), prog.locs[a.loc]!.signed)} as #${ms.length}, ${where(ms, p)}` : '',
        state: write(prog, s1, ti, idx, a, p, msg, releases(i) ? a.who.scope : null, v2, ob.ctb, dst),
        read: k,
      });
    }
  }
  return out;
}
