// `ptxmm run`: run tests on the operational executor (executor/) and print the final states
// it reaches, herd7-style, or JSON lines with --json.
import { BOUND_OPTION, type Command, EXIT, EXIT_HELP, JSON_OPTION, MODEL_OPTION, type OptionSpec, SHARD_OPTION, atLeastOne, count, litmusInputs, modelName, shard } from './command.js';
import { jsonLine } from './json.js';
import { eachTest, inputError } from './batch.js';
import { LitmusError } from '../litmus/errors.js';
import { batchLine, progress } from './progress.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { DEFAULTS, notRunReason, runTest } from '../executor/explore.js';
import { formatRun, runJson } from '../executor/report.js';

export const MAX_STATES_OPTION: OptionSpec = {
  name: 'max-states', arg: 'N', help: 'executor states to visit per test before stopping (the result is then Truncated, not an answer)', dflt: String(DEFAULTS.maxStates),
};

const UNROLL_OPTION: OptionSpec = {
  name: 'unroll-spins', help: 'go round spin loops up to the bound like any other loop, instead of dropping the iterations that go round again (the same final states; executor/spin.ts)',
};

export const runCommand: Command = {
  name: 'run',
  summary: 'run tests on the operational executor: reachable final states, counts, states visited',
  args: 'FILE|DIR|-...',
  options: [MODEL_OPTION, BOUND_OPTION, MAX_STATES_OPTION, UNROLL_OPTION, JSON_OPTION, SHARD_OPTION],
  details: ['A test the executor does not support is "not run"; one it stops early is "Truncated". Neither is an answer. A test the model gives no meaning to (an address no location\'s, a mixed-size access) is an input error, as in every command.', EXIT_HELP],
  async run(a) {
    const model = modelName(a.get('model'));
    const bound = count(a.get('bound'), DEFAULTS.bound, 'bound');
    const maxStates = atLeastOne(a.get('max-states'), DEFAULTS.maxStates, 'max-states');
    const json = a.has('json');
    const spinAssume = !a.has('unroll-spins');
    const t0 = performance.now();
    const tally = { ok: 0, no: 0, notRun: 0, truncated: 0, errors: 0, visited: 0 };
    const files = readLitmusFiles(shard(litmusInputs(a.rest), a.get('shard')));
    const bar = progress();
    const unreadable = await eachTest(files, 'run', json, bar, (test, file, i) => {
      const o = runTest(test, { model, bound, maxStates, spinAssume, onProgress: (n) => bar.update(batchLine(i, files.length, `${n.toLocaleString('en')} states visited: ${file}`)) });
      bar.clear();
      if (!o.ok && o.input) {
        // Refused by the solver too: an input error, reported as check reports it.
        tally.errors++;
        inputError('run', new LitmusError(o.error, o.pos ?? null, file), json);
        return;
      }
      if (json) process.stdout.write(jsonLine('run', runJson(file, model, bound, o)));
      if (!o.ok) {
        tally.notRun++;
        if (!json) process.stdout.write(`Test ${test.name}: not run: ${notRunReason(o, file)}\n\n`);
        return;
      }
      const r = o.result;
      tally.visited += r.stats.visited;
      if (r.stats.truncated) tally.truncated++;
      else if (r.validated) tally.ok++;
      else tally.no++;
      if (!json) process.stdout.write(formatRun(r, bound) + '\n');
    });
    tally.errors += unreadable;
    bar.clear();
    const secs = (performance.now() - t0) / 1000;
    if (json) process.stdout.write(jsonLine('summary', { command: 'run', tests: files.length, ...tally, seconds: secs }));
    else if (files.length > 1) {
      process.stdout.write(`Totals: ${files.length} tests, ${tally.ok} Ok, ${tally.no} No, ${tally.notRun} not run, ${tally.truncated} truncated, `
        + `${tally.errors} errors; ${tally.visited} states visited; ${secs.toFixed(2)} s\n`);
    }
    return tally.notRun + tally.truncated + tally.errors > 0 ? EXIT.failed : EXIT.ok;
  },
};
