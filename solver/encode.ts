// The whole problem for one test as SMT-LIB text: the candidate-execution choices (rf, co,
// Fence-SC order, barrier timing, final writes), the model's axioms each behind an assumption
// literal (so unsat cores name the axioms involved), the observables and the condition.
import { type Expr, type Instr, type LitmusTest, type Observable, type Term, observablesIn, testedObservables } from '../litmus/ast.js';
import { noProxiesMessage, proxiedWrittenAccess } from '../litmus/layout.js';
import { printInstr } from '../litmus/print.js';
import { type ValueType, compareIntegers, observableName } from '../litmus/types.js';
import type { EventInfo } from '../model/events.js';
import { staticRel } from '../model/events.js';
import { type Model, type RelTerm, modelBaseNames, noThinAirAxioms } from '../model/relalg.js';
import type { Dag, N } from './expr.js';
import { lazyReads, newPrinter, type Printer } from './expr.js';
import type { Mask, SRel } from './symbolic.js';
import { axiomFormula, entries, interpret, srelGet, symbolPart } from './symbolic.js';
import type { Stop, Stray, SymEvent, Unrolled } from './unroll.js';
import { UnsupportedError, fuseVar, instrWhere } from './unroll.js';
import { fusedText } from '../litmus/fusion.js';
import { encodeBarriers } from './barriers.js';
import { exchangeDefinition } from './exchanges.js';
import { LimitError, MAX_EVENTS } from './limits.js';
import { forcedCoherence } from './must.js';
import { interchangeable } from './symmetry.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { closureShortcuts, cliquesOf } from './shortcut.js';
import { oneStepObservation, tailCovers } from './chains.js';
import { cyclicFlow, valueSets } from './valuesets.js';

export interface ObservableInfo {
  obs: Observable;
  /** Printed name, herd style (`P1:r0`, `x`). */
  name: string;
  /** SMT constant holding its final value. */
  smt: string;
  width: number;
  /** How its value reads as an integer (litmus/types.ts). */
  type: ValueType;
}

/** What follows a read of memory nothing initialised, in its note. */
export const UNKNOWN_VALUE = 'before anything is written there: its value is unknown (.shared and .local memory have no initial value, ISA §8.2.4)';

/** A read of memory nothing initialised: the thread (`P3`), the instruction (`line 7:2: ld...`), the location. */
export interface UnknownRead { thread: string; instr: string; loc: string }

