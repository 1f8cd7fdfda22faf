// Where everything in a drawn execution goes, in points (y down): events in columns (init,
// then one per thread, program order top to bottom), edges routed so that they never pass
// through another event's box, and edge labels placed where they cover no box and no other
// label. Graphviz then only draws it (dot.ts emits every position; engine nop2).
//
// The grid: all boxes of a column have its width, all boxes one height, and rows line up
// across columns. So the vertical gaps between columns (gutters) and the horizontal gaps
// between rows (channels) hold no box, and every edge is drawn inside them:
//   vert  same column, next row: a straight line in the channel between the two;
//   side  same column, farther: a bulge out into the gutter beside the column;
//   adj   neighbouring columns: an S-curve inside the gutter between them;
//   long  columns farther apart: an S-curve to a track in a channel, along the channel across
//         the columns in between, an S-curve to the target.
// A cubic Bézier stays in the convex hull of its control points, and each piece's control
// points lie in one gutter or one channel, which is why no curve can reach a box.
//
// A relation with many edges (a barrier phase of n threads relates n^2 pairs) is drawn in the
// groups the text writes (graph.ts edgeGroups) where that halves the lines: each group a hub box
// in a column of its own right of the threads, one unlabelled line from each of its events
// (arrowed toward the targets of a product), n + m lines instead of n·m. A hub's lines share
// one track in a channel and one port, so they read as a bus.
import { type ExecGraph, type GEdge, type GNode, edgeGroups } from './graph.js';

export interface Pt { x: number; y: number }
export interface Rect { x0: number; y0: number; x1: number; y1: number }

