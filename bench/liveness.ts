// Liveness speed and memory: each liveness list (Dartagnan's two, our own) checked in a process
// of its own, as `ptxmm conform --liveness` does, so that each row's peak memory is its own.
// Writes bench/LIVENESS.md and prints it.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformRow, readExpectations } from '../cli/conform.js';
import { DEFAULT_TIMEOUT_S } from '../cli/command.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { parseLitmus } from '../litmus/parse.js';
import { executorLiveness } from '../executor/liveness.js';
import type { ModelName } from '../executor/program.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';

interface Row { list: string; engine: string; model: string; tests: number; agree: number; seconds: number; maxMs: number; rssMiB: number }

/** One list on one engine in this process: a JSON line on stdout. */
async function one(engine: string, csv: string, root: string, model: string | null): Promise<void> {
  const rows = readExpectations(readFileSync(csv, 'utf8'));
  const t0 = performance.now();
  let agree = 0;
  let maxMs = 0;
  if (engine === 'executor') {
    for (const row of rows) {
      const s0 = performance.now();
      const test = parseLitmus(readFileSync(join(root, row.path), 'utf8'), row.path);
      const r = executorLiveness(test, { model: (row.model ?? model ?? 'ptx75') as ModelName });
      if (!('error' in r) && r.verdict.kind !== 'unknown' && (r.verdict.kind === 'live') === row.expected) agree++;
      maxMs = Math.max(maxMs, performance.now() - s0);
    }
  } else {
    const z3 = await openZ3();
    try {
      for (const row of rows) {
        const r = await conformRow(z3, row, root, MODELS[row.model ?? model ?? 'ptx75']!, DEFAULT_LOOP_BOUND, DEFAULT_TIMEOUT_S * 1000, 'liveness');
        if (r.status === 'pass') agree++;
        maxMs = Math.max(maxMs, r.seconds * 1000);
      }
    } finally {
      await z3.close();
    }
  }
  const out: Omit<Row, 'list'> = {
    engine, model: model ?? 'each row\'s', tests: rows.length, agree, seconds: (performance.now() - t0) / 1000, maxMs,
    rssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

const args = process.argv.slice(2);
if (args[0] === '--one') {
  await one(args[1]!, args[2]!, args[3]!, args[4] === '-' ? null : args[4]!);
} else {
  const lists: [string, string, string, string][] = [['litmus/tests/liveness/LIVENESS.csv', join(ROOT, 'litmus/tests/liveness/LIVENESS.csv'), ROOT, '-']];
  if (hasCorpus) {
    lists.push(
      ['PTXv6_0-Liveness-expected.csv', join(CORPUS, 'expected/PTXv6_0-Liveness-expected.csv'), CORPUS, 'ptx60'],
      ['PTXv7_5-Liveness-expected.csv', join(CORPUS, 'expected/PTXv7_5-Liveness-expected.csv'), CORPUS, 'ptx75'],
    );
  }
  const rows: Row[] = ['solver', 'executor'].flatMap((engine) => lists.map(([list, csv, root, model]) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--one', engine, csv, root, model], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench/liveness: ${list}: ${r.stderr}`);
    const row = JSON.parse(r.stdout.trim().split('\n').pop()!) as Omit<Row, 'list'>;
    return { list, ...row, seconds: (performance.now() - t0) / 1000 };
  }));
  const table = [
    '# Liveness benchmark',
    '',
    `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; each list in a process of its own (Z3 start and exit included),`,
    `solver: every row parsed, unrolled with stop points (bound ${DEFAULT_LOOP_BOUND}), encoded and decided as \`ptxmm conform --liveness\` does;`,
    'executor: every reachable machine state, unbounded loops, fair cycles (executor/liveness.ts).',
    '',
    '| engine | list | model | tests | agree | seconds (whole process) | max ms/test | peak RSS MiB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.engine} | ${r.list} | ${r.model} | ${r.tests} | ${r.agree} | ${r.seconds.toFixed(2)} | ${r.maxMs.toFixed(0)} | ${r.rssMiB.toFixed(0)} |`),
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'LIVENESS.md'), table);
  process.stdout.write(table);
}
