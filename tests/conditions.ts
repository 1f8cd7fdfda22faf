// A condition evaluated on a final state by tests, written apart from both engines so that it
// can check them: values by observable name (`P1:r0`, `x`), compared as the integers they are.
import type { Expr, Term } from '../litmus/ast.js';

const value = (t: Term, state: ReadonlyMap<string, bigint>): bigint => {
  if (t.kind === 'const') return BigInt(t.value);
  const v = state.get(t.kind === 'loc' ? t.name : `P${t.thread}:${t.reg}`);
  if (v === undefined) throw new Error(`no final value for ${JSON.stringify(t)}`);
  return v;
};

export function holds(e: Expr, s: ReadonlyMap<string, bigint>): boolean {
  switch (e.kind) {
    case 'true': return true;
    case 'false': return false;
    case 'not': return !holds(e.arg, s);
    case 'and': return e.args.every((a) => holds(a, s));
    case 'or': return e.args.some((a) => holds(a, s));
    case 'cmp': {
      const a = value(e.left, s);
      const b = value(e.right, s);
      return { eq: a === b, ne: a !== b, lt: a < b, le: a <= b, gt: a > b, ge: a >= b }[e.op];
    }
  }
}
