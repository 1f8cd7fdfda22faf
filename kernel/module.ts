// A PTX module as nvcc writes it (`nvcc -ptx`): module directives, variables, kernels and
// device functions. This file reads the module's layout (directives, declarations, braces,
// labels, statements); each instruction goes through the litmus front end's own grammar
// (`parseFragment('cell')`) and builder (`buildInstruction`), so both inputs share one
// instruction parser and one AST. What the model cannot give meaning to is an error at its
// position, never a silent skip.
import { type DataType, type Pos, type Stmt, typeWidth } from '../litmus/ast.js';
import { buildInstruction, floatBits, hexFloat, ptxInteger } from '../litmus/build.js';
import type { CstCell } from '../litmus/cst.js';
import { LitmusError } from '../litmus/errors.js';
import { markFusions } from '../litmus/fusion.js';
import { FLOAT_TYPE, floatWidthOf } from '../litmus/opcode.js';
import { parseFragment } from '../litmus/parse.js';
import { type IsaVersion, type Target, checkFeatures, readTarget, readVersion } from './target.js';

/** A module-level variable (`.global .align 4 .u32 x[4] = {1, 2, 3, 4};`) or a kernel's `.shared` or `.local` one. */
export interface Variable {
  name: string;
  space: 'global' | 'shared' | 'const' | 'local';
  type: DataType;
  /** Elements of an array (`x[4]`); null for a scalar. */
  count: number | null;
  align: number;
  /** Initial values as written (null: zero); a float variable's as their bits. */
  init: bigint[] | null;
  /** Declared .f32/.f64: held as the bits of `type` (.b32/.b64). */
  float?: true;
  /**
   * `.extern .shared .b8 dyn[];` (CUDA's `extern __shared__ int dyn[];`): the launch's dynamic
   * shared memory, whose size the launch gives (Launch.dynamicShared); `count` is then null.
   */
  dynamic?: true;
  pos: Pos;
  /**
   * A variable ptxmm cannot model (floating-point data): only a launch whose code names it is
   * refused, as a function's `refused` (a module's float global does not block its integer kernels).
   */
  refused?: LitmusError;
}

export interface Param {
  name: string;
  type: DataType;
  /** `.param .align 8 .b8 p[16]`: a structure passed by value (bytes). */
  count: number | null;
  pos: Pos;
  /** A floating-point parameter of another type than .f32/.f64: its function is refused (PtxFunction.refused), not the module. */
  refused?: LitmusError;
  /** Declared .f32/.f64: held as the bits of `type` (.b32/.b64); a launch gives it a floating-point literal. */
  float?: true;
}

/** `call (r), f, (a, b);`: inlined by kernel/instantiate.ts. */
export interface Call {
  op: 'call';
  callee: string;
  /** The caller's `.param` names: return values, arguments. */
  rets: string[];
  args: string[];
  pos: Pos;
}

/**
 * `trap;` (CUDA's `__trap()`): the launch fails. Kept to the end of inlining, where each one
 * becomes a site of the kernel's aborts property (kernel/instantiate.ts AbortSite).
 */
export interface Trap {
  op: 'trap';
  guard?: Extract<Stmt, { op: 'bra' }>['guard'];
  pos: Pos;
}

export type Statement = Stmt | Call | Trap;

export interface PtxFunction {
  name: string;
  kind: 'entry' | 'func';
  params: Param[];
  /** A device function's return values (`.func (.param .b32 r) f(...)`). */
  returns: Param[];
  body: Statement[];
  /** Registers the body declares by name (`.reg .b32 %a, %b;`), with their types. */
  regs: Map<string, DataType>;
  /**
   * Parameterised declarations (`.reg .b32 %r<12>;` declares %r0 to %r11), kept as ranges: ptxas
   * takes counts up to 2^32 - 1, too many to list (registerDeclared).
   */
  regRanges: { prefix: string; count: number; type: DataType }[];
  /**
   * The registers declared with a floating-point type (`.reg .f32 %f<4>`: held as .b32 in
   * `regs`/`regRanges`), by name and by range prefix (`f<`): only bit-typed instructions take them
   * (floatRegister).
   */
  floats: Set<string>;
  /** `.param` variables the body declares, for calls. */
  callParams: Map<string, Param>;
  shared: Variable[];
  /** `.local` variables (nvcc's `__local_depot0`: a thread's arrays and spilled values): one copy per thread. */
  locals: Variable[];
  /**
   * The first statement of the body that ptxmm cannot give meaning to (an instruction it does
   * not model, an acquire vector), or null. Only a launch that runs the function is refused for
   * it (kernel/instantiate.ts): one kernel of a module using `div` does not stop checking the others.
   */
  refused: LitmusError | null;
  /** An entry's launch directives that a launch must match (kernel/instantiate.ts launchRules). */
  directives: LaunchDirective[];
  /**
   * The bit-field instructions that stand for a packed mov (packedMove). They read and write its
   * elements at the whole's width; the elements' widths are checked there, so the operand width
   * check (kernel/instantiate.ts) passes them by.
   */
  packed: Set<Statement>;
  pos: Pos;
}

/**
 * `.reqntid 64, 1, 1` (the block must be this), `.maxntid 256` (at most this many threads),
 * `.reqnctapercluster 2, 1, 1` (CUDA's `__cluster_dims__`: CTAs launch in clusters of this
 * shape), `.explicitcluster` (the launch must give clusters), `.maxclusterrank 8` (at most this
 * many CTAs a cluster): ISA §11.4, §11.5. A launch that breaks one fails in CUDA.
 */
export interface LaunchDirective {
  name: 'reqntid' | 'maxntid' | 'reqnctapercluster' | 'explicitcluster' | 'maxclusterrank';
  values: number[];
  pos: Pos;
}
const LAUNCH_DIRECTIVES: readonly LaunchDirective['name'][] = ['reqntid', 'maxntid', 'reqnctapercluster', 'explicitcluster', 'maxclusterrank'];

export interface PtxModule {
  file: string;
  /** `.version` (kernel/target.ts: 9.0 is 90). */
  version: IsaVersion | null;
  target: Target | null;
  globals: Variable[];
  functions: PtxFunction[];
  /** Functions declared and not defined (`.extern .func __assertfail (...);`): what their calls must pass. */
  prototypes: Prototype[];
}

/** A function's declaration without its body; `external`: `.extern`, defined in another module. */
export type Prototype = Pick<PtxFunction, 'name' | 'kind' | 'params' | 'returns' | 'pos'> & { external: boolean };

