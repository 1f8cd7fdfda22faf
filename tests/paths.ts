// Where tests find the project root and the shared reference material (../shared).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root: tests run from dist/, two levels below it. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHARED = resolve(ROOT, '..', 'shared');
export const CORPUS = join(SHARED, 'corpus', 'dat3m');
export const hasCorpus = existsSync(join(CORPUS, 'litmus'));
export const OWN_TESTS = join(ROOT, 'litmus', 'tests');

// npm test's runner (scripts/test.mjs) says it once for all its files' processes, then sets this.
let told = process.env.PTXMM_CORPUS_TOLD === '1';

/**
 * For a test that needs the Dat3M corpus: true (skip it) when ../shared is not there, having
 * said so once, in one line, for the whole run. CI has the corpus and runs these tests.
 */
export function skipWithoutCorpus(): boolean {
  if (hasCorpus) return false;
  if (!told) process.stdout.write(`\ncorpus tests skipped: no Dat3M corpus at ${CORPUS} (CI has it; our own tests still run)\n`);
  told = true;
  return true;
}
