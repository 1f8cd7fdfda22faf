// One execution as a graph to draw or list: events grouped by thread, and the edges a reader
// needs (po, rf, co, fr, sync, sync_fence, sync_barrier, any asked-for relation), with the
// edges of a violation highlighted. Shared by the text, DOT and SVG renderings.
import type { ConcreteResult, Mat } from '../model/concrete.js';
import type { EventInfo } from '../model/events.js';
import { type Model, inv, rel, seq } from '../model/relalg.js';
import { BASE_RELS } from '../model/events.js';
import type { WitnessExecution } from '../solver/witness.js';
import type { Step, Violation } from './violation.js';
import { floatText } from './values.js';

export interface GNode {
  id: number;
  /** Short name (a, b, ...). */
  name: string;
  /** Column: `init` or the thread's name (`P0`). */
  column: string;
  /** What it does, in a few characters: `W x=1`, `R y=0`, `F sc`, `B sync`. */
  access: string;
  /** The instruction as printed (`ld.global.acquire.gpu.u32 %r0, [y]`). */
  instr: string;
  /** Semantics, scope and proxy (`acquire.gpu`, `weak`, `sc.cta`, `texture`). */
  sem: string;
}

export interface GEdge {
  from: number;
  to: number;
  rel: string;
  highlight: boolean;
}

export interface ExecGraph {
  nodes: GNode[];
  edges: GEdge[];
  /** Column names in display order: init first, then threads. */
  columns: string[];
}

export const BASE_EDGES = ['po', 'rf', 'co', 'fr', 'sync', 'sync_fence', 'sync_barrier'] as const;

/** One item of a relation's edges as written or drawn: one edge, or a group that stands for several. */
export type EdgeItem =
  | { kind: 'edge'; edge: GEdge }
  /** Every two of `members` related, both ways (the arrivals of one barrier phase). */
  | { kind: 'clique'; members: number[] }
  /** Each of `from` related to each of `to`. */
  | { kind: 'product'; from: number[]; to: number[] };

/** Edges of one relation past which they are grouped: a barrier of n threads relates n^2 pairs. */
const GROUP_FROM = 16;

/**
 * One relation's edges, one by one, or, where there are many, in groups (sorted members): the
 * events every two of which are related both ways, then the events with the same targets. An
 * edge of the violation stays on its own, last. Shared by the text and the drawings.
 */
export function edgeGroups(edges: readonly GEdge[]): EdgeItem[] {
  const single = (edge: GEdge): EdgeItem => ({ kind: 'edge', edge });
  const plain = edges.filter((e) => !e.highlight);
  if (plain.length < GROUP_FROM) return edges.map(single);
  const rel = plain[0]!.rel;
  const succ = new Map<number, Set<number>>();
  for (const e of plain) {
    if (!succ.has(e.from)) succ.set(e.from, new Set());
    succ.get(e.from)!.add(e.to);
  }
  const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);
  const byKey = (key: (a: number) => number[]): Map<string, number[]> => {
    const m = new Map<string, number[]>();
    for (const a of succ.keys()) {
      const k = sorted(key(a)).join(',');
      const group = m.get(k);
      if (group) group.push(a);
      else m.set(k, [a]);
    }
    return m;
  };
  const items: EdgeItem[] = [];
  // Cliques: a's targets and a itself are exactly the group of sources that share them.
  for (const [k, members] of byKey((a) => (succ.get(a)!.has(a) ? [] : [a, ...succ.get(a)!]))) {
    if (members.length < 3 || k !== sorted(members).join(',')) continue;
    items.push({ kind: 'clique', members: sorted(members) });
    for (const a of members) for (const b of members) succ.get(a)!.delete(b);
  }
  for (const [a, bs] of succ) if (bs.size === 0) succ.delete(a);
  // Products: the sources with the same targets.
  for (const [, sources] of byKey((a) => [...succ.get(a)!])) {
    const targets = succ.get(sources[0]!)!;
    if (sources.length * targets.size < 3) items.push(...sources.flatMap((from) => [...targets].map((to) => single({ from, to, rel, highlight: false }))));
    else items.push({ kind: 'product', from: sorted(sources), to: sorted(targets) });
  }
  return [...items, ...edges.filter((e) => e.highlight).map(single)];
}

export function eventName(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : `e${i}`;
}

function semOf(e: EventInfo): string {
  const scope = e.scope ? `.${e.scope}` : '';
  const proxy = e.proxy && e.proxy !== 'generic' ? ` ${e.proxy}` : '';
  if (e.kind === 'F') return `${e.fence ?? 'fence'}${scope}${proxy}`;
  if (e.kind === 'B') return e.barMode ?? 'barrier';
  if (e.init) return 'init';
  const sem = !e.strong ? 'weak' : e.release && e.acquire ? 'acq_rel' : e.release ? 'release' : e.acquire ? 'acquire' : 'relaxed';
  return `${sem}${e.strong ? scope : ''}${proxy}`;
}

