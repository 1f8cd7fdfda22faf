// The executor's commands as a user runs them (`run`, `cross`, `fuzz`), and a bounded fuzz
// run with fixed seeds: generated programs through all three checks (executor within solver,
// solver equal to brute force, print/parse round trip) for both models.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LitmusTest } from '../litmus/ast.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { ptxmm, scratch } from '../tests/cli.js';
import { FUZZ_DEFAULTS, type FuzzOptions, fuzz, fuzzOne, newTally } from './fuzz.js';
import fc from 'fast-check';
import { litmusTest } from '../litmus/arbitrary.js';
import { unroll } from '../solver/unroll.js';
import { fuzzPrograms } from './fuzzjobs.js';
import { crossOne, formatCross } from './cross.js';
import { readFileSync } from 'node:fs';
import { parseLitmus } from '../litmus/parse.js';
import { type StateValues, checkStates } from '../solver/run.js';
import { ptx75 } from '../model/ptx.js';
import { reachable } from '../executor/reachable.js';
import { executorValuations, valuationKey } from '../executor/compare.js';
import { runTest } from '../executor/explore.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const { write } = scratch('ptxmm-exec-');
const SB = write('sb.litmus', `PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\\ P1:r1 == 0)
`);

test('run lists the final states the executor reaches, with the states it visited', () => {
  const r = ptxmm('run', SB);
  assert.is(r.code, 0, r.err);
  for (const s of ['P0:r0=0; P1:r1=0;', 'P0:r0=0; P1:r1=1;', 'P0:r0=1; P1:r1=0;', 'P0:r0=1; P1:r1=1;']) assert.match(r.out, s);
  assert.match(r.out, /States 4\n/);
  assert.match(r.out, /Visited \d+ states, 4 final/);
});

test('run drops spin loops that go round again, or with --unroll-spins goes round them up to the bound', () => {
  const spin = write('spin.litmus', `PTX Spin
{ d=0; f=0; }
 P0@cta 0,gpu 0                     | P1@cta 1,gpu 0                     ;
 st.weak.global.u32 [d], 1          | L:                                 ;
 st.release.gpu.global.u32 [f], 1   | ld.acquire.gpu.global.u32 %r1, [f] ;
                                    | setp.eq.u32 %p1, %r1, 0            ;
                                    | @%p1 bra L                         ;
                                    | ld.weak.global.u32 %r2, [d]        ;
forall (P1:%r2 == 1)
`);
  const dropped = ptxmm('run', spin);
  assert.is(dropped.code, 0, dropped.err);
  assert.match(dropped.out, /States 1\n +\d+ :> P1:r2=1;/);
  assert.match(dropped.out, /Spin loops: \d+ iterations that go round again left out/);
  assert.not.match(dropped.out, /Bound 2 reached/);
  // With nobody setting the flag, no execution finishes: said as such, not as iterations left out.
  const never = ptxmm('run', write('never.litmus', readFileSync(spin, 'utf8').replace('st.release.gpu.global.u32 [f], 1', 'st.release.gpu.global.u32 [d], 2')));
  assert.match(never.out, /States 0\n/);
  assert.match(never.out, /Spin loops: no execution finishes: every one goes round a spin loop again \(\d+ such iterations? left out\), so a thread may spin forever/);
  const unrolled = ptxmm('run', '--unroll-spins', spin);
  assert.is(unrolled.code, 0, unrolled.err);
  assert.match(unrolled.out, /States 1\n +\d+ :> P1:r2=1;/);
  assert.match(unrolled.out, /Bound 2 reached: \d+ executions cut off/);
  assert.not.match(unrolled.out, /Spin loops/);
});

