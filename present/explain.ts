// Explanations of one outcome of one test: an execution that reaches it, or, when none does,
// the smallest sets of axioms that forbid it and how an execution that reaches it breaks them.
// Used by `show`, `why`, `check --witness` and `conform`.
import { floatLocations, valueText } from './values.js';
import type { Expr, LitmusTest } from '../litmus/ast.js';
import type { TimeBudget } from '../solver/limits.js';
import { printExpr } from '../litmus/print.js';
import type { ConcreteResult, Mat } from '../model/concrete.js';
import { evaluate } from '../model/concrete.js';
import type { Model } from '../model/relalg.js';
import { BASE_RELS } from '../model/events.js';
import { runTest } from '../solver/run.js';
import type { WitnessExecution } from '../solver/witness.js';
import type { Z3Session } from '../solver/z3.js';
import { buildGraph, eventName, type ExecGraph, relationByName } from './graph.js';
import { rel } from '../model/relalg.js';
import { graphText, violationText } from './text.js';
import { findViolation, type Violation } from './violation.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface ExplainOptions extends TimeBudget {
  model: Model;
  bound: number;
  /** Search the axiom sets that forbid an unreachable outcome (costs a query per subset). */
  relax: boolean;
  /** With relax: also the unsat core (`core`; RunOptions.core). Default: yes. */
  core?: boolean;
  /**
   * Executions already shown (their `Explanation.choice`): show another one reaching the same
   * outcome, or say `exhausted` when there is none left (RunOptions.exclude).
   */
  exclude?: readonly (readonly string[])[];
}

export interface Explanation {
  test: LitmusTest;
  model: Model;
  /** The final-state formula asked about (for forall, its negation: a counterexample). */
  outcome: Expr;
  reachable: boolean | 'unknown';
  /** Why reachability is unknown (a timeout, a size limit, Z3 out of memory). */
  unknown: string | null;
  /** An execution reaching the outcome: a consistent one, or (unreachable) one without `relaxations[0]`. */
  witness: WitnessExecution | null;
  /** Which execution `witness` is (Witness.choice): add it to `exclude` to ask for the next one. */
  choice: string[] | null;
  /**
   * Every execution `witness` could be is in `exclude`: the outcome is still reachable (or
   * still reachable without `relaxations[0]`) as `reachable` says, but by no execution not
   * shown yet; `witness` is null. Always false without `exclude`.
   */
  exhausted: boolean;
  state: [string, bigint][];
  /** Values PTX leaves unspecified that `witness` makes (Witness.unspecified). */
  unspecified: string[];
  concrete: ConcreteResult | null;
  /** Unreachable only: the smallest sets of axioms whose removal makes it reachable. */
  relaxations: string[][] | null;
  /** Unreachable only: the axioms in the unsat core. */
  core: string[] | null;
  /** How `witness` breaks the axioms (empty when reachable). */
  violations: Violation[];
  boundReached: boolean | null;
  /**
   * Unreachable by any execution, consistent or not (or by the program alone): where no
   * consistent execution finishes because threads wait forever, those barriers; else null.
   */
  deadlock: string[] | null;
}

export const outcomeText = (e: Expr): string => printExpr(e);

