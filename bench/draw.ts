// Drawing a barrier phase of n threads (ISA §9.7.13.1 bar.sync, bar.arrive): half the threads
// wait (bar.sync: every two related both ways, n/2·(n/2-1) sync_barrier edges), half only arrive
// (each to each waiter, (n/2)^2 edges), each thread's write before its barrier (po). Layout
// (present/layout.ts) and Graphviz's drawing (present/svg.ts) timed apart, with the groups drawn
// as hubs and, where it ends in reasonable time, every edge drawn. Writes bench/DRAW.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecGraph, GEdge, GNode } from '../present/graph.js';
import { eventName } from '../present/graph.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { checkDrawing, parseSvg } from '../tests/svg-geometry.js';
import { ROOT } from '../tests/paths.js';

function barrierPhase(n: number): ExecGraph {
  const nodes: GNode[] = [];
  const edges: GEdge[] = [];
  const wait: number[] = [];
  for (let t = 0; t < n; t++) {
    const arrive = t < n / 2;
    nodes.push({ id: 2 * t, name: eventName(2 * t), column: `P${t}`, access: `W buf[${t}]=1`, instr: 'st.shared.u32 [%r1], 1', sem: 'weak' });
    nodes.push({ id: 2 * t + 1, name: eventName(2 * t + 1), column: `P${t}`, access: 'B', instr: arrive ? 'bar.arrive 1, 32' : 'bar.sync 1, 32', sem: arrive ? 'arrive' : 'sync' });
    edges.push({ from: 2 * t, to: 2 * t + 1, rel: 'po', highlight: false });
    if (!arrive) wait.push(2 * t + 1);
  }
  for (const a of wait) for (const b of wait) if (a !== b) edges.push({ from: a, to: b, rel: 'sync_barrier', highlight: false });
  for (let t = 0; t < n / 2; t++) for (const b of wait) edges.push({ from: 2 * t + 1, to: b, rel: 'sync_barrier', highlight: false });
  return { nodes, edges, columns: Array.from({ length: n }, (_, t) => `P${t}`) };
}

async function draw(g: ExecGraph, hubs: boolean): Promise<string> {
  const t0 = performance.now();
  const dot = toDot(g, 'barrier', { hubs });
  const t1 = performance.now();
  const svg = await renderSvg(dot);
  const t2 = performance.now();
  const lines = dot.split('\n').filter((l) => l.includes(' -> ')).length;
  const problems = checkDrawing(parseSvg(svg)).length;
  return `${lines} lines, layout ${((t1 - t0) / 1000).toFixed(2)} s, Graphviz ${((t2 - t1) / 1000).toFixed(2)} s, ${(svg.length / 1e6).toFixed(2)} MB, ${problems} geometry problems`;
}

const rows: string[] = [];
for (const n of [8, 16, 32, 64]) {
  const g = barrierPhase(n);
  const on = await draw(g, true);
  // Every edge drawn costs edges squared to label: 64 threads (3,000 edges) would take minutes.
  const off = n <= 32 ? await draw(g, false) : 'not run (minutes)';
  rows.push(`| ${n} | ${g.edges.length} | ${on} | ${off} |`);
  process.stdout.write(`${rows[rows.length - 1]}\n`);
}

// The whole command a user runs: the 64-thread named-barrier kernel, solved, its counterexample
// and its racy pairs drawn (two SVGs).
const kernelRow = ((): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-draw-'));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'ptxmm.js'), 'kernel', join(ROOT, 'examples', 'kernels', 'named_barrier_count.kernel.json'), '--svg', dir], { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  const svgs = readdirSync(dir).filter((f) => f.endsWith('.svg'));
  const problems = svgs.reduce((n, f) => n + checkDrawing(parseSvg(readFileSync(join(dir, f), 'utf8'))).length, 0);
  const sizes = svgs.map((f) => (statSync(join(dir, f)).size / 1e6).toFixed(2)).join(' and ');
  rmSync(dir, { recursive: true, force: true });
  return `\`ptxmm kernel examples/kernels/named_barrier_count.kernel.json --svg DIR\` (exit ${r.status}): ${s.toFixed(1)} s in all, ${svgs.length} SVGs of ${sizes} MB, ${problems} geometry problems.`;
})();
process.stdout.write(`${kernelRow}\n`);

const md = `# Drawing many edges

Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. A barrier phase of n threads (bench/draw.ts): half wait at bar.sync (every two related both ways), half only arrive (each to each waiter). With hubs, each group is one box with a line per event (present/layout.ts withHubs); without, every edge is drawn and labelled. Layout (present/layout.ts, and its DOT), then Graphviz (WebAssembly, engine nop2) only draws; geometry problems as tests/svg-geometry.ts counts them (a line through a box, a label on a label or a box).

| threads | edges | with hubs | every edge |
|---|---|---|---|
${rows.join('\n')}

${kernelRow} Before hubs and wrapped initial writes (session 16, beside a benchmark run): 8 min 46 s, SVGs of 0.86 and 0.90 MB.
`;
writeFileSync(join(ROOT, 'bench', 'DRAW.md'), md);
process.stdout.write('wrote bench/DRAW.md\n');