test('both engines count the loop bound per loop and per entry: two loops in a row, and a nested loop, each going round once fit bound 1', () => {
  // Each exchange loop goes round once (the first reads the initial 0, the second reads 1): two
  // back jumps in all, one per loop. The nested case goes round its inner loop once per outer
  // iteration: three back jumps in all, never two in one loop entry.
  const twoLoops = write('two-loops.litmus', `PTX TwoLoops
{ x=0; }
 P0@cta 0,gpu 0                               ;
 L1:                                          ;
 atom.relaxed.gpu.global.exch.b32 %r0, [x], 1 ;
 setp.eq.u32 %p0, %r0, 0                      ;
 @%p0 bra L1                                  ;
 L2:                                          ;
 atom.relaxed.gpu.global.exch.b32 %r1, [x], 2 ;
 setp.eq.u32 %p1, %r1, 1                      ;
 @%p1 bra L2                                  ;
exists (P0:%r0 == 1 /\\ P0:%r1 == 2)
`);
  const nested = write('nested.litmus', `PTX Nested
{ P0:%r0 = 0; }
 P0@cta 0,gpu 0               ;
 OUT:                         ;
 mov.u32 %r1, 0               ;
 IN:                          ;
 add.u32 %r1, %r1, 1          ;
 setp.lt.u32 %p1, %r1, 2      ;
 @%p1 bra IN                  ;
 add.u32 %r0, %r0, 1          ;
 setp.lt.u32 %p0, %r0, 2      ;
 @%p0 bra OUT                 ;
exists (P0:%r0 == 2 /\\ P0:%r1 == 2)
`);
  for (const f of [twoLoops, nested]) {
    const check = ptxmm('check', '--bound', '1', f);
    assert.is(check.code, 0, check.err);
    assert.match(check.out, /\bOk\b/, f);
    assert.not.match(check.out, /Bound 1 reached/, f);
    const run = ptxmm('run', '--bound', '1', f);
    assert.match(run.out, /States 1\n/, f);
    assert.not.match(run.out, /Bound 1 reached/, f);
    const cross = ptxmm('cross', '--bound', '1', f);
    assert.is(cross.code, 0, cross.out + cross.err);
  }
  // An inner loop going round twice in one entry needs bound 2: at bound 1 both engines cut it and say so.
  const twice = write('twice.litmus', readFileSync(nested, 'utf8').replace('setp.lt.u32 %p1, %r1, 2', 'setp.lt.u32 %p1, %r1, 3').replace('P0:%r1 == 2)', 'P0:%r1 == 3)'));
  assert.match(ptxmm('check', '--bound', '1', twice).out, /Bound 1 reached/);
  assert.match(ptxmm('run', '--bound', '1', twice).out, /Bound 1 reached/);
  assert.match(ptxmm('check', '--bound', '2', twice).out, /\bOk\b/);
});

test('a filter on a register `locations` leaves out: run and check show the same states, cross agrees', () => {
  // The filter reads P1:r1; the states show P1:r2 and x only (as check shows them), and once
  // cross failed on the register the executor showed and the solver did not.
  const f = write('filter.litmus', `PTX Filtered
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r1, x ;
 st.relaxed.gpu x, 2 | ld.relaxed.gpu r2, x ;
locations [x;]
filter (P1:r1 == 1)
exists (P1:r2 == 1)
`);
  const run = ptxmm('run', f);
  assert.is(run.code, 0, run.err);
  const check = ptxmm('check', f);
  assert.is(check.code, 0, check.err);
  const states = (out: string): string[] => [...out.matchAll(/(P1:r2=\d; x=\d;)/g)].map((m) => m[1]!).sort();
  assert.equal(states(run.out), ['P1:r2=1; x=2;', 'P1:r2=2; x=2;']);
  assert.equal(states(check.out), states(run.out));
  assert.not.match(run.out, /P1:r1=/);
  // The final states the filter drops are said, as check says it when it drops them all.
  assert.match(run.out, /Filter: \d+ final states left out by the filter/);
  const none = ptxmm('run', write('filter0.litmus', readFileSync(f, 'utf8').replace('P1:r1 == 1', 'P1:r1 == 7')));
  assert.match(none.out, /States 0\n[^]*Filter: the filter excludes every final state \(\d+ reached\)/);
  // ... and the JSON record counts them, so that an empty state list reads as the filter's.
  const rec = JSON.parse(ptxmm('run', '--json', write('filter0.litmus', readFileSync(f, 'utf8').replace('P1:r1 == 1', 'P1:r1 == 7'))).out.split('\n')[0]!) as { states: unknown[]; filtered: number; finals: number };
  assert.equal([rec.states.length, rec.finals], [0, 0]);
  assert.ok(rec.filtered > 0, `filtered ${rec.filtered}`);
  const cross = ptxmm('cross', f);
  assert.is(cross.code, 0, cross.out + cross.err);
  assert.match(cross.out, /PASS Filtered: executor 2 states, solver 2/);
});

