// Z3's WebAssembly module, apart from z3-solver's JavaScript, so that a command can start
// compiling it (about 0.2 s, off the main thread) before it loads anything else.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

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

/**
 * Z3's compiled module; the first call starts reading and compiling it, in the background.
 * A command that will need Z3 calls this first thing, so that the work overlaps its start.
 */
export function compiledZ3(): Promise<WasmModule> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.wasm')).then((b) => Wasm.compile(b));
  return compiled;
}

