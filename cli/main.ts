// ptxmm command dispatcher: one table of subcommands, each in its own module.
import { readFileSync } from 'node:fs';
import { type Command, EXIT, UsageError, helpText, parseArgs, usageLine } from './command.js';
import { warmZ3 } from '../solver/z3wasm.js';
import { fsReason, isFsError } from '../litmus/files.js';

/**
 * The commands, in the order help lists them. Each one's module is loaded when it runs, so a
 * command pays only for what it uses (ptxmm run never loads Z3; check never loads ink). The
 * flag: the command uses Z3.
 */
const COMMANDS: [string, () => Promise<Command>, boolean][] = [
  ['parse', async () => (await import('./parse.js')).parseCommand, false],
  ['print', async () => (await import('./parse.js')).printCommand, false],
  ['check', async () => (await import('./check.js')).checkCommand, true],
  ['conform', async () => (await import('./conform.js')).conformCommand, true],
  ['show', async () => (await import('./show.js')).showCommand, true],
  ['why', async () => (await import('./why.js')).whyCommand, true],
  ['explore', async () => (await import('./explore.js')).exploreCommand, true],
  ['prove', async () => (await import('./prove.js')).proveCommand, true],
  ['model', async () => (await import('./model.js')).modelCommand, false],
  ['kernel', async () => (await import('./kernel.js')).kernelCommand, true],
  ['run', async () => (await import('./run.js')).runCommand, false],
  ['cross', async () => (await import('./cross.js')).crossCommand, true],
  ['fuzz', async () => (await import('./fuzz.js')).fuzzCommand, true],
];

/** Every command, loaded (for help and the tests that read every command's options). */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMANDS.map(([, load]) => load()));
}

/** The version in package.json (dist/cli/main.js is two folders below it). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function help(): Promise<string> {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'ptxmm: a checker for the NVIDIA PTX memory consistency model',
    '',
    'usage: ptxmm COMMAND [options] ...',
    '       ptxmm --version',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "'ptxmm COMMAND --help' lists a command's options, their meaning and defaults.",
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-V') {
    process.stdout.write(`ptxmm ${version()}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write((await help()) + '\n');
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const entry = COMMANDS.find(([n]) => n === name);
  if (!entry) {
    process.stderr.write(`ptxmm: unknown command '${name}'\n\n${await help()}\n`);
    return EXIT.usage;
  }
  const [, load, usesZ3] = entry;
  const wantsHelp = args.includes('--help') || args.includes('-h');
  // Z3 compiles, and its timer thread starts, in the background while the command loads and
  // reads its input (a failure is reported where Z3 is opened).
  if (usesZ3 && !wantsHelp) warmZ3();
  const cmd = await load();
  if (wantsHelp) {
    process.stdout.write(helpText(cmd));
    return EXIT.ok;
  }
  try {
    return await cmd.run(parseArgs(args, cmd.options));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`ptxmm ${name}: ${e.message}\nusage: ${usageLine(cmd)}\n('ptxmm ${name} --help' lists the options)\n`);
      return EXIT.usage;
    }
    // A file or folder named on the command line that cannot be read or written (a write
    // to a full disk names no path).
    if (isFsError(e) && e.syscall !== undefined) {
      process.stderr.write(`ptxmm ${name}: ${typeof e.path === 'string' ? `${e.path}: ` : ''}${fsReason(e)}\n`);
      return EXIT.failed;
    }
    throw e;
  }
}