test('cross: per-test verdict and a summary line; an unreadable file is an error with its position', () => {
  const ok = ptxmm('cross', SB);
  assert.is(ok.code, 0, ok.err);
  assert.match(ok.out, 'PASS SB: executor 4 states, solver 4');
  assert.match(ok.out, /Tests 1 \(0 skipped\): 0 unsound, 0 missed, 0 errors, 0 incomplete \(4 of 4 solver states reached\); 1 passed, 0 failed/);
  // A skipped test is one of the tests, as in the JSON summary.
  const cut = ptxmm('cross', '--max-states', '1', SB);
  assert.is(cut.code, 1);
  assert.match(cut.out, /Tests 1 \(1 skipped\): .* 0 passed, 1 failed/);
  // Bad input both engines refuse is their agreement, not a failure: said apart from the skips.
  const proxied = write('proxied.litmus', 'PTX Proxied\n{ s=0; }\n P0@cta 0,gpu 0 ;\n sust.weak.u32 [s], 1 ;\n ld.weak.u32 r0, [s] ;\nexists (P0:r0 == 0)\n');
  const refused = ptxmm('cross', '--model', 'ptx60', proxied, SB);
  assert.is(refused.code, 0, refused.out + refused.err);
  assert.match(refused.out, /REFUSED Proxied: both engines refuse it: .*proxied\.litmus:4:2: sust\.weak\.u32 \[s\], 1: the ptx60 model has no proxies/);
  assert.match(refused.out, /Tests 2 \(1 refused by both engines, 0 skipped\): .* 1 passed, 0 failed/);
  const json = ptxmm('cross', '--json', '--model', 'ptx60', proxied).out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal([json[0]!.status, json[1]!.refused, json[1]!.skipped], ['refused', 1, 0]);
  const bad = ptxmm('cross', write('bad.litmus', 'PTX Bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak.bogus r0, x ;\nexists (x == 0)\n'));
  assert.is(bad.code, 1);
  assert.match(bad.err, /bad\.litmus:4:\d+: /);
});

const opts = (o: Partial<FuzzOptions>): FuzzOptions => ({ ...FUZZ_DEFAULTS, seed: 1, threads: [2, 3], ops: [1, 4], maxStates: 20_000, ...o });

for (const [model, runs, seed] of [['ptx75', 300, 7575], ['ptx60', 150, 6060]] as const) {
  test(`fuzz, ${model}: ${runs} programs (seed ${seed}) pass all four checks, and most are checked by each`, async () => {
    const r = await fuzz(z3, opts({ model, runs, seed }));
    assert.is(r.thrown, null);
    assert.is(r.failure, null, r.failure ? JSON.stringify(r.failure.finding) : '');
    const t = r.tally;
    assert.is(t.programs, runs);
    // A run that skipped its programs would prove nothing: most must reach each check.
    assert.ok(t.crossed >= 0.9 * runs, `only ${t.crossed} of ${runs} cross-checked`);
    assert.ok(t.enumerated >= 0.8 * runs, `only ${t.enumerated} of ${runs} compared with brute force`);
    assert.ok(t.races >= 0.95 * t.enumerated, `only ${t.races} of ${t.enumerated} had their races compared`);
  });
}

test('cross against solver states known already (fuzz after brute force): a missing one is unsound, an extra one incomplete', async () => {
  const t = parseLitmus(readFileSync(SB, 'utf8'), SB);
  const o = { model: 'ptx75' as const, bound: 2, timeoutMs: 60_000, maxStates: 100_000, maxMissing: Infinity };
  const all: [string, bigint][][] = [0n, 1n].flatMap((a) => [0n, 1n].map((b): [string, bigint][] => [['P0:r0', a], ['P1:r1', b]]));
  const exact = await crossOne(z3, SB, t, { ...o, solverStates: all });
  assert.is(exact.status, 'pass');
  assert.is(exact.executorStates, 4);
  assert.equal(exact.incomplete, []);
  assert.is(exact.replayed, 0);
  // Without (0, 0): the executor's (0, 0) is reported, with its trace.
  const fewer = await crossOne(z3, SB, t, { ...o, solverStates: all.slice(1) });
  assert.is(fewer.status, 'unsound');
  assert.equal(fewer.unsound.map((u) => u.state), ['P0:r0=0; P1:r1=0;']);
  assert.ok(fewer.unsound[0]!.trace.length > 0);
  // One more (r0 = 2): listed as a state the executor never reaches.
  const more = await crossOne(z3, SB, t, { ...o, solverStates: [...all, [['P0:r0', 2n], ['P1:r1', 0n]]] });
  assert.is(more.status, 'pass');
  assert.equal(more.incomplete, ['P0:r0=2; P1:r1=0;']);
  // Without them, each executor state is shown on its own execution, and Z3 finds nothing more.
  const plain = await crossOne(z3, SB, t, o);
  assert.is(plain.status, 'pass');
  assert.is(plain.replayed, 4);
  assert.equal(plain.incomplete, []);
});

