// End to end through Z3: barriers, loops and the bound, predicates, register addresses,
// atomics, explanations. Small tests written for these properties.
import { test } from 'uvu';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { parseCat } from '../model/cat.js';
import type { Model } from '../model/relalg.js';
import { type RunResult, checkStates, runTest } from './run.js';
import { unroll, UnsupportedError } from './unroll.js';
import { enumerate } from './enumerate.js';
import { openZ3, type Z3Session } from './z3.js';
import { OWN_TESTS } from '../tests/paths.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const run = (src: string, o: { model?: Model; bound?: number; mode?: 'states' | 'verdict'; explain?: boolean; timeoutMs?: number } = {}): Promise<RunResult> =>
  runTest(z3, parseLitmus(src), {
    model: o.model ?? ptx75, bound: o.bound ?? 2, timeoutMs: o.timeoutMs ?? 30_000, mode: o.mode ?? 'states', checkBound: true, explain: o.explain ?? false,
  });
const states = (r: RunResult): string[] => (r.states ?? []).map((s) => s.values.map(([k, v]) => `${k}=${v}`).join(' '));

test('a barrier without count waits for every thread that reaches it', async () => {
  const r = await run(`PTX B1
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 3 ;
 bar.cta.sync 3 | ld.weak r0, x  ;
exists (P1:r0 == 0)`);
  assert.equal(states(r), ['P1:r0=1']);
  assert.is(r.validated, false);
});

test('barriers of different CTAs or ids do not meet', async () => {
  const cases: [string, number][] = [['P1@cta 1,gpu 0', 3], ['P1@cta 0,gpu 0', 4]];
  for (const [p1, id] of cases) {
    const r = await run(`PTX B2
{ x=0; }
 P0@cta 0,gpu 0 | ${p1} ;
 st.weak x, 1   | bar.cta.sync ${id} ;
 bar.cta.sync 3 | ld.weak r0, x  ;
exists (P1:r0 == 0)`);
    assert.equal(states(r), ['P1:r0=0', 'P1:r0=1']);
  }
});

test('with a count, the barrier opens when that many have arrived; later arrivals do not release', async () => {
  // Three threads at a barrier that needs two: P1 may pass with P2 before P0's store arrives.
  const src = (count: number): string => `PTX B3
{ x=0; }
 P0@cta 0,gpu 0         | P1@cta 0,gpu 0         | P2@cta 0,gpu 0         ;
 st.weak x, 1           | bar.cta.sync 1, 5, ${count} | bar.cta.sync 1, 5, ${count} ;
 bar.cta.sync 1, 5, ${count} | ld.weak r0, x         |                        ;
exists (P1:r0 == 0)`;
  assert.equal(states(await run(src(2))), ['P1:r0=0', 'P1:r0=1']);
  assert.equal(states(await run(src(3))), ['P1:r0=1']);
  // Four expected, three come: nobody passes, no execution terminates.
  const hang = await run(src(4));
  assert.equal(states(hang), []);
  assert.is(hang.validated, false);
});

test('circular waits on two barriers have no terminating execution', async () => {
  const r = await run(`PTX B4
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, x  | bar.cta.sync 2 ;
 bar.cta.sync 1 | st.weak x, 1   ;
 bar.cta.sync 2 | bar.cta.sync 1 ;
forall (P0:r0 == 5)`);
  assert.equal(states(r), []);
  assert.is(r.validated, true);
});

test('bar.arrive does not wait, and only its earlier accesses are released', async () => {
  const r = await run(`PTX B5
{ x=0; y=0; }
 P0@cta 0,gpu 0   | P1@cta 0,gpu 0 ;
 st.weak x, 1     | bar.cta.sync 1 ;
 bar.cta.arrive 1 | ld.weak r0, x  ;
 st.weak y, 1     | ld.weak r1, y  ;
exists (P1:r0 == 0 \\/ P1:r1 == 5)`);
  assert.equal(states(r), ['P1:r0=1 P1:r1=0', 'P1:r0=1 P1:r1=1']);
});

