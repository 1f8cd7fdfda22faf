// A campaign of kernels of random C against the host's C compiler (kernel/arith, kernel/farith):
// `NAME.cu` (the kernels), `NAME.ptx` (nvcc's PTX of them) and `NAME.json` (each launch with the
// assertion that it stores what the host computed from the same C), made by the folder's generate.py.
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ptx75 } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { readAssertion } from '../kernel/assert.js';
import { instantiate } from '../kernel/instantiate.js';
import { readModule } from '../kernel/module.js';
import { parseParam } from '../kernel/spec.js';
import { verifyKernel } from '../kernel/verify.js';
import { ROOT } from './paths.js';

interface Launch { entry: string; params: string[]; assert: string; source: string[] }

/** Each of the `count` launches of kernel/NAME/NAME.json holds its assertion on one thread. */
export async function storesHostValues(name: string, count: number): Promise<void> {
  const dir = join(ROOT, 'kernel', name);
  const launches = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Launch[];
  assert.is(launches.length, count);
  const file = join(dir, `${name}.ptx`);
  const mod = readModule(readFileSync(file, 'utf8'), file);
  const z3 = await openZ3();
  try {
    for (const l of launches) {
      const inst = instantiate(mod, { entry: l.entry, grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: l.params.map(parseParam) });
      const res = await verifyKernel(z3, inst, {
        model: ptx75, bound: 2, timeoutMs: 60_000, asserts: [readAssertion(l.assert, l.entry, inst.test)], races: false, liveness: false, barriers: false,
      });
      const got = res.assert!;
      assert.is(got.verdict, 'holds', `${l.entry}: ${l.assert}${got.verdict === 'fails' ? `, but ${got.explanation?.state.map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}\n  ${l.source.join('\n  ')}`);
    }
  } finally {
    await z3.close();
  }
}

/** kernel/NAME/NAME.ptx is what nvcc (with `flags`) writes from NAME.cu, where nvcc is installed. */
export function isNvccOutput(name: string, flags: readonly string[]): void {
  if (spawnSync('nvcc', ['--version']).status !== 0) { console.log('  (nvcc not on PATH: skipped)'); return; }
  const dir = join(ROOT, 'kernel', name);
  const out = join(mkdtempSync(join(tmpdir(), `ptxmm-${name}-`)), `${name}.ptx`);
  const r = spawnSync('nvcc', ['-ptx', '-arch=sm_90', '-O3', ...flags, join(dir, `${name}.cu`), '-o', out], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const body = (f: string): string => readFileSync(f, 'utf8').replace(/^\/\/.*\n/gm, '');
  assert.fixture(body(out), body(join(dir, `${name}.ptx`)));
}