test('the executor\'s kind of execution (reachable.ts): no read of a later write, no write between two left unordered', async () => {
  const o = { bound: 2, timeoutMs: 60_000 };
  const known = (n: number): boolean[] => Array.from({ length: n }, () => true);
  // Missing states, asked of ptx75 and of ptx75 with the executor's axioms, when `reached` is all one has.
  const missing = async (text: string, reached: readonly StateValues[]): Promise<[string[], string[]]> => {
    const t = parseLitmus(text, 't.litmus');
    const [full, inOrd] = await Promise.all([ptx75, reachable(ptx75)].map((model) => checkStates(z3, t, { ...o, model }, reached, Infinity, known(reached.length))));
    return [full!.missing.map(valuationKey), inOrd!.missing.map(valuationKey)];
  };
  const states = (names: [string, string], pairs: [number, number][]): [string, bigint][][] =>
    pairs.map(([a, b]) => [[names[0], BigInt(a)], [names[1], BigInt(b)]]);
  // SB's weak outcome has an in-order execution: an executor that missed it would be MISSED.
  assert.equal(await missing(readFileSync(SB, 'utf8'), states(['P0:r0', 'P1:r1'], [[0, 1], [1, 0], [1, 1]])), [['P0:r0=0; P1:r1=0;'], ['P0:r0=0; P1:r1=0;']]);
  // LB's outcome needs each load to read the other thread's later store. The executor performs
  // a store before an earlier load of another location, so it must reach it; with a fence
  // between, it does not (fences never move), though the model allows it (weak accesses make
  // no synchronization).
  const lb = (fence: string): string => `PTX LB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 ${fence}       | ${fence}       ;
 st.weak y, 1   | st.weak x, 1   ;
exists (P0:r0 == 1 /\\ P1:r1 == 1)
`;
  const lbOthers = states(['P0:r0', 'P1:r1'], [[0, 0], [0, 1], [1, 0]]);
  assert.equal(await missing(lb('mov.u32 r9, 0'), lbOthers), [['P0:r0=1; P1:r1=1;'], ['P0:r0=1; P1:r1=1;']]);
  assert.equal(await missing(lb('fence.acq_rel.gpu'), lbOthers), [['P0:r0=1; P1:r1=1;'], []]);
  // With each store's value read from its thread's load (data dependencies), the model forbids it (NoThinAir).
  assert.equal(await missing(lb('mov.u32 r9, 0').replace('st.weak y, 1 ', 'st.weak y, r0').replace('st.weak x, 1 ', 'st.weak x, r1'), lbOthers), [[], []]);
  // A read through a generic alias before bar.sync may see a write made after the other thread's
  // bar.sync (causality needs fence.proxy.alias between aliases): allowed, but not in order. The
  // same read of x itself is forbidden (Causality), so neither model has it.
  const alias = (addr: string): string => `PTX ALIAS-bar
{ x=0; xa @ generic aliases x; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0      ;
 bar.sync 0     | ld.relaxed.gpu r0, ${addr} ;
 st.weak x, 1   | bar.sync 0          ;
exists (P1:r0 == 1)
`;
  assert.equal(await missing(alias('xa'), [[['P1:r0', 0n]]]), [['P1:r0=1;'], []]);
  assert.equal(await missing(alias('x'), [[['P1:r0', 0n]]]), [[], []]);
  // P0's add reads P1's store, with which it is not morally strong (other CTA, .cta store), so
  // its write may go before that store in coherence; P2's add, morally strong with both, reads
  // P0's write and must go between the two. The executor left them unordered when P0 wrote,
  // and never orders them later: x = 1 at the end, with both adds reading 1, is missed.
  const between = `PTX CO-between
{ x=0; }
 P0@cta 1,gpu 0                       | P1@cta 0,gpu 0            | P2@cta 0,gpu 0                       ;
 atom.relaxed.sys.add.u32 %r0, [x], 0 | st.relaxed.cta.u32 [x], 1 | atom.relaxed.gpu.add.u32 %r0, [x], 1 ;
exists (P0:%r0 == 1 /\\ P2:%r0 == 1 /\\ x == 1)
`;
  const reached = runTest(parseLitmus(between, 'b.litmus'), { model: 'ptx75', bound: 2 });
  assert.ok(reached.ok);
  assert.equal(await missing(between, executorValuations(reached.result)), [['P0:r0=1; P2:r0=1; x=1;'], []]);
});

