// checkLiveness on small tests with known answers: who hangs and where, that a hang's prefix is
// consistent for the second interpreter (model/concrete.ts), that a loop bound that cuts makes
// the answer unknown (never live), and that the answer does not move with the bound.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from '../litmus/parse.js';
import { evaluate } from '../model/concrete.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { checkLiveness, type LivenessResult } from './liveness.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const live = (src: string, model: Model = ptx75, bound = 2): Promise<LivenessResult> =>
  checkLiveness(z3, parseLitmus(src), { model, bound, timeoutMs: 30_000 });
const where = (r: LivenessResult): string[] => r.stuck.map((s) => `P${s.thread} ${s.at} ${s.instr}`);

const SPIN = (setter: string): string => `PTX spin
{
.global .u32 flag = 0;
}
 P0@cta 0,gpu 0                          | P1@cta 1,gpu 0 ;
 LOOP:                                   | ${setter} ;
 ld.global.relaxed.gpu.u32 %r1, [flag]   |                ;
 setp.ne.u32 %p1, %r1, 1                 |                ;
 @%p1 bra LOOP                           |                ;
exists (P0:%r1 == 1)`;

test('a spin on a flag another thread sets is live; on a flag nobody sets, P0 hangs in its loop', async () => {
  const ok = await live(SPIN('st.global.relaxed.gpu.u32 [flag], 1'));
  assert.is(ok.verdict, 'live', ok.unknown ?? '');
  const bad = await live(SPIN('st.global.relaxed.gpu.u32 [flag], 2'));
  assert.is(bad.verdict, 'hang');
  assert.equal(where(bad), ['P0 loop @%p1 bra LOOP']);
  // The prefix: P0's reads see the coherence-latest write of flag, 2 (P1's), and it is consistent.
  const x = bad.witness!.execution.x;
  assert.ok(evaluate(ptx75, x).consistent);
  assert.ok(x.events.some((e) => e.kind === 'W' && e.label.startsWith('P1')));
});

test('the answer does not depend on the bound, and with both models', async () => {
  for (const bound of [1, 2, 4]) {
    for (const m of [ptx60, ptx75]) {
      assert.is((await live(SPIN('st.global.relaxed.gpu.u32 [flag], 1'), m, bound)).verdict, 'live', `bound ${bound} ${m.name}`);
      assert.is((await live(SPIN('st.global.relaxed.gpu.u32 [flag], 2'), m, bound)).verdict, 'hang', `bound ${bound} ${m.name}`);
    }
  }
});

test('a flag set and then reset by another thread: the spinner can see only the reset', async () => {
  const r = await live(`PTX reset
{
.global .u32 flag = 0;
}
 P0@cta 0,gpu 0                        | P1@cta 1,gpu 0                         ;
 LOOP:                                 | st.global.relaxed.gpu.u32 [flag], 1    ;
 ld.global.acquire.gpu.u32 %r1, [flag] | st.global.relaxed.gpu.u32 [flag], 0    ;
 setp.ne.u32 %p1, %r1, 1               |                                        ;
 @%p1 bra LOOP                         |                                        ;
exists (P0:%r1 == 1)`);
  assert.is(r.verdict, 'hang');
  assert.equal(where(r), ['P0 loop @%p1 bra LOOP']);
});

test('a loop that writes every iteration forever: unknown at any bound, never live', async () => {
  const src = `PTX writer
{
.global .u32 x = 0;
}
 P0@cta 0,gpu 0                    ;
 LOOP:                             ;
 ld.global.relaxed.gpu.u32 %r1, [x] ;
 add.u32 %r1, %r1, 1               ;
 st.global.relaxed.gpu.u32 [x], %r1 ;
 bra LOOP                          ;
exists (x == 1)`;
  for (const bound of [1, 3]) {
    const r = await live(src, ptx75, bound);
    assert.is(r.verdict, 'unknown');
    assert.match(r.unknown!, /loop bound/);
  }
});

test('a loop whose iteration changes a register that matters is not a spin: counting to 2 is live', async () => {
  const r = await live(`PTX count
{
}
 P0@cta 0,gpu 0          ;
 mov.u32 %r1, 0          ;
 LOOP:                   ;
 add.u32 %r1, %r1, 1     ;
 setp.lt.u32 %p1, %r1, 2 ;
 @%p1 bra LOOP           ;
exists (P0:%r1 == 2)`);
  assert.is(r.verdict, 'live', r.unknown ?? '');
});

