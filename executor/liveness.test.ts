// The executor's liveness verdict on small inline programs (spin loops, overwritten flags,
// barrier counts, unbounded loops), and against the Dat3M liveness verdicts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { CORPUS, OWN_TESTS, ROOT, skipWithoutCorpus } from '../tests/paths.js';
import { type LivenessResult, type LivenessVerdict, type Stuck, executorLiveness } from './liveness.js';
import type { ModelName } from './program.js';

/**
 * A test from rows of cells, one thread per column, every thread in CTA 0 unless placed. The
 * header is line 1, the init line 2, the placement row 3: row k of `rows` is line k + 4.
 */
function lit(rows: string[][], init: string, places?: string[]): string {
  const n = rows[0]!.length;
  const head = (places ?? Array.from({ length: n }, (_, i) => `P${i}@cta 0,gpu 0`)).join(' | ');
  return `PTX T\n{ ${init} }\n ${head} ;\n${rows.map((r) => ` ${r.join(' | ')} ;`).join('\n')}\nexists (P0:%r9 == 0)\n`;
}

function live(src: string, opts: { model?: ModelName; maxStates?: number } = {}): LivenessResult {
  const r = executorLiveness(parseLitmus(src), opts);
  if ('error' in r) throw new Error(r.error);
  return r;
}
const verdict = (src: string, opts: { model?: ModelName; maxStates?: number } = {}): LivenessVerdict => live(src, opts).verdict;

function hang(v: LivenessVerdict): { stuck: Stuck[]; trace: string[] } {
  if (v.kind !== 'hang') throw new Error(`expected a hang, got ${JSON.stringify(v)}`);
  return v;
}

const INIT = '.global .u32 flag = 0; .global .u32 other = 0; P0:%r9 = 0;';

/** A thread spinning while flag == spinWhile, reading it with `ld` (its load on the second row). */
const spinner = (ld: string, spinWhile: number): string[] => [
  'LOOP:',
  `${ld} %r1, [flag]`,
  `setp.eq.u32 %p1, %r1, ${spinWhile}`,
  '@%p1 bra LOOP',
];

/** Two columns: P0's cells, P1's cells, padded. */
function cols(a: string[], b: string[]): string[][] {
  const n = Math.max(a.length, b.length);
  return Array.from({ length: n }, (_, i) => [a[i] ?? '', b[i] ?? '']);
}

test('a spin on a flag the other thread sets is live (relaxed and weak)', () => {
  for (const [st, ld] of [['st.relaxed.gpu.global.u32', 'ld.relaxed.gpu.global.u32'], ['st.weak.global.u32', 'ld.weak.global.u32']] as const) {
    const r = live(lit(cols([`${st} [flag], 1`], spinner(ld, 0)), INIT));
    assert.equal(r.verdict, { kind: 'live' }, st);
    assert.ok(r.stats.states > 2);
  }
  // Behind a store still pending, each iteration's load is performed early and cannot retire:
  // repeated done entries collapse (liveness.ts collapse). Without that the window fills with
  // them up to its limit (19 states, not 11), and fetch stalls until the store is performed.
  const behind = live(lit(cols(['st.weak.global.u32 [flag], 1'], ['st.weak.global.u32 [other], 2', ...spinner('ld.weak.global.u32', 0)]), INIT));
  assert.equal(behind.verdict, { kind: 'live' });
  assert.ok(behind.stats.states <= 11, `${behind.stats.states} states`);
});

