// The explorer under random keys (a seeded "monkey"): every key of every screen, in any order,
// with computations still running or cancelled. Nothing may throw, every frame must fit the
// terminal and show a screen, and the UI must still answer at the end.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { App } from './app.js';
import { type Jobs, startJobs } from './jobs.js';
import { readEntries } from '../explore.js';
import { SCREEN_KEYS, type Screen, footerText } from './keys.js';
import { OWN_TESTS, ROOT } from '../../tests/paths.js';

const KEYS = [
  '\u001B[A', '\u001B[B', '\u001B[C', '\u001B[D', '\r', '\u001B', '\u001B[5~', '\u001B[6~', ' ', '\u007F',
  'j', 'k', 'h', 'l', 'g', 'G', 'J', 'K', '/', 'w', 'e', 's', 'n', 'p', 'a', 'u', 'r', 't', 'm', '+', '-', '?', 'x', '1',
];
// Each screen's footer starts with its own first key hint.
const SCREENS = (Object.keys(SCREEN_KEYS) as Screen[]).map((s): [Screen, string] => [s, footerText(s, 80).split(' · ')[0]!]);
const plain = (s: string | undefined): string => (s ?? '').replace(/\u001B\[[0-9;]*m/g, '');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

for (const seed of [1, 2, 3]) {
  test(`random keys (seed ${seed}): no error, every frame within 80x24, still answering`, async () => {
    let x = seed;
    const rnd = (n: number): number => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
    const errors: unknown[] = [];
    const onError = (e: unknown): void => { errors.push(e); };
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    // The explorer's own jobs, counting the view's computations in flight: a long pause waits
    // for them (keys then meet what they computed, on a loaded machine as on an idle one), a
    // short one does not (keys then meet computations still running, or cancel them).
    const real = startJobs();
    let busy = 0;
    const jobs: Jobs = {
      ask: (lane, req) => {
        if (lane === 'view') busy++;
        return real.ask(lane, req).finally(() => { if (lane === 'view') busy--; });
      },
      cancel: (lane) => real.cancel(lane),
      close: () => real.close(),
    };
    const r = render(<App entries={readEntries([join(OWN_TESTS, 'isa'), join(OWN_TESTS, 'races')], ROOT)} jobs={jobs} model="ptx75" bound={2} timeoutMs={10_000} size={{ columns: 80, rows: 24 }} />);
    try {
      const pressed: string[] = [];
      const seen = new Set<Screen>();
      for (let i = 0; i < 250; i++) {
        // q quits: left out, and checked last.
        const k = KEYS[rnd(KEYS.length)]!;
        pressed.push(JSON.stringify(k));
        r.stdin.write(k);
        if (rnd(4) === 0) {
          const t0 = performance.now();
          while (busy > 0 && performance.now() - t0 < 10_000) await sleep(10);
          await sleep(30);
        } else await sleep(10);
        const f = plain(r.lastFrame());
        const lines = f.split('\n');
        const where = `after ${pressed.slice(-8).join(' ')} (key ${i})`;
        assert.ok(f.trim().length > 0, `empty frame ${where}`);
        assert.ok(lines.length <= 24, `${lines.length} lines ${where}:\n${f}`);
        const wide = lines.find((l) => [...l].length > 80);
        assert.is(wide, undefined, `a line wider than 80 ${where}:\n${f}`);
        assert.equal(errors, [], where);
        for (const [screen, hint] of SCREENS) if (f.includes(hint)) seen.add(screen);
      }
      // A monkey that never left the browser would prove little.
      assert.ok(seen.size >= 4, `screens seen: ${[...seen].join(', ')}`);
      // Still answering: Esc back to the browser, the help overlay opens.
      for (let i = 0; i < 6; i++) { r.stdin.write('\u001B'); await sleep(30); }
      r.stdin.write('?');
      const t0 = performance.now();
      while (!plain(r.lastFrame()).toLowerCase().includes('help') && performance.now() - t0 < 10_000) await sleep(20);
      assert.ok(plain(r.lastFrame()).toLowerCase().includes('help'), plain(r.lastFrame()));
    } finally {
      r.unmount();
      await jobs.close();
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    }
  });
}

test.run();
