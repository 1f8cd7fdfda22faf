// Executor speed: the operational machine alone on every corpus test and ours, the cross check
// (executor + solver oracle) outside the CADP set, and fuzzing throughput at the default shapes.
// Writes bench/EXECUTOR.md and prints it.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLitmusFiles } from '../litmus/parse.js';
import { DEFAULT_LOOP_BOUND, type LitmusTest } from '../litmus/ast.js';
import { DEFAULTS, type RunOptions, runTest } from '../executor/explore.js';
import { parseLitmus } from '../litmus/parse.js';
import { type ExFamily, exFamily, lockExchanges } from './exfamilies.js';
import { crossOne } from '../cli/cross.js';
import { CHECKED_WHEN_STOPPED, FUZZ_DEFAULTS, fuzz } from '../cli/fuzz.js';
import { fuzzOnWorkers, fuzzPrograms } from '../cli/fuzzjobs.js';
import { openZ3 } from '../solver/z3.js';
import { checkStates } from '../solver/run.js';
import { UnsupportedError } from '../solver/unroll.js';
import { ptx75 } from '../model/ptx.js';
import { reachable } from '../executor/reachable.js';
import { executorValuations, valuationKey } from '../executor/compare.js';
import { CORPUS, OWN_TESTS, ROOT, hasCorpus } from '../tests/paths.js';
import { readSpec } from '../kernel/spec.js';
import { readModule } from '../kernel/module.js';
import { instantiate } from '../kernel/instantiate.js';
import { observingMemory, specTest } from '../kernel/launched.js';

if (!hasCorpus) {
  process.stderr.write(`bench: no corpus at ${CORPUS}\n`);
  process.exit(1);
}

const bound = DEFAULT_LOOP_BOUND;
const tests = (dir: string) => readLitmusFiles([dir]).flatMap((f) => (f.test ? [{ file: f.file, test: f.test }] : []));
const corpus = tests(join(CORPUS, 'litmus'));
const own = tests(OWN_TESTS);

// 1. The executor alone: with both reductions (the default), with the partial-order
// reduction only, and with neither.
const SETTINGS = [
  { name: 'on', reduce: true, canonical: true, spinAssume: true, sleep: true },
  { name: 'on, without sleep sets', reduce: true, canonical: true, spinAssume: true, sleep: false },
  { name: 'on, spin loops unrolled', reduce: true, canonical: true, spinAssume: false, sleep: true },
  { name: 'POR only', reduce: true, canonical: false, spinAssume: true, sleep: true },
  { name: 'off', reduce: false, canonical: false, spinAssume: false, sleep: false },
] as const;
const exRows: string[] = [];
// Each test is run with every setting in turn, so that none pays more for the JIT warming up.
for (const [name, set] of [['dat3m corpus', corpus], ['litmus/tests', own]] as const) {
  const acc = SETTINGS.map((setting) => ({ setting, visited: 0, ms: 0, slowest: { ms: 0, file: '', visited: 0 } }));
  for (const { file, test } of set) {
    for (const a of acc) {
      const t0 = performance.now();
      const r = runTest(test, { model: 'ptx75', bound, reduce: a.setting.reduce, canonical: a.setting.canonical, spinAssume: a.setting.spinAssume, sleep: a.setting.sleep });
      const ms = performance.now() - t0;
      const v = r.ok ? r.result.stats.visited : 0;
      a.visited += v;
      a.ms += ms;
      if (ms > a.slowest.ms) a.slowest = { ms, file: file.split('/').pop()!, visited: v };
    }
  }
  for (const a of acc) {
    const s = a.ms / 1000;
    exRows.push(`| ${name} | ${a.setting.name} | ${set.length} | ${s.toFixed(2)} | ${a.visited} | ${(a.visited / s / 1000).toFixed(0)}k | ${a.slowest.ms.toFixed(0)} (${a.slowest.file}, ${a.slowest.visited} states) |`);
  }
}
// The rows above are mostly the JIT compiling the executor (748 small tests, 41 states each on
// average). The same corpus run again in this process, three times, the last one timed: what a
// state costs once compiled (a long run, a fuzz search).
{
  let visited = 0;
  let ms = 0;
  for (let pass = 0; pass < 3; pass++) {
    visited = 0;
    ms = 0;
    for (const { test } of corpus) {
      const t0 = performance.now();
      const r = runTest(test, { model: 'ptx75', bound });
      ms += performance.now() - t0;
      visited += r.ok ? r.result.stats.visited : 0;
    }
  }
  exRows.push(`| dat3m corpus | on, third pass in one process (compiled) | ${corpus.length} | ${(ms / 1000).toFixed(2)} | ${visited} | ${(visited / ms).toFixed(0)}k | |`);
}

