// The terminal's execution graph: a relation with many edges (a barrier phase relates every two
// of its arrivals) is written in groups that stand for exactly its edges.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExecGraph, GEdge, GNode } from './graph.js';
import { eventName } from './graph.js';
import { graphText } from './text.js';

function graph(n: number, edges: [number, number, string, boolean?][]): ExecGraph {
  const nodes: GNode[] = Array.from({ length: n }, (_, id) => ({ id, name: eventName(id), column: `P${id % 4}`, access: 'B sync', instr: 'bar.sync 0', sem: 'sync' }));
  const es: GEdge[] = edges.map(([from, to, rel, highlight]) => ({ from, to, rel, highlight: !!highlight }));
  return { nodes, edges: es, columns: ['P0', 'P1', 'P2', 'P3'] };
}

/** The edges a relation's line stands for (each item expanded), and its violation edges. */
function expand(line: string): { edges: string[]; marked: string[] } {
  const index = (name: string): number => (name.length === 1 ? name.charCodeAt(0) - 97 : Number(name.slice(1)));
  const set = (t: string): number[] => t.slice(1, -1).split(' ').map(index);
  const edges: string[] = [];
  const marked: string[] = [];
  for (const item of line.slice(line.indexOf(': ') + 2).split(/ (?![^{]*\})/)) {
    let m: RegExpExecArray | null;
    if ((m = /^(\{[^}]*\})\^2$/.exec(item))) {
      const xs = set(m[1]!);
      for (const a of xs) for (const b of xs) if (a !== b) edges.push(`${a}>${b}`);
    } else if ((m = /^(\{[^}]*\})->(\{[^}]*\})$/.exec(item))) {
      for (const a of set(m[1]!)) for (const b of set(m[2]!)) edges.push(`${a}>${b}`);
    } else if ((m = /^(\w+)->(\w+)(\*?)$/.exec(item))) (m[3] ? marked : edges).push(`${index(m[1]!)}>${index(m[2]!)}`);
    else throw new Error(`not an item: ${item}`);
  }
  return { edges: edges.sort(), marked };
}

test('few edges are listed one by one, as before', () => {
  const lines = graphText(graph(4, [[0, 1, 'po'], [1, 2, 'po'], [2, 3, 'sync_barrier'], [3, 2, 'sync_barrier', true]]));
  assert.ok(lines.includes('po: a->b b->c'));
  assert.ok(lines.includes('sync_barrier: c->d d->c*'));
  assert.not.ok(lines.some((l) => l.startsWith('({A}')), 'no legend without groups');
});

test('a barrier phase: its sync arrivals every two both ways, its arrive-only ones each to each sync', () => {
  // Events 30..37 wait at the barrier (bar.sync), 40..43 only arrive (bar.arrive).
  const sync = [30, 31, 32, 33, 34, 35, 36, 37];
  const edges: [number, number, string][] = [];
  for (const a of sync) for (const b of sync) if (a !== b) edges.push([a, b, 'sync_barrier']);
  for (const a of [40, 41, 42, 43]) for (const b of sync) edges.push([a, b, 'sync_barrier']);
  edges.push([0, 30, 'po']);
  const lines = graphText(graph(44, edges));
  const line = lines.find((l) => l.startsWith('sync_barrier: '))!;
  assert.is(line, 'sync_barrier: {e30 e31 e32 e33 e34 e35 e36 e37}^2 {e40 e41 e42 e43}->{e30 e31 e32 e33 e34 e35 e36 e37}');
  assert.ok(lines.includes('({A}->{B}: an edge from each of A to each of B; {A}^2: between any two of A, both ways)'));
  assert.ok(lines.includes('po: a->e30'));
});

test('groups stand for exactly the relation\'s edges, whatever its shape; a violation\'s edges stay marked, on their own', () => {
  let seed = 7;
  const rnd = (k: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
  for (let round = 0; round < 300; round++) {
    const n = 3 + rnd(20);
    const pairs = new Map<string, [number, number, string, boolean]>();
    // Cliques and products mixed with stray edges (and sometimes a self-loop), some marked.
    for (let g = rnd(3); g >= 0; g--) {
      const xs = Array.from({ length: 2 + rnd(6) }, () => rnd(n));
      const ys = rnd(2) ? xs : Array.from({ length: 1 + rnd(6) }, () => rnd(n));
      for (const a of xs) for (const b of ys) if (a !== b || rnd(10) === 0) pairs.set(`${a}>${b}`, [a, b, 'rel', false]);
    }
    for (let k = rnd(10); k > 0; k--) { const a = rnd(n), b = rnd(n); pairs.set(`${a}>${b}`, [a, b, 'rel', false]); }
    for (const p of pairs.values()) if (rnd(15) === 0) p[3] = true;
    const line = graphText(graph(n, [...pairs.values()])).find((l) => l.startsWith('rel: '))!;
    const { edges, marked } = expand(line);
    const want = [...pairs.values()];
    assert.equal(edges, want.filter((p) => !p[3]).map(([a, b]) => `${a}>${b}`).sort(), line);
    assert.equal(new Set(edges).size, edges.length, `no edge twice: ${line}`);
    assert.equal(marked.sort(), want.filter((p) => p[3]).map(([a, b]) => `${a}>${b}`).sort(), line);
  }
});

test('threads side by side while they fit 200 characters; past that, a line per thread', () => {
  const small = graphText(graph(8, [[0, 4, 'po']]));
  assert.equal(small.slice(0, 4), ['P0        | P1        | P2        | P3', '----------+-----------+-----------+----------',
    'a: B sync | b: B sync | c: B sync | d: B sync', 'e: B sync | f: B sync | g: B sync | h: B sync']);
  // 16 threads of two events each, every cell 14 characters: 16 * 17 - 3 is past 200.
  const nodes: GNode[] = Array.from({ length: 32 }, (_, id) => ({ id, name: eventName(id), column: `P${id % 16}`, access: 'W buf[1]=1', instr: 'st.u32 [buf], 1', sem: 'weak' }));
  const wide = graphText({ nodes, edges: [], columns: Array.from({ length: 16 }, (_, t) => `P${t}`) });
  assert.is(wide[0], 'P0:  a: W buf[1]=1 | q: W buf[1]=1');
  assert.is(wide[15], 'P15: p: W buf[1]=1 | e31: W buf[1]=1');
  assert.is(wide[16], '');
});

test.run();