test('cross: our tests with a state the executor misses are INCOMPLETE, not MISSED: each needs an execution it does not perform', async () => {
  const cases: [string, string][] = [
    ['litmus/tests/isa/MP+fence.sc+ctrl-rmw-allowed.litmus', 'P1:r1=1; P1:r2=0;'],
    ['litmus/tests/scope/ATOM-exch.cta-diff-cta-mutual-read-allowed.litmus', 'P0:r1=2; P1:r1=1;'],
  ];
  for (const [file, missed] of cases) {
    const c = await crossOne(z3, file, parseLitmus(readFileSync(file, 'utf8'), file), { model: 'ptx75', bound: 2, timeoutMs: 60_000, maxStates: 100_000, maxMissing: Infinity });
    assert.is(c.status, 'pass', file);
    assert.equal(c.incomplete, [missed]);
    assert.equal(c.missedReachable, []);
    assert.match(formatCross(c)[0]!, /^INCOMPLETE /);
  }
  // A state the executor must reach is told apart from one it need not.
  const report = { file: 'f', test: 'T', model: 'ptx75', bound: 2, status: 'missed' as const, reason: null, executorStates: 1, solverStates: 3,
    unsound: [], incomplete: ['a=1;', 'a=2;'], missedReachable: ['a=2;'], incompleteAll: true, visited: 5, replayed: 1 };
  assert.equal(formatCross(report), [
    'MISSED T: executor 1 states, solver 3',
    '  never reached by the executor: a=1;',
    '  never reached by the executor, though an execution of the kind it performs reaches it (executor/reachable.ts): a=2;',
  ]);
});

test('cross with the executor stopped at its budget: the states it reached are still checked (soundness only)', async () => {
  const t = parseLitmus(readFileSync(SB, 'utf8'), SB);
  // 8 states: the depth-first search has reached two of SB's four final states by then.
  const o = { model: 'ptx75' as const, bound: 2, timeoutMs: 60_000, maxStates: 8, maxMissing: Infinity };
  const cut = await crossOne(z3, SB, t, o);
  assert.is(cut.status, 'skip');
  assert.is(cut.executorStates, 2);
  assert.is(cut.replayed, 2);
  assert.is(cut.solverStates, null);
  assert.equal(cut.incomplete, []);
  assert.match(cut.reason ?? '', /^executor: stopped after \d+ states; the 2 final states it reached are allowed \(soundness only\)$/);
  const one = await crossOne(z3, SB, t, { ...o, maxChecked: 1 });
  assert.equal([one.status, one.executorStates, one.replayed], ['skip', 2, 1]);
  assert.match(one.reason ?? '', /; 1 \(spread evenly\) of the 2 final states it reached are allowed/);
  // Against a solver that allows none of them, both are unsound, though the run was cut short.
  const none = await crossOne(z3, SB, t, { ...o, solverStates: [[['P0:r0', 7n], ['P1:r1', 7n]]] });
  assert.is(none.status, 'unsound');
  assert.is(none.unsound.length, 2);
  assert.match(formatCross(none)[0]!, /^UNSOUND SB: executor 2 states \(executor: stopped after \d+ states\)$/);
});

test('fuzz finds, shrinks and reports a failing program (a planted failure: any fence.sc)', async () => {
  const hasScFence = (t: LitmusTest): boolean => t.threads.some((th) => th.code.some((s) => s.op === 'fence' && s.sem === 'sc'));
  const r = await fuzz(z3, opts({ runs: 200, seed: 3 }), async (_z, t) => (hasScFence(t) ? { kind: 'unsound', detail: ['planted'] } : null));
  assert.ok(r.failure);
  assert.equal(r.failure.finding, { kind: 'unsound', detail: ['planted'] });
  // Shrunk to the fewest threads the generator allows and the one instruction that fails.
  const code = r.failure.test.threads.flatMap((th) => th.code);
  assert.is(r.failure.test.threads.length, 2);
  assert.is(code.length, 1);
  assert.ok(hasScFence(r.failure.test));
});

