// An execution graph for the terminal: one column per thread (events top to bottom in program
// order), each event's instruction and semantics below, then the edges by relation.
import type { ExecGraph } from './graph.js';
import { eventName } from './graph.js';
import type { Step, Violation } from './violation.js';
import { LEVEL, showRel } from '../model/relalg.js';

export function graphText(g: ExecGraph): string[] {
  const cols = g.columns.map((c) => ({ c, cells: g.nodes.filter((n) => n.column === c).map((n) => `${n.name}: ${n.access}`) }));
  const widths = cols.map(({ c, cells }) => Math.max(c.length, ...cells.map((s) => s.length)));
  const rows = Math.max(0, ...cols.map((c) => c.cells.length));
  const line = (cells: string[]): string => cells.map((s, i) => s.padEnd(widths[i]!)).join(' | ').trimEnd();
  const out = [line(cols.map((c) => c.c)), widths.map((w) => '-'.repeat(w)).join('-+-')];
  for (let r = 0; r < rows; r++) out.push(line(cols.map((c) => c.cells[r] ?? '')));
  out.push('');
  const nw = Math.max(...g.nodes.map((n) => n.name.length));
  for (const n of g.nodes) if (n.column !== 'init') out.push(`${n.name.padStart(nw)}: ${n.column}: ${n.instr}  (${n.sem})`);
  out.push('');
  const rels = [...new Set(g.edges.map((e) => e.rel))];
  for (const r of rels) {
    const es = g.edges.filter((e) => e.rel === r).map((e) => `${eventName(e.from)}->${eventName(e.to)}${e.highlight ? '*' : ''}`);
    out.push(`${r}: ${es.join(' ')}`);
  }
  if (g.edges.some((e) => e.highlight)) out.push('(* marks the edges of the violation)');
  return out;
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
