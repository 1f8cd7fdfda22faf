// What the executor reaches, said in the model's own terms, so that its incompleteness is a
// checked claim and not a count (docs/ARCHITECTURE.md, "What the executor does not reach").
// The model with these two axioms added allows only executions the executor performs; a final
// state it allows, the executor must reach: cli/cross.ts asks Z3 for one the executor misses
// (the test is then MISSED), and fuzzing fails on it.
import { ALL, type Axiom, type Model, type SetTerm, alt, and, id, inv, minus, plus, ref, rel, seq, set, sminus, sor } from '../model/relalg.js';

const po = rel('po');
const rf = rel('rf');
const co = rel('co');
const [F, M, REL, ACQ] = ['F', 'M', 'REL', 'ACQ'].map(set) as [SetTerm, SetTerm, SetTerm, SetTerm];
/** Barrier operations: the events that are neither memory accesses nor fences. */
const B = sminus(ALL, sor(M, F));

/**
 * Program order the executor may keep (thread.ts orderAllows, fetchOne): it performs an access
 * before an earlier one of its thread unless they are of one location, the later depends on
 * the earlier (address, data, or a branch or guard it waits for), the later is a fence, a
 * barrier or a release, or the earlier a fence, a barrier or an acquire. (Some of these it
 * may still reorder, with checks: counted as kept, which rules out more than it must.)
 */
const kept = alt(and(po, rel('loc')), rel('dep'), seq(po, id(sor(F, B, REL))), seq(id(sor(F, B, ACQ)), po));

/**
 * The order in which the executor must perform events: a write before the reads of it, kept
 * program order, and whatever a thread does after a barrier or fence.sc after what the threads
 * it synchronizes with did before theirs.
 */
const made = alt(rf, kept, seq(kept, alt(rel('sync_barrier'), rel('sync_fence')), kept));
/** made+, one term: the interpreters memoise by term, so two would encode the closure twice. */
const madeBefore = plus(made);

export const EXECUTOR_AXIOMS: readonly Axiom[] = [
  // The executor performs an RMW as one step and never moves a fence.sc or a barrier: no read
  // takes its value from a write made after it.
  { name: 'InOrder', section: 'docs/ARCHITECTURE.md', kind: 'acyclic', r: made },
  // A new write is ordered against the writes it is morally strong with, or that causally
  // precede it, and left unordered with the others; a write made after two writes left
  // unordered so never goes between them (memory.ts placements), though coherence could order
  // them then.
  {
    name: 'CoherenceAsMade', section: 'docs/ARCHITECTURE.md', kind: 'empty',
    r: minus(seq(and(co, madeBefore), and(co, inv(madeBefore))), alt(ref('morally-strong'), ref('cause'))),
  },
];

/** The model restricted to the executions the executor performs. */
export const reachable = (m: Model): Model => ({ name: `${m.name}+executor`, defs: m.defs, axioms: [...m.axioms, ...EXECUTOR_AXIOMS] });
