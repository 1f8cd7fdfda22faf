// `ptxmm conform`: check a CSV of expected verdicts (`path,1|0`, 1 = condition validated)
// and explain every disagreement.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { type Command, UsageError, count, modelName, parseArgs } from './command.js';
import { parseLitmus } from '../litmus/parse.js';
import { LitmusError } from '../litmus/errors.js';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import type { Model } from '../model/relalg.js';
import { type RunResult, runTest } from '../solver/run.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { explainTest, explanationGraph, explanationText } from '../present/explain.js';

export interface Row {
  path: string;
  expected: boolean;
}

export function readExpectations(csv: string): Row[] {
  const rows: Row[] = [];
  for (const [i, line] of csv.split(/\r?\n/).entries()) {
    const s = line.trim();
    if (s === '' || s.startsWith('#')) continue;
    const m = /^(.*),\s*([01])$/.exec(s);
    if (!m) throw new UsageError(`expectations line ${i + 1}: expected 'path,1' or 'path,0'`);
    rows.push({ path: m[1]!, expected: m[2] === '1' });
  }
  return rows;
}

export function modelOption(name: string | undefined): Model {
  return MODELS[modelName(name)]!;
}

export function numberOption(v: string | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${what} needs a non-negative number`);
  return n;
}

export const DEFAULT_BOUND = DEFAULT_LOOP_BOUND;
export const DEFAULT_TIMEOUT_S = 60;

export const conformCommand: Command = {
  name: 'conform',
  summary: 'check tests against a CSV of expected verdicts and explain disagreements',
  usage: 'ptxmm conform --expect CSV --root DIR [--model ptx60|ptx75] [--bound N] [--timeout S]',
  async run(args) {
    const { opts, rest } = parseArgs(args, { values: ['expect', 'root', 'model', 'bound', 'timeout'] });
    if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}`);
    const csv = opts.get('expect');
    if (!csv) throw new UsageError('--expect CSV is required');
    const root = opts.get('root') ?? '.';
    const model = modelOption(opts.get('model'));
    const bound = count(opts.get('bound'), DEFAULT_BOUND, 'bound');
    const timeoutMs = numberOption(opts.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout') * 1000;
    const rows = readExpectations(readFileSync(csv, 'utf8'));
    const z3 = await openZ3();
    let passed = 0;
    let failed = 0;
    try {
      for (const row of rows) {
        const res = await conformRow(z3, row, root, model, bound, timeoutMs);
        if (res.ok) { passed++; continue; }
        failed++;
        process.stdout.write(res.lines.join('\n') + '\n');
      }
    } finally {
      await z3.close();
    }
    process.stdout.write(`${passed} passed, ${failed} failed\n`);
    return failed > 0 ? 1 : 0;
  },
};

export async function conformRow(
  z3: Z3Session, row: Row, root: string, model: Model, bound: number, timeoutMs: number,
): Promise<{ ok: boolean; lines: string[]; ms: number }> {
  const t0 = performance.now();
  const file = join(root, row.path);
  let test: LitmusTest;
  try {
    test = parseLitmus(readFileSync(file, 'utf8'), row.path);
  } catch (e) {
    const msg = e instanceof LitmusError ? e.format() : `${row.path}: ${(e as Error).message}`;
    return { ok: false, lines: [`ERROR ${msg}`], ms: performance.now() - t0 };
  }
  const opts = { model, bound, timeoutMs, mode: 'verdict' as const, checkBound: false, explain: false };
  let r: RunResult;
  try {
    r = await runTest(z3, test, opts);
  } catch (e) {
    return { ok: false, lines: [`ERROR ${row.path}: ${(e as Error).message}`], ms: performance.now() - t0 };
  }
  const ms = performance.now() - t0;
  if (r.validated === row.expected) return { ok: true, lines: [], ms };
  if (r.validated === 'unknown') {
    return { ok: false, lines: [`UNKNOWN ${row.path}: Z3 did not decide within the timeout (expected ${row.expected ? 1 : 0})`], ms };
  }
  // The same explanation `ptxmm why` gives: the execution, or the axioms and how they fail.
  const ex = await explainTest(z3, test, { model, bound, timeoutMs, relax: true });
  return {
    ok: false,
    lines: [
      `FAIL ${row.path}: expected ${row.expected ? 1 : 0}, ${model.name} gives ${r.validated ? 1 : 0}`,
      ...explanationText(ex, explanationGraph(ex, [])).map((l) => (l ? '  ' + l : l)),
    ],
    ms,
  };
}
