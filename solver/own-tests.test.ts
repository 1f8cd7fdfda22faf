// Our own genuine-PTX tests (litmus/tests) against the verdicts their doc strings derive
// from the ISA text, recorded in litmus/tests/EXPECTED.csv (`path,model,1|0`).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { MODELS } from '../model/ptx.js';
import { runTest } from './run.js';
import { openZ3 } from './z3.js';
import { ROOT } from '../tests/paths.js';

const rows = readFileSync(join(ROOT, 'litmus', 'tests', 'EXPECTED.csv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [path, model, verdict] = l.split(',');
    return { path: path!, model: model!, expected: verdict === '1' };
  });

test('every expected verdict of our own tests is what the model answers', async () => {
  assert.ok(rows.length >= 100, `only ${rows.length} rows`);
  const z3 = await openZ3();
  const wrong: string[] = [];
  try {
    for (const r of rows) {
      const model = MODELS[r.model];
      assert.ok(model, `unknown model ${r.model}`);
      const t = parseLitmus(readFileSync(join(ROOT, r.path), 'utf8'), r.path);
      const res = await runTest(z3, t, { model, bound: 4, timeoutMs: 60_000, mode: 'verdict', checkBound: false, explain: false });
      if (res.validated !== r.expected) wrong.push(`${r.path} (${r.model}): expected ${r.expected}, got ${res.validated}`);
    }
  } finally {
    await z3.close();
  }
  assert.equal(wrong, [], wrong.join('\n'));
});

test.run();
