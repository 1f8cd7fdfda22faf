// `ptxmm fuzz`: random litmus programs, each put through three checks:
//  1. the executor's final states are among the solver's (soundness; misses are only counted);
//  2. on programs small enough to enumerate, the solver's states are exactly those of brute
//     force over every candidate execution with the concrete evaluator;
//  3. the printed program parses back to the same test;
//  4. where 2 runs, the pairs of instructions that race (`check --races`) are those brute force
//     finds, DATA_RACE evaluated by the concrete interpreter on every consistent execution;
//  5. with --liveness, the two engines' liveness verdicts (as `cross --liveness`) agree.
// A failure is shrunk by fast-check and written as a litmus file, which is read back and
// checked again to confirm that it reproduces the failure.
import fc from 'fast-check';
import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  BOUND_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, MODEL_OPTION, TIMEOUT_OPTION, UsageError, atLeastOne, count, jobsCount, modelName, seconds,
} from './command.js';
import { MAX_STATES_OPTION } from './run.js';
import { parseLitmus } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import { litmusTest, stripPositions } from '../litmus/arbitrary.js';
import type { LitmusTest } from '../litmus/ast.js';
import { MODELS } from '../model/ptx.js';
import { candidateBound, enumerate, stateValues } from '../solver/enumerate.js';
import { findRaces, raceCollector, racyPairKey } from '../solver/races.js';
import { checkStates } from '../solver/run.js';
import { limitsFrom, resourceReason } from '../solver/limits.js';
import { UnsupportedError, unroll } from '../solver/unroll.js';
import { type Z3Session, openZ3 } from '../solver/z3.js';
import type { ModelName } from '../executor/program.js';
import { DEFAULTS } from '../executor/explore.js';
import { fuzzTest, withoutStatement, withoutThread } from '../executor/fuzzgen.js';
import { valuationKey } from '../executor/compare.js';
import { crossOne, formatCross } from './cross.js';
import { crossLiveness, crossLivenessText } from './crosslive.js';
import { LitmusError } from '../litmus/errors.js';
import { fuzzOnWorkers } from './fuzzjobs.js';

export interface FuzzOptions {
  runs: number;
  seed: number;
  threads: [number, number];
  ops: [number, number];
  model: ModelName;
  bound: number;
  timeoutMs: number;
  /** Executor state budget per program; a program that needs more has only the states it reached checked (counted as skipped). */
  maxStates: number;
  /** Brute force only where it visits at most this many candidate executions. */
  enumLimit: number;
  /** List every solver state the executor misses, not just whether it misses one. */
  allMissing: boolean;
  /** Check 5: compare the engines' liveness verdicts too. */
  liveness?: boolean;
  /**
   * Draw the round-trip generator's programs (litmus/arbitrary.ts: every instruction, type,
   * placement and condition form the parser reads) instead of the fuzz generator's; `threads`
   * and `ops` do not apply.
   */
  everyForm?: boolean;
  /** Called with each program whose solver states the executor does not all reach. */
  onIncomplete?: (report: string) => void;
  /** Called now and then with a progress line. */
  onProgress?: (line: string) => void;
}

/**
 * The programs a search draws: the fuzz generator's (executor/fuzzgen.ts), or with `everyForm`
 * the round-trip generator's, those the solver unrolls (one whose address in a register is no
 * location's in every execution is left out, as the generator makes many).
 */
export function programs(o: Pick<FuzzOptions, 'threads' | 'ops' | 'model' | 'bound' | 'everyForm'>): fc.Arbitrary<LitmusTest> {
  if (!o.everyForm) return fuzzTest({ threads: o.threads, ops: o.ops, proxies: o.model !== 'ptx60' });
  return litmusTest.filter((t) => {
    try { unroll(t, o.bound); return true; } catch { return false; }
  });
}

export const FUZZ_DEFAULTS = {
  runs: 100, threads: [2, 4] as [number, number], ops: [1, 6] as [number, number], model: 'ptx75' as ModelName,
  bound: DEFAULTS.bound, timeoutMs: DEFAULT_TIMEOUT_S * 1000, maxStates: 50_000, enumLimit: 20_000, allMissing: false,
};

