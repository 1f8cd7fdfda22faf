// Drawings of relations with many edges: a group (graph.ts edgeGroups) becomes a hub with one
// line per event, and what is drawn still stands for exactly the graph's edges.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExecGraph, GEdge, GNode } from './graph.js';
import { eventName } from './graph.js';
import { type Layout, layoutGraph } from './layout.js';
import { toDot } from './dot.js';
import { renderSvg } from './svg.js';
import { checkDrawing, parseSvg } from '../tests/svg-geometry.js';

/** `threads` threads, each a write then a barrier event (ids 2t, 2t+1). */
function graph(threads: number, edges: [number, number, string, boolean?][]): ExecGraph {
  const nodes: GNode[] = [];
  for (let t = 0; t < threads; t++) {
    nodes.push({ id: 2 * t, name: eventName(2 * t), column: `P${t}`, access: `W x${t}=1`, instr: `st.relaxed.gpu.u32 [x${t}], 1`, sem: 'relaxed.gpu' });
    nodes.push({ id: 2 * t + 1, name: eventName(2 * t + 1), column: `P${t}`, access: 'B', instr: 'bar.sync 0', sem: 'sync' });
  }
  const es: GEdge[] = edges.map(([from, to, rel, highlight]) => ({ from, to, rel, highlight: !!highlight }));
  return { nodes, edges: es, columns: Array.from({ length: threads }, (_, t) => `P${t}`) };
}

/**
 * The pairs a layout draws, per relation (`rel:a>b`): an edge its own, a hub's lines read back as
 * its group (a hub between any two: every two of the events on its lines, both ways; otherwise
 * from each event on an arrowless line to each the hub points at).
 */
function drawnPairs(l: Layout): string[] {
  const hubs = new Map(l.nodes.filter((n) => n.hub).map((n) => [n.node.id, n.lines]));
  const out: string[] = [];
  const lines = new Map<number, { rel: string; from: number[]; to: number[] }>();
  for (const e of l.edges) {
    const hub = hubs.has(e.edge.to) ? e.edge.to : hubs.has(e.edge.from) ? e.edge.from : null;
    if (hub === null) {
      out.push(`${e.edge.rel}:${e.edge.from}>${e.edge.to}`);
      continue;
    }
    const g = lines.get(hub) ?? { rel: e.edge.rel, from: [], to: [] };
    lines.set(hub, g);
    assert.is(e.edge.rel, g.rel, 'one relation per hub');
    if (e.edge.to === hub) g.from.push(e.edge.from);
    else g.to.push(e.edge.to);
  }
  for (const [hub, g] of lines) {
    const clique = hubs.get(hub)![1]!.startsWith('between');
    assert.is(g.to.length === 0, clique, `hub ${hubs.get(hub)!.join(' ')}: lines as its text says`);
    for (const a of g.from) for (const b of clique ? g.from : g.to) if (!clique || a !== b) out.push(`${g.rel}:${a}>${b}`);
  }
  return out.sort();
}

const pairsOf = (g: ExecGraph): string[] => g.edges.map((e) => `${e.rel}:${e.from}>${e.to}`).sort();

/** A barrier phase over 8 threads: 4 arrive (events 1, 3, 5, 7) and 4 wait (9, 11, 13, 15). */
function barrierPhase(): ExecGraph {
  const wait = [9, 11, 13, 15];
  const edges: [number, number, string][] = [];
  for (let t = 0; t < 8; t++) edges.push([2 * t, 2 * t + 1, 'po']);
  for (const a of wait) for (const b of wait) if (a !== b) edges.push([a, b, 'sync_barrier']);
  for (const a of [1, 3, 5, 7]) for (const b of wait) edges.push([a, b, 'sync_barrier']);
  return graph(8, edges);
}