export interface Encoding {
  /** The script: every question may be asked of it. */
  script: string;
  /**
   * The script without the floating-point spelling of its float operations (Printer.theory),
   * exact for a question that assumes one of `thinAirLits`; null where the two are the same.
   * A question that assumes none of them sends `floatTheory` on top of it first.
   */
  lean: string | null;
  /** The float operations' floating-point theory (assertions) that `script` has and `lean` lacks. */
  floatTheory: string;
  /** The NoThinAir axioms' literals (some of axiomLits' values), where floats are spelled both ways. */
  thinAirLits: readonly string[];
  /** Assumption literal per axiom name. */
  axiomLits: Map<string, string>;
  /**
   * Assumptions every query makes besides the axioms: each bar.sync waits for its arrivals,
   * and the filter holds. Apart so that, when nothing terminates, a query can tell why.
   */
  wellFormed: string[];
  /** Per bar.sync: its wait literal and the instruction (in wellFormed). */
  barrierLits: { lit: string; label: string }[];
  /** The filter's literal (in wellFormed), if the test has a filter. */
  filterLit: string | null;
  /**
   * Assumption that keeps one execution of each orbit under permutations of interchangeable
   * threads (symmetryBreaking), where some group qualifies: for a question whose answer is the
   * same over an execution and its images (a verdict that observes none of their registers),
   * never for listing states, witnesses or cores. Null: none.
   */
  symLit: string | null;
  /** Assumption that the bound is not reached; `cutLit` holds when some thread is cut. */
  noCutLit: string;
  cutLit: string;
  mayCut: boolean;
  condLit: string;
  /** The negated condition (what forall asks about). */
  ncondLit: string;
  observables: ObservableInfo[];
  /** Names of SMT terms for explanations. */
  execNames: string[];
  /**
   * What tells one execution from another: per event, executed; per pair of executed events,
   * rf, co and Fence-SC order (values follow). `key` names the choice by event ids (`exec 4`,
   * `rf 1 4`, `co 2 3`, `sf 5 9`), `name` its SMT term. Choices that are the same in every
   * execution (constants) are left out. Every term is false unless its events are executed, so
   * an unexecuted event cannot make two executions differ. Barrier synchronization is left
   * out: it follows arrival times, which the encoding lets a bar.sync pass later than its count
   * is reached (more sync pairs, which only rule out more), so it would count executions that
   * differ only in such pairs.
   */
  choiceLits: { key: string; name: string }[];
  /** Per add ptxas may fuse (Unrolled.fusions): the formula that holds when it runs fused, and the add (litmus/fusion.ts fusedText). */
  fusions: { site: string; node: N; text: string }[];
  /**
   * With `justify`: the assumption that no read's value depends on itself (through what it
   * reads from and how that value is computed), as solver/enumerate.ts's candidates. Null
   * without `justify`.
   */
  justifiedLit: string | null;
  /**
   * Per value PTX leaves unspecified in some executions (unroll.ts Unrolled.unspecified): the
   * literal that holds when it is, and its instruction; `unspecified` holds when some one is.
   */
  unspecified: { lit: string; where: string; what: string; read: UnknownRead | undefined }[];
  /**
   * Per access whose address may reach no location (unroll.ts Unrolled.strays): the literal
   * that holds when it does, and a constant for its address then; `stray` holds when some one does.
   */
  strays: { lit: string; addr: string; stray: Stray }[];
  /** With `justify`: per write that may execute (not the initial ones), its executed and value terms. */
  writeTerms: { event: number; exec: string; value: string; width: number }[];
  rfVars: { w: number; r: number; name: string }[];
  coVars: { a: number; b: number; name: string }[];
  events: SymEvent[];
  /** The formula DAG and the choice relations over it, to read a witness back (solver/witness.ts). */
  dag: Dag;
  dynamic: { rf: SRel; co: SRel; sync_fence: SRel; sync_barrier: SRel; dep: SRel };
  /** Physical location names and types, by index. */
  locNames: string[];
  /** Per physical location: its width where it is declared .f32/.f64 (PhysLoc.float), else null. */
  locFloats: (number | null)[];
  locTypes: ValueType[];
  stats: { events: number; lines: number };
  /**
   * The symbolic interpreter over this encoding's choices, and the printer the script was
   * written with: further relations (solver/races.ts) are evaluated and printed on top of the
   * loaded script, their new definitions being `printer.lines` from `printedLines` on.
   */
  evalRel: (t: RelTerm, m?: Mask | null) => SRel;
  printer: Printer;
  printedLines: number;
  /** `printer.theory`'s length when `script` was made (what is printed on top is theirs). */
  printedTheory: number;
  /**
   * Unrolled for liveness (u.stops): per stop point, its literal; `stopsJustified`: a thread
   * stops only where it would wait forever (solver/liveness.ts); `noRepeat`: no thread goes on
   * after an iteration that changed nothing; `hang`: some thread stops. Null otherwise.
   */
  liveness: { stops: { stop: Stop; lit: string }[]; stopsJustified: string; noRepeat: string; hang: string } | null;
}

/** Statically: may these two SC fences be morally strong? (fences: po-related or mutually in scope). */
function fenceMs(a: EventInfo, b: EventInfo, sr: (a: EventInfo, b: EventInfo) => boolean): boolean {
  return a.id !== b.id && ((a.thread === b.thread && a.thread >= 0) || sr(a, b));
}

/**
 * The script to load for further questions on this encoding: the encoding, the formulas printed
 * on it since (`printer.lines` from `printedLines`), and `decls`.
 */
export function scriptWith(enc: Encoding, decls: readonly string[]): string {
  return `(reset)\n${enc.script}\n${[...enc.printer.lines.slice(enc.printedLines), ...decls, ...enc.printer.theory.slice(enc.printedTheory)].join('\n')}\n`;
}

/** Assumptions for a consistent execution in which every thread finishes within the bound: every axiom, every bar.sync passed. */
export function finishedConsistent(enc: Encoding): string[] {
  return [enc.noCutLit, ...enc.barrierLits.map((b) => b.lit), ...enc.axiomLits.values()];
}

/** finishedConsistent, and with `keep` (races.ts RaceOptions.keep) only those the filter keeps. */
export const keptFinished = (enc: Encoding, keep: string | undefined): string[] =>
  [...finishedConsistent(enc), ...(keep && enc.filterLit ? [enc.filterLit] : [])];

/**
 * `allAxioms`: every query will enforce every axiom (not `why`, not unsat cores), so what the
 * axioms imply may be used before solving: coherence they force (solver/must.ts), closure steps
 * they make redundant (solver/shortcut.ts). `justify`: also encode `justifiedLit` (costs a
 * ranking of the reads, so only on request). `timedSync`: a barrier operation synchronizes with
 * a bar.sync only by the times (solver/barriers.ts), for queries without the barrier literals.
 */
