// Witnesses and explanations checked as facts, for every test of our corpus (litmus/tests) and
// of the Dat3M corpus's expectation lists (PTXv6_0 with ptx60, PTXv7_5 with ptx75): the
// execution Z3 reports really reaches the outcome and, evaluated by the concrete interpreter,
// satisfies every axiom (reachable) or breaks only the axioms `why` names (unreachable); each
// named cycle or edge is one of the named relations in that execution; the graph is not empty
// and renders, and its SVG (with and without `--rel cause`) has no edge through another box
// and no label over a label or a box (tests/svg-geometry.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { ROOT, hasCorpus } from '../tests/paths.js';
import { verdictRows } from '../tests/rows.js';
import { type Explanation, explainTest, explanationGraph, explanationText, graphTitle } from './explain.js';
import { toDot } from './dot.js';
import { type Problem, checkDrawing, parseSvg } from '../tests/svg-geometry.js';
import { renderSvg } from './svg.js';
import { graphText } from './text.js';
import { holds } from '../tests/conditions.js';
import type { Model } from '../model/relalg.js';
import { candidateBound, enumerate, stateValues } from '../solver/enumerate.js';
import { unroll } from '../solver/unroll.js';
import { outsideModel } from '../solver/encode.js';
import { expandPaths, parseLitmus } from '../litmus/parse.js';


/** Every fact an explanation states, checked independently of how it was found. */
function checkFacts(ex: Explanation, t: LitmusTest, expected: boolean, where: string): number {
  assert.ok(ex.reachable !== 'unknown', `${where}: undecided`);
  // The outcome is reachable exactly when the verdict says the condition allows it.
  const wantReachable = t.condition.quantifier === 'exists' ? expected : !expected;
  assert.is(ex.reachable, wantReachable, `${where}: reachable`);
  const relaxed = ex.reachable ? [] : ex.relaxations?.[0];
  assert.ok(relaxed !== undefined || !ex.reachable, where);
  if (!ex.witness) {
    // Only a program that cannot produce the outcome at all has no execution to show.
    assert.equal(ex.relaxations, [], `${where}: no witness but axioms forbid it`);
    return 0;
  }
  const x = ex.witness.x;
  const c = ex.concrete!;
  assert.ok(x.events.length > 0, `${where}: empty execution`);
  // Reads return the value of the write they read from.
  for (const [w, r] of x.rf) assert.is(ex.witness.values[r], ex.witness.values[w], `${where}: rf value`);
  assert.ok(holds(ex.outcome, new Map(ex.state)), `${where}: the witness state does not satisfy the outcome`);
  const broken = Object.entries(c.axioms).filter(([, ok]) => !ok).map(([name]) => name);
  if (ex.reachable) {
    assert.equal(broken, [], `${where}: witness inconsistent`);
    assert.equal(ex.violations, []);
  } else {
    assert.ok(broken.length > 0, `${where}: the relaxed execution is consistent, so the outcome was reachable`);
    for (const b of broken) assert.ok(relaxed!.includes(b), `${where}: breaks ${b}, not in {${relaxed!.join(', ')}}`);
    assert.equal(ex.violations.map((v) => v.axiom.name).sort(), [...broken].sort(), `${where}: violations`);
    for (const v of ex.violations) {
      const at = (term: Parameters<typeof c.evalRel>[0], a: number, b: number): boolean => { const m = c.evalRel(term); return m.m[a * m.n + b] === 1; };
      assert.ok(v.steps.length > 0, `${where}: ${v.axiom.name} has no steps`);
      // The steps chain, each step is its relation, and they close the cycle or join the pair.
      v.steps.forEach((s, i) => {
        assert.ok(at(s.term, s.from, s.to), `${where}: ${v.axiom.name}: ${s.from} -${s.label}-> ${s.to} does not hold`);
        if (i > 0) assert.is(s.from, v.steps[i - 1]!.to, `${where}: steps do not chain`);
        const chain = v.chains[i]!;
        if (chain.length) {
          assert.is(chain[0]!.from, s.from);
          assert.is(chain[chain.length - 1]!.to, s.to);
          chain.forEach((k, j) => {
            assert.ok(at(k.term, k.from, k.to), `${where}: ${k.label} in the chain of ${s.label} does not hold`);
            if (j > 0) assert.is(k.from, chain[j - 1]!.to);
            // A decomposed chain bottoms out in base relations (and fr, sync, ms).
            assert.ok(k.term.k !== 'ref' || ['fr', 'sync', 'morally-strong'].includes(k.term.name), `${where}: ${k.label} not decomposed`);
          });
        }
      });
      const first = v.steps[0]!.from;
      const last = v.steps[v.steps.length - 1]!.to;
      assert.equal([first, last], v.pair, `${where}: ends`);
      const r = c.evalRel(v.axiom.r);
      const inR = (a: number, b: number): boolean => r.m[a * r.n + b] === 1;
      if (v.axiom.kind === 'acyclic') v.steps.forEach((s) => assert.ok(inR(s.from, s.to), `${where}: cycle edge outside ${v.axiom.name}`));
      else assert.ok(inR(v.pair[0], v.pair[1]), `${where}: pair outside ${v.axiom.name}'s relation`);
      if (v.axiom.kind === 'subset') assert.not.ok(at(v.axiom.s!, v.pair[0], v.pair[1]), `${where}: pair is in the right-hand side`);
      if (v.axiom.kind === 'acyclic' || v.axiom.kind === 'irreflexive') assert.is(v.pair[0], v.pair[1]);
    }
  }
  const g = explanationGraph(ex, ['cause'])!;
  assert.is(g.nodes.length, x.events.length);
  assert.ok(g.edges.some((e) => e.rel === 'po' || e.rel === 'rf'), `${where}: graph without po/rf edges`);
  for (const e of g.edges) assert.ok(e.from < g.nodes.length && e.to < g.nodes.length);
  if (!ex.reachable) assert.ok(g.edges.some((e) => e.highlight), `${where}: violation not highlighted`);
  assert.ok(graphText(g).length > 3);
  assert.ok(explanationText(ex, g).length > 3);
  return x.events.length;
}