/** A placed box: an event, or (hub) a group of one relation's edges. */
export interface PlacedNode { node: GNode; lines: string[]; x: number; y: number; w: number; h: number; hub: boolean }
export interface PlacedEdge {
  /** The graph's edge, or a line between a hub (its node id) and one of its group's events. */
  edge: GEdge;
  /** Cubic Bézier control points (3n+1), from the source's border to the arrowhead's base (the tip, without one). */
  curve: Pt[];
  /** The arrowhead's tip, on the target's border. */
  tip: Pt;
  /** Drawn with an arrowhead: every edge but a line from an event into its hub. */
  arrow: boolean;
  /** The label's centre; null for a hub's lines (the hub's box names the relation). */
  label: Pt | null;
}
export interface PlacedColumn { name: string; header: Pt; frame: Rect; hubs: boolean }
export interface Layout {
  width: number;
  height: number;
  title: { lines: string[]; at: Pt };
  columns: PlacedColumn[];
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/** Font sizes and metrics shared with dot.ts (Graphviz sizes Courier at 0.6 em a character). */
export const FONT = { node: 10, edge: 10, header: 14, title: 13 } as const;
const CHAR_W = 0.6 * FONT.node;
const LINE_H = 1.2 * FONT.node;
/** Helvetica's average advance per em, for label sizes (an estimate; the checker uses the same). */
export const LABEL_CHAR = 0.55;
const BOX_PAD = { x: 8, y: 4 };
const BOX_H = 3 * LINE_H + 2 * BOX_PAD.y;
/** Ports stay off a box's rounded corners. */
const CORNER = 7;
const ARROW = 10;
const FRAME_PAD = 8;
/** Space around a label that nothing else may use. */
const LABEL_PAD = 2;
const TITLE_H = 2 * 1.2 * FONT.title + 8;
const HEADER_H = 1.2 * FONT.header + 8;

type Kind = 'vert' | 'side' | 'adj' | 'long';
/** An event's column and row. */
type At = (n: GNode) => { c: number; r: number };
interface Route {
  index: number;
  edge: GEdge;
  /** The hub this line goes to or from (its node id); null for the graph's own edges. */
  hub: number | null;
  kind: Kind;
  from: GNode;
  to: GNode;
  /** side: which gutter the bulge goes into (-1 left, 1 right); its depth (pt). */
  side: -1 | 1;
  depth: number;
  /** long: the channel (0 above the first row) and the track's y once placed. */
  channel: number;
  trackY: number;
}

interface Grid {
  /** Column c spans colX[c][0]..colX[c][1]; gutter g lies left of column g (g = C: right of the last). */
  colX: [number, number][];
  /** Row r's boxes span rowY[r]; channel r lies above row r (r = R: below the last). */
  rowY: [number, number][];
  chY: [number, number][];
  top: number;
  width: number;
  height: number;
}

/** The initial writes' columns: `init`, then `init 2`, ... where they are wrapped (wrapInit). */
export const isInitColumn = (c: string): boolean => c === 'init' || /^init \d+$/.test(c);

export function nodeLines(n: GNode): string[] {
  return isInitColumn(n.column) ? [`${n.name}: ${n.access}`] : [`${n.name}: ${n.access}`, n.instr, `(${n.sem})`];
}

const labelSize = (text: string): { w: number; h: number } => ({ w: LABEL_CHAR * FONT.edge * text.length + 2 * LABEL_PAD, h: FONT.edge + 2 * LABEL_PAD });

/** How much wider gutters and taller channels may be made, in turn, for the labels' sake. */
const SPREADS = [1, 1.4, 1.8, 2.5];

/** What is drawn: the graph's events and hubs, in their columns and rows, and the lines between them. */
interface Drawing {
  g: ExecGraph;
  row: Map<number, number>;
  /** Each hub's text, by its node id. */
  hubs: Map<number, string[]>;
}

/** The k-th (from 0) of several columns of one kind: `init`, `init 2`, ... (no thread's name has a space). */
const numbered = (base: string, k: number): string => (k === 0 ? base : `${base} ${k + 1}`);

/** The fewest initial writes a column holds before they are wrapped into more. */
const INIT_ROWS = 6;

/**
 * The initial writes in columns of as many rows as the longest thread (at least INIT_ROWS, and
 * √n for n of them): one column of a 64-thread kernel's 64 initial writes made a drawing 64 rows
 * tall for threads of 2 to 4 events.
 */
function wrapInit(g: ExecGraph): ExecGraph {
  const init = g.nodes.filter((n) => n.column === 'init');
  const threadRows = Math.max(0, ...g.columns.filter((c) => c !== 'init').map((c) => g.nodes.filter((n) => n.column === c).length));
  const per = Math.max(threadRows, INIT_ROWS, Math.ceil(Math.sqrt(init.length)));
  if (init.length <= per) return g;
  const columnOf = new Map(init.map((n, i) => [n.id, numbered('init', Math.floor(i / per))]));
  const nodes = g.nodes.map((n) => { const c = columnOf.get(n.id); return c ? { ...n, column: c } : n; });
  const inits = Array.from({ length: Math.ceil(init.length / per) }, (_, k) => numbered('init', k));
  return { nodes, edges: g.edges, columns: [...inits, ...g.columns.filter((c) => c !== 'init')] };
}

/** Each event's row: its place in its column. */
function rowsOf(g: ExecGraph): Map<number, number> {
  const row = new Map<number, number>();
  g.columns.forEach((c) => g.nodes.filter((n) => n.column === c).forEach((n, r) => row.set(n.id, r)));
  return row;
}

/** Hub columns' names (numbered). */
const HUB_COLUMN = 'edge groups';

/**
 * `g` with each group (edgeGroups) that has at least twice as many edges as events drawn as a
 * hub: a node in a hub column at the row of its first event (or the nearest free one; a
 * further hub column when the first is full), and a line to it from each of its events.
 */
function withHubs(g: ExecGraph): Drawing {
  const row = rowsOf(g);
  const rows = Math.max(1, ...g.nodes.map((n) => row.get(n.id)! + 1));
  const edges: GEdge[] = [];
  const hubs = new Map<number, string[]>();
  const nodes = [...g.nodes];
  const taken: Set<number>[] = [];
  let next = Math.max(-1, ...g.nodes.map((n) => n.id)) + 1;
  const place = (want: number): { column: string; r: number } => {
    for (let k = 0; ; k++) {
      const used = (taken[k] ??= new Set());
      const free = Array.from({ length: rows }, (_, r) => r).filter((r) => !used.has(r)).sort((p, q) => Math.abs(p - want) - Math.abs(q - want) || p - q);
      if (free.length === 0) continue;
      used.add(free[0]!);
      return { column: numbered(HUB_COLUMN, k), r: free[0]! };
    }
  };
  for (const rel of new Set(g.edges.map((e) => e.rel))) {
    for (const item of edgeGroups(g.edges.filter((e) => e.rel === rel))) {
      if (item.kind === 'edge') {
        edges.push(item.edge);
        continue;
      }
      const [from, to] = item.kind === 'clique' ? [item.members, []] : [item.from, item.to];
      const pairs = item.kind === 'clique' ? from.length * (from.length - 1) : from.length * to.length;
      if (2 * (from.length + to.length) > pairs) {
        // A product may hold a self-loop (a source among its targets); a clique never does.
        for (const a of from) for (const b of item.kind === 'clique' ? from : to) if (item.kind === 'product' || a !== b) edges.push({ from: a, to: b, rel, highlight: false });
        continue;
      }
      const id = next++;
      const { column, r } = place(Math.min(...[...from, ...to].map((e) => row.get(e)!)));
      row.set(id, r);
      nodes.push({ id, name: '', column, access: '', instr: '', sem: '' });
      hubs.set(id, item.kind === 'clique'
        ? [rel, `between any two of ${from.length},`, 'both ways']
        : [rel, `from each of ${from.length}`, `to each of ${to.length}`]);
      for (const a of from) edges.push({ from: a, to: id, rel, highlight: false });
      for (const b of to) edges.push({ from: id, to: b, rel, highlight: false });
    }
  }
  // No hub: the graph as it is (its edges in their order).
  if (hubs.size === 0) return { g, row, hubs };
  const columns = [...g.columns, ...taken.map((_, k) => numbered(HUB_COLUMN, k))];
  return { g: { nodes, edges, columns }, row, hubs };
}

/** Draws `d`; `spread` widens gutters and channels. */
function layoutAt(d: Drawing, title: string, spread: number): { layout: Layout; crowded: boolean; crossed: number } {
  const { g, row, hubs } = d;
  const col = new Map(g.columns.map((c, i) => [c, i]));
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const at: At = (n) => ({ c: col.get(n.column)!, r: row.get(n.id)! });
  // A hub's lines are the edges with a hub at one end.
  const hubOf = (e: GEdge): number | null => (hubs.has(e.to) ? e.to : hubs.has(e.from) ? e.from : null);
  const routes = g.edges.map((edge, index) => route(edge, index, byId.get(edge.from)!, byId.get(edge.to)!, at, hubOf(edge)));
  const rows = Math.max(1, ...g.nodes.map((n) => row.get(n.id)! + 1));
  const linesOf = (n: GNode): string[] => hubs.get(n.id) ?? nodeLines(n);
  const colW = g.columns.map((c) => Math.max(
    c.length * 0.6 * FONT.header,
    ...g.nodes.filter((n) => n.column === c).flatMap((n) => linesOf(n).map((l) => l.length * CHAR_W)),
  ) + 2 * BOX_PAD.x);
  chooseSides(routes, at, g.columns.length);
  chooseChannels(routes, at, rows);
  const grid = makeGrid(routes, at, colW, rows, spread);
  const box = (n: GNode): Rect => {
    const { c, r } = at(n);
    return { x0: grid.colX[c]![0], x1: grid.colX[c]![1], y0: grid.rowY[r]![0], y1: grid.rowY[r]![1] };
  };
  placeTracks(routes, grid, at, spread);
  const ends = ports(routes, box, at, (n) => hubs.has(n.id));
  const curves = routes.map((rt) => curveOf(rt, ends.get(rt.index)!, grid, at));
  const nodes = g.nodes.map((n): PlacedNode => {
    const b = box(n);
    return { node: n, lines: linesOf(n), x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2, w: b.x1 - b.x0, h: b.y1 - b.y0, hub: hubs.has(n.id) };
  });
  const columns = g.columns.map((name, c) => columnOf(name, c, grid, Math.max(...g.nodes.filter((n) => n.column === name).map((n) => row.get(n.id)!)), name.startsWith(HUB_COLUMN)));
  const lines = title.replace(': ', ':\n').split('\n');
  const titleAt = { x: grid.width / 2, y: TITLE_H / 2 + 4 };
  const { labels, crowded, crossed } = placeLabels(routes, curves, obstacles(nodes, columns), { x0: 0, y0: grid.top, x1: grid.width, y1: grid.height });
  const edges = routes.map((rt, i): PlacedEdge => ({ edge: rt.edge, curve: curves[i]!.curve, tip: curves[i]!.tip, arrow: arrowed(rt), label: labels[i] ?? null }));
  return { layout: { width: grid.width, height: grid.height, title: { lines, at: titleAt }, columns, nodes, edges }, crowded, crossed };
}

/** A column's header and its frame, around its header and its events. */
function columnOf(name: string, c: number, grid: Grid, lastRow: number, hubs: boolean): PlacedColumn {
  const [x0, x1] = grid.colX[c]!;
  return {
    name, hubs, header: { x: (x0 + x1) / 2, y: grid.top + HEADER_H / 2 },
    frame: { x0: x0 - FRAME_PAD, y0: grid.top, x1: x1 + FRAME_PAD, y1: grid.rowY[lastRow]![1] + FRAME_PAD },
  };
}

/**
 * What labels must not cover: boxes (with a little room, so as not to read as part of one) and
 * headers. The title is above the area labels may use.
 */
function obstacles(nodes: PlacedNode[], columns: PlacedColumn[]): Rect[] {
  return [
    ...nodes.map((n) => rectAt(n, n.w + 4, n.h + 4)),
    ...columns.map((c) => rectAt(c.header, c.name.length * LABEL_CHAR * FONT.header + 8, HEADER_H)),
  ];
}

/**
 * The layout at the smallest spread whose labels all find a free place with no line on them;
 * failing that, the one with the fewest such labels (a label that found no free place counts
 * for all).
 */
export function layoutGraph(g0: ExecGraph, title: string, opts: { hubs?: boolean } = {}): Layout {
  const g = wrapInit(g0);
  // hubs: false draws every edge (bench/draw.ts measures what hubs save).
  const d = opts.hubs === false ? { g, row: rowsOf(g), hubs: new Map<number, string[]>() } : withHubs(g);
  let best: { layout: Layout; score: number } | null = null;
  for (const spread of SPREADS) {
    const { layout, crowded, crossed } = layoutAt(d, title, spread);
    const score = crowded ? Infinity : crossed;
    if (!best || score < best.score) best = { layout, score };
    if (score === 0) break;
  }
  return best!.layout;
}

function route(edge: GEdge, index: number, from: GNode, to: GNode, at: At, hub: number | null): Route {
  const a = at(from);
  const b = at(to);
  const dc = Math.abs(a.c - b.c);
  const kind: Kind = dc === 0 ? (Math.abs(a.r - b.r) === 1 ? 'vert' : 'side') : dc === 1 ? 'adj' : 'long';
  return { index, edge, hub, kind, from, to, side: 1, depth: 0, channel: 0, trackY: 0 };
}

/** Every line but one from an event into its hub ends in an arrowhead. */
const arrowed = (rt: Route): boolean => rt.hub === null || rt.edge.from === rt.hub;

/** Lines that share a track and gutter space: a hub's lines are drawn as one bus. */
const trackKey = (rt: Route): string => (rt.hub === null ? `e${rt.index}` : `h${rt.hub}`);

/** The gutters an edge's curves use (by index: gutter g is left of column g). */
function gutters(rt: Route, at: At): number[] {
  const a = at(rt.from).c;
  const b = at(rt.to).c;
  if (rt.kind === 'vert') return [];
  if (rt.kind === 'side') return [rt.side === 1 ? a + 1 : a];
  const near = (c: number, toward: number): number => (toward > c ? c + 1 : c);
  return rt.kind === 'adj' ? [near(a, b)] : [near(a, b), near(b, a)];
}

/** Bulges go into the less busy gutter beside their column; nested ones deeper. */
function chooseSides(routes: Route[], at: At, columns: number): void {
  const load = new Array<number>(columns + 1).fill(0);
  for (const rt of routes) if (rt.kind === 'adj' || rt.kind === 'long') for (const gi of gutters(rt, at)) load[gi]!++;
  const span = (rt: Route): [number, number] => {
    const a = at(rt.from).r;
    const b = at(rt.to).r;
    return [Math.min(a, b), Math.max(a, b)];
  };
  const sides = routes.filter((rt) => rt.kind === 'side').sort((p, q) => (span(p)[1] - span(p)[0]) - (span(q)[1] - span(q)[0]) || p.index - q.index);
  const placed: { gutter: number; span: [number, number]; level: number }[] = [];
  for (const rt of sides) {
    const c = at(rt.from).c;
    // The outer gutters (left of init, right of the last thread) are free; otherwise the emptier.
    rt.side = c === columns - 1 || load[c + 1]! <= load[c]! ? 1 : -1;
    const gutter = rt.side === 1 ? c + 1 : c;
    load[gutter]!++;
    const s = span(rt);
    const level = Math.max(-1, ...placed.filter((p) => p.gutter === gutter && p.span[0] <= s[1] && s[0] <= p.span[1]).map((p) => p.level)) + 1;
    placed.push({ gutter, span: s, level });
    rt.depth = 24 + 14 * level;
  }
}

/** Each long edge runs along the least busy channel between its rows (or beside, same row). */
function chooseChannels(routes: Route[], at: At, rows: number): void {
  const load = new Array<number>(rows + 1).fill(0);
  // The channels each bus (a hub's lines) runs in already: its lines keep to one where they can.
  const bus = new Map<string, Set<number>>();
  for (const rt of routes.filter((x) => x.kind === 'long')) {
    const a = at(rt.from).r;
    const b = at(rt.to).r;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const options = lo === hi ? [lo + 1, lo] : Array.from({ length: hi - lo }, (_, i) => lo + 1 + i);
    const mid = (lo + hi + 1) / 2;
    const used = bus.get(trackKey(rt)) ?? new Set<number>();
    options.sort((p, q) => +used.has(q) - +used.has(p) || load[p]! - load[q]! || Math.abs(p - mid) - Math.abs(q - mid));
    rt.channel = options[0]!;
    if (!used.has(rt.channel)) load[rt.channel]!++;
    bus.set(trackKey(rt), used.add(rt.channel));
  }
}

const MIN_GUTTER = 70;
const MIN_CHANNEL = 40;
/** Tracks' spacing in a channel, and the free band above them between rows. */
const TRACK = 14;
const BAND = 28;

function makeGrid(routes: Route[], at: At, colW: number[], rows: number, spread: number): Grid {
  const C = colW.length;
  const gKeys = Array.from({ length: C + 1 }, () => new Set<string>());
  const gDepth = new Array<number>(C + 1).fill(0);
  const gLabel = new Array<number>(C + 1).fill(0);
  for (const rt of routes) {
    for (const gi of gutters(rt, at)) {
      gKeys[gi]!.add(trackKey(rt));
      if (rt.hub === null) gLabel[gi] = Math.max(gLabel[gi]!, labelSize(rt.edge.rel).w);
      if (rt.kind === 'side') gDepth[gi] = Math.max(gDepth[gi]!, rt.depth);
    }
  }
  const gLoad = gKeys.map((k) => k.size);
  const gutterW = gLoad.map((n, gi) => {
    // Outer gutters only hold bulges and their labels.
    const outer = gi === 0 || gi === C;
    if (outer) return n === 0 ? FRAME_PAD + 8 : (gDepth[gi]! + gLabel[gi]! + 12) * spread;
    return Math.max(MIN_GUTTER, 30 + 18 * n + gDepth[gi]!, gLabel[gi]! + 2 * FRAME_PAD + 12) * spread;
  });
  const colX: [number, number][] = [];
  let x = 0;
  for (let c = 0; c <= C; c++) {
    x += gutterW[c]!;
    if (c < C) {
      colX.push([x, x + colW[c]!]);
      x += colW[c]!;
    }
  }
  const trackKeys = Array.from({ length: rows + 1 }, () => new Set<string>());
  for (const rt of routes) if (rt.kind === 'long') trackKeys[rt.channel]!.add(trackKey(rt));
  const tracks = trackKeys.map((k) => k.size);
  const chH = tracks.map((t, r) => {
    const edge = r === 0 || r === rows;
    if (edge) return t === 0 ? FRAME_PAD + 4 : TRACK * (t + 1) * spread;
    // Between rows, a band above the tracks for the labels of edges between the two rows.
    return Math.max(MIN_CHANNEL, BAND + TRACK * t + 4) * spread;
  });
  const top = TITLE_H + 8;
  const rowY: [number, number][] = [];
  const chY: [number, number][] = [];
  let y = top + HEADER_H;
  for (let r = 0; r <= rows; r++) {
    chY.push([y, y + chH[r]!]);
    y += chH[r]!;
    if (r < rows) {
      rowY.push([y, y + BOX_H]);
      y += BOX_H;
    }
  }
  return { colX, rowY, chY, top, width: x, height: y };
}

/**
 * Tracks in a channel ordered by where their edges come from and go: evenly spaced above the
 * first row and below the last, at the bottom of a channel between rows (under the band).
 */
function placeTracks(routes: Route[], grid: Grid, at: At, spread: number): void {
  // Per channel, its tracks: one per edge, or one per bus (a hub's lines).
  const byChannel = new Map<number, Map<string, Route[]>>();
  for (const rt of routes) {
    if (rt.kind !== 'long') continue;
    const tracks = byChannel.get(rt.channel) ?? new Map<string, Route[]>();
    byChannel.set(rt.channel, tracks);
    const k = trackKey(rt);
    tracks.set(k, [...(tracks.get(k) ?? []), rt]);
  }
  for (const [ch, tracks] of byChannel) {
    const key = (rt: Route): number => at(rt.from).r + at(rt.to).r;
    const list = [...tracks.values()].sort((p, q) => key(p[0]!) - key(q[0]!) || p[0]!.index - q[0]!.index);
    const [y0, y1] = grid.chY[ch]!;
    const inner = ch > 0 && ch < grid.rowY.length;
    list.forEach((track, k) => {
      const y = inner ? y1 - TRACK * spread * (list.length - k) : y0 + (y1 - y0) * (k + 1) / (list.length + 1);
      for (const rt of track) rt.trackY = y;
    });
  }
}

type SideName = 'left' | 'right' | 'top' | 'bottom';
interface End { at: Pt; side: SideName }

/** Where each edge leaves its source and meets its target, spread along the boxes' sides. */
function ports(routes: Route[], box: (n: GNode) => Rect, at: At, isHub: (n: GNode) => boolean): Map<number, { from: End; to: End }> {
  interface Att { rt: Route; node: GNode; end: 'from' | 'to'; side: SideName; key: number }
  const atts = new Map<string, Att[]>();
  const add = (node: GNode, a: Omit<Att, 'node'>): void => {
    const k = `${node.id}:${a.side}`;
    atts.set(k, [...(atts.get(k) ?? []), { ...a, node }]);
  };
  const cy = (n: GNode): number => { const b = box(n); return (b.y0 + b.y1) / 2; };
  for (const rt of routes) {
    const a = at(rt.from);
    const b = at(rt.to);
    if (rt.kind === 'vert') {
      add(rt.from, { rt, end: 'from', side: b.r > a.r ? 'bottom' : 'top', key: rt.index });
      add(rt.to, { rt, end: 'to', side: b.r > a.r ? 'top' : 'bottom', key: rt.index });
      continue;
    }
    const sideOf = (here: number, there: number): SideName => (rt.kind === 'side' ? (rt.side === 1 ? 'right' : 'left') : there > here ? 'right' : 'left');
    // Sorted by where the edge heads, so that edges leaving one side do not cross there; bulges
    // nest instead (the longer one outside at both ends).
    const toward = (other: GNode, self: 'from' | 'to'): number => {
      if (rt.kind === 'long') return rt.trackY;
      if (rt.kind === 'adj') return cy(other);
      const here = cy(self === 'from' ? rt.from : rt.to);
      return rt.from === rt.to ? here + (self === 'from' ? -1 : 1) : 2 * here - cy(other);
    };
    add(rt.from, { rt, end: 'from', side: sideOf(a.c, b.c), key: toward(rt.to, 'from') });
    add(rt.to, { rt, end: 'to', side: sideOf(b.c, a.c), key: toward(rt.from, 'to') });
  }
  const out = new Map<number, { from: End; to: End }>();
  for (const list of atts.values()) {
    const b = box(list[0]!.node);
    list.sort((p, q) => p.key - q.key || p.rt.index - q.rt.index || (p.end === 'from' ? -1 : 1));
    // Parallel lines between two rows leave room for a label between each two.
    const want = Math.max(16, ...list.map((a) => labelSize(a.rt.edge.rel).w + 8));
    const gap = list.length > 1 ? Math.min(want, (b.x1 - b.x0 - 2 * CORNER) / (list.length - 1)) : 0;
    list.forEach((a, i) => {
      // A hub's lines meet at one port, the middle of its side.
      const f = isHub(a.node) ? 0.5 : (i + 1) / (list.length + 1);
      const p: Pt = a.side === 'left' || a.side === 'right'
        ? { x: a.side === 'left' ? b.x0 : b.x1, y: b.y0 + CORNER + (b.y1 - b.y0 - 2 * CORNER) * f }
        : { x: (b.x0 + b.x1) / 2 + (i - (list.length - 1) / 2) * gap, y: a.side === 'top' ? b.y0 : b.y1 };
      const e = out.get(a.rt.index) ?? { from: { at: p, side: a.side }, to: { at: p, side: a.side } };
      e[a.end] = { at: p, side: a.side };
      out.set(a.rt.index, e);
    });
  }
  return out;
}

const OUT: Record<SideName, Pt> = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, top: { x: 0, y: -1 }, bottom: { x: 0, y: 1 } };
const plus = (p: Pt, d: Pt, k: number): Pt => ({ x: p.x + d.x * k, y: p.y + d.y * k });
const lerp = (p: Pt, q: Pt, t: number): Pt => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });

