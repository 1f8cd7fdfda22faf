// Runs one litmus test against a model in a Z3 session: the reachable final states (herd
// style) or just the verdict, plus an explanation (witness execution, or the axioms that
// forbid) when asked. Each query is one round trip of SMT-LIB text.
import { type Expr, type LitmusTest, observablesIn } from '../litmus/ast.js';
import { type Model, thinAirAllowed } from '../model/relalg.js';
import type { Encoding, ObservableInfo, UnknownRead } from './encode.js';
import { UNKNOWN_VALUE, encode, scriptWith } from './encode.js';
import { asInteger, conditionHolds, observableName } from '../litmus/types.js';
import { type Limits, LimitError, type TimeBudget, limitsFrom, resourceReason, timedOut } from './limits.js';
import { type Unrolled, UnsupportedError, strayReason, unroll } from './unroll.js';
import { orbit, symmetryOf } from './symmetry.js';
import { stateSetTerm } from './stateset.js';
import { readExecution, type WitnessExecution } from './witness.js';
import type { Z3Session } from './z3.js';
import { type Sexp, literal, parseSexps } from './z3.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface RunOptions extends TimeBudget {
  model: Model;
  bound: number;
  /** 'states' enumerates every reachable final state; 'verdict' asks only what the condition needs. */
  mode: 'states' | 'verdict';
  /** Find out whether some execution needs a loop to go round more than `bound` times. */
  checkBound: boolean;
  /** In verdict mode, also explain it: a witness execution, or the axioms that rule it out. */
  explain: boolean;
  /**
   * With explain, when the outcome is unreachable: also find the smallest sets of axioms whose
   * removal makes it reachable, and an execution that then reaches it.
   */
  relax?: boolean;
  /**
   * With relax: also the unsat core (`core`), which the relaxations do not need. Its query is
   * the slowest of an explanation where Z3 reasons about floating-point values (an unsat
   * question, then Z3's minimisation): asked only where it is shown. Default: yes. Without
   * relax the core is always asked (show's text names it).
   */
  core?: boolean;
  /** Fix the coherence the axioms force before solving (solver/must.ts); default: unless explaining. */
  forcedCoherence?: boolean;
  /**
   * Listing states, take each found state's images under the test's symmetry too; a verdict,
   * ask for one execution per orbit of interchangeable threads (solver/symmetry.ts); default: yes.
   */
  symmetry?: boolean;
  /**
   * With explain: executions already seen (their `Witness.choice`), so the witness is another
   * execution reaching the same outcome. When none is left, `exhausted` says so.
   */
  exclude?: readonly (readonly string[])[];
}

export interface FinalState {
  /** Observable name -> value, in observable order. */
  values: [string, bigint][];
  satisfies: boolean;
}

export interface Witness {
  state: [string, bigint][];
  /**
   * Values PTX leaves unspecified that this execution makes (Encoding.unspecified), each as
   * `instruction: in this execution it ...`: the state may come from any value there.
   */
  unspecified: string[];
  /** Executed events, rf and co edges, by event label. */
  events: string[];
  rf: [string, string][];
  co: [string, string][];
  /** The whole execution, ready for the concrete evaluator. */
  execution: WitnessExecution;
  /**
   * Which execution this is: the keys of the choices that hold (Encoding.choiceLits: executed
   * events, and rf, co and Fence-SC pairs between them). Two executions with the same events,
   * rf, co and Fence-SC order have the same choice. Meaningful for one test at one bound (any
   * model); give it back in `exclude`.
   */
  choice: string[];
}

export interface RunResult {
  /** Condition validated (exists: some state satisfies it; ~exists: none; forall: all). */
  validated: boolean | 'unknown';
  /** Why there is no answer (validated 'unknown'): Z3 undecided in time, a size or time limit, Z3 out of memory. */
  unknown: string | null;
  states: FinalState[] | null;
  positive: number;
  negative: number;
  /** Some consistent execution would need a loop to go round more than `bound` times (null: not checked). */
  boundReached: boolean | null;
  /** When no final state is reachable at all, why (states mode). */
  noStates: NoStates | null;
  /** Axioms that together rule out the executions the condition asks about. */
  core: string[] | null;
  witness: Witness | null;
  /** With relax: the smallest axiom sets whose removal makes the outcome reachable ([] if none does). */
  relaxations: string[][] | null;
  /** An execution reaching the outcome without the first of `relaxations`. */
  relaxedWitness: Witness | null;
  /**
   * With `exclude`: every execution the witness would be (a consistent one when the outcome is
   * reachable, else one without the first of `relaxations`) is excluded, so there is none
   * (`witness`/`relaxedWitness` null). The verdict, core and relaxations are unaffected.
   */
  exhausted: boolean;
  stats: { events: number; lines: number; queries: number };
}

export type Sat = 'sat' | 'unsat' | 'unknown';

/**
 * Runs commands; an error reply is a bug in the encoding, so it throws. With `limits`, a long
 * script (a large encoding's load) goes to Z3 a piece at a time and the deadline is looked at
 * between pieces: Z3's own timeout bounds only check-sat, and reading a liveness encoding of
 * a few MB took minutes once, past any --timeout.
 */
export function askZ3(z3: Z3Session, cmds: string, limits?: Limits): string {
  if (!limits || cmds.length <= LOAD_PIECE) return replyOf(z3.run(cmds));
  let out = '';
  for (const piece of commandPieces(cmds, LOAD_PIECE)) {
    const left = Math.round(limits.deadline - performance.now());
    if (left < 1) throw new LimitError(timedOut(limits, true));
    // A check written before the load (checkSatCmd) gets what is left of the time now.
    out += replyOf(z3.run(piece.replace(TIMEOUT_OPTION, (m, ms: string) => (Number(ms) > left ? `(set-option :timeout ${left})` : m))));
  }
  return out;
}