export async function explainTest(z3: Z3Session, test: LitmusTest, opt: ExplainOptions): Promise<Explanation> {
  const r = await runTest(z3, test, {
    model: opt.model, bound: opt.bound, timeoutMs: opt.timeoutMs, mode: 'verdict', checkBound: true, explain: true, relax: opt.relax, core: opt.core ?? true,
    ...(opt.exclude ? { exclude: opt.exclude } : {}), ...(opt.deadline === undefined ? {} : { deadline: opt.deadline }),
  });
  const q = test.condition.quantifier;
  const outcome: Expr = q === 'forall' ? { kind: 'not', arg: test.condition.expr } : test.condition.expr;
  // From the verdict, not the witness: with `exclude` a reachable outcome may have none left.
  const reachable = r.validated === 'unknown' ? 'unknown' : q === 'exists' ? r.validated : !r.validated;
  const w = r.witness ?? r.relaxedWitness;
  const concrete = w ? evaluate(opt.model, w.execution.x) : null;
  const violations = !r.witness && concrete
    ? opt.model.axioms.map((ax) => findViolation(opt.model, concrete, ax)).filter((v): v is Violation => v !== null)
    : [];
  // No axiom at fault: the program alone. Asked whether any execution finishes at all, so that a
  // deadlock is named rather than left for the reader to find.
  const programAlone = reachable === false && (r.relaxations ? r.relaxations.length === 0 : r.core !== null && r.core.length === 0);
  const deadlock = programAlone ? await deadlockOf(z3, test, opt) : null;
  return {
    test, model: opt.model, outcome, reachable, unknown: r.unknown, witness: w?.execution ?? null, choice: w?.choice ?? null, exhausted: r.exhausted,
    state: w?.state ?? [], unspecified: w?.unspecified ?? [], concrete,
    relaxations: r.relaxations, core: r.core, violations, boundReached: r.boundReached, deadlock,
  };
}

/** The barriers at which every consistent execution leaves a thread waiting forever, if none finishes; else null. */
async function deadlockOf(z3: Z3Session, test: LitmusTest, opt: ExplainOptions): Promise<string[] | null> {
  const base = { model: opt.model, bound: opt.bound, timeoutMs: opt.timeoutMs, checkBound: false, explain: false, ...(opt.deadline === undefined ? {} : { deadline: opt.deadline }) };
  // One query first: does any execution finish? Only where none does is the states query (which
  // lists every final state, and says why there is none) asked.
  const finishes: LitmusTest = { ...test, condition: { ...test.condition, quantifier: 'exists', expr: { kind: 'true' } } };
  if ((await runTest(z3, finishes, { ...base, mode: 'verdict' })).validated !== false) return null;
  const s = await runTest(z3, test, { ...base, mode: 'states' });
  return s.noStates?.why === 'deadlock' ? s.noStates.barriers : null;
}

/** The graph of the explanation's execution, with `rels` drawn too. Throws on unknown names. */
export function explanationGraph(ex: Explanation, rels: string[]): ExecGraph | null {
  if (!ex.witness || !ex.concrete) return null;
  const extra: Record<string, Mat> = {};
  for (const name of rels) {
    const m = relationByName(ex.model, ex.concrete, name);
    if (!m) throw new Error(`unknown relation '${name}' (${ex.model.name} defines ${Object.keys(ex.model.defs).join(', ')}; base: ${BASE_RELS.join(', ')})`);
    extra[name] = m;
  }
  return buildGraph(ex.witness, ex.concrete, extra, ex.violations[0] ?? null);
}

/**
 * A final state as `show`, `why` and the explorer print it: `P1:r0=1; x=2`; a location of
 * floating-point data (`floats`, floatLocations) as its float and bits: `f=2.5 (0f40200000)`.
 */
export const stateText = (s: readonly (readonly [string, bigint])[], floats?: ReadonlyMap<string, number>): string =>
  s.map(([k, v]) => { const w = floats?.get(k); return `${k}=${valueText(v, w ? { width: w } : null)}`; }).join('; ') || '(no observables)';
const setText = (s: string[]): string => `{${s.join(', ')}}`;

/** The values PTX leaves unspecified that the explanation's execution makes, a `note:` line each. */
export const unspecifiedNotes = (ex: Explanation): string[] => ex.unspecified.map((u) => `note: ${u}`);

/**
 * Where coherence leaves several writes of a location last (it is partial, ISA §8.8.6), which
 * of them the final state's value is, a `note:` line each: the drawing alone does not say.
 */