test('a barrier phase is drawn as two hubs, 16 lines for its 28 edges, and stands for exactly them', () => {
  const g = barrierPhase();
  const l = layoutGraph(g, 'barrier');
  const hubs = l.nodes.filter((n) => n.hub);
  assert.equal(hubs.map((h) => h.lines), [
    ['sync_barrier', 'between any two of 4,', 'both ways'],
    ['sync_barrier', 'from each of 4', 'to each of 4'],
  ]);
  assert.is(l.edges.filter((e) => e.edge.rel === 'sync_barrier').length, 4 + 8);
  assert.equal(drawnPairs(l), pairsOf(g));
  // The hubs' column is right of the threads; their lines have no label and point only at targets.
  assert.equal(l.columns.map((c) => c.hubs), [...Array<boolean>(8).fill(false), true]);
  assert.ok(hubs.every((h) => h.x > Math.max(...l.nodes.filter((n) => !n.hub).map((n) => n.x))));
  for (const e of l.edges.filter((x) => x.edge.rel === 'sync_barrier')) {
    assert.is(e.label, null);
    assert.is(e.arrow, hubs.some((h) => h.node.id === e.edge.from));
  }
  assert.ok(l.edges.filter((e) => e.edge.rel === 'po').every((e) => e.label !== null && e.arrow));
});

test('a hub\'s lines meet at one port and run along one track (a bus)', () => {
  const l = layoutGraph(barrierPhase(), 'barrier');
  for (const h of l.nodes.filter((n) => n.hub)) {
    const mine = l.edges.filter((e) => e.edge.from === h.node.id || e.edge.to === h.node.id);
    const port = (e: (typeof mine)[number]): string => {
      const p = e.edge.to === h.node.id ? e.tip : e.curve[0]!;
      return `${p.x},${p.y}`;
    };
    assert.is(new Set(mine.map(port)).size, 1, 'one port');
    // A long line runs along its track between its fourth and seventh control points.
    const tracks = new Set(mine.filter((e) => e.curve.length > 7).map((e) => e.curve[3]!.y));
    assert.is(tracks.size, 1, 'one track');
  }
});

test('groups that would not halve the lines are drawn edge by edge, and few edges never grouped', () => {
  // A product of 2 sources and 9 targets (18 edges, 11 lines) stays as edges.
  const edges: [number, number, string][] = [];
  for (const a of [1, 3]) for (const b of [5, 7, 9, 11, 13, 15, 17, 19, 21]) edges.push([a, b, 'sync_barrier']);
  const g = graph(11, edges);
  const l = layoutGraph(g, 'product');
  assert.not.ok(l.nodes.some((n) => n.hub));
  assert.equal(l.columns.map((c) => c.name), g.columns);
  assert.equal(drawnPairs(l), pairsOf(g));
  // A clique of 4 alone is 12 edges, under the 16 from which a relation is grouped.
  const small = graph(4, [1, 3, 5, 7].flatMap((a) => [1, 3, 5, 7].filter((b) => b !== a).map((b): [number, number, string] => [a, b, 'sync_barrier'])));
  assert.not.ok(layoutGraph(small, 'small').nodes.some((n) => n.hub));
});

test('a product too small for a hub keeps its self-loops, beside a hub of another relation', () => {
  // Events 1 and 3 each relate to all of 1, 3, 5, ..., 17 (themselves too): 18 edges, 11 lines as
  // a hub, so drawn edge by edge; the barrier clique of the first writes is a hub.
  const edges: [number, number, string][] = [];
  for (const a of [1, 3]) for (const b of [1, 3, 5, 7, 9, 11, 13, 15, 17]) edges.push([a, b, 'cause']);
  for (const a of [0, 2, 4, 6, 8, 10]) for (const b of [0, 2, 4, 6, 8, 10]) if (a !== b) edges.push([a, b, 'sync_barrier']);
  const g = graph(9, edges);
  const l = layoutGraph(g, 'self-loops');
  assert.is(l.nodes.filter((n) => n.hub).length, 1);
  assert.equal(l.edges.filter((e) => e.edge.rel === 'cause' && e.edge.from === e.edge.to).map((e) => e.edge.from), [1, 3]);
  assert.equal(drawnPairs(l), pairsOf(g));
});