test('fuzz --jobs: the same programs as the sequential search, and a failure replayed from its index', async () => {
  const o = opts({ runs: 25, seed: 9 });
  const seen: LitmusTest[] = [];
  await fuzz(z3, o, async (_z, t) => { seen.push(t); return null; });
  assert.equal(fuzzPrograms(o), seen);
  // Replaying program 17 alone (fast-check's path), as fuzzjobs.ts does with a worker's failure.
  let first: LitmusTest | null = null;
  const r = await fuzz(z3, o, async (_z, t) => { first ??= t; return { kind: 'unsound', detail: ['planted'] }; }, '17');
  assert.equal(first, seen[17]);
  assert.ok(r.failure, 'the replayed program fails again, and is shrunk');
});

test("fuzz's checks on the round-trip generator's programs: every instruction, type, placement and condition form", async () => {
  // A wider net than the fuzz generator's: this campaign (5,000 programs) found a crash on a
  // load its guard skips and a location's final value chosen per alias. Programs the solver
  // refuses (an address in a register that is no location's) are left out.
  const programs = fc.sample(litmusTest, { seed: 20261128, numRuns: 250 }).filter((t) => {
    try { unroll(t, 2); return true; } catch { return false; }
  });
  for (const model of ['ptx75', 'ptx60'] as const) {
    const tally = newTally();
    for (const t of programs) {
      const f = await fuzzOne(z3, t, { ...FUZZ_DEFAULTS, seed: 0, model, enumLimit: 2_000 }, tally);
      assert.is(f, null, `${model}: ${f?.kind}: ${f?.detail.join('\n')}`);
    }
    assert.ok(tally.crossed >= 90 && tally.enumerated >= 80, `${model}: ${tally.crossed} crossed, ${tally.enumerated} enumerated of ${programs.length}`);
  }
});

test('cross: a stray address met only in executions that never finish (a thread left at a barrier) is refused by both engines', async () => {
  // P1 waits at barrier 8 for a second warp that never comes: no execution finishes, so the
  // solver's states are none, while the executor performs P0's load of address 0 (flag's value)
  // on the way. The solver's prefixes (its liveness encoding) meet it too. Found by the round-trip fuzz campaign.
  const text = 'PTX D3\n{ flag = 0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n ld.relaxed.gpu.b64 %rd1, [flag] | bar.sync 8, 64 ;\n ld.relaxed.gpu.u32 %r2, [%rd1] | barrier.arrive 0, 64 ;\nexists (P0:%r2 == 0)\n';
  const o = { model: 'ptx75' as const, bound: 2, timeoutMs: 60_000, maxStates: 100_000, maxMissing: Infinity };
  const c = await crossOne(z3, 'd3.litmus', parseLitmus(text, 'd3.litmus'), o);
  assert.equal([c.status, c.reason], ['refused', "d3.litmus:5:2: ld.relaxed.gpu.u32 %r2, [%rd1]: address 0 (a null pointer) is no location's (out of bounds, or inside an element)"]);
  // fuzz --liveness: the liveness encoding refuses it (the stray is in a prefix): not compared,
  // counted, where it was an internal error (fuzz --every-form --liveness, seed 1206).
  const tally = newTally();
  assert.is(await fuzzOne(z3, parseLitmus(text, 'd3.litmus'), { ...FUZZ_DEFAULTS, seed: 0, liveness: true }, tally), null);
  assert.equal([...tally.livenessSkipped.keys()].map((k) => /^refused over execution prefixes: P0 line N:N: ld\.relaxed\.gpu\.u3N %r2, \[%rd1\]: in some execution the address is Nx0 \(a null pointer\)/.test(k)), [true]);
});