test('barrier ids may come from registers loaded at run time', async () => {
  const r = await run(`PTX B6
{ x=0; z=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0    | P2@cta 0,gpu 0 ;
 st.weak x, 1        | ld.weak r2, z     | st.weak z, 1   ;
 bar.cta.sync 1, 1   | bar.cta.sync 1, r2 |               ;
                     | ld.weak r0, x     |                ;
exists (P1:r0 == 0)`);
  // z=1: ids agree, P1 must see x=1; z=0: different barriers, anything goes.
  assert.equal(states(r), ['P1:r0=0', 'P1:r0=1']);
  const r2 = await run(`PTX B6b
{ x=0; z=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0    | P2@cta 0,gpu 0 ;
 st.weak x, 1        | ld.weak r2, z     | st.weak z, 1   ;
 bar.cta.sync 1, 1   | bar.cta.sync 1, r2 |               ;
                     | ld.weak r0, x     |                ;
forall (P1:r2 != 1 \\/ P1:r0 == 1)`);
  assert.is(r2.validated, true);
});

test('spin loops: the bound is reported when some execution needs more iterations', async () => {
  const spin = `PTX L1
{ f=0; x=0; }
 P0@cta 0,gpu 0         | P1@cta 0,gpu 0          ;
 st.weak x, 1           | LC0:                    ;
 st.release.gpu f, 1    | ld.acquire.gpu r0, f    ;
                        | beq r0, 0, LC0          ;
                        | ld.weak r1, x           ;
exists (P1:r1 == 0)`;
  const r = await run(spin, { bound: 1 });
  assert.equal(states(r), ['P1:r1=1']);
  assert.is(r.boundReached, true);
  // A loop that runs a fixed number of times fits in a large enough bound.
  const counted = `PTX L2
{ x=0; }
 P0@cta 0,gpu 0      ;
 mov.u32 r0, 0       ;
 LC0:                ;
 add.u32 r0, r0, 1   ;
 st.weak x, r0       ;
 bne r0, 3, LC0      ;
exists (x == 3)`;
  const small = await run(counted, { bound: 1 });
  assert.equal(states(small), []);
  assert.is(small.boundReached, true);
  const big = await run(counted, { bound: 2 });
  assert.equal(states(big), ['x=3']);
  assert.is(big.boundReached, false);
  assert.is(big.validated, true);
});

test('predicated instructions take effect only when their guard holds', async () => {
  const r = await run(`PTX P1
{ x=0; y=0; }
 P0@cta 0,gpu 0           | P1@cta 0,gpu 0 ;
 ld.weak r0, x            | st.weak x, 1   ;
 setp.eq.u32 p, r0, 1     |                ;
 @p st.weak.u32 [y], 7    |                ;
 @!p mov.u32 r1, 9        |                ;
exists (y == 7)`);
  assert.equal(states(r), ['y=0', 'y=7']);
  const s = await run(`PTX P2
{ x=0; }
 P0@cta 0,gpu 0           ;
 ld.weak r0, x            ;
 setp.eq.u32 p, r0, 0     ;
 @!p mov.u32 r1, 9        ;
 @p mov.u32 r1, 4         ;
exists (P0:r1 == 4)`);
  assert.equal(states(s), ['P0:r1=4']);
});

test('addresses held in registers (init block and mov of a location)', async () => {
  const r = await run(`PTX A1
{ x=0; y=0; P0:r5=&y; }
 P0@cta 0,gpu 0        ;
 st.weak.u32 [r5], 3   ;
 mov.u64 r6, x         ;
 st.weak.u32 [r6], 4   ;
exists (x == 4 /\\ y == 3)`);
  assert.equal(states(r), ['x=4 y=3']);
});