test('message passing with release and acquire is live, though the machine may perform the release early', () => {
  // P0's release store may be performed before its data store (thread.ts); a read that would
  // acquire it is refused (another interleaving has that execution). Without counting that
  // read as a dropped execution, P1 could only read the stale 0: a spin for ever, or a cas with
  // nothing to read (a deadlock).
  const writer = ['st.weak.global.u32 [other], 1', 'st.release.gpu.global.u32 [flag], 1'];
  const places = ['P0@cta 0,gpu 0', 'P1@cta 1,gpu 0'];
  assert.equal(verdict(lit(cols(writer, spinner('ld.acquire.gpu.global.u32', 0)), INIT, places)), { kind: 'live' });
  const cas = ['st.weak.global.u32 [other], 1', 'atom.release.gpu.global.exch.b32 %r3, [flag], 1'];
  assert.equal(verdict(lit(cols(cas, ['atom.acquire.gpu.global.cas.b32 %r1, [flag], 1, 2']), INIT, places)), { kind: 'live' });
});

test('a spin on a flag nobody sets hangs: the spinning thread, its load and line, and a trace', () => {
  const v = verdict(lit(cols(['st.relaxed.gpu.global.u32 [other], 1'], spinner('ld.relaxed.gpu.global.u32', 0)), INIT));
  const h = hang(v);
  // Row 1 of the test (line 5) holds the load; P0 finished, so it is not stuck.
  assert.equal(h.stuck, [{ thread: 1, at: 'loop', instr: 'ld.relaxed.gpu.global.u32 %r1, [flag]', line: 5 }]);
  // Fairness: the hung state comes after P0's store (P0 must move).
  assert.ok(h.trace.some((l) => l.startsWith('P0: st.relaxed.gpu.global.u32 [other], 1')), h.trace.join('\n'));
  assert.ok(h.trace.every((l) => /^P[01]: /.test(l)));
});

test('a read overtaken by its own thread\'s later write still has to be performed', () => {
  // P0's store may be performed before its load of the same location, which then may not read
  // it: init is stale, yet the load's only choice, so fairness still makes P0 take it. Only P1,
  // spinning on a flag nobody sets, hangs.
  const src = lit(cols(['ld.weak.global.u32 %r2, [other]', 'st.weak.global.u32 [other], 1'], spinner('ld.weak.global.u32', 0)), INIT);
  assert.equal(hang(verdict(src)).stuck.map((s) => s.thread), [1]);
});

test('a flag set and then overwritten back: the spinner can hang, with strong and with weak reads', () => {
  for (const [st, ld] of [['st.relaxed.gpu.global.u32', 'ld.relaxed.gpu.global.u32'], ['st.weak.global.u32', 'ld.weak.global.u32']] as const) {
    const src = lit(cols([`${st} [flag], 1`, `${st} [flag], 0`], spinner(ld, 0)), INIT);
    const h = hang(verdict(src));
    assert.equal(h.stuck.map((s) => [s.thread, s.at, s.instr]), [[1, 'loop', `${ld} %r1, [flag]`]], st);
    // A weak read never moves the reader's view, so it could still read 1 in every state:
    // only eventual visibility (it settles on the latest write, 0) makes this a hang.
  }
  // Overwritten with another value that also ends the spin: live. Reading the stale 0 forever
  // is a choice the machine need never make.
  const ok = lit(cols(['st.weak.global.u32 [flag], 1', 'st.weak.global.u32 [flag], 2'], spinner('ld.weak.global.u32', 0)), INIT);
  assert.equal(verdict(ok), { kind: 'live' });
});

test('unordered latest writes (partial coherence): a reader settles on one of them', () => {
  const three = (a: string, b: string): string => lit(
    [[`st.weak.global.u32 [flag], ${a}`, `st.weak.global.u32 [flag], ${b}`, 'LOOP:'],
      ['', '', 'ld.weak.global.u32 %r1, [flag]'], ['', '', 'setp.eq.u32 %p1, %r1, 0'], ['', '', '@%p1 bra LOOP']], INIT);
  // Both latest writes end the spin: live.
  assert.equal(verdict(three('1', '2')), { kind: 'live' });
  // One of them is 0: the hardware may settle on it, and P2 spins for ever.
  assert.equal(hang(verdict(three('1', '0'))).stuck.map((s) => s.thread), [2]);
});

