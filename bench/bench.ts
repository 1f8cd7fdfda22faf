// Checking speed: every row of the PTX 7.5 expectations (and the 6.0 ones) in one process
// with one Z3 context, as `ptxmm conform` runs them. Writes bench/RESULTS.md and prints it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformRow, readExpectations } from '../cli/conform.js';
import { DEFAULT_TIMEOUT_S } from '../cli/command.js';
import { DEFAULT_LOOP_BOUND as DEFAULT_BOUND } from '../litmus/ast.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { openZ3 } from '../solver/z3.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';

if (!hasCorpus) {
  process.stderr.write(`bench: no corpus at ${CORPUS}\n`);
  process.exit(1);
}

interface Row {
  csv: string;
  model: string;
  tests: number;
  agree: number;
  totalS: number;
  medianMs: number;
  maxMs: number;
  slowest: string;
}

const runs: [string, Model][] = [['PTXv7_5-expected.csv', ptx75], ['PTXv6_0-expected.csv', ptx60]];
const t0 = performance.now();
const z3 = await openZ3();
const startup = performance.now() - t0;
const rows: Row[] = [];
try {
  for (const [csv, model] of runs) {
    const expect = readExpectations(readFileSync(join(CORPUS, 'expected', csv), 'utf8'));
    const times: { ms: number; path: string }[] = [];
    let agree = 0;
    const start = performance.now();
    for (const row of expect) {
      const r = await conformRow(z3, row, CORPUS, model, DEFAULT_BOUND, DEFAULT_TIMEOUT_S * 1000);
      if (r.status === 'pass') agree++;
      times.push({ ms: r.seconds * 1000, path: row.path });
    }
    const total = performance.now() - start;
    const sorted = [...times].sort((a, b) => a.ms - b.ms);
    const slowest = sorted[sorted.length - 1]!;
    rows.push({
      csv, model: model.name, tests: times.length, agree, totalS: total / 1000,
      medianMs: sorted[Math.floor(sorted.length / 2)]!.ms, maxMs: slowest.ms, slowest: slowest.path.split('/').pop()!,
    });
  }
} finally {
  await z3.close();
}

const mib = (b: number): string => (b / 1024 / 1024).toFixed(0);
const table = [
  '# Checking benchmark',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; one process, one Z3 context (started in ${startup.toFixed(0)} ms),`,
  `every CSV row parsed, unrolled (bound ${DEFAULT_BOUND}), encoded and decided as \`ptxmm conform\` does.`,
  '',
  '| expectations | model | tests | agree | total s | median ms/test | max ms/test (test) |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.csv} | ${r.model} | ${r.tests} | ${r.agree} | ${r.totalS.toFixed(2)} | ${r.medianMs.toFixed(1)} | ${r.maxMs.toFixed(0)} (${r.slowest}) |`),
  '',
  `Peak memory: max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; heap used at the end ${mib(process.memoryUsage().heapUsed)} MiB.`,
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), table);
process.stdout.write(table);