const TIMEOUT_OPTION = /\(set-option :timeout (\d+)\)/g;

function replyOf(out: string): string {
  if (out.includes('(error')) throw new Error(`Z3: ${out.trim().slice(0, 300)}`);
  return out;
}

/** Characters of SMT-LIB a piece of a long script has, about: Z3 reads 256 KB in well under a second. */
const LOAD_PIECE = 1 << 18;

/** `text` cut into pieces of whole commands, each about `size` characters or one longer command. */
export function commandPieces(text: string, size: number): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++; // (
    else if (c === 41) depth--; // )
    else if (c === 124 || c === 34) { // |symbol| and "string" may hold parentheses
      const end = text.indexOf(c === 124 ? '|' : '"', i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === 10 && depth === 0 && i + 1 - start >= size) {
      pieces.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

/**
 * check-sat-assuming with what is left of the test's time. Time already spent is a LimitError
 * here, not a query with a token timeout: a small problem could still be answered within it,
 * and whether a test past its --timeout gets an answer would then depend on the machine.
 */
export function checkSatCmd(lits: string[], limits: Limits): string {
  const left = Math.round(limits.deadline - performance.now());
  if (left < 1) throw new LimitError(timedOut(limits));
  return `(set-option :timeout ${left})\n(check-sat-assuming (${lits.join(' ')}))`;
}

/** The answer of the last check in a reply. */
export function satOf(reply: string): Sat {
  const last = reply.trim().split('\n').pop()!.trim();
  if (last === 'sat' || last === 'unsat' || last === 'unknown') return last;
  throw new Error(`unexpected Z3 reply: ${reply.trim().slice(0, 200)}`);
}

export async function runTest(z3: Z3Session, test: LitmusTest, opt: RunOptions): Promise<RunResult> {
  const result: RunResult = {
    validated: 'unknown', unknown: null, states: null, noStates: null, positive: 0, negative: 0, boundReached: null, core: null, witness: null,
    relaxations: null, relaxedWitness: null, exhausted: false, stats: { events: 0, lines: 0, queries: 0 },
  };
  // --timeout bounds the whole test, encoding included: the DAG checks it as it grows, and
  // each query gets what is left (solve readies Z3 after encoding; that wait is not counted).
  const limits = limitsFrom(opt);
  try {
    await solve(z3, test, opt, limits, result);
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    return { ...result, validated: 'unknown', unknown: why, states: null };
  }
  if (result.validated === 'unknown' && result.unknown === null) result.unknown = undecided(z3, limits);
  return result;
}

/**
 * A model without NoThinAir (read from cat) may let a read take its value from a cycle of
 * dependencies and reads-from: an atom reading its own write, say, returns any value, and the
 * final states have no end. Listing them then stops at THIN_AIR_STATE_CAP, with that reason
 * (an Unknown, never a wrong list). model/relalg.ts thinAirAllowed tells such a model.
 */
export const THIN_AIR_STATE_CAP = 1000;

/**
 * The notes on the values an execution leaves unspecified. Reads of memory nothing initialised
 * made by one instruction in several threads (a 64-thread kernel reading its .shared buffer) are
 * one note, at the first one's place: `line 9:2: ld...: in this execution P3 reads buf[2], P4 buf[3] ...`.
 */
function unspecifiedNotes(made: Encoding['unspecified']): string[] {
  const reads = new Map<string, UnknownRead[]>();
  for (const u of made) {
    if (!u.read) continue;
    const same = reads.get(u.read.instr);
    if (same) same.push(u.read);
    else reads.set(u.read.instr, [u.read]);
  }
  return made.flatMap((u) => {
    if (!u.read) return [`${u.where}: in this execution it ${u.what}`];
    const same = reads.get(u.read.instr)!;
    if (same.length === 1) return [`${u.where}: in this execution it ${u.what}`];
    if (same[0] !== u.read) return [];
    return [`${u.read.instr}: in this execution ${same.map((r, k) => `${r.thread}${k === 0 ? ' reads' : ''} ${r.loc}`).join(', ')} ${UNKNOWN_VALUE}`];
  });
}

/**
 * When some execution (under the assumptions `lits`, after sending `script`, which may be
 * empty) makes a value PTX leaves unspecified (a division by zero, a shuffle from a lane not
 * taking part), the instruction, as the reason no final states can be listed: the value is
 * any value. Null when none does, or Z3 cannot tell.
 */
function unspecifiedValue(enc: Encoding, ask: (cmds: string) => string, checkCmd: (lits: string[]) => string, script: string, lits: string[]): string | null {
  if (enc.unspecified.length === 0) return null;
  if (satOf(ask(`${script}${checkCmd([...lits, 'unspec'])}`)) !== 'sat') return null;
  const got = parseSexps(ask(`(get-value (${enc.unspecified.map((d) => d.lit).join(' ')}))`))[0] as [string, string][];
  const at = enc.unspecified[Math.max(0, got.findIndex(([, v]) => v === 'true'))]!;
  return `${at.where}: in some execution it ${at.what}: the final states cannot be listed (\`ptxmm why\` and \`ptxmm kernel --assert\` still answer whether a condition is reachable)`;
}

/**
 * Programs every access of which reaches a location, found so (the question below answered
 * unsat), by their threads, each with the rest of what decides the answer. A kernel asks it of
 * one program for its assertions, races and divergence, each encoding the program anew, and it
 * is a whole solve (examples/kernels/converge: 1.64 s in all before, 1.47 s now).
 */
type StrayQuestion = { source: Unrolled['source']; model: Model };
const reachAll = new WeakMap<LitmusTest['threads'], StrayQuestion[]>();
const sameQuestion = (a: StrayQuestion, b: StrayQuestion): boolean =>
  a.model === b.model && a.source.bound === b.source.bound && a.source.liveness === b.source.liveness
  && a.source.test.locations === b.source.test.locations && a.source.test.regInits === b.source.test.regInits
  && a.source.test.perThread === b.source.test.perThread && a.source.test.undefinedRegisters === b.source.test.undefinedRegisters;

/**
 * Refuses the test, at the access, when some consistent execution (one that finishes within
 * the bound, or one cut at it) makes an access whose address is no location's (unroll.ts Unrolled.strays): the model
 * gives such a program no meaning, so no answer about it would be true. Loads the script; the
 * caller loads it again for its own queries. A program found to have none is not asked again
 * (its condition and filter play no part: the question assumes neither).
 */
export function refuseStrays(u: Unrolled, enc: Encoding, model: Model, ask: (cmds: string) => string, checkCmd: (lits: string[]) => string): void {
  if (enc.strays.length === 0) return;
  const q: StrayQuestion = { source: u.source, model };
  const known = reachAll.get(u.source.test.threads);
  if (known?.some((k) => sameQuestion(k, q))) return;
  // Also executions cut at the loop bound: a stray access before a spin that never ends is as
  // meaningless (the executor meets it too).
  const r = satOf(ask(`${scriptWith(enc, [])}${checkCmd([...enc.barrierLits.map((b) => b.lit), ...enc.axiomLits.values(), 'stray'])}`));
  if (r === 'unknown') throw new LimitError('Z3 did not decide whether every access reaches a location (an address read from memory)');
  if (r === 'unsat') {
    if (known) known.push(q); else reachAll.set(u.source.test.threads, [q]);
    return;
  }
  const got = parseSexps(ask(`(get-value (${enc.strays.flatMap((s) => [s.lit, s.addr]).join(' ')}))`))[0] as [string, Sexp][];
  const i = Math.max(0, enc.strays.findIndex((_, k) => got[2 * k]![1] === 'true'));
  const s = enc.strays[i]!.stray;
  throw new UnsupportedError(strayReason(u, s, literal(got[2 * i + 1]![1]) as bigint), s.pos);
}

/**
 * The unrolling with stop points (`unroll`'s liveness: execution prefixes) encoded, once no
 * access of a prefix may reach no location (refuseStrays): what the liveness questions start
 * from, and what `check` asks when no execution terminates.
 */
export function encodeWithStops(test: LitmusTest, u: Unrolled, model: Model, timeoutMs: number, ask: (cmds: string) => string, checkCmd: (lits: string[]) => string): Encoding {
  const enc = encode(test, u, model, timeoutMs, true);
  refuseStrays(u, enc, model, ask, checkCmd);
  return enc;
}

/** Why Z3 said `unknown`, from its own account. */
export function undecided(z3: Z3Session, limits: Limits): string {
  const why = z3.run('(get-info :reason-unknown)');
  if (/memout|memory/i.test(why)) return 'Z3 ran out of memory';
  // Z3 does not always say that its time ran out ("state of the most recent check-sat command
  // is not known"): past the deadline, that is what happened.
  if (/timeout|canceled/i.test(why) || why.trim() === '' || performance.now() >= limits.deadline) {
    return timedOut(limits);
  }
  return `Z3 could not decide (${why.replace(/[()":]|reason-unknown/g, '').trim()})`;
}

/** The commands that load an encoding's script afresh; with unsat cores (`minimal`: cores Z3 makes minimal, slower). */
export const loadOf = (enc: Encoding, cores = false, minimal = false, lean = false): string =>
  `(reset)\n${cores ? '(set-option :produce-unsat-cores true)\n' : ''}${minimal ? '(set-option :smt.core.minimize true)\n' : ''}${lean ? enc.lean ?? enc.script : enc.script}\n`;

async function solve(z3: Z3Session, test: LitmusTest, opt: RunOptions, limits: Limits, result: RunResult): Promise<void> {
  const u = unroll(test, opt.bound, limits);
  // A witness names no axiom. Where the test computes with floats, an explanation's encoding
  // spells each float operation in Z3's floating-point theory as well (its cores and
  // relaxations may drop NoThinAir: solver/valuesets.ts), which Z3 bit-blasts whatever the
  // question asks; so a reachable outcome's witness is looked for first on the encoding that
  // assumes every axiom, where each operation is a choice among its few results (a failing
  // kernel assertion after a float division: 17 s to 0.5 s). An unreachable one is then
  // encoded again for its core.
  const floatsFirst = opt.explain && opt.mode === 'verdict' && !opt.exclude?.length && u.dag.nodes.some((d) => d.op === 'float');
  // Explanations drop axioms or name them: only without them may the axioms shape the encoding.
  let enc = encode(test, u, opt.model, opt.timeoutMs, (opt.forcedCoherence ?? true) && (!opt.explain || floatsFirst));
  // Z3 may still be starting (check's first test): encoding needed none of it.
  const waited = performance.now();
  await z3.ready();
  limits.deadline += performance.now() - waited;
  result.stats = { ...enc.stats, queries: 0 };
  let axioms = [...enc.axiomLits.values()];
  let queries = 0;
  const ask = (cmds: string): string => {
    queries++;
    return askZ3(z3, cmds, limits);
  };
  // Every question below assumes every axiom but the relaxations' and one of the core's: the
  // script is loaded without the floating-point spelling of the floats whose operands may
  // come from thin air (encode.ts Encoding.lean), which those send when they drop NoThinAir
  // (Z3 bit-blasts whatever is loaded: ATOM-fadd-rounding's states without forced coherence,
  // 4.7 s to 0.2 s). It is sent once, on top of the loaded script, where first needed: it
  // holds vacuously in the questions that assume NoThinAir.
  let theoryLoaded = false;
  const load = (cores = false, minimal = false): string => {
    theoryLoaded = false;
    return loadOf(enc, cores, minimal, true);
  };
  /** Whether a question that assumes `lits` needs the float theory. */
  const withTheory = (lits: string[]): boolean => enc.lean !== null && !enc.thinAirLits.some((l) => lits.includes(l));
  const checkCmd = (lits: string[]): string => checkSatCmd(lits, limits);
  const sat = satOf;
  let consistent = [enc.noCutLit, ...enc.wellFormed, ...axioms];
  refuseStrays(u, enc, opt.model, ask, checkCmd);

  const q = test.condition.quantifier;

  if (opt.mode === 'states') {
    // A division by zero (or a shuffle from a lane not taking part) makes any value: there is no list of final states to give.
    const dz = unspecifiedValue(enc, ask, checkCmd, load(), consistent);
    if (dz) { result.unknown = dz; result.stats.queries = queries; return; }
    // The states are listed in a scope of their own: a consistent execution asserted, and each
    // state found blocked, then popped, so that the script, loaded once, still answers the
    // bound question afterwards. (Asserted rather than assumed: each query ~20% cheaper.)
    const states: FinalState[] = [];
    // A state's images under a symmetry of the test are final states too: found at once.
    const sym = opt.symmetry === false ? null : symmetryOf(test, enc.observables.map((o) => o.obs));
    const satisfies = (v: [string, bigint][]): boolean => {
      const at = new Map(v);
      return conditionHolds(test.condition.expr, (o) => at.get(observableName(o))!);
    };
    let r = sat(ask(`${load()}(push)\n${consistent.map((l) => `(assert ${l})`).join('\n')}\n${checkCmd([])}`));
    const cap = thinAirAllowed(opt.model) ? THIN_AIR_STATE_CAP : Infinity;
    while (r === 'sat') {
      if (states.length >= cap) {
        askZ3(z3, '(pop)');
        result.unknown = `over ${cap} final states and more to come: ${opt.model.name} has no NoThinAir axiom (acyclic rf | dep), so a read may return a value out of thin air, and the final states may have no end (\`ptxmm why\` still answers whether a condition is reachable)`;
        result.stats.queries = queries;
        return;
      }
      const s = readState(enc, ask);
      const found = sym ? orbit(sym, s.values) : [s.values];
      found.forEach((v, i) => states.push({ values: v, satisfies: i === 0 ? s.cond : satisfies(v) }));
      if (enc.observables.length === 0) { r = 'unsat'; break; }
      const block = found.map((v) => `(assert (not ${pinned(enc.observables.map((o, i) => [o, v[i]![1]]))}))`);
      r = sat(ask(`${block.join('\n')}\n${checkCmd([])}`));
    }
    askZ3(z3, '(pop)');
    if (r === 'unsat') {
      if (states.length === 0) {
        // Why, asked partly without the barriers' waiting: of an encoding in which a barrier
        // that does not wait orders nothing; then the test's own script again, for what follows.
        const diag = enc.barrierLits.length ? encode(test, unroll(test, opt.bound, limits), opt.model, opt.timeoutMs, (opt.forcedCoherence ?? true) && !opt.explain, false, true) : enc;
        if (diag !== enc) ask(loadOf(diag));
        result.noStates = whyNoState(diag, ask, checkCmd, (cores, minimal) => loadOf(diag, cores, minimal));
        // No execution terminates, each waiting at a barrier: an access a thread makes on the way
        // is asked of the execution prefixes (the liveness encoding's stops), as `run` and
        // `check --liveness` meet it. A null pointer there was answered "Deadlock", vacuously.
        const prefixes = result.noStates?.why === 'deadlock' && u.strays.length > 0;
        if (prefixes) encodeWithStops(test, unroll(test, opt.bound, limits, true), opt.model, opt.timeoutMs, ask, checkCmd);
        if (diag !== enc || prefixes) ask(load());
      }
      result.states = states.sort((a, b) => cmpState(a.values, b.values));
      result.positive = states.filter((s) => s.satisfies).length;
      result.negative = states.length - result.positive;
      result.validated = q === 'exists' ? result.positive > 0 : q === 'not exists' ? result.positive === 0 : result.negative === 0;
    }
  } else {
    // exists / ~exists ask whether the condition is reachable, forall whether its negation is.
    let lit = q === 'forall' ? enc.ncondLit : enc.condLit;
    // Executions already seen are ruled out behind one assumption, made only by the queries
    // that look for a witness: the verdict, core and relaxations are asked without it.
    const excl = opt.explain && opt.exclude?.length ? exclusion(enc, opt.exclude) : null;
    const other = excl ? [excl.lit] : [];
    // One execution per orbit of interchangeable threads answers a verdict (encode.ts
    // symmetryBreaking); not where the witness or core is the answer, nor past an exclusion.
    const sym = opt.symmetry !== false && !opt.explain && !excl && enc.symLit ? [enc.symLit] : [];
    let r = sat(ask(load() + (excl?.script ?? '') + checkCmd([...consistent, lit, ...other, ...sym])));
    const found = r === 'sat';
    // None left outside the exclusion: is there any at all?
    if (excl && r === 'unsat') r = sat(ask(checkCmd([...consistent, lit])));
    if (r !== 'unknown') {
      result.validated = q === 'exists' ? r === 'sat' : r === 'unsat';
      if (opt.explain && r === 'sat') {
        if (found) result.witness = witness(enc, ask);
        else result.exhausted = true;
      }
      if (floatsFirst && r === 'unsat') {
        // The core names axioms: the explanation's encoding after all (floatsFirst above).
        enc = encode(test, unroll(test, opt.bound, limits), opt.model, opt.timeoutMs, false);
        axioms = [...enc.axiomLits.values()];
        consistent = [enc.noCutLit, ...enc.wellFormed, ...axioms];
        lit = q === 'forall' ? enc.ncondLit : enc.condLit;
        // Loaded by the core's query, next.
      }
      // A minimized core: no axiom in it that the others do without (an unminimized one named
      // axioms that play no part).
      if (opt.explain && r === 'unsat' && (!opt.relax || opt.core !== false)) {
        const coreLits = (): string[] => {
          const core = parseSexps(ask('(get-unsat-core)'))[0];
          return Array.isArray(core) ? core.filter((c): c is string => typeof c === 'string') : [];
        };
        if (sat(ask(load(true, true) + checkCmd([...consistent, lit]))) === 'unsat') {
          let core = coreLits();
          // Without the float theory, a core names NoThinAir wherever a float's result matters
          // (without it the result is any value). Minimal otherwise (with NoThinAir assumed the
          // script is exact): whether it needs NoThinAir is one question with the theory, and
          // where it does not, its core there (FOP-rounding-modes: none, arithmetic forbids it).
          if (enc.lean !== null && core.some((c) => enc.thinAirLits.includes(c))) {
            theoryLoaded = true;
            const rest = core.filter((c) => !enc.thinAirLits.includes(c));
            if (sat(ask(`${enc.floatTheory}\n${checkCmd(rest)}`)) === 'unsat') core = coreLits();
          }
          // In the model's order, not Z3's (which varies with the script's text).
          const named = new Set(core);
          result.core = [...enc.axiomLits].filter(([, l]) => named.has(l)).map(([name]) => name);
        }
      } else if (floatsFirst && r === 'unsat') {
        // No core asked: the explanation's encoding is loaded for the relaxations here.
        ask(load());
      }
      if (opt.explain && opt.relax && r === 'unsat') {
        // Subsets by increasing size; a superset of a set that works is not minimal.
        const names = [...enc.axiomLits.keys()];
        const drops: string[][] = [];
        for (let k = 1; k <= names.length && drops.length === 0; k++) {
          const level = [...subsets(names, k)].map((drop) => {
            const keep = names.filter((a) => !drop.includes(a)).map((a) => enc.axiomLits.get(a)!);
            return { drop, lits: [enc.noCutLit, ...enc.wellFormed, ...keep, lit] };
          });
          // Those that need the float theory last: once sent, it slows every query after it.
          const later = level.filter((x) => withTheory(x.lits));
          const works = new Set<(typeof level)[number]>();
          for (const q of later.length ? [...level.filter((x) => !withTheory(x.lits)), ...later] : level) {
            const send = withTheory(q.lits) && !theoryLoaded;
            if (send) theoryLoaded = true;
            // The script is still loaded.
            if (sat(ask(`${send ? `${enc.floatTheory}\n` : ''}${checkCmd(q.lits)}`)) !== 'sat') continue;
            works.add(q);
            if (!later.length && works.size === 1 && !excl) result.relaxedWitness = witness(enc, ask);
          }
          const found = level.filter((q) => works.has(q));
          drops.push(...found.map((q) => q.drop));
          // Reordered, the first in subset order's witness is asked again (it need not be the last answered).
          if (later.length && found.length && !excl && sat(ask(checkCmd(found[0]!.lits))) === 'sat') result.relaxedWitness = witness(enc, ask);
        }
        result.relaxations = drops;
        if (excl && drops.length) {
          // The relaxed witness, outside the exclusion (loaded again: the cores query reset it).
          const keep = names.filter((a) => !drops[0]!.includes(a)).map((a) => enc.axiomLits.get(a)!);
          const lits = [enc.noCutLit, ...enc.wellFormed, ...keep, lit, excl.lit];
          const send = withTheory(lits);
          const s = sat(ask(load() + excl.script + (send ? `${enc.floatTheory}\n` : '') + checkCmd(lits)));
          theoryLoaded = send;
          if (s === 'sat') result.relaxedWitness = witness(enc, ask);
          else if (s === 'unsat') result.exhausted = true;
        }
      }
    }
  }

  if (!enc.mayCut) result.boundReached = false;
  else if (opt.checkBound && result.validated !== 'unknown') {
    // Every query above left the script loaded, and added assertions only behind assumptions
    // or in a scope it popped.
    // Whether some execution is cut is the same question of each image: one per orbit will do.
    const sym = opt.symmetry !== false && enc.symLit ? [enc.symLit] : [];
    const r = sat(ask(checkCmd([...enc.wellFormed, ...axioms, enc.cutLit, ...sym])));
    result.boundReached = r === 'unknown' ? null : r === 'sat';
  }
  result.stats.queries = queries;
}

/**
 * Why no execution terminates: threads wait at barriers forever (the bar.sync operations and
 * warp exchanges no execution gets past), the filter excludes every final state, every
 * execution needs more loop iterations than the bound, or (a model read from cat) the model's
 * axioms rule out every execution.
 */
export type NoStates = { why: 'deadlock'; barriers: string[] } | { why: 'filter' } | { why: 'bound' } | { why: 'model'; axioms: string[] };

/** Asked with enc's script loaded (`load` loads it again, for unsat cores). */
export function whyNoState(enc: Encoding, ask: (c: string) => string, check: (lits: string[]) => string, load: (cores?: boolean, minimal?: boolean) => string): NoStates | null {
  const axioms = [...enc.axiomLits.values()];
  const filter = enc.filterLit ? [enc.filterLit] : [];
  const bars = enc.barrierLits.map((b) => b.lit);
  // The barriers (and warp operations) in a minimal unsat core of these assumptions, if any.
  const blocking = (lits: string[]): { label: string }[] => {
    if (satOf(ask(load(true, true) + check([...lits, ...bars]))) !== 'unsat') return [];
    const core = parseSexps(ask('(get-unsat-core)'))[0];
    const inCore = new Set(Array.isArray(core) ? core.filter((c): c is string => typeof c === 'string') : []);
    return enc.barrierLits.filter((b) => inCore.has(b.lit));
  };
  if (bars.length && satOf(ask(check([enc.noCutLit, ...filter, ...axioms]))) === 'sat') {
    // Terminating executions exist once barriers stop waiting: name the ones that block.
    const named = blocking([enc.noCutLit, ...filter, ...axioms]);
    return { why: 'deadlock', barriers: (named.length ? named : enc.barrierLits).map((b) => b.label) };
  }
  // Or the waiting alone leaves no way through, whatever the memory model says (operations that
  // meet crosswise, whose values then also depend on each other in a cycle): name those.
  if (bars.length && satOf(ask(check([enc.noCutLit, ...filter]))) === 'sat') {
    const named = blocking([enc.noCutLit, ...filter]);
    if (named.length) return { why: 'deadlock', barriers: named.map((b) => b.label) };
  }
  if (enc.filterLit && satOf(ask(check([enc.noCutLit, ...bars, ...axioms]))) === 'sat') return { why: 'filter' };
  if (enc.mayCut && satOf(ask(check([enc.cutLit, ...enc.wellFormed, ...axioms]))) === 'sat') return { why: 'bound' };
  // A model read from cat may rule out every execution (the PTX models always allow one): name
  // the axioms of a minimal unsat core.
  if (satOf(ask(check([enc.noCutLit, ...filter, ...bars]))) === 'sat' && satOf(ask(load(true, true) + check([enc.noCutLit, ...filter, ...bars, ...axioms]))) === 'unsat') {
    const core = parseSexps(ask('(get-unsat-core)'))[0];
    const inCore = new Set(Array.isArray(core) ? core.filter((c): c is string => typeof c === 'string') : []);
    return { why: 'model', axioms: [...enc.axiomLits].filter(([, lit]) => inCore.has(lit)).map(([name]) => name) };
  }
  return null;
}

/**
 * Why a question about the finished executions (an assertion, races, divergence) has no
 * answer when none finishes, as a reason a reader can act on (null: the loop bound).
 */
export function noStatesReason(n: NoStates | null, bound: number): string {
  switch (n?.why) {
    case 'deadlock': return `no execution finishes: none gets past all of ${n.barriers.join('; ')} (a deadlock: --liveness says where each thread waits)`;
    case 'filter': return 'the filter excludes every final state';
    case 'model': return `the model allows no execution (every one is ruled out by ${n.axioms.join(', ') || 'its axioms together'})`;
    default: return `no execution of every thread finishes within loop bound ${bound} (a larger --bound may find some, unless a thread hangs: --liveness says)`;
  }
}

/** A final state given from outside: observable name -> value (signed or unsigned). */
export type StateValues = readonly (readonly [string, bigint])[];

export interface StatesCheck {
  /** Per candidate: some consistent execution ends in it. */
  allowed: boolean[];
  /** Allowed final states that are not among the candidates (at most `maxMissing`). */
  missing: [string, bigint][][];
  /** `missing` is every such state (false: the search stopped at maxMissing). */
  allMissing: boolean;
}

/**
 * Checks candidate final states (another engine's) against the model: which are allowed,
 * and which allowed states the candidates miss. Cheaper than enumerating every state when the
 * candidates are most of them: one assumption per candidate on a single loaded script, then
 * one query for anything else. Candidates marked in `known` are allowed already (shown by one
 * of their executions, solver/replay.ts): they are not asked again, only left out of the
 * search for missing states. null: Z3 did not decide within the timeout.
 */
export async function checkStates(
  z3: Z3Session, test: LitmusTest, opt: Pick<RunOptions, 'model' | 'bound' | 'timeoutMs'>, candidates: readonly StateValues[], maxMissing: number,
  known: readonly boolean[] = [],
): Promise<StatesCheck | null> {
  await z3.ready();
  const limits = limitsFrom(opt);
  const u = unroll(test, opt.bound, limits);
  const enc = encode(test, u, opt.model, opt.timeoutMs, true);
  const ask = (cmds: string): string => askZ3(z3, cmds, limits);
  refuseStrays(u, enc, opt.model, ask, (lits) => checkSatCmd(lits, limits));
  const check = (lits: string[]): Sat => satOf(ask(checkSatCmd(lits, limits)));
  const byName = new Map(enc.observables.map((o) => [o.name, o]));
  for (const v of candidates) for (const [k] of v) if (!byName.has(k)) throw new Error(`checkStates: ${k} is not an observable of ${test.name}`);
  const pin = (v: StateValues): string => pinned(v.map(([k, x]) => [byName.get(k)!, x]));
  // Only the candidates still to ask get a name of their own (an assumption each).
  const decls = candidates.flatMap((v, i) => (known[i] ? [] : [`(declare-const cand_${i} Bool)\n(assert (= cand_${i} ${pin(v)}))`]));
  // The consistent executions asserted, not assumed in each query (as listing states does,
  // cheaper per query), in a scope of their own: the session's next user resets anyway.
  const consistent = [enc.noCutLit, ...enc.wellFormed, ...enc.axiomLits.values()];
  ask(`(reset)\n${enc.script}\n${decls.join('\n')}\n(push)\n${consistent.map((l) => `(assert ${l})`).join('\n')}\n`);
  const allowed: boolean[] = [];
  for (let i = 0; i < candidates.length; i++) {
    if (known[i]) { allowed.push(true); continue; }
    const r = check([`cand_${i}`]);
    if (r === 'unknown') return null;
    allowed.push(r === 'sat');
  }
  // Everything else: block the candidates, then enumerate what is left.
  const set = stateSetTerm(enc.observables.map((o) => ({ name: o.name, smt: o.smt, lit: (x: bigint) => bvLit(x, o.width) })), candidates, 'cands_');
  ask(`${set.defs.join('\n')}\n(assert (not ${set.term}))`);
  const missing: [string, bigint][][] = [];
  for (;;) {
    if (missing.length >= maxMissing) return { allowed, missing, allMissing: false };
    const r = check([]);
    if (r === 'unknown') return null;
    if (r === 'unsat') return { allowed, missing, allMissing: true };
    const s = readState(enc, ask).values;
    missing.push(s);
    if (enc.observables.length === 0) return { allowed, missing, allMissing: true };
    ask(`(assert (not ${pin(s)}))`);
  }
}

/** The condition's outcomes split by the model: reachable ones and forbidden ones. */
export interface OutcomeSplit {
  known: true;
  /** The observables the condition names, in the order it first names them. */
  observables: string[];
  /** Their values in the final state of some consistent execution of the program. */
  reachable: [string, bigint][][];
  /**
   * Their values in the final state of some execution of the program, none of them consistent.
   *
   * The program's executions, with no axiom at all: the well-formed ones (rf, co, Fence-SC
   * order, barriers, the filter, within the bound) in which every write writes a value the
   * program makes: one it writes in some execution whose values are computed without
   * circularity (solver/enumerate.ts's candidates). So LB+data's r1 = r2 = 1 is one (each store
   * writes 1 when its load reads 0), r1 = r2 = 3 is not (3 only justifies itself). The same
   * restriction applies to `reachable`: without NoThinAir it keeps values out of thin air from
   * being listed (there could be 2^32); with it, it changes nothing, since dep holds every value
   * dependency (a guarded instruction's result depends on its guard's reads too).
   */
  forbidden: [string, bigint][][];
}

/** OutcomeSplit, or why there is none (a timeout, a size limit, Z3 out of memory): never a partial list. */
export type ForbiddenOutcomes = OutcomeSplit | { known: false; unknown: string };

/**
 * The outcomes over the condition's observables that the program can produce but the model
 * forbids, and those it allows; values as FinalState's (typed integers). One loaded script:
 * first the values each write makes; then the consistent outcomes (axioms assumed), each then
 * blocked; then, without the axioms, every outcome still found is forbidden.
 */
export async function forbiddenOutcomes(z3: Z3Session, test: LitmusTest, opt: Pick<RunOptions, 'model' | 'bound' | 'timeoutMs'>): Promise<ForbiddenOutcomes> {
  await z3.ready();
  const limits = limitsFrom(opt);
  try {
    // No forced coherence: the second half drops the axioms that force it.
    const u = unroll(test, opt.bound, limits);
    const enc = encode(test, u, opt.model, opt.timeoutMs, false, true);
    const ask = (cmds: string): string => askZ3(z3, cmds, limits);
    refuseStrays(u, enc, opt.model, ask, (lits) => checkSatCmd(lits, limits));
    const check = (lits: string[]): Sat => satOf(ask(checkSatCmd(lits, limits)));
    const names = conditionObservables(test.condition.expr);
    const obs = names.map((n) => enc.observables.find((o) => o.name === n)!);
    const wellFormed = [enc.noCutLit, ...enc.wellFormed];
    ask(`(reset)\n${enc.script}\n`);
    const dz = unspecifiedValue(enc, ask, (lits) => checkSatCmd(lits, limits), '', [enc.noCutLit, ...enc.barrierLits.map((b) => b.lit)]);
    if (dz) return { known: false, unknown: dz };
    // The values each write makes: those it writes in an execution computed without circularity
    // (the filter aside: it selects final states, it does not make values).
    const makes: string[] = [];
    for (const [i, w] of enc.writeTerms.entries()) {
      // Behind an assumption of its own (push/pop would be cut short by a spent timeout).
      const lit = `wv_${i}`;
      ask(`(declare-const ${lit} Bool)\n(assert (=> ${lit} ${w.exec}))`);
      const vals: bigint[] = [];
      for (;;) {
        const r = check([enc.noCutLit, ...enc.barrierLits.map((b) => b.lit), enc.justifiedLit!, lit]);
        if (r === 'unknown') return { known: false, unknown: undecided(z3, limits) };
        if (r === 'unsat') break;
        const got = parseSexps(ask(`(get-value (${w.value}))`))[0] as [string, string][];
        const v = literal(got[0]![1]);
        vals.push(typeof v === 'bigint' ? v : 0n);
        ask(`(assert (=> ${lit} (not (= ${w.value} ${bvLit(vals[vals.length - 1]!, w.width)}))))`);
      }
      makes.push(`(=> ${w.exec} (or false ${vals.map((v) => `(= ${w.value} ${bvLit(v, w.width)})`).join(' ')}))`);
    }
    ask(`(declare-const made Bool)\n(assert (=> made (and true ${makes.join(' ')})))`);
    const program = [...wellFormed, 'made'];
    // Every outcome under `lits` not found before; null when Z3 does not decide.
    const collect = (lits: string[]): [string, bigint][][] | null => {
      const out: [string, bigint][][] = [];
      for (;;) {
        const r = check(lits);
        if (r === 'unknown') return null;
        if (r === 'unsat') return out.sort(cmpState);
        const v = readValues(ask, obs, []).values;
        out.push(v);
        ask(`(assert (not ${pinned(obs.map((o, i) => [o, v[i]![1]]))}))`);
      }
    };
    const reachable = collect([...program, ...enc.axiomLits.values()]);
    const forbidden = reachable && collect(program);
    if (reachable === null || forbidden === null) return { known: false, unknown: undecided(z3, limits) };
    return { known: true, observables: names, reachable, forbidden };
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    return { known: false, unknown: why };
  }
}

/** The observables a condition names, in the order it first names them (as the encoding lists them). */
function conditionObservables(e: Expr): string[] {
  return [...new Set(observablesIn(e).map(observableName))];
}

function readState(enc: Encoding, ask: (c: string) => string): { values: [string, bigint][]; cond: boolean } {
  const r = readValues(ask, enc.observables, [enc.condLit]);
  return { values: r.values, cond: r.bools[0] === true };
}

/** After `sat`: the observables' values as typed integers, and the values of Boolean `extra` terms. */
function readValues(ask: (c: string) => string, obs: readonly ObservableInfo[], extra: readonly string[]): { values: [string, bigint][]; bools: boolean[] } {
  // `true` first: get-value needs at least one term.
  const names = ['true', ...obs.map((o) => o.smt), ...extra];
  const vals = parseSexps(ask(`(get-value (${names.join(' ')}))`))[0] as [string, string][];
  const values = obs.map((o, i): [string, bigint] => {
    const v = literal(vals[i + 1]![1]);
    return [o.name, asInteger(typeof v === 'bigint' ? v : 0n, o.type)];
  });
  return { values, bools: extra.map((_, i) => literal(vals[obs.length + 1 + i]![1]) === true) };
}

const unsigned = (v: bigint, w: number): bigint => ((v % (1n << BigInt(w))) + (1n << BigInt(w))) % (1n << BigInt(w));
const bvLit = (v: bigint, w: number): string => `(_ bv${unsigned(v, w)} ${w})`;

/** `(and true ...)`: each observable at its value (an integer of its type); blocks or selects a final state. */
function pinned(at: readonly (readonly [ObservableInfo, bigint])[]): string {
  return `(and true ${at.map(([o, v]) => `(= ${o.smt} ${bvLit(v, o.width)})`).join(' ')})`;
}

function cmpState(a: [string, bigint][], b: [string, bigint][]): number {
  for (let i = 0; i < a.length; i++) {
    const d = a[i]![1] - b[i]![1];
    if (d !== 0n) return d < 0n ? -1 : 1;
  }
  return 0;
}

function* subsets<T>(xs: T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) { yield []; return; }
  for (let i = from; i <= xs.length - k; i++) for (const rest of subsets(xs, k - 1, i + 1)) yield [xs[i]!, ...rest];
}

/**
 * The executions seen, ruled out: for each, not every choice as it was then (choiceLits hold
 * only between executed events, so this is exactly "a different execution"). Behind the
 * assumption `excl`, so the verdict and explanations can still ask without it.
 */
function exclusion(enc: Encoding, seen: readonly (readonly string[])[]): { lit: string; script: string } {
  const known = new Set(enc.choiceLits.map((c) => c.key));
  const lines = ['(declare-const excl Bool)'];
  for (const choice of seen) {
    const bad = choice.find((k) => !known.has(k));
    if (bad !== undefined) throw new Error(`exclude: '${bad}' is not a choice of this test's executions (another test or bound?)`);
    const on = new Set(choice);
    const same = enc.choiceLits.map((c) => (on.has(c.key) ? c.name : `(not ${c.name})`));
    lines.push(`(assert (=> excl (not (and true ${same.join(' ')}))))`);
  }
  return { lit: 'excl', script: `${lines.join('\n')}\n` };
}

/** The execution Z3 found: executed events, rf and co, by label. */
export function witness(enc: Encoding, ask: (c: string) => string): Witness {
  const state = readState(enc, ask).values;
  const names = [...enc.execNames, ...enc.rfVars.map((v) => v.name), ...enc.coVars.map((v) => v.name), ...enc.choiceLits.map((c) => c.name), ...enc.unspecified.map((u) => u.lit)];
  const uniq = [...new Set(names.filter((x) => x !== 'true' && x !== 'false'))];
  const vals = new Map<string, boolean>();
  if (uniq.length) {
    const got = parseSexps(ask(`(get-value (${uniq.join(' ')}))`))[0] as [string, string][];
    got.forEach(([k, v]) => vals.set(k, v === 'true'));
  }
  const isTrue = (name: string): boolean => (name === 'true' ? true : name === 'false' ? false : vals.get(name) === true);
  const label = (i: number): string => enc.events[i]!.info.label;
  const execution = readExecution(enc, ask);
  return {
    execution,
    state,
    unspecified: [
      ...unspecifiedNotes(enc.unspecified.filter((u) => isTrue(u.lit))),
      ...enc.fusions.filter((f) => execution.fused.includes(f.site)).map((f) => `${f.text}: ptxas fuses it with its mul into one fma.rn in this execution (ISA add: a mul and an add without rounding modifiers may be fused)`),
    ],
    events: enc.events.filter((_, i) => isTrue(enc.execNames[i]!)).map((e) => e.info.label),
    rf: enc.rfVars.filter((v) => isTrue(v.name)).map((v) => [label(v.w), label(v.r)]),
    co: enc.coVars.filter((v) => isTrue(v.name)).map((v) => [label(v.a), label(v.b)]),
    choice: enc.choiceLits.filter((c) => isTrue(c.name)).map((c) => c.key),
  };
}
