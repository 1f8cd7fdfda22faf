// `ptxmm explore` as a user runs it: the real command in a pseudo-terminal (script(1), which
// every Debian has: bsdutils is essential), driven by keystrokes, its output replayed into a
// headless xterm so that we assert on the screen a user would see.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import { ROOT } from '../../tests/paths.js';
import { NO_TTY_MESSAGE } from '../explore.js';

const BIN = join(ROOT, 'bin', 'ptxmm.js');
const hasScript = spawnSync('script', ['--version']).status === 0;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Session {
  screen: () => string;
  until: (text: string, ms?: number) => Promise<string>;
  keys: (k: string) => Promise<void>;
  exit: Promise<number | null>;
  raw: () => string;
}

function open(args: string[], cols = 80, rows = 24): Session {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const cmd = `stty cols ${cols} rows ${rows}; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} explore ${args.map((a) => JSON.stringify(a)).join(' ')}`;
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', TERM: 'xterm-256color' } });
  let raw = '';
  child.stdout.on('data', (d: Buffer) => { raw += d.toString('utf8'); term.write(d); });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const screen = (): string => {
    const b = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < rows; i++) out.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  return {
    screen,
    raw: () => raw,
    exit,
    async until(text, ms = 60_000) {
      const t0 = performance.now();
      for (;;) {
        const s = screen();
        if (s.includes(text)) return s;
        if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${JSON.stringify(text)}; the screen:\n${s}`);
        await sleep(50);
      }
    },
    async keys(k) {
      child.stdin.write(k);
      await sleep(150);
    },
  };
}

test('explore in a real terminal: browse, open a test, why, quit restores the terminal', async () => {
  if (!hasScript) { console.log('  (no script(1): the terminal test is skipped)'); return; }
  const s = open(['litmus/tests/isa']);
  const first = await s.until('ptxmm explore');
  assert.ok(first.includes('litmus/tests/isa/'), first);
  const all = await s.until('15 tests');
  assert.match(all, /ISA-MP +Required Ok/);
  assert.ok(all.split('\n').every((l) => l.length <= 80));
  await s.keys('/');
  await s.keys('ISA-MP');
  await s.keys('\r');
  await s.keys('\r');
  const t = await s.until('forbidden');
  assert.ok(t.includes('✗ P1:r0=1; P1:r1=0'), t);
  await s.keys('w');
  const w = await s.until('{Causality}');
  assert.ok(w.includes('Smallest set of axioms forbidding it'), w);
  await s.keys('?');
  await s.until('Keys: why screen');
  await s.keys('x');
  await s.keys('q');
  const code = await s.exit;
  assert.is(code, 0);
  // ink hid the cursor while it ran and shows it again on the way out.
  const raw = s.raw();
  assert.ok(raw.lastIndexOf('\u001B[?25h') > raw.lastIndexOf('\u001B[?25l'), 'cursor shown again at exit');
});

test('Ctrl-C quits from a view', async () => {
  if (!hasScript) return;
  const s = open(['litmus/tests/isa/ISA-MP.litmus']);
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

test.run();
