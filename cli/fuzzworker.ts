// One of `fuzz --jobs N`'s worker threads: its own Z3, putting one generated program at a time
// through the same fuzzOne as the sequential search (cli/fuzzjobs.ts hands them out).
import { parentPort, workerData } from 'node:worker_threads';
import type { LitmusTest } from '../litmus/ast.js';
import { openZ3 } from '../solver/z3.js';
import { type Finding, type FuzzOptions, type Tally, fuzzOne, newTally } from './fuzz.js';

/** FuzzOptions without its callbacks (they do not cross threads). */
export type FuzzSettings = Omit<FuzzOptions, 'onIncomplete' | 'onProgress'>;
export type FuzzJob = { kind: 'program'; index: number; test: LitmusTest } | { kind: 'done' };
/** What one program added to the tally, its finding, and its incomplete report if any (--show-incomplete). */
export type FuzzCounts = Omit<Tally, 'programs' | 'skipped' | 'livenessSkipped'> & { skipped: [string, number][]; livenessSkipped: [string, number][] };
export type FuzzAnswer =
  | { kind: 'checked'; index: number; finding: Finding | null; counts: FuzzCounts; incompleteReport: string | null }
  | { kind: 'error'; index: number; message: string }
  | { kind: 'closed' };

const settings = workerData as FuzzSettings;
const z3 = openZ3();
const port = parentPort!;
port.on('message', (m: FuzzJob) => {
  void (async () => {
    if (m.kind === 'done') {
      await (await z3).close();
      port.postMessage({ kind: 'closed' } satisfies FuzzAnswer);
      return;
    }
    const tally = newTally();
    let incompleteReport: string | null = null;
    try {
      const finding = await fuzzOne(await z3, m.test, { ...settings, onIncomplete: (r) => { incompleteReport = r; } }, tally);
      const counts: FuzzCounts = { crossed: tally.crossed, enumerated: tally.enumerated, races: tally.races, incomplete: tally.incomplete, liveness: tally.liveness, livenessIncomplete: tally.livenessIncomplete, skipped: [...tally.skipped], livenessSkipped: [...tally.livenessSkipped] };
      port.postMessage({ kind: 'checked', index: m.index, finding, counts, incompleteReport } satisfies FuzzAnswer);
    } catch (e) {
      port.postMessage({ kind: 'error', index: m.index, message: (e as Error).stack ?? String(e) } satisfies FuzzAnswer);
    }
  })();
});