function nodeOf(w: WitnessExecution, e: EventInfo): GNode {
  const v = w.values[e.id];
  const loc = w.locNames[e.ploc] ?? `#${e.ploc}`;
  const fw = w.locFloats?.[e.ploc];
  const shown = v === null || v === undefined ? '?' : fw ? floatText(v, fw) : String(v);
  const access = e.kind === 'R' || e.kind === 'W' ? `${e.kind} ${loc}=${shown}` : e.kind === 'F' ? 'F' : 'B';
  const colon = e.label.indexOf(':');
  return {
    id: e.id, name: eventName(e.id), column: e.init ? 'init' : e.label.slice(0, colon),
    access, instr: e.init ? `${loc} = ${shown}` : e.label.slice(colon + 1), sem: semOf(e),
  };
}

const pairsOf = (r: Mat, loops = false): [number, number][] => {
  const out: [number, number][] = [];
  for (let a = 0; a < r.n; a++) for (let b = 0; b < r.n; b++) if (r.m[a * r.n + b] && (loops || a !== b)) out.push([a, b]);
  return out;
};

/** Drops pairs implied by two others (for po and co, which are transitive). */
function reduce(r: Mat): [number, number][] {
  const { n } = r;
  const at = (a: number, b: number): boolean => r.m[a * n + b] === 1;
  return pairsOf(r).filter(([a, b]) => !Array.from({ length: n }, (_, k) => k).some((k) => k !== a && k !== b && at(a, k) && at(k, b)));
}

/** A relation of the model's vocabulary by name (derived or base), or null if it has none. */
export function relationByName(model: Model, res: ConcreteResult, name: string): Mat | null {
  if (model.defs[name]) return res.rels[name]!;
  return BASE_RELS.includes(name) ? res.evalRel(rel(name)) : null;
}

/**
 * The graph of `w`. `extra` names further relations to draw (base or derived; evaluated by
 * `res`); `violation` edges are drawn highlighted.
 */
export function buildGraph(w: WitnessExecution, res: ConcreteResult, extra: Record<string, Mat>, violation: Violation | null): ExecGraph {
  // A warp exchange's X events (solver/exchanges.ts) are in dep only: not drawn. They come after
  // every other event, so the others keep their names.
  const shown = (i: number): boolean => w.x.events[i]!.kind !== 'X';
  const nodes = w.x.events.filter((e) => shown(e.id)).map((e) => nodeOf(w, e));
  const columns = [...new Set(nodes.map((n) => n.column))].sort((a, b) => (a === 'init' ? -1 : b === 'init' ? 1 : a.localeCompare(b, 'en', { numeric: true })));
  const edges: GEdge[] = [];
  const add = (from: number, to: number, rel: string): void => { if (shown(from) && shown(to)) edges.push({ from, to, rel, highlight: false }); };
  const co = res.evalRel(rel('co'));
  // po and co as their reductions, fr to the immediate co-successors only (the rest follow by
  // po and co), unless asked for by name (--rel): then whole, as every other relation is.
  const whole = (name: string): boolean => name in extra;
  const po = res.evalRel(rel('po'));
  for (const [a, b] of whole('po') ? pairsOf(po) : reduce(po)) add(a, b, 'po');
  for (const [a, b] of w.x.rf) add(a, b, 'rf');
  for (const [a, b] of whole('co') ? pairsOf(co) : reduce(co)) add(a, b, 'co');
  // A model read from cat need not define fr (its own definition is drawn where it has one) nor sync.
  const fr = res.rels.fr ?? res.evalRel(seq(inv(rel('rf')), rel('co')));
  for (const [a, b] of pairsOf(fr)) if (whole('fr') || !pairsOf(fr).some(([c, d]) => c === a && d !== b && co.m[d * co.n + b])) add(a, b, 'fr');
  if (res.rels.sync) for (const [a, b] of pairsOf(res.rels.sync)) add(a, b, 'sync');
  for (const [a, b] of w.x.syncFence) add(a, b, 'sync_fence');
  for (const [a, b] of w.x.syncBarrier) add(a, b, 'sync_barrier');
  // A relation asked for (--rel) with its self-loops (an event that causes itself breaks
  // Coherence); one drawn already is not drawn again.
  const drawn = new Set(edges.map((e) => e.rel));
  for (const [name, r] of Object.entries(extra)) {
    if (!drawn.has(name)) for (const [a, b] of pairsOf(r, true)) add(a, b, name);
  }
  if (violation) {
    const mark = (s: Step): void => {
      const hit = edges.find((e) => e.from === s.from && e.to === s.to && e.rel === s.label);
      if (hit) hit.highlight = true;
      else edges.push({ from: s.from, to: s.to, rel: s.label, highlight: true });
    };
    violation.steps.forEach(mark);
    violation.chains.flat().forEach(mark);
  }
  return { nodes, edges, columns };
}

/** The graph as JSON data (docs/JSON.md: an execution's events and edges). */
export function graphRecord(g: ExecGraph): { events: object[]; edges: object[] } {
  return {
    events: g.nodes.map((n) => ({ id: n.id, name: n.name, thread: n.column, access: n.access, instruction: n.instr, semantics: n.sem })),
    edges: g.edges.map((e) => ({ from: e.from, to: e.to, rel: e.rel, violation: e.highlight })),
  };
}