let z3: Z3Session;
/**
 * The first test's explanations (relax on), by file and model, for the tests after it that
 * ask the same question (the drawings' geometry; why against brute force): computed once.
 */
const explained = new Map<string, Explanation>();
const keyOf = (file: string, model: Model): string => `${file}\n${model.name}`;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

test('show and why on every corpus test: the facts they state hold', async () => {
  const all = verdictRows();
  assert.ok(all.length >= 154, `only ${all.length} rows`);
  let executions = 0;
  let unreachable = 0;
  for (const r of all) {
    const t = parseLitmus(readFileSync(r.file, 'utf8'), r.file);
    const model = MODELS[r.model]!;
    const where = `${r.file} (${r.model})`;
    const ex = await explainTest(z3, t, { model, bound: 2, timeoutMs: 60_000, relax: true, core: false });
    explained.set(keyOf(r.file, model), ex);
    if (checkFacts(ex, t, r.expected, where) > 0) executions++;
    if (ex.reachable === false) unreachable++;
    // show: same reachability, and an unreachable outcome has nothing to draw.
    if (ex.reachable === false) {
      const shown = await explainTest(z3, t, { model, bound: 2, timeoutMs: 60_000, relax: false });
      assert.is(shown.reachable, false);
      assert.is(shown.witness, null);
      assert.is(explanationGraph(shown, []), null);
    }
  }
  // Enough of each kind that the facts above were checked many times over.
  const [minUnreachable, minExecutions] = hasCorpus ? [150, 300] : [100, 130];
  assert.ok(unreachable > minUnreachable && executions > minExecutions, `${unreachable} unreachable, ${executions} executions`);
});

test('drawings of every execution: edges clear of other boxes, labels clear of labels and boxes', async () => {
  const problems: string[] = [];
  const count: Record<Problem['kind'], number> = { 'edge-through-box': 0, 'label-label': 0, 'label-box': 0, 'box-box': 0 };
  let drawings = 0;
  for (const r of verdictRows()) {
    const model = MODELS[r.model]!;
    const ex = explained.get(keyOf(r.file, model)) ?? await explainTest(z3, parseLitmus(readFileSync(r.file, 'utf8'), r.file), { model, bound: 2, timeoutMs: 60_000, relax: true, core: false });
    if (!ex.witness) continue;
    for (const rels of [[], ['cause']]) {
      const g = explanationGraph(ex, rels)!;
      const svg = await renderSvg(toDot(g, graphTitle(ex)));
      drawings++;
      for (const p of checkDrawing(parseSvg(svg))) {
        count[p.kind]++;
        problems.push(`${relative(ROOT, r.file)} (${r.model}${rels.length ? ', --rel cause' : ''}): ${p.what}`);
      }
    }
  }
  assert.ok(drawings >= 250, `only ${drawings} drawings`);
  const summary = Object.entries(count).map(([k, n]) => `${k}: ${n}`).join(', ');
  if (problems.length) console.log(`svg layout: ${problems.length} problems in ${drawings} drawings (${summary})`);
  assert.is(problems.length, 0, `${problems.length} problems in ${drawings} drawings (${summary}):\n${problems.slice(0, 40).join('\n')}`);
});

