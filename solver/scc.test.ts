// Strongly connected components: what the acyclicity and wait-time encodings keep depends on
// them, so a wrong component would drop a constraint a cycle needs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { components } from './scc.js';

/** The nodes grouped by component, each group sorted, groups by their first node. */
function groups(n: number, edges: [number, number][]): number[][] {
  const comp = components(n, edges);
  const by = new Map<number, number[]>();
  comp.forEach((c, v) => (by.get(c) ?? by.set(c, []).get(c)!).push(v));
  return [...by.values()].sort((a, b) => a[0]! - b[0]!);
}

test('cycles are components; a path into or out of one is not part of it', () => {
  // 0 -> 1 -> 2 -> 0 a cycle, 2 -> 3 -> 4 -> 3 another, 5 -> 0 a way in, 6 alone with a self-loop.
  assert.equal(groups(7, [[0, 1], [1, 2], [2, 0], [2, 3], [3, 4], [4, 3], [5, 0], [6, 6]]), [[0, 1, 2], [3, 4], [5], [6]]);
  // A chain has no cycle: every node on its own.
  assert.equal(groups(4, [[0, 1], [1, 2], [2, 3]]), [[0], [1], [2], [3]]);
  // Two cycles sharing a node are one component.
  assert.equal(groups(5, [[0, 1], [1, 0], [1, 2], [2, 3], [3, 1], [4, 4]]), [[0, 1, 2, 3], [4]]);
});

test('a long cycle (no recursion depth limit)', () => {
  const n = 200_000;
  const edges = Array.from({ length: n }, (_, i): [number, number] => [i, (i + 1) % n]);
  const comp = components(n, edges);
  assert.ok(comp.every((c) => c === comp[0]));
});

test.run();