/** A horizontal-tangent S-curve from p to q (its control points within their x-range). */
const sCurve = (p: Pt, q: Pt): Pt[] => {
  const mx = (p.x + q.x) / 2;
  return [{ x: mx, y: p.y }, { x: mx, y: q.y }, q];
};

function curveOf(rt: Route, e: { from: End; to: End }, grid: Grid, at: At): { curve: Pt[]; tip: Pt } {
  const s = e.from.at;
  const tip = e.to.at;
  const base = arrowed(rt) ? plus(tip, OUT[e.to.side], ARROW) : tip;
  if (rt.kind === 'vert') return { curve: [s, lerp(s, base, 1 / 3), lerp(s, base, 2 / 3), base], tip };
  if (rt.kind === 'adj') return { curve: [s, ...sCurve(s, base)], tip };
  if (rt.kind === 'side') {
    // Both inner control points k out: the curve's farthest point is 0.75 k out, the depth.
    const k = rt.depth / 0.75;
    const d = OUT[e.from.side];
    return { curve: [s, plus(s, d, k), plus(base, d, k - ARROW), base], tip };
  }
  const a = at(rt.from).c;
  const b = at(rt.to).c;
  // Into the channel at the first column passed, out of it after the last.
  const right = b > a;
  const enter: Pt = { x: right ? grid.colX[a + 1]![0] : grid.colX[a - 1]![1], y: rt.trackY };
  const leave: Pt = { x: right ? grid.colX[b - 1]![1] : grid.colX[b + 1]![0], y: rt.trackY };
  return { curve: [s, ...sCurve(s, enter), lerp(enter, leave, 1 / 3), lerp(enter, leave, 2 / 3), leave, ...sCurve(leave, base)], tip };
}

