// Bounded proofs over every execution of up to N events. A theorem gives a claim about the
// execution space (proofs/space.ts): assumptions, and a conclusion. Z3 is asked for an
// execution where the assumptions hold and the conclusion does not. None: the theorem holds
// for every execution of up to N events. One: a counterexample, read back as concrete
// executions and litmus tests, then confirmed twice, by the concrete evaluator (the claim
// recomputed on the found execution without Z3) and by `ptxmm check`'s solver on the litmus
// tests (proofs/confirm.ts). Z3 out of time is a timeout, never "holds".
import type { LitmusTest } from '../litmus/ast.js';
import type { Model } from '../model/relalg.js';
import { type Dag, type N, type Value, newDag, newPrinter } from '../solver/expr.js';
import { axiomFormula, interpret, type SRel } from '../solver/symbolic.js';
import { modelEvaluator, type WitnessExecution } from '../solver/witness.js';
import type { Z3Session } from '../solver/z3.js';
import { executionSpace, type Space } from './space.js';

export interface ProofOptions {
  /** Program events (initial writes not counted). */
  events: number;
  /** The PTX model the theorem speaks of (ptx60 or ptx75). */
  model: Model;
  timeoutMs: number;
}

/** A program of a counterexample and what the theorem says `ptxmm check` finds for it. */
export interface CounterProgram {
  /** What it is in the counterexample (`compiled PTX`, `stronger program`, ...). */
  role: string;
  test: LitmusTest;
  model: Model;
  /** The execution's outcome is reachable under `model` (else unreachable). */
  reachable: boolean;
  /** The execution itself, for drawing. */
  execution: WitnessExecution;
  /**
   * Whether check's answer must match `reachable` for the counterexample to stand (a
   * consistent execution's outcome is always reachable; an inconsistent one's may still be
   * reached by another execution, which is reported, not a failure).
   */
  required: boolean;
}

export interface Counterexample {
  /** What the execution shows, one line. */
  summary: string;
  /** Further lines: a C++ program, the changed instruction. */
  details: string[];
  programs: CounterProgram[];
  /**
   * The concrete evaluator's account: null when it agrees with the claim (the assumptions hold
   * on the found execution and the conclusion fails), else what it disagrees on.
   */
  concrete: string | null;
}

/** What a theorem asserts of the execution space. */
export interface Claim {
  assume: N[];
  conclusion: N;
  /** The counterexample a model gives (`val` evaluates a formula in it). */
  counterexample(val: (n: N) => Value): Counterexample;
}

export interface Theorem {
  name: string;
  /** Which of the families: mapping, extends, monotonicity, fenced-sc, independence. */
  group: string;
  /** The statement, one sentence. */
  statement: string;
  /** The answer we know: it holds, or it fails (a known finding, `note` says why), or either (a question). */
  expect: 'holds' | 'fails' | 'either';
  /** For `fails`: the events its known counterexample needs; up to fewer, it holds. */
  fewest?: number;
  /** The models it is about when they are not --model's (extends: ptx60 and ptx75), as results name them. */
  models?: string;
  note?: string;
  /** The claim over the execution space, decided by one query (most theorems). */
  claim?(space: Space, opt: ProofOptions): Claim;
  /** Or a search of its own (several queries: proofs/outcomes.ts). */
  search?(z3: Z3Session, opt: ProofOptions): Promise<ProofResult>;
}

export type Answer = 'holds' | 'counterexample' | 'timeout';

export interface ProofResult {
  theorem: Theorem;
  events: number;
  model: string;
  answer: Answer;
  seconds: number;
  counterexample: Counterexample | null;
  /** Program events in the counterexample (the fewest Z3 found in the time), or null. */
  size: number | null;
  /** No counterexample has fewer events (false: time ran out before Z3 could tell). */
  minimal: boolean;
  /** Size of the SMT-LIB script, in lines. */
  lines: number;
  /** Candidates a search tried (proofs/outcomes.ts). */
  rounds?: number;
  /**
   * For a theorem that holds: no execution of 1 to N events meets its assumptions (the model
   * accepts none), so it holds of nothing. False: one does; null: not asked (no holds, a
   * search theorem) or undecided in the time left.
   */
  vacuous: boolean | null;
}

/** The model's axioms on an execution: each asserted (`exact` false) or decided exactly. */
export function consistent(dag: Dag, model: Model, env: { exec: N[]; sets: Record<string, N[]>; statics: Record<string, SRel>; dynamic: Record<string, SRel> }, exact: boolean, tag = ''): N {
  const sym = interpret(model, { dag, exec: env.exec, sets: env.sets, statics: env.statics, dynamic: env.dynamic });
  return dag.and(...model.axioms.map((ax) => axiomFormula(dag, ax, sym.evalRel, env.exec, exact, tag)));
}

/** Space size for N events: every location N events can use. */
export function locationsFor(events: number): number {
  return Math.max(1, events);
}

export async function prove(z3: Z3Session, theorem: Theorem, opt: ProofOptions): Promise<ProofResult> {
  if (theorem.search) return theorem.search(z3, opt);
  const t0 = performance.now();
  await z3.ready();
  const dag = newDag();
  const space = executionSpace(dag, { events: opt.events, locations: locationsFor(opt.events) });
  const claim = theorem.claim!(space, opt);
  const p = newPrinter(dag);
  const assumed = [...space.wellFormed, ...claim.assume].map((f) => `(assert ${p.ref(f)})`);
  const negated = `(assert ${p.ref(dag.not(claim.conclusion))})`;
  const script = [...p.lines, ...assumed, negated].join('\n');
  const left = (): number => Math.max(1, Math.round(opt.timeoutMs - (performance.now() - t0)));
  z3.run('(reset)');
  const reply = z3.run(`${script}\n(set-option :timeout ${left()})\n(check-sat)`);
  if (reply.includes('(error')) throw new Error(`Z3: ${reply.trim().slice(0, 300)}`);
  const sat = reply.trim().split('\n').pop()!.trim();
  const result: ProofResult = {
    theorem, events: opt.events, model: theorem.models ?? opt.model.name, answer: 'timeout', seconds: 0, counterexample: null, size: null, minimal: false,
    lines: p.lines.length + assumed.length + 1, vacuous: null,
  };
  if (sat === 'unsat') {
    result.answer = 'holds';
    // Whether anything meets the assumptions at all. A query of its own, not the one above in a
    // push scope: that changed which counterexamples Z3 finds first.
    z3.run('(reset)');
    const some = z3.run(`${[...p.lines, ...assumed].join('\n')}\n(set-option :timeout ${left()})\n(check-sat)`).trim().split('\n').pop()!.trim();
    result.vacuous = some === 'unsat' ? true : some === 'sat' ? false : null;
  } else if (sat === 'sat') {
    result.answer = 'counterexample';
    // The smallest counterexample reads best: ask again for fewer events while there is time.
    const ask = (cmds: string): string => z3.run(cmds);
    let val = modelEvaluator(dag, script, ask);
    result.minimal = true;
    for (let size = Number(val(space.size)); size > 1; size--) {
      const rest = Math.round(opt.timeoutMs - (performance.now() - t0));
      const again = rest < 1000 ? 'unknown' : z3.run(`(assert (< size ${size}))\n(set-option :timeout ${rest})\n(check-sat)`).trim().split('\n').pop()!.trim();
      if (again !== 'sat') { result.minimal = again === 'unsat'; break; }
      val = modelEvaluator(dag, script, ask);
    }
    result.counterexample = claim.counterexample(val);
    result.size = Number(val(space.size));
  }
  z3.run('(reset)');
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}
