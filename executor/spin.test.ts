// Spin loops (spin.ts): which loops qualify, and that dropping their repeated iterations keeps
// every final state, on loops where it must and on loops it must leave alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { runTest } from './explore.js';
import { compile } from './program.js';
import { fuzzPrograms } from '../cli/fuzzjobs.js';
import { FUZZ_DEFAULTS } from '../cli/fuzz.js';

/** P0 as given (one instruction per line), P1 storing f = 1 then g = 2. */
function lit(p0: string[], cond: string): string {
  const rows = p0.map((x, i) => ` ${x} | ${i === 0 ? 'st.relaxed.gpu.u32 [f], 1' : i === 1 ? 'st.relaxed.gpu.u32 [g], 2' : ''} ;`);
  return `PTX T\n{ f=0; g=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n${rows.join('\n')}\n${cond}\n`;
}
const spinsOf = (src: string): number[] =>
  compile(parseLitmus(src), 'ptx75', 2).threads[0]!.spins.flatMap((b, pc) => (b ? [pc] : []));
const outcomes = (src: string, spinAssume: boolean, bound = 2): string[] => {
  const o = runTest(parseLitmus(src), { bound, spinAssume });
  if (!o.ok) throw new Error(o.error);
  return o.result.states.map((s) => s.text);
};

const SPIN = ['L:', 'ld.acquire.gpu.u32 %r1, [f]', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L', 'ld.relaxed.gpu.u32 %r2, [g]'];

test('spin loops: loads and register work only, nothing carried between iterations', () => {
  assert.equal(spinsOf(lit(SPIN, 'exists (P0:%r2 == 0)')), [2], 'the backward branch (code index 2) closes a spin loop');
  // Two loads, one condition; a Dartagnan compare-and-branch.
  assert.equal(spinsOf(lit(['L:', 'ld.relaxed.gpu.u32 %r1, [f]', 'ld.relaxed.gpu.u32 %r2, [g]', 'add.u32 %r3, %r1, %r2', 'setp.eq.u32 %p1, %r3, 0', '@%p1 bra L'], 'exists (P0:%r1 == 0)')), [4]);
  const not = {
    'a store in the body': ['L:', 'ld.relaxed.gpu.u32 %r1, [f]', 'st.relaxed.gpu.u32 [g], 1', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'],
    'a counter carried over': ['L:', 'add.u32 %r3, %r3, 1', 'ld.relaxed.gpu.u32 %r1, [f]', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'],
    'a guarded write': ['L:', 'ld.relaxed.gpu.u32 %r1, [f]', 'setp.eq.u32 %p1, %r1, 0', '@%p1 mov.u32 %r3, 1', '@%p1 bra L'],
    'a read-modify-write': ['L:', 'atom.relaxed.gpu.exch.b32 %r1, [f], 0', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'],
    'a jump into the body': ['ld.relaxed.gpu.u32 %r4, [g]', 'setp.eq.u32 %p2, %r4, 0', '@%p2 bra M', 'L:', 'ld.relaxed.gpu.u32 %r1, [f]', 'M:', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'],
    'a fence': ['L:', 'ld.relaxed.gpu.u32 %r1, [f]', 'fence.sc.gpu', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'],
  };
  for (const [why, p0] of Object.entries(not)) assert.equal(spinsOf(lit(p0, 'exists (P0:%r1 == 0)')), [], why);
});

test('spin loops: dropping the iterations that go round again keeps every final state', () => {
  const spin = lit(SPIN, 'exists (P0:%r2 == 0)');
  assert.equal(outcomes(spin, true), outcomes(spin, false));
  assert.ok(outcomes(spin, true).some((s) => s.includes('P0:r2=0')), 'P0 may leave before g is written');
  // Independent of the bound: no iteration that goes round again is left to count.
  assert.equal(outcomes(spin, true, 0), outcomes(spin, true, 3));
  // A counter the loop carries is observed: its iterations stay (the count reaches 2 only by going round).
  const counter = lit(['L:', 'add.u32 %r3, %r3, 1', 'ld.relaxed.gpu.u32 %r1, [f]', 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L'], 'exists (P0:%r3 == 2)');
  assert.ok(outcomes(counter, true).some((s) => s.includes('P0:r3=2')));
  assert.equal(outcomes(counter, true), outcomes(counter, false));
});

test('spin loops: the same final states on generated programs, with far fewer states', () => {
  let spun = 0;
  let with_ = 0;
  let without = 0;
  for (const t of fuzzPrograms({ ...FUZZ_DEFAULTS, runs: 60, seed: 9 })) {
    const a = runTest(t, { maxStates: 20_000, spinAssume: false });
    const b = runTest(t, { maxStates: 20_000 });
    if (!a.ok || !b.ok || a.result.stats.truncated) continue;
    assert.equal(b.result.states.map((s) => s.text), a.result.states.map((s) => s.text));
    if (b.result.stats.spun > 0) spun++;
    with_ += b.result.stats.visited;
    without += a.result.stats.visited;
  }
  assert.ok(spun >= 10, `${spun} programs with a spin loop that went round`);
  assert.ok(with_ < without, `${with_} states against ${without}`);
});

test.run();