test('the SVG of a witness and of a violation renders, threads as columns in order', async () => {
  const t = parseLitmus(readFileSync(join(ROOT, 'litmus', 'tests', 'isa', 'ISA-MP.litmus'), 'utf8'));
  const ex = await explainTest(z3, t, { model: MODELS.ptx75!, bound: 2, timeoutMs: 60_000, relax: true, core: false });
  const g = explanationGraph(ex, [])!;
  const dot = toDot(g, 'ISA-MP');
  assert.match(dot, /n\d+ -> n\d+ \[label="fr", color=orange[^\]]*style=dashed[^\]]*penwidth=3/);
  const svg = await renderSvg(dot);
  assert.match(svg, /<svg/);
  // Column headers left to right: init, P0, P1.
  const x = (name: string): number => Number(new RegExp(`<text[^>]*x="([\\d.-]+)"[^>]*>${name}</text>`).exec(svg)![1]);
  assert.ok(x('init') < x('P0') && x('P0') < x('P1'), 'columns out of order');
});

/**
 * Brute force's answer to why: the sets of axioms broken by the candidate executions (every rf,
 * co, Fence-SC and barrier order, consistent or not) that reach the outcome, the smallest ones.
 * [''] when a consistent one reaches it; [] when no candidate does.
 */
function bruteRelaxations(t: LitmusTest, model: Model): string[] {
  const q = t.condition.quantifier;
  let best = Infinity;
  const sets = new Set<string>();
  enumerate(t, unroll(t, 2), model, undefined, (_x, states, res) => {
    const reaches = states.some((st) => {
      return holds(t.condition.expr, new Map(stateValues(st))) !== (q === 'forall');
    });
    if (!reaches) return;
    const broken = Object.entries(res.axioms).filter(([, ok]) => !ok).map(([name]) => name).sort();
    if (broken.length < best) { best = broken.length; sets.clear(); }
    if (broken.length === best) sets.add(broken.join(','));
  }, true);
  return [...sets].sort();
}

test('why: the smallest axiom sets it names are brute force\'s, on every own test small enough to enumerate', async () => {
  let relaxed = 0;
  let reachable = 0;
  const wrong: string[] = [];
  for (const f of expandPaths([join(ROOT, 'litmus', 'tests')])) {
    const t = parseLitmus(readFileSync(f, 'utf8'), f);
    if (candidateBound(unroll(t, 2)) > 5_000) continue;
    for (const model of [MODELS.ptx75!, MODELS.ptx60!]) {
      if (outsideModel(t, model)) continue;
      const ex = explained.get(keyOf(f, model)) ?? await explainTest(z3, t, { model, bound: 2, timeoutMs: 60_000, relax: true, core: false });
      if (ex.reachable === 'unknown') continue;
      const brute = bruteRelaxations(t, model);
      const named = ex.reachable ? [''] : (ex.relaxations ?? []).map((d) => [...d].sort().join(',')).sort();
      if (ex.reachable) reachable++;
      else relaxed++;
      // Brute force makes no value out of thin air (enumerate.ts skips a value that depends on
      // itself): where only such an execution reaches the outcome, it finds no candidate, and
      // every set why names must hold NoThinAir.
      if (brute.length === 0 && named.length > 0 && named.every((d) => d.split(',').includes('NoThinAir'))) continue;
      if (named.join(' | ') !== brute.join(' | ')) wrong.push(`${f} (${model.name}): why {${named.join(' | ')}}, brute force {${brute.join(' | ')}}`);
    }
  }
  assert.ok(relaxed >= 150 && reachable >= 60, `${relaxed} unreachable, ${reachable} reachable`);
  assert.equal(wrong, []);
});

test.run();
