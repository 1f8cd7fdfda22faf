// findRaces on small tests with known answers, each witness checked by the second interpreter
// (model/concrete.ts): consistent, both events executed, not morally strong, no cause either way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { evaluate } from '../model/concrete.js';
import { DATA_RACE, MODELS, ptx60, ptx75 } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { relationByName } from '../present/graph.js';
import { readExpectations } from '../cli/conform.js';
import { ROOT } from '../tests/paths.js';
import { enumeratedRaces, findRaces, racyPairKey, type RaceResult } from './races.js';
import { outsideModel } from './encode.js';
import { candidateBound } from './enumerate.js';
import { unroll } from './unroll.js';
import { expandPaths } from '../litmus/parse.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const races = (src: string, model: Model = ptx75, timeoutMs = 30_000): Promise<RaceResult> =>
  findRaces(z3, parseLitmus(src), { model, bound: 2, timeoutMs });
const pairs = (r: RaceResult): string[] => r.racy.map((p) => `P${p.a.thread}:${p.a.instr} ~ P${p.b.thread}:${p.b.instr}`);

/** The concrete evaluator's account of a racy pair's witness: it must be a race there too. */
function confirm(model: Model, r: RaceResult): void {
  for (const p of r.racy) {
    const x = p.witness.execution.x;
    const res = evaluate(model, x);
    assert.ok(res.consistent, `${model.name}: the witness of ${p.a.instr} ~ ${p.b.instr} is consistent`);
    const [a, b] = p.events;
    const ea = x.events[a]!;
    const eb = x.events[b]!;
    // Both executed (the witness holds executed events only), and the instructions asked about.
    assert.ok(ea.label.endsWith(p.a.instr) && eb.label.endsWith(p.b.instr), `${ea.label} / ${eb.label}`);
    assert.is(ea.ploc, eb.ploc);
    assert.ok(ea.kind === 'W' || eb.kind === 'W');
    const at = (name: string, i: number, j: number): boolean => {
      const m = relationByName(model, res, name)!;
      return m.m[i * m.n + j] === 1;
    };
    assert.not.ok(at('cause', a, b) || at('cause', b, a), 'cause relates them neither way');
    assert.not.ok(at('morally-strong', a, b), 'not morally strong');
    const race = res.evalRel(DATA_RACE);
    assert.ok(race.m[a * race.n + b] === 1 && race.m[b * race.n + a] === 1, 'DATA_RACE holds concretely, both ways');
  }
}

const MP = (flagW: string, flagR: string, read: string): string => `PTX MP
{
.global .u32 data = 0;
.global .u32 flag = 0;
P1:%r2 = 7;
}
 P0@cta 0,gpu 0               | P1@cta 1,gpu 0             ;
 st.weak.global.u32 [data], 1 | ${flagR} ;
 ${flagW} | setp.eq.u32 %p1, %r1, 1 ;
                              | ${read} ;
exists (P1:%r1 == 1 /\\ P1:%r2 == 0)`;

test('MP with weak data and a relaxed.sys flag: the data races, the flag pair is morally strong', async () => {
  for (const model of [ptx60, ptx75]) {
    const r = await races(MP('st.relaxed.sys.global.u32 [flag], 1', 'ld.relaxed.sys.global.u32 %r1, [flag]', '@%p1 ld.weak.global.u32 %r2, [data]'), model);
    assert.is(r.verdict, 'racy');
    assert.is(r.racy.length, 1);
    assert.match(r.racy[0]!.a.instr, /^st\.weak.*\[data\]/);
    assert.match(r.racy[0]!.b.instr, /ld\.weak.*\[data\]/);
    assert.is(r.racy[0]!.location, 'data');
    assert.is(r.racy[0]!.size, 'uniform');
    confirm(model, r);
  }
});

