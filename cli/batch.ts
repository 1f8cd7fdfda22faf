// The loop every batch command shares: each test in turn under the progress line; a test that
// does not parse is reported where the command's output goes (a JSON error record, or its
// positioned message on stderr) and the batch goes on.
import type { LitmusTest } from '../litmus/ast.js';
import type { LitmusError } from '../litmus/errors.js';
import type { FileResult } from '../litmus/parse.js';
import { errorRecord, jsonLine } from './json.js';
import { type Progress, batchLine } from './progress.js';
import { refusal } from '../solver/unroll.js';

/** An input error where the command's output goes: a JSON error record, or `file:line:col: message` on stderr. */
export function inputError(command: string, e: LitmusError, json: boolean): void {
  if (json) process.stdout.write(errorRecord(command, e));
  else process.stderr.write(e.format() + '\n');
}

/** Runs `body` on each test that parses; returns how many did not. */
export async function eachTest(
  files: readonly FileResult[], command: string, json: boolean, bar: Progress,
  body: (test: LitmusTest, file: string, index: number) => Promise<void> | void,
): Promise<number> {
  let unreadable = 0;
  for (const [i, f] of files.entries()) {
    bar.update(batchLine(i, files.length, f.file));
    if (f.error) {
      unreadable++;
      bar.clear();
      inputError(command, f.error, json);
      continue;
    }
    await body(f.test!, f.file, i);
  }
  return unreadable;
}

/** Not an answer and not a resource limit: a bug in ptxmm, reported for its test so the batch goes on. */
export function internalError(command: string, file: string, e: unknown, json: boolean): void {
  const message = `internal error: ${(e as Error).message}`;
  if (json) process.stdout.write(jsonLine('error', { command, file, line: null, col: null, message }));
  else process.stderr.write(`ptxmm ${command}: ${file}: ${message}\n`);
}

/**
 * A test that got no answer because of an error: the solver's refusal of the test (an input
 * error at its instruction, solver/unroll.ts refusal) or, for anything else, an internal error.
 */
export function testFailed(command: string, file: string, e: unknown, json: boolean): void {
  const r = refusal(e, file);
  if (r) inputError(command, r, json);
  else internalError(command, file, e, json);
}
