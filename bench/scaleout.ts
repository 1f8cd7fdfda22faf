// `check --jobs N` against one thread: the same inputs, each run a process of its own (wall
// time; peak memory through /usr/bin/time where it exists). Our own tests, and three folders of
// the Dat3M corpus when ../shared has it. Writes bench/SCALEOUT.md and prints it.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function measure(inputs: string[], jobs: number): { seconds: number; mib: number | null; tests: number } {
  const args = [join(ROOT, 'bin', 'ptxmm.js'), 'check', ...inputs, '--json', '--jobs', String(jobs)];
  const t0 = performance.now();
  const p = TIME ? spawnSync(TIME, ['-f', '%M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }) : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - t0) / 1000;
  const kb = TIME ? Number(p.stderr.trim().split('\n').pop()) : NaN;
  const tests = p.stdout.split('\n').filter((l) => l.includes('"type":"check"')).length;
  return { seconds, mib: Number.isFinite(kb) ? kb / 1024 : null, tests };
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
