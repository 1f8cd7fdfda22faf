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
import { LimitError, limitsFrom } from './limits.js';
import { findRaces } from './races.js';
import { askZ3, commandPieces, runTest } from './run.js';
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
  // Each says the time went before it began, not "while encoding" (the encoding took none of it).
  const spent = /the questions before this one took all of (--timeout 60 s|the timeout \(60 s\))/;
  assert.is(r.validated, 'unknown');
  assert.match(r.unknown ?? '', spent);
  const races = await findRaces(z3, spin, budget(past));
  assert.is(races.verdict, 'unknown');
  assert.match(races.unknown ?? '', spent);
  const live = await checkLiveness(z3, spin, budget(past));
  assert.is(live.verdict, 'unknown');
  assert.match(live.unknown ?? '', spent);
  for (const u of [r.unknown, races.unknown, live.unknown]) assert.not.match(u ?? '', /while encoding/);
  // A deadline that earlier questions have used part of is shared: messages about it say so;
  // the first question's, with the whole time still ahead, is not.
  assert.is(limitsFrom({ timeoutMs: 60_000, deadline: past }).shared, true);
  assert.is(limitsFrom({ timeoutMs: 60_000 }).shared, undefined);
  assert.is(limitsFrom({ timeoutMs: 60_000, deadline: performance.now() + 60_000 }).shared, undefined);
  assert.equal([limitsFrom({ timeoutMs: 60_000, deadline: past }).spent, limitsFrom({ timeoutMs: 60_000, deadline: performance.now() + 1_000 }).spent], [true, undefined]);
});

test('a loop bound of millions is no answer, said at once: the unrolling is bounded, not only the time', async () => {
  const r = await runTest(z3, spin, { ...budget(), bound: 10_000_000, mode: 'verdict', checkBound: false, explain: false });
  assert.is(r.validated, 'unknown');
  assert.match(r.unknown ?? '', /the loop bound 10000000 unrolls a thread to more than 200,000 instructions/);
});


test('a long script goes to Z3 in pieces of whole commands, and no piece is read past the deadline', async () => {
  // Parentheses inside |symbols| and "strings" do not end a command; each piece but the last is at least the size asked.
  const text = '(declare-const |a)(| Bool)\n(echo "x)\n(")\n(assert\n  (or |a)(| true))\n(check-sat)\n';
  const pieces = commandPieces(text, 10);
  assert.is(pieces.join(''), text);
  assert.equal(pieces, ['(declare-const |a)(| Bool)\n', '(echo "x)\n(")\n', '(assert\n  (or |a)(| true))\n', '(check-sat)\n']);
  assert.equal(commandPieces(text, 1000), [text]);
  // 2 MB of declarations: read in several pieces, the same answer as at once.
  const decls = Array.from({ length: 60_000 }, (_, i) => `(declare-const long_name_of_a_literal_${i} Bool)`).join('\n');
  const script = `(reset)\n${decls}\n(assert (and long_name_of_a_literal_0 long_name_of_a_literal_59999 (not long_name_of_a_literal_0)))\n(check-sat)\n`;
  assert.ok(commandPieces(script, 1 << 18).length > 4);
  assert.is(askZ3(z3, script, limitsFrom({ timeoutMs: 60_000 })).trim(), 'unsat');
  // Past the deadline nothing more is read: the question stops with the timeout as its reason.
  z3.run('(reset)');
  // (A deadline that passed while this question ran, not before it began.)
  const late = { ...limitsFrom({ timeoutMs: 5_000, deadline: performance.now() - 1 }), spent: false };
  assert.throws(() => askZ3(z3, script, { ...late, spent: true }), (e: unknown) => e instanceof LimitError && /^the questions before this one took all of the timeout \(5 s\)$/.test(e.message));
  assert.throws(() => askZ3(z3, script, late), (e: unknown) => e instanceof LimitError && /^the timeout \(5 s, shared with the questions before this one\) ran out while Z3 read the encoding$/.test(e.message));
  assert.match(z3.run('(check-sat)'), /^sat/); // the script's unsatisfiable assertion never arrived
  // A short command is no load: the deadline is for the questions' own checks.
  assert.match(askZ3(z3, '(check-sat)\n', late), /^sat/);
  // A check-sat's timeout written before a long load is what is left when it is sent.
  z3.run('(reset)');
  const soon = limitsFrom({ timeoutMs: 60_000 });
  soon.deadline = performance.now() + 30_000;
  const echoed = askZ3(z3, `${script}(set-option :timeout 3600000)\n(get-option :timeout)\n`, soon).trim().split('\n').pop()!;
  assert.ok(Number(echoed) > 0 && Number(echoed) <= 30_000, echoed);
});

test.run();
