// Data races (ISA 6.4 §8.6.1): which pairs of instructions race in some consistent execution,
// each with such an execution. The race relation is the model's own term (DATA_RACE in
// model/ptx.ts, over its `morally-strong` and `cause`), evaluated by the symbolic interpreter
// on the test's encoding; one query per pair of instructions on one loaded script.
import type { Instr, LitmusTest } from '../litmus/ast.js';
import { typeWidth } from '../litmus/ast.js';
import { printInstr } from '../litmus/print.js';
import { effectiveScope, placeOf, scopeIncludes } from '../model/events.js';
import { DATA_RACE } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import type { N } from './expr.js';
import { type Encoding, encode, keptFinished, scriptWith } from './encode.js';
import { type StuckThread, stuckThreads } from './liveness.js';
import { type TimeBudget, limitsFrom, resourceReason } from './limits.js';
import { askZ3, checkSatCmd, loadOf, noStatesReason, refuseStrays, satOf, undecided, whyNoState, witness, type Witness } from './run.js';
import { entries, pairMask } from './symbolic.js';
import { enumerate } from './enumerate.js';
import { type Unrolled, unroll } from './unroll.js';
import type { Z3Session } from './z3.js';
import { parseSexps } from './z3.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface RaceOptions extends TimeBudget {
  model: Model;
  bound: number;
  /**
   * Only the executions the test's filter keeps, and what they are (`without an abort`): a
   * kernel's, where a failed assert or a trap ends the launch (kernel/verify.ts). A litmus
   * test's filter is left out: a race is the program's, not one final state's.
   */
  keep?: string;
}

/** One side of a racy pair: an instruction of a thread. */
export interface RaceAccess {
  /** The thread's number (P0 is 0). */
  thread: number;
  /** The instruction as printed (`st.weak.global.u32 [x], 1`). */
  instr: string;
  line: number | null;
  /** The name the instruction accesses the location by. */
  name: string;
  /** Bits the instruction accesses. */
  width: number;
}

export interface RacyPair {
  a: RaceAccess;
  b: RaceAccess;
  /** The physical location both access. */
  location: string;
  /** §8.6.2: both access the same number of bits (uniform) or not (mixed: the axioms do not apply). */
  size: 'uniform' | 'mixed';
  /** A consistent execution in which they race, and the racing events in it (indices into its events). */
  witness: Witness;
  events: [number, number];
  /**
   * The threads that wait forever after that execution (at a barrier, in a spin loop), where
   * no execution that finishes makes the pair race; empty when one does.
   */
  stuck: StuckThread[];
}

export interface UndecidedPair {
  a: RaceAccess;
  b: RaceAccess;
  location: string;
  reason: string;
}

export interface RaceResult {
  /** racy: some pair races; unknown: none found, but some pair (or the whole test) was not decided. */
  verdict: 'race-free' | 'racy' | 'unknown';
  /** Why the whole test has no answer (a size or time limit), when it has none. */
  unknown: string | null;
  racy: RacyPair[];
  undecided: UndecidedPair[];
  /** Pairs of instructions that may conflict statically (the ones asked about). */
  candidates: number;
  /** Some consistent execution would need a loop to go round more than `bound` times (those are not counted). */
  boundReached: boolean | null;
  /** No consistent execution finishes (a deadlock, the bound, a hang): the verdict is then unknown. */
  noneFinishes: boolean;
}

interface Group {
  ia: Instr;
  ib: Instr;
  ta: number;
  tb: number;
  ploc: number;
  /** Event pairs (a < b) of these two instructions, with their race formulas. */
  pairs: { a: number; b: number; f: N }[];
}

/**
 * Every pair of instructions that races in some consistent execution (within the bound) that
 * terminates, or after which some thread waits forever, each with one such execution. Initial
 * writes are not the program's accesses. Pairs of one thread are asked too: the model decides
 * (in ptx75 a generic write and a constant read of one thread are neither morally strong nor
 * in causality order without a proxy fence).
 */
