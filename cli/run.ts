// `ptxmm run`: run tests on the operational executor (executor/) and print the final states
// it reaches, herd7-style, or one JSON object per test with --json.
import { type Command, UsageError, count, modelName, parseArgs } from './command.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { DEFAULTS, runTest } from '../executor/explore.js';
import { type RunJson, formatRun, runJson } from '../executor/report.js';

export const runCommand: Command = {
  name: 'run',
  summary: 'run tests on the operational executor: reachable final states, counts, states visited',
  usage: 'ptxmm run [--model ptx60|ptx75] [--bound N] [--max-states N] [--json] FILE|DIR...',
  async run(args) {
    const { opts, flags, rest } = parseArgs(args, { values: ['model', 'bound', 'max-states'], switches: ['json'] });
    if (rest.length === 0) throw new UsageError('give at least one file or directory');
    const model = modelName(opts.get('model'));
    const bound = count(opts.get('bound'), DEFAULTS.bound, 'bound');
    const maxStates = count(opts.get('max-states'), DEFAULTS.maxStates, 'max-states');
    const json = flags.has('json');
    const t0 = performance.now();
    let ran = 0;
    let validated = 0;
    let unsupported = 0;
    let unreadable = 0;
    let visited = 0;
    const reports: RunJson[] = [];
    for (const f of readLitmusFiles(rest)) {
      if (f.error) {
        unreadable++;
        process.stderr.write(f.error.format() + '\n');
        continue;
      }
      const o = runTest(f.test!, { model, bound, maxStates });
      if (json) reports.push(runJson(f.file, model, bound, o));
      if (!o.ok) {
        unsupported++;
        if (!json) process.stdout.write(`Test ${f.test!.name}: not run: ${o.error}\n\n`);
        continue;
      }
      ran++;
      if (o.result.validated) validated++;
      visited += o.result.stats.visited;
      if (!json) process.stdout.write(formatRun(o.result, bound) + '\n');
    }
    const secs = ((performance.now() - t0) / 1000).toFixed(2);
    if (json) process.stdout.write(JSON.stringify(reports, null, 1) + '\n');
    else if (ran + unsupported + unreadable > 1) {
      process.stdout.write(`Tests ${ran + unsupported}: ${ran} run (${validated} Ok, ${ran - validated} No), ${unsupported} not supported by the executor; ${visited} states visited; ${secs} s\n`);
    }
    return unreadable > 0 ? 1 : 0;
  },
};