// 1b. Scaling: rings of n threads (bench/exfamilies.ts), with and without the reduction.
// Without it the state space grows about 5x per thread: those runs stop at a state budget.
const FAMILY_BUDGET = 400_000;
/** One exploration as a table cell: time, states visited, outcomes (or where it stopped). */
function explored(src: string, opts: Partial<RunOptions>): string {
  const a = performance.now();
  const r = runTest(parseLitmus(src), { model: 'ptx75', bound, maxStates: FAMILY_BUDGET, ...opts });
  const ms = performance.now() - a;
  if (!r.ok) return r.error;
  const st = r.result.stats;
  if (st.truncated) return `over ${FAMILY_BUDGET} states (${(ms / 1000).toFixed(1)} s)`;
  return `${(ms / 1000).toFixed(2)} s, ${st.visited} states (${(st.visited / ms).toFixed(0)}k/s), ${r.result.states.length} outcomes`;
}
// 1b'. Kernels: the lock examples with one thread per block, the executor alone (their memory
// observed), at a minute each; `ptxmm kernel`'s times for the same launches are bench/KERNELS.md's.
const KERNELS = join(ROOT, 'examples', 'kernels');
const kernelRows: string[] = [];
for (const [k, sizes] of [['cas_lock', [2, 3, 4, 5]], ['ticket_lock', [2, 4, 6, 8]]] as const) {
  const spec = readSpec(join(KERNELS, `${k}.kernel.json`));
  const mod = readModule(readFileSync(spec.ptx, 'utf8'), spec.ptx);
  const cells: string[] = [];
  for (const n of sizes) {
    const test = observingMemory(instantiate(mod, { ...spec.launch, grid: { x: n, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 } }).test);
    const a = performance.now();
    const r = runTest(test, { model: 'ptx75', bound, maxStates: 3_000_000, deadline: { at: a + 60_000, reason: 'a minute' } });
    const ms = performance.now() - a;
    cells.push(!r.ok ? r.error : r.result.stats.truncated ? `> 60 s (${r.result.stats.visited} states)` : `${(ms / 1000).toFixed(1)} s, ${r.result.stats.visited} states`);
  }
  kernelRows.push(`| ${k} | ${sizes.map((n, i) => `${n}: ${cells[i]}`).join(' | ')} |`);
}

const famRows: string[] = [];
// MP-10, the largest of the families below, run six times in this process, the best of the last
// five timed: what a state costs once compiled. Before the families: the runs without the
// reductions (390,625 states each) leave a large heap behind, on which the same runs took a
// fifth longer (0.56 s against 0.47 s).
let mpCompiled = '';
{
  const mp = parseLitmus(exFamily('MP', 10));
  let best = Infinity;
  let visited = 0;
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    const r = runTest(mp, { model: 'ptx75', bound, maxStates: FAMILY_BUDGET });
    const ms = performance.now() - t0;
    visited = r.ok ? r.result.stats.visited : 0;
    if (i > 0) best = Math.min(best, ms);
  }
  mpCompiled = `| MP-10, compiled (best of five more runs in one process) | ${(best / 1000).toFixed(2)} s, ${visited} states (${(visited / best).toFixed(0)}k/s) | |`;
}
for (const kind of ['SB', 'LB', 'MP'] as ExFamily[]) {
  for (const n of [4, 6, 8, 10]) {
    const cell = (reduce: boolean): string => (!reduce && n > 8 ? 'not run' : explored(exFamily(kind, n), { reduce, canonical: reduce }));
    famRows.push(`| ${kind}-${n} | ${cell(true)} | ${cell(false)} |`);
  }
}
famRows.push(mpCompiled);

