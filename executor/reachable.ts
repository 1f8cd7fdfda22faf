// What the executor reaches, said in the model's own terms, so that its incompleteness is a
// checked claim and not a count (docs/ARCHITECTURE.md, "What the executor does not reach").
// The model with these two axioms added allows only executions the executor performs; a final
// state it allows, the executor must reach: cli/cross.ts asks Z3 for one the executor misses
// (the test is then MISSED), and fuzzing fails on it.
import { type Axiom, type Model, alt, and, minus, ref, rel, seq } from '../model/relalg.js';

const [po, rf, co] = [rel('po'), rel('rf'), rel('co')];

export const EXECUTOR_AXIOMS: readonly Axiom[] = [
  // The executor performs an access early only where its rules can check the model's promise
  // afterwards, performs an RMW as one step, and never moves a fence.sc or a barrier: no read
  // takes its value from a write made after it, later in the read's own thread or after a
  // barrier or fence.sc that the read's thread comes to after the read.
  {
    name: 'InOrder', section: 'executor', kind: 'acyclic',
    r: alt(rf, po, seq(po, alt(rel('sync_barrier'), rel('sync_fence')), po)),
  },
  // A new write is ordered against the writes it is morally strong with, or that causally
  // precede it, and left unordered with the others; a later write never goes between two
  // writes left unordered so (memory.ts placements), though coherence could order them then.
  {
    name: 'CoherenceAsMade', section: 'executor', kind: 'empty',
    r: minus(and(seq(co, co), co), alt(ref('morally-strong'), ref('cause'))),
  },
];

/** The model restricted to the executions the executor performs. */
export const reachable = (m: Model): Model => ({ name: `${m.name}+executor`, defs: m.defs, axioms: [...m.axioms, ...EXECUTOR_AXIOMS] });