/**
 * The access a model cannot answer, or null: under a model without proxies (ptx60, a cat model
 * that never uses same_proxy), a texture or surface access of data the test writes
 * (litmus/layout.ts proxiedWrittenAccess). Every check, show, race and liveness question goes
 * through encode, so each refuses it alike.
 */
export const outsideModel = (test: LitmusTest, model: Model): Instr | null => (hasProxies(model) ? null : proxiedWrittenAccess(test));

// Per model, once: whether it uses same_proxy (every test's encoding asks).
const proxied = new WeakMap<Model, boolean>();
function hasProxies(model: Model): boolean {
  let p = proxied.get(model);
  if (p === undefined) proxied.set(model, p = modelBaseNames(model).rels.has('same_proxy'));
  return p;
}

/** Refuses, at the access, a test the model does not apply to (outsideModel). */
export function refuseOutsideModel(test: LitmusTest, model: Model): void {
  const outside = outsideModel(test, model);
  if (outside) throw new UnsupportedError(`${printInstr(outside)}: ${noProxiesMessage(model.name)}`, outside.pos);
}

export function encode(test: LitmusTest, u: Unrolled, model: Model, timeoutMs: number, allAxioms = false, justify = false, timedSync = false): Encoding {
  refuseOutsideModel(test, model);
  const { dag, events } = u;
  if (dag.limits && events.length > MAX_EVENTS) {
    throw new LimitError(`the test is too large: ${events.length} events after unrolling its loops (at most ${MAX_EVENTS.toLocaleString('en')})`);
  }
  const infos = events.map((e) => e.info);
  const exec = events.map((e) => e.guard);
  const n = events.length;
  const asserts: N[] = [];

  // ---- rf: each executed read reads exactly one executed same-location write, same value ----
  const rf: SRel = new Map();
  const writesAt = new Map<number, number[]>();
  for (const e of infos) if (e.kind === 'W') (writesAt.get(e.ploc) ?? writesAt.set(e.ploc, []).get(e.ploc)!).push(e.id);
  const rfNodes: { w: number; r: number; node: N }[] = [];
  for (const r of events) {
    if (r.info.kind !== 'R') continue;
    const ws = (writesAt.get(r.info.ploc) ?? []).filter((w) => exec[w] !== dag.F);
    // Exactly one source: pairwise exclusion for few candidates, a selector for many.
    const sel = dag.intVar(`rfsel_${r.info.id}`);
    ws.forEach((wid, i) => {
      const v = ws.length <= 4 ? dag.boolVar(`rf_${wid}_${r.info.id}`) : dag.eq(sel, dag.int(i));
      rfNodes.push({ w: wid, r: r.info.id, node: v });
      asserts.push(dag.implies(v, dag.and(exec[wid]!, exec[r.info.id]!, dag.eq(r.value!, events[wid]!.value!))));
      put(rf, wid, r.info.id, v);
    });
    if (ws.length > 4) asserts.push(dag.implies(exec[r.info.id]!, dag.and(dag.ile(dag.int(0), sel), dag.ilt(sel, dag.int(ws.length)))));
    else {
      const lits = ws.map((w) => srelGet(rf, w, r.info.id)!);
      asserts.push(dag.implies(exec[r.info.id]!, dag.or(...lits)));
      for (let i = 0; i < lits.length; i++) for (let j = i + 1; j < lits.length; j++) asserts.push(dag.not(dag.and(lits[i]!, lits[j]!)));
    }
  }

  // ---- co: a strict partial order per location, the initial write first, transitive ----
  const co: SRel = new Map();
  const coNodes: { a: number; b: number; node: N }[] = [];
  const rmwPartner = events.map((e) => (e.info.kind === 'R' ? e.rmw : -1));
  const forced = allAxioms ? forcedCoherence(model, dag, infos, exec, rmwPartner) : { ordered: new Set<string>(), related: new Set<string>() };
  for (const ws of writesAt.values()) {
    const init = ws.filter((w) => infos[w]!.init);
    const rest = ws.filter((w) => !infos[w]!.init && exec[w] !== dag.F);
    for (const i of init) for (const b of rest) put(co, i, b, dag.T);
    // Writes the axioms order one way or the other whenever both execute: co among them is a
    // total order, given by an integer rank per write instead of a variable per pair with
    // n^3 transitivity constraints (a lock's atomics, many writes to one flag).
    const total = rest.length > 2 && rest.every((a) => rest.every((b) => a === b || forced.related.has(`${a},${b}`)));
    const rank = (w: number): N => dag.intVar(`co_rank_${w}`);
    for (const a of rest) for (const b of rest) {
      if (a === b) continue;
      // Coherence the axioms force (both ways: both writes are then never executed together).
      const must = forced.ordered.has(`${a},${b}`);
      const both = dag.and(exec[a]!, exec[b]!);
      const v = must ? both : forced.ordered.has(`${b},${a}`) ? dag.F : total ? dag.and(both, dag.ilt(rank(a), rank(b))) : dag.boolVar(`co_${a}_${b}`);
      coNodes.push({ a, b, node: v });
      put(co, a, b, v);
      if (!total) asserts.push(dag.implies(v, both));
      else if (a < b) asserts.push(dag.implies(both, dag.or(dag.ilt(rank(a), rank(b)), dag.ilt(rank(b), rank(a)))));
      if (total && must) asserts.push(dag.implies(both, dag.ilt(rank(a), rank(b))));
    }
    if (total) continue;
    for (const a of rest) for (const b of rest) {
      if (a >= b) continue;
      asserts.push(dag.not(dag.and(srelGet(co, a, b)!, srelGet(co, b, a)!)));
    }
    for (const a of rest) for (const b of rest) for (const c of rest) {
      if (a === b || b === c || a === c) continue;
      asserts.push(dag.implies(dag.and(srelGet(co, a, b)!, srelGet(co, b, c)!), srelGet(co, a, c)!));
    }
  }

  // Verdicts may ask for one execution per orbit of interchangeable threads (Encoding.symLit).
  const symBreak = allAxioms && (model === ptx60 || model === ptx75) ? symmetryBreaking(test, events, exec, co, forced, dag) : [];

  // ---- Fence-SC order: one direction per morally strong pair of fence.sc, acyclic ----
  const syncFence: SRel = new Map();
  const sc = infos.filter((e) => e.fence === 'sc' && exec[e.id] !== dag.F);
  const srOf = (a: EventInfo, b: EventInfo): boolean => staticRel('sr', a, b, () => -1);
  // A direction for each pair of a clique, with ranks: a strict total order on its executed members.
  const fenceCliques = cliquesOf(sc.map((e) => e.id), (a, b) => fenceMs(infos[a]!, infos[b]!, srOf));
  const rankF = (e: number): N => dag.intVar(`sf_rank_${e}`);
  for (let i = 0; i < sc.length; i++) for (let j = i + 1; j < sc.length; j++) {
    const a = sc[i]!;
    const b = sc[j]!;
    if (!fenceMs(a, b, srOf)) continue;
    const o = dag.boolVar(`sf_${a.id}_${b.id}`);
    put(syncFence, a.id, b.id, o);
    put(syncFence, b.id, a.id, dag.not(o));
    const both = dag.and(exec[a.id]!, exec[b.id]!);
    asserts.push(dag.implies(both, dag.ite(o, dag.ilt(rankF(a.id), rankF(b.id)), dag.ilt(rankF(b.id), rankF(a.id)))));
  }

  // ---- barriers ----
  const { sync: syncBarrier, waits, never } = encodeBarriers(u, asserts, u.stops.length ? { stops: u.stops } : undefined, timedSync);
  // A thread is at its stop point when it stops there.
  for (const s of u.stops) asserts.push(dag.implies(s.lit, s.at));

  // ---- warp exchanges (shfl.sync, vote.sync): what each lane's result is ----
  for (const x of u.exchanges) asserts.push(dag.implies(x.guard, dag.eq(x.got, exchangeDefinition(dag, x, u.meetings[x.id]!))));

  // ---- dependencies (addr | data | ctrl), computed by the unroller ----
  const dep: SRel = new Map();
  for (const e of events) for (const [r, f] of e.deps) put(dep, r, e.info.id, f);

  const shortcuts = allAxioms ? closureShortcuts(model, dag, infos, exec, rmwPartner, [{ rel: 'sync_fence', cliques: fenceCliques }]) : undefined;
  // Causality through one observation step where the axioms make the rest redundant
  // (solver/chains.ts): the same consistent executions, without the closure of rmw chains.
  const one = allAxioms ? oneStepObservation(model) : null;
  const axModel = one && tailCovers(one, dag, infos, exec, rmwPartner) ? one.model : model;
  const sym = interpret(axModel, { dag, events: infos, exec, rmwPartner, dynamic: { rf, co, sync_fence: syncFence, sync_barrier: syncBarrier, dep }, shortcuts });

  // ---- axioms ----
  const axiomBodies = axModel.axioms.map((ax) => ({ ax, body: axiomFormula(dag, ax, sym.evalRel, exec) }));

  // ---- final state ----
  const finalLoc = new Map<number, N>();
  const finalOf = (ploc: number): N => {
    const hit = finalLoc.get(ploc);
    if (hit !== undefined) return hit;
    const ws = (writesAt.get(ploc) ?? []).filter((w) => exec[w] !== dag.F);
    // Coherence is partial: the final value is that of some co-maximal executed write.
    const fins = ws.map((w) => dag.boolVar(`fin_${w}`));
    ws.forEach((w, i) => {
      const later = ws.filter((v) => v !== w).map((v) => dag.and(exec[v]!, srelGet(co, w, v) ?? dag.F));
      asserts.push(dag.implies(fins[i]!, dag.and(exec[w]!, dag.not(dag.or(...later)))));
    });
    asserts.push(dag.or(...fins));
    for (let i = 0; i < fins.length; i++) for (let j = i + 1; j < fins.length; j++) asserts.push(dag.not(dag.and(fins[i]!, fins[j]!)));
    let v = events[ws[ws.length - 1]!]!.value!;
    for (let i = ws.length - 2; i >= 0; i--) v = dag.ite(fins[i]!, events[ws[i]!]!.value!, v);
    finalLoc.set(ploc, v);
    return v;
  };
  const observableValue = (o: Observable): N => {
    if (o.kind === 'loc') {
      const p = u.plocOf.get(o.name);
      if (p === undefined) throw new UnsupportedError(`unknown location ${o.name}`);
      return finalOf(p);
    }
    const ti = u.threadIndex.get(o.thread);
    if (ti === undefined) throw new UnsupportedError(`the condition names thread P${o.thread}, which the test does not have`);
    return u.threads[ti]!.regs.get(o.reg) ?? dag.bv(32, 0);
  };
  const observableType = (o: Observable): ValueType => {
    if (o.kind === 'loc') return u.locations[u.plocOf.get(o.name)!]!;
    return u.threads[u.threadIndex.get(o.thread)!]!.types.get(o.reg) ?? { width: 32, signed: false };
  };
  const condOf = (e: Expr): N => {
    switch (e.kind) {
      case 'true': return dag.T;
      case 'false': return dag.F;
      case 'not': return dag.not(condOf(e.arg));
      case 'and': return dag.and(...e.args.map(condOf));
      case 'or': return dag.or(...e.args.map(condOf));
      case 'cmp': {
        if (e.left.kind === 'const' && e.right.kind === 'const') return dag.bool(compareIntegers(e.op, e.left.value, e.right.value));
        // Integers as their types say: extend each side by its signedness to a width that holds
        // every value of both (one bit more than the widest), then compare signed.
        const bits = (t: Term): number => (t.kind === 'const' ? bitLength(t.value) : observableType(t).width + 1);
        const w = Math.max(bits(e.left), bits(e.right));
        const val = (t: Term): N => (t.kind === 'const' ? dag.bv(w, t.value) : dag.resize(observableValue(t), w, observableType(t).signed));
        const a = val(e.left);
        const b = val(e.right);
        switch (e.op) {
          case 'eq': return dag.eq(a, b);
          case 'ne': return dag.not(dag.eq(a, b));
          case 'lt': return dag.cmp('slt', a, b);
          case 'le': return dag.cmp('sle', a, b);
          case 'gt': return dag.cmp('slt', b, a);
          case 'ge': return dag.cmp('sle', b, a);
        }
      }
    }
  };
  const cond = condOf(test.condition.expr);
  const filter = test.filter ? condOf(test.filter) : null;
  const observables: ObservableInfo[] = [];
  const seen = new Set<string>();
  const addObs = (o: Observable): void => {
    const name = observableName(o);
    if (seen.has(name)) return;
    seen.add(name);
    const v = observableValue(o);
    observables.push({ obs: o, name, smt: `obs_${observables.length}`, width: dag.width(v), type: observableType(o) });
  };
  observablesIn(test.condition.expr).forEach(addObs);
  for (const o of test.observed) addObs(o);

  // ---- print ----
  // Float additions as choices among their few sums (valuesets.ts), which holds where no value
  // comes from a cycle of reads-from and dependencies: always when every axiom is assumed, else
  // when one of the NoThinAir axioms is (a relaxation or core without them sees the floating-point
  // theory), so their literals are declared first; or where the operation's operands come from
  // no such cycle even without them (valuesets.ts cyclicFlow).
  const thinAirLits = noThinAirAxioms(axModel).map((ax) => `ax_${symbolPart(ax.name)}`);
  const p = newPrinter(dag, thinAirLits.length === 0 ? {}
    : {
      values: valueSets(dag, u.events, u.fusions.map((_, i) => fuseVar(i))),
      ...(allAxioms ? {} : { valuesWhen: { lit: thinAirLits.length === 1 ? thinAirLits[0]! : `(or ${thinAirLits.join(' ')})`, needed: cyclicFlow(dag, u.events) } }),
    });
  const out: string[] = [`(set-option :timeout ${Math.max(1, Math.round(timeoutMs))})`];
  if (!allAxioms) for (const lit of thinAirLits) out.push(`(declare-const ${lit} Bool)`);
  const body: string[] = [];
  for (const a of asserts) if (a !== dag.T) body.push(`(assert ${p.term(a)})`);
  const cut = dag.or(...u.threads.map((t) => t.cut));
  body.push('(declare-const nocut Bool)', '(declare-const cut Bool)', `(assert (= cut ${p.ref(cut)}))`, '(assert (=> nocut (not cut)))');
  const axiomLits = new Map<string, string>();
  for (const { ax, body: b } of axiomBodies) {
    const lit = `ax_${symbolPart(ax.name)}`;
    axiomLits.set(ax.name, lit);
    if (allAxioms || !thinAirLits.includes(lit)) body.push(`(declare-const ${lit} Bool)`);
    body.push(`(assert (=> ${lit} ${p.term(b)}))`);
  }
  body.push('(declare-const cond Bool)', `(assert (= cond ${p.ref(cond)}))`, '(declare-const ncond Bool)', '(assert (= ncond (not cond)))');
  const barrierLits = waits.map((w) => {
    const lit = `barok_${w.event}`;
    body.push(`(declare-const ${lit} Bool)`, `(assert (=> ${lit} ${p.term(w.ok)}))`);
    return { lit, label: w.label };
  });
  const symLit = symBreak.length ? 'symbreak' : null;
  if (symLit) body.push(`(declare-const ${symLit} Bool)`, `(assert (=> ${symLit} ${p.term(dag.and(...symBreak))}))`);
  const filterLit = filter === null ? null : 'filt';
  if (filter !== null) body.push('(declare-const filt Bool)', `(assert (=> filt ${p.ref(filter)}))`);
  const wellFormed = [...barrierLits.map((b) => b.lit), ...(filterLit ? [filterLit] : [])];
  // A read of memory nothing initialised reads an unknown value (unroll.ts UNKNOWN_INIT).
  const unknownReads = rfNodes.filter(({ w }) => infos[w]!.init && u.locations[infos[w]!.ploc]!.unknown).map(({ w, r, node }) => {
    const where = instrWhere(test.threads[infos[r]!.thread]!.placement.id, events[r]!.instr!);
    const loc = u.locations[infos[w]!.ploc]!.name;
    return { at: node, where, what: `reads ${loc} ${UNKNOWN_VALUE}`, read: { thread: where.slice(0, where.indexOf(' ')), instr: where.slice(where.indexOf(' ') + 1), loc } };
  });
  const unspecified = [...u.unspecified, ...unknownReads].map((d: { at: N; where: string; what: string; read?: UnknownRead }, i) => {
    body.push(`(declare-const unspec_${i} Bool)`, `(assert (= unspec_${i} ${p.ref(d.at)}))`);
    return { lit: `unspec_${i}`, where: d.where, what: d.what, read: d.read };
  });
  if (unspecified.length) body.push('(declare-const unspec Bool)', `(assert (= unspec (or ${unspecified.map((d) => d.lit).join(' ')})))`);
  const strays = u.strays.map((d, i) => {
    body.push(`(declare-const stray_${i} Bool)`, `(assert (= stray_${i} ${p.ref(d.at)}))`,
      `(declare-const straya_${i} (_ BitVec 64))`, `(assert (= straya_${i} ${p.ref(d.addr)}))`);
    return { lit: `stray_${i}`, addr: `straya_${i}`, stray: d };
  });
  if (strays.length) body.push('(declare-const stray Bool)', `(assert (= stray (or ${strays.map((d) => d.lit).join(' ')})))`);
  for (const o of observables) {
    body.push(`(declare-const ${o.smt} (_ BitVec ${o.width}))`, `(assert (= ${o.smt} ${p.ref(observableValue(o.obs))}))`);
  }
  let justifiedLit: string | null = null;
  const writeTerms: Encoding['writeTerms'] = [];
  if (justify) {
    justifiedLit = 'justified';
    body.push('(declare-const justified Bool)', `(assert (=> justified ${p.ref(justifiedValues(dag, events, rfNodes))}))`);
    for (const e of events) {
      if (e.info.kind !== 'W' || e.info.init || exec[e.info.id] === dag.F) continue;
      writeTerms.push({ event: e.info.id, exec: p.ref(exec[e.info.id]!), value: p.ref(e.value!), width: dag.width(e.value!) });
    }
  }
  let liveness: Encoding['liveness'] = null;
  if (u.stops.length) {
    // A read sees the location's last value: every executed write after the one it reads in
    // coherence writes that same value (none, or atoms writing back what they read), so a
    // repeated read, seeing the coherence-latest write, reads it again.
    const latest = (r: number): N => {
      const ws = writesAt.get(infos[r]!.ploc) ?? [];
      return dag.implies(exec[r]!, dag.and(...ws.map((w) => {
        const f = srelGet(rf, w, r);
        if (f === undefined) return dag.T;
        const changed = ws.filter((v) => v !== w)
          .map((v) => dag.and(exec[v]!, srelGet(co, w, v) ?? dag.F, dag.not(dag.eq(events[v]!.value!, events[w]!.value!))));
        return dag.implies(f, dag.not(dag.or(...changed)));
      })));
    };
    const stops = u.stops.map((s, i) => {
      const lit = `stop_${i}`;
      // Stopping is justified when the thread would wait forever: the iteration would repeat
      // itself (it changed nothing, and what it read no write will change), or the barrier
      // never completes.
      // Only the generic proxy's reads: the texture, surface and constant paths are not
      // coherent (ISA §8.1), so nothing promises that a read through them ever sees a newer
      // write, unless the model's proxy rules make it (a generic read it follows does).
      const coherent = s.reads.filter((r) => infos[r]!.proxy === 'generic');
      const why = s.kind === 'loop' ? dag.and(s.quiet, ...coherent.map(latest)) : never.get(s.event) ?? dag.F;
      body.push(`(declare-const ${lit} Bool)`, `(assert (= ${lit} ${p.ref(s.lit)}))`, `(assert (=> stopok (=> ${lit} ${p.ref(why)})))`);
      if (s.kind === 'loop') body.push(`(assert (=> norepeat (not ${p.ref(s.repeat)})))`);
      return { stop: s, lit };
    });
    body.unshift('(declare-const stopok Bool)', '(declare-const norepeat Bool)', '(declare-const hang Bool)');
    body.push(`(assert (= hang (or false ${stops.map((s) => s.lit).join(' ')})))`);
    liveness = { stops, stopsJustified: 'stopok', noRepeat: 'norepeat', hang: 'hang' };
  }
  const execNames = exec.map((g) => p.ref(g));
  // The drawn choices: relation pairs count only between executed events.
  const drawn: { key: string; node: N }[] = events.map((e) => ({ key: `exec ${e.info.id}`, node: exec[e.info.id]! }));
  for (const { w, r, node } of rfNodes) drawn.push({ key: `rf ${w} ${r}`, node });
  for (const { a, b, node } of coNodes) drawn.push({ key: `co ${a} ${b}`, node });
  for (const [a, b, f] of entries(syncFence)) drawn.push({ key: `sf ${a} ${b}`, node: dag.and(exec[a]!, exec[b]!, f) });
  // ptxas's fusions (litmus/fusion.ts) change values: a choice where the add runs.
  const fusions = u.fusions.map((site, i) => ({ site, node: dag.and(u.fusedRuns[i]!, dag.boolVar(fuseVar(i))), text: fusedText(test, [site]) }));
  for (const f of fusions) drawn.push({ key: `fuse ${f.site}`, node: f.node });
  const choiceLits = drawn.filter((c) => c.node !== dag.T && c.node !== dag.F).map((c) => ({ key: c.key, name: p.ref(c.node) }));
  const rfVars = rfNodes.map(({ w, r, node }) => ({ w, r, name: p.ref(node) }));
  const coVars = coNodes.map(({ a, b, node }) => ({ a, b, name: p.ref(node) }));
  const lean = [...out, ...p.lines, ...body].join('\n');
  const floatTheory = p.theory.join('\n');
  return {
    script: floatTheory ? `${lean}\n${floatTheory}` : lean, lean: floatTheory ? lean : null, floatTheory, thinAirLits: allAxioms ? [] : thinAirLits, axiomLits, wellFormed, barrierLits, filterLit, symLit, noCutLit: 'nocut', cutLit: 'cut', mayCut: cut !== dag.F, condLit: 'cond', ncondLit: 'ncond', observables,
    execNames, choiceLits, justifiedLit, writeTerms, unspecified, strays, rfVars, coVars, events, dag, fusions, dynamic: { rf, co, sync_fence: syncFence, sync_barrier: syncBarrier, dep },
    locNames: u.locations.map((l) => l.name), locFloats: u.locations.map((l) => (l.float ? l.width : null)), locTypes: u.locations.map((l) => ({ width: l.width, signed: l.signed })), stats: { events: n, lines: p.lines.length + body.length },
    evalRel: sym.evalRel, printer: p, printedLines: p.lines.length, printedTheory: p.theory.length, liveness,
  };
}

