// Running `ptxmm explore` as a user does: the real command in a pseudo-terminal (script(1),
// from util-linux: every Debian has it, bsdutils being essential), keystrokes in, and its output
// replayed into a headless xterm so that tests and the benchmark read the screen a user sees.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import { ROOT } from './paths.js';

export const BIN = join(ROOT, 'bin', 'ptxmm.js');
export const hasScript = spawnSync('script', ['--version']).status === 0;
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Terminal {
  screen: () => string;
  /** Waits until the screen shows `text` (a string or a pattern) and the app has written
   * nothing more for `quietMs`; returns the screen. */
  until: (text: string | RegExp, ms?: number, quietMs?: number) => Promise<string>;
  /** Types keys, then lets the app draw. */
  keys: (k: string, settleMs?: number) => Promise<void>;
  exit: Promise<number | null>;
  /** Everything the app wrote, escape sequences included. */
  raw: () => string;
  /** Peak resident memory of the ptxmm process (its worker threads included), in MB; null if unknown. */
  peakMb: () => number | null;
  kill: () => void;
}

export function openTerminal(args: string[], o: { cols?: number; rows?: number; env?: Record<string, string> } = {}): Terminal {
  const cols = o.cols ?? 80;
  const rows = o.rows ?? 24;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = `stty cols ${cols} rows ${rows}; exec ${q(process.execPath)} ${q(BIN)} ${args.map(q).join(' ')}`;
  // A CI runner's FORCE_COLOR would override NO_COLOR; a test that wants colour says so.
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', TERM: 'xterm-256color', ...o.env };
  if (!o.env || !('FORCE_COLOR' in o.env)) delete env['FORCE_COLOR'];
  const child: ChildProcessWithoutNullStreams = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: ROOT, env });
  open.add(kill);
  child.on('exit', () => open.delete(kill));
  let raw = '';
  // A frame can reach us in several chunks (the pty hands over at most a few KB at a time), and
  // xterm parses what it is given later: a screen read mid-frame shows a new title over old rows.
  let unparsed = 0;
  let lastData = performance.now();
  child.stdout.on('data', (d: Buffer) => {
    raw += d.toString('utf8');
    lastData = performance.now();
    unparsed++;
    term.write(d, () => { unparsed--; });
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const screen = (): string => {
    const b = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < rows; i++) out.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  // script's child is the shell that exec'd node: the ptxmm process.
  const ptxmmPid = (): number | null => {
    const r = spawnSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' });
    const pid = Number(r.stdout.trim().split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  };
  return {
    screen,
    raw: () => raw,
    exit,
    async until(text, ms = 60_000, quietMs = 50) {
      const t0 = performance.now();
      for (;;) {
        const s = screen();
        const settled = unparsed === 0 && performance.now() - lastData >= quietMs;
        if (settled && (typeof text === 'string' ? s.includes(text) : text.test(s))) return s;
        if (performance.now() - t0 > ms) {
          kill(); // a test that gives up must not leave the app running: node would never exit
          throw new Error(`timed out waiting for ${String(text)}; the screen:\n${s}`);
        }
        await sleep(10);
      }
    },
    async keys(k, settleMs = 150) {
      child.stdin.write(k);
      await sleep(settleMs);
    },
    peakMb() {
      const pid = ptxmmPid();
      if (pid === null) return null;
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) / 1024 : null;
      } catch {
        return null;
      }
    },
    kill,
  };
  function kill(): void {
    const pid = ptxmmPid();
    if (pid !== null) try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    child.kill('SIGKILL');
  }
}

const open = new Set<() => void>();

/** Kills every terminal still open (for `test.after.each`): a failed assertion must not leave
 * a child holding the test runner's event loop open. */
export function closeAll(): void {
  for (const kill of open) kill();
  open.clear();
}
