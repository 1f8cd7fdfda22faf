// `ptxmm explore` as a user runs it: the real command in a pseudo-terminal (tests/pty.ts), driven
// by keystrokes, asserting on the screen a user would see.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../tests/paths.js';
import { BIN, closeAll, hasScript, openTerminal } from '../../tests/pty.js';
import { NO_TTY_MESSAGE } from '../explore.js';

test('explore in a real terminal: browse, filter, open a test, why, help, quit restores the terminal', async () => {
  if (!hasScript) { console.log('  (no script(1): the terminal test is skipped)'); return; }
  // CI set, as on a CI runner: ink would then draw only the last frame, but a terminal is a
  // terminal, so explore draws every frame regardless.
  const s = openTerminal(['explore', 'litmus/tests/isa'], { env: { CI: 'true' } });
  const first = await s.until('ptxmm explore');
  assert.ok(first.includes('litmus/tests/isa/'), first);
  // The title's count comes before the rows in a frame: wait for both, not for the title alone.
  const count = readdirSync(join(ROOT, 'litmus/tests/isa')).filter((n) => n.endsWith('.litmus')).length;
  const all = await s.until(new RegExp(`${count} tests[\\s\\S]*ISA-MP +Required Ok`));
  assert.ok(all.split('\n').every((l) => l.length <= 80));
  await s.keys('/');
  await s.keys('ISA-MP');
  await s.keys('\r');
  await s.keys('\r');
  const t = await s.until(/✗ P1:r0=1; P1:r1=0 +forbidden/);
  assert.ok(t.includes('ISA-MP'), t);
  await s.keys('w');
  const w = await s.until(/^(?=[\s\S]*Smallest set of axioms to remove for it to be reachable)(?=[\s\S]*\{Causality\})/);
  assert.ok(!w.includes('Forbidden outcomes'), w);
  await s.keys('?');
  await s.until('Keys: why screen');
  await s.keys('x');
  await s.keys('q');
  assert.is(await s.exit, 0);
  // ink hid the cursor while it ran and shows it again on the way out.
  const raw = s.raw();
  assert.ok(raw.lastIndexOf('\u001B[?25h') > raw.lastIndexOf('\u001B[?25l'), 'cursor shown again at exit');
  // Drawn on the alternate screen, left at exit: the shell's screen comes back as it was.
  assert.ok(raw.indexOf('\u001B[?1049h') >= 0 && raw.lastIndexOf('\u001B[?1049l') > raw.lastIndexOf('ptxmm explore'), 'alternate screen left at exit');
  // NO_COLOR (set by openTerminal): no foreground or background colour at all.
  assert.not.match(raw, /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;5;\d+)m/);
});

test('without NO_COLOR, verdicts are coloured', async () => {
  if (!hasScript) return;
  const s = openTerminal(['explore', 'litmus/tests/isa/ISA-MP.litmus', 'litmus/tests/isa/ISA-SB.litmus'], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
  await s.until('2 tests');
  await s.keys('q');
  assert.is(await s.exit, 0);
  assert.match(s.raw(), /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7])m/);
});

test('Ctrl-C quits from a view', async () => {
  if (!hasScript) return;
  const s = openTerminal(['explore', 'litmus/tests/isa/ISA-MP.litmus']);
  await s.until('forbidden');
  await s.keys('\u0003');
  assert.is(await s.exit, 0);
});

test('without a terminal, explore exits 2 and points to check, show and why', () => {
  const r = spawnSync(process.execPath, [BIN, 'explore', 'litmus/tests/isa'], { cwd: ROOT, encoding: 'utf8', input: '' });
  assert.is(r.status, 2);
  assert.is(r.stderr.trim(), NO_TTY_MESSAGE);
  assert.ok(/check/.test(NO_TTY_MESSAGE) && /show/.test(NO_TTY_MESSAGE) && /why/.test(NO_TTY_MESSAGE));
});

test.after.each(closeAll);

test.run();
