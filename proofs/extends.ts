// Theorem 2: PTX 7.5 extends PTX 6.0. On executions of the generic proxy without virtual
// aliases (the whole space, proofs/space.ts), the two models accept exactly the same
// executions; each direction is one theorem, and a counterexample is an execution one model
// accepts and the other rejects.
import type { Model } from '../model/relalg.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { acceptsClaim, broken, programOf } from './claims.js';
import type { Theorem } from './prove.js';
import { evaluate } from '../model/concrete.js';

function accepts(a: Model, b: Model, expect: Theorem['expect'], group = 'extends'): Theorem {
  return {
    name: `${b.name}-accepts-${a.name}`,
    group,
    statement: `Every execution ${a.name} accepts, ${b.name} accepts (generic proxy, no aliases, no barriers).`,
    expect,
    models: `${a.name} and ${b.name}`,
    claim: (space) => acceptsClaim(space, a, b, (f) => {
      const name = `${a.name}-not-${b.name}`;
      const docs = [`An execution ${a.name} accepts and ${b.name} rejects (ptxmm prove ${b.name}-accepts-${a.name}).`];
      const inA = programOf(f, name, `accepted by ${a.name}`, docs, a, true, true);
      const inB = { ...programOf(f, name, `rejected by ${b.name}`, docs, b, false, false) };
      const ra = evaluate(a, inA.execution.x);
      const rb = evaluate(b, inB.execution.x);
      return {
        summary: `${a.name} accepts this execution; ${b.name} rejects it (${broken(rb).join(', ')})`,
        details: [],
        programs: [inA, inB],
        concrete: ra.consistent && !rb.consistent ? null : `the concrete evaluator says ${a.name} ${ra.consistent ? 'accepts' : 'rejects'} and ${b.name} ${rb.consistent ? 'accepts' : 'rejects'} it`,
      };
    }),
  };
}

export const extendsTheorems: Theorem[] = [accepts(ptx60, ptx75, 'either'), accepts(ptx75, ptx60, 'either')];

/**
 * `prove --model A --against B`: does each of two models (a variant read from cat, and the one
 * it varies) accept every execution the other accepts? Holding both ways, they agree on every
 * execution of the space; a counterexample is an execution only one of them accepts.
 */
export const comparisonTheorems = (a: Model, b: Model): Theorem[] => [accepts(a, b, 'either', 'compare'), accepts(b, a, 'either', 'compare')];
