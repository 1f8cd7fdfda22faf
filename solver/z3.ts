// One Z3 instance (WebAssembly) for a whole batch. Problems go in as SMT-LIB text through
// Z3_eval_smtlib2_string: one call per query instead of thousands of API calls. The call is
// made synchronously on the main thread: the generated async wrapper costs milliseconds per
// call in thread hand-off (and passes the text on a stack frame the worker may outlive).
//
// Z3 can fail in ways no reply reports: out of memory (its WebAssembly heap is 2 GB), or an
// abort. Such a failure ends the instance, not the batch: `run` throws a Z3Failure, and the
// next `ready()` starts a fresh instance for the next test.
import { createRequire } from 'node:module';
import { type WasmInstance, type WasmModule, type WasmTable, Wasm, compiledZ3, takeEarlyWorker } from './z3wasm.js';

/**
 * Z3's own memory limit, in MB, below the 2 GB heap: past it Z3 stops cleanly (exit 101),
 * whereas running into the heap's end aborts inside malloc with its lock held. The
 * environment variable PTXMM_Z3_MEMORY_MB lowers it (a test makes Z3 fail this way).
 */
export const Z3_MEMORY_MB = 1600;

function memoryLimit(): number {
  const v = Number(process.env['PTXMM_Z3_MEMORY_MB']);
  return Number.isInteger(v) && v > 0 && v < Z3_MEMORY_MB ? v : Z3_MEMORY_MB;
}

export interface Z3Session {
  /** Runs SMT-LIB commands in the session's context; returns Z3's textual output. */
  run(commands: string): string;
  /**
   * A fresh context for the next problem (a fresh instance after a failure). Call before each
   * test: a context that has held a large script stays slow after `(reset)` (its models copy
   * definitions that survive it), and a fresh one makes each answer independent of the batch.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
  /** Milliseconds `ready()` has spent, in all, waiting for the session's Z3 to start (openZ3Soon). */
  startWaitMs(): number;
}

/** Z3 failed (out of memory, aborted): the test gets no answer; the instance is replaced. */
export class Z3Failure extends Error {
  override name = 'Z3Failure';
}

/** Z3's Emscripten module, as far as this file uses it (pointers are numbers). */
interface Emscripten {
  _malloc(n: number): number;
  _free(p: number): void;
  HEAPU8: Uint8Array;
  UTF8ToString(p: number): string;
  ccall(name: string, returns: null, argTypes: string[], args: string[]): void;
  _Z3_mk_config(): number;
  _Z3_del_config(cfg: number): void;
  _Z3_mk_context_rc(cfg: number): number;
  _Z3_del_context(ctx: number): void;
  _set_noop_error_handler(ctx: number): void;
  _Z3_eval_smtlib2_string(ctx: number, p: number): number;
  PThread: { terminateAllThreads(): void; allocateUnusedWorker?(): void; loadWasmModuleToWorker?(w: unknown): Promise<void>; unusedWorkers: unknown[] };
}

type Overrides = Record<string, unknown>;

/**
 * z3-solver's Emscripten module factory. This file calls the few Z3 functions it needs on the
 * module itself: z3-solver's low-level API would wrap all of Z3's (about 5 ms more to load),
 * and its index would also build the high-level API.
 */
function factory(): (overrides: Overrides) => Promise<Emscripten> {
  return createRequire(import.meta.url)('z3-solver/build/z3-built') as (overrides: Overrides) => Promise<Emscripten>;
}

interface Instance {
  em: Emscripten;
  memoryMb: number;
  ctx: number;
  /** Something ran in `ctx` since it was made. */
  used: boolean;
  /** Why the instance cannot be used any more (null while it works). */
  dead: string | null;
}

/** A context as z3-solver's mk_context_rc makes one: its errors are replies, not calls out. */
function newContext(em: Emscripten): number {
  const cfg = em._Z3_mk_config();
  const ctx = em._Z3_mk_context_rc(cfg);
  em._set_noop_error_handler(ctx);
  em._Z3_del_config(cfg);
  return ctx;
}

const setGlobal = (em: Emscripten, name: string, value: string): void => em.ccall('Z3_global_param_set', null, ['string', 'string'], [name, value]);

/**
 * z3-solver is built with assertions: every call through Z3's function table (each C++ call
 * that may throw goes out to JavaScript and back) reads the table again to check a cached
 * copy. WebAssembly.Table.get is slow in V8: 15 to 20% of a batch's time went there. This
 * table's reads are served from a cache (a packed array, behind a prototype of its own: both
 * measured faster than the alternatives) that its writes keep current.
 */
