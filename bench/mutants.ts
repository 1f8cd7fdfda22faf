// How much of the model the verdict lists pin down: every single-edit mutant of ptx60 and ptx75
// (model/mutants.ts) is checked against our EXPECTED.csv rows, then Dartagnan's, in verdict
// mode, until a row's verdict changes (the mutant is killed). A mutant no row tells apart
// either means the same on every test ptxmm reads (e.g. [strong] around sr, which only relates
// strong events) or marks a part of the model no test pins. Writes bench/MUTANTS.md and prints it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODELS } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { mutants } from '../model/mutants.js';
import { readExpectations } from '../cli/conform.js';
import { parseLitmus } from '../litmus/parse.js';
import type { LitmusTest } from '../litmus/ast.js';
import { runTest } from '../solver/run.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';

interface Row { test: LitmusTest; file: string; expected: boolean; ours: boolean }

/** A conform list's rows for one model (as `ptxmm conform` reads it: a row without a model is every model's). */
function rows(csv: string, root: string, model: string, ours: boolean): Row[] {
  return readExpectations(readFileSync(csv, 'utf8'), csv).filter((r) => (r.model ?? model) === model).map((r) => ({
    test: parseLitmus(readFileSync(join(root, r.path), 'utf8'), r.path), file: r.path.split('/').pop()!, expected: r.expected, ours,
  }));
}

/** The condition's verdict under a model: '1' validated, '0' not, else why there is none. */
async function verdict(z3: Z3Session, model: Model, test: LitmusTest): Promise<string> {
  try {
    const r = await runTest(z3, test, { model, bound: 2, timeoutMs: 20_000, mode: 'verdict', checkBound: false, explain: false });
    return r.validated === 'unknown' ? 'unknown' : r.validated ? '1' : '0';
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

interface Outcome { what: string; by: Row | null; undecided: number }

const z3 = await openZ3();
const out: string[] = [];
const t0 = performance.now();
try {
  for (const name of ['ptx60', 'ptx75'] as const) {
    const model = MODELS[name]!;
    const list = [
      ...rows(join(ROOT, 'litmus/tests/EXPECTED.csv'), ROOT, name, true),
      ...(hasCorpus ? rows(join(CORPUS, 'expected', name === 'ptx60' ? 'PTXv6_0-expected.csv' : 'PTXv7_5-expected.csv'), CORPUS, name, false) : []),
    ];
    // The model itself must give every row its expected verdict, or a kill means nothing.
    for (const r of list) {
      if (await verdict(z3, model, r.test) !== (r.expected ? '1' : '0')) throw new Error(`${name} itself disagrees with ${r.file}`);
    }
    const results: Outcome[] = [];
    for (const mu of mutants(model)) {
      let by: Row | null = null;
      let undecided = 0;
      for (const r of list) {
        const v = await verdict(z3, mu.model, r.test);
        if (v !== '0' && v !== '1') { undecided++; continue; }
        if ((v === '1') !== r.expected) { by = r; break; }
      }
      results.push({ what: mu.what, by, undecided });
    }
    const ours = results.filter((r) => r.by?.ours).length;
    const theirs = results.filter((r) => r.by && !r.by.ours).length;
    const alive = results.filter((r) => !r.by);
    out.push(`## ${name}: ${results.length} mutants`, '',
      `| killed by our tests | killed only by Dartagnan's | not killed |`, '|---|---|---|',
      `| ${ours} | ${theirs}${hasCorpus ? '' : ' (no corpus here)'} | ${alive.length} |`, '');
    if (theirs) out.push('Killed only by Dartagnan\'s rows:', '', ...results.filter((r) => r.by && !r.by.ours).map((r) => `- ${r.what} (${r.by!.file})`), '');
    out.push('Not killed (the same verdict on every row):', '', ...alive.map((r) => `- ${r.what}${r.undecided ? ` (${r.undecided} rows without an answer)` : ''}`), '');
  }
} finally {
  await z3.close();
}
const text = [
  '# Model mutants',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; bound 2; ${((performance.now() - t0) / 1000).toFixed(0)} s. Each single-edit mutant of the model (model/mutants.ts)`,
  'against litmus/tests/EXPECTED.csv, then Dartagnan\'s expected verdicts, in verdict mode; the first row whose verdict changes kills it.',
  'A mutant alive means the same as the model on every test here, or marks a part no test pins. Paths: .a/.b are the left/right',
  'operands of a union (alt(a, b, c) is (a | b) | c), an intersection, a sequence or a difference, [] a set, *a/*b a product\'s sides.',
  '',
  ...out,
].join('\n');
writeFileSync(join(ROOT, 'bench', 'MUTANTS.md'), text);
process.stdout.write(text + '\n');
process.exit(0);
