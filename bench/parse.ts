// Parsing speed: every corpus file read and parsed in one process, cold and warm.
// Writes bench/PARSE.md and prints it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandPaths, parseLitmus } from '../litmus/parse.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';

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
].join('\n');
writeFileSync(join(ROOT, 'bench', 'PARSE.md'), table);
process.stdout.write(table);
