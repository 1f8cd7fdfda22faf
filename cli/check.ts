// `ptxmm check`: every reachable final state of each test under a model, in herd7's shape
// (or JSON lines with --json), and totals for a batch.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  BOUND_OPTION, CAT_MODEL_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, EXIT_HELP, JSON_OPTION, SHARD_OPTION, TIMEOUT_OPTION, UsageError, askableRaces, count, jobsCount, litmusInputs, makeDir, modelOf, seconds, shard,
} from './command.js';
import { type RecordType, jsonLine } from './json.js';
import { batchLine, progress } from './progress.js';
import { eachTest, inputError, internalError, testFailed } from './batch.js';
import { checkOnWorkers } from './checkjobs.js';
import type { ExplainOptions } from '../present/explain.js';
import { type FileResult, readLitmusFiles } from '../litmus/parse.js';
import { TEST_KIND, conditionText } from '../litmus/print.js';
import { DEFAULT_LOOP_BOUND, type LitmusTest } from '../litmus/ast.js';
import { type Model, withoutAxioms } from '../model/relalg.js';
import { type NoStates, type RunResult, runTest } from '../solver/run.js';
import { Z3StartError, openZ3, openZ3Soon, type Z3Session } from '../solver/z3.js';
// --witness, --races and --liveness load what they use when they run (about 7 ms of every
// check's start otherwise).

/** One test's answer: the JSON record's fields (docs/JSON.md, type "check"). */
export interface CheckReport {
  file: string;
  test: string;
  model: string;
  bound: number;
  kind: string;
  condition: string;
  /** Ok, No, or Unknown (no answer: see reason). */
  result: 'Ok' | 'No' | 'Unknown';
  reason: string | null;
  /** Values are integers as their types read them (decimal strings in JSON). */
  states: { values: Record<string, bigint>; satisfies: boolean }[] | null;
  positive: number | null;
  negative: number | null;
  observation: 'Always' | 'Sometimes' | 'Never' | null;
  boundReached: boolean | null;
  /** Why no final state is reachable at all (deadlock, filter, bound), when none is. */
  noStates: NoStates | null;
  seconds: number;
}

export function report(t: LitmusTest, file: string, model: Model, bound: number, r: RunResult, seconds: number): CheckReport {
  const unknown = r.validated === 'unknown';
  return {
    file, test: t.name, model: model.name, bound, kind: TEST_KIND[t.condition.quantifier], condition: conditionText(t),
    result: unknown ? 'Unknown' : r.validated ? 'Ok' : 'No',
    reason: r.unknown,
    states: r.states?.map((s) => ({ values: Object.fromEntries(s.values), satisfies: s.satisfies })) ?? null,
    positive: unknown ? null : r.positive,
    negative: unknown ? null : r.negative,
    observation: unknown ? null : r.positive === 0 ? 'Never' : r.negative === 0 ? 'Always' : 'Sometimes',
    boundReached: r.boundReached, noStates: r.noStates, seconds,
  };
}

/** Why no state: one line a reader can act on. */
export function noStatesText(n: NoStates, bound: number): string {
  switch (n.why) {
    case 'deadlock': return `Deadlock: no execution terminates; every one leaves a thread waiting forever at ${n.barriers.join('; ')}`;
    case 'filter': return 'Filter: the filter excludes every final state';
    case 'bound': return `Bound ${bound} reached by every execution: none terminates with each loop going round at most ${bound} times per entry (a larger --bound may find some, unless a thread hangs: --liveness says)`;
    case 'model': return `Model: its axioms rule out every execution${n.axioms.length ? ` (${n.axioms.join(', ')})` : ''}`;
  }
}

/** A state as check lists it: `P1:r0=1; P1:r1=0;`. */
const stateLine = (values: readonly [string, bigint][]): string => values.map(([k, v]) => `${k}=${v};`).join(' ');

