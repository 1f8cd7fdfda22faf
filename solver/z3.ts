// One Z3 instance (WebAssembly) for a whole batch. Problems go in as SMT-LIB text through
// Z3_eval_smtlib2_string: one call per query instead of thousands of API calls. The call is
// made synchronously on the main thread: the generated async wrapper costs milliseconds per
// call in thread hand-off (and passes the text on a stack frame the worker may outlive).
import { init, killThreads } from 'z3-solver';

export interface Z3Session {
  /** Runs SMT-LIB commands in the session's context; returns Z3's textual output. */
  run(commands: string): string;
  close(): Promise<void>;
}

interface Emscripten {
  _malloc(n: number): number;
  _free(p: number): void;
  HEAPU8: Uint8Array;
  UTF8ToString(p: number): string;
  _Z3_eval_smtlib2_string(c: unknown, p: number): number;
}

type Api = Awaited<ReturnType<typeof init>>;
let api: Promise<Api> | null = null;

export async function openZ3(): Promise<Z3Session> {
  // Shutting the worker pool down makes Emscripten complain about workers still loading.
  api ??= init({ printErr: (s: string) => { if (!/terminated worker/.test(s)) process.stderr.write(s + '\n'); } });
  const { Z3, em } = await api;
  const mod = em as unknown as Emscripten;
  const cfg = Z3.mk_config();
  const ctx = Z3.mk_context_rc(cfg);
  Z3.del_config(cfg);
  const encoder = new TextEncoder();
  let closed = false;
  const session: Z3Session = {
    run: (commands) => {
      if (closed) throw new Error('Z3 session is closed');
      const bytes = encoder.encode(commands);
      const ptr = mod._malloc(bytes.length + 1);
      mod.HEAPU8.set(bytes, ptr);
      mod.HEAPU8[ptr + bytes.length] = 0;
      try {
        // The reply lives in Z3's buffer until the next call: copy it out now.
        return mod.UTF8ToString(mod._Z3_eval_smtlib2_string(ctx, ptr));
      } finally {
        mod._free(ptr);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      Z3.del_context(ctx);
      // Z3's worker threads keep Node alive otherwise.
      await killThreads(em);
      api = null;
    },
  };
  // Z3 sets up its theories on first use; pay for it here rather than in the first test.
  session.run('(declare-const w (_ BitVec 8))(declare-const i Int)(assert (and (= w #x01) (< i 2)))(check-sat)(reset)');
  return session;
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