test('whatever the relation\'s shape, the drawing stands for exactly its edges; violation edges stay drawn on their own; every fourth drawn to SVG has no line through a box, no label on a label or a box', async () => {
  let seed = 11;
  let hubs = 0;
  const rnd = (k: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % k; };
  for (let round = 0; round < 60; round++) {
    // Distinct events, so that groups are often large enough to be drawn as hubs.
    const sample = (n: number, k: number): number[] => {
      const xs = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) { const j = rnd(i + 1); [xs[i], xs[j]] = [xs[j]!, xs[i]!]; }
      return xs.slice(0, Math.min(k, n));
    };
    const threads = 4 + rnd(7);
    const n = 2 * threads;
    const pairs = new Map<string, [number, number, string, boolean]>();
    // One or two cliques or products, mostly of one relation, stray edges, sometimes one marked.
    for (let k = rnd(2); k >= 0; k--) {
      const rel = rnd(4) ? 'sync_barrier' : 'rel';
      const xs = sample(n, 3 + rnd(6));
      const ys = rnd(2) ? xs : sample(n, 2 + rnd(6));
      // Sometimes a self-loop (a relation asked for with --rel may have them).
      for (const a of xs) for (const b of ys) if (a !== b || rnd(6) === 0) pairs.set(`${rel}:${a}>${b}`, [a, b, rel, false]);
    }
    for (let k = rnd(8); k > 0; k--) {
      const a = rnd(n), b = rnd(n), rel = rnd(2) ? 'sync_barrier' : 'rel';
      if (a !== b) pairs.set(`${rel}:${a}>${b}`, [a, b, rel, false]);
    }
    if (rnd(3) === 0) [...pairs.values()][rnd(pairs.size)]![3] = true;
    const g = graph(threads, [...pairs.values()]);
    const l = layoutGraph(g, 'random');
    hubs += l.nodes.filter((x) => x.hub).length;
    if (round % 4 === 0) assert.equal(checkDrawing(parseSvg(await renderSvg(toDot(g, 'random')))).map((p) => p.what), [], `round ${round}`);
    assert.equal(drawnPairs(l), pairsOf(g), `round ${round}`);
    for (const e of g.edges.filter((x) => x.highlight)) {
      assert.ok(l.edges.some((d) => d.edge.from === e.from && d.edge.to === e.to && d.edge.rel === e.rel && d.edge.highlight), `round ${round}: marked ${e.from}>${e.to}`);
    }
  }
  assert.ok(hubs >= 10, `hubs drawn: ${hubs}`);
});

test('the SVG of a barrier phase drawn with hubs: no line through a box, no label on a label or a box', async () => {
  const svg = await renderSvg(toDot(barrierPhase(), 'barrier'));
  assert.ok(svg.includes('between any two of 4'));
  assert.equal(checkDrawing(parseSvg(svg)).map((p) => p.what), []);
});

test('many initial writes are wrapped into columns as tall as the longest thread (at least 6), a few stay in one', () => {
  const withInits = (k: number): ExecGraph => {
    const g = barrierPhase();
    const inits: GNode[] = Array.from({ length: k }, (_, i) => ({ id: 100 + i, name: eventName(100 + i), column: 'init', access: `W x${i}=0`, instr: `x${i} = 0`, sem: 'init' }));
    return { nodes: [...inits, ...g.nodes], edges: [...g.edges, { from: 100, to: 0, rel: 'co', highlight: false }], columns: ['init', ...g.columns] };
  };
  const l = layoutGraph(withInits(20), 'inits');
  assert.equal(l.columns.slice(0, 5).map((c) => c.name), ['init', 'init 2', 'init 3', 'init 4', 'P0']);
  const perColumn = ['init', 'init 2', 'init 3', 'init 4'].map((c) => l.nodes.filter((n) => n.node.column === c).length);
  assert.equal(perColumn, [6, 6, 6, 2]);
  // Every initial write drawn once, one line each; the drawing six rows tall, not twenty.
  assert.equal(l.nodes.filter((n) => !n.hub && n.node.id >= 100).map((n) => n.node.id).sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => 100 + i));
  assert.ok(l.nodes.filter((n) => !n.hub && n.node.id >= 100).every((n) => n.lines.length === 1));
  assert.is(new Set(l.nodes.map((n) => n.y)).size, 6);
  assert.equal(drawnPairs(l), pairsOf(withInits(20)));
  assert.equal(layoutGraph(withInits(6), 'inits').columns.filter((c) => c.name.startsWith('init')).map((c) => c.name), ['init']);
});

test.run();
