// Theorem 4: SC for fenced strong programs. When every two accesses to one location are
// morally strong (same thread, or strong with scopes that include each other) and a fence.sc
// at system scope comes between every two accesses of a thread (an atom counts as one
// access), every consistent execution is sequentially consistent (model/sc.ts).
import { SCOPES } from '../litmus/ast.js';
import { sc } from '../model/sc.js';
import type { N } from '../solver/expr.js';
import { axiomFormula, interpret } from '../solver/symbolic.js';
import { broken, programOf, ptxEnv } from './claims.js';
import { consistent, type Theorem } from './prove.js';
import { evaluate } from '../model/concrete.js';
import { readFound } from './execution.js';

const SYS = SCOPES.indexOf('sys');

export const fencedScTheorem: Theorem = {
  name: 'fenced-sc',
  group: 'fenced-sc',
  statement: 'Morally strong accesses separated by fence.sc.sys give only sequentially consistent executions.',
  expect: 'holds',
  claim(space, opt) {
    const { dag, n, ev } = space;
    const env = ptxEnv(space);
    const M = env.sets.M!;
    const assume: N[] = [consistent(dag, opt.model, env, false, 'p')];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) {
      const sameLoc = env.statics.loc!.get(a)?.get(b) ?? dag.F;
      const both = dag.and(space.exec[a]!, space.exec[b]!);
      assume.push(dag.implies(dag.and(both, sameLoc), dag.or(space.same(a, b, 0), env.statics.sr!.get(a)!.get(b)!)));
      // Two accesses of a thread (not the halves of one atom) have a fence.sc.sys between them.
      const atom = b === a + 1 ? space.rmw[a]! : dag.F;
      const fences: N[] = [];
      for (let f = a + 1; f < b; f++) fences.push(dag.and(ev[f]!.isF, ev[f]!.sc, dag.eq(ev[f]!.scope, dag.int(SYS))));
      assume.push(dag.implies(dag.and(both, M[a]!, M[b]!, space.same(a, b, 0), dag.not(atom)), dag.or(...fences)));
    }
    const sym = interpret(sc, { dag, ...env });
    return {
      assume,
      conclusion: dag.and(...sc.axioms.map((ax) => axiomFormula(dag, ax, sym.evalRel, env.exec, true))),
      counterexample(val) {
        const f = readFound(space, val);
        const p = programOf(f, 'fenced-not-sc', `consistent under ${opt.model.name}`, ['A fenced, morally strong program with a non-SC execution (ptxmm prove fenced-sc).'], opt.model, true, true);
        const rm = evaluate(opt.model, p.execution.x);
        const rs = evaluate(sc, p.execution.x);
        return {
          summary: `${opt.model.name} allows this execution, which is not sequentially consistent (${broken(rs).join(', ')})`,
          details: [],
          programs: [p],
          concrete: rm.consistent && !rs.consistent ? null : `the concrete evaluator finds it ${rm.consistent ? 'consistent' : 'inconsistent'} under ${opt.model.name} and ${rs.consistent ? '' : 'not '}SC`,
        };
      },
    };
  },
};
