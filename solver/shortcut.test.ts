// Closures that leave out paths through a clique of fence.sc (solver/shortcut.ts): when the
// model's terms allow it, and that the states are those of the exact closure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parseLitmus } from '../litmus/parse.js';
import { staticRel } from '../model/events.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { type Model, withoutAxioms } from '../model/relalg.js';
import { runTest } from './run.js';
import { closureShortcuts, cliquesOf } from './shortcut.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/**
 * Each thread a column of a litmus table, in CTA `ctas[i]`; the condition names every location
 * and loaded register, so that the states tell all of them.
 */
function litmus(threads: string[][], ctas: number[], locs: string[]): string {
  const rows = Math.max(...threads.map((c) => c.length));
  const head = threads.map((_, i) => `P${i}@cta ${ctas[i]},gpu 0`).join(' | ');
  const body = Array.from({ length: rows }, (_, r) => threads.map((c) => c[r] ?? '').join(' | ') + ' ;');
  const regs = threads.flatMap((c, i) => c.flatMap((ins) => [...ins.matchAll(/(%r\d+), \[/g)].map((m) => `P${i}:${m[1]}`)));
  const cond = [...locs, ...regs].map((o) => `${o} == 0`).join(' \\/ ');
  return `PTX T\n{ ${locs.map((l) => `${l}=0;`).join(' ')} }\n${head} ;\n${body.join('\n')}\nexists (${cond})\n`;
}

const sb = (n: number): string => litmus(
  Array.from({ length: n }, (_, i) => [`st.relaxed.gpu.u32 [x${i}], 1`, 'fence.sc.gpu', `ld.relaxed.gpu.u32 %r0, [x${(i + 1) % n}]`]),
  Array.from({ length: n }, (_, i) => i), Array.from({ length: n }, (_, i) => `x${i}`));

/** The shortcuts encode.ts would use for a test: cliques of fence.sc in the same thread or each other's scope. */
function shortcutsOf(text: string, model: Model): { cliques: number[][]; terms: number; first: number } {
  const u = unroll(parseLitmus(text), 2);
  const infos = u.events.map((e) => e.info);
  const sc = infos.filter((e) => e.fence === 'sc').map((e) => e.id);
  const cliques = cliquesOf(sc, (a, b) => infos[a]!.thread === infos[b]!.thread || staticRel('sr', infos[a]!, infos[b]!, () => -1));
  const rmw = u.events.map((e) => (e.info.kind === 'R' ? e.rmw : -1));
  const s = closureShortcuts(model, u.dag, infos, u.events.map((e) => e.guard), rmw, [{ rel: 'sync_fence', cliques }]);
  return { cliques, terms: s.size, first: [...s.values()].filter((v) => v.first !== null).length };
}

test('the base causality closure is bounded by FenceSC in both models, and only while the model has the axiom', () => {
  for (const model of [ptx60, ptx75]) {
    const s = shortcutsOf(sb(4), model);
    assert.equal(s.cliques.length, 1);
    assert.equal(s.cliques[0]!.length, 4);
    // One closure (cause-base's), whose step is (sync | sf | sb);po?: first hops can be told.
    assert.equal([s.terms, s.first], [1, 1], model.name);
    assert.equal(shortcutsOf(sb(4), withoutAxioms(model, ['FenceSC'])).terms, 0, model.name);
  }
});

test('cliques: greedily, each event in the first clique it is related to every member of', () => {
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1;
  assert.equal(cliquesOf([0, 1, 2, 3], near), [[0, 1], [2, 3]]);
  assert.equal(cliquesOf([0, 1, 2], () => true), [[0, 1, 2]]);
});

// Two ways to a step the shortcuts must keep. In both, P0's x = 1 is in base causality before
// P2's read of x only through a step from u via fence k (P1's) to v, so P2 cannot read x = 0
// once it has seen the flags; leaving that step out would allow it.
// - CHAIN: u is P0's fence, in k's clique, but k's first hop (its sync with P2's acquire)
//   leaves the clique.
// - RELEASE: k's hops stay in the clique (its sync with P2's fence), but u, P0's release, is
//   not in it.
const CHAIN = litmus([
  ['st.relaxed.gpu.u32 [x], 1', 'fence.sc.gpu', 'st.relaxed.gpu.u32 [f], 1'],
  ['ld.relaxed.gpu.u32 %r2, [f]', 'fence.sc.gpu', 'st.relaxed.gpu.u32 [y], 1'],
  ['ld.acquire.gpu.u32 %r0, [y]', 'ld.relaxed.gpu.u32 %r1, [x]'],
], [0, 1, 2], ['x', 'y', 'f']);
const RELEASE = litmus([
  ['st.relaxed.gpu.u32 [x], 1', 'st.release.gpu.u32 [y], 1'],
  ['ld.relaxed.gpu.u32 %r0, [y]', 'fence.sc.gpu', 'st.relaxed.gpu.u32 [f], 1'],
  ['ld.relaxed.gpu.u32 %r1, [f]', 'fence.sc.gpu', 'ld.relaxed.gpu.u32 %r2, [x]'],
], [0, 1, 2], ['x', 'y', 'f']);

async function states(text: string, model: Model, exact: boolean): Promise<string[]> {
  const opt = { model, bound: 1, timeoutMs: 60_000, mode: 'states' as const, checkBound: false, explain: false, forcedCoherence: !exact };
  return ((await runTest(z3, parseLitmus(text), opt)).states ?? []).map((s) => s.values.map(([k, v]) => `${k}=${v}`).join(';')).sort();
}

test('steps the shortcuts keep: a first hop out of the clique, a path from outside it', async () => {
  for (const [text, bad] of [[CHAIN, 'P1:r2=1;P2:r0=1;P2:r1=0'], [RELEASE, 'P1:r0=1;P2:r1=1;P2:r2=0']] as const) {
    for (const model of [ptx60, ptx75]) {
      assert.equal(shortcutsOf(text, model).first, 1);
      const s = await states(text, model, false);
      assert.equal(s.length, 7, model.name);
      assert.not.ok(s.some((x) => x.includes(bad)), `${model.name}: ${bad}`);
      assert.equal(s, await states(text, model, true), model.name);
    }
  }
});

// Fence-heavy programs: fence.sc of both scopes in a few CTAs (cliques of several sizes, fences
// outside any clique of another), release/acquire patterns, barriers between them.
const INSTRS = [
  'st.relaxed.gpu.u32 [x], 1', 'st.relaxed.gpu.u32 [y], 1', 'st.u32 [x], 2', 'st.release.gpu.u32 [y], 2',
  'ld.relaxed.gpu.u32 %r?, [x]', 'ld.relaxed.gpu.u32 %r?, [y]', 'ld.acquire.gpu.u32 %r?, [y]', 'ld.u32 %r?, [x]',
  'fence.sc.gpu', 'fence.sc.gpu', 'fence.sc.gpu', 'fence.sc.sys', 'fence.sc.cta', 'fence.acq_rel.gpu', 'bar.sync 0',
];
const arbFenced = fc.array(fc.record({ code: fc.array(fc.constantFrom(...INSTRS), { minLength: 1, maxLength: 4 }), cta: fc.nat(1) }), { minLength: 2, maxLength: 4 })
  .map((ths) => {
    let reg = 0;
    const threads = ths.map((t) => t.code.map((i) => i.replace('%r?', `%r${reg++}`)));
    return litmus(threads, ths.map((t) => t.cta), ['x', 'y']);
  });

test('fence-heavy programs: the same states with the shortcuts as with the exact closure (ptx60, ptx75)', async () => {
  let used = 0;
  let runs = 0;
  for (const [model, seed] of [[ptx60, 606], [ptx75, 757]] as const) {
    await fc.assert(fc.asyncProperty(arbFenced, async (text) => {
      runs++;
      if (shortcutsOf(text, model).cliques.some((c) => c.length > 1)) used++;
      assert.equal(await states(text, model, false), await states(text, model, true), text);
    }), { numRuns: 120, seed });
  }
  // Most programs had a clique of two or more fence.sc: the shortcuts were in play.
  assert.ok(used > runs / 2, `${used} of ${runs}`);
});

test.run();