test('barriers: a count larger than the arrivals hangs at the barrier; the exact count is live', async () => {
  const src = (count: number): string => `PTX bar
{
.global .u32 x = 0;
}
 P0@cta 0,gpu 0                    | P1@cta 0,gpu 0      ;
 st.global.u32 [x], 1              | bar.sync 0, ${count} ;
 bar.sync 0, ${count}              | ld.global.u32 %r1, [x] ;
exists (P1:%r1 == 1)`;
  assert.is((await live(src(64))).verdict, 'live');
  const r = await live(src(96));
  assert.is(r.verdict, 'hang');
  assert.equal(where(r).sort(), ['P0 barrier bar.sync 0, 96', 'P1 barrier bar.sync 0, 96']);
});

test('a count-less barrier waits for a thread that would come to it: circular waits hang, disjoint ids do not', async () => {
  const src = (a: string, b: string): string => `PTX bars
{
}
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.sync ${a}  | bar.sync ${b}  ;
 bar.sync ${b}  | bar.sync ${a}  ;
exists (true)`;
  const r = await live(src('1', '2'));
  assert.is(r.verdict, 'hang');
  assert.equal(where(r).sort(), ['P0 barrier bar.sync 1', 'P1 barrier bar.sync 2']);
  assert.is((await live(src('1', '1'))).verdict, 'live');
});

test('a thread that spins until another passes a barrier it never reaches: both wait forever', async () => {
  const r = await live(`PTX spin-bar
{
.global .u32 flag = 0;
}
 P0@cta 0,gpu 0                          | P1@cta 0,gpu 0                        ;
 LOOP:                                   | bar.sync 0, 64                        ;
 ld.global.relaxed.gpu.u32 %r1, [flag]   | st.global.relaxed.gpu.u32 [flag], 1   ;
 setp.ne.u32 %p1, %r1, 1                 |                                       ;
 @%p1 bra LOOP                           |                                       ;
 bar.sync 0, 64                          |                                       ;
exists (true)`);
  assert.is(r.verdict, 'hang');
  assert.equal(where(r).sort(), ['P0 loop @%p1 bra LOOP', 'P1 barrier bar.sync 0, 64']);
});

test('a spin on the atom itself: hangs on a lock never released, live once it is released', async () => {
  const src = (unlock: string): string => `PTX exch-spin
{
.global .u32 lock = 0;
}
 P0@cta 0,gpu 0                                  | P1@cta 1,gpu 0                                   ;
 atom.global.acquire.gpu.exch.b32 %r0, [lock], 1 | LOOP:                                            ;
 ${unlock.padEnd(47)} | atom.global.acquire.gpu.exch.b32 %r1, [lock], 1  ;
                                                 | setp.ne.u32 %p1, %r1, 0                          ;
                                                 | @%p1 bra LOOP                                    ;
exists (P1:%r1 == 0)`;
  // Each exch writes, but writes back the 1 it read: the lock keeps its value, so it repeats.
  const held = await live(src(''));
  assert.is(held.verdict, 'hang');
  assert.equal(where(held), ['P1 loop @%p1 bra LOOP']);
  assert.ok(evaluate(ptx75, held.witness!.execution.x).consistent);
  assert.is((await live(src('st.global.release.gpu.u32 [lock], 0'))).verdict, 'live');
});

const TEX = (read: string): string => `PTX tex
{
.global .u32 f = 0;
t @ texture aliases f;
}
 P0@cta 0,gpu 0                   | P1@cta 0,gpu 0          ;
 st.relaxed.gpu.global.u32 [f], 1 | L:                      ;
${read.split('\n').map((r) => `                                  | ${r} ;`).join('\n')}
                                  | setp.eq.u32 %p1, %r1, 0 ;
                                  | @%p1 bra L              ;
exists (f == 1)`;

test('a spin through the texture path need never see the flag (not coherent, ISA §8.1); read generic first and fenced, it is live', async () => {
  for (const read of ['tld.weak.u32 %r1, [t]', 'ld.global.nc.u32 %r1, [f]']) {
    const r = await live(TEX(read));
    assert.is(r.verdict, 'hang', read);
    assert.equal(where(r), ['P1 loop @%p1 bra L'], read);
  }
  // The generic read eventually sees 1, and fence.proxy.texture carries it to the texture read.
  const fenced = await live(TEX('ld.relaxed.gpu.global.u32 %r2, [f]\nfence.proxy.texture\ntld.weak.u32 %r1, [t]'));
  assert.is(fenced.verdict, 'live', fenced.unknown ?? '');
});

test('no loops and no barriers: live', async () => {
  const r = await live(`PTX straight
{
.global .u32 x = 0;
}
 P0@cta 0,gpu 0           | P1@cta 0,gpu 0          ;
 st.global.u32 [x], 1     | ld.global.u32 %r1, [x]  ;
exists (P1:%r1 == 1)`);
  assert.is(r.verdict, 'live');
  assert.equal(r.stuck, []);
});

test.run();
