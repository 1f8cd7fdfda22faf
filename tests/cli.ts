// Running ptxmm from tests, as a user would, on files in a scratch folder: in-process (`ptxmm`) or as
// the real `bin/ptxmm.js` process (`ptxmmProcess`, `ptxmmWith`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MessagePort, MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { Answer } from './cliworker.js';
import { ROOT } from './paths.js';

/** A scratch folder and a way to write test files into it. */
export function scratch(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write: (name, text) => {
      const f = join(dir, name);
      writeFileSync(f, text);
      return f;
    },
  };
}

/** The thread that runs ptxmm's commands in this process (tests/cliworker.ts), once started. */
interface Host { worker: Worker; port: MessagePort; flag: Int32Array }
let host: Host | null = null;

function startHost(): Host {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./cliworker.js', import.meta.url), { workerData: { flag, port: port2 }, transferList: [port2] });
  // Neither keeps the test file's process alive once its tests are done.
  worker.unref();
  port1.unref();
  return { worker, port: port1, flag };
}

/** How long one command may take (as the process's limit below). */
const LIMIT_MS = 120_000;

/**
 * Runs `ptxmm ARGS` as bin/ptxmm.js would, and what it wrote to stdout and stderr, and its exit
 * status: `main` itself, in a thread of this process that stays for the next command (waited
 * for synchronously, so that tests read as a user's session). Where the process is what a test
 * is about (it exits on its own, signals, stdin, the environment), use `ptxmmProcess`.
 */
export function ptxmm(...args: string[]): Answer {
  const h = (host ??= startHost());
  Atomics.store(h.flag, 0, 0);
  h.worker.postMessage(args);
  const waited = Atomics.wait(h.flag, 0, 0, LIMIT_MS);
  const reply = receiveMessageOnPort(h.port)?.message as Answer | undefined;
  if (waited === 'timed-out' || Atomics.load(h.flag, 0) === 2 || !reply) {
    void h.worker.terminate();
    host = null;
  }
  return reply ?? { out: '', err: `ptxmm ${args.join(' ')}: no answer within ${LIMIT_MS / 1000} s\n`, code: null };
}

/** Runs the real `bin/ptxmm.js` in a process of its own; it must exit on its own within two minutes. */
export function ptxmmProcess(...args: string[]): Answer {
  return ptxmmWith({}, ...args);
}

/** ptxmm's process with extra environment variables; `ms` is how long the run took. */
export function ptxmmWith(env: Record<string, string>, ...args: string[]): { out: string; err: string; code: number | null; ms: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'ptxmm.js'), ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { out: r.stdout, err: r.stderr, code: r.status, ms: performance.now() - t0 };
}

/** Message passing with release/acquire: the stale read is forbidden (Causality). */
export const MP_TEXT = `PTX MP
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, f  ;
 st.release.gpu f, 1 | ld.weak r1, x         ;
~exists (P1:r0 == 1 /\\ P1:r1 == 0)
`;

/** Store buffering with weak accesses: both loads may read 0 (four final states). */
export const SB_TEXT = `PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\\ P1:r1 == 0)
`;

/**
 * n threads in one CTA, each k (st, ld) pairs on one location x: coherence order grows as the
 * cube of the writes, which made such tests exhaust Z3 (the limits tests and benchmark).
 */
export function manyWrites(n: number, k: number): string {
  const cols = Array.from({ length: n }, (_, t) => Array.from({ length: k }, (_, i) => [`st.u32 [x], ${t * 1000 + i + 1}`, `ld.u32 %r${i}, [x]`]).flat());
  const rows = cols[0]!.map((_, r) => ` ${cols.map((c) => c[r]).join(' | ')} ;`);
  return `PTX Many${n}x${k}\n{ x = 0; }\n ${cols.map((_, t) => `P${t}@cta 0,gpu 0`).join(' | ')} ;\n${rows.join('\n')}\nexists (P0:%r${k - 1} == ${k})\n`;
}
