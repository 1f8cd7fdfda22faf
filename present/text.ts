// An execution graph for the terminal: one column per thread (events top to bottom in program
// order; a line per thread where the columns would not fit a wide terminal), each event's
// instruction and semantics below, then the edges by relation.
import type { ExecGraph, GEdge } from './graph.js';
import { edgeGroups, eventName } from './graph.js';
import type { Step, Violation } from './violation.js';
import { LEVEL, showRel } from '../model/relalg.js';

/** The widest table of threads side by side, in characters; past it, a line per thread. */
const TABLE_WIDTH = 200;

export function graphText(g: ExecGraph): string[] {
  const cols = g.columns.map((c) => ({ c, cells: g.nodes.filter((n) => n.column === c).map((n) => `${n.name}: ${n.access}`) }));
  const widths = cols.map(({ c, cells }) => Math.max(c.length, ...cells.map((s) => s.length)));
  const rows = Math.max(0, ...cols.map((c) => c.cells.length));
  const line = (cells: string[]): string => cells.map((s, i) => s.padEnd(widths[i]!)).join(' | ').trimEnd();
  const out: string[] = [];
  if (widths.reduce((a, w) => a + w + 3, -3) <= TABLE_WIDTH) {
    out.push(line(cols.map((c) => c.c)), widths.map((w) => '-'.repeat(w)).join('-+-'));
    for (let r = 0; r < rows; r++) out.push(line(cols.map((c) => c.cells[r] ?? '')));
  } else {
    // Too many threads side by side (a kernel's 64): one line per thread instead.
    const cw = Math.max(...cols.map(({ c }) => c.length));
    for (const { c, cells } of cols) out.push(`${`${c}:`.padEnd(cw + 1)} ${cells.join(' | ')}`);
  }
  out.push('');
  const nw = Math.max(...g.nodes.map((n) => n.name.length));
  for (const n of g.nodes) if (n.column !== 'init') out.push(`${n.name.padStart(nw)}: ${n.column}: ${n.instr}  (${n.sem})`);
  out.push('');
  const rels = [...new Set(g.edges.map((e) => e.rel))];
  let grouped = false;
  for (const r of rels) {
    const items = edgeItems(g.edges.filter((e) => e.rel === r));
    grouped ||= items.some((i) => i.startsWith('{'));
    out.push(`${r}: ${items.join(' ')}`);
  }
  if (g.edges.some((e) => e.highlight)) out.push('(* marks the edges of the violation)');
  if (grouped) out.push('({A}->{B}: an edge from each of A to each of B; {A}^2: between any two of A, both ways)');
  return out;
}

/** One relation's edges as `a->b`, or in groups where there are many (graph.ts edgeGroups). */
function edgeItems(edges: readonly GEdge[]): string[] {
  const names = (xs: number[]): string => `{${xs.map(eventName).join(' ')}}`;
  return edgeGroups(edges).map((i) =>
    i.kind === 'clique' ? `${names(i.members)}^2`
      : i.kind === 'product' ? `${names(i.from)}->${names(i.to)}`
        : `${eventName(i.edge.from)}->${eventName(i.edge.to)}${i.edge.highlight ? '*' : ''}`);
}

/** `a -fr-> b -cause-> a`. */
export function stepsText(steps: Step[]): string {
  if (steps.length === 0) return '';
  return eventName(steps[0]!.from) + steps.map((s) => ` -${s.label}-> ${eventName(s.to)}`).join('');
}

export function violationText(v: Violation): string[] {
  const ax = v.axiom;
  const rhs = ax.s ? showRel(ax.s, LEVEL.atom) : '';
  const what = ax.kind === 'subset' ? `${showRel(ax.r)} in ${rhs}` : `${ax.kind} ${showRel(ax.r)}`;
  const out = [`${ax.name} (${ax.section}: ${what}) fails:`];
  const [a, b] = v.pair;
  // A pair an identity relates has no steps (`acyclic [R]`): the pair itself, by the check's relation.
  const path = stepsText(v.steps) || `${eventName(a)} -${showRel(ax.r, LEVEL.atom)}-> ${eventName(b)}`;
  if (ax.kind === 'acyclic' || ax.kind === 'irreflexive') out.push(`  cycle: ${path}`);
  else if (ax.kind === 'empty') out.push(`  ${path}, and ${eventName(a)}, ${eventName(b)} are in the relation that must be empty`);
  else out.push(`  ${path}, but not ${eventName(a)} -${rhs}-> ${eventName(b)}`);
  v.steps.forEach((s, i) => {
    const c = v.chains[i]!;
    if (c.length) out.push(`  where ${eventName(s.from)} -${s.label}-> ${eventName(s.to)}: ${stepsText(c)}`);
  });
  return out;
}
