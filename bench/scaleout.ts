// `check --jobs N` against one thread: the same inputs, each run a process of its own (wall
// time; peak memory through /usr/bin/time where it exists). Our own tests, and three folders of
// the Dat3M corpus when ../shared has it. Writes bench/SCALEOUT.md and prints it.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';
import { ptxmmProcess } from './process.js';

function measure(inputs: string[], jobs: number): { seconds: number; mib: number | null; tests: number } {
  const r = ptxmmProcess(ROOT, ['check', ...inputs, '--json', '--jobs', String(jobs)]);
  return { seconds: r.seconds, mib: r.mib, tests: r.out.split('\n').filter((l) => l.includes('"type":"check"')).length };
}

const sets: [string, string[]][] = [['litmus/tests (ours)', [join(ROOT, 'litmus', 'tests')]]];
if (hasCorpus) sets.push(['Dat3M Manual, Nvidia, Memalloy', ['Manual', 'Nvidia', 'Memalloy'].map((d) => join(CORPUS, 'litmus', 'PTX', d))]);
const lines = [
  '# `check --jobs N`', '',
  `Wall time of \`ptxmm check --json\` over the same inputs, each run its own process, on ${cpus().length} CPUs. Regenerate with \`npm run bench\`.`, '',
  '| inputs | tests | jobs | seconds | peak MiB |', '|---|---|---|---|---|',
];
for (const [name, inputs] of sets) {
  for (const jobs of [1, 2, 4]) {
    const m = measure(inputs, jobs);
    lines.push(`| ${name} | ${m.tests} | ${jobs} | ${m.seconds.toFixed(2)} | ${m.mib === null ? '' : m.mib.toFixed(0)} |`);
    process.stderr.write(`${lines[lines.length - 1]}\n`);
  }
}
const text = lines.join('\n') + '\n';
writeFileSync(join(ROOT, 'bench', 'SCALEOUT.md'), text);
process.stdout.write(text);