export function formatHerd(c: CheckReport): string {
  const out = [`Test ${c.test} ${c.kind}`];
  if (c.result === 'Unknown') {
    out.push(`Unknown: ${c.reason ?? 'no answer'}`, `Condition ${c.condition}`);
  } else {
    out.push(`States ${c.states!.length}`);
    for (const s of c.states!) out.push(stateLine(Object.entries(s.values)));
    if (c.noStates) out.push(noStatesText(c.noStates, c.bound));
    out.push(c.result, 'Witnesses', `Positive: ${c.positive} Negative: ${c.negative}`, `Condition ${c.condition}`);
    out.push(`Observation ${c.test} ${c.observation} ${c.positive} ${c.negative}`);
  }
  if (c.boundReached && c.noStates?.why !== 'bound') out.push(`Bound ${c.bound} reached: executions that need more loop iterations are not counted`);
  out.push(`Time ${c.test} ${c.seconds.toFixed(2)}`);
  return out.join('\n') + '\n';
}

export async function checkOne(z3: Z3Session, t: LitmusTest, model: Model, bound: number, timeoutMs: number, symmetry = true): Promise<{ r: RunResult; seconds: number }> {
  const t0 = performance.now();
  const w0 = z3.startWaitMs();
  const r = await runTest(z3, t, { model, bound, timeoutMs, mode: 'states', checkBound: true, explain: false, symmetry });
  // The test's time, not Z3's start (check's first test may wait for it).
  return { r, seconds: (performance.now() - t0 - (z3.startWaitMs() - w0)) / 1000 };
}

/** One SVG per test whose condition has a witness (exists: a satisfying run; else a counterexample). */
async function writeWitness(z3: Z3Session, t: LitmusTest, file: string, drawing: DrawingPath, opt: ExplainOptions): Promise<void> {
  const { explainTest, explanationGraph, graphTitle } = await import('../present/explain.js');
  const { toDot } = await import('../present/dot.js');
  const { renderSvg } = await import('../present/svg.js');
  const ex = await explainTest(z3, t, opt);
  if (ex.reachable !== true) return;
  const g = explanationGraph(ex, []);
  if (!g) return;
  writeFileSync(drawing(file), await renderSvg(toDot(g, graphTitle(ex))));
}

/** Where --witness puts a test file's drawing (its folder made). */
type DrawingPath = (file: string) => string;

/**
 * --witness DIR's names: DIR/TEST.svg, below the folders that tell the inputs apart (their
 * path under the folder common to all of them), so that tests of one name in several folders
 * (a corpus has 0_simple.litmus in five) get a drawing each instead of overwriting one.
 * Named from every input, shards or not, so that shards name alike.
 */