// 1c. Many morally strong writes to one location: the lock family at growing loop bounds.
const lockRows = [2, 3, 4, 5].map((b) => `| ${b} | ${explored(lockExchanges, { bound: b })} |`);

// 1d. The fuzz search's programs (the default shapes, seed 424242), the executor alone at the
// search's state budget: how many it cannot finish, per setting.
const FUZZ_RUNS = 200;
const fuzzProgs = fuzzPrograms({ ...FUZZ_DEFAULTS, runs: FUZZ_RUNS, seed: 424242 });
// "on, witnesses": as cross and fuzz run it, each thread keeping its trace (RunOptions.witness).
const FUZZ_SETTINGS = [...SETTINGS.filter((x) => x.reduce).map((x) => ({ ...x, witness: false })), { name: 'on, witnesses', reduce: true, canonical: true, spinAssume: true, sleep: true, witness: true }];
/** The executor alone over programs at the fuzz search's budget: states, how many ran and how many it could not finish. */
function exploreAll(progs: readonly LitmusTest[], opts: Partial<RunOptions>): { visited: number; ran: number; over: number; sec: number } {
  let visited = 0;
  let ran = 0;
  let over = 0;
  const t0 = performance.now();
  for (const t of progs) {
    const r = runTest(t, { model: 'ptx75', bound, maxStates: FUZZ_DEFAULTS.maxStates, ...opts });
    if (!r.ok) continue;
    ran++;
    visited += r.result.stats.visited;
    if (r.result.stats.truncated) over++;
  }
  return { visited, ran, over, sec: (performance.now() - t0) / 1000 };
}

const fuzzExRows = FUZZ_SETTINGS.map((setting) => {
  const { visited, over, sec } = exploreAll(fuzzProgs, { reduce: setting.reduce, canonical: setting.canonical, spinAssume: setting.spinAssume, sleep: setting.sleep, witness: setting.witness });
  return `| ${setting.name} | ${over} (${(100 * over / FUZZ_RUNS).toFixed(1)}%) | ${visited} | ${sec.toFixed(2)} | ${(visited / sec / 1000).toFixed(0)}k |`;
});

// 1e. The share over the budget from 200 programs is a small sample: the default setting on a
// larger one (another seed), so that the rate quoted does not rest on 200 draws.
const LARGE_RUNS = 1500;
const LARGE_SEED = 20261126;
const largeLine = ((): string => {
  const { visited, ran, over, sec } = exploreAll(fuzzPrograms({ ...FUZZ_DEFAULTS, runs: LARGE_RUNS, seed: LARGE_SEED }), {});
  return `A larger sample, ${LARGE_RUNS} programs (seed ${LARGE_SEED}, the same shapes), reduction on: ${over} of ${ran} over the budget (${(100 * over / ran).toFixed(1)}%), `
    + `${visited} states in ${sec.toFixed(1)} s (${(visited / sec / 1000).toFixed(0)}k/s).`;
})();