function finalWriteNotes(ex: Explanation): string[] {
  if (!ex.witness || !ex.concrete) return [];
  const { x, values, locNames } = ex.witness;
  const co = ex.concrete.evalRel(rel('co'));
  const writes = x.events.filter((e) => e.kind === 'W');
  const out: string[] = [];
  for (const [ploc, name] of locNames.entries()) {
    const last = writes.filter((e) => e.ploc === ploc && !writes.some((f) => f.ploc === ploc && co.m[e.id * co.n + f.id]));
    const v = ex.state.find(([k]) => k === name)?.[1];
    if (last.length < 2 || v === undefined) continue;
    const by = last.filter((e) => values[e.id] === v).map((e) => eventName(e.id));
    if (by.length === 0) continue;
    out.push(`note: ${name}=${v} is the value of ${by.join(' or ')}: ${last.map((e) => eventName(e.id)).join(', ')} are each last in coherence, which leaves them unordered (ISA §8.8.6), and the final state takes one of them`);
  }
  return out;
}

/** The headline and details, for `show`, `why` and `conform`. */
export function explanationText(ex: Explanation, g: ExecGraph | null): string[] {
  const head = `${ex.test.name} (${ex.model.name}): ${outcomeText(ex.outcome)}`;
  const out: string[] = [];
  if (ex.reachable === 'unknown') return [`${head}: unknown: ${ex.unknown ?? 'no answer'}`];
  if (ex.reachable && ex.exhausted) {
    out.push(`${head} is reachable, but by no consistent execution other than those already shown.`);
  } else if (ex.reachable) {
    out.push(`${head} is reachable; a consistent execution that reaches it (state: ${stateText(ex.state, floatLocations(ex.test))}):`);
  } else {
    out.push(`${head} is unreachable: no consistent execution reaches it.`);
    const rs = ex.relaxations;
    // (An unsat core: axioms that rule it out together, not always a smallest such set.)
    if (rs === null) {
      const core = ex.core ?? [];
      const by = core.length > 1 ? `${core.join(', ')} together (why finds the smallest sets)`
        : core.length === 1 ? `${core[0]} (why says how)`
          : `no axiom: the program${ex.test.filter ? ' and its filter' : ''} alone${ex.boundReached ? ', within the loop bound' : ''}`;
      out.push(`  ruled out by: ${by}`);
      if (ex.deadlock) out.push(`  ${deadlockText(ex.deadlock)}`);
    } else if (rs.length === 0) {
      out.push(`No axiom forbids it: no execution of the program reaches it, consistent or not${ex.test.filter ? ', among those the filter keeps' : ''}${ex.boundReached ? ', within the loop bound' : ''}.`);
      if (ex.deadlock) out.push(deadlockText(ex.deadlock));
    } else {
      const sets = rs.map(setText);
      out.push(rs.length === 1 ? `Smallest set of axioms to remove for it to be reachable: ${sets[0]}` : `Smallest sets of axioms to remove for it to be reachable (any one of these; larger sets that also do are not listed): ${sets.join(', ')}`);
      out.push(ex.exhausted
        ? `Without ${sets[0]}, no execution other than those already shown reaches it.`
        : `Without ${sets[0]}, this execution reaches it (state: ${stateText(ex.state, floatLocations(ex.test))}):`);
    }
  }
  if (g) out.push('', ...graphText(g).map((l) => (l ? `  ${l}` : l)));
  const last = g ? finalWriteNotes(ex) : [];
  if (ex.unspecified.length || last.length) out.push('', ...unspecifiedNotes(ex), ...last);
  if (ex.violations.length) out.push('', ...ex.violations.flatMap(violationText));
  if (ex.boundReached) out.push('', 'note: the loop bound was reached; executions needing more iterations are not counted');
  return out;
}

const deadlockText = (barriers: readonly string[]): string =>
  `No consistent execution finishes: every one leaves a thread waiting forever at ${barriers.join('; ')}.`;

/** One line naming what the picture shows. */
export function graphTitle(ex: Explanation): string {
  const head = `${ex.test.name} (${ex.model.name}): ${outcomeText(ex.outcome)}`;
  if (ex.reachable === true) return head;
  const v = ex.violations.map((x) => x.axiom.name);
  return `${head}, unreachable; reached only by breaking ${v.join(', ') || 'the axioms'}`;
}
