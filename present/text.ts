// An execution graph for the terminal: one column per thread (events top to bottom in program
// order; a line per thread where the columns would not fit a wide terminal), each event's
// instruction and semantics below, then the edges by relation.
import type { ExecGraph, GEdge } from './graph.js';
import { eventName } from './graph.js';
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

/** Edges of one relation past which they are written as groups: a barrier of n threads relates n^2 pairs. */
const GROUP_FROM = 16;

/**
 * One relation's edges, as `a->b`, or, where there are many, in groups: the events every two of
 * which are related both ways (the arrivals of one barrier phase), then the events with the same
 * targets. An edge of the violation stays on its own, marked.
 */
function edgeItems(edges: readonly GEdge[]): string[] {
  const single = (e: GEdge): string => `${eventName(e.from)}->${eventName(e.to)}${e.highlight ? '*' : ''}`;
  const plain = edges.filter((e) => !e.highlight);
  if (plain.length < GROUP_FROM) return edges.map(single);
  const succ = new Map<number, Set<number>>();
  for (const e of plain) {
    if (!succ.has(e.from)) succ.set(e.from, new Set());
    succ.get(e.from)!.add(e.to);
  }
  const names = (xs: Iterable<number>): string => `{${[...xs].sort((a, b) => a - b).map(eventName).join(' ')}}`;
  const byKey = (key: (a: number) => number[]): Map<string, number[]> => {
    const m = new Map<string, number[]>();
    for (const a of succ.keys()) {
      const k = key(a).sort((x, y) => x - y).join(',');
      const group = m.get(k);
      if (group) group.push(a);
      else m.set(k, [a]);
    }
    return m;
  };
  const items: string[] = [];
  // Cliques: a's targets and a itself are exactly the group of sources that share them.
  for (const [k, members] of byKey((a) => (succ.get(a)!.has(a) ? [] : [a, ...succ.get(a)!]))) {
    if (members.length < 3 || k !== [...members].sort((x, y) => x - y).join(',')) continue;
    items.push(`${names(members)}^2`);
    for (const a of members) for (const b of members) succ.get(a)!.delete(b);
  }
  for (const [a, bs] of succ) if (bs.size === 0) succ.delete(a);
  // Products: the sources with the same targets.
  for (const [, sources] of byKey((a) => [...succ.get(a)!])) {
    const targets = succ.get(sources[0]!)!;
    if (sources.length * targets.size < 3) items.push(...sources.flatMap((a) => [...targets].map((b) => `${eventName(a)}->${eventName(b)}`)));
    else items.push(`${names(sources)}->${names(targets)}`);
  }
  return [...items, ...edges.filter((e) => e.highlight).map(single)];
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
