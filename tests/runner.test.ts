// npm test's runner (scripts/test.mjs), run on test files written here: what .ci/run counts
// from its last line must be right when a file fails, crashes or hangs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';
import { scratch } from './cli.js';

const S = scratch('ptxmm-runner-');
mkdirSync(join(S.dir, 'scripts'));
copyFileSync(join(ROOT, 'scripts', 'test.mjs'), join(S.dir, 'scripts', 'test.mjs'));
symlinkSync(join(ROOT, 'node_modules'), join(S.dir, 'node_modules'));
mkdirSync(join(S.dir, 'dist', 'a'), { recursive: true });
const file = (name: string, text: string): void => writeFileSync(join(S.dir, 'dist', 'a', name), text);
const header = "import { test } from 'uvu'; import * as assert from 'uvu/assert';\n";
file('ok.test.js', `${header}test('one', () => assert.ok(true)); test('two', () => assert.is(1, 1)); test.run();\n`);
file('bad.test.js', `${header}test('fine', () => assert.ok(true)); test('wrong', () => assert.is(1, 2)); test.run();\n`);
file('crash.test.js', "throw new Error('broken on load');\n");
// A file that hangs, holding a process it started: stopping the file must stop that too.
const pidFile = join(S.dir, 'sleeper.pid');
file('hang.test.js', `${header}import { spawn } from 'node:child_process'; import { writeFileSync } from 'node:fs';
test('hangs', () => { writeFileSync(${JSON.stringify(pidFile)}, String(spawn('sleep', ['300']).pid)); return new Promise(() => setInterval(() => {}, 1000)); });
test.run();\n`);

function runner(...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(S.dir, 'scripts', 'test.mjs'), ...args], {
    encoding: 'utf8', timeout: 120_000, env: { ...process.env, PTXMM_TEST_JOBS: '2', PTXMM_TEST_FILE_LIMIT_S: '4' },
  });
  return { code: r.status, out: (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, '') };
}
const last = (out: string, prefix: string): string => out.trim().split('\n').filter((l) => l.startsWith(prefix)).pop() ?? '';

test('a failing test, a file that crashes and one that hangs are counted as failed, and the exit status is 1', () => {
  const r = runner();
  assert.is(r.code, 1, r.out);
  // ok: 2 passed; bad: 1 passed, 1 failed; crash and hang: one failure each.
  assert.match(last(r.out, 'tests: '), /^tests: 3 passed, 3 failed \(4 files, 2 at a time, \d+ s\)$/);
  assert.is(last(r.out, 'files failed: '), 'files failed: a/bad.test.js, a/crash.test.js, a/hang.test.js');
  assert.match(r.out, /== a\/hang\.test\.js \([\d.]+ s\) FAILED stopped: past 4 s/);
  assert.match(r.out, /== a\/crash\.test\.js \([\d.]+ s\) FAILED no tests ran\nError: broken on load/);
  // Each file's output whole, after its own header: bad's failure report is under bad's.
  const bad = r.out.slice(r.out.indexOf('== a/bad.test.js')).split('\n== ')[0]!;
  assert.match(bad, /FAIL\s+"wrong"[\s\S]*Total:\s+2\s+Passed:\s+1/);
  // Killed with it (a zombie until reaped: /proc says so).
  const pid = Number(readFileSync(pidFile, 'utf8'));
  const stat = join('/proc', String(pid), 'stat');
  const alive = existsSync(stat) && !/^\d+ \([^)]*\) Z/.test(readFileSync(stat, 'utf8'));
  assert.not.ok(alive, 'the hanging file\'s child process outlived it');
});

test('a pattern selects files; all passing is exit 0; --record writes each file\'s time', () => {
  const r = runner('^a/ok', '--record');
  assert.is(r.code, 0, r.out);
  assert.match(last(r.out, 'tests: '), /^tests: 2 passed, 0 failed \(1 files, 1 at a time, \d+ s\)$/);
  assert.not.ok(r.out.includes('bad.test.js'), 'a file outside the pattern ran');
  const times = JSON.parse(readFileSync(join(S.dir, 'scripts', 'test-times.json'), 'utf8')) as Record<string, number>;
  assert.equal(Object.keys(times), ['a/ok.test.js']);
  const none = runner('^nothing-matches$');
  assert.is(none.code, 1);
  assert.match(none.out, /no test files under dist\/ match/);
});

test.run();
