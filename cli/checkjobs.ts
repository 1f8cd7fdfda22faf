// `check --jobs N`: the tests on N worker threads (cli/checkworker.ts), each with its own Z3,
// handed out one at a time to whichever is free; the answers are passed on in the order of the
// inputs, so the output is the sequential loop's, whatever order they finish in.
import { Worker } from 'node:worker_threads';
import type { FileResult } from '../litmus/parse.js';
import type { CheckReport } from './check.js';
import type { JobAnswer, JobMessage, WorkerSettings } from './checkworker.js';
import { dropEarlyWorker } from '../solver/z3wasm.js';
import { LitmusError } from '../litmus/errors.js';

/**
 * What became of input i: its report, an internal error, the solver's refusal of the test (an
 * input error), or (a file that does not parse) nothing to ask.
 */
export type Outcome = { report: CheckReport } | { error: string } | { refused: LitmusError } | { unreadable: true };

export async function checkOnWorkers(files: readonly FileResult[], jobs: number, settings: WorkerSettings, onOutcome: (i: number, o: Outcome) => void): Promise<void> {
  // Z3 runs on the workers, each starting its own timer thread: this thread's is not needed.
  dropEarlyWorker();
  const ready = new Map<number, Outcome>();
  let printed = 0;
  const settle = (i: number, o: Outcome): void => {
    ready.set(i, o);
    while (ready.has(printed)) {
      onOutcome(printed, ready.get(printed)!);
      ready.delete(printed++);
    }
  };
  const queue: number[] = [];
  files.forEach((f, i) => (f.error ? settle(i, { unreadable: true }) : queue.push(i)));
  const workers = Array.from({ length: Math.min(jobs, queue.length) }, () => new Worker(new URL('./checkworker.js', import.meta.url), { workerData: settings }));
  try {
    await Promise.all(workers.map((w) => run(w)));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }

  function run(w: Worker): Promise<void> {
    return new Promise<void>((resolve, reject) => {
    let current = -1;
    const next = (): void => {
      const i = queue.shift();
      current = i ?? -1;
      w.postMessage((i === undefined ? { kind: 'done' } : { kind: 'test', index: i, file: files[i]!.file, test: files[i]!.test! }) satisfies JobMessage);
    };
    w.on('message', (m: JobAnswer) => {
      if (m.kind === 'closed') { resolve(); return; }
      settle(m.index, m.kind === 'report' ? { report: m.report }
        : m.kind === 'refused' ? { refused: new LitmusError(m.message, m.pos, files[m.index]!.file) } : { error: m.message });
      next();
    });
    w.on('error', (e) => {
      if (current >= 0) settle(current, { error: e.message });
      reject(e);
    });
    next();
    });
  }
}
