// A counterexample stands only when the rest of ptxmm agrees: each of its litmus tests is
// printed, parsed back (what is written to a file is what is checked) and run by the solver
// `ptxmm check` uses, under the program's model; the outcome must be reachable exactly when
// the theorem says so (for the programs where that is required: an execution the model
// rejects may still have its outcome reached by another one, which is reported, not counted).
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import { runTest } from '../solver/run.js';
import type { Z3Session } from '../solver/z3.js';
import type { CounterProgram, Counterexample } from './prove.js';

export interface ProgramCheck {
  program: CounterProgram;
  /** The litmus text, as written to a file. */
  text: string;
  /** What check answered: the outcome is reachable, not, or no answer. */
  reachable: boolean | 'unknown';
  /** check agrees with what the counterexample says (or need not, `required` false). */
  agrees: boolean;
}

export interface Confirmation {
  checks: ProgramCheck[];
  /** The concrete evaluator and every required check agree. */
  confirmed: boolean;
}

export async function confirm(z3: Z3Session, c: Counterexample, timeoutMs: number): Promise<Confirmation> {
  const checks: ProgramCheck[] = [];
  for (const p of c.programs) {
    const text = printLitmus(p.test);
    const test = parseLitmus(text, `${p.test.name}.litmus`);
    const r = await runTest(z3, test, { model: p.model, bound: DEFAULT_LOOP_BOUND, timeoutMs, mode: 'verdict', checkBound: false, explain: false });
    const reachable = r.validated;
    checks.push({ program: p, text, reachable, agrees: reachable === p.reachable || (!p.required && reachable !== 'unknown') });
  }
  return { checks, confirmed: c.concrete === null && checks.every((k) => k.agrees) };
}