/** The label every `ret` of a function jumps to: the end of its body. */
export const RETURN_LABEL = '$ptxmm_return';
/**
 * The label every `exit` jumps to: the end of the kernel, also from inside a device function
 * (inlining keeps this name, where it renames the callee's own labels).
 */
export const EXIT_LABEL = '$ptxmm_exit';

/** Warp-level operations nvcc emits, and the CUDA calls they come from: refused by name. */
const WARP_LEVEL: Readonly<Record<string, string>> = {
  activemask: '__activemask',
  elect: 'elect.sync, cooperative groups\' elect',
};
/** The performance directives a function's header may carry besides the launch ones, with how many numbers each takes. */
const HEADER_DIRECTIVES: Readonly<Record<string, number>> = { '.maxnreg': 1, '.minnctapersm': 1, '.noreturn': 0, '.blocksareclusters': 0 };
/** What starts a module-level declaration. */
const MODULE_LEVEL = new Set(['.visible', '.extern', '.weak', '.common', '.entry', '.func', '.global', '.const', '.shared']);
const INT_TYPES = new Set(['u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'b8', 'b16', 'b32', 'b64']);

interface Tok {
  k: 'dir' | 'id' | 'reg' | 'num' | 'str' | 'p';
  v: string;
  line: number;
  col: number;
  /** Offset in the text. */
  at: number;
}

/** Comments become spaces, so that every position stays where it was. */
function blankComments(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[^]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

function tokenize(text: string, file: string): Tok[] {
  const re = /(\s+)|(\.[A-Za-z_][\w$]*)|(%[A-Za-z_$][\w$]*(?:\.[xyzw](?![\w.]))?)|([A-Za-z_$][\w$]*(?:\.[\w$:]+)*)|(0[fFdD][0-9a-fA-F]+|0[xX][0-9a-fA-F]+U?|\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+U?)|("[^"\n]*")|([{}()[\];,:=<>@!+\-|])/y;
  const out: Tok[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) {
      const ch = text[i]!;
      const shown = /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      // A .cu file, a cubin or a litmus test given by mistake: say so, not only where it broke.
      const ptx = /^\s*\.version\b/.test(blankComments(text));
      throw new LitmusError(`unexpected character ${shown}${ptx ? '' : ' (this is not PTX, which starts with .version: give what nvcc -ptx writes)'}`, { line, col: i - lineStart + 1 }, file);
    }
    if (m[1] === undefined) {
      const k: Tok['k'] = m[2] ? 'dir' : m[3] ? 'reg' : m[4] ? 'id' : m[5] ? 'num' : m[6] ? 'str' : 'p';
      out.push({ k, v: m[0], line, col: i - lineStart + 1, at: i });
    }
    for (let j = i; j < re.lastIndex; j++) if (text[j] === '\n') { line++; lineStart = j + 1; }
    i = re.lastIndex;
  }
  return out;
}

/** Reads a PTX module; every error is a LitmusError at its position (file:line:col). */
export function readModule(text: string, file: string): PtxModule {
  const src = blankComments(text);
  const toks = tokenize(src, file);
  let i = 0;
  const at = (t: Tok | undefined): Pos => (t ? { line: t.line, col: t.col } : endPos(src));
  const fail = (msg: string, t: Tok | undefined): never => { throw new LitmusError(msg, at(t), file); };
  // ptxas: "Duplicate definition of ...": the first one's address, or the branch to the first label, was used.
  const once = (what: string, name: string, shown: string, earlier: readonly { name: string; pos: Pos }[], t: Tok): void => {
    const first = earlier.find((x) => x.name === name);
    if (first) fail(`the ${what} ${shown} is defined twice (first at line ${first.pos.line})`, t);
  };
  const peek = (): Tok | undefined => toks[i];
  const next = (what: string): Tok => toks[i++] ?? fail(`the module ends where ${what} should be`, undefined);
  const expect = (v: string): Tok => {
    const t = next(`'${v}'`);
    if (t.v !== v) fail(`expected '${v}', found '${t.v}'`, t);
    return t;
  };
  const restOfLine = (t: Tok): void => { while (i < toks.length && toks[i]!.line === t.line) i++; };
  // As ptxas reads it: `0x10` is 16 (it was refused) and `010` octal 8 (it was read as 10).
  const number = (t: Tok, what: string): number => {
    const v = t.k === 'num' ? ptxInteger(t.v) : null;
    if (v === null || v > BigInt(Number.MAX_SAFE_INTEGER)) return fail(`${what} must be a whole number, not '${t.v}'`, t);
    return Number(v);
  };
  // ptxas: "Alignment must be a power of two".
  const alignment = (t: Tok): number => {
    const n = number(t, 'an alignment');
    if (n < 1 || !Number.isInteger(Math.log2(n))) fail(`an alignment is a power of two, not ${t.v}`, t);
    // (2^31 laid a .shared variable past its 32-bit addresses, where they read as 0.)
    if (n > 65536) fail(`an alignment of ${n} bytes is past what ptxmm lays out (at most 65536)`, t);
    return n;
  };
  const dataType = (t: Tok): DataType => {
    const n = t.v.slice(1);
    if (!INT_TYPES.has(n)) {
      fail(/^\.f\d+$/.test(t.v) ? `floating-point data (${t.v}) is not modelled here: an integer type (.u32, .b64, ...) is needed` : `expected a type (.u32, .b64, ...), found '${t.v}'`, t);
    }
    return n as DataType;
  };
  // A number token of a floating-point literal (2.5, 1e3, 0f40200000), not an integer (0x1E).
  const floatToken = (t: Tok): boolean => t.k === 'num' && !/^0[xX]/.test(t.v) && /^0[fFdD]|[.eE]/.test(t.v);
  const literal = (type: DataType, floatWidth?: 32 | 64): bigint => {
    const minus = peek()?.v === '-' ? peek() : undefined;
    const neg = minus ? (i++, true) : false;
    const t = next('a number');
    // A .f32/.f64 variable's value: a floating-point literal, held as its bits.
    if (floatWidth) {
      if (!floatToken(t)) fail(`a .f${floatWidth} variable takes a floating-point literal (2.5, 0f40200000), not '${t.v}' (ptxas: "Initial value type mismatch")`, t);
      return floatBits(t.v, neg, floatWidth, (msg, atSign) => fail(msg, atSign && minus ? minus : t));
    }
    // A 0f (0d) literal is the bits of a .b32 (.b64) variable, as ptxas reads it there.
    const hex = neg ? null : hexFloat(t.v);
    if (hex && hex.type === type) return hex.bits;
    if (floatToken(t)) fail(`floating-point literal '${t.v}' for a .${type} variable: a .f32 or .f64 variable takes one (a 0f literal gives the bits of a .b32 variable too, a 0d literal those of a .b64 one)`, t);
    if (t.k !== 'num') fail(`expected an integer, found '${t.v}'`, t);
    const v = ptxInteger(t.v) ?? fail(`'${t.v}' is no integer (a leading 0 makes it octal: digits 0 to 7)`, t);
    return neg ? -v : v;
  };

  /** `[.align N] .type name[N]... [= init];` after the state space. */
  const variable = (space: Variable['space'], start: Tok, external = false): Variable => {
    let align = 0;
    let t = next('a type');
    if (t.v === '.align') { align = alignment(next('an alignment')); t = next('a type'); }
    if (t.v === '.v2' || t.v === '.v4') fail(`vector variables (${t.v}) are not modelled`, t);
    // .f32/.f64 data is held as its bits (litmus/build.ts floatMove): a .b32/.b64 variable.
    const floatWidth = floatWidthOf(t.v.slice(1));
    if (/^\.f\d+$/.test(t.v) && !floatWidth) {
      const refused = new LitmusError(`floating-point data (${t.v}) is not modelled: .f32 and .f64 data is carried (as its bits), no other floating-point type`, at(t), file);
      const name = next('a name');
      while (next("';'").v !== ';');
      return { name: name.v, space, type: 'b32', count: null, align, init: null, pos: at(start), refused };
    }
    const type = floatWidth ? (`b${floatWidth}` as const) : dataType(t);
    const name = next('a name');
    if (name.k !== 'id') fail(`expected a variable name, found '${name.v}'`, name);
    let count: number | null = null;
    let dynamic = false;
    while (peek()?.v === '[') {
      i++;
      if (peek()?.v === ']' && external && space === 'shared' && count === null && !dynamic) {
        // The launch's dynamic shared memory: its size comes with the launch.
        dynamic = true;
        expect(']');
        continue;
      }
      const n = peek()?.v === ']' ? fail(`an array needs its size here (only an .extern .shared array, dynamic shared memory, leaves it to the launch)`, peek()) : number(next('a size'), 'an array size');
      if (dynamic) fail(`dynamic shared memory is one array of bytes or elements (${name.v}[])`, peek());
      count = (count ?? 1) * n;
      expect(']');
    }
    let init: bigint[] | null = null;
    if (peek()?.v === '=') {
      i++;
      init = [];
      const item = (): void => {
        if (peek()?.v === '{') {
          i++;
          for (;;) { item(); if (peek()?.v === ',') { i++; continue; } expect('}'); break; }
        } else init!.push(literal(type, floatWidth));
      };
      item();
    }
    expect(';');
    if (dynamic && init) fail(`dynamic shared memory (${name.v}[]) cannot have an initial value`, start);
    return { name: name.v, space, type, count, align: align || typeBytes(type), init, ...(dynamic ? { dynamic: true as const } : {}), ...(floatWidth ? { float: true as const } : {}), pos: at(start) };
  };

  /** `.param .u64 name`, `.param .align 8 .b8 name[16]`, `.param .u64 .ptr .global .align 4 name`. */
  const param = (): Param => {
    const start = expect('.param');
    let type: DataType | null = null;
    let refused: LitmusError | undefined;
    let float = false;
    let t = next('a parameter');
    while (t.k === 'dir') {
      if (t.v === '.align') alignment(next('an alignment'));
      else if (INT_TYPES.has(t.v.slice(1))) type = dataType(t);
      // A float parameter is carried as its bits (floatMove), as a .b32/.b64 one.
      else if (floatWidthOf(t.v.slice(1))) { type = `b${floatWidthOf(t.v.slice(1))!}`; float = true; }
      else if (/^\.f\d+$/.test(t.v)) {
        refused = new LitmusError(`floating-point data (${t.v}) is not modelled: .f32 and .f64 data is carried (as its bits), no other floating-point type`, at(t), file);
        type = t.v === '.f64' ? 'b64' : 'b32';
      }
      else if (!['.ptr', '.global', '.shared', '.const', '.local'].includes(t.v)) fail(`unexpected '${t.v}' in a parameter`, t);
      t = next('a parameter name');
    }
    if (t.k !== 'id' || type === null) return fail(`expected a typed parameter (.param .u64 name)`, t);
    let count: number | null = null;
    if (peek()?.v === '[') { i++; count = number(next('a size'), 'a size'); expect(']'); }
    return { name: t.v, type, count, pos: at(start), ...(refused ? { refused } : {}), ...(float ? { float: true as const } : {}) };
  };
  const paramList = (): Param[] => {
    const out: Param[] = [];
    expect('(');
    while (peek() && peek()!.v !== ')') {
      const at0 = peek();
      const p = param();
      // As ptxas: "Duplicate definition of variable", and a comma between parameters, none after the last.
      if (out.some((q) => q.name === p.name)) fail(`the parameter ${p.name} is declared twice`, at0);
      out.push(p);
      if (peek()?.v === ',') {
        i++;
        if (peek()?.v === ')') fail(`a parameter after ','`, peek());
      } else if (peek() && peek()!.v !== ')') fail(`expected ',' or ')' in the parameter list, found '${peek()!.v}'`, peek());
    }
    expect(')');
    return out;
  };

  const functionDef = (kind: 'entry' | 'func', start: Tok, external: boolean): PtxFunction | null => {
    const returns = kind === 'func' && peek()?.v === '(' ? paramList() : [];
    const name = next('a name');
    if (name.k !== 'id') fail(`expected a function name, found '${name.v}'`, name);
    const params = peek()?.v === '(' ? paramList() : [];
    // Launch directives are kept (LaunchDirective); performance ones (.minnctapersm, .maxnreg,
    // .noreturn, .pragma) say nothing to the model. Anything else is refused, as ptxas does (a
    // stray ')' or a second header was once read past).
    bare = new Set();
    const directives: LaunchDirective[] = [];
    // ptxas reads a .func's declaration without its ';' when the next declaration starts.
    const declarationEnds = (): boolean => kind === 'func' && MODULE_LEVEL.has(peek()!.v);
    while (peek() && peek()!.v !== '{' && peek()!.v !== ';' && !declarationEnds()) {
      const t = next('a directive');
      if (t.v === '.pragma') {
        // `.pragma "nounroll";`: its ';' ends the directive, not the function.
        while (next("';'").v !== ';');
        continue;
      }
      const launch = LAUNCH_DIRECTIVES.find((d) => t.v === `.${d}`);
      const tuning = HEADER_DIRECTIVES[t.v];
      if (t.v === '.noreturn' && kind === 'entry') fail('.noreturn is for device functions (.func), not kernels', t);
      if (!launch && tuning === undefined) {
        fail(`unexpected '${t.v}' after ${name.v}'s parameters: a '{' (its body), a ';' (a declaration) or a performance directive (.maxntid, .reqntid, .maxnreg, .minnctapersm, .pragma...)`, t);
      }
      const values: number[] = [];
      const count = launch ? (launch === 'explicitcluster' ? 0 : 3) : tuning!;
      if (count > 0) {
        values.push(number(next(`${t.v}'s value`), `${t.v}'s value`));
        while (peek()?.v === ',' && values.length < count) { i++; values.push(number(next(`${t.v}'s value`), `${t.v}'s value`)); }
      }
      if (launch) directives.push({ name: launch, values, pos: at(t) });
    }
    if (peek()?.v === ';' || (peek() && declarationEnds())) {
      if (peek()!.v === ';') i++;
      mod.prototypes.push({ name: name.v, kind, params, returns, pos: at(start), external });
      return null;
    }
    expect('{');
    const fn: PtxFunction = {
      name: name.v, kind, params, returns, body: [], regs: new Map(), regRanges: [], floats: new Set(), callParams: new Map(), shared: [], locals: [], packed: new Set(),
      refused: [...params, ...returns].find((p) => p.refused)?.refused ?? null, directives, pos: at(start),
    };
    let depth = 1;
    let returned = false;
    // A register or label declared in a nested block (`{ .reg .pred %p1; ... }`, nvcc's wrapper
    // around inline PTX and intrinsics such as __syncthreads_or) is that block's own and hides
    // the function's of that name: it is renamed apart (`%__b2_p1`, `__b2_LOOP`) within the block.
    const scopes: Scope[] = [];
    const topParams = new Set([...params, ...returns].map((p) => p.name));
    let blocks = 0;
    // A name as the innermost block that declares it has it (`declares`), else as written.
    const scoped = (x: string, declares: (s: Scope) => boolean): string => {
      for (let k = scopes.length - 1; k >= 0; k--) if (declares(scopes[k]!)) return blockName(scopes[k]!, x);
      return x;
    };
    const resolve = (r: string): string => scoped(r, (s) => s.names.has(r) || s.ranges.some((x) => inRange(x, r)));
    const resolveLabel = (l: string): string => scoped(l, (s) => s.labels.has(l));
    // A name in an instruction: a block's call parameter (`[param0+0]`, `(param0, param1)`) or a label.
    const resolveName = (l: string): string => scoped(l, (s) => s.params.has(l) || s.labels.has(l));
    // The labels a block defines itself (not those of blocks inside it), for branches to them from before.
    const labelsOfBlock = (): Set<string> => {
      const out = new Set<string>();
      for (let j = i, d = 0; j < toks.length; j++) {
        const x = toks[j]!;
        if (x.v === '{') d++;
        else if (x.v === '}' && d-- === 0) break;
        else if (d === 0 && x.k === 'id' && toks[j + 1]?.v === ':') out.add(x.v);
      }
      return out;
    };
    while (depth > 0) {
      const t = next(`'}' closing ${name.v}`);
      if (t.v === '{') { depth++; scopes.push({ id: ++blocks, names: new Set(), ranges: [], labels: labelsOfBlock(), params: new Set() }); continue; }
      if (t.v === '}') { depth--; scopes.pop(); continue; }
      if (t.v === '.reg') { registers(fn, t, scopes[scopes.length - 1] ?? null); continue; }
      if (t.v === '.param') {
        i--;
        const p = param();
        expect(';');
        // Each call's block declares its own param0... (twice in one block: ptxas's "Duplicate
        // definition"), renamed apart as its registers are: nvcc -G declares `.param .b64 param1`
        // for one call and `.param .b32 param1` for the next, and one name for both once gave a
        // call the other block's width.
        const scope = scopes[scopes.length - 1];
        const own = scope?.params ?? topParams;
        if (own.has(p.name)) fail(`the .param ${p.name} is declared twice in this block`, t);
        own.add(p.name);
        const renamed = scope ? { ...p, name: blockName(scope, p.name) } : p;
        fn.callParams.set(renamed.name, renamed);
        continue;
      }
      if (t.v === '.shared' || t.v === '.local') {
        const v = variable(t.v === '.shared' ? 'shared' : 'local', t);
        once('variable', v.name, v.name, [...fn.shared, ...fn.locals], t);
        (t.v === '.shared' ? fn.shared : fn.locals).push(v);
        continue;
      }
      if (t.v === '.loc' || t.v === '.file') { restOfLine(t); continue; }
      if (t.v === '.pragma') { while (next("';'").v !== ';'); continue; }
      if (t.k === 'dir') {
        // (.branchtargets, .callprototype, ...) Up to its ';': only a launch that runs the function is refused.
        const why = t.v === '.callprototype'
          ? `the function makes an indirect call (its '.callprototype'), which is not modelled: nvcc writes one for libcu++'s atomics (cuda::atomic_ref) at -G and -Xcicc -O0, and none at -O3`
          : `the directive '${t.v}' is not supported inside a function`;
        fn.refused ??= new LitmusError(why, at(t), file);
        while (next("';'").v !== ';');
        continue;
      }
      if (t.k === 'id' && peek()?.v === ':') {
        i++;
        const name = resolveLabel(t.v);
        once('label', name, t.v, fn.body.filter((x) => x.op === 'label'), t);
        fn.body.push({ op: 'label', name, pos: at(t) });
        continue;
      }
      // One statement: an instruction up to its ';', its registers and labels as the blocks around it name them.
      const first = i - 1;
      while (toks[i] && toks[i]!.v !== ';') i++;
      const named = (x: Tok, j: number): string => (x.k === 'reg' ? `%${resolve(x.v.slice(1))}`
        : x.k === 'id' && j > 0 ? (bare.has(x.v) ? `%${resolve(x.v)}` : resolveName(x.v)) : x.v);
      const stmt = toks.slice(first, i).map((x, j) => {
        const v = named(x, j);
        return v === x.v ? x : { ...x, v };
      });
      const opcode = stmt[0]!.v === '@' ? stmt.find((x, j) => j > 0 && x.k === 'id') : stmt[0];
      if (opcode) checkFeatures(opcode.v, mod.version!, mod.target!, at(opcode), file);
      const vec = opcode ? /\.v[248]\b/.exec(opcode.v) : null;
      // A brace in a statement: a vector operand ({%r1, %r2}), or a missing ';'.
      const brace = stmt.find((x) => x.v === '{' || x.v === '}');
      // Both braces: a vector operand of another instruction (`mov.b32 %r1, {%rs1, %rs2}` packs registers).
      const packs = !vec && stmt.some((x) => x.v === '{') && stmt.some((x) => x.v === '}');
      if (brace && !vec && !packs) fail(`expected ';' after the instruction at line ${t.line}`, brace);
      const end = next("';'");
      // The statement as written, its registers renamed: each token, then the source up to the next one.
      const upTo = (j: number): number => (j + 1 < stmt.length ? stmt[j + 1]!.at : end.at);
      let texts = [stmt.map((x, j) => x.v + src.slice(x.at + toks[first + j]!.v.length, upTo(j))).join('')];
      if (packs && !/^mov\.b\d+$/.test(opcode?.v ?? '')) {
        fn.refused ??= new LitmusError(`a vector operand ({...}) of ${opcode?.v ?? 'this statement'} is not modelled`, at(brace), file);
        continue;
      }
      try {
        if (vec) texts = vectorElements(texts[0]!, vec[0], fn, { line: opcode!.line, col: opcode!.col + vec.index + 1 }, file);
        else if (packs) texts = packedMove(texts[0]!, fn, at(brace), file);
      } catch (e) {
        if (!(e instanceof LitmusError)) throw e;
        fn.refused ??= e;
        continue;
      }
      const base = opcode?.v.split('.')[0];
      if (base === 'ret' || base === 'exit') {
        // `ret $L` was read as ret (ptxas: "Arguments mismatch").
        const extra = stmt[stmt.indexOf(opcode!) + 1];
        if (extra) fail(`${base} takes no operands, found '${extra.v}'`, extra);
        returned = true;
        fn.body.push(withGuard(stmt, { op: 'bra', target: base === 'ret' ? RETURN_LABEL : EXIT_LABEL, pos: at(opcode) }, file));
        continue;
      }
      if (opcode?.v === 'trap') {
        const g = withGuard(stmt, { op: 'bra', target: '', pos: at(opcode) }, file);
        fn.body.push({ op: 'trap', pos: at(opcode), ...(g.op === 'bra' && g.guard ? { guard: g.guard } : {}) });
        continue;
      }
      const warp = base ? WARP_LEVEL[base] : undefined;
      if (warp) {
        // Refused by name: their operands (`%r1|%p1`) would otherwise read as a syntax error.
        fn.refused ??= new LitmusError(`${base}${base === 'activemask' ? '' : '.sync'} (${warp}) is a warp-level operation, which is not modelled`, at(opcode), file);
        continue;
      }
      try {
        if (base === 'call') { fn.body.push(call(stmt, opcode!, file)); continue; }
        for (const text of texts) {
          const cell = parseFragment<CstCell>('cell', text, file, stmt[0]!.line, stmt[0]!.col);
          if (!cell || cell.k !== 'instr') fail(`expected an instruction`, stmt[0]);
          fn.body.push(buildInstruction(cell as Extract<CstCell, { k: 'instr' }>, { file, genuine: true, regs: new Set(), module: true }));
          if (packs) fn.packed.add(fn.body[fn.body.length - 1]!);
        }
      } catch (e) {
        // The statement ends at its ';' whatever it is: the module reads on, and the function
        // is refused only where it is run.
        if (!(e instanceof LitmusError)) throw e;
        fn.refused ??= e;
      }
    }
    if (returned || kind === 'func') fn.body.push({ op: 'label', name: RETURN_LABEL, pos: at(toks[i - 1]) });
    // One choice per add of the function, whichever thread runs it and wherever it is inlined: ptxas compiles it once.
    const fusion = markFusions(fn.body, (j) => `${fn.name}#${j}`);
    if (fusion.refused) fn.refused ??= new LitmusError(fusion.refused.message, fusion.refused.pos, file);
    fn.body = fusion.code;
    // ptxas: "Unknown symbol". It was refused only when a thread compiled the branch, without its column.
    const labels = new Set(fn.body.flatMap((x) => (x.op === 'label' ? [x.name] : [])));
    for (const x of fn.body) {
      if (x.op === 'bra' && x.target !== EXIT_LABEL && !labels.has(x.target)) {
        throw new LitmusError(`no label ${x.target} in ${fn.name}`, x.pos, file);
      }
    }
    return fn;
  };

  // The current function's registers declared without '%' (`.reg .pred p;`, the inline-asm idiom
  // of NVIDIA's guide): an operand of that name is the register.
  let bare = new Set<string>();
  /** `.reg .b32 %r<12>;` (%r0 to %r11) or `.reg .b32 %a, %b;`; in a nested block, that block's (`scope`). */
  const registers = (fn: PtxFunction, start: Tok, scope: Scope | null): void => {
    let t = next('a register type');
    if (t.v === '.v2' || t.v === '.v4') t = next('a register type');
    const float = /^\.f\d+$/.test(t.v);
    const type: DataType = t.v === '.pred' ? 'pred' : float ? (`b${t.v.slice(2)}` as DataType) : dataType(t);
    for (;;) {
      const r = next('a register');
      // nvcc's call sequences declare registers without '%' (temp_param_reg).
      if (r.k !== 'reg' && r.k !== 'id') fail(`expected a register name, found '${r.v}'`, r);
      const own = r.k === 'reg' ? r.v.slice(1) : r.v;
      const name = scope ? blockName(scope, own) : own;
      // ptxas: "Duplicate definition of ..."; the second's type was the one used.
      const dup = (): never => fail(`the register ${r.v} is declared twice`, r);
      if (peek()?.v === '<') {
        i++;
        const count = number(next('a count'), 'a register count');
        expect('>');
        if (fn.regRanges.some((x) => x.prefix === name)) dup();
        fn.regRanges.push({ prefix: name, count, type });
        if (float) fn.floats.add(`${name}<`);
        scope?.ranges.push({ prefix: own, count });
      } else {
        if (fn.regs.has(name)) dup();
        fn.regs.set(name, type);
        if (float) fn.floats.add(name);
        scope?.names.add(own);
        if (r.k === 'id') bare.add(own);
      }
      const sep = next("';'");
      if (sep.v === ';') break;
      if (sep.v !== ',') fail(`expected ',' or ';' in .reg at line ${start.line}`, sep);
    }
  };

  const mod: PtxModule = { file, version: null, target: null, globals: [], functions: [], prototypes: [] };
  // `.extern` before the declaration it qualifies (an .extern .shared array is dynamic shared memory).
  let external = false;
  let addressSize = false;
  let previous = '';
  while (i < toks.length) {
    const t = next('a directive');
    const before = previous;
    previous = t.v;
    const ext = external;
    external = false;
    // As ptxas: .version first, .target next (it answered modules ptxas refuses).
    if (mod.version === null && t.v !== '.version') fail(`a PTX module starts with .version (nvcc -ptx writes it first), found '${t.v}'`, t);
    if (mod.version !== null && mod.target === null && t.v !== '.target') fail(`.target (the GPU, as sm_90) follows .version, found '${t.v}'`, t);
    switch (t.v) {
      case '.version': {
        if (mod.version !== null) fail('a second .version (a module has one)', t);
        const v = next('a version');
        mod.version = readVersion(v.v, at(v), file);
        break;
      }
      case '.target': {
        // As ptxas: a .target right after another replaces it; anywhere else it is an error.
        if (mod.target !== null && before !== '.target') fail('a second .target (a module has one, after .version)', t);
        const named = (x: Tok): { v: string; pos: Pos } => ({ v: x.v, pos: at(x) });
        const first = named(next('a target'));
        const options: { v: string; pos: Pos }[] = [];
        while (peek()?.v === ',') { i++; options.push(named(next('a target'))); }
        mod.target = readTarget(first, options, mod.version!, file);
        break;
      }
      case '.address_size':
        if (addressSize) fail('a second .address_size (a module has one)', t);
        addressSize = true;
        if (number(next('a size'), 'the address size') !== 64) fail(`only 64-bit addresses are modelled`, t);
        break;
      case '.file': case '.loc': restOfLine(t); break;
      case '.section': {
        // Debug information (-lineinfo): `.section .debug_str { ... }`, nothing the model reads.
        restOfLine(t);
        if (peek()?.v === '{') for (let depth = 0; ;) { const b = next("'}'").v; if (b === '{') depth++; else if (b === '}' && --depth === 0) break; }
        break;
      }
      case '.pragma': while (next("';'").v !== ';'); break;
      case '.visible': case '.weak': case '.common': break;
      case '.extern': external = true; break;
      case '.global': case '.const': case '.shared': {
        const v = t.v === '.shared' ? variable('shared', t, ext) : variable(t.v.slice(1) as 'global', t);
        once('variable', v.name, v.name, mod.globals, t);
        mod.globals.push(v);
        break;
      }
      case '.entry': case '.func': {
        const f = functionDef(t.v === '.entry' ? 'entry' : 'func', t, ext);
        if (f) mod.functions.push(f);
        break;
      }
      default:
        fail(t.k === 'dir' ? `the directive '${t.v}' is not supported` : `expected a directive, found '${t.v}'`, t);
    }
  }
  // Every call, reached from the launch or not (ptxas checks the whole module).
  for (const fn of mod.functions) {
    for (const s of fn.body) {
      if (s.op !== 'call') continue;
      const callee = mod.functions.find((f) => f.name === s.callee && f.kind === 'func') ?? mod.prototypes.find((f) => f.name === s.callee && f.kind === 'func');
      if (callee) checkArguments(fn, s, callee, file);
    }
  }
  // ptxas: "Unresolved extern function": only an .extern function is defined elsewhere.
  for (const d of mod.prototypes) {
    if (!d.external && !mod.functions.some((f) => f.name === d.name)) throw new LitmusError(`${d.name} is declared and never defined (only an .extern function may be defined elsewhere)`, d.pos, file);
  }
  return mod;
}

/**
 * A call passes what its callee declares: as many arguments and return values, each as wide
 * (ptxas: "Type of argument does not match formal parameter"). `__assertfail` given four words
 * was read with its line number taken from the function name's.
 */
function checkArguments(fn: PtxFunction, s: Call, callee: Pick<PtxFunction, 'params' | 'returns'>, file: string): void {
  const bad = (why: string): never => { throw new LitmusError(why, s.pos, file); };
  if (s.args.length !== callee.params.length || s.rets.length !== callee.returns.length) {
    bad(`the call to ${s.callee} passes ${s.args.length} argument(s) and ${s.rets.length} return value(s); ${s.callee} takes ${callee.params.length} and ${callee.returns.length}`);
  }
  const pairs = [...s.args.map((a, k) => [a, callee.params[k]!] as const), ...s.rets.map((r, k) => [r, callee.returns[k]!] as const)];
  for (const [actual, formal] of pairs) {
    const p = fn.callParams.get(actual);
    if (p && (typeWidth(p.type) !== typeWidth(formal.type) || (p.count ?? 0) !== (formal.count ?? 0))) {
      bad(`the call to ${s.callee} passes ${asWritten(actual)} (${paramText(p)}) for its parameter ${formal.name} (${paramText(formal)})`);
    }
  }
}

const paramText = (p: Pick<Param, 'type' | 'count'>): string => `.${p.type}${p.count === null ? '' : `[${p.count}]`}`;

/**
 * A vector load or store (`ld.global.v2.u32 {%r1, %r2}, [%rd1+8]`) as the scalar accesses the
 * model takes it for (ISA §8.2.2: a set of scalar operations on its elements, in an unspecified
 * order): one statement per element, its register, at the address moved by the element's
 * size. Written in element order, which orders nothing for weak and relaxed accesses to
 * different locations; an acquire or release vector would be ordered by it, so it is refused.
 */
function vectorElements(text: string, vq: string, fn: PtxFunction, at: Pos, file: string): string[] {
  const refuse = (why: string): never => { throw new LitmusError(`vector access (${vq}): ${why}`, at, file); };
  const n = Number(vq.slice(2));
  const m = /^(\s*@!?\s*%?[\w$]+\s+)?([\w.:]+)(\s+)([\s\S]*)$/.exec(text);
  if (!m) return refuse('not read');
  const [, guard = '', opcode, space, rest] = m as unknown as [string, string | undefined, string, string, string];
  const quals = opcode.split('.');
  if (quals[0] !== 'ld' && quals[0] !== 'st') return refuse(`only ld and st are modelled in vector form, not ${quals[0]}`);
  const sem = quals.find((q) => q === 'acquire' || q === 'release');
  if (sem) return refuse(`a .${sem} vector is not modelled: its elements' order is unspecified, and an element order would order them`);
  if (quals.includes('mmio')) return refuse(`.mmio cannot be combined with ${vq} (as ptxas says)`);
  const type = quals.find((q) => /^[usb](8|16|32|64)$|^f(32|64)$/.test(q));
  if (!type) return refuse(`an element type (.u32, .b64, .f32, ...) is needed${quals.some((q) => FLOAT_TYPE.test(q)) ? ': of floating-point types, .f32 and .f64 data is carried' : ''}`);
  const size = Number(type.slice(1)) / 8;
  const brace = /\{([^}]*)\}/.exec(rest);
  const addr = /\[([^\]]+)\]/.exec(rest);
  if (!brace || !addr) return refuse('expected {registers} and [address]');
  const regs = brace[1]!.split(',').map((r) => r.trim());
  if (regs.length !== n) return refuse(`${n} elements expected, found ${regs.length}`);
  if (regs.includes('_')) return refuse('an element left out (_) is not modelled');
  if (quals[0] === 'ld' && new Set(regs).size !== regs.length) return refuse('a register given twice: which element it ends with is unspecified');
  // Each element register is as wide as the elements (ptxas: "Incompatible elements of vector
  // expression"), where a scalar st takes a wider source: element by element it would pass.
  for (const r of regs) {
    const t = r.startsWith('%') ? declaredType(fn, r.slice(1)) : undefined;
    if (t !== undefined && t !== 'pred' && typeWidth(t) !== size * 8) return refuse(`${r} is a ${typeWidth(t)}-bit register, and the elements are ${size * 8} bits (ptxas: "Incompatible elements of vector expression")`);
  }
  const a = /^\s*(.+?)\s*(?:([+-])\s*(0x[0-9a-fA-F]+|\d+))?\s*$/.exec(addr[1]!);
  if (!a) return refuse('the address is not read');
  const offset = a[3] ? (a[2] === '-' ? -1 : 1) * Number(ptxInteger(a[3]) ?? refuse(`'${a[3]}' is no integer offset`)) : 0;
  // The whole vector is aligned to its size (ISA ld/st: "naturally aligned to access size"):
  // an offset that breaks that from a variable (nvcc aligns them so) faults on a GPU.
  if (offset % (n * size) !== 0 && !a[1]!.startsWith('%')) return refuse(`[${a[1]}${a[2]}${a[3]}] is not aligned to the vector's ${n * size} bytes (a misaligned address faults)`);
  const scalar = quals.filter((q) => q !== vq.slice(1)).join('.');
  // ptxas takes an integer register of the elements' width in a .f32/.f64 vector (it checks
  // only the width there, where a scalar .f32 move refuses one): the bits move, as .b32/.b64.
  const bits = type[0] === 'f' ? quals.filter((q) => q !== vq.slice(1)).map((q) => (q === type ? `b${type.slice(1)}` : q)).join('.') : scalar;
  const integer = (r: string): boolean => {
    const t = r.startsWith('%') ? declaredType(fn, r.slice(1)) : undefined;
    return t !== undefined && (t[0] === 'u' || t[0] === 's');
  };
  return regs.map((r, k) => {
    const off = offset + k * size;
    const at2 = off === 0 ? `[${a[1]}]` : off > 0 ? `[${a[1]}+${off}]` : `[${a[1]}-${-off}]`;
    return `${guard}${integer(r) ? bits : scalar}${space}${rest.replace(brace[0], r).replace(addr[0], at2)}`;
  });
}

