// A kernel's assertions (`--assert "counter == 2"`, `out[1] == 2`): the litmus condition
// syntax, read by the litmus grammar's own `expr` rule and builder, over the instance's
// locations (a module variable, a buffer's or array's element) and registers (`P3:r1`).
import { type Expr, type LitmusTest, type Term, allOf } from '../litmus/ast.js';
import { checkConstants, expr, twosComplement } from '../litmus/build.js';
import type { CstExpr } from '../litmus/cst.js';
import { LitmusError } from '../litmus/errors.js';
import { parseFragment } from '../litmus/parse.js';
import { threadRegisters } from '../litmus/types.js';

/**
 * `where` names the assertion in messages (`--assert 1`, or the spec file); columns count from 1
 * in `text`. `unmodelled`: module variables the launch left out, and why (Instance.unmodelled).
 */
export function readAssertion(text: string, where: string, test: LitmusTest, unmodelled?: ReadonlyMap<string, Error>): Expr {
  const cst = parseFragment<CstExpr>('expr', text, where, 1, 1);
  const locs = new Set(test.locations.map((l) => l.name));
  // A `__device__ half` named in an assertion was "a location the test never declares" (a
  // buffer may take its name: the launch left the variable out).
  const named = (e: CstExpr): void => {
    if (e.k === 'or' || e.k === 'and') { named(e.l); named(e.r); } else if (e.k === 'not') named(e.arg);
    else if (e.k === 'cmp') {
      for (const t of [e.l, e.r]) {
        if (t.k !== 'loc' || locs.has(t.tok.text)) continue;
        const why = unmodelled?.get(t.tok.text.replace(/\[\d+\]$/, ''));
        if (why) throw new LitmusError(`${t.tok.text} is a variable ptxmm does not model: ${why.message}`, { line: t.tok.line, col: t.tok.col }, where);
      }
    }
  };
  named(cst);
  // nvcc declares a variable of one element as an array (`cuda::atomic<int> serving` is
  // `.b8 serving[4]`): its bare name is that element, as --global takes it.
  const single = new Map([...locs].flatMap((n) => {
    const m = /^(.*)\[0\]$/.exec(n);
    return m && !locs.has(`${m[1]}[1]`) && !locs.has(m[1]!) ? [[m[1]!, n] as const] : [];
  }));
  const read = renameLocs(expr(cst, {
    file: where,
    nThreads: test.threads.length,
    locs: new Set([...locs, ...single.keys()]),
    regs: test.threads.map((t) => threadRegisters(test.regInits, t)),
  }), single);
  const alone = (x: Expr): LitmusTest => ({ ...test, condition: { ...test.condition, expr: x }, filter: undefined });
  // `out == -2` for a C int that nvcc declared .u32 means its bits; then, as in a litmus
  // test's condition, a constant no value of the type can equal (`count < -1` for an
  // unsigned count, `x == 2^32`), or a comparison the type decides (`count < 0`), is refused:
  // answering would hide the typo, or the C int read unsigned.
  const e = twosComplement(alone(read), read, where);
  checkConstants(alone(e), where, (o) => (o.kind === 'loc' ?  " (nvcc declares C's signed char, short, int and long long unsigned: --signed NAME reads a module variable signed, --param NAME:s32[N] a buffer)" : ''));
  return e;
}

/** e with the locations `to` names renamed. */
function renameLocs(e: Expr, to: ReadonlyMap<string, string>): Expr {
  const term = (t: Term): Term => (t.kind === 'loc' && to.has(t.name) ? { ...t, name: to.get(t.name)! } : t);
  switch (e.kind) {
    case 'cmp': return { ...e, left: term(e.left), right: term(e.right) };
    case 'and': case 'or': return { ...e, args: e.args.map((x) => renameLocs(x, to)) };
    case 'not': return { ...e, arg: renameLocs(e.arg, to) };
    default: return e;
  }
}

/** Every assertion must hold in every final state: `forall (a1 /\ a2 ...)`. */
export function withAssertions(test: LitmusTest, asserts: Expr[]): LitmusTest {
  return { ...test, condition: { ...test.condition, quantifier: 'forall', expr: allOf(asserts) } };
}
