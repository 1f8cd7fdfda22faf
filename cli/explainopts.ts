// Options shared by `show` and `why`: which test, model, outcome, output.
import { readFileSync } from 'node:fs';
import { UsageError, count, parseArgs } from './command.js';
import { parseLitmus, parseWithOutcome } from '../litmus/parse.js';
import { LitmusError } from '../litmus/errors.js';
import type { LitmusTest } from '../litmus/ast.js';
import type { ExplainOptions } from '../present/explain.js';
import { DEFAULT_BOUND, DEFAULT_TIMEOUT_S, modelOption, numberOption } from './conform.js';

export interface ExplainArgs {
  test: LitmusTest;
  opts: Omit<ExplainOptions, 'relax'>;
  format: 'text' | 'dot' | 'svg';
  output: string | null;
  rels: string[];
}

/** Parses the command line; a bad test is reported as `file:line:col: message` (null returned). */
export function explainArgs(args: string[], extraValues: string[] = []): ExplainArgs | null {
  // --rel may be repeated: take those out before the generic parser sees them.
  const rels: string[] = [];
  const rest0: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--rel') {
      const v = args[++i];
      if (v === undefined) throw new UsageError('option --rel needs a value');
      rels.push(...v.split(',').filter(Boolean));
    } else if (a.startsWith('--rel=')) rels.push(...a.slice(6).split(',').filter(Boolean));
    else rest0.push(a);
  }
  const { opts, rest } = parseArgs(rest0, { values: ['model', 'bound', 'timeout', 'outcome', 'format', 'o', ...extraValues] });
  if (rest.length !== 1) throw new UsageError(rest.length ? `one test file at a time (got ${rest.length})` : 'give a test file');
  const format = opts.get('format') ?? 'text';
  if (format !== 'text' && format !== 'dot' && format !== 'svg') throw new UsageError(`unknown format '${format}' (text, dot or svg)`);
  const model = modelOption(opts.get('model'));
  const bound = count(opts.get('bound'), DEFAULT_BOUND, 'bound');
  const timeoutMs = numberOption(opts.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
  const file = rest[0]!;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    process.stderr.write(`${file}:1:1: cannot read the file\n`);
    return null;
  }
  let test: LitmusTest;
  try {
    const outcome = opts.get('outcome');
    test = outcome === undefined ? parseLitmus(text, file) : parseWithOutcome(text, file, outcome);
  } catch (e) {
    if (e instanceof LitmusError) { process.stderr.write(e.format() + '\n'); return null; }
    throw e;
  }
  return { test, opts: { model, bound, timeoutMs }, format, output: opts.get('o') ?? null, rels };
}
