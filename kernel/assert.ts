// A kernel's assertions (`--assert "counter == 2"`, `out[1] == 2`): the litmus condition
// syntax, read by the litmus grammar's own `expr` rule and builder, over the instance's
// locations (a module variable, a buffer's or array's element) and registers (`P3:r1`).
import type { Expr, LitmusTest } from '../litmus/ast.js';
import { checkConstants, expr } from '../litmus/build.js';
import type { CstExpr } from '../litmus/cst.js';
import { parseFragment } from '../litmus/parse.js';
import { threadRegisters } from '../litmus/types.js';

/** `where` names the assertion in messages (`--assert 1`, or the spec file); columns count from 1 in `text`. */
export function readAssertion(text: string, where: string, test: LitmusTest): Expr {
  const cst = parseFragment<CstExpr>('expr', text, where, 1, 1);
  const e = expr(cst, {
    file: where,
    nThreads: test.threads.length,
    locs: new Set(test.locations.map((l) => l.name)),
    regs: test.threads.map((t) => threadRegisters(test.regInits, t)),
  });
  // As in a litmus test's condition: `count == -1` for an unsigned count can never hold, and
  // answering "fails" would hide the typo.
  checkConstants({ ...test, condition: { ...test.condition, expr: e }, filter: undefined }, where);
  return e;
}

/** Every assertion must hold in every final state: `forall (a1 /\ a2 ...)`. */
export function withAssertions(test: LitmusTest, asserts: Expr[]): LitmusTest {
  const e: Expr = asserts.length === 0 ? { kind: 'true' } : asserts.length === 1 ? asserts[0]! : { kind: 'and', args: asserts };
  return { ...test, condition: { ...test.condition, quantifier: 'forall', expr: e } };
}
