// The explorer as a user meets it, in a real pseudo-terminal (tests/pty.ts): time to the first
// frame, time until every badge of litmus/tests is shown, peak memory, and how long a keypress
// takes to be drawn while Z3 is busy in the worker. Writes bench/EXPLORE.md and prints it.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { expandPaths } from '../litmus/parse.js';
import { manyWrites, scratch } from '../tests/cli.js';
import { OWN_TESTS, ROOT } from '../tests/paths.js';
import { type Terminal, hasScript, openTerminal } from '../tests/pty.js';

if (!hasScript) {
  process.stderr.write('bench: explore needs script(1) for a pseudo-terminal\n');
  process.exit(1);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const n = expandPaths([OWN_TESTS]).length;
const RUNS = 3;

const starts: { first: number; badges: number; peak: number | null }[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const s = openTerminal(['explore']);
  await s.until('ptxmm explore', 30_000, 0);
  const first = performance.now() - t0;
  await s.until(`· ${n} tests`, 600_000, 0);
  const badges = performance.now() - t0;
  const peak = s.peakMb();
  await s.keys('q', 0);
  await s.exit;
  starts.push({ first, badges, peak });
}

/** Ten times: `?` pressed until the help is drawn, then closed until `shown` is back. */
async function helpLatency(t: Terminal, shown: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await t.keys('?', 0);
    await t.until('Keys: test screen', 5_000, 0);
    out.push(performance.now() - t0);
    await t.keys('x', 0);
    await t.until(shown, 5_000, 0);
  }
  return out;
}

// Keypresses while the worker's Z3 lists every state of a test that takes it seconds.
const dir = scratch('ptxmm-bench-explore-');
const slow = dir.write('slow.litmus', manyWrites(4, 3));
const s = openTerminal(['explore', slow]);
await s.until('Esc cancels', 30_000);
const lat = await helpLatency(s, 'Esc cancels');
const stillBusy = s.screen().includes('Esc cancels');
await s.keys('q', 0);
await s.exit;

// The same keypress with nothing running: what the terminal, ink's frame rate and the reading cost alone.
const idle = openTerminal(['explore', join(OWN_TESTS, 'isa', 'ISA-MP.litmus')]);
await idle.until('✗ P1:r0=1', 30_000);
await idle.until('· ptx75 · bound 2', 30_000);
const base = await helpLatency(idle, '✗ P1:r0=1');
await idle.keys('q', 0);
await idle.exit;

const row = (name: string, xs: number[], unit: string, digits = 0): string =>
  `| ${name} | ${median(xs).toFixed(digits)} ${unit} | ${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)} ${unit} |`;
const peaks = starts.map((x) => x.peak).filter((x): x is number => x !== null);
const md = [
  '# ptxmm explore',
  '',
  `\`npm run bench\` (bench/explore.ts): \`ptxmm explore\` started ${RUNS} times in an 80x24 pseudo-terminal (script(1)),`,
  `read through a headless xterm. Badges: every test of litmus/tests (${n}) checked in the background worker (ptx75, bound 2).`,
  `Keypress: \`?\` opens the help while the view's worker lists the states of a ${'4-thread many-writes test'} (Z3 busy throughout${stillBusy ? '' : '; it finished during the measurement'}), 10 presses.`,
  '',
  '| measure | median | range |',
  '|---|---|---|',
  row('time to first frame', starts.map((x) => x.first), 'ms'),
  row(`every badge shown (${n} tests)`, starts.map((x) => x.badges / 1000), 's', 2),
  ...(peaks.length ? [row('peak memory (RSS, worker threads included)', peaks, 'MB')] : []),
  row('keypress to frame, Z3 busy', lat, 'ms'),
  row('keypress to frame, idle', base, 'ms'),
  '',
  'The measuring process (script, the xterm, its polling) runs on the same cores as ptxmm and its worker, so the',
  'largest keypress times include waiting for a core; the medians are the figure to compare.',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, Node ${process.version}, ${availableParallelism()} cores).`,
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench', 'EXPLORE.md'), md);
process.stdout.write(md);
