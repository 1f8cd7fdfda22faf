// `ptxmm check`: every reachable final state of each test under a model, in herd7's shape
// (or one JSON object per test with --json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Command, UsageError, count, parseArgs } from './command.js';
import { type ExplainOptions, explainTest, explanationGraph, graphTitle } from '../present/explain.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { printExpr } from '../litmus/print.js';
import type { LitmusTest } from '../litmus/ast.js';
import type { Model } from '../model/relalg.js';
import { type RunResult, runTest } from '../solver/run.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { DEFAULT_BOUND, DEFAULT_TIMEOUT_S, modelOption, numberOption } from './conform.js';

const KIND = { exists: 'Allowed', 'not exists': 'Forbidden', forall: 'Required' } as const;
const QUANT = { exists: 'exists', 'not exists': '~exists', forall: 'forall' } as const;

export interface CheckReport {
  test: string;
  file: string;
  model: string;
  kind: string;
  condition: string;
  /** Ok, No or Unknown (Z3 did not decide within the timeout). */
  result: 'Ok' | 'No' | 'Unknown';
  /** Why the result is Unknown. */
  reason: string | null;
  states: Record<string, string>[] | null;
  positive: number | null;
  negative: number | null;
  observation: 'Always' | 'Sometimes' | 'Never' | null;
  boundReached: boolean | null;
  bound: number;
  seconds: number;
}

export function report(t: LitmusTest, file: string, model: Model, bound: number, r: RunResult, seconds: number): CheckReport {
  const observation = r.validated === 'unknown' ? null : r.positive === 0 ? 'Never' : r.negative === 0 ? 'Always' : 'Sometimes';
  return {
    test: t.name, file, model: model.name, kind: KIND[t.condition.quantifier],
    condition: `${QUANT[t.condition.quantifier]} (${printExpr(t.condition.expr)})`,
    result: r.validated === 'unknown' ? 'Unknown' : r.validated ? 'Ok' : 'No',
    reason: r.unknown,
    states: r.states?.map((s) => Object.fromEntries(s.values.map(([k, v]) => [k, String(v)]))) ?? null,
    positive: r.validated === 'unknown' ? null : r.positive,
    negative: r.validated === 'unknown' ? null : r.negative,
    observation, boundReached: r.boundReached, bound, seconds,
  };
}

export function formatHerd(c: CheckReport, timeoutS: number): string {
  const out = [`Test ${c.test} ${c.kind}`];
  if (c.result === 'Unknown') {
    out.push(`Unknown: ${c.reason ?? `Z3 did not decide within ${timeoutS} s`}`, `Condition ${c.condition}`);
  } else {
    out.push(`States ${c.states!.length}`);
    for (const s of c.states!) out.push(Object.entries(s).map(([k, v]) => `${k}=${v};`).join(' '));
    out.push(c.result, 'Witnesses', `Positive: ${c.positive} Negative: ${c.negative}`, `Condition ${c.condition}`);
    out.push(`Observation ${c.test} ${c.observation} ${c.positive} ${c.negative}`);
  }
  if (c.boundReached) out.push(`Bound ${c.bound} reached: executions that need more loop iterations are not counted`);
  out.push(`Time ${c.test} ${c.seconds.toFixed(2)}`);
  return out.join('\n') + '\n';
}

export async function checkOne(z3: Z3Session, t: LitmusTest, model: Model, bound: number, timeoutMs: number): Promise<{ r: RunResult; seconds: number }> {
  const t0 = performance.now();
  const r = await runTest(z3, t, { model, bound, timeoutMs, mode: 'states', checkBound: true, explain: false });
  return { r, seconds: (performance.now() - t0) / 1000 };
}

/** One SVG per test whose condition has a witness (exists: a satisfying run; else a counterexample). */
async function writeWitness(z3: Z3Session, t: LitmusTest, file: string, dir: string, opt: ExplainOptions): Promise<void> {
  const ex = await explainTest(z3, t, opt);
  if (ex.reachable !== true) return;
  const g = explanationGraph(ex, []);
  if (!g) return;
  const name = basename(file).replace(/\.litmus$/, '') + '.svg';
  writeFileSync(join(dir, name), await renderSvg(toDot(g, graphTitle(ex))));
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'list the reachable final states of litmus tests under a model (herd7 style)',
  usage: 'ptxmm check [--model ptx60|ptx75] [--bound N] [--timeout S] [--json] [--witness DIR] FILE|DIR...',
  async run(args) {
    const { opts, flags, rest } = parseArgs(args, { values: ['model', 'bound', 'timeout', 'witness'], switches: ['json'] });
    if (rest.length === 0) throw new UsageError('give at least one file or directory');
    const model = modelOption(opts.get('model'));
    const bound = count(opts.get('bound'), DEFAULT_BOUND, 'bound');
    const timeoutS = numberOption(opts.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout');
    const json = flags.has('json');
    const witnessDir = opts.get('witness') ?? null;
    if (witnessDir) mkdirSync(witnessDir, { recursive: true });
    const files = readLitmusFiles(rest);
    if (files.length === 0) throw new UsageError('no .litmus files found');
    let bad = 0;
    const z3 = await openZ3();
    try {
      for (const f of files) {
        if (f.error) {
          bad++;
          if (json) process.stdout.write(JSON.stringify({ file: f.file, error: f.error.format() }) + '\n');
          else process.stderr.write(f.error.format() + '\n');
          continue;
        }
        const t = f.test!;
        try {
          const { r, seconds } = await checkOne(z3, t, model, bound, timeoutS * 1000);
          const c = report(t, f.file, model, bound, r, seconds);
          if (c.result === 'Unknown') bad++;
          process.stdout.write(json ? JSON.stringify(c) + '\n' : formatHerd(c, timeoutS) + (files.length > 1 ? '\n' : ''));
          if (witnessDir) await writeWitness(z3, t, f.file, witnessDir, { model, bound, timeoutMs: timeoutS * 1000, relax: false });
        } catch (e) {
          bad++;
          const msg = `${f.file}: ${(e as Error).message}`;
          if (json) process.stdout.write(JSON.stringify({ file: f.file, test: t.name, error: msg }) + '\n');
          else process.stderr.write(`ptxmm check: ${msg}\n`);
        }
      }
    } finally {
      await z3.close();
    }
    return bad > 0 ? 1 : 0;
  },
};