/**
 * `mov.b32 %r1, {%rs1, %rs2}` (registers packed into one, element 0 in the low bits: what nvcc
 * writes for pairs of shorts) and `mov.b64 {%r1, %r2}, %rd1` (one split into several, `_`
 * for an element not wanted) as the bit-field instructions that do the same: a pack is the
 * first element zero-extended (cvt) and each further one inserted above it (bfi); a split is
 * one extract (bfe) per element. Each element is as wide as the whole over the count (ISA
 * mov: 2 or 4 of them), which the element registers' declarations must say.
 */
function packedMove(text: string, fn: PtxFunction, at: Pos, file: string): string[] {
  const refuse = (why: string): never => { throw new LitmusError(`packed mov: ${why}`, at, file); };
  const m = /^(\s*@!?\s*%?[\w$]+\s+)?mov\.b(\d+)\s+([\s\S]*)$/.exec(text);
  if (!m) return refuse('not read');
  const guard = m[1] ?? '';
  const n = Number(m[2]);
  if (n !== 16 && n !== 32 && n !== 64) return refuse(`.b${n} is not modelled (registers of 16, 32 and 64 bits are)`);
  const ops = /^\s*(?:\{([^}]*)\}\s*,\s*([^\s{},]+)|([^\s{},]+)\s*,\s*\{([^}]*)\})\s*$/.exec(m[3]!);
  if (!ops) return refuse('expected `d, {a, b, ...}` or `{a, b, ...}, s`');
  const split = ops[1] !== undefined;
  const elems = (split ? ops[1]! : ops[4]!).split(',').map((x) => x.trim());
  const k = elems.length;
  if (k !== 2 && k !== 4) return refuse(`${k} elements: a vector has 2 or 4`);
  const w = n / k;
  if (w < 8) return refuse(`${k} elements of ${w} bits: registers are 8 bits or wider`);
  const lit = (x: string): bigint | null => {
    const v = /^-?\d/.test(x) ? ptxInteger(x.replace(/^-/, '')) ?? refuse(`'${x}' is no integer`) : null;
    return v !== null && x.startsWith('-') ? -v : v;
  };
  // Every register must be declared: an element as wide as its share of the whole.
  const declared = (x: string, bits: number, what: string): void => {
    if (!x.startsWith('%')) refuse(`expected a register, found '${x}'`);
    const t = declaredType(fn, x.slice(1));
    if (t === undefined) refuse(`the register ${x} is not declared (before this instruction)`);
    else if (t === 'pred' || typeBytes(t) * 8 !== bits) refuse(`${x} is .${t}, but ${what} needs a ${bits}-bit register`);
  };
  const element = (x: string): void => declared(x, w, `an element of .b${n} with ${k} elements`);
  if (split) {
    const whole = ops[2]!;
    if (lit(whole) === null) declared(whole, n, `mov.b${n}`);
    const named = elems.filter((x) => x !== '_');
    named.forEach(element);
    if (new Set(named).size !== named.length) return refuse('the same register twice: which element it ends with is unspecified');
    // A 16-bit whole is extracted as a 32-bit one (bfe has no 16-bit form): the same bits.
    const bt = n === 64 ? 'u64' : 'u32';
    return elems.flatMap((x, j) => (x === '_' ? [] : [`${guard}bfe.${bt} ${x}, ${whole}, ${j * w}, ${w}`]));
  }
  const d = ops[3]!;
  declared(d, n, `mov.b${n}`);
  const parts = elems.map((x): string => {
    if (x === '_') return refuse('an element left out (_) leaves its bits unspecified');
    const v = lit(x);
    if (v === null) { element(x); return x; }
    if (v < -(1n << BigInt(w - 1)) || v >= 1n << BigInt(w)) return refuse(`${x} does not fit ${w} bits`);
    return `0x${BigInt.asUintN(w, v).toString(16)}`;
  });
  const bt = n === 64 ? 'b64' : 'b32';
  const first = parts[0]!.startsWith('%') ? `${guard}cvt.u${n}.u${w} ${d}, ${parts[0]}` : `${guard}mov.b${n} ${d}, ${parts[0]}`;
  return [first, ...parts.slice(1).map((x, j) => `${guard}bfi.${bt} ${d}, ${x}, ${d}, ${(j + 1) * w}, ${w}`)];
}

