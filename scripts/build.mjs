// Build: compile the nearley grammar to JS, then TypeScript to dist/.
// Runs on `npm ci` (prepare) so `npx ptxmm` works straight after install.
import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, statSync } from 'node:fs';
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
  execFileSync(process.execPath, [nearleyc, grammarSrc, '-o', grammarOut], { stdio: 'inherit' });
}
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
} catch {
  process.stderr.write('build failed: TypeScript errors above\n');
  process.exit(1);
}
