// An explanation from a worker made whole again on this thread: the concrete evaluator's
// results (closures, so they do not cross threads) recomputed on the witness, then the graph
// with the relations a user chose. The same functions `show` and `why` print with.
import { evaluate } from '../../model/concrete.js';
import { type Explanation, explanationGraph, explanationText } from '../../present/explain.js';
import { BASE_EDGES, type ExecGraph } from '../../present/graph.js';
import type { PlainExplanation } from './protocol.js';

export function whole(p: PlainExplanation): Explanation {
  return { ...p, concrete: p.witness ? evaluate(p.model, p.witness.x) : null };
}

/** Every relation a user may draw: the base edges, then the model's definitions. */
export function drawable(p: PlainExplanation): string[] {
  return [...new Set([...BASE_EDGES, ...Object.keys(p.model.defs)])];
}

/** The graph with exactly the relations in `on` (violation edges always shown). */
export function graphWith(ex: Explanation, on: ReadonlySet<string>): ExecGraph | null {
  const base = new Set<string>(BASE_EDGES);
  const g = explanationGraph(ex, [...on].filter((r) => !base.has(r)));
  return g && { ...g, edges: g.edges.filter((e) => e.highlight || on.has(e.rel)) };
}

export function explanationLines(ex: Explanation, on: ReadonlySet<string>): string[] {
  return explanationText(ex, graphWith(ex, on));
}