const bez = (c: Pt[], i: number, t: number): Pt => {
  const u = 1 - t;
  const [p0, p1, p2, p3] = [c[i]!, c[i + 1]!, c[i + 2]!, c[i + 3]!];
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  };
};

/** Points along a curve (and its arrowhead) about every 3 pt. */
function polyline(curve: Pt[], tip: Pt): Pt[] {
  const out: Pt[] = [curve[0]!];
  for (let i = 0; i + 3 < curve.length; i += 3) {
    let len = 0;
    for (let k = 0; k < 3; k++) len += Math.hypot(curve[i + k + 1]!.x - curve[i + k]!.x, curve[i + k + 1]!.y - curve[i + k]!.y);
    const n = Math.max(4, Math.ceil(len / 3));
    for (let k = 1; k <= n; k++) out.push(bez(curve, i, k / n));
  }
  out.push(lerp(out[out.length - 1]!, tip, 0.5), tip);
  return out;
}

const hits = (a: Rect, b: Rect): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const within = (a: Rect, b: Rect): boolean => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;
const rectAt = (c: Pt, w: number, h: number): Rect => ({ x0: c.x - w / 2, y0: c.y - h / 2, x1: c.x + w / 2, y1: c.y + h / 2 });

/**
 * Candidate label centres beside the curve, best first: near its middle, on `side` of it
 * (a direction), close to it.
 */