export function drawingPaths(dir: string, paths: readonly string[]): DrawingPath {
  const folders = paths.filter((p) => p !== '-').map((p) => dirname(resolve(p)).split(sep));
  let common = folders[0] ?? [];
  for (const f of folders) {
    let n = 0;
    while (n < common.length && n < f.length && common[n] === f[n]) n++;
    common = common.slice(0, n);
  }
  const root = common.join(sep) || sep;
  return (file) => {
    // Standard input's drawing is (stdin).svg, apart from a stdin.litmus's.
    const out = join(dir, `${file === '-' ? '(stdin)' : relative(root, resolve(file)).replace(/\.litmus$/, '')}.svg`);
    makeDir(dirname(out));
    return out;
  };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'list the reachable final states of litmus tests under a model (herd7 style)',
  args: 'FILE|DIR|-...',
  options: [
    CAT_MODEL_OPTION, BOUND_OPTION, TIMEOUT_OPTION, JSON_OPTION, SHARD_OPTION,
    { name: 'without', arg: 'AXIOM', repeat: true, help: "switch one of the model's axioms off (\"what if\"; ptxmm prove's independence counterexamples)" },
    { name: 'jobs', arg: 'N', help: 'final states on N worker threads (at most twice the CPUs), each with its own Z3; output in input order, as with one', dflt: '1' },
    { name: 'witness', arg: 'DIR', help: 'also write DIR/TEST.svg for each test whose condition has a witness (in subfolders where tests of one name lie in several folders)' },
    { name: 'no-symmetry', help: "find every state with Z3, not a found state's images under the test's rotation symmetry too, and ask a verdict (--against) of every execution, not one per renaming of threads that are copies of each other (the same answers, more work)" },
    { name: 'races', help: 'instead of final states: the data races (ISA §8.6.1), each racy pair of instructions with an execution, or race-free' },
    { name: 'liveness', help: 'instead of final states: can a thread hang (spin forever, wait at a barrier forever)? which, where, after which execution (docs/LIVENESS.md)' },
    { name: 'against', arg: 'ptx60|ptx75|FILE.cat', help: 'instead of final states: compare them with this model\'s, per test: the same, or the states only one of the two models allows' },
  ],
  details: [
    'Per test: the reachable final states, whether the condition is validated (Ok/No), or Unknown with',
    'the reason (timeout, size limit, Z3 out of memory); with several tests, totals at the end.',
    EXIT_HELP,
  ],
  async run(a) {
    const model = modelWithout(modelOf(a.get('model')), a.all('without'));
    const bound = count(a.get('bound'), DEFAULT_LOOP_BOUND, 'bound');
    const timeoutS = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout');
    const json = a.has('json');
    const witnessDir = a.get('witness') ?? null;
    // Options that do not go together are refused before anything is made (the --witness folder).
    if (a.has('races') && a.has('liveness')) throw new UsageError('--races and --liveness are separate questions: ask one at a time');
    const jobs = jobsCount(a.get('jobs'));
    if (jobs > 1 && (witnessDir || a.has('races') || a.has('liveness') || a.has('against'))) throw new UsageError('--jobs lists final states: not with --witness, --races, --liveness or --against');
    if (a.has('against') && (a.has('races') || a.has('liveness'))) throw new UsageError('--against compares final states: not with --races or --liveness');
    if (witnessDir && a.has('races')) throw new UsageError('--witness draws final states: not with --races');
    if (witnessDir && a.has('against')) throw new UsageError('--witness draws final states of one model: not with --against');
    // The inputs before the --witness folder: nothing is made for a run that has no test.
    const paths = litmusInputs(a.rest);
    if (witnessDir) makeDir(witnessDir);
    const drawing = witnessDir ? drawingPaths(witnessDir, paths) : null;
    const files = readLitmusFiles(shard(paths, a.get('shard')));
    if (a.has('races')) {
      askableRaces(model);
      return checkRaces(files, model, bound, timeoutS * 1000, json);
    }
    if (a.has('liveness')) return checkLivenessOf(files, model, bound, timeoutS * 1000, json, drawing);
    if (a.has('against')) {
      const other = modelOf(a.get('against'));
      if (other.name === model.name) throw new UsageError(`--against: both models are named ${model.name} (a cat file is named by its title, else its file name)`);
      return checkAgainst(files, model, other, bound, timeoutS * 1000, json, !a.has('no-symmetry'));
    }
    const t0 = performance.now();
    const tally = { ok: 0, no: 0, unknown: 0, errors: 0 };
    const bar = progress();
    const emit = (c: CheckReport): void => {
      if (c.result === 'Ok') tally.ok++;
      else if (c.result === 'No') tally.no++;
      else tally.unknown++;
      bar.clear();
      process.stdout.write(json ? jsonLine('check', c) : formatHerd(c) + (files.length > 1 ? '\n' : ''));
    };
    if (jobs > 1) {
      // The same answers from N threads, passed on in input order (cli/checkjobs.ts).
      await checkOnWorkers(files, jobs, { model, bound, timeoutMs: timeoutS * 1000, symmetry: !a.has('no-symmetry') }, (i, o) => {
        const f = files[i]!;
        bar.update(batchLine(i, files.length, f.file));
        if ('report' in o) emit(o.report);
        else {
          tally.errors++;
          bar.clear();
          if ('error' in o) internalError('check', f.file, new Error(o.error), json);
          else inputError('check', 'refused' in o ? o.refused : f.error!, json);
        }
      });
      bar.clear();
    } else {
      // Z3 starts while the first test is encoded.
      const z3 = openZ3Soon();
      try {
        const unreadable = await eachTest(files, 'check', json, bar, async (t, file) => {
          let c: CheckReport;
          try {
            const { r, seconds: s } = await checkOne(z3, t, model, bound, timeoutS * 1000, !a.has('no-symmetry'));
            c = report(t, file, model, bound, r, s);
          } catch (e) {
            // No test can be answered: the command fails as it would have opening Z3.
            if (e instanceof Z3StartError) throw e.cause;
            tally.errors++;
            bar.clear();
            testFailed('check', file, e, json);
            return;
          }
          emit(c);
          if (drawing && c.result !== 'Unknown') await writeWitness(z3, t, file, drawing, { model, bound, timeoutMs: timeoutS * 1000, relax: false });
        });
        // Added after the tests ran: `tally.errors += await ...` read the count before them,
        // and lost the internal errors counted meanwhile (the exit status was 0 after one).
        tally.errors += unreadable;
      } finally {
        bar.clear();
        await z3.close();
      }
    }
    const secs = (performance.now() - t0) / 1000;
    const tests = files.length;
    if (json) process.stdout.write(jsonLine('summary', { command: 'check', tests, ...tally, seconds: secs }));
    else if (tests > 1) {
      process.stdout.write(`Totals: ${tests} tests, ${tally.ok} Ok, ${tally.no} No, ${tally.unknown} Unknown, ${tally.errors} errors, ${secs.toFixed(2)} s\n`);
    }
    return tally.unknown + tally.errors > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** `--without AXIOM...`: the model with those axioms off; an unknown name is a usage error. */
function modelWithout(model: Model, names: string[]): Model {
  try {
    return withoutAxioms(model, names);
  } catch (e) {
    throw new UsageError(`--without: ${(e as Error).message}`);
  }
}

/** One test's answer to a yes/no question about the program (races, liveness). */
interface Answer { verdict: 'good' | 'bad' | 'unknown'; text: string[]; record: object }

/**
 * `check --races` and `check --liveness`: per test, the answer and its executions; totals name
 * the two verdicts (`labels`); exit status as check's (Unknown fails).
 */
async function checkEach(files: FileResult[], json: boolean, type: RecordType, labels: [string, string], ask: (z3: Z3Session, t: LitmusTest, file: string) => Promise<Answer>): Promise<number> {
  const t0 = performance.now();
  const tally = { good: 0, bad: 0, unknown: 0, errors: 0 };
  const bar = progress();
  const z3 = await openZ3();
  try {
    const unreadable = await eachTest(files, 'check', json, bar, async (t, file) => {
      let out: string;
      try {
        const a = await ask(z3, t, file);
        tally[a.verdict]++;
        out = json ? jsonLine(type, a.record) : a.text.join('\n') + '\n' + (files.length > 1 ? '\n' : '');
      } catch (e) {
        tally.errors++;
        bar.clear();
        testFailed('check', file, e, json);
        return;
      }
      bar.clear();
      process.stdout.write(out);
    });
    tally.errors += unreadable;
  } finally {
    bar.clear();
    await z3.close();
  }
  const secs = (performance.now() - t0) / 1000;
  const [good, bad] = labels;
  if (json) {
    const counts = { [camel(good)]: tally.good, [camel(bad)]: tally.bad, unknown: tally.unknown, errors: tally.errors };
    process.stdout.write(jsonLine('summary', { command: 'check', tests: files.length, ...counts, seconds: secs }));
  } else if (files.length > 1) {
    process.stdout.write(`Totals: ${files.length} tests, ${tally.good} ${good}, ${tally.bad} ${bad}, ${tally.unknown} Unknown, ${tally.errors} errors, ${secs.toFixed(2)} s\n`);
  }
  return tally.unknown + tally.errors > 0 ? EXIT.failed : EXIT.ok;
}

/** `race-free` -> `raceFree`, for JSON keys. */
const camel = (s: string): string => s.replace(/[- ](\w)/g, (_, c: string) => c.toUpperCase());

async function checkRaces(files: FileResult[], model: Model, bound: number, timeoutMs: number, json: boolean): Promise<number> {
  const { findRaces } = await import('../solver/races.js');
  const { racesRecord, racesText } = await import('../present/races.js');
  return checkEach(files, json, 'races', ['race-free', 'racy'], async (z3, t, file) => {
    const s0 = performance.now();
    const r = await findRaces(z3, t, { model, bound, timeoutMs });
    const secs = (performance.now() - s0) / 1000;
    return {
      verdict: r.verdict === 'race-free' ? 'good' : r.verdict === 'racy' ? 'bad' : 'unknown',
      text: racesText(t, model, r, secs), record: racesRecord(file, t, model, bound, r, secs),
    };
  });
}

/**
 * `check --against OTHER`: each test's final states under both models, and the states only
 * one of them allows (what a variant of the model changes, test by test).
 */
async function checkAgainst(files: FileResult[], model: Model, other: Model, bound: number, timeoutMs: number, json: boolean, symmetry: boolean): Promise<number> {
  return checkEach(files, json, 'compare', ['same', 'differ'], async (z3, t, file) => {
    const s0 = performance.now();
    const ra = (await checkOne(z3, t, model, bound, timeoutMs, symmetry)).r;
    const rb = (await checkOne(z3, t, other, bound, timeoutMs, symmetry)).r;
    const seconds = (performance.now() - s0) / 1000;
    const base = { file, test: t.name, model: model.name, against: other.name, bound, seconds };
    const unknown = ra.validated === 'unknown' ? ra : rb.validated === 'unknown' ? rb : null;
    if (unknown) {
      const which = unknown === ra ? model.name : other.name;
      return {
        verdict: 'unknown', text: [`Test ${t.name}: Unknown under ${which}: ${unknown.unknown ?? 'no answer'}`],
        record: { ...base, result: 'unknown', reason: `${which}: ${unknown.unknown ?? 'no answer'}`, states: null, onlyModel: null, onlyAgainst: null, validated: null },
      };
    }
    const a = ra.states!.map((x) => stateLine(x.values));
    const b = rb.states!.map((x) => stateLine(x.values));
    const inA = new Set(a);
    const inB = new Set(b);
    const onlyA = a.filter((x) => !inB.has(x));
    const onlyB = b.filter((x) => !inA.has(x));
    const same = onlyA.length === 0 && onlyB.length === 0;
    const verdicts = ra.validated === rb.validated ? [] : [`  condition ${conditionText(t)}: ${ra.validated ? 'Ok' : 'No'} under ${model.name}, ${rb.validated ? 'Ok' : 'No'} under ${other.name}`];
    const text = same
      ? [`Test ${t.name}: the same ${a.length} state${a.length === 1 ? '' : 's'} under ${model.name} and ${other.name}`]
      : [
        `Test ${t.name}: the states differ (${model.name} ${a.length}, ${other.name} ${b.length})`,
        ...onlyA.map((x) => `  only under ${model.name}: ${x}`), ...onlyB.map((x) => `  only under ${other.name}: ${x}`), ...verdicts,
      ];
    return {
      verdict: same ? 'good' : 'bad', text,
      record: {
        ...base, result: same ? 'same' : 'differ', reason: null, states: { model: a.length, against: b.length },
        onlyModel: ra.states!.filter((_, i) => !inB.has(a[i]!)).map((x) => Object.fromEntries(x.values)),
        onlyAgainst: rb.states!.filter((_, i) => !inA.has(b[i]!)).map((x) => Object.fromEntries(x.values)),
        validated: { model: ra.validated, against: rb.validated },
      },
    };
  });
}

async function checkLivenessOf(files: FileResult[], model: Model, bound: number, timeoutMs: number, json: boolean, drawing: DrawingPath | null): Promise<number> {
  const { checkLiveness } = await import('../solver/liveness.js');
  const { hangGraph, livenessRecord, livenessText, stuckLine } = await import('../present/liveness.js');
  const { toDot } = await import('../present/dot.js');
  const { renderSvg } = await import('../present/svg.js');
  return checkEach(files, json, 'liveness', ['live', 'can hang'], async (z3, t, file) => {
    const s0 = performance.now();
    const r = await checkLiveness(z3, t, { model, bound, timeoutMs });
    const secs = (performance.now() - s0) / 1000;
    const g = drawing ? hangGraph(model, r) : null;
    if (g && drawing) writeFileSync(drawing(file), await renderSvg(toDot(g, `${t.name}: ${r.stuck.map(stuckLine).join('; ')}`)));
    return {
      verdict: r.verdict === 'live' ? 'good' : r.verdict === 'hang' ? 'bad' : 'unknown',
      text: livenessText(t, model, r, secs), record: livenessRecord(file, t, model, bound, r, secs),
    };
  });
}