test('cross: an address chosen by a loaded value is followed by both engines; one that reaches no location is refused by both, with its position', async () => {
  // The path taken (a loaded value) picks x or y: the executor stores where the value leads it,
  // the solver makes one store per location the address may reach (solver/unroll.ts).
  const text = (z: number): string => `PTX G\n{ x=0; y=0; z=${z}; }\n P0@cta 0,gpu 0 ;\n ld.relaxed.gpu.u32 %r1, [z] ;\n setp.eq.u32 %p1, %r1, 1 ;\n @%p1 mov.u64 %rd1, x ;\n @!%p1 mov.u64 %rd1, y ;\n st.relaxed.gpu.u32 [%rd1], 1 ;\nexists (x == 1)\n`;
  const o = { model: 'ptx75' as const, bound: 2, timeoutMs: 60_000, maxStates: 100_000, maxMissing: Infinity };
  const c = await crossOne(z3, 'g.litmus', parseLitmus(text(1), 'g.litmus'), o);
  assert.is(c.status, 'pass', c.reason ?? '');
  // z = 7: %rd1 is then the address 0 (never set), which is no location's: the executor meets it.
  const bad = await crossOne(z3, 'g.litmus', parseLitmus(text(7).replace(' @!%p1 mov.u64 %rd1, y ;\n', ''), 'g.litmus'), o);
  // Bad input, which the solver refuses too: the engines agree.
  assert.is(bad.status, 'refused');
  assert.is(bad.reason, "g.litmus:7:2: st.relaxed.gpu.u32 [%rd1], 1: address 0 (a null pointer) is no location's (out of bounds, or inside an element)");
  // `run` reports such a test as every command does: an input error at the instruction, not "not run".
  const run = ptxmm('run', '--json', write('g7.litmus', text(7).replace(' @!%p1 mov.u64 %rd1, y ;\n', '')));
  assert.is(run.code, 1);
  const [err, sum] = run.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal([err!.type, err!.line, err!.col], ['error', 7, 2]);
  assert.match(String(err!.message), /is no location's/);
  assert.equal([sum!.errors, sum!.notRun], [1, 0]);
});

test('fuzz command: summary and exit status; bad ranges are usage errors', () => {
  const r = ptxmm('fuzz', '--runs', '12', '--seed', '5', '--threads', '2', '--ops', '1..3');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /fuzz: 12 programs in [\d.]+ s: 12 round trips, \d+ solver = brute force \(\d+ also their races\), \d+ executor within solver/);
  assert.match(r.out, /\n12 passed, 0 failed\n$/);
  // Two worker threads: the same tally, line for line.
  const par = ptxmm('fuzz', '--runs', '12', '--seed', '5', '--threads', '2', '--ops', '1..3', '--jobs', '2');
  assert.is(par.code, 0, par.out + par.err);
  const tally = (out: string): string => out.replace(/ in [\d.]+ s/, '').replace(/, 2 jobs/, '');
  assert.is(tally(par.out), tally(r.out));
  const bad = ptxmm('fuzz', '--threads', '1..9');
  assert.is(bad.code, 2);
  assert.match(bad.err, '--threads takes N or N..M within 1..4');
});

test('fuzz --every-form: the round-trip generator\'s programs, on worker threads too; --threads and --ops do not apply', () => {
  const r = ptxmm('fuzz', '--every-form', '--runs', '10', '--seed', '20261201');
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /^fuzz: seed 20261201, 10 runs, every form \(the round-trip generator\), ptx75\n/);
  assert.match(r.out, /fuzz: 10 programs in [\d.]+ s: 10 round trips, \d+ solver = brute force/);
  const par = ptxmm('fuzz', '--every-form', '--runs', '10', '--seed', '20261201', '--jobs', '2');
  assert.is(par.out.replace(/ in [\d.]+ s/, '').replace(/, 2 jobs/, ''), r.out.replace(/ in [\d.]+ s/, ''));
  const bad = ptxmm('fuzz', '--every-form', '--ops', '2');
  assert.equal([bad.code, /--ops shapes the fuzz generator's programs; --every-form draws the round-trip generator's/.test(bad.err)], [2, true], bad.err);
});