// A program over the state budget has this many of the final states reached checked: a few
// have over ten thousand, and checking them all took up to a tenth of the whole search's time.
export const CHECKED_WHEN_STOPPED = 1000;

export type FindingKind = 'round trip' | 'executor error' | 'unsound' | 'missed' | 'solver vs brute force' | 'races: solver vs brute force' | 'liveness: solver vs executor';

export interface Finding {
  kind: FindingKind;
  detail: string[];
}

export interface Tally {
  programs: number;
  /** Programs both engines answered (check 1 ran). */
  crossed: number;
  /** Programs also compared with brute force (check 2 ran). */
  enumerated: number;
  /** Programs whose racy pairs were also compared with brute force's (check 4 ran). */
  races: number;
  /** Programs where the executor misses some solver state. */
  incomplete: number;
  /** Programs whose liveness verdicts both engines gave, alike or apart only where the executor is incomplete (check 5 ran). */
  liveness: number;
  /** Of those, programs where only the solver finds a hang, through executions of a kind the executor does not perform. */
  livenessIncomplete: number;
  /** Programs check 5 could not compare (an engine gave no liveness answer), by reason: apart from `skipped`, a program may be in both. */
  livenessSkipped: Map<string, number>;
  /** Programs the cross check skipped or checked only in part (the executor stopped at its budget), by reason. */
  skipped: Map<string, number>;
}

/**
 * Counts n programs under a reason, its numbers (a count of states, a time) written N: they
 * vary by program, one line per kind of reason (Z3 stays Z3).
 */
export function countReason(by: Map<string, number>, why: string, n = 1): void {
  const kind = why.replace(/(?<![A-Za-z])\d+(\.\d+)?/g, 'N');
  by.set(kind, (by.get(kind) ?? 0) + n);
}

/** A tally of no programs yet. */
export const newTally = (): Tally => ({ programs: 0, crossed: 0, enumerated: 0, races: 0, incomplete: 0, liveness: 0, livenessIncomplete: 0, livenessSkipped: new Map(), skipped: new Map() });

/** f's value, or the reason it ran out of time or space (limits.ts resourceReason). */
function limited<T>(f: () => T): { ok: T } | { limit: string } {
  try {
    return { ok: f() };
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    return { limit: why };
  }
}