test('bar.sync: a count too large, ids that differ, or a thread that never comes hang at the barrier; matching ones are live', () => {
  const bars = (a: string, b: string): string => lit(cols([a, 'st.weak.global.u32 [other], 1'], [b]), INIT);
  const tooMany = hang(verdict(bars('bar.sync 0, 96', 'bar.sync 0, 96')));
  assert.equal(tooMany.stuck, [
    { thread: 0, at: 'barrier', instr: 'bar.sync 0, 96', line: 4 },
    { thread: 1, at: 'barrier', instr: 'bar.sync 0, 96', line: 4 },
  ]);
  assert.equal(tooMany.trace, ['P0: bar.sync 0, 96 arrives', 'P1: bar.sync 0, 96 arrives'], 'a deadlock, reached breadth-first');
  assert.equal(hang(verdict(bars('bar.sync 0, 64', 'bar.sync 1, 64'))).stuck.map((s) => [s.thread, s.at]), [[0, 'barrier'], [1, 'barrier']]);
  assert.equal(hang(verdict(bars('bar.sync 0, 64', 'st.weak.global.u32 [flag], 1'))).stuck.map((s) => [s.thread, s.at]), [[0, 'barrier']]);
  assert.equal(verdict(bars('bar.sync 0, 64', 'bar.sync 0, 64')), { kind: 'live' });
  assert.equal(verdict(bars('bar.sync 0', 'bar.sync 0')), { kind: 'live' });
});

test('count-less bar.sync: a phase completed too early is no execution, so no hang either', () => {
  // The machine may complete P2's phase before P1 arrives (barrier.ts): that execution is
  // dropped when P1 arrives, and P1 must arrive (it can move), so P0's spin does not hang.
  const places = ['P0@cta 0,gpu 0', 'P1@cta 1,gpu 0', 'P2@cta 1,gpu 0'];
  const rows = [['LOOP:', 'bar.sync 1', 'bar.sync 1'], ['ld.relaxed.gpu.global.u32 %r1, [flag]', 'st.relaxed.gpu.global.u32 [flag], 1', ''],
    ['setp.eq.u32 %p1, %r1, 0', '', ''], ['@%p1 bra LOOP', '', '']];
  assert.equal(verdict(lit(rows, INIT, places)), { kind: 'live' });
  // Without P1's store, P0 spins for ever.
  rows[1]![1] = '';
  assert.equal(hang(verdict(lit(rows, INIT, places))).stuck.map((s) => [s.thread, s.at]), [[0, 'loop']]);
});

test('a barrier inside an endless loop is a hang found, not an ever-growing count of phases', () => {
  const src = lit([['LOOP:', 'LOOP:'], ['bar.sync 0, 64', 'bar.sync 0, 64'], ['bra LOOP', 'bra LOOP']], INIT);
  const r = live(src, { maxStates: 10_000 });
  assert.equal(hang(r.verdict).stuck.map((s) => s.thread), [0, 1]);
  assert.ok(r.stats.states < 50, `${r.stats.states} states`);
  // A loop with a barrier that ends: live.
  const ends = lit([['mov.u32 %r1, 0', 'mov.u32 %r1, 0'], ['LOOP:', 'LOOP:'], ['bar.sync 0, 64', 'bar.sync 0, 64'],
    ['add.u32 %r1, %r1, 1', 'add.u32 %r1, %r1, 1'], ['setp.lt.u32 %p1, %r1, 3', 'setp.lt.u32 %p1, %r1, 3'], ['@%p1 bra LOOP', '@%p1 bra LOOP']], INIT);
  assert.equal(verdict(ends), { kind: 'live' });
});

