// Large and pathological tests (issue 13): one thread writing and reading one location n
// times, whose coherence order used to cost n^3 constraints (at n = 75, Z3 ran out of its 2 GB
// and the process hung). Per n: the encoding's size and time without and with the coherence
// the axioms force (solver/must.ts), and the whole `check` (states listed) with it. Then what
// the limits do with a test past them. Writes bench/LIMITS.md and prints it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { ptx75 } from '../model/ptx.js';
import { encode } from '../solver/encode.js';
import { limitsFrom } from '../solver/limits.js';
import { runTest } from '../solver/run.js';
import { unroll } from '../solver/unroll.js';
import { openZ3 } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';
import { manyWrites } from '../tests/cli.js';


const encoding = (text: string, forced: boolean): { size: string; mb: string; ms: string } => {
  const t = parseLitmus(text);
  const t0 = performance.now();
  try {
    const u = unroll(t, DEFAULT_LOOP_BOUND, limitsFrom({ timeoutMs: 120_000 }));
    const e = encode(t, u, ptx75, 120_000, forced);
    return { size: u.dag.size().toLocaleString('en'), mb: (e.script.length / 1e6).toFixed(1), ms: (performance.now() - t0).toFixed(0) };
  } catch (e) {
    return { size: `(${(e as Error).message})`, mb: '-', ms: (performance.now() - t0).toFixed(0) };
  }
};

const z3 = await openZ3();
const rows: string[] = [];
try {
  for (const k of [20, 40, 75, 110]) {
    const text = manyWrites(1, k);
    const off = k <= 75 ? encoding(text, false) : { size: '(not run: minutes)', mb: '-', ms: '-' };
    const on = encoding(text, true);
    const t0 = performance.now();
    const r = await runTest(z3, parseLitmus(text), { model: ptx75, bound: DEFAULT_LOOP_BOUND, timeoutMs: 120_000, mode: 'states', checkBound: true, explain: false });
    const check = `${((performance.now() - t0) / 1000).toFixed(1)} s, ${r.validated === 'unknown' ? `Unknown: ${r.unknown}` : `${r.states!.length} state`}`;
    rows.push(`| 1 thread, ${k} st/ld pairs | ${off.size} | ${off.mb} | ${off.ms} | ${on.size} | ${on.mb} | ${on.ms} | ${check} |`);
  }
  const past: string[] = [];
  for (const [what, text, timeoutMs] of [['4 threads, 40 st/ld pairs each', manyWrites(4, 40), 60_000], ['3 threads, 20 pairs, --timeout 1', manyWrites(3, 20), 1_000]] as const) {
    const t0 = performance.now();
    const r = await runTest(z3, parseLitmus(text), { model: ptx75, bound: DEFAULT_LOOP_BOUND, timeoutMs, mode: 'states', checkBound: true, explain: false });
    past.push(`| ${what} | ${r.validated === 'unknown' ? `Unknown: ${r.unknown}` : 'answered'} | ${((performance.now() - t0) / 1000).toFixed(2)} s |`);
  }
  rows.push('', '| past the limits | answer | time |', '|---|---|---|', ...past);
} finally {
  await z3.close();
}

const table = [
  '# Large tests and limits',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ptx75, bound ${DEFAULT_LOOP_BOUND}. Size: formula nodes plus operands (the limit is 3,000,000);`,
  'MB: SMT-LIB text; ms: unroll and encode. "forced": the coherence the axioms force fixed before solving (solver/must.ts).',
  '',
  '| test | size | MB | ms | size, forced | MB, forced | ms, forced | check (states listed, forced) |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Peak memory: max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB.`,
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench', 'LIMITS.md'), table);
process.stdout.write(table);