export async function findRaces(z3: Z3Session, test: LitmusTest, opt: RaceOptions): Promise<RaceResult> {
  const result: RaceResult = { verdict: 'unknown', unknown: null, racy: [], undecided: [], candidates: 0, boundReached: null, noneFinishes: false };
  await z3.ready();
  const limits = limitsFrom(opt);
  try {
    const u = unroll(test, opt.bound, limits);
    const enc = encode(test, u, opt.model, opt.timeoutMs, true);
    refuseStrays(u, enc, opt.model, (cmds) => askZ3(z3, cmds, limits), (lits) => checkSatCmd(lits, limits));
    const instrIds = new Map<Instr, number>();
    const instrId = (i: Instr): number => instrIds.get(i) ?? instrIds.set(i, instrIds.size).get(i)!;
    const list = raceGroups(enc, instrId);
    result.candidates = list.length;
    const ask = (cmds: string): string => askZ3(z3, cmds, limits);
    // The pairs of instructions answered (racy or undecided), by instrId.
    const answered = new Set<string>();
    const groupKey = (g: Group): string => `${instrId(g.ia)},${instrId(g.ib)}`;
    // Asks each group under `assumptions` on `e` (loaded first); the racy ones go in `result`.
    const askGroups = (e: Encoding, groups: readonly Group[], assumptions: readonly string[], waits: () => StuckThread[], first = false): void => {
      ask(scriptWith(e, raceDecls(e, groups)));
      // One question first for all of them (`race_any`): most tests have no such execution.
      if (first && satOf(ask(checkSatCmd([...assumptions, 'race_any'], limits))) === 'unsat') return;
      const ei = e.events.map((x) => x.info);
      const access = (ins: Instr, id: number): RaceAccess => ({
        thread: test.threads[ei[id]!.thread]!.placement.id, instr: printInstr(ins), line: ins.pos?.line ?? null,
        name: nameOf(ins, e.locNames[ei[id]!.ploc]!), width: widthOf(ins),
      });
      for (const [gi, g] of groups.entries()) {
        const a = access(g.ia, g.pairs[0]!.a);
        const b = access(g.ib, g.pairs[0]!.b);
        const location = e.locNames[g.ploc]!;
        const s = satOf(ask(checkSatCmd([...assumptions, `race_${gi}`], limits)));
        if (s === 'unknown') { result.undecided.push({ a, b, location, reason: undecided(z3, limits) }); answered.add(groupKey(g)); continue; }
        if (s === 'unsat') continue;
        answered.add(groupKey(g));
        const lits = g.pairs.map((_, k) => `rp_${gi}_${k}`);
        const vals = parseSexps(ask(`(get-value (${lits.join(' ')}))`))[0] as [string, string][];
        const pr = g.pairs[Math.max(0, vals.findIndex(([, v]) => v === 'true'))]!;
        const stuck = waits();
        const w = witness(e, ask);
        // The witness numbers only executed events.
        const index = (id: number): number => w.execution.encodingIds.indexOf(id);
        // Named as the witness has them: one instruction pair may race between several threads
        // (a kernel's threads share their code) and, through an address read from memory, at
        // several locations.
        result.racy.push({
          a: access(g.ia, pr.a), b: access(g.ib, pr.b), location: e.locNames[ei[pr.a]!.ploc]!,
          size: a.width === b.width ? 'uniform' : 'mixed',
          witness: w, events: [index(pr.a), index(pr.b)], stuck,
        });
      }
    };
    // Consistent, terminating executions (those the filter keeps only when asked: `keep`).
    const consistent = keptFinished(enc, opt.keep);
    askGroups(enc, list, consistent, () => []);
    // Then executions that never finish, for the pairs not asked yet: a thread waits forever at
    // a barrier or in a spin loop (docs/LIVENESS.md: on the unrolling with stop points, each
    // stop justified), after both accesses ran, which are then as much the program's as any.
    if (list.length > answered.size && mayWait(test) && mayRace(test)) {
      const u2 = unroll(test, opt.bound, limits, true);
      const enc2 = u2.stops.length ? encode(test, u2, opt.model, opt.timeoutMs, true) : null;
      const live = enc2?.liveness;
      if (enc2 && live) {
        const rest = raceGroups(enc2, instrId).filter((g) => !answered.has(groupKey(g)));
        if (rest.length) askGroups(enc2, rest, [...keptFinished(enc2, opt.keep), live.stopsJustified, live.hang], () => stuckThreads(test, live, ask), true);
      }
      ask(scriptWith(enc, []));
    }
    // Race-free says something only of executions that finish: with none (a deadlock, a loop
    // past the bound, a hang), it is no answer, and the reason says why.
    // (With no pair that may race in the unrolled program and no loop cut at the bound, there
    // is none in any execution, finished or not.)
    if (!result.racy.length && !result.undecided.length && (list.length > 0 || enc.mayCut) && mayRace(test)) {
      const s = satOf(ask(checkSatCmd(consistent, limits)));
      if (s !== 'sat') {
        const none = s === 'unsat' ? whyNoState(enc, ask, (lits) => checkSatCmd(lits, limits), (cores, minimal) => loadOf(enc, cores, minimal)) : null;
        const why = s === 'unknown' ? undecided(z3, limits)
          : none?.why === 'filter' && opt.keep ? `no execution finishes ${opt.keep}` : noStatesReason(none, opt.bound);
        return { ...result, verdict: 'unknown', unknown: why, noneFinishes: s === 'unsat' };
      }
    }
    if (enc.mayCut && result.racy.length === 0) {
      const r = satOf(ask(checkSatCmd([...enc.barrierLits.map((b) => b.lit), ...enc.axiomLits.values(), enc.cutLit], limits)));
      result.boundReached = r === 'unknown' ? null : r === 'sat';
    } else if (!enc.mayCut) result.boundReached = false;
    result.verdict = result.racy.length ? 'racy' : result.undecided.length ? 'unknown' : 'race-free';
    if (result.verdict === 'unknown') result.unknown = result.undecided[0]!.reason;
    return result;
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    return { ...result, verdict: result.racy.length ? 'racy' : 'unknown', unknown: why };
  }
}