test('read-modify-writes in an endless loop behind a fence: a hang found in few states', () => {
  // Each exchange carries the release records of the write it read and the fence's: they once
  // grew by one a round, every state was new, and this did not finish in 20,000 states.
  const src = `PTX T
{ m=0; }
 P0@cta 0,gpu 0                 | P1@cta 0,gpu 0                 ;
 LC00:                          | LC10:                          ;
 atom.relaxed.gpu.exch r0, m, 1 | atom.relaxed.gpu.exch r1, m, 0 ;
 bne r0, 0, LC01                | fence.acq_rel.gpu              ;
 goto LC00                      | goto LC10                      ;
 LC01:                          |                                ;
exists (P0:r0 == 0)
`;
  const r = live(src, { maxStates: 20_000 });
  assert.equal(hang(r.verdict).stuck.map((s) => s.thread), [1]);
  assert.ok(r.stats.states < 500, `${r.stats.states} states`);
});

test('a loop whose state grows for ever is unknown, never live', () => {
  // A counter written each iteration: every state is new.
  const counter = lit(cols(['LOOP:', 'add.u32 %r1, %r1, 1', 'st.relaxed.gpu.global.u32 [other], %r1', 'bra LOOP'], ['st.weak.global.u32 [flag], 1']), INIT);
  const v = verdict(counter, { maxStates: 500 });
  assert.is(v.kind, 'unknown');
  assert.match((v as { reason: string }).reason, /500 states/);
  // The same value written each iteration (release stores: in order, so few interleavings)
  // while another thread, spinning on weak reads of it, keeps every write readable: the
  // location runs out of write numbers. (A spinner on another location would let gc.ts
  // forget the writes, and the loop is then a hang found.)
  const weakSpin = ['LOOP:', 'ld.weak.global.u32 %r1, [other]', 'setp.ne.u32 %p1, %r1, 5', '@%p1 bra LOOP'];
  const writes = lit(cols(['LOOP:', 'st.release.gpu.global.u32 [other], 1', 'bra LOOP'], weakSpin), INIT);
  const w = verdict(writes);
  assert.is(w.kind, 'unknown');
  assert.match((w as { reason: string }).reason, /writes kept at one location/);
  // Spinning on flag, which nobody writes, instead: the other thread never reads `other`, so
  // its old writes are forgotten, the writer's loop comes back to a state it was in, and
  // both threads are found to hang.
  const elsewhere = lit(cols(['LOOP:', 'st.release.gpu.global.u32 [other], 1', 'bra LOOP'], spinner('ld.relaxed.gpu.global.u32', 0)), INIT);
  assert.equal(hang(verdict(elsewhere)).stuck.map((x) => [x.thread, x.at]), [[0, 'loop'], [1, 'loop']]);
  // A loop without any memory operation would spin inside one step: cut, and unknown.
  assert.match(JSON.stringify(verdict(lit(cols(['LOOP:', 'bra LOOP'], ['st.weak.global.u32 [flag], 1']), INIT))), /a loop went round more than \d+ times within one step/);
});

test('a spin through the texture path need never see the flag (not coherent); read generic first and fenced, it is live', () => {
  const tex = (read: string[]): string => lit(cols(['st.relaxed.gpu.global.u32 [flag], 1'], ['L:', ...read, 'setp.eq.u32 %p1, %r1, 0', '@%p1 bra L']), '.global .u32 flag = 0; t @ texture aliases flag; P0:%r9 = 0;');
  assert.is(verdict(tex(['tld.weak.u32 %r1, [t]'])).kind, 'hang');
  assert.is(verdict(tex(['ld.global.nc.u32 %r1, [flag]'])).kind, 'hang');
  assert.is(verdict(tex(['ld.relaxed.gpu.global.u32 %r2, [flag]', 'fence.proxy.texture', 'tld.weak.u32 %r1, [t]'])).kind, 'live');
});

test('no loops, no barriers: live', () => {
  const mp = lit(cols(['st.weak.global.u32 [other], 1', 'st.release.gpu.global.u32 [flag], 1'],
    ['ld.acquire.gpu.global.u32 %r1, [flag]', 'ld.weak.global.u32 %r2, [other]']), INIT);
  for (const model of ['ptx60', 'ptx75'] as const) {
    const r = live(mp, { model });
    assert.equal(r.verdict, { kind: 'live' });
    assert.ok(r.stats.states > 4);
  }
});