test('fuzz --liveness: both engines\' liveness verdicts on each program, alike (a hang the solver finds, the executor finds)', async () => {
  const r = ptxmm('fuzz', '--liveness', '--runs', '12', '--seed', '5', '--threads', '2', '--ops', '1..3');
  assert.is(r.code, 0, r.out + r.err);
  const n = Number(/, (\d+) liveness alike in both engines \(0 where only the solver finds a hang, [^;]*; \d+ not compared\), /.exec(r.out)?.[1] ?? -1);
  assert.ok(n > 0 && n <= 12, r.out);
  const par = ptxmm('fuzz', '--liveness', '--runs', '12', '--seed', '5', '--threads', '2', '--ops', '1..3', '--jobs', '2');
  assert.is(par.out.replace(/ in [\d.]+ s/, '').replace(/, 2 jobs/, ''), r.out.replace(/ in [\d.]+ s/, ''));
  // A spin on a flag nobody sets: a hang in both, counted; without --liveness, not asked.
  const spin = parseLitmus('PTX Spin\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n L: ;\n ld.relaxed.gpu r0, x ;\n bne r0, 1, L ;\nexists (P0:r0 == 1)\n', 'spin.litmus');
  const on = newTally();
  assert.is(await fuzzOne(z3, spin, { ...FUZZ_DEFAULTS, seed: 0, liveness: true }, on), null);
  assert.is(on.liveness, 1);
  const off = newTally();
  await fuzzOne(z3, spin, { ...FUZZ_DEFAULTS, seed: 0 }, off);
  assert.is(off.liveness, 0);
});

test('fuzz under a --timeout too short to answer: programs not fully cross-checked, out of time, never a failure or a crash', () => {
  for (const jobs of ['1', '2']) {
    const r = ptxmm('fuzz', '--runs', '3', '--seed', '1', '--timeout', '0.001', '--jobs', jobs);
    assert.match(r.out, /not fully cross-checked \(\d+\): solver: out of time/);
    assert.not.match(r.out + r.err, /internal error|threw|    at /);
    // Nothing compared is nothing passed (cross says SKIP, exit 1).
    assert.is(r.code, 1, r.out + r.err);
    assert.match(r.out, /no program was checked against another engine \(the reasons above\)\n0 passed, 3 failed\n$/);
  }
  // What would be lost after a search is refused before it: a place --out cannot write, a seed past 32 bits.
  const out = ptxmm('fuzz', '--runs', '1', '--out', '/nonexistent-dir/x.litmus');
  assert.is(out.code, 2);
  assert.match(out.err, /--out \/nonexistent-dir\/x\.litmus: \/nonexistent-dir is not a directory/);
  const seed = ptxmm('fuzz', '--runs', '1', '--seed', '4294967301');
  assert.is(seed.code, 2);
  assert.match(seed.err, /--seed takes 0 to 4294967295 \(32 bits\)/);
});

test('cross --timeout stops the executor too (a counter that grows for ever made --liveness run for minutes)', () => {
  const f = write('grow.litmus', `PTX Grow
{ .global .u32 f = 0; .global .u32 c = 0; }
 P0@cta 0,gpu 0                      | P1@cta 1,gpu 0                   ;
 L:                                  | st.release.gpu.global.u32 [f], 1 ;
 add.u32 %r2, %r2, 1                 |                                  ;
 st.relaxed.gpu.global.u32 [c], %r2  |                                  ;
 ld.acquire.gpu.global.u32 %r1, [f]  |                                  ;
 setp.eq.u32 %p1, %r1, 0             |                                  ;
 @%p1 bra L                          |                                  ;
exists (P0:%r1 == 1)
`);
  const t0 = performance.now();
  const r = ptxmm('cross', '--liveness', '--timeout', '2', f);
  assert.ok(performance.now() - t0 < 60_000, `${(performance.now() - t0) / 1000} s`);
  assert.match(r.out, /executor unknown \(out of time: --timeout 2 s ran out\)/);
  // run and cross on a folder with no test: a usage error, as check says (exit 0 after checking nothing hid wrong paths).
  const empty = scratch('ptxmm-empty-').dir;
  for (const c of ['run', 'cross']) {
    const e = ptxmm(c, empty);
    assert.is(e.code, 2, c);
    assert.match(e.err, /no \.litmus files found/);
  }
});

test('run: an Ok that says no reached state breaks the condition notes that check decides', () => {
  const r = ptxmm('run', SB);
  const forall = ptxmm('run', write('sbforall.litmus', readFileSync(SB, 'utf8').replace(/^exists .*$/m, 'forall (P0:r0 != 2)')));
  assert.not.match(r.out, /Note:/);
  assert.match(forall.out, /\nOk\n[\s\S]*\nNote: Ok says no state the executor reaches breaks the condition; it reaches part of what the model allows, so `ptxmm check` decides\n/);
});

test.run();