/** `@%p ret;` keeps its guard on the jump that stands for it. */
function withGuard(stmt: Tok[], s: Extract<Stmt, { op: 'bra' }>, file: string): Stmt {
  if (stmt[0]!.v !== '@') return s;
  const neg = stmt[1]!.v === '!';
  const r = stmt[neg ? 2 : 1];
  if (!r || r.k !== 'reg') throw new LitmusError(`expected a predicate register after '@'`, { line: stmt[0]!.line, col: stmt[0]!.col }, file);
  return { ...s, guard: { reg: { kind: 'reg', name: r.v.slice(1), pos: { line: r.line, col: r.col } }, negated: neg } };
}

/** `call.uni (retval0), f, (param0, param1);` with its optional return list and arguments. */
function call(stmt: Tok[], opcode: Tok, file: string): Call {
  const pos = { line: opcode.line, col: opcode.col };
  if (stmt[0]!.v === '@') throw new LitmusError(`a guarded call is not supported`, pos, file);
  const fail = (msg: string, t?: Tok): never => { throw new LitmusError(msg, t ? { line: t.line, col: t.col } : pos, file); };
  // ptxas: "Illegal modifier '.gpu' for instruction 'call'" (it was read as a call).
  if (opcode.v !== 'call' && opcode.v !== 'call.uni') fail(`'${opcode.v}': a call is call or call.uni`);
  let j = 1;
  const list = (): string[] => {
    const out: string[] = [];
    if (stmt[j]?.v !== '(') fail(`expected '(' in the call`, stmt[j]);
    j++;
    while (stmt[j] && stmt[j]!.v !== ')') {
      if (stmt[j]!.k !== 'id') fail(`a call passes .param names, not '${asWritten(stmt[j]!.v)}'`, stmt[j]);
      out.push(stmt[j]!.v);
      j++;
      // As ptxas: a comma between names (`(param3 param4)` was read as two), none after the last.
      if (stmt[j]?.v === ',') {
        j++;
        if (stmt[j]?.v === ')') fail(`a name after ',' in the call`, stmt[j]);
      } else if (stmt[j] && stmt[j]!.v !== ')') fail(`expected ',' or ')' in the call, found '${asWritten(stmt[j]!.v)}'`, stmt[j]);
    }
    if (!stmt[j]) fail(`expected ')' closing the call's list`);
    j++;
    return out;
  };
  // `call (ret), f, (args)`: a comma after the return list and after the name when arguments follow.
  const comma = (): void => { if (stmt[j]?.v !== ',') fail(`expected ',' in the call${stmt[j] ? `, found '${asWritten(stmt[j]!.v)}'` : ''}`, stmt[j]); j++; };
  const rets = stmt[j]?.v === '(' ? list() : [];
  if (rets.length || stmt[j - 1]?.v === ')') comma();
  const callee = stmt[j];
  if (!callee || callee.k !== 'id') return fail(`expected the called function's name`, callee);
  j++;
  if (j < stmt.length) comma();
  const args = stmt[j]?.v === '(' ? list() : [];
  if (j < stmt.length) fail(`unexpected '${stmt[j]!.v}' in the call (indirect calls and prototypes are not supported)`, stmt[j]);
  return { op: 'call', callee: callee.v, rets, args, pos };
}