test('Dartagnan dialect: goto/bne spin loops', () => {
  const src = (writer: string): string => `PTX D\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n ${writer} | LC10: ;\n | ld.relaxed.gpu r0, x ;\n | bne r0, 0, LC11 ;\n | goto LC10 ;\n | LC11: ;\nexists 0==0\n`;
  assert.equal(verdict(src('st.relaxed.gpu x, 1'), { model: 'ptx60' }), { kind: 'live' });
  assert.equal(hang(verdict(src('st.relaxed.gpu x, 0'), { model: 'ptx60' })).stuck, [{ thread: 1, at: 'loop', instr: 'ld.relaxed.gpu.u32 %r0, [x]', line: 5 }]);
});

test('what the executor does not model comes back as an error', () => {
  // An address that is no location's (a CTA placed in two clusters, the example before, is now refused by the parser).
  const src = 'PTX E\n{ x=0; P1:%rd1=8; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed.gpu x, 1 | st.relaxed.gpu.u32 [%rd1], 2 ;\nexists 0==0\n';
  assert.match(JSON.stringify(executorLiveness(parseLitmus(src))), /address 8 \(x - 65528\) is no location's \(out of bounds, or inside an element\)/);
});

// Our own liveness list, which the solver answers too (1: no thread can hang, 0: one can). It
// lands with the solver's liveness; until then this says it is not there.
test('own tests: litmus/tests/liveness/LIVENESS.csv, every row agrees', () => {
  const csv = join(OWN_TESTS, 'liveness', 'LIVENESS.csv');
  if (!existsSync(csv)) { process.stdout.write(`\n  no ${csv}: skipped\n`); return; }
  const t0 = performance.now();
  const rows = readFileSync(csv, 'utf8').trim().split('\n').filter((l) => !l.startsWith('#')).map((l) => l.split(','));
  const wrong: string[] = [];
  for (const [path, model, v] of rows) {
    const r = executorLiveness(parseLitmus(readFileSync(join(ROOT, path!), 'utf8'), path), { model: model as ModelName });
    const got = 'error' in r ? r.error : r.verdict.kind;
    if (got !== (v === '1' ? 'live' : 'hang')) wrong.push(`${path} (${model}): expected ${v}, got ${got}`);
  }
  assert.equal(wrong, []);
  assert.ok(rows.length > 0);
  process.stdout.write(`\n  LIVENESS.csv: ${rows.length} rows, ${Math.round(performance.now() - t0)} ms\n`);
});

// Dat3M's liveness verdicts (1: no thread can hang, 0: one can). Every row agrees.
for (const [csv, model] of [['PTXv6_0-Liveness-expected.csv', 'ptx60'], ['PTXv7_5-Liveness-expected.csv', 'ptx75']] as const) {
  test(`corpus ${csv}: every liveness verdict agrees`, () => {
    if (skipWithoutCorpus()) return;
    const t0 = performance.now();
    const rows = readFileSync(join(CORPUS, 'expected', csv), 'utf8').trim().split('\n').map((l) => l.split(','));
    const wrong: string[] = [];
    for (const [path, v] of rows) {
      const r = executorLiveness(parseLitmus(readFileSync(join(CORPUS, path!), 'utf8'), path), { model });
      const got = 'error' in r ? r.error : r.verdict.kind;
      if (got !== (v === '1' ? 'live' : 'hang')) wrong.push(`${path}: expected ${v}, got ${got}`);
    }
    assert.equal(wrong, []);
    assert.is(rows.length, 91);
    process.stdout.write(`\n  ${csv}: ${rows.length} tests, ${Math.round(performance.now() - t0)} ms\n`);
  });
}

test.run();
