// ptxmm command dispatcher: one table of subcommands, each in its own module.
import { readFileSync } from 'node:fs';
import { type Command, EXIT, UsageError, helpText, parseArgs, usageLine } from './command.js';
import { parseCommand, printCommand } from './parse.js';
import { checkCommand } from './check.js';
import { conformCommand } from './conform.js';
import { runCommand } from './run.js';
import { crossCommand } from './cross.js';
import { fuzzCommand } from './fuzz.js';
import { showCommand } from './show.js';
import { whyCommand } from './why.js';
import { exploreCommand } from './explore.js';
import { proveCommand } from './prove.js';
import { kernelCommand } from './kernel.js';

export const commands: Command[] = [parseCommand, printCommand, checkCommand, conformCommand, showCommand, whyCommand, exploreCommand, proveCommand, kernelCommand, runCommand, crossCommand, fuzzCommand];

/** The version in package.json (dist/cli/main.js is two folders below it). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function help(): string {
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

const FS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory', EACCES: 'permission denied', EISDIR: 'is a directory', ENOTDIR: 'not a directory', EEXIST: 'already exists',
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-V') {
    process.stdout.write(`ptxmm ${version()}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n');
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`ptxmm: unknown command '${name}'\n\n${help()}\n`);
    return EXIT.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
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
    // A file or folder named on the command line that cannot be read or written.
    const sys = e as NodeJS.ErrnoException;
    if (e instanceof Error && typeof sys.code === 'string' && typeof sys.path === 'string') {
      const what = FS_ERRORS[sys.code] ?? sys.code;
      process.stderr.write(`ptxmm ${name}: ${sys.path}: ${what}\n`);
      return EXIT.failed;
    }
    throw e;
  }
}