/** The registers and labels a nested block declares (readModule renames them apart). */
interface Scope {
  id: number;
  names: Set<string>;
  ranges: { prefix: string; count: number }[];
  labels: Set<string>;
  /** The call parameters (`.param .b64 param0;`) it declares. */
  params: Set<string>;
}

/** A register or label of a nested block, renamed apart from the function's (`%__b2_p1`, `__b2_LOOP`). */
const blockName = (s: Scope, name: string): string => `__b${s.id}_${name}`;

/** A name as the module writes it, without the block's prefix blockName gives it. */
export const asWritten = (name: string): string => name.replace(/^__b\d+_/, '');

/** Is `name` one of the range's registers (`%r<N>`: %r0 to %r(N-1))? */
const inRange = (r: { prefix: string; count: number }, name: string): boolean => {
  const k = name.slice(r.prefix.length);
  return name.startsWith(r.prefix) && /^(0|[1-9]\d*)$/.test(k) && Number(k) < r.count;
};

/** Does the function declare this register (by name, or in a `%r<N>` range: %r0 to %r(N-1))? */
export function registerDeclared(fn: PtxFunction, name: string): boolean {
  return declaredType(fn, name) !== undefined;
}

/** Is the register declared with a floating-point type (`.reg .f32`)? */
export function floatRegister(fn: PtxFunction, name: string): boolean {
  if (fn.regs.has(name)) return fn.floats.has(name);
  const r = fn.regRanges.find((x) => inRange(x, name));
  return r !== undefined && fn.floats.has(`${r.prefix}<`);
}

/** The type the function declares the register with (`.reg .b64 %rd<20>`: %rd3 is .b64), if it does. */
export function declaredType(fn: PtxFunction, name: string): DataType | undefined {
  const t = fn.regs.get(name);
  if (t !== undefined) return t;
  return fn.regRanges.find((r) => inRange(r, name))?.type;
}

/** A `.param`'s bytes (a structure passed by value: its `.b8` count). */
export const paramSize = (p: Pick<Param, 'type' | 'count'>): number => typeBytes(p.type) * (p.count ?? 1);

export function typeBytes(t: DataType): number {
  return Number(t.slice(1)) / 8;
}

function endPos(text: string): Pos {
  const lines = text.split('\n');
  return { line: lines.length, col: lines[lines.length - 1]!.length + 1 };
}
