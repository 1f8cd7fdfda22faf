// Float arithmetic as nvcc writes it, against the host's C: kernel/farith/ holds 30 kernels of
// random float and double C expressions (+ - * /, sqrt, fmin, fmax, fabs, negation, comparisons
// and ?:, floor, ceil, trunc, rint, conversions between float, double and int in each rounding,
// CUDA's rounding intrinsics, __saturatef), nvcc's PTX of them (-fmad=false: each operation
// rounds as written), and the bits the host computed (kernel/farith/generate.py). Each kernel
// must store exactly those bits (a NaN: any NaN).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ptx75 } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';
import { readAssertion } from './assert.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { parseParam } from './spec.js';
import { verifyKernel } from './verify.js';

const DIR = join(ROOT, 'kernel', 'farith');
interface Launch { entry: string; params: string[]; assert: string; source: string[] }

test('each kernel stores the bits the host computes from the same C', async () => {
  const launches = JSON.parse(readFileSync(join(DIR, 'farith.json'), 'utf8')) as Launch[];
  assert.is(launches.length, 30);
  const file = join(DIR, 'farith.ptx');
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
});

test('the committed PTX is what nvcc writes from farith.cu (where nvcc is installed)', () => {
  if (spawnSync('nvcc', ['--version']).status !== 0) { console.log('  (nvcc not on PATH: skipped)'); return; }
  const out = join(mkdtempSync(join(tmpdir(), 'ptxmm-farith-')), 'farith.ptx');
  const r = spawnSync('nvcc', ['-ptx', '-arch=sm_90', '-O3', '-fmad=false', join(DIR, 'farith.cu'), '-o', out], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const body = (f: string): string => readFileSync(f, 'utf8').replace(/^\/\/.*\n/gm, '');
  assert.fixture(body(out), body(join(DIR, 'farith.ptx')));
});

test.run();