function candidates(line: Pt[], w: number, h: number, side: Pt): { at: Pt; cost: number }[] {
  const len: number[] = [0];
  for (let i = 1; i < line.length; i++) len.push(len[i - 1]! + Math.hypot(line[i]!.x - line[i - 1]!.x, line[i]!.y - line[i - 1]!.y));
  const total = len[len.length - 1]!;
  const out: { at: Pt; cost: number }[] = [];
  for (let f = 0.1; f <= 0.9001; f += 0.05) {
    const i = Math.max(1, len.findIndex((l) => l >= f * total));
    const p = line[i]!;
    const q = line[i - 1]!;
    const d = Math.hypot(p.x - q.x, p.y - q.y) || 1;
    // The normal; the centre goes far enough along it that the box clears the tangent line.
    const n = { x: -(p.y - q.y) / d, y: (p.x - q.x) / d };
    const clear = Math.abs(n.x) * w / 2 + Math.abs(n.y) * h / 2 + 2;
    for (const sign of [1, -1]) {
      const pref = sign * (n.x * side.x + n.y * side.y) > 0 ? 0 : 3;
      for (const extra of [0, 6, 14]) out.push({ at: plus(p, n, sign * (clear + extra)), cost: Math.abs(f - 0.5) * 20 + pref + extra });
    }
  }
  return out.sort((a, b) => a.cost - b.cost);
}

