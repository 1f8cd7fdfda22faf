// Theorem 5: axiom independence. For each axiom of the model: an execution that every other
// axiom accepts and only this one forbids (the axiom is needed), or none up to N events (the
// others imply it within the bound; e.g. the ISA's Coherence2 may follow from the rest).
import type { Model } from '../model/relalg.js';
import { withoutAxioms } from '../model/relalg.js';
import { axiomFormula, interpret } from '../solver/symbolic.js';
import { broken, programOf, ptxEnv } from './claims.js';
import { consistent, type Theorem } from './prove.js';
import { evaluate } from '../model/concrete.js';
import { readFound } from './execution.js';

export function independenceTheorems(model: Model): Theorem[] {
  return model.axioms.map((ax): Theorem => ({
    name: `implied-${ax.name}`,
    group: 'independence',
    statement: `${model.name}'s other axioms imply ${ax.name} (${ax.section}): no execution breaks only it.`,
    expect: 'either',
    claim(space) {
      const env = ptxEnv(space);
      const others = withoutAxioms(model, [ax.name]);
      const sym = interpret(model, { dag: space.dag, ...env });
      return {
        assume: [consistent(space.dag, others, env, false, 'o')],
        conclusion: axiomFormula(space.dag, ax, sym.evalRel, env.exec, true),
        counterexample(val) {
          const f = readFound(space, val);
          const name = `only-${ax.name}`;
          const docs = [`An execution that only ${ax.name} forbids under ${model.name} (ptxmm prove implied-${ax.name}).`];
          const without = programOf(f, name, `allowed without ${ax.name}`, docs, others, true, true);
          const full = programOf(f, name, `under ${model.name}`, docs, model, false, false);
          const r = evaluate(model, full.execution.x);
          const gone = broken(r);
          return {
            summary: `${ax.name} is independent: this execution breaks it and no other axiom of ${model.name}`,
            details: [],
            programs: [without, full],
            concrete: gone.length === 1 && gone[0] === ax.name ? null : `the concrete evaluator finds broken: ${gone.join(', ') || 'none'}`,
          };
        },
      };
    },
  }));
}