const line = (i: Instr): number => i.pos?.line ?? 0;

/**
 * Whether two threads may race at all, from the program (unrolling leaves out what lies past
 * the loop bound): a write of one and an access of another, unless both are strong, through
 * the generic proxy, at scopes that include the other thread, and so morally strong in every
 * execution (ISA §8.6). Locations are not compared: an address may be computed.
 */
function mayRace(test: LitmusTest): boolean {
  type Access = Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }>;
  const accesses = test.threads.flatMap((t) => {
    const place = placeOf(t.placement);
    return t.code.flatMap((i) => (i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red' ? [{ place, i: i as Access }] : []));
  });
  // Scopes as the model reads them (a .shared access is capped at its cluster).
  const strongFor = (x: (typeof accesses)[number], y: (typeof accesses)[number]): boolean =>
    x.i.ord.sem !== 'weak' && x.i.proxy === 'generic' && scopeIncludes(effectiveScope(x.i.ord.scope, x.i.space), x.place, y.place);
  return accesses.some((x) => x.i.op !== 'ld' && accesses.some((y) => y.place !== x.place && !(strongFor(x, y) && strongFor(y, x))));
}

/** A pair of instructions as a key (thread, line, text of each side, in source order), for comparing engines. */
export const racyPairKey = (p: { a: Pick<RaceAccess, 'thread' | 'instr' | 'line'>; b: Pick<RaceAccess, 'thread' | 'instr' | 'line'> }): string =>
  `P${p.a.thread}:${p.a.line ?? '?'}: ${p.a.instr} ~ P${p.b.thread}:${p.b.line ?? '?'}: ${p.b.instr}`;

/**
 * Brute force's racy pairs, the reference findRaces is checked against (cli/fuzz.ts): given to
 * solver/enumerate.ts as its `onConsistent`, adds to `out` (racyPairKey) the pairs DATA_RACE
 * relates, as the concrete interpreter evaluates it, in each consistent terminating execution.
 */
export function raceCollector(test: LitmusTest, u: Unrolled, out: Set<string>): NonNullable<Parameters<typeof enumerate>[4]> {
  const side = (e: Unrolled['events'][number]): Pick<RaceAccess, 'thread' | 'instr' | 'line'> =>
    ({ thread: test.threads[e.info.thread]!.placement.id, instr: printInstr(e.instr!), line: e.instr!.pos?.line ?? null });
  return (x, _states, res, ids) => {
    const race = res.evalRel(DATA_RACE);
    for (let a = 0; a < race.n; a++) {
      for (let b = a + 1; b < race.n; b++) {
        if (race.m[a * race.n + b] !== 1 || x.events[a]!.init || x.events[b]!.init) continue;
        const [ea, eb] = order(u.events[ids[a]!]!, u.events[ids[b]!]!);
        out.add(racyPairKey({ a: side(ea), b: side(eb) }));
      }
    }
  };
}

/** Brute force's racy pairs of a test small enough to enumerate (raceCollector). */
export function enumeratedRaces(test: LitmusTest, u: Unrolled, model: Model): Set<string> {
  const out = new Set<string>();
  enumerate(test, u, model, undefined, raceCollector(test, u, out));
  return out;
}

function order<T extends { info: { thread: number }; instr: Instr | null }>(x: T, y: T): [T, T] {
  return x.info.thread < y.info.thread || (x.info.thread === y.info.thread && line(x.instr!) <= line(y.instr!)) ? [x, y] : [y, x];
}

/** Bits an instruction accesses: its type's width (a texture/surface access as its type says too). */
function widthOf(ins: Instr): number {
  return 'type' in ins ? typeWidth(ins.type) : 32;
}

/** The name an access uses: the location its address names, else (an address in a register) the physical one. */
function nameOf(ins: Instr, phys: string): string {
  return 'addr' in ins && ins.addr.kind === 'loc' ? ins.addr.name : phys;
}

/** The pairs of instructions DATA_RACE may relate on `enc`, each with its event pairs, in source order. */
function raceGroups(enc: Encoding, instrId: (i: Instr) => number): Group[] {
  const { dag, events } = enc;
  const infos = events.map((e) => e.info);
  const mem = infos.filter((e) => (e.kind === 'R' || e.kind === 'W') && !e.init && events[e.id]!.guard !== dag.F);
  // Statically conflicting pairs: one physical location, at least one a write.
  const cand: [number, number][] = [];
  for (const a of mem) for (const b of mem) if (a.id < b.id && a.ploc === b.ploc && (a.kind === 'W' || b.kind === 'W')) cand.push([a.id, b.id]);
  const race = enc.evalRel(DATA_RACE, pairMask(cand));
  const groups = new Map<string, Group>();
  for (const [a, b, f0] of entries(race)) {
    if (a >= b) continue;
    const f = dag.and(events[a]!.guard, events[b]!.guard, f0);
    if (f === dag.F) continue;
    // Report in source order: the earlier thread (then line) first.
    const [x, y] = order(events[a]!, events[b]!);
    const key = `${instrId(x.instr!)},${instrId(y.instr!)}`;
    let g = groups.get(key);
    if (!g) {
      g = { ia: x.instr!, ib: y.instr!, ta: x.info.thread, tb: y.info.thread, ploc: x.info.ploc, pairs: [] };
      groups.set(key, g);
    }
    g.pairs.push({ a: x.info.id, b: y.info.id, f });
  }
  return [...groups.values()].sort((g, h) => g.ta - h.ta || line(g.ia) - line(h.ia) || g.tb - h.tb || line(g.ib) - line(h.ib));
}

/** Per group gi: `race_gi` holds only where one of its event pairs (`rp_gi_k`) races; `race_any` only where some group does. */
function raceDecls(enc: Encoding, groups: readonly Group[]): string[] {
  const p = enc.printer;
  const decl: string[] = [];
  groups.forEach((g, gi) => {
    const lits = g.pairs.map((pr, k) => {
      const lit = `rp_${gi}_${k}`;
      decl.push(`(declare-const ${lit} Bool)`, `(assert (= ${lit} ${p.ref(pr.f)}))`);
      return lit;
    });
    decl.push(`(declare-const race_${gi} Bool)`, `(assert (=> race_${gi} (or false ${lits.join(' ')})))`);
  });
  decl.push('(declare-const race_any Bool)', `(assert (=> race_any (or false ${groups.map((_, gi) => `race_${gi}`).join(' ')})))`);
  return decl;
}

/** Whether some thread could wait forever: it has a barrier or a backward jump (a loop). */
function mayWait(test: LitmusTest): boolean {
  return test.threads.some((t) => {
    const at = new Map<string, number>();
    t.code.forEach((s, i) => { if (s.op === 'label') at.set(s.name, i); });
    return t.code.some((s, i) => s.op === 'bar' || ((s.op === 'bra' || s.op === 'bcmp') && (at.get(s.target) ?? Infinity) <= i));
  });
}
