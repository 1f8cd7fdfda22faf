// One `ptxmm` command as its own process, as a user runs it: wall time, its output, and peak
// memory through /usr/bin/time where that exists. bench/perf.ts and bench/scaleout.ts time
// commands with it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

export interface Run { seconds: number; mib: number | null; out: string; code: number | null }

/** `ptxmm ARGS` from the checkout at `root` (built), stopped after `timeoutS` if given. */
export function ptxmmProcess(root: string, args: string[], timeoutS?: number): Run {
  const argv = [join(root, 'bin', 'ptxmm.js'), ...args];
  const opts = { encoding: 'utf8' as const, maxBuffer: 1 << 28, ...(timeoutS === undefined ? {} : { timeout: timeoutS * 1000 }) };
  const t0 = performance.now();
  const p = TIME ? spawnSync(TIME, ['-f', '%M', process.execPath, ...argv], opts) : spawnSync(process.execPath, argv, opts);
  const seconds = (performance.now() - t0) / 1000;
  const kb = TIME ? Number(p.stderr.trim().split('\n').pop()) : NaN;
  return { seconds, mib: Number.isFinite(kb) ? kb / 1024 : null, out: p.stdout, code: p.status };
}