function cacheReads(table: WasmTable): void {
  const cache: unknown[] = new Array<unknown>(table.length).fill(null);
  const { get, set } = Wasm.Table.prototype;
  const proto = Object.create(Wasm.Table.prototype) as WasmTable;
  proto.get = function (this: WasmTable, i: number): unknown { return cache[i] ?? (cache[i] = get.call(this, i)); };
  proto.set = function (this: WasmTable, i: number, v: unknown): void {
    set.call(this, i, v);
    cache[i] = null;
  };
  Object.setPrototypeOf(table, proto);
}

/**
 * Lines Emscripten writes that say nothing to a user. Shutting the worker pool down makes it
 * complain about workers still loading; a failed instance also reports its exit, which the
 * Z3Failure already says; and while a long encoding holds the main thread, the module's
 * instantiation waits, and Emscripten lists what it waits for every 10 s.
 */
export const emscriptenNoise = (line: string): boolean =>
  /terminated worker|program exited|Aborted\(|^still waiting on run dependencies|^dependency: |^\(end of list\)$/.test(line);

type Receive = (instance: WasmInstance, module: WasmModule) => void;

async function start(memoryMb: number): Promise<Instance> {
  const wasm = compiledZ3();
  // Emscripten cannot hear that our instantiation failed (a missing or broken .wasm): the
  // failure ends the wait instead.
  let fail: (e: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => { fail = reject; });
  const em = await Promise.race([failed, factory()({
    printErr: (s: string) => { if (!emscriptenNoise(s)) process.stderr.write(s + '\n'); },
    // Emscripten's hook for instantiating the module ourselves: from the compiled module, with
    // the table's reads cached.
    instantiateWasm: (imports: object, receive: Receive): object => {
      void wasm.then(async (module) => {
        const instance = await Wasm.instantiate(module, imports);
        cacheReads(instance.exports['__indirect_function_table'] as WasmTable);
        receive(instance, module);
      }).catch(fail);
      return {};
    },
  })]);
  setGlobal(em, 'memory_max_size', String(memoryMb));
  // The integer ranks (NoThinAir, Fence-SC order, coherence) are difference constraints, which
  // Z3's older arithmetic solver handles faster here: a contended lock kernel's race and
  // liveness questions 16 s -> 8 s, the corpus's states 37 s -> 34 s (measured by hand,
  // alternating with the default; answers identical).
  setGlobal(em, 'smt.arith.solver', '2');
  prestartThread(em);
  const inst: Instance = { em, ctx: newContext(em), memoryMb, used: false, dead: null };
  return inst;
}

/**
 * Each query's timeout runs on a Z3 timer thread, a worker that must load all of Z3 before it
 * starts (about 0.1 s of CPU), while the query that needs it waits. Start loading one now, in
 * the background, so that it is ready by the first query: the worker `warmZ3` started, if
 * there is one, else a new one.
 */
function prestartThread(em: Emscripten): void {
  const pt = em.PThread;
  if (pt.unusedWorkers.length > 0 || !pt.allocateUnusedWorker || !pt.loadWasmModuleToWorker) return;
  const early = takeEarlyWorker();
  if (early) {
    // Held by the process, as Emscripten holds an unused worker, until a thread runs on it.
    early.ref();
    pt.unusedWorkers.push(early);
  } else pt.allocateUnusedWorker();
  pt.loadWasmModuleToWorker(pt.unusedWorkers[0]).catch(() => undefined);
}

const outOfMemory = (inst: Instance): string => `Z3 ran out of memory (it may use ${inst.memoryMb} MB)`;

/** What a thrown failure means, in words a user can act on. */
function describe(inst: Instance, e: unknown): string {
  const err = e as { name?: string; status?: number; message?: string };
  const text = String(err?.message ?? e);
  if ((err?.name === 'ExitStatus' && err.status === 101) || /out of memory|OOM|Cannot enlarge memory/i.test(text)) return outOfMemory(inst);
  return `Z3 failed: ${text.slice(0, 200)}`;
}

function evaluate(inst: Instance, commands: string): string {
  if (inst.dead) throw new Z3Failure(inst.dead);
  inst.used = true;
  const mod = inst.em;
  const bytes = new TextEncoder().encode(commands);
  const ptr = mod._malloc(bytes.length + 1);
  mod.HEAPU8.set(bytes, ptr);
  mod.HEAPU8[ptr + bytes.length] = 0;
  let out: string;
  try {
    // The reply lives in Z3's buffer until the next call: copy it out now.
    out = mod.UTF8ToString(mod._Z3_eval_smtlib2_string(inst.ctx, ptr));
  } catch (e) {
    // No free: an abort may have left the allocator's lock held, and free would wait forever.
    inst.dead = describe(inst, e);
    throw new Z3Failure(inst.dead);
  }
  mod._free(ptr);
  // Z3 reports some failures as an error reply; its context is not to be trusted after them.
  if (/\(error "[^"]*(out of memory|memory limit)/i.test(out)) {
    inst.dead = outOfMemory(inst);
    throw new Z3Failure(inst.dead);
  }
  return out;
}

async function stop(inst: Instance): Promise<void> {
  // The context is not deleted: the instance is dropped whole, its heap with it (deleting took
  // some 7 ms of a trivial check's exit; and a failed one's destructor may abort).
  inst.dead ??= 'Z3 session is closed';
  // Z3's worker threads (its timers) keep Node alive otherwise. Terminating them is
  // immediate; z3-solver's killThreads would then poll every 100 ms to see that it was.
  inst.em.PThread.terminateAllThreads();
}

/** Z3 could not be started at all (its WebAssembly missing or broken): `cause` says why. */
export class Z3StartError extends Error {
  override name = 'Z3StartError';
}

/** A session over an instance, started or starting. */
function session(first: Instance | Promise<Instance>, memoryMb: number): Z3Session {
  let inst = first instanceof Promise ? null : first;
  const starting = first instanceof Promise ? first : Promise.resolve(first);
  // A batch may never ask (every file unreadable): its failure is then no unhandled rejection.
  starting.catch(() => undefined);
  let closed = false;
  let waitedMs = 0;
  return {
    run: (commands) => {
      if (closed) throw new Error('Z3 session is closed');
      if (!inst) throw new Error('Z3 session is not ready: call ready() first');
      return evaluate(inst, commands);
    },
    ready: async () => {
      if (closed) return;
      if (!inst) {
        const t0 = performance.now();
        try {
          inst = await starting;
        } catch (e) {
          throw new Z3StartError(e instanceof Error ? e.message : String(e), { cause: e });
        } finally {
          waitedMs += performance.now() - t0;
        }
      } else if (inst.dead) {
        await stop(inst);
        inst = await start(memoryMb);
      } else if (inst.used) {
        inst.em._Z3_del_context(inst.ctx);
        inst.ctx = newContext(inst.em);
        inst.used = false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const last = inst ?? await starting.catch(() => null);
      if (last) await stop(last);
    },
    startWaitMs: () => waitedMs,
  };
}

/** A session whose Z3 has started (a failure to start is thrown here). */
export async function openZ3(): Promise<Z3Session> {
  const memoryMb = memoryLimit();
  return session(await start(memoryMb), memoryMb);
}

/**
 * A session whose Z3 starts in the background: the first `ready()` waits for it, or throws a
 * Z3StartError. `check` reads and encodes its first test meanwhile.
 */
export function openZ3Soon(): Z3Session {
  const memoryMb = memoryLimit();
  return session(start(memoryMb), memoryMb);
}

/** A tiny s-expression reader for Z3's replies. */
export type Sexp = string | Sexp[];

export function parseSexps(text: string): Sexp[] {
  const out: Sexp[] = [];
  const stack: Sexp[][] = [out];
  const re = /\s*(\(|\)|"(?:[^"]|"")*"|\|[^|]*\||[^\s()]+)/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const tok = m[1]!;
    if (tok === '(') { const l: Sexp[] = []; stack[stack.length - 1]!.push(l); stack.push(l); }
    else if (tok === ')') { if (stack.length > 1) stack.pop(); }
    else stack[stack.length - 1]!.push(tok);
  }
  return out;
}

/** The value of a Z3 constant literal: bit-vectors as bigint, booleans, integers. */
export function literal(s: Sexp): bigint | boolean | null {
  if (typeof s === 'string') {
    if (s === 'true') return true;
    if (s === 'false') return false;
    if (s.startsWith('#x')) return BigInt('0x' + s.slice(2));
    if (s.startsWith('#b')) return BigInt('0b' + s.slice(2));
    if (/^\d+$/.test(s)) return BigInt(s);
    return null;
  }
  // (_ bvN w) or (- N)
  if (s.length === 3 && s[0] === '_' && typeof s[1] === 'string' && s[1].startsWith('bv')) return BigInt(s[1].slice(2));
  if (s.length === 2 && s[0] === '-') { const v = literal(s[1]!); return typeof v === 'bigint' ? -v : null; }
  return null;
}