// 2. Cross check (executor, then the solver asked about each of its states) outside CADP,
// whose cost is the solver's (bench/RESULTS.md), and on our tests.
const z3 = await openZ3();
const crossRows: string[] = [];
let fuzzLine = '';
let reachLine = '';
const REACH_RUNS = 100;
try {
  // The example kernels as `ptxmm cross SPEC` reads them (their memory observed), at the bench's
  // bound, not a spec's own: those the executor does not run are skipped (warps, bar.red, a read
  // of uninitialised memory).
  const kernelSpecs = readdirSync(KERNELS).filter((f) => f.endsWith('.kernel.json')).sort().map((f) => {
    const { test, ptx } = specTest(join(KERNELS, f));
    return { file: ptx, test };
  });
  for (const [name, set] of [['dat3m outside CADP', corpus.filter((t) => !t.file.includes('/CADP/'))], ['litmus/tests', own],
    ['examples/kernels (specs; the others skipped, not run by the executor)', kernelSpecs]] as const) {
    const t0 = performance.now();
    let pass = 0;
    let states = 0;
    let reached = 0;
    let exStates = 0;
    let replayed = 0;
    for (const { file, test } of set) {
      const c = await crossOne(z3, file, test, { model: 'ptx75', bound, timeoutMs: 60_000, maxStates: DEFAULTS.maxStates, maxMissing: Infinity });
      if (c.status === 'pass') pass++; // sound, and no state missed that the executor must reach
      states += c.solverStates ?? 0;
      reached += (c.solverStates ?? 0) - (c.incomplete?.length ?? 0);
      exStates += c.executorStates ?? 0;
      replayed += c.replayed ?? 0;
    }
    crossRows.push(`| ${name} | ${set.length} | ${pass} | ${reached} of ${states} | ${replayed} of ${exStates} | ${((performance.now() - t0) / 1000).toFixed(2)} |`);
  }

  // 3. Fuzzing throughput at the command's default shapes, fixed seed; then on two worker threads.
  const runs = FUZZ_RUNS;
  const r = await fuzz(z3, { ...FUZZ_DEFAULTS, runs, seed: 424242 });
  const par = await fuzzOnWorkers({ ...FUZZ_DEFAULTS, runs, seed: 424242 }, 2);
  const t = r.tally;
  const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
  fuzzLine = `${runs} programs (seed 424242, ${FUZZ_DEFAULTS.threads.join('..')} threads, ${FUZZ_DEFAULTS.ops.join('..')} operations) in ${r.seconds.toFixed(1)} s `
    + `(${(r.seconds / runs * 1000).toFixed(0)} ms per program): ${t.enumerated} also against brute force (${t.races} their races too), ${t.crossed} cross-checked, `
    + `${skipped} over the ${FUZZ_DEFAULTS.maxStates} state budget (only final states reached checked, up to ${CHECKED_WHEN_STOPPED.toLocaleString('en-US')} a program), ${t.incomplete} where the executor misses a solver state; `
    + `${r.failure ? 'a FAILURE' : 'no failure'}. With \`--jobs 2\` (two worker threads, each its own Z3): ${par.seconds.toFixed(1)} s `
    + `(${(par.seconds / runs * 1000).toFixed(0)} ms per program), ${par.failedAt === null ? 'the same tally' : 'a FAILURE'}${par.tally.crossed === t.crossed && par.tally.enumerated === t.enumerated && par.tally.races === t.races ? '' : ' (TALLY DIFFERS)'}.`;

  // 4. How much of the model the MISSED check covers (executor/reachable.ts): per program, the
  // states the model allows, those the executor reaches, and those the model with the
  // executor's axioms allows, which the executor must all reach.
  let full = 0;
  let reachedAll = 0;
  let must = 0;
  let mustReached = 0;
  let programs = 0;
  const t4 = performance.now();
  for (const t of fuzzPrograms({ ...FUZZ_DEFAULTS, runs: REACH_RUNS, seed: 424242 })) {
    const ex = runTest(t, { model: 'ptx75', bound, maxStates: FUZZ_DEFAULTS.maxStates });
    if (!ex.ok || ex.result.stats.truncated) continue;
    const opt = { bound, timeoutMs: 60_000 };
    let a: Awaited<ReturnType<typeof checkStates>>;
    let b: Awaited<ReturnType<typeof checkStates>>;
    try {
      a = await checkStates(z3, t, { ...opt, model: ptx75 }, [], Infinity);
      b = await checkStates(z3, t, { ...opt, model: reachable(ptx75) }, [], Infinity);
    } catch (e) {
      if (e instanceof UnsupportedError) continue; // an access that reaches no location: no answer
      throw e;
    }
    if (!a || !b) continue;
    const reachedKeys = new Set(executorValuations(ex.result).map(valuationKey));
    programs++;
    full += a.missing.length;
    reachedAll += a.missing.filter((v) => reachedKeys.has(valuationKey(v))).length;
    must += b.missing.length;
    mustReached += b.missing.filter((v) => reachedKeys.has(valuationKey(v))).length;
  }
  reachLine = `${programs} of the first ${REACH_RUNS} fuzz programs (seed 424242; those the executor finishes within ${FUZZ_DEFAULTS.maxStates} states): `
    + `the model allows ${full} final states, the executor reaches ${reachedAll} (${(100 * reachedAll / full).toFixed(1)}%); the model with the executor's axioms allows ${must} `
    + `(${(100 * must / full).toFixed(1)}% of the model's), of which the executor reaches ${mustReached}${must === mustReached ? '' : ' (SOME MISSED)'}; ${((performance.now() - t4) / 1000).toFixed(1)} s.`;
} finally {
  await z3.close();
}

