// Strongly connected components, for encodings that need a constraint only where a cycle may pass.

/** Strongly connected components of a graph on nodes 0..n-1 (Tarjan's, without recursion): a component number per node. */
export function components(n: number, edges: readonly (readonly [number, number, ...unknown[]])[]): number[] {
  const succ: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) succ[a]!.push(b);
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const comp = new Array<number>(n).fill(-1);
  const stack: number[] = [];
  const onStack = new Array<boolean>(n).fill(false);
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (work.length) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      if (i < succ[v]!.length) {
        top[1]++;
        const w = succ[v]![i]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = true;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length) { const u = work[work.length - 1]![0]; low[u] = Math.min(low[u]!, low[v]!); }
      if (low[v] === index[v]) {
        for (;;) {
          const w = stack.pop()!;
          onStack[w] = false;
          comp[w] = comps;
          if (w === v) break;
        }
        comps++;
      }
    }
  }
  return comp;
}
