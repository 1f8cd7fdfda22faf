// Every verdict we know, for the tests that check facts about all of them: the rows of our
// EXPECTED.csv, then (when the corpus is here) Dat3M's two lists, with absolute paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readExpectations } from '../cli/conform.js';
import type { ModelName } from '../executor/program.js';
import { CORPUS, ROOT, skipWithoutCorpus } from './paths.js';

export interface VerdictRow {
  file: string;
  model: ModelName;
  expected: boolean;
}

function rows(csv: string, root: string, model?: ModelName): VerdictRow[] {
  return readExpectations(readFileSync(csv, 'utf8')).map((r) => ({ file: join(root, r.path), model: r.model ?? model ?? 'ptx75', expected: r.expected }));
}

export function verdictRows(): VerdictRow[] {
  const out = rows(join(ROOT, 'litmus', 'tests', 'EXPECTED.csv'), ROOT);
  if (skipWithoutCorpus()) return out;
  return [...out, ...rows(join(CORPUS, 'expected', 'PTXv6_0-expected.csv'), CORPUS, 'ptx60'), ...rows(join(CORPUS, 'expected', 'PTXv7_5-expected.csv'), CORPUS, 'ptx75')];
}
