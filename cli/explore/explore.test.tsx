// The explorer's screens driven by their keys, with the real workers (Z3 and the executor run
// as they do for a user), asserting on the rendered frames.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { App, type AppProps } from './app.js';
import { startJobs, type Jobs } from './jobs.js';
import { readEntries } from '../explore.js';
import { OWN_TESTS, ROOT } from '../../tests/paths.js';
import { scratch, manyWrites } from '../../tests/cli.js';
import { type Entry, rows } from './tree.js';

const KEY = { up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D', enter: '\r', esc: '\u001B', pageDown: '\u001B[6~' };
const plain = (s: string | undefined): string => (s ?? '').replace(/\u001B\[[0-9;]*m/g, '');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const SIZE = { columns: 80, rows: 24 };

interface Ui {
  frame: () => string;
  /** Waits until the frame satisfies `ok` (a string it contains, or a predicate); fails after `ms`. */
  until: (ok: string | ((f: string) => boolean), ms?: number) => Promise<string>;
  press: (...keys: string[]) => Promise<void>;
  done: () => Promise<void>;
}

function start(entries: Entry[], extra: Partial<AppProps> = {}): Ui {
  const jobs: Jobs = startJobs();
  const r = render(<App entries={entries} jobs={jobs} model="ptx75" bound={2} timeoutMs={60_000} size={SIZE} {...extra} />);
  const frame = (): string => plain(r.lastFrame());
  return {
    frame,
    async until(ok, ms = 60_000) {
      const t0 = performance.now();
      const test = typeof ok === 'string' ? (f: string) => f.includes(ok) : ok;
      for (;;) {
        const f = frame();
        if (test(f)) return f;
        if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${typeof ok === 'string' ? JSON.stringify(ok) : 'a frame'}; the frame:\n${f}`);
        await sleep(20);
      }
    },
    async press(...keys) {
      for (const k of keys) {
        r.stdin.write(k);
        await sleep(15);
      }
    },
    async done() {
      r.unmount();
      await jobs.close();
    },
  };
}

const ISA = join(OWN_TESTS, 'isa');
const mp = (): Entry => readEntries([join(ISA, 'ISA-MP.litmus')], ROOT)[0]!;
const MP_FORBIDDEN = 'P1:r0=1; P1:r1=0';

test('browser: tests by folder, badges computed in the background, filter, open', async () => {
  const ui = start(readEntries([ISA], ROOT));
  const first = ui.frame();
  assert.ok(first.includes('litmus/tests/isa/'), first);
  assert.ok(first.includes('ISA-MP'), first);
  // Every test of the folder (the count in the title), each with its badge once computed.
  const f = await ui.until((x) => x.includes(`${readdirSync(ISA).filter((n) => n.endsWith('.litmus')).length} tests`));
  // Each test's badge: its kind and whether the condition is validated.
  assert.match(f, /ISA-MP +Required Ok/);
  assert.match(f, /IRIW-allowed +Allowed Ok/);
  await ui.press('/', 'S', 'B');
  const g = await ui.until('/SB');
  assert.ok(!g.includes('ISA-MP'), g);
  assert.ok(g.includes('ISA-SB '), g);
  await ui.press(KEY.enter, KEY.enter);
  // Enter leaves the filter; the second opens the selected test.
  await ui.until('reachable final state');
  await ui.done();
});

test('browser: a filter longer than the terminal is wide stays on one line, showing its end', async () => {
  const ui = start(readEntries([ISA], ROOT));
  await ui.press('/', ...'abcdefghij'.repeat(9), 'Z');
  // Keys are handled one a render: '0 match' comes before the last of them is in.
  const f = await ui.until((x) => x.includes('0 match') && x.includes('Z▏'));
  const lines = f.split('\n');
  assert.ok(lines.length <= SIZE.rows, `${lines.length} lines:\n${f}`);
  const line = lines.find((l) => l.startsWith('/'))!;
  assert.ok(line.startsWith('/…') && line.endsWith('hijZ▏') && [...line].length <= SIZE.columns, line);
  await ui.done();
});

test('browser: keys that come together are each a key (typing ahead, a paste); PgDn pages over every test', async () => {
  const ui = start(readEntries([OWN_TESTS], ROOT));
  await ui.until('ptxmm explore');
  const selected = (f: string): string => f.split('\n').find((l) => l.startsWith('› '))!.slice(2).trim().split(/\s+/)[0]!;
  const names = rows(readEntries([OWN_TESTS], ROOT), '').flatMap((r) => (r.kind === 'test' ? [r.entry.name] : []));
  // Three j's in one write move three tests, as three writes do; a 'q' after them still quits later.
  await ui.press('jjj');
  await ui.until((f) => selected(f) === names[3]);
  await ui.press('g');
  await ui.until((f) => selected(f) === names[0]);
  // PgDn to the end: every test is on some page (folder rows take room too).
  const seen = new Set<string>();
  for (let k = 0; k < 100 && seen.size < names.length; k++) {
    for (const l of ui.frame().split('\n').slice(1, SIZE.rows - 2)) {
      const name = l.replace(/^[›]?\s+/, '').split(/\s+/)[0]!;
      if (names.includes(name)) seen.add(name);
    }
    if (selected(ui.frame()) === names.at(-1)) break;
    const before = selected(ui.frame());
    await ui.press(KEY.pageDown);
    await ui.until((f) => selected(f) !== before);
  }
  assert.equal(names.filter((n) => !seen.has(n)), []);
  await ui.done();
});

test('browser: a test that does not parse shows its positioned error; the others still get badges', async () => {
  const s = scratch('ptxmm-explore-');
  s.write('a-broken.litmus', 'PTX broken\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.bogus r0, x ;\nexists (P0:r0 == 0)\n');
  s.write('b-ok.litmus', 'PTX ok\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\nexists (P0:r0 == 0)\n');
  const ui = start(readEntries([s.dir], s.dir));
  const f = await ui.until((x) => /b-ok +Allowed Ok/.test(x));
  assert.match(f, /a-broken +parse error/);
  // The cursor is on the broken test: its error, with line and column, under the list.
  assert.match(f, /a-broken\.litmus:4:\d+: /);
  await ui.done();
});

test('browser: m switches the model and + the bound; badges recompute', async () => {
  const ui = start(readEntries([join(ISA, 'ISA-MP.litmus'), join(ISA, 'ISA-SB.litmus')], ROOT));
  await ui.until('2 tests');
  await ui.press('m', '+');
  const f = await ui.until((x) => x.includes('ptx60 · bound 3') && x.includes('2 tests'));
  assert.match(f, /ISA-MP +Required Ok/);
  await ui.done();
});

test('test view: program, reachable states, the forbidden outcome; why names Causality; what-if', async () => {
  const ui = start([mp()], { initial: [{ screen: 'browser' }, { screen: 'test', entry: mp() }] });
  const f = await ui.until('forbidden');
  assert.ok(f.includes('ld.relaxed.sys.global.u32 %r0, [flag]'), f);
  assert.ok(f.includes(`✗ ${MP_FORBIDDEN}`), f);
  assert.ok(f.includes('P1:r0=1; P1:r1=1'), f);
  // Past the three states to the forbidden outcome, then why.
  await ui.until((x) => !x.includes('Esc cancels'));
  await ui.press('g', KEY.down, KEY.down, KEY.down, KEY.enter);
  const w = await ui.until('Smallest set of axioms to remove for it to be reachable');
  assert.ok(w.includes('{Causality}'), w);
  await ui.press(KEY.pageDown, KEY.pageDown);
  const cyc = await ui.until('cycle:');
  assert.ok(cyc.includes('-cause->'), cyc);
  // What if: Causality off makes it reachable.
  const axioms = ui.frame().split('\n')[1]!;
  const steps = axioms.replace(/[[\]*…]/g, '').trim().split(/\s+/).indexOf('Causality');
  assert.ok(steps >= 0, axioms);
  await ui.press(...Array(steps).fill(KEY.right), ' ');
  const r = await ui.until('The outcome is reachable');
  assert.ok(r.includes(`* ${MP_FORBIDDEN}`), r);
  await ui.press(' ');
  await ui.until((x) => !x.includes('What if'));
  await ui.done();
});

test('what-if on a forall test stars the states that break its condition: those reach the outcome explained', async () => {
  const entry = readEntries([join(ISA, 'ISA-MP.litmus')], ROOT)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  await ui.until('reachable final state');
  await ui.press('w');
  await ui.until('Smallest set of axioms to remove for it to be reachable');
  const axioms = ui.frame().split('\n')[1]!;
  const steps = axioms.replace(/[[\]*…]/g, '').trim().split(/\s+/).indexOf('Causality');
  assert.ok(steps >= 0, axioms);
  await ui.press(...Array(steps).fill(KEY.right), ' ');
  const r = await ui.until('The outcome is reachable');
  // forall (P1:r0 != 1 \/ P1:r1 == 1): only r0=1, r1=0 breaks it (it was 3 of 4, the others).
  assert.ok(r.includes('1 of 4 final states reach it'), r);
  assert.ok(r.includes('* P1:r0=1; P1:r1=0'), r);
  assert.not.ok(r.includes('* P1:r0=1; P1:r1=1'), r);
  await ui.done();
});

test('test view: the data races, each pair opening the execution in which it races', async () => {
  const entry = readEntries([join(OWN_TESTS, 'races', 'RACE-MP-rel-acq-unguarded-racy.litmus')], ROOT)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  await ui.until('reachable final state');
  await ui.until((x) => !x.includes('Esc cancels'));
  // The race is the last item: G brings it into view.
  await ui.press('G');
  const f = await ui.until('Data races');
  assert.match(f, /1 racy pair/);
  assert.ok(f.includes('~ P0: st.weak.global.u32 [data], 1  ~  P1: ld.weak.global.u32 %r2, [data]'), f);
  await ui.press(KEY.enter);
  const g = await ui.until('data-race:');
  assert.ok(g.includes('in this consistent execution'), g);
  await ui.press(KEY.esc);
  await ui.until('Data races');
  const free = readEntries([join(OWN_TESTS, 'races', 'RACE-read-read.litmus')], ROOT)[0]!;
  const ui2 = start([free], { initial: [{ screen: 'browser' }, { screen: 'test', entry: free }] });
  await ui2.until((x) => !x.includes('Esc cancels') && x.includes('reachable final state'));
  await ui2.press('G');
  await ui2.until('Data races (ISA §8.6.1): race-free');
  await ui.done();
  await ui2.done();
});

test('test view: liveness, each hanging thread opening the execution after which it waits', async () => {
  const entry = readEntries([join(OWN_TESTS, 'liveness', 'HANG-bar-count-too-large.litmus')], ROOT)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  await ui.until('reachable final state');
  await ui.until((x) => x.includes('Liveness:') && !x.includes('Esc cancels'));
  await ui.press('G');
  const f = await ui.until('⧗');
  assert.ok(f.includes('Liveness: a thread can hang'), f);
  assert.match(f, /⧗ P\d waits forever at bar\.sync 1, 96/);
  await ui.press(KEY.enter);
  const g = await ui.until('after this consistent execution');
  assert.match(g, /Hang P\d waits forever at bar\.sync 1, 96/);
  await ui.press(KEY.esc);
  await ui.until('Liveness:');
  const fine = readEntries([join(OWN_TESTS, 'liveness', 'LIVE-bar-exact-count.litmus')], ROOT)[0]!;
  const ui2 = start([fine], { initial: [{ screen: 'browser' }, { screen: 'test', entry: fine }] });
  await ui2.until((x) => x.includes('reachable final state') && !x.includes('Esc cancels'));
  await ui2.until((x) => !x.includes('looking for'));
  await ui2.press(KEY.pageDown, KEY.pageDown);
  await ui2.until((x) => x.includes('Liveness: no thread can hang'));
  await ui.done();
  await ui2.done();
});

test('execution view: relation switches, next execution until there are no more', async () => {
  const entry = readEntries([join(ISA, 'ISA-SB+fence.acq_rel-allowed.litmus')], ROOT)[0]!;
  // r1 is free: one execution for each way P1's load goes.
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'execution', entry, outcome: 'P0:r0 == 0' }] });
  const f = await ui.until('is reachable; a');
  assert.match(f, /\nrf: |\n  rf: /);
  // rf is the second switch: off, and its line goes.
  await ui.press(KEY.right, ' ');
  await ui.until((x) => !/\n\s*rf: /.test(x));
  assert.ok(ui.frame().includes('[rf]'), ui.frame());
  let n = 1;
  for (; n < 50; n++) {
    await ui.press('n');
    const g = await ui.until((x) => x.includes(`execution ${n + 1} of`) || x.includes('no more executions'));
    if (g.includes('no more executions')) break;
  }
  assert.ok(n >= 2 && n < 50, String(n));
  assert.match(ui.frame(), new RegExp(`no more executions: ${n} reach`));
  // p goes back through the ones seen.
  await ui.press('p');
  await ui.until(`execution ${n - 1} of ${n}`);
  await ui.done();
});

const SPIN = `PTX spin
{ .global .u32 x = 0; }
 P0@cta 0,gpu 0                      | P1@cta 1,gpu 0                   ;
 LOOP:                               | st.relaxed.gpu.global.u32 [x], 1 ;
 ld.relaxed.gpu.global.u32 %r1, [x]  |                                  ;
 add.u32 %r2, %r2, 1                 |                                  ;
 setp.eq.u32 %p1, %r1, 0             |                                  ;
 @%p1 bra LOOP                       |                                  ;
exists (P0:%r2 == 3)`;

test('execution view: under another bound (or model) it asks again; a text screen made under the old settings closes', async () => {
  const s = scratch('ptxmm-explore-');
  const entry = readEntries([s.write('spin.litmus', SPIN)], s.dir)[0]!;
  // Three loads need the loop to go round twice: reachable at bound 2, not at bound 1.
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }, { screen: 'execution', entry, outcome: 'P0:r2 == 3' }] });
  await ui.until('is reachable; a');
  await ui.press('-');
  const f = await ui.until('is unreachable');
  assert.ok(f.includes('bound 1'), f);
  await ui.press('+', KEY.esc);
  await ui.until('reachable final state');
  // A race drawing is a text screen: under another model it is gone, back to the test.
  const racy = readEntries([join(OWN_TESTS, 'races', 'RACE-weak-st-st-racy.litmus')], ROOT)[0]!;
  const ui2 = start([racy], { initial: [{ screen: 'browser' }, { screen: 'test', entry: racy }] });
  await ui2.until('racy pair');
  await ui2.press('G', KEY.enter);
  await ui2.until('in this consistent execution');
  await ui2.press('m');
  const g = await ui2.until((x) => x.includes('ptx60') && !x.includes('in this consistent execution'));
  assert.ok(g.includes('reachable final state') || g.includes('checking'), g);
  await ui.done();
  await ui2.done();
});

test('stepper: a step past the executor\'s limits (31 writes to one location) ends the run with the reason, not a crash', async () => {
  const s = scratch('ptxmm-explore-');
  const entry = readEntries([s.write('many.litmus', `PTX many
{ .global .u32 x = 0; }
 P0@cta 0,gpu 0                      | P1@cta 1,gpu 0                   ;
 LOOP:                               | ld.relaxed.gpu.global.u32 %r5, [x] ;
 add.u32 %r1, %r1, 1                 |                                  ;
 st.relaxed.gpu.global.u32 [x], %r1  |                                  ;
 setp.lt.u32 %p1, %r1, 40            |                                  ;
 @%p1 bra LOOP                       |                                  ;
exists (x == 40)`)], s.dir)[0]!;
  const ui = start([entry], { bound: 45, initial: [{ screen: 'browser' }, { screen: 'stepper', entry }] });
  await ui.until('step 0');
  // A random run keeps the writes P1 may still read (it crashed the UI at the 31st); one in
  // which P1 reads early lets the older writes go and may finish: again from the start then.
  let f = '';
  for (let i = 0; i < 8 && !f.includes('goes no further'); i++) {
    await ui.press(...Array(400).fill('u'));
    await ui.until('step 0');
    await ui.press('r');
    f = await ui.until((x) => x.includes('goes no further') || x.includes('random run:'));
  }
  assert.match(f, /random run: the executor goes no further \(more than 30 writes to one location\)/);
  await ui.done();
});

test('under ~exists, * marks the outcome the condition forbids; the stepper reaches a state listed in the solver\'s order', async () => {
  const s = scratch('ptxmm-explore-');
  const entry = readEntries([s.write('mp.litmus', `PTX MPno
{ .global .u32 data = 0; .global .u32 flag = 0; }
 P0@cta 0,gpu 0                      | P1@cta 1,gpu 0                        ;
 st.weak.global.u32 [data], 1        | ld.relaxed.gpu.global.u32 %r1, [flag] ;
 st.relaxed.gpu.global.u32 [flag], 1 | ld.weak.global.u32 %r2, [data]        ;
~exists (P1:%r1 == 1 /\\ P1:%r2 == 0)`)], s.dir)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  const f = await ui.until('reachable final states');
  assert.ok(f.includes('(*: the outcome ~exists forbids)'), f);
  assert.ok(f.includes('* P1:r1=1; P1:r2=0'), f);
  assert.ok(f.includes('  P1:r1=1; P1:r2=1'), f);
  await ui.done();
  // ISA-LB's one state, as the solver lists it (locations first): the executor finds a path.
  const lb = readEntries([join(ISA, 'ISA-LB.litmus')], ROOT)[0]!;
  const ui2 = start([lb], { initial: [{ screen: 'browser' }, { screen: 'stepper', entry: lb }] });
  await ui2.until('step 0');
  await ui2.press('t');
  await ui2.until('x=0; y=0; P0:r0=0; P1:r1=0');
  await ui2.press(KEY.enter);
  const g = await ui2.until((x) => x.includes('reached') || x.includes('reaches no final state'));
  assert.match(g, /reached x=0; y=0; P0:r0=0; P1:r1=0 in \d+ steps/);
  await ui2.done();
});

test('the stepper reaches a state only a compilation with an add fused reaches, and steps that compilation', async () => {
  const s = scratch('ptxmm-explore-');
  const entry = readEntries([s.write('fuse.litmus', `PTX Fuse
{ .global .f64 x = 0.1; }
 P0@cta 0,gpu 0            ;
 ld.global.f64 %fd1, [x]   ;
 mul.f64 %fd3, %fd1, 10.0  ;
 sub.f64 %fd4, %fd3, 1.0   ;
exists (P0:%fd4 == 0)`)], s.dir)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'stepper', entry }] });
  await ui.until('step 0');
  await ui.press('t');
  // 0.1 * 10 - 1: 0 in two roundings, 2^-54 (bits 4363988038922010624) fused.
  await ui.until('P0:fd4=4363988038922010624');
  await ui.press(KEY.down, KEY.enter);
  const g = await ui.until((x) => x.includes('reached') || x.includes('reaches no final state'));
  // The note (cut at the frame's width) says which add the compilation fuses; the machine is that compilation's, at the end of the path.
  assert.match(g, /reached P0:fd4=4363988038922010624 in \d+ steps \(with ptxas fusing an add into fm/, g);
  const end = await ui.until('Final: ');
  assert.match(end, /regs: fd1=\d+ fd3=4607182418800017408 fd4=4363988038922010624/, end);
  await ui.done();
});

test('help overlay, Esc backs out, 80x24 respected', async () => {
  const ui = start([mp()], { initial: [{ screen: 'browser' }, { screen: 'test', entry: mp() }] });
  await ui.until('forbidden');
  await ui.press('?');
  const h = await ui.until('Keys: test screen');
  assert.ok(h.includes('step the machine'), h);
  await ui.press('x');
  await ui.until((x) => !x.includes('Keys: test screen'));
  for (const frameText of [ui.frame()]) {
    const lines = frameText.split('\n');
    assert.ok(lines.length <= 24, `${lines.length} lines`);
    assert.ok(lines.every((l) => [...l].length <= 80), lines.find((l) => [...l].length > 80));
  }
  // Once nothing runs (Esc would cancel it first), Esc goes back to the browser.
  await ui.until((x) => !x.includes('Esc cancels'));
  await ui.press(KEY.esc);
  await ui.until('ptxmm explore ·');
  await ui.done();
});

test('work another screen cancelled is asked again when its screen is shown again', async () => {
  const s = scratch('ptxmm-explore-');
  const file = s.write('slow.litmus', manyWrites(4, 3));
  const entry = readEntries([file], s.dir)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  await ui.until('checking every final state');
  // The stepper's list of final states runs in the same worker lane; Esc there stops both.
  await ui.press('s');
  await ui.until('step 0');
  await ui.press('t');
  await ui.until('listing the reachable final states');
  await ui.press(KEY.esc);
  await ui.until((x) => !x.includes('listing the reachable final states'), 5_000);
  await ui.press(KEY.esc, KEY.esc);
  // Back on the test view: its own work was not what the user cancelled, so it runs again.
  await ui.until('checking every final state', 5_000);
  assert.not.match(ui.frame(), /cancelled/);
  await ui.done();
});

test('Esc cancels a long computation and the UI keeps answering', async () => {
  const s = scratch('ptxmm-explore-');
  const file = s.write('slow.litmus', manyWrites(4, 3));
  const entry = readEntries([file], s.dir)[0]!;
  const ui = start([entry], { initial: [{ screen: 'browser' }, { screen: 'test', entry }] });
  await ui.until('Esc cancels');
  await ui.press(KEY.esc);
  await ui.until('cancelled', 5_000);
  await ui.press(KEY.esc);
  await ui.until('ptxmm explore ·', 5_000);
  await ui.done();
});

test('stepper: every transition listed, take one, undo, and take me to P1:r0=1; P1:r1=1 of ISA-MP', async () => {
  const ui = start([mp()], { initial: [{ screen: 'browser' }, { screen: 'stepper', entry: mp() }] });
  const f = await ui.until('step 0');
  // Both threads can move first: P0's store of data and P1's load of flag.
  assert.ok(f.includes('P0: st.weak.global.u32 [data], 1 writes 1'), f);
  assert.ok(f.includes('P1: ld.relaxed.sys.global.u32 %r0, [flag] reads 0'), f);
  assert.ok(f.includes('data: #0=0 (init)'), f);
  await ui.press(KEY.enter);
  const g = await ui.until('step 1');
  assert.ok(g.includes('data: #0=0 (init) → #1=1 (P0 weak)'), g);
  await ui.press('u');
  await ui.until('step 0');
  await ui.press('t');
  const list = await ui.until('P1:r0=1; P1:r1=1');
  const lines = list.split('\n').filter((l) => /^[› ] [ *] P1:r0=/.test(l));
  const k = lines.findIndex((l) => l.includes('P1:r0=1; P1:r1=1'));
  assert.ok(k >= 0, list);
  await ui.press(...Array(k).fill(KEY.down), KEY.enter);
  const done = await ui.until('Final:');
  assert.ok(/Final: P1:r0=1; P1:r1=1/.test(done), done);
  assert.match(done, /reached P1:r0=1; P1:r1=1 in \d+ steps/);
  // A random run from the start ends in a final state too.
  await ui.press(...Array(20).fill('u'));
  await ui.until('step 0');
  await ui.press('r');
  await ui.until('random run:');
  assert.match(ui.frame(), /Final: P1:r0=\d; P1:r1=\d/);
  await ui.done();
});

test('resize: the frame follows the terminal', async () => {
  const jobs = startJobs();
  const r = render(<App entries={readEntries([ISA], ROOT)} jobs={jobs} model="ptx75" bound={2} timeoutMs={60_000} />);
  const widest = (): number => Math.max(...plain(r.lastFrame()).split('\n').map((l) => [...l].length));
  await sleep(100);
  assert.ok(widest() > 60, String(widest()));
  Object.defineProperty(r.stdout, 'columns', { get: () => 60, configurable: true });
  Object.defineProperty(r.stdout, 'rows', { get: () => 15, configurable: true });
  r.stdout.emit('resize');
  await sleep(100);
  assert.ok(widest() <= 60, String(widest()));
  assert.ok(plain(r.lastFrame()).split('\n').length <= 15);
  r.unmount();
  await jobs.close();
});

test.run();