// 5. Before and after: with PTXMM_BASELINE=DIR (another checkout, built), the fuzz programs and
// the corpus explored by both executors in this process, alternating, three rounds; process CPU
// time is compared as well as wall time, since wall time on a shared machine swings between
// rounds. The states visited must be the same: a change of speed only.
const BASELINE = process.env['PTXMM_BASELINE'] ?? null;
const baselineRows: string[] = [];
let baselineCommit = '';
if (BASELINE) {
  const { execFileSync } = await import('node:child_process');
  baselineCommit = execFileSync('git', ['-C', BASELINE, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  type Run = typeof runTest;
  const before = (await import(join(BASELINE, 'dist', 'executor', 'explore.js')) as { runTest: Run }).runTest;
  const sets: [string, LitmusTest[], Partial<RunOptions>][] = [
    [`fuzz programs (${FUZZ_RUNS}), reductions on`, fuzzProgs, { maxStates: FUZZ_DEFAULTS.maxStates }],
    [`fuzz programs (${FUZZ_RUNS}), reductions off`, fuzzProgs, { maxStates: FUZZ_DEFAULTS.maxStates, reduce: false, canonical: false, spinAssume: false, sleep: false }],
    ['dat3m corpus, reductions on', corpus.map((c) => c.test), {}],
  ];
  const median3 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
  for (const [name, progs, opts] of sets) {
    const m: Record<'now' | 'before', { cpu: number[]; wall: number[]; visited: number }> = { now: { cpu: [], wall: [], visited: 0 }, before: { cpu: [], wall: [], visited: 0 } };
    for (let round = 0; round < 3; round++) {
      for (const [which, run] of [['before', before], ['now', runTest]] as ['now' | 'before', Run][]) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        let visited = 0;
        for (const t of progs) {
          const r = run(t, { model: 'ptx75', bound, ...opts });
          if (r.ok) visited += r.result.stats.visited;
        }
        const c = process.cpuUsage(c0);
        m[which].wall.push((performance.now() - t0) / 1000);
        m[which].cpu.push((c.user + c.system) / 1e6);
        m[which].visited = visited;
      }
    }
    const rate = (v: number, s: number): string => `${(v / s / 1000).toFixed(1)}k/s`;
    const [n, b] = [m.now, m.before];
    const same = n.visited === b.visited ? 'same' : `DIFFERENT (${b.visited} before)`;
    baselineRows.push(`| ${name} | ${n.visited} (${same}) | ${median3(b.cpu).toFixed(2)} (${rate(b.visited, median3(b.cpu))}) | ${median3(n.cpu).toFixed(2)} (${rate(n.visited, median3(n.cpu))}) | ${(100 * (median3(b.cpu) / median3(n.cpu) - 1)).toFixed(1)}% | ${median3(b.wall).toFixed(2)} / ${median3(n.wall).toFixed(2)} |`);
  }
}

const table = [
  '# Executor benchmark',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ptx75, loop bound ${bound}.`,
  '',
  '## The executor alone (exhaustive exploration)',
  '',
  'Reduction on: the partial-order reduction (`RunOptions.reduce`, executor/reduce.ts), with sleep sets (`RunOptions.sleep`, executor/explore.ts: an operation that commutes with the one taken is not taken again after it), and one state per class of states that behave alike (`RunOptions.canonical`, executor/canonical.ts: writes numbered by thread, finished threads reduced to their registers, a location nobody accesses any more reduced to its last writes, what no step to come reads forgotten: executor/footprint.ts) and spin loops that go round again dropped (`RunOptions.spinAssume`, executor/spin.ts); without sleep sets: the first three alone (the states visited differ too: with persistent sets, sleep sets leave out states no final state needs); spin loops unrolled: without the last, every iteration up to the bound; POR only: without the classes; off: every interleaving, every state as made, every loop unrolled. Dropped executions end where they are dropped, not stored (not counted as states visited).',
  '',
  '| tests | reduction | count | total s | states visited | states/s | slowest ms |',
  '|---|---|---|---|---|---|---|',
  ...exRows,
  '',
  '## Scaling: rings of n threads (bench/exfamilies.ts; relaxed.gpu accesses, one CTA per thread)',
  '',
  `SB-n: thread i stores x_i then loads x_i+1; LB-n: loads x_i then stores x_i+1; MP-n: one producer (weak data, release flag), n-1 acquiring consumers. Budget ${FAMILY_BUDGET} states.`,
  '',
  '| test | with the reductions | without |',
  '|---|---|---|',
  ...famRows,
  '',
  '## Kernels: the lock examples at N blocks of one thread (`ptxmm cross SPEC`\'s executor run, memory observed; a minute each)',
  '',
  '| kernel | blocks: time, states | | | |',
  '|---|---|---|---|---|',
  ...kernelRows,
  '',
  '## A lock word taken by exchange in loops (bench/exfamilies.ts `lockExchanges`): the loop bound makes the morally strong writes to one location',
  '',
  'Where a new write may go in coherence was once found among all 2^k subsets of the k morally strong writes it is not yet ordered with; it is now a search that stops at the first broken rule (executor/memory.ts `placements`). Bound 4 did not finish in a minute before.',
  '',
  '| loop bound | with the reductions |',
  '|---|---|',
  ...lockRows,
  '',
  `## The fuzz search's programs (${FUZZ_RUNS}, seed 424242, default shapes), the executor alone at the ${FUZZ_DEFAULTS.maxStates}-state budget`,
  '',
  '| reduction | over the budget | states visited | total s | states/s |',
  '|---|---|---|---|---|',
  ...fuzzExRows,
  '',
  largeLine,
  '',
  '## Cross check (executor with witnesses; each final state replayed on its own execution with the concrete evaluator, solver/replay.ts; then `checkStates`: Z3 on the states not shown so, and for states the executor misses)',
  '',
  '| tests | count | passed (sound, none MISSED) | solver states reached | executor states shown on their own execution | total s |',
  '|---|---|---|---|---|---|',
  ...crossRows,
  '',
  '## Fuzzing',
  '',
  fuzzLine,
  '',
  '## What the MISSED check covers (executor/reachable.ts: the model with the executor\'s axioms; `cross` and `fuzz` fail on a state it allows that the executor misses)',
  '',
  reachLine,
  '',
  `Peak memory: max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB.`,
  '',
  ...(BASELINE ? [
    `## Before and after (PTXMM_BASELINE: commit ${baselineCommit} against this one, alternating, median of 3 rounds in one process)`,
    '',
    '| programs | states visited | before: CPU s (states per CPU second) | now: CPU s | faster by | wall s, before / now |',
    '|---|---|---|---|---|---|',
    ...baselineRows,
    '',
  ] : []),
].join('\n');
writeFileSync(join(ROOT, 'bench', 'EXECUTOR.md'), table);
process.stdout.write(table);
