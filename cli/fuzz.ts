// `ptxmm fuzz`: random litmus programs, each run on the executor and the solver; the
// executor's final states must be among the solver's. A failure is shrunk by fast-check and
// written as a litmus file that reproduces it (checked by reading it back and running again).
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { type Command, UsageError, parseArgs, count, modelName } from './command.js';
import { parseLitmus } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import type { LitmusTest } from '../litmus/ast.js';
import { openZ3 } from '../solver/z3.js';
import { DEFAULTS } from '../executor/explore.js';
import { fuzzTest } from '../executor/fuzzgen.js';
import { DEFAULT_TIMEOUT_S, crossOne, formatCross } from './cross.js';

/** `2..4` or `3` -> [min, max] within [lo, hi]. */
function range(v: string | undefined, dflt: [number, number], lo: number, hi: number, what: string): [number, number] {
  if (v === undefined) return dflt;
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec(v);
  const a = m ? Number(m[1]) : NaN;
  const b = m ? Number(m[2] ?? m[1]) : NaN;
  if (!m || a > b || a < lo || b > hi) throw new UsageError(`--${what} takes N or N..M within ${lo}..${hi}`);
  return [a, b];
}

export const fuzzCommand: Command = {
  name: 'fuzz',
  summary: 'random programs: executor final states must be among the solver\'s (shrinks and saves failures)',
  usage: 'ptxmm fuzz [--runs N] [--seed S] [--threads 2..4] [--ops 1..6] [--model ptx60|ptx75] [--bound N] [--timeout S] [--out FILE] [--show-incomplete]',
  async run(args) {
    const { opts, flags, rest } = parseArgs(args, { values: ['runs', 'seed', 'threads', 'ops', 'model', 'bound', 'timeout', 'out'], switches: ['show-incomplete'] });
    if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}`);
    const runs = count(opts.get('runs'), 100, 'runs');
    const seed = opts.has('seed') ? count(opts.get('seed'), 0, 'seed') : Math.floor(Math.random() * 2 ** 31);
    const threads = range(opts.get('threads'), [2, 4], 1, 4, 'threads');
    const ops = range(opts.get('ops'), [1, 6], 1, 6, 'ops');
    const model = modelName(opts.get('model'));
    const bound = count(opts.get('bound'), DEFAULTS.bound, 'bound');
    const timeoutMs = count(opts.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const out = opts.get('out') ?? 'fuzz-failure.litmus';
    const maxStates = 200_000;
    let checked = 0;
    let skipped = 0;
    let incomplete = 0;
    const z3 = await openZ3();
    const t0 = performance.now();
    try {
      const prop = fc.asyncProperty(fuzzTest({ threads, ops }), async (t: LitmusTest) => {
        const c = await crossOne(z3, '<fuzz>', t, model, bound, timeoutMs, maxStates);
        if (c.status === 'skip') { skipped++; return true; }
        if (c.status === 'error') return false;
        checked++;
        if (c.incomplete!.length) {
          incomplete++;
          if (flags.has('show-incomplete')) process.stdout.write(`${printLitmus(t)}${formatCross(c).join('\n')}\n\n`);
        }
        return c.status === 'pass';
      });
      process.stdout.write(`fuzz: seed ${seed}, ${runs} runs, ${threads[0]}..${threads[1]} threads, ${ops[0]}..${ops[1]} operations, ${model}\n`);
      const r = await fc.check(prop, { numRuns: runs, seed });
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      if (!r.failed) {
        process.stdout.write(`fuzz: ${runs} programs, none unsound (${checked} checked, ${skipped} skipped, ${incomplete} where the executor misses solver states); ${secs} s\n`);
        return 0;
      }
      if (!r.counterexample) {
        process.stdout.write(`fuzz: the property threw: ${String(r.errorInstance)}\n`);
        return 1;
      }
      // Write the shrunk program and confirm the written text reproduces the failure.
      const text = printLitmus(r.counterexample[0]);
      writeFileSync(out, text);
      const again = await crossOne(z3, out, parseLitmus(text, out), model, bound, timeoutMs, maxStates);
      const what = again.status === 'error' ? 'executor error' : 'unsound';
      process.stdout.write(`fuzz: ${what} after ${r.numRuns} programs (seed ${seed}, ${r.numShrinks} shrinks); written to ${out}`
        + `${again.status === 'unsound' || again.status === 'error' ? '' : ' (WARNING: the file does not reproduce it)'}\n\n${text}\n`);
      process.stdout.write(formatCross(again).join('\n') + '\n');
      return 1;
    } finally {
      await z3.close();
    }
  },
};
