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
