// Scaling out. `--shard K/N`: N slices of a batch are every input exactly once, and their JSON
// lines concatenate to the records of the whole batch (CI matrices and array jobs rely on it).
// `check --jobs N`: the same records in the same order as one thread.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { ptxmm } from '../tests/cli.js';
import { OWN_TESTS } from '../tests/paths.js';

const DIR = join(OWN_TESTS, 'isa');

/** The check records of a run, without their times, keyed by file. */
function records(out: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of out.trim().split('\n')) {
    const r = JSON.parse(line) as { type: string; file: string; seconds?: number };
    if (r.type !== 'check') continue;
    assert.not.ok(m.has(r.file), `${r.file} once`);
    m.set(r.file, JSON.stringify({ ...r, seconds: 0 }));
  }
  return m;
}

test('check: three slices are the whole batch, each test in one slice, the same records', () => {
  const whole = ptxmm('check', DIR, '--json');
  assert.is(whole.code, 0, whole.err);
  const all = records(whole.out);
  assert.ok(all.size > 10);
  const parts = new Map<string, string>();
  for (const k of [1, 2, 3]) {
    const r = ptxmm('check', DIR, '--json', '--shard', `${k}/3`);
    assert.is(r.code, 0, r.err);
    const one = records(r.out);
    assert.ok(one.size >= Math.floor(all.size / 3) && one.size <= Math.ceil(all.size / 3), `slice ${k} has a third`);
    for (const [f, v] of one) {
      assert.not.ok(parts.has(f), `${f} in one slice only`);
      parts.set(f, v);
    }
  }
  assert.equal([...parts.keys()].sort(), [...all.keys()].sort());
  for (const [f, v] of all) assert.is(parts.get(f), v, f);
});

test('conform: the slices pass as many rows as the whole list; bad slices are usage errors', () => {
  const csv = join(OWN_TESTS, 'EXPECTED.csv');
  const passed = (out: string): number => Number(/(\d+) passed, \d+ failed/.exec(out)![1]);
  const a = ptxmm('conform', '--expect', csv, '--model', 'ptx60', '--shard', '1/2');
  const b = ptxmm('conform', '--expect', csv, '--model', 'ptx60', '--shard', '2/2');
  const rows = ptxmm('conform', '--expect', csv, '--model', 'ptx60');
  assert.is(passed(a.out) + passed(b.out), passed(rows.out));
  for (const bad of ['0/2', '3/2', '2', 'a/b', '1/0']) {
    const r = ptxmm('check', DIR, '--shard', bad);
    assert.is(r.code, 2, bad);
    assert.match(r.err, /--shard needs K\/N/);
  }
});

test('check --jobs 2: the records of one thread, in the same order', () => {
  const one = ptxmm('check', DIR, '--json');
  const two = ptxmm('check', DIR, '--json', '--jobs', '2');
  assert.is(two.code, 0, two.err);
  const plain = (out: string): string[] => out.trim().split('\n').map((l) => JSON.stringify({ ...(JSON.parse(l) as object), seconds: 0 }));
  assert.equal(plain(two.out), plain(one.out));
  const text = ptxmm('check', DIR, '--jobs', '2');
  assert.equal(text.out.replace(/^Time .*$/gm, "").replace(/, [0-9.]+ s$/m, ""), ptxmm("check", DIR).out.replace(/^Time .*$/gm, "").replace(/, [0-9.]+ s$/m, ""));
  assert.match(text.out, /Totals: \d+ tests, \d+ Ok, \d+ No, 0 Unknown, 0 errors/);
  const bad = ptxmm('check', DIR, '--jobs', '2', '--races');
  assert.is(bad.code, 2);
  assert.match(bad.err, /--jobs lists final states/);
});

test('--jobs past twice the CPUs is a usage error (a worker per test ran out of memory), before any work', () => {
  const over = String(2 * availableParallelism() + 1);
  for (const args of [['check', DIR], ['fuzz', '--runs', '1']]) {
    const r = ptxmm(...args, '--jobs', over);
    assert.is(r.code, 2, args[0]);
    assert.match(r.err, new RegExp(`--jobs ${over}: at most ${Number(over) - 1} on this machine's`));
    assert.is(r.out, '');
  }
});

test.run();
