// A deadline shared by several questions (a kernel's properties under one --timeout): each
// question stops at it, whatever time its own timeout would still leave.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { ptx75 } from '../model/ptx.js';
import { ROOT } from '../tests/paths.js';
import { checkLiveness } from './liveness.js';
import { limitsFrom } from './limits.js';
import { findRaces } from './races.js';
import { runTest } from './run.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

// A spin loop on a weak flag the other thread sets: racy, and live; every question has work to do.
const spin = parseLitmus(readFileSync(join(ROOT, 'litmus/tests/races/RACE-spin-weak-flag-racy.litmus'), 'utf8'));
const budget = (deadline?: number) => ({ model: ptx75, bound: 2, timeoutMs: 60_000, ...(deadline === undefined ? {} : { deadline }) });

test('without a deadline, each question answers within its own timeout', async () => {
  assert.is((await runTest(z3, spin, { ...budget(), mode: 'verdict', checkBound: false, explain: false })).validated, true);
  assert.is((await findRaces(z3, spin, budget())).verdict, 'racy');
  assert.is((await checkLiveness(z3, spin, budget())).verdict, 'live');
});

test('a deadline already past leaves each question unanswered, with the timeout as the reason', async () => {
  const past = performance.now() - 1;
  const r = await runTest(z3, spin, { ...budget(past), mode: 'verdict', checkBound: false, explain: false });
  assert.is(r.validated, 'unknown');
  assert.match(r.unknown ?? '', /60 s/);
  const races = await findRaces(z3, spin, budget(past));
  assert.is(races.verdict, 'unknown');
  const live = await checkLiveness(z3, spin, budget(past));
  assert.is(live.verdict, 'unknown');
  assert.match(live.unknown ?? '', /60 s/);
  // A deadline given is time shared with other questions: messages about it say so.
  assert.is(limitsFrom({ timeoutMs: 60_000, deadline: past }).shared, true);
  assert.is(limitsFrom({ timeoutMs: 60_000 }).shared, undefined);
});

test('a loop bound of millions is no answer, said at once: the unrolling is bounded, not only the time', async () => {
  const r = await runTest(z3, spin, { ...budget(), bound: 10_000_000, mode: 'verdict', checkBound: false, explain: false });
  assert.is(r.validated, 'unknown');
  assert.match(r.unknown ?? '', /the loop bound 10000000 unrolls a thread to more than 200,000 instructions/);
});

test.run();
