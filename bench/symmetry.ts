// Symmetry breaking for verdicts (solver/encode.ts symmetryBreaking): a kernel whose blocks are
// copies of each other, the assertion's question (is there an execution where it fails?) asked
// with and without it, in this process, one Z3. Also how many of our tests and the corpus's a
// verdict breaks a symmetry of, and that each verdict is the same. Writes bench/SYMMETRY.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAssertion, withAssertions } from '../kernel/assert.js';
import { instantiate } from '../kernel/instantiate.js';
import { readModule } from '../kernel/module.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { MODELS, ptx75 } from '../model/ptx.js';
import { encode } from '../solver/encode.js';
import { runTest } from '../solver/run.js';
import { unroll } from '../solver/unroll.js';
import { openZ3 } from '../solver/z3.js';
import { CORPUS, OWN_TESTS, ROOT, hasCorpus } from '../tests/paths.js';

const LIMIT_S = 120;
const z3 = await openZ3();
const verdictOpt = { bound: 2, timeoutMs: LIMIT_S * 1000, mode: 'verdict' as const, checkBound: false, explain: false };

/** The kernel example at grid N (one thread a block) with its assertion: the question's answer and seconds, with symmetry breaking or without. */
async function lockQuestion(example: string, n: number, assertion: string, symmetry: boolean): Promise<string> {
  const ptx = join(ROOT, 'examples', 'kernels', `${example}.ptx`);
  const inst = instantiate(readModule(readFileSync(ptx, 'utf8'), ptx), { grid: { x: n, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] });
  const t = withAssertions(inst.test, [readAssertion(assertion, example, inst.test)]);
  const t0 = performance.now();
  const r = await runTest(z3, t, { ...verdictOpt, model: ptx75, symmetry });
  const s = (performance.now() - t0) / 1000;
  return r.validated === 'unknown' ? `> ${LIMIT_S} (unknown)` : `${r.validated ? 'holds' : 'fails'} ${s.toFixed(2)}`;
}

const rows: string[] = [];
const kernels: [string, (n: number) => string, number[]][] = [
  ['cas_lock', (n) => `counter == ${n} /\\ lock == 0`, [2, 3, 4, 5, 6]],
  ['ticket_lock', (n) => `counter == ${n} /\\ now_serving == ${n}`, [2, 3, 4, 5]],
];
for (const [example, assertion, sizes] of kernels) {
  for (const n of sizes) {
    const on = await lockQuestion(example, n, assertion(n), true);
    // Without it, past the sizes it already takes longer than the limit at, not asked again.
    const off = n === 6 ? `not run (over ${LIMIT_S} s at 6 before)` : await lockQuestion(example, n, assertion(n), false);
    rows.push(`| ${example} | ${n} | ${assertion(n)} | ${on} | ${off} |`);
    process.stdout.write(`${rows[rows.length - 1]}\n`);
  }
}

// Which verdicts of the test suites break a symmetry at all, and whether each is the same.
let files = 0;
let broken = 0;
let same = 0;
for (const dir of [OWN_TESTS, ...(hasCorpus ? [CORPUS] : [])]) {
  for (const f of readLitmusFiles([dir])) {
    if (!f.test) continue;
    files++;
    for (const model of [MODELS.ptx75!, MODELS.ptx60!]) {
      let sym: string | null;
      try { sym = encode(f.test, unroll(f.test, 2), model, 60_000, true).symLit; } catch { continue; }
      if (!sym) continue;
      broken++;
      const on = await runTest(z3, f.test, { ...verdictOpt, model, symmetry: true });
      const off = await runTest(z3, f.test, { ...verdictOpt, model, symmetry: false });
      if (on.validated === off.validated) same++;
    }
  }
}
await z3.close();

writeFileSync(join(ROOT, 'bench', 'SYMMETRY.md'), [
  '# Symmetry breaking for verdicts', '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ptx75, loop bound 2, ${LIMIT_S} s per question; one process, one Z3. Regenerate with \`npm run bench\`.`, '',
  'A kernel launched with N blocks of one thread each, every block a copy of the others: the assertion\'s question (is there an',
  'execution in which it fails?) asked with symmetry breaking (solver/encode.ts symmetryBreaking: one execution per renaming',
  'of the copies, here one order of the N! in which they take the lock) and without (`RunOptions.symmetry` false). Seconds.', '',
  '| kernel | blocks | assertion | with | without |',
  '|---|---|---|---|---|',
  ...rows, '',
  `Our tests${hasCorpus ? ' and the Dat3M corpus' : ''}: ${files} files; ${broken} verdicts (ptx75 and ptx60) have a group of copies to break (most`,
  `tests' conditions name the copies' registers, which rules it out), and ${same} of ${broken} are the same with and without it.`, '',
].join('\n'));
