// One of `check --jobs N`'s worker threads: its own Z3, answering one test at a time with the
// same checkOne and report as the sequential loop (cli/checkjobs.ts hands out the tests).
import { parentPort, workerData } from 'node:worker_threads';
import type { LitmusTest } from '../litmus/ast.js';
import type { Model } from '../model/relalg.js';
import { openZ3 } from '../solver/z3.js';
import { refusal } from '../solver/unroll.js';
import { checkOne, report } from './check.js';

/** The model is plain data (relalg.ts terms): it crosses to the worker as it is, cat models and --without included. */
export interface WorkerSettings { model: Model; bound: number; timeoutMs: number; symmetry: boolean }
export type JobMessage = { kind: 'test'; index: number; file: string; test: LitmusTest } | { kind: 'done' };
export type JobAnswer =
  | { kind: 'report'; index: number; report: ReturnType<typeof report> }
  | { kind: 'error'; index: number; message: string }
  /** The solver refused the test (solver/unroll.ts refusal): an input error, at `pos` when it names an instruction. */
  | { kind: 'refused'; index: number; message: string; pos: { line: number; col: number } | null }
  | { kind: 'closed' };

const s = workerData as WorkerSettings;
const model = s.model;
const z3 = openZ3();
const port = parentPort!;
port.on('message', (m: JobMessage) => {
  void (async () => {
    if (m.kind === 'done') {
      await (await z3).close();
      port.postMessage({ kind: 'closed' } satisfies JobAnswer);
      return;
    }
    try {
      const { r, seconds } = await checkOne(await z3, m.test, model, s.bound, s.timeoutMs, s.symmetry);
      port.postMessage({ kind: 'report', index: m.index, report: report(m.test, m.file, model, s.bound, r, seconds) } satisfies JobAnswer);
    } catch (e) {
      const r = refusal(e, m.file);
      port.postMessage(r
        ? { kind: 'refused', index: m.index, message: r.message, pos: r.line === null ? null : { line: r.line, col: r.col! } } satisfies JobAnswer
        : { kind: 'error', index: m.index, message: (e as Error).message } satisfies JobAnswer);
    }
  })();
});
