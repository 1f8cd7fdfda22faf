// What the theorems share: the PTX model's view of the space, and a found execution made into
// a counterexample program (a litmus test, its execution, the concrete evaluator's verdict).
import type { ConcreteResult } from '../model/concrete.js';
import type { Model } from '../model/relalg.js';
import type { N } from '../solver/expr.js';
import type { SRel } from '../solver/symbolic.js';
import { type FoundExecution, litmusOf, readFound, witnessOf } from './execution.js';
import { type Claim, type Counterexample, type CounterProgram, consistent } from './prove.js';
import type { Space } from './space.js';

/** What solver/symbolic.ts needs to read a model over the space. */
export interface SpaceEnv {
  exec: N[];
  sets: Record<string, N[]>;
  statics: Record<string, SRel>;
  dynamic: Record<string, SRel>;
}

export const ptxEnv = (space: Space): SpaceEnv => ({ exec: space.exec, sets: space.sets, statics: space.statics, dynamic: space.dynamic });

/**
 * "Every execution model a accepts, model b accepts": a's axioms assumed, b's decided exactly;
 * a counterexample is an execution a accepts and b rejects, made by `counter`.
 */
export function acceptsClaim(space: Space, a: Model, b: Model, counter: (f: FoundExecution) => Counterexample): Claim {
  const env = ptxEnv(space);
  return {
    assume: [consistent(space.dag, a, env, false, 'a')],
    conclusion: consistent(space.dag, b, env, true, 'b'),
    counterexample: (val) => counter(readFound(space, val)),
  };
}

/** A found execution as a program: the litmus test that has it, and the execution to draw. */
export function programOf(f: FoundExecution, name: string, role: string, docs: string[], model: Model, reachable: boolean, required: boolean): CounterProgram {
  const test = litmusOf(f, name, docs);
  return { role, test, model, reachable, required, execution: witnessOf(f, test) };
}

/** The axioms a concrete result breaks, for messages. */
export function broken(r: ConcreteResult): string[] {
  return Object.entries(r.axioms).filter(([, ok]) => !ok).map(([name]) => name);
}
