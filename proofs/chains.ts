// The encoder's shortcut for observation chains (solver/chains.ts) is exact: with every axiom
// enforced, reading causality through one observation step accepts exactly the executions the
// model accepts. Each direction is one theorem; a counterexample is an execution one accepts
// and the other rejects, which would make `check` (which uses the shortcut) wrong.
import type { Model } from '../model/relalg.js';
import { evaluate } from '../model/concrete.js';
import { oneStepObservation } from '../solver/chains.js';
import { acceptsClaim, broken, programOf } from './claims.js';
import type { Theorem } from './prove.js';

function direction(exact: Model, short: Model, fromShort: boolean): Theorem {
  const [a, b] = fromShort ? [short, exact] : [exact, short];
  const [an, bn] = fromShort ? ['one step', exact.name] : [exact.name, 'one step'];
  const name = `one-observation-step-${fromShort ? 'sound' : 'complete'}`;
  return {
    name,
    group: 'encoding',
    statement: fromShort
      ? `Every execution that satisfies ${exact.name}'s axioms with causality read through one observation step satisfies them as written (check's encoding adds no execution).`
      : `Every execution ${exact.name} accepts satisfies its axioms with causality read through one observation step (check's encoding loses no execution).`,
    expect: 'holds',
    claim: (space) => acceptsClaim(space, a, b, (f) => {
      const docs = [`An execution ${an} accepts and ${bn} rejects (ptxmm prove ${name}).`];
      // check (all axioms on) uses the shortcut: the exact model's verdict is the one to confirm.
      const program = programOf(f, name, fromShort ? 'accepted with one step, rejected by the model' : 'accepted by the model', docs, exact, !fromShort, !fromShort);
      const re = evaluate(exact, program.execution.x);
      const rs = evaluate(short, program.execution.x);
      const ok = fromShort ? rs.consistent && !re.consistent : re.consistent && !rs.consistent;
      return {
        summary: `${an} accepts this execution; ${bn} rejects it (${broken(fromShort ? re : rs).join(', ')})`,
        details: [],
        programs: [program],
        concrete: ok ? null : `the concrete evaluator says the model ${re.consistent ? 'accepts' : 'rejects'} and one step ${rs.consistent ? 'accepts' : 'rejects'} it`,
      };
    }),
  };
}

/** Both directions, for a model and its reading through one step (the tests pass wrong ones too). */
export const oneStepTheorems = (exact: Model, short: Model): Theorem[] => [direction(exact, short, true), direction(exact, short, false)];

/** Both directions for the chosen model; none when its terms do not have the shortcut's shape. */
export function chainTheorems(model: Model): Theorem[] {
  const one = oneStepObservation(model);
  return one ? oneStepTheorems(model, one.model) : [];
}
