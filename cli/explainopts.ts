// Options shared by `show` and `why`: which test, model, outcome, output.
import {
  BOUND_OPTION, CAT_MODEL_OPTION, DEFAULT_TIMEOUT_S, JSON_OPTION, type OptionSpec, TIMEOUT_OPTION, UsageError, type Args, count, modelOf, seconds,
} from './command.js';
import { parseLitmus, parseWithOutcome } from '../litmus/parse.js';
import { DEFAULT_LOOP_BOUND, type LitmusTest } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import type { Model } from '../model/relalg.js';
import { BASE_RELS } from '../model/events.js';
import { type ExplainOptions, type Explanation, explainTest } from '../present/explain.js';
import { refusal } from '../solver/unroll.js';
import type { Z3Session } from '../solver/z3.js';
import { inputError } from './batch.js';

export const EXPLAIN_OPTIONS: OptionSpec[] = [
  CAT_MODEL_OPTION,
  { name: 'outcome', arg: 'EXPR', help: "the final state asked about, as in a condition ('P1:r0 == 1 /\\ P1:r1 == 0')", dflt: 'the test\'s condition' },
  { name: 'format', arg: 'text|dot|svg', help: 'how to draw the execution', dflt: 'text' },
  { name: 'output', short: 'o', arg: 'FILE', help: 'write the drawing to FILE', dflt: 'standard output' },
  { name: 'rel', arg: 'NAME', help: 'also draw this relation of the model (cause, observation, ...); NAME may be a comma list', repeat: true },
  BOUND_OPTION, TIMEOUT_OPTION,
  { ...JSON_OPTION, help: 'one JSON object: the answer, the execution (events and edges) and any violations (docs/JSON.md)' },
];

export interface ExplainArgs {
  /** `show` or `why`: names the command in an error record. */
  command: string;
  file: string;
  test: LitmusTest;
  opts: Omit<ExplainOptions, 'relax'>;
  format: 'text' | 'dot' | 'svg' | 'json';
  output: string | null;
  rels: string[];
}

/** Relations `--rel` may name: the model's definitions and its base relations. */
export function checkRelations(model: Model, rels: string[]): void {
  for (const name of rels) {
    if (!Object.hasOwn(model.defs, name) && !BASE_RELS.includes(name)) {
      throw new UsageError(`unknown relation '${name}' (${model.name} defines ${Object.keys(model.defs).join(', ')}; base: ${BASE_RELS.join(', ')})`);
    }
  }
}

/** Reads the command line and the test; a bad test is reported as `file:line:col: message`, or with --json an error record (null returned). */
export function explainArgs(a: Args, command: string): ExplainArgs | null {
  if (a.rest.length !== 1) throw new UsageError(a.rest.length ? `one test file at a time (got ${a.rest.length})` : 'give a test file');
  const format = a.has('json') ? 'json' : a.get('format') ?? 'text';
  if (format !== 'text' && format !== 'dot' && format !== 'svg' && format !== 'json') throw new UsageError(`unknown format '${format}' (text, dot or svg)`);
  if (a.has('json') && a.has('format')) throw new UsageError('--json and --format exclude each other');
  const model = modelOf(a.get('model'));
  const bound = count(a.get('bound'), DEFAULT_LOOP_BOUND, 'bound');
  const timeoutMs = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
  const rels = a.all('rel').flatMap((v) => v.split(',')).filter(Boolean);
  // Before any solving: a misspelt relation should not cost a Z3 run.
  checkRelations(model, rels);
  const file = a.rest[0]!;
  let test: LitmusTest;
  try {
    const text = readText(file);
    const outcome = a.get('outcome');
    test = outcome === undefined ? parseLitmus(text, file) : parseWithOutcome(text, file, outcome);
  } catch (e) {
    if (e instanceof LitmusError) { inputError(command, e, format === 'json'); return null; }
    throw e;
  }
  return { command, file, test, opts: { model, bound, timeoutMs }, format, output: a.get('output') ?? null, rels };
}

/** The explanation of x's test; null (reported as `file:line:col: message`) when the solver refuses the test. */
export async function explainOrRefuse(z3: Z3Session, x: ExplainArgs, relax: boolean): Promise<Explanation | null> {
  try {
    // The unsat core is shown by show, and by why only in its JSON record.
    return await explainTest(z3, x.test, { ...x.opts, relax, core: x.format === 'json' });
  } catch (e) {
    const r = refusal(e, x.file);
    if (!r) throw e;
    inputError(x.command, r, x.format === 'json');
    return null;
  }
}
