// Parsing speed: every corpus file read and parsed in one process, cold and warm; and large
// generated tests, each parsed in a process of its own (its peak memory is then its own).
// Writes bench/PARSE.md and prints it.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandPaths, parseLitmus } from '../litmus/parse.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';
import { LARGE } from '../tests/large.js';


// A worker: parse one large test, print its milliseconds and the process's peak RSS.
if (process.argv[2] === 'one') {
  const text = LARGE[process.argv[3] as keyof typeof LARGE](Number(process.argv[4]));
  const t0 = performance.now();
  parseLitmus(text, 'large.litmus');
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, rss: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

if (!hasCorpus) {
  process.stderr.write(`bench: no corpus at ${CORPUS}\n`);
  process.exit(1);
}
const files = expandPaths([join(CORPUS, 'litmus')]);
const runs: number[] = [];
let failed = 0;
for (let i = 0; i < 6; i++) {
  const t0 = performance.now();
  for (const f of files) {
    try {
      parseLitmus(readFileSync(f, 'utf8'), f);
    } catch {
      if (i === 0) failed++;
    }
  }
  runs.push(performance.now() - t0);
}
const warm = runs.slice(1).sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)]!;
const table = [
  '# Parsing benchmark',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; read + lex + parse + check of every corpus file in one process.`,
  '',
  '| files | failed | first run (cold) ms | warm median ms | per file (warm) ms | peak RSS MiB |',
  '|---|---|---|---|---|---|',
  `| ${files.length} | ${failed} | ${runs[0]!.toFixed(0)} | ${median.toFixed(0)} | ${(median / files.length).toFixed(3)} | ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} |`,
  '',
  '## Large tests (generated), each in a process of its own',
  '',
  'Lists grow by a link per item (litmus/grammar.ne `link`): nearley\'s own repetition copied a list at every item and kept every copy, so 20,000 rows took 5.7 s and 1.7 GB, and 50,000 init entries ran out of memory (over 4 GB). Peak RSS includes Node itself (about 50 MiB).',
  '',
  '| shape | n | parse ms | peak RSS MiB |',
  '|---|---|---|---|',
  ...(Object.keys(LARGE) as (keyof typeof LARGE)[]).flatMap((shape) => [10_000, 50_000].map((n) => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'one', shape, String(n)], { encoding: 'utf8' });
    if (r.status !== 0) return `| ${shape} | ${n.toLocaleString('en')} | failed: ${(r.stderr.trim().split('\n').pop() ?? '').slice(0, 80)} | - |`;
    const { ms, rss } = JSON.parse(r.stdout) as { ms: number; rss: number };
    return `| ${shape} | ${n.toLocaleString('en')} | ${ms.toFixed(0)} | ${rss.toFixed(0)} |`;
  })),
  '',
].join('\n');
writeFileSync(join(ROOT, 'bench', 'PARSE.md'), table);
process.stdout.write(table);
