// `ptxmm explore`: the terminal UI over tests, outcomes, executions and the SIMT machine. This
// module only reads the command line and checks for a terminal; the UI (React, ink) is loaded
// when the command runs, so other commands never pay for it.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { BOUND_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, MODEL_OPTION, TIMEOUT_OPTION, UsageError, count, modelName, seconds } from './command.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import { expandPaths } from '../litmus/parse.js';
import type { Entry } from './explore/tree.js';
import { entryPath } from './explore/tree.js';

export const DEFAULT_EXPLORE_PATH = 'litmus/tests';

export const NO_TTY_MESSAGE = "ptxmm explore: needs a terminal (standard input and output must be a TTY); without one, use 'ptxmm check' (every final state), 'ptxmm show' (an execution) or 'ptxmm why' (why an outcome is forbidden)";

/** Every test under the paths, read but not parsed: a test that does not parse shows its error in the browser. */
export function readEntries(paths: string[], cwd = process.cwd()): Entry[] {
  return expandPaths(paths).map((file) => {
    let text: string | null = null;
    let error: string | null = null;
    try {
      // Not standard input: the terminal UI reads its keys there.
      text = readText(file, false);
    } catch (e) {
      if (!(e instanceof LitmusError)) throw e;
      error = e.format();
    }
    return { file, path: entryPath(file, cwd), text, error, name: basename(file).replace(/\.litmus$/, '') };
  });
}

export const exploreCommand: Command = {
  name: 'explore',
  summary: 'a terminal UI: browse tests, their states and forbidden outcomes, executions, why, and step the machine',
  args: '[FILE|DIR...]',
  options: [MODEL_OPTION, BOUND_OPTION, TIMEOUT_OPTION],
  details: [
    `With no FILE or DIR, the tests under ${DEFAULT_EXPLORE_PATH}. Press ? inside for the keys.`,
    'exit status: 0 quit normally, 2 a usage error or no terminal',
  ],
  async run(a) {
    const model = modelName(a.get('model'));
    const bound = count(a.get('bound'), DEFAULT_LOOP_BOUND, 'bound');
    const timeoutMs = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const paths = a.rest.length ? a.rest : [DEFAULT_EXPLORE_PATH];
    // A path that is not there would open the UI on a test that is only its error.
    for (const path of paths) {
      if (path === '-') throw new UsageError("'-' (standard input) is where explore reads its keys: give files or directories");
      if (!existsSync(path)) throw new UsageError(`${path}: no such file or directory${a.rest.length ? '' : ` (with no FILE or DIR, explore opens ${DEFAULT_EXPLORE_PATH})`}`);
    }
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      process.stderr.write(NO_TTY_MESSAGE + '\n');
      return EXIT.usage;
    }
    const entries = readEntries(paths);
    if (entries.length === 0) throw new UsageError('no .litmus files found');
    // ink draws nothing but the last frame when CI or CONTINUOUS_INTEGRATION is set (it reads
    // them once, on import). We have a terminal and a person at it, so those do not apply.
    delete process.env['CI'];
    delete process.env['CONTINUOUS_INTEGRATION'];
    const { runExplorer } = await import('./explore/run.js');
    await runExplorer(entries, { model, bound, timeoutMs });
    return EXIT.ok;
  },
};
