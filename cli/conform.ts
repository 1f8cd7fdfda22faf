// `ptxmm conform`: check a CSV of expected verdicts and explain every disagreement. Two
// shapes of list: Dartagnan's `path,1|0` (one model, --model) and ours, `path,model,1|0`
// (litmus/tests/EXPECTED.csv), each row with its model. 1 = the condition is validated; with
// --races, 1 = the test is race-free (litmus/tests/races/RACES.csv).
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { DEFAULT_LOOP_BOUND, type LitmusTest, restsOnAbsence } from '../litmus/ast.js';
import {
  BOUND_OPTION, CAT_MODEL_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, JSON_OPTION, SHARD_OPTION, TIMEOUT_OPTION, UsageError, askableRaces, count, isCatFile, modelName, modelOf, seconds, shard,
} from './command.js';
import { jsonLine } from './json.js';
import { batchLine, progress } from './progress.js';
import { parseLitmus } from '../litmus/parse.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import { MODELS } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import type { ModelName } from '../executor/program.js';
import { type RunResult, runTest } from '../solver/run.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { findRaces } from '../solver/races.js';
import { refusal } from '../solver/unroll.js';
import { racesText } from '../present/races.js';
import { checkLiveness } from '../solver/liveness.js';
import { livenessText } from '../present/liveness.js';
import { explainTest, explanationGraph, explanationText } from '../present/explain.js';

export interface Row {
  path: string;
  /** The row's own model (three-column lists); else the one --model names. */
  model?: ModelName;
  expected: boolean;
}

/** A line as an error message quotes it: printable, and short (it may be any file's). */
const shown = (s: string): string => {
  const t = s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
};

export function readExpectations(csv: string, file = 'expectations'): Row[] {
  const rows: Row[] = [];
  // Lines end in LF, CRLF or a lone CR; a field may be quoted as in RFC 4180 ("a,b" and "" for a quote).
  for (const [i, line] of csv.split(/\r\n|\r|\n/).entries()) {
    const s = line.trim();
    if (s === '' || s.startsWith('#')) continue;
    const fields = csvFields(s);
    const bad = (): never => { throw new UsageError(`${file}:${i + 1}: expected 'path,1|0' or 'path,ptx60|ptx75,1|0', got '${shown(s)}'`); };
    if (!fields || fields.length < 2 || fields.length > 3 || fields[0] === '') return bad();
    const [path, second, third] = fields as [string, string, string | undefined];
    const model = third === undefined ? undefined : second;
    const verdict = third ?? second;
    if ((model !== undefined && model !== 'ptx60' && model !== 'ptx75') || (verdict !== '0' && verdict !== '1')) return bad();
    rows.push({ path, expected: verdict === '1', ...(model ? { model: model as ModelName } : {}) });
  }
  // Two-column rows run under --model, three-column ones under their own: mixed, --model would
  // drop some rows of the other model without a word.
  if (rows.some((r) => r.model) && rows.some((r) => !r.model)) {
    throw new UsageError(`${file}: mixes 'path,1|0' rows with 'path,ptx60|ptx75,1|0' rows: give each row its model, or none`);
  }
  return rows;
}

/** The fields of one CSV line, quotes taken off (RFC 4180); null when a quote is not closed. */
function csvFields(line: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '"') {
      let v = '';
      for (i++; ; i++) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') { v += '"'; i++; continue; }
          i++;
          break;
        }
        v += line[i];
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') return null;
      out.push(v);
    } else {
      const j = line.indexOf(',', i);
      out.push(line.slice(i, j < 0 ? line.length : j).trim());
      i = j < 0 ? line.length : j;
    }
    if (i >= line.length) return out;
    i++; // the comma
  }
}

/** One row's outcome (docs/JSON.md, type "conform"). */
export interface ConformReport {
  file: string;
  test: string | null;
  model: string;
  expected: 0 | 1;
  got: 0 | 1 | null;
  status: 'pass' | 'fail' | 'unknown' | 'error';
  /** Unknown or error: why. */
  reason: string | null;
  /** A failure explained as `why` explains it. */
  explanation: string[];
  /**
   * The answer rests on no execution within the loop bound doing something (the condition not
   * reached, no race), and some execution needs more iterations: it holds within the bound
   * only. Null where the answer is a witness, or the bound was not asked.
   */
  boundReached: boolean | null;
  seconds: number;
}