test('an address computed from a loaded value: one access per location it may reach; refused where some execution reaches none', async () => {
  // r0 is read from x: the store may go to x or y (each guarded by r0 being its address), or nowhere.
  const src = (init: string): string => `PTX A2
{ x=${init}; y=0; }
 P0@cta 0,gpu 0    ;
 ld.weak r0, x     ;
 st.weak.u32 [r0], 1 ;
exists (x == 1)`;
  const u = unroll(parseLitmus(src('0')), 1);
  const ws = u.events.filter((e) => e.info.kind === 'W' && !e.info.init);
  assert.equal(ws.map((e) => u.locations[e.info.ploc]!.name).sort(), ['x', 'y']);
  assert.ok(ws.every((e) => e.guard !== u.dag.T && e.guard !== u.dag.F), 'each store is guarded by its address');
  assert.is(u.strays.length, 1);
  // x holds 0, the address of no location, in every execution: refused at the store, with the address.
  const opt = { model: ptx75, bound: 1, timeoutMs: 60_000, mode: 'states' as const, checkBound: false, explain: false };
  try {
    await runTest(z3, parseLitmus(src('0')), opt);
    assert.unreachable('refused');
  } catch (e) {
    assert.ok(e instanceof UnsupportedError, String(e));
    assert.match((e as Error).message, /^P0 line 5:2: st\.weak\.u32 \[%?r0\], 1: in some execution the address is 0x0 \(a null pointer\), which is no location's/);
    assert.equal((e as UnsupportedError).pos, { line: 5, col: 2 });
  }
});

test('a stray access before a spin that never ends: brute force refuses it as the solver does (executions cut at the loop bound count)', async () => {
  // P0 reads 0 from x and stores through it, then spins forever: every execution is cut at the
  // bound, so none has a final state, and the store reaches no location in each.
  const src = `PTX C1\n{ x=0; P0:%p0 = 0; }\n P0@cta 0,gpu 0 ;\n ld.relaxed.gpu.u64 %rd1, [x] ;\n st.relaxed.gpu.u32 [%rd1], 1 ;\n L1: ;\n @!%p0 bra L1 ;\nexists (x == 0)\n`;
  const t = parseLitmus(src);
  const why = (f: () => unknown): string => { try { f(); return 'answered'; } catch (e) { return e instanceof UnsupportedError ? e.message : String(e); } };
  const brute = why(() => enumerate(t, unroll(t, 2), ptx75));
  assert.match(brute, /^P0 line 5:2: st\.relaxed\.gpu\.u32 \[%rd1\], 1: in some execution the address is 0x0 \(a null pointer\)/);
  let solver = 'answered';
  try { await checkStates(z3, t, { model: ptx75, bound: 2, timeoutMs: 60_000 }, [], 0); } catch (e) { solver = (e as Error).message; }
  assert.is(solver, brute);
});

test('no execution terminates (a barrier waits forever): a stray access made on the way is refused, one behind the barrier is not', async () => {
  // P1 waits at barrier 8 for a second warp that never comes. P0 loads 0 from flag and reads
  // through it: every execution prefix makes that access, so the test is refused (it was
  // answered "Deadlock: no execution terminates", where run and check --liveness refuse it).
  const src = (p0: string): string => `PTX D\n{ flag = 0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n${p0}\nexists (P0:%r2 == 0)\n`;
  const opt = { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: false, explain: false };
  const why = async (text: string): Promise<string> => {
    try { const r = await runTest(z3, parseLitmus(text), opt); return `answered: ${r.noStates?.why ?? ''}`; } catch (e) { return (e as Error).message; }
  };
  assert.match(await why(src(' ld.relaxed.gpu.b64 %rd1, [flag] | bar.sync 8, 64 ;\n ld.relaxed.gpu.u32 %r2, [%rd1] | barrier.arrive 0, 64 ;')),
    /^P0 line 5:2: ld\.relaxed\.gpu\.u32 %r2, \[%rd1\]: in some execution the address is 0x0 \(a null pointer\)/);
  // Behind a barrier that never completes, the access never happens: answered.
  assert.is(await why(src(' ld.relaxed.gpu.b64 %rd1, [flag] | ;\n bar.sync 5, 64 | ;\n ld.relaxed.gpu.u32 %r2, [%rd1] | ;')), 'answered: deadlock');
});

test('a program found to reach a location with every access is not asked again, but the same threads with other initial values are', async () => {
  // The address is x (0) plus r1: y's address, or 0 (no location) when r1 starts at 0.
  const src = (r1: string): string => `PTX A3
{ x=0; y=0; P0:r1=${r1}; }
 P0@cta 0,gpu 0            ;
 ld.weak r0, x             ;
 add.u64 %r2, %r0, %r1     ;
 st.weak.u32 [%r2], 1      ;
exists (y == 1)`;
  const opt = { model: ptx75, bound: 1, timeoutMs: 60_000, mode: 'states' as const, checkBound: false, explain: false };
  const ok = parseLitmus(src('&y'));
  assert.equal(states(await runTest(z3, ok, opt)), ['y=1']);
  // Another condition on the same program: answered from the first question (the stray question assumes no condition).
  assert.equal(states(await runTest(z3, { ...ok, condition: { ...ok.condition, quantifier: 'forall' } }, opt)), ['y=1']);
  // The same threads (one array) with r1 = 0: every execution stores at address 0.
  const stray = { ...ok, regInits: parseLitmus(src('0')).regInits };
  assert.is(stray.threads, ok.threads);
  try {
    await runTest(z3, stray, opt);
    assert.unreachable('refused');
  } catch (e) {
    assert.ok(e instanceof UnsupportedError, String(e));
    assert.match((e as Error).message, /address is 0x0 \(a null pointer\)/);
  }
});

test('checks whose names differ only in punctuation are two checks (their literals and ranks were one symbol)', async () => {
  // Each ranking alone allows the store-buffering outcome; one ranking shared by both would be
  // acyclic(po | rf | co | fr), sequential consistency, which forbids it.
  const m = parseCat('let fr = rf^-1; co\nacyclic po | rf as Sc-1\nacyclic co | fr as Sc.1\nacyclic po as Sc_1', 'punct.cat');
  const r = await run(`PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0    | P1@cta 1,gpu 0    ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;
exists (P0:r0 == 0 /\\ P1:r1 == 0)`, { model: m });
  assert.equal(states(r), ['P0:r0=0 P1:r1=0', 'P0:r0=0 P1:r1=1', 'P0:r0=1 P1:r1=0', 'P0:r0=1 P1:r1=1']);
});

test('a register the dialect\'s blt compares (signed, as Dartagnan reads it) reads signed in the condition too', async () => {
  const r = await run(`PTX sgn
{ x=0; }
 P0@cta 0,gpu 0 ;
 ld r1, -1 ;
 blt r1, 0, LC00 ;
 ld r2, 1 ;
 LC00: ;
exists (P0:r1 < 0 /\\ P0:r2 == 0)`);
  // The branch was taken on r1 < 0: the condition sees the same -1 (it saw 4294967295).
  assert.equal(states(r), ['P0:r1=-1 P0:r2=0']);
  assert.is(r.validated, true);
});

test('atom.cas that fails writes the old value back', () => {
  const t = parseLitmus(`PTX C1
{ x=0; }
 P0@cta 0,gpu 0                   ;
 atom.relaxed.gpu.cas r0, x, 5, 7 ;
exists (x == 0)`);
  const u = unroll(t, 1);
  const ws = u.events.filter((e) => e.info.kind === 'W' && !e.info.init);
  assert.is(ws.length, 1);
  assert.is(u.events.find((e) => e.info.kind === 'R')!.rmw, ws[0]!.info.id);
});

test('atomic increments by two threads: atomic when morally strong, not otherwise', async () => {
  const src = (s0: string, s1: string, c1: number): string => `PTX C2
{ x=0; }
 P0@cta 0,gpu 0               | P1@cta ${c1},gpu 0 ;
 atom.relaxed.${s0}.add r0, x, 1 | atom.relaxed.${s1}.add r1, x, 1 ;
exists (x == 1)`;
  assert.equal(states(await run(src('gpu', 'gpu', 1))), ['x=2']);
  assert.equal(states(await run(src('cta', 'cta', 1))), ['x=1', 'x=2']);
});

test('verdicts come with an explanation: the witness, or the axioms that rule it out', async () => {
  const mp = (fence: string): string => `PTX MP
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.relaxed.gpu r0, f  ;
 ${fence}            | fence.acq_rel.gpu     ;
 st.relaxed.gpu f, 1 | ld.weak r1, x         ;
exists (P1:r0 == 1 /\\ P1:r1 == 0)`;
  const allowed = await run(mp('fence.acq_rel.cta'), { mode: 'verdict', explain: true });
  assert.is(allowed.validated, true);
  assert.ok(allowed.witness);
  assert.equal(allowed.witness!.state.map(([k, v]) => `${k}=${v}`), ['P1:r0=1', 'P1:r1=0']);
  for (const model of [ptx60, ptx75]) {
    const forbidden = await run(mp('fence.acq_rel.gpu'), { mode: 'verdict', explain: true, model });
    assert.is(forbidden.validated, false);
    assert.equal(forbidden.core, ['Causality']);
  }
});

test('relaxations without the unsat core: the same verdict and smallest sets, no core (floating-point values too)', async () => {
  // A float operation makes the verdict's encoding another one than the explanation's (run.ts
  // floatsFirst), which the relaxations must load: on the verdict's, with coherence forced in
  // program order, no axiom set would seem to forbid CoWW.
  const coww = `PTX CoWW-float
{ x=0; .global .f32 y = 0f3F800000; }
 P0@cta 0,gpu 0              ;
 ld.relaxed.gpu.f32 %f1, [y] ;
 add.rn.f32 %f2, %f1, %f1    ;
 st.relaxed.gpu.u32 [x], 1   ;
 st.relaxed.gpu.u32 [x], 2   ;
exists (x == 1)
`;
  const cases: [string, string, string][] = [[readFileSync(join(OWN_TESTS, 'isa', 'ISA-MP.litmus'), 'utf8'), 'Causality', 'ISA-MP'], [coww, 'Coherence', 'CoWW-float']];
  for (const [src, axiom, name] of cases) {
    const t = parseLitmus(src);
    const opt = { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'verdict' as const, checkBound: true, explain: true, relax: true };
    const withCore = await runTest(z3, t, opt);
    const without = await runTest(z3, t, { ...opt, core: false });
    // Unreachable: the condition holds for ~exists, fails for exists.
    assert.is(withCore.validated, t.condition.quantifier !== 'exists', name);
    assert.equal(withCore.core, [axiom], name);
    assert.is(without.core, null, name);
    assert.is(without.validated, withCore.validated, name);
    assert.equal(withCore.relaxations, [[axiom]], name);
    assert.equal(without.relaxations, [[axiom]], name);
    // An execution that reaches it without that axiom.
    assert.ok(without.relaxedWitness, name);
    assert.is(without.boundReached, withCore.boundReached, name);
  }
});

test('a test Z3 cannot decide in time is Unknown, never a verdict', async () => {
  const rows = Array.from({ length: 6 }, (_, i) => ` atom.relaxed.gpu.add r${i}, x, ${i + 1} | atom.relaxed.gpu.add r${i}, x, ${i + 1} | atom.relaxed.gpu.add r${i}, x, ${i + 1} ;`);
  const r = await run(`PTX T1
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;
${rows.join('\n')}
exists (x == 1)`, { timeoutMs: 1 });
  assert.is(r.validated, 'unknown');
  assert.is(r.states, null);
});

test('checkStates: each candidate allowed or not, and the allowed states the candidates miss', async () => {
  const t = parseLitmus(`PTX MPc
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, f  ;
 st.release.gpu f, 1 | ld.weak r1, x         ;
exists (P1:r0 == 1 /\\ P1:r1 == 0)`);
  const opt = { model: ptx75, bound: 2, timeoutMs: 30_000 };
  const all = await runTest(z3, t, { ...opt, mode: 'states', checkBound: false, explain: false });
  const key = (v: readonly (readonly [string, bigint])[]): string => v.map(([k, x]) => `${k}=${x}`).join(' ');
  const allowed = all.states![0]!.values;
  const set = (r0: bigint, r1: bigint): [string, bigint][] => allowed.map(([k, v]) => [k, k === 'P1:r0' ? r0 : k === 'P1:r1' ? r1 : v]);
  // The MP outcome the model forbids, an allowed state, and values no instruction produces.
  const c = await checkStates(z3, t, opt, [set(1n, 0n), allowed, set(7n, -1n)], Infinity);
  assert.ok(c);
  assert.equal(c.allowed, [false, true, false]);
  assert.ok(c.allMissing);
  assert.equal(c.missing.map(key).sort(), all.states!.slice(1).map((s) => key(s.values)).sort());
  // With a limit, the search for missed states stops there.
  const one = await checkStates(z3, t, opt, [], 1);
  assert.is(one!.missing.length, 1);
  assert.is(one!.allMissing, false);
  // Every allowed state given: nothing missing.
  const none = await checkStates(z3, t, opt, all.states!.map((s) => s.values), Infinity);
  assert.equal(none!.missing, []);
  assert.ok(none!.allowed.every((x) => x));
  // Candidates marked known are not asked, but still left out of the search: with every state
  // but the first given and marked known, the first is the one missing.
  const rest = all.states!.slice(1).map((s) => s.values);
  const known = await checkStates(z3, t, opt, rest, Infinity, rest.map(() => true));
  assert.equal(known!.missing.map(key), [key(all.states![0]!.values)]);
  assert.ok(known!.allMissing);
});

test.run();