/** Labels go right of vertical lines, outside bulges, above the rest. */
/** What a line through or close to a label costs (more than any placement preference). */
const CROSSED = 40;

const labelSide = (rt: Route): Pt => (rt.kind === 'vert' ? { x: 1, y: 0 } : rt.kind === 'side' ? { x: rt.side, y: 0 } : { x: 0, y: -1 });

/**
 * Labels one by one, the most constrained edges first: each at the cheapest candidate that
 * covers no box, header or earlier label, preferring one that no line crosses or passes close
 * to. `crowded` when some label found no free place; `crossed`: how many have a line on them.
 */
function placeLabels(routes: Route[], curves: { curve: Pt[]; tip: Pt }[], fixed: Rect[], bounds: Rect): { labels: Pt[]; crowded: boolean; crossed: number } {
  const lines = curves.map((c) => polyline(c.curve, c.tip));
  const boxes = lines.map((l) => l.reduce((b, p) => ({ x0: Math.min(b.x0, p.x), y0: Math.min(b.y0, p.y), x1: Math.max(b.x1, p.x), y1: Math.max(b.y1, p.y) }), { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }));
  const taken: Rect[] = [...fixed];
  const labels: Pt[] = new Array<Pt>(routes.length);
  let crowded = false;
  let crossedAll = 0;
  const rank: Record<Kind, number> = { vert: 0, side: 1, adj: 2, long: 3 };
  // A hub's lines have no label (the hub names the relation), but other labels keep off them.
  const order = routes.filter((rt) => rt.hub === null).sort((a, b) => rank[a.kind] - rank[b.kind] || a.index - b.index);
  for (const rt of order) {
    const { w, h } = labelSize(rt.edge.rel);
    let best: { at: Pt; cost: number } | null = null;
    const cands = candidates(lines[rt.index]!, w, h, labelSide(rt));
    for (const c of cands) {
      if (best && c.cost >= best.cost) break;
      const r = rectAt(c.at, w, h);
      if (!within(r, bounds) || taken.some((t) => hits(t, r))) continue;
      // Lines through the label, or other edges' lines close to it, make it hard to read.
      const crossed = lines.filter((l, i) => {
        const z = i === rt.index ? r : { x0: r.x0 - 3, y0: r.y0 - 3, x1: r.x1 + 3, y1: r.y1 + 3 };
        return hits(boxes[i]!, z) && l.some((p) => p.x > z.x0 && p.x < z.x1 && p.y > z.y0 && p.y < z.y1);
      }).length;
      const cost = c.cost + CROSSED * crossed;
      if (!best || cost < best.cost) best = { at: c.at, cost };
    }
    if (!best) {
      crowded = true;
      best = { at: cands[0]!.at, cost: 0 };
    }
    if (best.cost >= CROSSED) crossedAll++;
    labels[rt.index] = best.at;
    taken.push(rectAt(best.at, w, h));
  }
  return { labels, crowded, crossed: crossedAll };
}
