// `fuzz --jobs N`: the search's programs (the same seeded sequence as the sequential search)
// checked on N worker threads (cli/fuzzworker.ts), each with its own Z3, handed out one at a
// time. Results are taken in program order, so the tally, the incomplete reports and the
// first failure are the sequential search's; the failure is then replayed and shrunk on this
// thread (fuzz with `path`).
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import type { LitmusTest } from '../litmus/ast.js';
import { dropEarlyWorker } from '../solver/z3wasm.js';
import { FUZZ_DEFAULTS, type FuzzOptions, type Tally, countReason, newTally, programs } from './fuzz.js';
import type { FuzzAnswer, FuzzJob, FuzzSettings } from './fuzzworker.js';

/** The programs the search with these options generates, in order (fast-check draws them from the seed alone). */
export function fuzzPrograms(o: Pick<FuzzOptions, 'runs' | 'seed' | 'threads' | 'ops'> & Partial<Pick<FuzzOptions, 'model' | 'bound' | 'everyForm'>>): LitmusTest[] {
  const out: LitmusTest[] = [];
  fc.check(fc.property(programs({ model: 'ptx75', bound: FUZZ_DEFAULTS.bound, ...o }), (t) => { out.push(t); return true; }), { numRuns: o.runs, seed: o.seed });
  return out;
}

export interface ParallelFuzz {
  tally: Tally;
  /** Index of the first program (in order) with a finding, or null. */
  failedAt: number | null;
  /** A worker's internal error on a program (the property threw), or null. */
  thrown: string | null;
  seconds: number;
}

export async function fuzzOnWorkers(o: FuzzOptions, jobs: number): Promise<ParallelFuzz> {
  const t0 = performance.now();
  // Z3 runs on the workers, each with its own timer thread: this thread's is not needed yet.
  dropEarlyWorker();
  const programs = fuzzPrograms(o);
  const tally = newTally();
  let failedAt: number | null = null;
  let thrown: string | null = null;
  const ready = new Map<number, FuzzAnswer>();
  let taken = 0;
  let next = 0;
  // Takes answers in program order up to the first failure; later ones are dropped.
  const settle = (a: FuzzAnswer & { index: number }): void => {
    ready.set(a.index, a);
    while (failedAt === null && thrown === null && ready.has(taken)) {
      const r = ready.get(taken)!;
      ready.delete(taken);
      tally.programs++;
      if (r.kind === 'error') thrown = r.message;
      else if (r.kind === 'checked') {
        tally.crossed += r.counts.crossed;
        tally.enumerated += r.counts.enumerated;
        tally.races += r.counts.races;
        tally.incomplete += r.counts.incomplete;
        tally.liveness += r.counts.liveness;
        tally.livenessIncomplete += r.counts.livenessIncomplete;
        for (const [why, n] of r.counts.skipped) countReason(tally.skipped, why, n);
        for (const [why, n] of r.counts.livenessSkipped) countReason(tally.livenessSkipped, why, n);
        if (r.incompleteReport) o.onIncomplete?.(r.incompleteReport);
        if (r.finding) failedAt = taken;
      }
      taken++;
      if (tally.programs % 500 === 0) o.onProgress?.(`fuzz: ${tally.programs} programs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  };
  const { onIncomplete: _i, onProgress: _p, ...rest } = o;
  const settings: FuzzSettings = rest;
  const workers = Array.from({ length: Math.min(jobs, programs.length) }, () => new Worker(new URL('./fuzzworker.js', import.meta.url), { workerData: settings }));
  const run = (w: Worker): Promise<void> => new Promise<void>((resolve, reject) => {
    const give = (): void => {
      const i = failedAt === null && thrown === null && next < programs.length ? next++ : -1;
      w.postMessage((i < 0 ? { kind: 'done' } : { kind: 'program', index: i, test: programs[i]! }) satisfies FuzzJob);
    };
    w.on('message', (a: FuzzAnswer) => {
      if (a.kind === 'closed') { resolve(); return; }
      settle(a);
      give();
    });
    w.on('error', reject);
    give();
  });
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { tally, failedAt, thrown, seconds: (performance.now() - t0) / 1000 };
}
