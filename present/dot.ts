// An execution graph as Graphviz DOT with every position given (layout.ts decides them; the
// nop2 engine only draws): one framed column per thread, program order top to bottom, edges
// that go around other events' boxes, labels clear of boxes and of each other. Edge styles a
// reader can tell apart without a legend lookup: po black, rf solid red, co blue, fr dashed
// orange, sync green, sync_fence dotted dark green, sync_barrier purple; other relations grey;
// a violation's edges thick. A hub (a group of one relation's edges, layout.ts) is a grey box,
// its lines unlabelled, in its relation's style.
import type { ExecGraph } from './graph.js';
import { FONT, isInitColumn, layoutGraph, type Pt } from './layout.js';

const STYLE: Record<string, string> = {
  po: 'color=black',
  rf: 'color=red, fontcolor=red',
  co: 'color=blue, fontcolor=blue',
  fr: 'color=orange, fontcolor=darkorange, style=dashed',
  sync: 'color=green3, fontcolor=green4',
  sync_fence: 'color=darkgreen, fontcolor=darkgreen, style=dotted',
  sync_barrier: 'color=purple, fontcolor=purple',
};

const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
/**
 * A graph's name (the SVG's <title>): no escapes but \" there (DOT reads only that one in a
 * name), so a backslash stays single (`/\` came out `/\\`); one before a quote or the end is
 * kept apart from it by a space.
 */
const qName = (s: string): string => `"${s.replace(/\n/g, ' ').replace(/\\(?=$|")/g, '\\ ').replace(/"/g, '\\"')}"`;
const num = (v: number): string => String(Math.round(v * 100) / 100);
/** Points to inches, precise enough that boxes come out where the layout put their edges. */
const inch = (v: number): string => String(Math.round(v / 72 * 10000) / 10000);

export function toDot(g: ExecGraph, title: string, opts: { hubs?: boolean } = {}): string {
  const l = layoutGraph(g, title, opts);
  // Graphviz's y axis points up; the layout's down.
  const pt = (p: Pt): string => `${num(p.x)},${num(l.height - p.y)}`;
  const out = [
    `digraph ${qName(title)} {`,
    '  layout=nop2; pad=0.3;',
    `  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Courier", fontsize=${FONT.node}, fixedsize=true];`,
    `  edge [fontname="Helvetica", fontsize=${FONT.edge}];`,
  ];
  const plain = `shape=plaintext, style="", fixedsize=false, fontname="Helvetica"`;
  l.columns.forEach((c, i) => {
    const f = c.frame;
    out.push(`  subgraph cluster_${i} {`, `    label=""; style=${isInitColumn(c.name) || c.hubs ? 'dashed' : 'solid'}; color=gray60; bb="${num(f.x0)},${num(l.height - f.y1)},${num(f.x1)},${num(l.height - f.y0)}";`);
    out.push(`    h${i} [${plain}, label=${q(c.name)}, fontsize=${FONT.header}, pos="${pt(c.header)}"];`);
    for (const n of l.nodes.filter((m) => m.node.column === c.name)) {
      const hub = n.hub ? ', fillcolor=gray92' : '';
      out.push(`    n${n.node.id} [label=${q(n.lines.join('\n'))}${hub}, width=${inch(n.w)}, height=${inch(n.h)}, pos="${pt(n)}"];`);
    }
    out.push('  }');
  });
  out.push(`  title [${plain}, label=${q(l.title.lines.join('\n'))}, fontsize=${FONT.title}, pos="${pt(l.title.at)}"];`);
  for (const e of l.edges) {
    const style = STYLE[e.edge.rel] ?? 'color=gray40, fontcolor=gray30';
    const bold = e.edge.highlight ? ', penwidth=3' : '';
    const pos = `${e.arrow ? `e,${pt(e.tip)} ` : ''}${e.curve.map(pt).join(' ')}`;
    const label = e.label ? `label=${q(e.edge.rel)}, ` : '';
    const lp = e.label ? `, lp="${pt(e.label)}"` : '';
    out.push(`  n${e.edge.from} -> n${e.edge.to} [${label}${style}${bold}${e.arrow ? '' : ', dir=none'}, pos="${pos}"${lp}];`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
