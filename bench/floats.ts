// Float computation (litmus/floats.ts, solver/valuesets.ts, solver/floatsmt.ts): what a verdict,
// a state list and an explanation of our float tests cost, the fscale kernels, and the fsum
// kernel (examples/kernels) at growing grids, the assertion's answer each time (values exact in
// every order, or rounding by order). Writes bench/FLOATS.md.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { ptx75 } from '../model/ptx.js';
import { type RunOptions, runTest } from '../solver/run.js';
import { runTest as runExecutor } from '../executor/explore.js';
import { openZ3 } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';

// Each test: the solver's four questions and the executor. ATOM-fadd-rounding adds in memory;
// the FOP tests compute with values read (rounding modes, conversions, a NaN compared).
const TESTS = ['ATOM-fadd-rounding', 'FOP-rounding-modes', 'FOP-MP-absorbed', 'FOP-setp-nan', 'FOP-fma-vs-mul-sub', 'FOP-mul-sub-may-fuse', 'FOP-mul-sub-fused-or-not', 'FOP-fusion-per-thread'];
const z3 = await openZ3();
const base: RunOptions = { model: ptx75, bound: 2, timeoutMs: 300_000, mode: 'verdict', checkBound: false, explain: false };
const litmusRows: string[] = [];
for (const name of TESTS) {
  const file = join(ROOT, 'litmus', 'tests', 'instr', `${name}.litmus`);
  const t = parseLitmus(readFileSync(file, 'utf8'), file);
  const timed = async (opt: Partial<RunOptions>): Promise<string> => {
    const t0 = performance.now();
    const r = await runTest(z3, t, { ...base, ...opt });
    const ms = performance.now() - t0;
    return `${String(r.validated)}${r.states ? `, ${r.states.length} states` : ''}, ${r.stats.queries} queries, ${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`}`;
  };
  const ex0 = performance.now();
  const ex = runExecutor(t, { model: 'ptx75', bound: 2, maxStates: 100_000 });
  const exCell = ex.ok ? `${ex.result.states.length} final states, ${ex.result.stats.visited} visited, ${(performance.now() - ex0).toFixed(0)} ms` : ex.error;
  litmusRows.push(`| ${name} | ${await timed({})} | ${await timed({ mode: 'states' })} | ${await timed({ explain: true })} | ${await timed({ explain: true, relax: true, core: false })} | ${await timed({ explain: true, relax: true })} | ${exCell} |`);
  process.stdout.write(`${litmusRows[litmusRows.length - 1]}\n`);
}
await z3.close();

// fscale and fmean (examples/kernels), and their _nofence forms: float arithmetic on values published between blocks; fcontract(_rn): fusion; device_float: inlining.
const spec = (name: string): string => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'ptxmm.js'), 'kernel', join(ROOT, 'examples', 'kernels', `${name}.kernel.json`)], { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  const line = r.stdout.split('\n').find((l) => l.startsWith('Assert')) ?? r.stderr.trim().split('\n')[0] ?? '';
  const verdict = /holds/.test(line) ? 'holds' : /FAILS/.test(line) ? `fails (${/ends in (.*?) \(\d/.exec(line)?.[1] ?? '?'})` : line.slice(0, 60);
  return `| ${name} | ${verdict} | ${/\(([\d.]+ s)\)$/.exec(line)?.[1] ?? '?'} | ${s.toFixed(2)} s |`;
};
const specRows = ['fscale', 'fscale_nofence', 'fmean', 'fmean_nofence', 'fcontract', 'fcontract_rn', 'device_float'].map(spec);

// fsum at grid N, one thread a block: values whose sums are exact (1.0 + 2.0 + 0.5 + ...), and the rounding ones.
const exact = [2.0, 0.5, -0.25, 4.0, 0.125, 8.0];
const kernelRow = (n: number, rounding: boolean): string => {
  const vals = rounding ? ['1.0', '-1e20', '2.0', '4.0', '-1e20', '8.0'].slice(0, n) : exact.slice(0, n).map((v) => v.toFixed(3));
  const total = rounding ? '1e20' : '1.0';
  const sum = 1.0 + exact.slice(0, n).reduce((a, b) => a + b, 0);
  const bits = `0f${Buffer.from(new Float32Array([sum]).buffer).readUInt32LE(0).toString(16).toUpperCase().padStart(8, '0')}`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'ptxmm.js'), 'kernel', join(ROOT, 'examples', 'kernels', 'fsum.ptx'), '--grid', String(n), '--block', '1',
    '--param', `total:f32[1]=${total}`, '--param', `vals:f32[${n}]=${vals.join(',')}`, '--assert', `total[0] == ${rounding ? '0f40400000' : bits}`, '--timeout', '300'], { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  const line = r.stdout.split('\n').find((l) => l.startsWith('Assert')) ?? r.stderr.trim().split('\n')[0] ?? '';
  const verdict = /holds/.test(line) ? 'holds' : /FAILS/.test(line) ? `fails (${/ends in (.*?) \(/.exec(line)?.[1] ?? '?'})` : line.slice(0, 60);
  return `| ${rounding ? 'rounding' : 'exact'} | ${n} | ${verdict} | ${/\(([\d.]+ s)\)/.exec(line)?.[1] ?? '?'} | ${s.toFixed(2)} s |`;
};
const kernelRows: string[] = [];
for (const rounding of [false, true]) for (const n of [2, 3, 4, 5]) { kernelRows.push(kernelRow(n, rounding)); process.stdout.write(`${kernelRows[kernelRows.length - 1]}\n`); }

writeFileSync(join(ROOT, 'bench', 'FLOATS.md'), [
  '# Float computation', '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ptx75, loop bound 2. Regenerate with \`npm run bench\`.`, '',
  'Our float tests (litmus/tests/instr), one process, one Z3: ATOM-fadd-rounding (an .f32 and an .f64 pair of atomic additions),',
  'FOP-rounding-modes (add.rp/.rn/.rz, mul, cvt.rni/.rpi on a value read), FOP-MP-absorbed (a float passed with a flag, then',
  'added and subtracted), FOP-setp-nan (a NaN compared), FOP-fma-vs-mul-sub (.f64: fma.rn against mul.rn then sub.rn), and three',
  'with a mul and a sub (add) ptxas may fuse (litmus/fusion.ts: a free literal per add): FOP-mul-sub-may-fuse (the fused value',
  'reachable), FOP-mul-sub-fused-or-not (no third value), FOP-fusion-per-thread (two threads, each its own choice). A float operation is a',
  'choice among its few results (solver/valuesets.ts) where every axiom is assumed, in an explanation\'s questions that assume NoThinAir,',
  'and wherever its operands come from no cycle of reads-from and dependencies (valuesets.ts cyclicFlow: here, all but ATOM-fadd-rounding\'s);',
  'else, in the questions that drop NoThinAir (a relaxation, whether a core needs it), in Z3\'s floating-point theory, sent to those',
  'questions only (solver/run.ts solve). `why` asks no unsat core (only its JSON record has one): the next column asks it too, as `why --json` does. Each cell: the answer, states, queries, time.', '',
  'Before (ae877f9, measured in the same sitting), the script of an explanation had the floating-point theory in every question;',
  '`show`, `why` and `why --json` took: ATOM-fadd-rounding 9.51, 5.51, 9.71 s; FOP-rounding-modes 1.31, 1.52, 3.04 s; FOP-MP-absorbed',
  '2.03, 1.71, 2.39 s; FOP-fma-vs-mul-sub 4.19, 4.81, 4.47 s; FOP-mul-sub-fused-or-not 6.13, 5.61, 6.81 s.', '',
  '| test | verdict | every state | witness or core (`show`) | axioms to drop (`why`) | with the core too (`why --json`) | executor |', '|---|---|---|---|---|---|---|', ...litmusRows, '',
  'examples/kernels/fscale (block 1 computes 2v + 1 and its floor from a float block 0 scaled and published), fmean (three blocks',
  'atomicAdd a float, the last divides by the grid: div.rn.f32) and their _nofence forms, fcontract (nvcc\'s mul.f32 and add.f32,',
  'which ptxas may fuse: the assertion fails in the fused execution) and fcontract_rn (__fmul_rn: never fused), device_float',
  '(float arithmetic in two inlined device functions), `ptxmm kernel` with the spec: the',
  'assertion\'s answer (a failing one with its witness), its time as reported, and the whole process (every property).', '',
  '| kernel | assertion | reported | process |', '|---|---|---|---|', ...specRows, '',
  'examples/kernels/fsum.ptx at grid N, one thread a block, each block `atomicAdd`s its value (`ptxmm kernel`, the assertion',
  'only; its time as reported, and the whole process). exact: 1.0 plus 2.0, 0.5, -0.25, 4.0, ... (every order gives the same',
  'total); rounding: 1e20 plus 1.0, -1e20, 2.0, 4.0, ... asserted to end 3.0 (a failing assertion is also explained: a witness).', '',
  '| values | blocks | assertion | reported | process |', '|---|---|---|---|---|', ...kernelRows, '',
].join('\n'));
process.stdout.write(readFileSync(join(ROOT, 'bench', 'FLOATS.md'), 'utf8'));
