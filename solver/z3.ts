// One Z3 instance (WebAssembly) for a whole batch. Problems go in as SMT-LIB text through
// Z3_eval_smtlib2_string: one call per query instead of thousands of API calls. The call is
// made synchronously on the main thread: the generated async wrapper costs milliseconds per
// call in thread hand-off (and passes the text on a stack frame the worker may outlive).
//
// Z3 can fail in ways no reply reports: out of memory (its WebAssembly heap is 2 GB), or an
// abort. Such a failure ends the instance, not the batch: `run` throws a Z3Failure, and the
// next `ready()` starts a fresh instance for the next test.
import { init, killThreads } from 'z3-solver';

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
  /** Makes sure a working Z3 is there (a fresh one after a failure). Call before each test. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Z3 failed (out of memory, aborted): the test gets no answer; the instance is replaced. */
export class Z3Failure extends Error {
  override name = 'Z3Failure';
}

interface Emscripten {
  _malloc(n: number): number;
  _free(p: number): void;
  HEAPU8: Uint8Array;
  UTF8ToString(p: number): string;
  _Z3_eval_smtlib2_string(c: unknown, p: number): number;
}

type Api = Awaited<ReturnType<typeof init>>;

interface Instance {
  api: Api;
  memoryMb: number;
  ctx: ReturnType<Api['Z3']['mk_context_rc']>;
  /** Why the instance cannot be used any more (null while it works). */
  dead: string | null;
}

async function start(memoryMb: number): Promise<Instance> {
  // Shutting the worker pool down makes Emscripten complain about workers still loading; a
  // failed instance also reports its exit, which the Z3Failure already says.
  const api = await init({
    printErr: (s: string) => { if (!/terminated worker|program exited|Aborted\(/.test(s)) process.stderr.write(s + '\n'); },
  });
  api.Z3.global_param_set('memory_max_size', String(memoryMb));
  const cfg = api.Z3.mk_config();
  const ctx = api.Z3.mk_context_rc(cfg);
  api.Z3.del_config(cfg);
  const inst: Instance = { api, ctx, memoryMb, dead: null };
  // Z3 sets up its theories on first use; pay for it here rather than in the first test.
  evaluate(inst, '(declare-const w (_ BitVec 8))(declare-const i Int)(assert (and (= w #x01) (< i 2)))(check-sat)(reset)');
  return inst;
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
  const mod = inst.api.em as unknown as Emscripten;
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
  // A failed context is not deleted: Z3 may abort in its destructor.
  if (!inst.dead) inst.api.Z3.del_context(inst.ctx);
  inst.dead ??= 'Z3 session is closed';
  // Z3's worker threads keep Node alive otherwise.
  await killThreads(inst.api.em);
}

export async function openZ3(): Promise<Z3Session> {
  const memoryMb = memoryLimit();
  let inst = await start(memoryMb);
  let closed = false;
  return {
    run: (commands) => {
      if (closed) throw new Error('Z3 session is closed');
      return evaluate(inst, commands);
    },
    ready: async () => {
      if (closed || !inst.dead) return;
      await stop(inst);
      inst = await start(memoryMb);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await stop(inst);
    },
  };
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
