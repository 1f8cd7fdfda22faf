// An execution graph as Graphviz DOT: one cluster per thread (a column, program order top to
// bottom), communication edges that do not disturb that layout, and edge styles a reader can
// tell apart without a legend lookup: po black, rf solid red, co blue, fr dashed orange, sync
// green, sync_fence dotted dark green, sync_barrier purple; other relations grey and labelled;
// a violation's edges thick.
import type { ExecGraph } from './graph.js';

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

export function toDot(g: ExecGraph, title: string): string {
  // Positions are pinned (neato): dot's crossing minimisation would reorder the thread columns.
  const label = (n: ExecGraph['nodes'][number]): string =>
    n.column === 'init' ? `${n.name}: ${n.access}` : `${n.name}: ${n.access}\n${n.instr}\n(${n.sem})`;
  const colWidth = g.columns.map((c) => Math.max(c.length, ...g.nodes.filter((n) => n.column === c).flatMap((n) => label(n).split('\n').map((l) => l.length))));
  const out = [
    `digraph ${q(title)} {`,
    '  layout=neato; splines=curved; overlap=true; pad=0.3;',
    '  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Courier", fontsize=10];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  let x = 0;
  g.columns.forEach((c, i) => {
    // Courier 10pt is about 0.085 in per character; leave room between columns for edge labels.
    const w = colWidth[i]! * 0.085 + 0.4;
    const cx = x + w / 2;
    x += w + 1.2;
    out.push(`  subgraph cluster_${i} {`, `    label=""; style=${c === 'init' ? 'dashed' : 'solid'}; color=gray60;`);
    out.push(`    h${i} [shape=plaintext, style="", label=${q(c)}, fontname="Helvetica", fontsize=14, pos="${cx.toFixed(2)},1!"];`);
    g.nodes.filter((m) => m.column === c).forEach((n, row) => {
      out.push(`    n${n.id} [label=${q(label(n))}, pos="${cx.toFixed(2)},${(-row * 1.3).toFixed(2)}!"];`);
    });
    out.push('  }');
  });
  // The title as a node, so that the drawing is wide enough for it (neato sizes to the nodes).
  // Two lines (test, then outcome); its left edge kept inside the drawing, and an invisible
  // point at its right end, since pinned layouts size the drawing to node centres.
  const lines = title.replace(': ', ':\n').split('\n');
  const est = Math.max(...lines.map((l) => l.length)) * 13 * 0.5 / 72;
  const tx = Math.max((x - 1.2) / 2, est / 2);
  out.push(`  title [shape=plaintext, style="", label=${q(lines.join('\n'))}, fontname="Helvetica", fontsize=13, pos="${tx.toFixed(2)},1.8!"];`);
  out.push(`  title_end [shape=point, style=invis, pos="${(tx + est / 2).toFixed(2)},1.8!"];`, `  title_start [shape=point, style=invis, pos="${(tx - est / 2).toFixed(2)},1.8!"];`);
  for (const e of g.edges) {
    const style = STYLE[e.rel] ?? 'color=gray40, fontcolor=gray30';
    const bold = e.highlight ? ', penwidth=3' : '';
    out.push(`  n${e.from} -> n${e.to} [label=${q(e.rel)}, ${style}${bold}];`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
