// ptxmm command dispatcher: one table of subcommands, each in its own module.
import { type Command, UsageError } from './command.js';
import { parseCommand, printCommand } from './parse.js';
import { checkCommand } from './check.js';
import { conformCommand } from './conform.js';
import { runCommand } from './run.js';
import { crossCommand } from './cross.js';
import { fuzzCommand } from './fuzz.js';
import { showCommand } from './show.js';
import { whyCommand } from './why.js';

const commands: Command[] = [parseCommand, printCommand, checkCommand, conformCommand, showCommand, whyCommand, runCommand, crossCommand, fuzzCommand];

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'ptxmm: a checker for the NVIDIA PTX memory consistency model',
    '',
    'usage: ptxmm COMMAND [options] ...',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "'ptxmm COMMAND --help' shows a command's options.",
  ].join('\n');
}

const FS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory', EACCES: 'permission denied', EISDIR: 'is a directory', ENOTDIR: 'not a directory', EEXIST: 'already exists',
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n');
    return name === undefined ? 2 : 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`ptxmm: unknown command '${name}'\n\n${help()}\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: ${cmd.usage}\n`);
    return 0;
  }
  try {
    return await cmd.run(args);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`ptxmm ${name}: ${e.message}\nusage: ${cmd.usage}\n`);
      return 2;
    }
    // A file or folder named on the command line that cannot be read or written.
    const sys = e as NodeJS.ErrnoException;
    if (e instanceof Error && typeof sys.code === 'string' && typeof sys.path === 'string') {
      const what = FS_ERRORS[sys.code] ?? sys.code;
      process.stderr.write(`ptxmm ${name}: ${sys.path}: ${what}\n`);
      return 1;
    }
    throw e;
  }
}
