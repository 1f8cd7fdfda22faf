// The thread behind tests/cli.ts `ptxmm`: runs the CLI's `main` once per request, in this one
// thread, with what it writes captured. Its modules and Z3's compiled WebAssembly are loaded
// once per test file instead of once per command (a `ptxmm` process spends 0.4-0.5 s starting
// before it reads its arguments; the suite started about 650 of them).
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { main } from '../cli/main.js';

/** The caller waits on `flag` (0: working; 1: answered; 2: answered, and this thread ends). */
const { flag, port } = workerData as { flag: Int32Array; port: MessagePort };

export interface Answer { out: string; err: string; code: number | null }

let out: string[] = [];
let err: string[] = [];

type Write = typeof process.stdout.write;
/** A stream's write that keeps the text (its callback is called, as a pipe's would be). */
const keep = (into: () => string[]): Write => ((chunk: string | Uint8Array, enc?: unknown, cb?: unknown): boolean => {
  into().push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  const done = typeof enc === 'function' ? enc : cb;
  if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
  return true;
}) as Write;
process.stdout.write = keep(() => out);
process.stderr.write = keep(() => err);

function answer(code: number | null, ends = false): void {
  port.postMessage({ out: out.join(''), err: err.join(''), code } satisfies Answer);
  out = [];
  err = [];
  Atomics.store(flag, 0, ends ? 2 : 1);
  Atomics.notify(flag, 0);
}

parentPort!.on('message', (args: string[]) => {
  out = [];
  err = [];
  // As bin/ptxmm.js reports what main throws.
  main(args).then((code) => answer(code), (e: unknown) => {
    err.push(`ptxmm: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    answer(2);
  });
});

// What would have crashed a process (an exception thrown outside main's promise, a rejection
// nobody handles) ends this thread as it would have ended the process: exit 1, the stack on stderr.
process.on('uncaughtException', (e: unknown) => {
  err.push(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  answer(1, true);
  process.exit(1);
});