/**
 * Constraints that keep at least one image of each execution under the permutations of
 * interchangeable threads (solver/symmetry.ts), and cut the others: per group whose registers
 * the condition and filter do not observe, the first write at one place in each member's
 * program order to one location, where the axioms order every two of them in coherence when
 * both execute (forced.related), is executed by a prefix of the group, in coherence order of
 * thread index. Renaming the group's threads in that write's coherence order (those that do
 * not execute it last) maps any consistent execution onto a consistent one that meets them,
 * with the same verdict. A lock's acquisitions by N identical threads: one order of N!.
 */
function symmetryBreaking(test: LitmusTest, events: SymEvent[], exec: N[], co: SRel, forced: { ordered: Set<string>; related: Set<string> }, dag: Dag): N[] {
  const observed = new Set<number>();
  for (const t of testedObservables(test)) if (t.kind === 'reg') observed.add(t.thread);
  // A thread's writes by their place in its program order.
  const writeAt = new Map<string, SymEvent>();
  for (const e of events) if (e.info.kind === 'W' && !e.info.init) writeAt.set(`${e.info.thread}:${e.info.poIndex}`, e);
  const out: N[] = [];
  for (const g of interchangeable(test)) {
    if (g.some((t) => observed.has(test.threads[t]!.placement.id))) continue;
    const firsts = events.filter((e) => e.info.thread === g[0] && e.info.kind === 'W' && !e.info.init && exec[e.info.id] !== dag.F);
    for (const w0 of firsts) {
      const ws = g.map((t) => writeAt.get(`${t}:${w0.info.poIndex}`));
      if (ws.some((w) => !w || w.info.ploc !== w0.info.ploc || exec[w.info.id] === dag.F)) continue;
      const ids = ws.map((w) => w!.info.id);
      const ordered = ids.every((a) => ids.every((b) => a === b || (forced.related.has(`${a},${b}`) && !forced.ordered.has(`${a},${b}`))));
      const pairs = ids.slice(1).map((b, k) => ({ a: ids[k]!, b, co: srelGet(co, ids[k]!, b) }));
      if (!ordered || pairs.some((x) => x.co === undefined || x.co === dag.F)) continue;
      for (const { a, b, co: ab } of pairs) out.push(dag.implies(exec[b]!, dag.and(exec[a]!, ab!)));
      break;
    }
  }
  return out;
}