test('MP with release/acquire and the data read guarded by the flag: race-free; unguarded: racy', async () => {
  const guarded = await races(MP('st.release.gpu.global.u32 [flag], 1', 'ld.acquire.gpu.global.u32 %r1, [flag]', '@%p1 ld.weak.global.u32 %r2, [data]'));
  assert.is(guarded.verdict, 'race-free');
  assert.equal(guarded.racy, []);
  assert.ok(guarded.candidates >= 1, 'the data pair was asked about');
  // Read whatever the flag says: when the acquire reads 0 nothing synchronizes.
  const unguarded = await races(MP('st.release.gpu.global.u32 [flag], 1', 'ld.acquire.gpu.global.u32 %r1, [flag]', 'ld.weak.global.u32 %r2, [data]'));
  assert.is(unguarded.verdict, 'racy');
  assert.is(unguarded.racy.length, 1);
  confirm(ptx75, unguarded);
  // And in the racing execution the flag read did not see the release.
  const w = unguarded.racy[0]!.witness;
  assert.ok(w.state.some(([k, v]) => k === 'P1:r1' && v === 0n), JSON.stringify(w.state, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
});

test('scopes: relaxed.cta across CTAs races, within a CTA it does not; read-read never races', async () => {
  const two = (p1: string, w: string, r: string): string => `PTX S
{ .global .u32 x = 0; }
 P0@cta 0,gpu 0 | ${p1} ;
 ${w} | ${r} ;
exists (x == 0)`;
  const diff = await races(two('P1@cta 1,gpu 0', 'st.relaxed.cta.global.u32 [x], 1', 'ld.relaxed.cta.global.u32 %r0, [x]'));
  assert.is(diff.verdict, 'racy');
  confirm(ptx75, diff);
  assert.is((await races(two('P1@cta 0,gpu 0', 'st.relaxed.cta.global.u32 [x], 1', 'ld.relaxed.cta.global.u32 %r0, [x]'))).verdict, 'race-free');
  const rr = await races(two('P1@cta 1,gpu 0', 'ld.weak.global.u32 %r1, [x]', 'ld.weak.global.u32 %r0, [x]'));
  assert.is(rr.verdict, 'race-free');
  assert.is(rr.candidates, 0, 'the initial write is no access of the program');
  const ww = await races(two('P1@cta 1,gpu 0', 'st.weak.global.u32 [x], 1', 'st.weak.global.u32 [x], 2'));
  assert.is(ww.verdict, 'racy');
  confirm(ptx75, ww);
});

test('an atom or red is one operation: ordered with another when its write is observed, though its read is not (§8.2, §8.8.5)', async () => {
  // P1 writes x only after reading the RMW's value: the RMW precedes the store in causality
  // order. Split into a read and a write, the RMW's read was paired with the store as a race.
  const text = (rmw: string, guard: string): string => `PTX RMW
{
.global .u32 x = 0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0                     ;
 ${rmw}         | ld.relaxed.gpu.global.u32 %r1, [x] ;
                | setp.eq.u32 %p1, %r1, 1            ;
                | ${guard}st.weak.global.u32 [x], 5  ;
exists (x == 5)`;
  for (const rmw of ['atom.relaxed.gpu.global.add.u32 %r0, [x], 1', 'red.relaxed.gpu.global.add.u32 [x], 1']) {
    for (const model of [ptx60, ptx75]) {
      assert.is((await races(text(rmw, '@%p1 '), model)).verdict, 'race-free', `${model.name}: ${rmw}`);
      // Unguarded, the store may come before the RMW or unseen by it: the whole RMW races with it, read and write.
      const r = await races(text(rmw, ''), model);
      assert.is(r.verdict, 'racy', `${model.name}: ${rmw}`);
      assert.equal(pairs(r), [`P0:${rmw} ~ P1:st.weak.global.u32 [x], 5`]);
      confirm(model, r);
    }
  }
});

test('one thread: program order makes same-proxy accesses morally strong; a proxy without a fence races in ptx75 only', async () => {
  const src = (b: string): string => `PTX T
{
.global .u32 x = 0;
c @ constant aliases x;
}
 P0@cta 0,gpu 0 ;
 st.weak.global.u32 [x], 1 ;
 ${b} ;
exists (P0:%r1 == 0)`;
  assert.is((await races(src('ld.weak.global.u32 %r1, [x]'))).verdict, 'race-free');
  const c75 = await races(src('cold.weak.u32 %r1, [c]'));
  assert.is(c75.verdict, 'racy');
  assert.is(c75.racy[0]!.a.name, 'x');
  assert.is(c75.racy[0]!.b.name, 'c');
  confirm(ptx75, c75);
  assert.is((await races(src('cold.weak.u32 %r1, [c]'), ptx60)).verdict, 'race-free');
});

test('a loop unrolled to several events is one pair of instructions; a narrower access is refused, never paired whole', async () => {
  const text = (read: string): string => `PTX L
{
.global .u32 data = 0;
.global .u32 flag = 0;
}
 P0@cta 0,gpu 0               | P1@cta 1,gpu 0 ;
 st.weak.global.u32 [data], 1 | LOOP: ;
 st.weak.global.u32 [flag], 1 | ld.weak.global.u32 %r1, [flag] ;
                              | setp.eq.u32 %p1, %r1, 0 ;
                              | @%p1 bra LOOP ;
                              | ${read} ;
exists (P1:%r1 == 1)`;
  const r = await races(text('ld.weak.global.u32 %r2, [data]'));
  assert.is(r.verdict, 'racy');
  assert.is(r.racy.length, 2, pairs(r).join('\n'));
  assert.equal(r.racy.map((p) => `${p.location} ${p.size}`), ['data uniform', 'flag uniform']);
  confirm(ptx75, r);
  // A 16-bit read of the 32-bit data overlaps it partially (§8.2.1): never morally strong (§8.6),
  // and its value is bytes of several writes. Read whole, such a relaxed pair was called race-free.
  const refused = await races(text('ld.relaxed.gpu.global.u16 %rs2, [data]')).then(() => '', (e: unknown) => String(e));
  assert.match(refused, /ld\.relaxed\.gpu\.global\.u16 %rs2, \[data\]: a 16-bit access to data, which holds 32 bits \(mixed-size/);
});

test('with no execution that finishes (a deadlock, a loop past the bound), race-free is no answer: unknown, and why', async () => {
  // The accesses come after the barrier that never completes: no execution makes them.
  const deadlock = await races(`PTX D
{
.global .u32 data = 0;
}
 P0@cta 0,gpu 0               | P1@cta 0,gpu 0                 ;
 bar.sync 1, 96               | bar.sync 1, 96                 ;
 st.weak.global.u32 [data], 1 | ld.weak.global.u32 %r2, [data] ;
exists (P1:%r2 == 0)
`);
  assert.is(deadlock.verdict, 'unknown');
  assert.match(deadlock.unknown ?? '', /no execution finishes: none gets past all of P\d:bar\.sync 1, 96/);
  // The read lies past the loop bound: no execution of P1 finishes at bound 2.
  const loop = `PTX L
{
.global .u32 data = 0;
}
 P0@cta 0,gpu 0               | P1@cta 1,gpu 0                 ;
 st.weak.global.u32 [data], 1 | mov.u32 %r1, 0                 ;
                              | LOOP:                          ;
                              | add.u32 %r1, %r1, 1            ;
                              | setp.lt.u32 %p1, %r1, 4        ;
                              | @%p1 bra LOOP                  ;
                              | ld.weak.global.u32 %r2, [data] ;
exists (P1:%r2 == 0)
`;
  const short = await races(loop);
  assert.is(short.verdict, 'unknown');
  assert.match(short.unknown ?? '', /no execution of every thread finishes within loop bound 2/);
  assert.is((await findRaces(z3, parseLitmus(loop), { model: ptx75, bound: 4, timeoutMs: 30_000 })).verdict, 'racy');
  // Nothing that may conflict: race-free, however it runs.
  const alone = await races(`PTX A
{
.global .u32 data = 0;
}
 P0@cta 0,gpu 0               | P1@cta 0,gpu 0 ;
 st.weak.global.u32 [data], 1 | bar.sync 1, 96 ;
 bar.sync 1, 96               |                ;
exists (data == 1)
`);
  assert.is(alone.verdict, 'race-free');
});

test('a race before a thread waits forever (a barrier that never completes, a spin on a flag never set) is a race: the execution need not finish', async () => {
  // Both access data, then wait at a barrier for 96 threads where 64 come.
  const deadlock = await races(`PTX D
{
.global .u32 data = 0;
}
 P0@cta 0,gpu 0               | P1@cta 0,gpu 0                 ;
 st.weak.global.u32 [data], 1 | ld.weak.global.u32 %r2, [data] ;
 bar.sync 1, 96               | bar.sync 1, 96                 ;
exists (P1:%r2 == 0)
`);
  assert.is(deadlock.verdict, 'racy');
  assert.equal(pairs(deadlock), ['P0:st.weak.global.u32 [data], 1 ~ P1:ld.weak.global.u32 %r2, [data]']);
  assert.equal(deadlock.racy[0]!.stuck.map((s) => `P${s.thread} ${s.at} ${s.instr}`).sort(), ['P0 barrier bar.sync 1, 96', 'P1 barrier bar.sync 1, 96']);
  // P1 reads data once it sees the flag, then spins on a flag nobody sets.
  const spin = await races(`PTX S
{
.global .u32 data = 0;
.global .u32 flag = 0;
.global .u32 never = 0;
}
 P0@cta 0,gpu 0                        | P1@cta 1,gpu 0                          ;
 st.weak.global.u32 [data], 1          | ld.relaxed.gpu.global.u32 %r1, [flag]   ;
 st.relaxed.gpu.global.u32 [flag], 1   | setp.eq.u32 %p1, %r1, 1                 ;
                                       | @!%p1 bra END                           ;
                                       | ld.weak.global.u32 %r2, [data]          ;
                                       | LOOP:                                   ;
                                       | ld.relaxed.gpu.global.u32 %r3, [never]  ;
                                       | setp.eq.u32 %p2, %r3, 0                 ;
                                       | @%p2 bra LOOP                           ;
                                       | END:                                    ;
exists (P1:%r2 == 0)
`);
  assert.is(spin.verdict, 'racy');
  assert.equal(spin.racy[0]!.stuck.map((s) => `P${s.thread} ${s.at} ${s.instr}`), ['P1 loop @%p2 bra LOOP']);
  confirm(ptx75, spin);
  // With release and acquire, the read is ordered after the write even so: no race, finished or not.
  const ordered = await races(`PTX D
{
.global .u32 data = 0;
.global .u32 flag = 0;
}
 P0@cta 0,gpu 0                      | P1@cta 0,gpu 0                        ;
 st.weak.global.u32 [data], 1        | ld.acquire.gpu.global.u32 %r1, [flag] ;
 st.release.gpu.global.u32 [flag], 1 | setp.eq.u32 %p1, %r1, 1               ;
 bar.sync 1, 96                      | @%p1 ld.weak.global.u32 %r2, [data]   ;
                                     | bar.sync 1, 96                        ;
exists (P1:%r2 == 0)
`);
  assert.is(ordered.verdict, 'unknown', 'no execution finishes, and none that hangs races');
});

test('a timeout is unknown, never race-free', async () => {
  const r = await races(MP('st.relaxed.sys.global.u32 [flag], 1', 'ld.relaxed.sys.global.u32 %r1, [flag]', 'ld.weak.global.u32 %r2, [data]'), ptx75, 0.001);
  assert.not.equal(r.verdict, 'race-free');
});

test('litmus/tests/races/RACES.csv: every row is what findRaces answers, every racy witness confirmed', async () => {
  const rows = readExpectations(readFileSync(join(ROOT, 'litmus', 'tests', 'races', 'RACES.csv'), 'utf8'));
  assert.ok(rows.length >= 40, `${rows.length} rows`);
  const wrong: string[] = [];
  for (const row of rows) {
    const model = MODELS[row.model!]!;
    const r = await findRaces(z3, parseLitmus(readFileSync(join(ROOT, row.path), 'utf8'), row.path), { model, bound: 2, timeoutMs: 60_000 });
    if ((r.verdict === 'race-free') !== row.expected || r.verdict === 'unknown') wrong.push(`${row.path} (${model.name}): ${r.verdict}`);
    confirm(model, r);
  }
  assert.equal(wrong, []);
});

test('brute force finds the racy pairs findRaces finds, no more, on every own test small enough to enumerate', async () => {
  const files = expandPaths([join(ROOT, 'litmus', 'tests')]);
  const diffs: string[] = [];
  let compared = 0;
  let racy = 0;
  for (const f of files) {
    const t = parseLitmus(readFileSync(f, 'utf8'), f);
    const u = unroll(t, 2);
    if (candidateBound(u) > 5_000) continue;
    for (const model of [ptx75, ptx60]) {
      if (outsideModel(t, model)) continue;
      const r = await findRaces(z3, t, { model, bound: 2, timeoutMs: 60_000 });
      if (r.verdict === 'unknown') continue;
      // Brute force enumerates executions that finish: a pair that races only in one that never does is the solver's alone.
      const solver = r.racy.filter((p) => p.stuck.length === 0).map(racyPairKey).sort();
      const brute = [...enumeratedRaces(t, u, model)].sort();
      compared++;
      if (brute.length) racy++;
      if (solver.join('\n') !== brute.join('\n')) diffs.push(`${f} (${model.name}):\n  solver ${solver.join('; ')}\n  brute force ${brute.join('; ')}`);
    }
  }
  assert.ok(compared >= 150 && racy >= 50, `${compared} compared, ${racy} racy`);
  assert.equal(diffs, []);
});

test.run();