export const conformCommand: Command = {
  name: 'conform',
  summary: 'check tests against a CSV of expected verdicts and explain disagreements',
  args: '',
  options: [
    SHARD_OPTION,
    { name: 'expect', arg: 'CSV', help: "the expected verdicts: 'path,1|0' rows, or 'path,ptx60|ptx75,1|0' rows (required)" },
    { name: 'root', arg: 'DIR', help: 'the folder the paths in the CSV are relative to', dflt: '.' },
    { ...CAT_MODEL_OPTION, help: 'the model of two-column rows (ptx60, ptx75 or a FILE.cat); with three-column rows, run only that model\'s rows', dflt: 'ptx75; for three-column rows, each row\'s own' },
    BOUND_OPTION, TIMEOUT_OPTION, JSON_OPTION,
    { name: 'races', help: 'the CSV lists data races instead of conditions: 1 = race-free, 0 = racy (ISA §8.6.1)' },
    { name: 'liveness', help: 'the CSV lists liveness instead of conditions: 1 = no thread can hang, 0 = one can (docs/LIVENESS.md)' },
  ],
  details: [
    'Prints each disagreement (FAIL, explained as `why` does), undecided row (UNKNOWN) and unreadable test (ERROR),',
    "then 'N passed, N failed' (failed counts every row that did not pass).",
    'exit status: 0 every row passed, 1 some row did not, 2 a usage error',
  ],
  async run(a) {
    if (a.rest.length) throw new UsageError(`unexpected argument ${a.rest[0]}`);
    const csv = a.get('expect');
    if (!csv) throw new UsageError('--expect CSV is required');
    const root = a.get('root') ?? '.';
    // A model read from cat checks every row; rows that name their model are for ptx60 and ptx75.
    const cat = isCatFile(a.get('model')) ? modelOf(a.get('model')) : null;
    const only = a.has('model') && !cat ? modelName(a.get('model'), true) : null;
    const bound = count(a.get('bound'), DEFAULT_LOOP_BOUND, 'bound');
    const timeoutMs = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const json = a.has('json');
    if (a.has('races') && a.has('liveness')) throw new UsageError('--races and --liveness are separate lists: give one');
    const question: Question = a.has('races') ? 'races' : a.has('liveness') ? 'liveness' : 'condition';
    let text: string;
    try {
      text = readText(csv);
    } catch (e) {
      // As main reports a file it cannot read: its path and why.
      if (!(e instanceof LitmusError)) throw e;
      process.stderr.write(`ptxmm conform: ${e.format()}\n`);
      return EXIT.failed;
    }
    const listed = readExpectations(text, csv);
    // A root that is not there would make every row with a relative path an error, one by one.
    if (listed.some((r) => !isAbsolute(r.path)) && (!existsSync(root) || !statSync(root).isDirectory())) throw new UsageError(`--root ${root}: no such directory`);
    // An empty list would pass vacuously: most likely the wrong file.
    if (!listed.length) throw new UsageError(`${csv}: no expectations in it (rows 'path,1|0' or 'path,ptx60|ptx75,1|0')`);
    if (cat && listed.some((r) => r.model)) throw new UsageError(`${csv}: its rows name their model (ptx60 or ptx75); --model FILE.cat checks rows 'path,1|0'`);
    if (cat && question === 'races') askableRaces(cat);
    const kept = listed.filter((r) => !only || !r.model || r.model === only);
    if (!kept.length) throw new UsageError(`${csv}: no rows for --model ${only} (its rows name another model)`);
    const rows = shard(kept, a.get('shard'));
    const tally = { passed: 0, failed: 0, unknown: 0, errors: 0 };
    const t0 = performance.now();
    const bar = progress();
    const z3 = await openZ3();
    try {
      for (const [i, row] of rows.entries()) {
        bar.update(batchLine(i, rows.length, row.path));
        const res = await conformRow(z3, row, root, cat ?? MODELS[row.model ?? only ?? 'ptx75']!, bound, timeoutMs, question);
        tally[res.status === 'pass' ? 'passed' : res.status === 'fail' ? 'failed' : res.status === 'unknown' ? 'unknown' : 'errors']++;
        bar.clear();
        if (json) process.stdout.write(jsonLine('conform', res));
        else {
          const lines = conformText(res);
          if (lines.length) process.stdout.write(lines.join('\n') + '\n');
        }
      }
    } finally {
      bar.clear();
      await z3.close();
    }
    const notPassed = tally.failed + tally.unknown + tally.errors;
    if (json) process.stdout.write(jsonLine('summary', { command: 'conform', tests: rows.length, ...tally, seconds: (performance.now() - t0) / 1000 }));
    else process.stdout.write(`${tally.passed} passed, ${notPassed} failed\n`);
    return notPassed > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** A row that did not pass, or passed within the loop bound only, as text. */
export function conformText(r: ConformReport): string[] {
  switch (r.status) {
    case 'pass': return r.boundReached ? [`PASS ${r.file}: ${r.model} gives ${r.got} ${WITHIN}`] : [];
    case 'error': return [`ERROR ${r.reason}`];
    case 'unknown': return [`UNKNOWN ${r.file}: ${r.reason} (expected ${r.expected})`];
    case 'fail': return [`FAIL ${r.file}: expected ${r.expected}, ${r.model} gives ${r.got}${r.boundReached ? ` ${WITHIN}` : ''}`, ...r.explanation.map((l) => (l ? '  ' + l : l))];
  }
}

const WITHIN = 'within the loop bound only (some execution needs more iterations: a larger --bound checks it)';

/** What a CSV's 1 and 0 answer: the condition, race-freedom, or that no thread can hang. */
export type Question = 'condition' | 'races' | 'liveness';

export async function conformRow(z3: Z3Session, row: Row, root: string, model: Model, bound: number, timeoutMs: number, question: Question = 'condition'): Promise<ConformReport> {
  const t0 = performance.now();
  const base = { file: row.path, test: null, model: model.name, expected: row.expected ? 1 as const : 0 as const, got: null, reason: null, explanation: [] as string[], boundReached: null };
  const done = (r: Omit<ConformReport, 'seconds'>): ConformReport => ({ ...r, seconds: (performance.now() - t0) / 1000 });
  // An error met answering: the solver's refusal of the test (an input error), or a bug.
  const failed = (e: unknown): string => refusal(e, row.path)?.format() ?? `${row.path}: internal error: ${(e as Error).message}`;
  let test: LitmusTest;
  try {
    test = parseLitmus(readText(isAbsolute(row.path) ? row.path : join(root, row.path), false), row.path);
  } catch (e) {
    if (!(e instanceof LitmusError)) throw e;
    return done({ ...base, status: 'error', reason: e.format() });
  }
  if (question !== 'condition') {
    // 1 = race-free / no thread can hang; a disagreement shows the racy pairs or the hanging
    // threads with their executions, or says there are none.
    let a: { good: boolean | null; unknown: string | null; text: (secs: number) => string[]; boundReached: boolean | null };
    try {
      if (question === 'races') {
        const r = await findRaces(z3, test, { model, bound, timeoutMs });
        a = { good: r.verdict === 'unknown' ? null : r.verdict === 'race-free', unknown: r.unknown, text: (secs) => racesText(test, model, r, secs), boundReached: r.verdict === 'race-free' ? r.boundReached : null };
      } else {
        const r = await checkLiveness(z3, test, { model, bound, timeoutMs });
        a = { good: r.verdict === 'unknown' ? null : r.verdict === 'live', unknown: r.unknown, text: (secs) => livenessText(test, model, r, secs), boundReached: null };
      }
    } catch (e) {
      return done({ ...base, test: test.name, status: 'error', reason: failed(e) });
    }
    if (a.good === null) return done({ ...base, test: test.name, status: 'unknown', reason: a.unknown });
    const got = a.good ? 1 : 0;
    if (a.good === row.expected) return done({ ...base, test: test.name, got, status: 'pass', boundReached: a.boundReached });
    return done({ ...base, test: test.name, got, status: 'fail', explanation: a.text((performance.now() - t0) / 1000), boundReached: a.boundReached });
  }
  // The bound is asked of loops only (enc.mayCut): one query more for them.
  const opts = { model, bound, timeoutMs, mode: 'verdict' as const, checkBound: true, explain: false };
  let r: RunResult;
  try {
    r = await runTest(z3, test, opts);
  } catch (e) {
    return done({ ...base, test: test.name, status: 'error', reason: failed(e) });
  }
  if (r.validated === 'unknown') return done({ ...base, test: test.name, status: 'unknown', reason: r.unknown });
  const got = r.validated ? 1 : 0;
  // A witness answers whatever the bound; no execution reaching (or breaking) the condition is an answer within it.
  const boundReached = restsOnAbsence(test.condition.quantifier, r.validated) ? r.boundReached : null;
  if (r.validated === row.expected) return done({ ...base, test: test.name, got, status: 'pass', boundReached });
  // The same explanation `ptxmm why` gives: the execution, or the axioms and how they fail.
  const ex = await explainTest(z3, test, { model, bound, timeoutMs, relax: true, core: false });
  return done({ ...base, test: test.name, got, status: 'fail', explanation: explanationText(ex, explanationGraph(ex, [])), boundReached });
}
