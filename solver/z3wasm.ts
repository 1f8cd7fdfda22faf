// Z3's WebAssembly module, apart from z3-solver's JavaScript, so that a command can start
// compiling it (off the main thread) and starting Z3's timer thread before it loads anything
// else.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Worker, isMainThread } from 'node:worker_threads';

// The WebAssembly API, as far as this file uses it (the project's TypeScript libraries do not
// declare it).
export interface WasmTable { readonly length: number; get(i: number): unknown; set(i: number, v: unknown): void }
export interface WasmInstance { exports: Record<string, unknown> }
export type WasmModule = object;
export const Wasm = (globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<WasmModule>;
    instantiate(m: WasmModule, imports: object): Promise<WasmInstance>;
    Table: { prototype: WasmTable };
  };
}).WebAssembly;

/** Z3's WebAssembly, compiled once per process: a fresh instance after a failure reuses it. */
let compiled: Promise<WasmModule> | null = null;

let flagsSet = false;

/**
 * V8's handling of Z3's wasm, tuned for start-up. Only on Node 20's V8, where it was measured
 * and tested: setting a flag another V8 does not know prints an error. Set once, by the main
 * thread (flags are the process's; `check --jobs` workers compile while it runs), before the
 * module is compiled.
 * - V8 compiles each function on its first call, but by default validates all of them at
 *   compile time: Z3's 35 MB took 85 ms to compile here, 30 ms validated on first call
 *   instead (the functions a run never calls are never read).
 * - A function that has run for its tiering budget is compiled again, optimised, on a
 *   background thread. With the default budget (1.8M) a trivial check recompiled so much of
 *   Z3 that it cost 15% of its time on 2 cores; at 20M its time fell from 0.57 s to 0.49 s and
 *   litmus/tests's from 3.05 s to 2.76 s, the Dat3M corpus's unchanged (38.8 s, 39.1 s).
 */
function setV8Flags(): void {
  if (flagsSet || !isMainThread) return;
  flagsSet = true;
  if (process.versions.v8.startsWith('11.3.')) setFlagsFromString('--wasm-lazy-validation --wasm-tiering-budget=20000000');
}

/**
 * Z3's compiled module; the first call starts reading and compiling it, in the background.
 * A command that will need Z3 calls this first thing, so that the work overlaps its start.
 */
export function compiledZ3(): Promise<WasmModule> {
  setV8Flags();
  compiled ??= readFile(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.wasm')).then((b) => Wasm.compile(b));
  return compiled;
}

/**
 * The worker for Z3's first thread (its query timer), started by `warmZ3` and not yet handed to
 * a Z3 instance: null when none is waiting.
 */
let earlyWorker: Worker | null = null;

/**
 * A command that will use Z3 calls this first thing: it starts compiling the module and
 * starting the worker that will run Z3's timer thread. The first timed query waits until that
 * worker has booted Node and loaded z3-solver's JavaScript and the module (about 0.1 s of
 * CPU); started here, that overlaps the command's own loading. The worker is the one
 * Emscripten would start (z3-built.js as a worker marked 'em-pthread'); unref'd until a Z3
 * instance takes it, so that a command that fails before it opens Z3 still ends.
 */
export function warmZ3(): void {
  compiledZ3().catch(() => undefined);
  if (earlyWorker) return;
  const w = new Worker(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.js'), { workerData: 'em-pthread', name: 'em-pthread' });
  // Until Emscripten listens, a worker that fails must not end the process; one that has
  // ended is not handed over (the instance starts its own, as it would without warmZ3).
  w.on('error', () => undefined);
  w.once('exit', () => { if (earlyWorker === w) earlyWorker = null; });
  w.unref();
  earlyWorker = w;
}

/** The worker `warmZ3` started, once (null if none or already taken). */
export function takeEarlyWorker(): Worker | null {
  const w = earlyWorker;
  earlyWorker = null;
  return w;
}

/** Ends a started worker no Z3 in this thread will take (`check --jobs`: Z3 runs on workers). */
export function dropEarlyWorker(): void {
  void takeEarlyWorker()?.terminate();
}
