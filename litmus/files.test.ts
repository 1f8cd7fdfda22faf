import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { scratch } from '../tests/cli.js';
import { LitmusError } from './errors.js';
import { expandPaths, fsReason, readText } from './files.js';

test('expandPaths: a folder gives its .litmus files, sorted, below any depth; named paths stay as given', () => {
  const { dir, write } = scratch('ptxmm-files-');
  mkdirSync(join(dir, 'sub'));
  const b = write('b.litmus', 'x');
  const a = write('sub/a.litmus', 'x');
  write('notes.txt', 'x');
  assert.equal(expandPaths([dir]), [b, a]);
  assert.equal(expandPaths([join(dir, 'notes.txt'), join(dir, 'missing')]), [join(dir, 'notes.txt'), join(dir, 'missing')]);
});

test('expandPaths: a symbolic link back up is walked once, and a dangling link is its reader\'s to report, not the walk\'s', () => {
  const { dir, write } = scratch('ptxmm-files-');
  mkdirSync(join(dir, 'sub'));
  const a = write('sub/a.litmus', 'x');
  // Followed, these made a path that grew until ELOOP ended the whole command.
  symlinkSync('..', join(dir, 'sub', 'up'));
  // Not a test: skipped. A test that is not there: kept, so that reading it says so.
  symlinkSync('nowhere', join(dir, 'sub', 'gone'));
  symlinkSync('nowhere', join(dir, 'sub', 'gone.litmus'));
  assert.equal(expandPaths([dir]), [a, join(dir, 'sub', 'gone.litmus')]);
  // Named twice, a folder is walked twice (each argument on its own).
  assert.equal(expandPaths([join(dir, 'sub'), join(dir, 'sub')]).length, 4);
});

test('expandPaths skips a FIFO or a device named *.litmus below a folder (reading one never ends); readText refuses a device', () => {
  const { dir, write } = scratch('ptxmm-files-');
  const a = write('a.litmus', 'x');
  symlinkSync('/dev/zero', join(dir, 'zero.litmus'));
  if (spawnSync('mkfifo', [join(dir, 'pipe.litmus')]).status !== 0) console.log('  (no mkfifo: the FIFO case is skipped)');
  assert.equal(expandPaths([dir]), [a]);
  try {
    readText('/dev/zero');
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof LitmusError);
    assert.match(e.message, /not a regular file/);
  }
});

test('readText: a file that cannot be read is a LitmusError about the whole file, in words', () => {
  const { dir } = scratch('ptxmm-files-');
  const reason = (f: string): string => {
    try {
      readText(f);
    } catch (e) {
      assert.ok(e instanceof LitmusError);
      assert.is(e.line, null);
      return e.format();
    }
    return 'read';
  };
  assert.is(reason(join(dir, 'missing.litmus')), `${join(dir, 'missing.litmus')}: no such file or directory`);
  assert.is(reason(dir), `${dir}: is a directory`);
  assert.is(fsReason(Object.assign(new Error('x'), { code: 'EWEIRD' })), 'failed (EWEIRD)');
});

test.run();
