// DOT to SVG in-process with Graphviz compiled to WebAssembly (@viz-js/viz): no system
// Graphviz needed. One instance per process, created on first use. Engine nop2: the DOT gives
// every node and edge position (see layout.ts), Graphviz only draws. Loaded on first use too:
// a command that draws nothing does not pay for it.
import type { Viz } from '@viz-js/viz';

let viz: Promise<Viz> | null = null;

export async function renderSvg(dot: string): Promise<string> {
  viz ??= import('@viz-js/viz').then((m) => m.instance());
  const r = (await viz).render(dot, { format: 'svg', engine: 'nop2' });
  if (r.status !== 'success') throw new Error(`Graphviz: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.output;
}
