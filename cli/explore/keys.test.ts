// The key map is written once (keys.ts); the README's table and the footer are read from it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../tests/paths.js';
import type { Key } from 'ink';
import { GLOBAL_KEYS, SCREEN_KEYS, type Screen, footerText } from './keys.js';
import { keysOf } from './ui.js';
import { badgeText } from './tree.js';

test('README lists every key of every screen as keys.ts does', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rows = [
    ...Object.entries(SCREEN_KEYS).flatMap(([screen, ks]) => ks.map((k) => `| ${screen} | \`${k.keys}\` | ${k.does} |`)),
    ...GLOBAL_KEYS.map((k) => `| everywhere | \`${k.keys}\` | ${k.does} |`),
  ];
  for (const r of rows) assert.ok(readme.includes(r), `README lacks: ${r}`);
  const screens = [...Object.keys(SCREEN_KEYS), 'everywhere'];
  const inReadme = readme.split('\n').filter((l) => screens.some((n) => l.startsWith(`| ${n} | \``)));
  assert.is(inReadme.length, rows.length, 'README lists keys keys.ts does not have');
});

test('the footer fits the width and starts with the screen\'s own keys', () => {
  for (const screen of Object.keys(SCREEN_KEYS) as Screen[]) {
    for (const w of [40, 80, 120]) {
      const f = footerText(screen, w);
      assert.ok(f.length <= w, `${screen} at ${w}: ${f}`);
      assert.ok(f.startsWith(SCREEN_KEYS[screen][0]!.keys), f);
    }
  }
});

test('an input of several characters is several keys, each read as it would be alone', () => {
  const none: Key = {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
    return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false,
    capsLock: false, numLock: false,
  };
  const got = keysOf('jG\r\u007F\u0003', none).map(([input, k]) => [input, Object.entries(k).filter(([, v]) => v === true).map(([n]) => n)]);
  assert.equal(got, [['j', []], ['G', ['shift']], ['', ['return']], ['', ['backspace']], ['c', ['ctrl']]]);
  // One key, or an escape sequence, stays as ink gave it.
  assert.equal(keysOf('j', none), [['j', none]]);
  const down = { ...none, downArrow: true };
  assert.equal(keysOf('', down), [['', down]]);
});

test("a badge says 'parse error' only for a file that does not parse; a test refused under the settings is 'refused'", () => {
  assert.is(badgeText({ kind: 'error', text: 'a.litmus:4:2: unexpected ...', parse: true }), 'parse error');
  assert.is(badgeText({ kind: 'error', text: 'the ptx60 model has no proxies ...', parse: false }), 'refused');
});

test.run();