/**
 * No read's value depends on itself: a ranking of the reads where each read comes after every
 * read that evaluating its rf write's value needs (lazily, as solver/enumerate.ts evaluates
 * values, which skips the executions where that evaluation goes round in a circle).
 */
function justifiedValues(dag: Dag, events: SymEvent[], rfNodes: { w: number; r: number; node: N }[]): N {
  const readOf = new Map<string, number>();
  for (const e of events) if (e.info.kind === 'R' && e.value !== null) readOf.set(`v${e.info.id}`, e.info.id);
  const rank = (r: number): N => dag.intVar(`jrank_${r}`);
  const memo = new Map<N, Map<string, N>>();
  const parts: N[] = [];
  for (const { w, r, node } of rfNodes) {
    for (const [name, when] of lazyReads(dag, events[w]!.value!, memo)) {
      const r2 = readOf.get(name);
      if (r2 === undefined) continue;
      const edge = dag.and(node, when);
      parts.push(r2 === r ? dag.not(edge) : dag.implies(edge, dag.ilt(rank(r2), rank(r))));
    }
  }
  return dag.and(...parts);
}

function put(r: SRel, a: number, b: number, f: N): void {
  let row = r.get(a);
  if (!row) { row = new Map(); r.set(a, row); }
  row.set(b, f);
}

/** Bits a two's-complement bit-vector needs to hold v. */
function bitLength(v: bigint): number {
  let n = 1;
  while (v >= 1n << BigInt(n - 1) || v < -(1n << BigInt(n - 1))) n++;
  return n;
}