/** All checks on one program; null when it passes them. */
export async function fuzzOne(z3: Z3Session, t: LitmusTest, o: FuzzOptions, tally?: Tally): Promise<Finding | null> {
  if (tally) tally.programs++;
  // 3. Round trip through the printer and the parser.
  const text = printLitmus(t);
  let back: LitmusTest;
  try {
    back = parseLitmus(text, '<fuzz>');
  } catch (e) {
    return { kind: 'round trip', detail: [`the printed program does not parse: ${(e as Error).message}`] };
  }
  if (!isDeepStrictEqual(stripPositions(back), stripPositions(t))) {
    return { kind: 'round trip', detail: ['the printed program parses to a different test'] };
  }

  // 2. Solver against brute force, where enumerating is affordable.
  const model = MODELS[o.model]!;
  let solverStates: [string, bigint][][] | undefined;
  // A loop bound past what unrolling takes (or --timeout) leaves brute force out; the cross check says why.
  const u = limited(() => unroll(t, o.bound, limitsFrom({ timeoutMs: o.timeoutMs })));
  if ('ok' in u && candidateBound(u.ok) <= o.enumLimit) {
    const bruteRaces = new Set<string>();
    // An access that reaches no location in some consistent execution: both must refuse the
    // program. Out of time or space (--timeout): no answer, as when Z3 does not decide.
    const refused = async <T>(f: () => T | Promise<T>): Promise<{ ok: T | null } | { no: string }> => {
      try { return { ok: await f() }; } catch (e) {
        if (e instanceof UnsupportedError) return { no: e.message };
        if (resourceReason(e) !== null) return { ok: null };
        throw e;
      }
    };
    const b = await refused(() => [...enumerate(t, u.ok, model, undefined, raceCollector(t, u.ok, bruteRaces)).states].map(stateValues));
    const s = await refused(() => checkStates(z3, t, { model, bound: o.bound, timeoutMs: o.timeoutMs }, 'ok' in b ? b.ok ?? [] : [], 1));
    if ('no' in b || 'no' in s) {
      // One refuses and the other refuses too or has no answer (Z3 undecided, out of time):
      // nothing to compare, and no answer for the executor's.
      const silent = (x: typeof b | typeof s): boolean => 'no' in x || x.ok === null;
      if (silent(b) && silent(s)) {
        if (tally) countReason(tally.skipped, 'both refuse: an access reaches no location');
        return null;
      }
      return { kind: 'solver vs brute force', detail: ['no' in b ? `brute force refuses (${b.no}); the solver answers` : `the solver refuses (${'no' in s ? s.no : ''}); brute force answers`] };
    }
    const brute = 'ok' in b ? b.ok : null;
    const sc = 'ok' in s ? s.ok : null;
    if (sc && brute) {
      if (tally) tally.enumerated++;
      const rejected = brute.filter((_, i) => !sc.allowed[i]);
      if (rejected.length || sc.missing.length) {
        return {
          kind: 'solver vs brute force',
          detail: [
            ...rejected.map((s) => `brute force reaches a state Z3 rules out: ${valuationKey(s)}`),
            ...sc.missing.map((s) => `Z3 reaches a state brute force does not: ${valuationKey(s)}`),
          ],
        };
      }
      // Brute force's states are the solver's, exactly: check 1 compares with them.
      solverStates = brute;
      // 4. Races, where the solver decides every pair.
      const r = await findRaces(z3, t, { model, bound: o.bound, timeoutMs: o.timeoutMs });
      // With no execution that finishes, brute force (over finished executions) has no race to find either.
      if (r.verdict !== 'unknown' || r.noneFinishes) {
        if (tally) tally.races++;
        // Brute force enumerates executions that finish: a pair racing only in one that never does is left out.
        const solver = new Set(r.racy.filter((p) => p.stuck.length === 0).map(racyPairKey));
        const only = (a: Set<string>, b: Set<string>): string[] => [...a].filter((k) => !b.has(k));
        const detail = [
          ...only(bruteRaces, solver).map((k) => `brute force finds a race the solver does not: ${k}`),
          ...only(solver, bruteRaces).map((k) => `the solver finds a race brute force does not: ${k}`),
        ];
        if (detail.length) return { kind: 'races: solver vs brute force', detail };
      }
    }
  }

  // 5. Liveness, both engines on their own (each skip is counted, as the cross check's).
  // A stray access met only in an execution prefix (a thread that never finishes) makes the
  // liveness encoding refuse the program (cross --liveness reports it as bad input), while its
  // finished executions, which the other checks ask, make none: not compared, counted.
  const live = !o.liveness ? null : await crossLiveness(z3, '<fuzz>', t, { model: o.model, bound: o.bound, timeoutMs: o.timeoutMs, maxStates: o.maxStates })
    .catch((e: unknown) => { if (e instanceof UnsupportedError) return e; throw e; });
  if (live instanceof UnsupportedError) {
    if (tally) countReason(tally.livenessSkipped, `refused over execution prefixes: ${live.message}`);
  } else if (live) {
    if (live.status === 'disagree') return { kind: 'liveness: solver vs executor', detail: crossLivenessText(live) };
    if ((live.status === 'agree' || live.status === 'incomplete') && tally) tally.liveness++;
    if (live.status === 'incomplete' && tally) tally.livenessIncomplete++;
    if (live.status === 'skip') {
      if (tally) countReason(tally.livenessSkipped, live.solver.verdict === 'unknown' ? `solver ${live.solver.reason ?? ''}` : `executor ${live.executor.reason ?? ''}`);
    }
  }

  // 1. Executor against solver.
  const c = await crossOne(z3, '<fuzz>', t, { ...o, maxMissing: o.allMissing ? Infinity : 1, maxChecked: CHECKED_WHEN_STOPPED, ...(solverStates ? { solverStates } : {}) });
  if (c.status === 'skip' || c.status === 'refused') {
    if (tally) countReason(tally.skipped, `${c.status === 'refused' ? 'refused by both engines: ' : ''}${c.reason ?? ''}`);
    return null;
  }
  if (c.status === 'error') return { kind: 'executor error', detail: formatCross(c) };
  if (tally) tally.crossed++;
  if (c.incomplete.length) {
    if (tally) tally.incomplete++;
    o.onIncomplete?.(`${text}${formatCross(c).join('\n')}\n`);
  }
  return c.status === 'unsound' || c.status === 'missed' ? { kind: c.status, detail: formatCross(c) } : null;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** fast-check's seed is 32 bits: a larger one would run as its low 32 bits, printed as given. */
function seedOf(v: string | undefined): number {
  const n = count(v, 0, 'seed');
  if (n > 0xffffffff) throw new UsageError(`--seed takes 0 to 4294967295 (32 bits), not ${v}`);
  return n;
}

/** --out is checked before the search: a failure found after minutes must have somewhere to go. */
function writable(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--out ${file}: ${dir} is not a directory`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`--out ${file} is a directory: give a file`);
  try {
    accessSync(existsSync(file) ? file : dir, constants.W_OK);
  } catch {
    throw new UsageError(`--out ${file}: not writable`);
  }
}

export interface FuzzResult {
  tally: Tally;
  seconds: number;
  /** The shrunk failing program, its finding, and whether its printed text reproduces it. */
  failure: { test: LitmusTest; finding: Finding | null; shrinks: number; after: number } | null;
  /** The property threw (a bug in the checks themselves). */
  thrown: string | null;
}

export type Check = (z3: Z3Session, t: LitmusTest, o: FuzzOptions, tally?: Tally) => Promise<Finding | null>;

/**
 * The search: `runs` generated programs through `check` (fuzzOne; another in tests of the
 * search itself). With `path` (fast-check's counterexample path: the index of a program in
 * the seeded sequence), only that program, then its shrinking (cli/fuzzjobs.ts replays so).
 */
export async function fuzz(z3: Z3Session, o: FuzzOptions, check: Check = fuzzOne, path?: string): Promise<FuzzResult> {
  const t0 = performance.now();
  const tally = newTally();
  let shrinking = false;
  const prop = fc.asyncProperty(programs(o), async (t: LitmusTest) => {
    // Shrinking re-runs failing variants: count only the programs of the search proper.
    const f = await check(z3, t, o, shrinking ? undefined : tally);
    if (!shrinking && tally.programs % 500 === 0) {
      o.onProgress?.(`fuzz: ${tally.programs} programs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (f) shrinking = true;
    return f === null;
  });
  const r = await fc.check(prop, { numRuns: o.runs, seed: o.seed, ...(path === undefined ? {} : { path }) });
  const seconds = (performance.now() - t0) / 1000;
  if (!r.failed) return { tally, seconds, failure: null, thrown: null };
  if (!r.counterexample) return { tally, seconds, failure: null, thrown: String(r.errorInstance) };
  // fast-check's shrinking stops at a local minimum: then drop single statements while the
  // same kind of failure remains.
  let test = r.counterexample[0];
  let finding = await check(z3, test, o);
  let shrinks = r.numShrinks;
  for (let again = finding !== null; again;) {
    again = false;
    // Threads first (down to the fewest the generator makes), then statements.
    for (let th = test.threads.length - 1; th >= 0 && test.threads.length > o.threads[0] && !again; th--) {
      const smaller = withoutThread(test, th);
      const f = smaller && await check(z3, smaller, o);
      if (smaller && f && f.kind === finding!.kind) {
        [test, finding, again] = [smaller, f, true];
        shrinks++;
      }
    }
    for (let th = 0; th < test.threads.length && !again; th++) {
      for (let i = test.threads[th]!.code.length - 1; i >= 0 && !again; i--) {
        const smaller = withoutStatement(test, th, i);
        const f = smaller && await check(z3, smaller, o);
        if (smaller && f && f.kind === finding!.kind) {
          [test, finding, again] = [smaller, f, true];
          shrinks++;
        }
      }
    }
  }
  return { tally, seconds: (performance.now() - t0) / 1000, failure: { test, finding, shrinks, after: r.numRuns }, thrown: null };
}

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
  summary: 'random programs: executor within solver and reaching what its kind of execution reaches, solver equal to brute force (states and races), print/parse round trip (shrinks and saves failures)',
  args: '',
  options: [
    { name: 'runs', arg: 'N', help: 'programs to generate', dflt: String(FUZZ_DEFAULTS.runs) },
    { name: 'seed', arg: 'S', help: 'random seed (printed, so a run can be repeated)', dflt: 'random' },
    { name: 'threads', arg: 'N|N..M', help: 'threads per program, within 1..4', dflt: '2..4' },
    { name: 'ops', arg: 'N|N..M', help: 'operations per thread, within 1..6', dflt: '1..6' },
    MODEL_OPTION, BOUND_OPTION, TIMEOUT_OPTION,
    { ...MAX_STATES_OPTION, help: `executor states per program; a program needing more has only (up to ${CHECKED_WHEN_STOPPED} of) the final states reached checked (counted)`, dflt: String(FUZZ_DEFAULTS.maxStates) },
    { name: 'enum-limit', arg: 'N', help: 'compare with brute force only programs with at most N candidate executions', dflt: String(FUZZ_DEFAULTS.enumLimit) },
    { name: 'out', arg: 'FILE', help: 'where a failing program is written (then read back to confirm it fails)', dflt: 'fuzz-failure.litmus' },
    { name: 'show-incomplete', help: 'list every solver state the executor misses, per program' },
    { name: 'liveness', help: 'also compare the engines\' liveness verdicts on each program, as cross --liveness: a hang one finds and the other rules out is a failure' },
    { name: 'every-form', help: 'draw programs from the round-trip generator instead: every instruction, type, placement and condition form the parser reads (up to 4 threads; --threads and --ops do not apply)' },
    { name: 'jobs', arg: 'N', help: 'check the programs on N worker threads (at most twice the CPUs), each with its own Z3; the same programs, tally and first failure as with one', dflt: '1' },
  ],
  details: ['Ends with N passed, N failed.', 'exit status: 0 no failure, 1 a failure (written to --out) or no program checked against another engine, 2 a usage error'],
  async run(a) {
    if (a.rest.length) throw new UsageError(`unexpected argument ${a.rest[0]}`);
    const d = FUZZ_DEFAULTS;
    const everyForm = a.has('every-form');
    const shaped = ['threads', 'ops'].find((k) => a.has(k));
    if (everyForm && shaped) throw new UsageError(`--${shaped} shapes the fuzz generator's programs; --every-form draws the round-trip generator's (1 to 4 threads)`);
    const show = a.has('show-incomplete');
    const o: FuzzOptions = {
      runs: count(a.get('runs'), d.runs, 'runs'),
      seed: a.has('seed') ? seedOf(a.get('seed')) : Math.floor(Math.random() * 2 ** 31),
      threads: everyForm ? [1, 4] : range(a.get('threads'), d.threads, 1, 4, 'threads'),
      ops: range(a.get('ops'), d.ops, 1, 6, 'ops'),
      model: modelName(a.get('model')),
      bound: count(a.get('bound'), d.bound, 'bound'),
      timeoutMs: seconds(a.get('timeout'), d.timeoutMs / 1000, 'timeout') * 1000,
      maxStates: atLeastOne(a.get('max-states'), d.maxStates, 'max-states'),
      enumLimit: count(a.get('enum-limit'), d.enumLimit, 'enum-limit'),
      allMissing: show,
      liveness: a.has('liveness'),
      everyForm,
      onIncomplete: show ? (s) => process.stdout.write(s + '\n') : undefined,
      onProgress: (s) => process.stderr.write(s + '\n'),
    };
    const out = a.get('out') ?? 'fuzz-failure.litmus';
    writable(out);
    const jobs = jobsCount(a.get('jobs'));
    const shape = everyForm ? 'every form (the round-trip generator)' : `${o.threads[0]}..${o.threads[1]} threads, ${o.ops[0]}..${o.ops[1]} operations`;
    process.stdout.write(`fuzz: seed ${o.seed}, ${plural(o.runs, 'run')}, ${shape}, ${o.model}${jobs > 1 ? `, ${jobs} jobs` : ''}\n`);
    // With jobs, the workers search and this thread opens Z3 only to shrink a failure.
    const par = jobs > 1 ? await fuzzOnWorkers(o, jobs) : null;
    const z3 = await openZ3();
    try {
      let r: FuzzResult;
      if (!par) r = await fuzz(z3, o);
      else if (par.failedAt === null) r = { tally: par.tally, seconds: par.seconds, failure: null, thrown: par.thrown };
      else {
        // The failing program replayed from the seed (fast-check's path) and shrunk here.
        const s = await fuzz(z3, o, fuzzOne, String(par.failedAt));
        r = { tally: par.tally, seconds: par.seconds, thrown: s.thrown, failure: s.failure && { ...s.failure, after: par.failedAt + 1 } };
      }
      const t = r.tally;
      const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(`fuzz: ${plural(t.programs, 'program')} in ${r.seconds.toFixed(1)} s: ${plural(t.programs, 'round trip')}, ${t.enumerated} solver = brute force (${t.races} also their races), `
        + `${t.crossed} executor within solver (${t.incomplete} where it misses solver states, each only through executions of a kind it does not perform), `
        + `${o.liveness ? `${t.liveness} liveness alike in both engines (${t.livenessIncomplete} where only the solver finds a hang, through executions of a kind the executor does not perform; ${[...t.livenessSkipped.values()].reduce((a, b) => a + b, 0)} not compared), ` : ''}${skipped} not fully cross-checked\n`);
      for (const [why, n] of [...t.skipped].sort((a, b) => b[1] - a[1])) process.stdout.write(`  not fully cross-checked (${n}): ${why}\n`);
      for (const [why, n] of [...t.livenessSkipped].sort((a, b) => b[1] - a[1])) process.stdout.write(`  liveness not compared (${n}): ${why}\n`);
      if (r.thrown) {
        process.stdout.write(`fuzz: the property threw: ${r.thrown}\n0 passed, 1 failed\n`);
        return EXIT.failed;
      }
      if (!r.failure && t.programs > 0 && t.crossed === 0 && t.enumerated === 0 && t.liveness === 0) {
        // Every program skipped (a --timeout too short, say): nothing was compared, so nothing passed (cross says SKIP, exit 1).
        process.stdout.write(`fuzz: no program was checked against another engine (the reasons above)\n0 passed, ${t.programs} failed\n`);
        return EXIT.failed;
      }
      if (!r.failure) {
        process.stdout.write(`${t.programs} passed, 0 failed\n`);
        return EXIT.ok;
      }
      const f = r.failure;
      const text = printLitmus(f.test);
      try {
        writeFileSync(out, text);
      } catch (e) {
        // Checked before the search, but the place may have gone: the program is printed below all the same.
        process.stdout.write(`fuzz: could not write ${out}: ${(e as Error).message}\n`);
      }
      // The file must reproduce the failure: read it back and check it again. A round-trip
      // failure may be that the printed text does not parse: reading the file back shows it.
      let again: Finding | null;
      try {
        again = await fuzzOne(z3, parseLitmus(text, out), o);
      } catch (e) {
        if (!(e instanceof LitmusError)) throw e;
        again = f.finding?.kind === 'round trip' ? { kind: 'round trip', detail: [e.message] } : null;
      }
      process.stdout.write(`fuzz: ${f.finding?.kind ?? 'failure'} after ${f.after} programs (seed ${o.seed}, ${f.shrinks} shrinks); written to ${out}`
        + `${again ? '' : ' (WARNING: the file does not reproduce it)'}\n\n${text}\n`);
      for (const line of (again ?? f.finding)?.detail ?? []) process.stdout.write(line + '\n');
      process.stdout.write(`${f.after - 1} passed, 1 failed\n`);
      return EXIT.failed;
    } finally {
      await z3.close();
    }
  },
};
