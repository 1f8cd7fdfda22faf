// Running the real `bin/ptxmm.js` from tests, as a user would, on files in a scratch folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** A scratch folder and a way to write test files into it. */
export function scratch(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write: (name, text) => {
      const f = join(dir, name);
      writeFileSync(f, text);
      return f;
    },
  };
}

/** Runs ptxmm with the given arguments; the process must exit on its own within two minutes. */
export function ptxmm(...args: string[]): { out: string; err: string; code: number | null } {
  return ptxmmWith({}, ...args);
}

/** ptxmm with extra environment variables; `ms` is how long the run took. */
export function ptxmmWith(env: Record<string, string>, ...args: string[]): { out: string; err: string; code: number | null; ms: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'ptxmm.js'), ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { out: r.stdout, err: r.stderr, code: r.status, ms: performance.now() - t0 };
}

/** Message passing with release/acquire: the stale read is forbidden (Causality). */
export const MP_TEXT = `PTX MP
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, f  ;
 st.release.gpu f, 1 | ld.weak r1, x         ;
~exists (P1:r0 == 1 /\\ P1:r1 == 0)
`;

/** Store buffering with weak accesses: both loads may read 0 (four final states). */
export const SB_TEXT = `PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\\ P1:r1 == 0)
`;

/**
 * n threads in one CTA, each k (st, ld) pairs on one location x: coherence order grows as the
 * cube of the writes, which made such tests exhaust Z3 (the limits tests and benchmark).
 */
export function manyWrites(n: number, k: number): string {
  const cols = Array.from({ length: n }, (_, t) => Array.from({ length: k }, (_, i) => [`st.u32 [x], ${t * 1000 + i + 1}`, `ld.u32 %r${i}, [x]`]).flat());
  const rows = cols[0]!.map((_, r) => ` ${cols.map((c) => c[r]).join(' | ')} ;`);
  return `PTX Many${n}x${k}\n{ x = 0; }\n ${cols.map((_, t) => `P${t}@cta 0,gpu 0`).join(' | ')} ;\n${rows.join('\n')}\nexists (P0:%r${k - 1} == ${k})\n`;
}
