// One thread count per barrier (barriers.ts): what the check lets through, and that both
// engines then give a test the same meaning. The rejections, with their positions, are cases
// of errors.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from './parse.js';
import { runTest as explore } from '../executor/explore.js';
import { ptx75 } from '../model/ptx.js';
import { runTest as solve } from '../solver/run.js';
import { openZ3, type Z3Session } from '../solver/z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/** A genuine-PTX test of two threads (rows of two cells), `init` in its init block. */
const two = (rows: [string, string][], init = '', places = ['P0@cta 0,gpu 0', 'P1@cta 0,gpu 0']): string =>
  `PTX T\n{ x=0; ${init} }\n ${places.join(' | ')} ;\n${rows.map(([a, b]) => ` ${a} | ${b} ;`).join('\n')}\nexists (P1:%r0 == 0)\n`;

test('a barrier used with two counts by one thread, or by threads of two CTAs, or under two known ids, is accepted', () => {
  // One thread alone: its phases never meet each other.
  parseLitmus(two([['bar.sync 1, 32', 'ld.weak.u32 %r0, [x]'], ['bar.sync 1, 64', '']]));
  // Two CTAs: two barriers.
  parseLitmus(two([['bar.sync 1, 64', 'bar.sync 1, 32'], ['', 'ld.weak.u32 %r0, [x]']], '', ['P0@cta 0,gpu 0', 'P1@cta 1,gpu 0']));
  // An id in a register nothing writes is its initial value: barrier 1 is not barrier 0.
  parseLitmus(two([['barrier.sync %r1, 64', 'barrier.sync 0, 96'], ['', 'ld.weak.u32 %r0, [x]']], 'P0:%r1=1;'));
});

test('the same count written as an immediate and in a register: accepted, and the executor and Z3 agree on its states', async () => {
  const rows = (count: string): [string, string][] => [['st.weak.u32 [x], 1', 'bar.sync 1, 64'], [`bar.sync 1, ${count}`, 'ld.weak.u32 %r0, [x]']];
  const states: string[][] = [];
  for (const t of [parseLitmus(two(rows('64'))), parseLitmus(two(rows('%r9'), 'P0:%r9=64;'))]) {
    const e = explore(t, { model: 'ptx75', bound: 2 });
    assert.ok(e.ok);
    const s = await solve(z3, t, { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
    const fromZ3 = (s.states ?? []).map((x) => x.values.filter(([k]) => k === 'P1:r0').map(([k, v]) => `${k}=${v};`).join(' '));
    assert.equal(e.ok ? e.result.states.map((f) => f.text) : [], fromZ3);
    states.push(fromZ3);
  }
  // The barrier orders the write before the read: 1 only, with either spelling.
  assert.equal(states, [['P1:r0=1;'], ['P1:r0=1;']]);
});

test.run();
