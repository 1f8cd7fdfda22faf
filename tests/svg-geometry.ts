// The geometry of an SVG drawing as Graphviz wrote it, read back for the layout tests: the
// boxes of the events, the edges' curves, arrowheads and labels, and what overlaps what: an
// edge passing through (or behind) a box other than its own two ends, two edge labels on top
// of each other, a label over a box, two boxes overlapping.

interface Pt { x: number; y: number }
interface Box { x0: number; y0: number; x1: number; y1: number }
interface SvgEdge { name: string; from: string; to: string; curves: Pt[][]; arrows: Pt[][]; labels: { text: string; box: Box }[] }
interface Drawing { nodes: Map<string, Box>; edges: SvgEdge[] }
export interface Problem { kind: 'edge-through-box' | 'label-label' | 'label-box' | 'box-box'; what: string }

/** Helvetica's average advance as a fraction of the font size; the same estimate for every label. */
const CHAR_W = 0.55;
/** How far a curve may reach into a box before it counts as passing through it (pt). */
const TOL = 1;

const unescape = (s: string): string => s.replace(/&#45;/g, '-').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const numbers = (s: string): number[] => (s.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number);
const points = (s: string): Pt[] => {
  const n = numbers(s);
  return Array.from({ length: n.length >> 1 }, (_, i) => ({ x: n[2 * i]!, y: n[2 * i + 1]! }));
};
const boxOf = (ps: Pt[]): Box => ({
  x0: Math.min(...ps.map((p) => p.x)), y0: Math.min(...ps.map((p) => p.y)),
  x1: Math.max(...ps.map((p) => p.x)), y1: Math.max(...ps.map((p) => p.y)),
});
const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/** A text element's box, estimated from its position, anchor, size and length. */
function textBox(tag: string, text: string): Box {
  const x = Number(attr(tag, 'x'));
  const y = Number(attr(tag, 'y'));
  const fs = Number(attr(tag, 'font-size') ?? '14');
  const w = CHAR_W * fs * text.length;
  const anchor = attr(tag, 'text-anchor') ?? 'start';
  const x0 = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  // y is the baseline: ascenders reach about 0.8 of the size above it, descenders 0.2 below.
  return { x0, y0: y - 0.8 * fs, x1: x0 + w, y1: y + 0.2 * fs };
}

/** Boxes of the nodes that draw one (headers and the title are bare text) and the edges. */
export function parseSvg(svg: string): Drawing {
  const nodes = new Map<string, Box>();
  const edges: SvgEdge[] = [];
  for (const m of svg.matchAll(/<g id="[^"]*" class="(node|edge)">([\s\S]*?)<\/g>/g)) {
    const body = m[2]!;
    const name = unescape(/<title>([\s\S]*?)<\/title>/.exec(body)?.[1] ?? '');
    const shapes = [...body.matchAll(/<(path|polygon)\b[^>]*>/g)].map((s) => points(attr(s[0], s[1] === 'path' ? 'd' : 'points') ?? ''));
    if (m[1] === 'node') {
      if (shapes.length) nodes.set(name, boxOf(shapes.flat()));
      continue;
    }
    const [from, to] = name.split('->') as [string, string];
    const curves: Pt[][] = [];
    for (const p of body.matchAll(/<path\b[^>]*>/g)) {
      const ps = points(attr(p[0], 'd') ?? '');
      for (let i = 0; i + 3 < ps.length; i += 3) curves.push(ps.slice(i, i + 4));
    }
    const arrows = [...body.matchAll(/<polygon\b[^>]*>/g)].map((p) => points(attr(p[0], 'points') ?? ''));
    const labels = [...body.matchAll(/(<text\b[^>]*>)([^<]*)<\/text>/g)].map((t) => ({ text: unescape(t[2]!), box: textBox(t[1]!, unescape(t[2]!)) }));
    edges.push({ name, from, to, curves, arrows, labels });
  }
  return { nodes, edges };
}

const bezier = (c: Pt[], t: number): Pt => {
  const u = 1 - t;
  const [a, b, d, e] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return { x: a * c[0]!.x + b * c[1]!.x + d * c[2]!.x + e * c[3]!.x, y: a * c[0]!.y + b * c[1]!.y + d * c[2]!.y + e * c[3]!.y };
};
const dist = (p: Pt, q: Pt): number => Math.hypot(p.x - q.x, p.y - q.y);

/** Points every half point or closer along the curves and the arrowheads' outlines. */
function samples(e: SvgEdge): Pt[] {
  const out: Pt[] = [];
  for (const c of e.curves) {
    const n = Math.max(16, Math.ceil(2 * (dist(c[0]!, c[1]!) + dist(c[1]!, c[2]!) + dist(c[2]!, c[3]!))));
    for (let i = 0; i <= n; i++) out.push(bezier(c, i / n));
  }
  for (const a of e.arrows) {
    a.forEach((p, i) => {
      const q = a[(i + 1) % a.length]!;
      const n = Math.max(4, Math.ceil(2 * dist(p, q)));
      for (let k = 0; k < n; k++) out.push({ x: p.x + (q.x - p.x) * k / n, y: p.y + (q.y - p.y) * k / n });
    });
  }
  return out;
}

const inside = (p: Pt, b: Box): boolean => p.x > b.x0 + TOL && p.x < b.x1 - TOL && p.y > b.y0 + TOL && p.y < b.y1 - TOL;
const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const fmt = (p: Pt): string => `(${p.x.toFixed(1)},${p.y.toFixed(1)})`;

export function checkDrawing(d: Drawing): Problem[] {
  const out: Problem[] = [];
  const boxes = [...d.nodes];
  for (const e of d.edges) {
    const ps = samples(e);
    for (const [name, b] of boxes) {
      if (name === e.from || name === e.to) continue;
      const hit = ps.find((p) => inside(p, b));
      if (hit) out.push({ kind: 'edge-through-box', what: `edge ${e.name} (${e.labels.map((l) => l.text).join(',')}) passes through ${name} at ${fmt(hit)}` });
    }
  }
  const labels = d.edges.flatMap((e) => e.labels.map((l) => ({ ...l, edge: e.name })));
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) {
      if (overlap(a.box, b.box)) out.push({ kind: 'label-label', what: `label ${a.text} of ${a.edge} overlaps label ${b.text} of ${b.edge}` });
    }
    for (const [name, b] of boxes) {
      if (overlap(a.box, b)) out.push({ kind: 'label-box', what: `label ${a.text} of ${a.edge} overlaps box ${name}` });
    }
  });
  boxes.forEach(([na, a], i) => {
    for (const [nb, b] of boxes.slice(i + 1)) if (overlap(a, b)) out.push({ kind: 'box-box', what: `boxes ${na} and ${nb} overlap` });
  });
  return out;
}
