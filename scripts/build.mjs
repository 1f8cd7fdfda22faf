// Build: compile the nearley grammar to JS, then TypeScript to dist/.
// Runs on `npm ci` (prepare) so `npx ptxmm` works straight after install.
import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const nearleyc = join(dirname(require.resolve('nearley/package.json')), 'bin', 'nearleyc.js');
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

const grammarSrc = join(root, 'litmus', 'grammar.ne');
const grammarOut = join(root, 'dist', 'litmus', 'grammar.js');
mkdirSync(dirname(grammarOut), { recursive: true });
if (!existsSync(grammarOut) || statSync(grammarOut).mtimeMs < statSync(grammarSrc).mtimeMs) {
  // Written beside and renamed: nearleyc leaves an empty output when it fails, and an empty
  // grammar newer than its source was then never compiled again.
  const part = `${grammarOut}.part`;
  try {
    execFileSync(process.execPath, [nearleyc, grammarSrc, '-o', part], { stdio: 'inherit' });
  } catch {
    rmSync(part, { force: true });
    process.stderr.write('build failed: the grammar (litmus/grammar.ne) did not compile\n');
    process.exit(1);
  }
  renameSync(part, grammarOut);
}
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
} catch {
  process.stderr.write('build failed: TypeScript errors above\n');
  process.exit(1);
}
