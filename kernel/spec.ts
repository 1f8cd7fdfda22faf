// How a kernel is launched and what to check, from a spec file next to it (NAME.kernel.json)
// or from the command line (`--grid 2x2 --block 2 --param out:u32[4] --param 7`). Both
// give one `KernelSpec`; a bad value is an error naming the field or option, never a guess.
import { dirname, isAbsolute, join } from 'node:path';
import { type DataType, typeWidth } from '../litmus/ast.js';
import { floatBits } from '../litmus/build.js';
import { floatWidthOf } from '../litmus/opcode.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import type { Dim3, InitValue, Launch, ParamSpec } from './instantiate.js';

export interface KernelSpec {
  /** The module's path. */
  ptx: string;
  launch: Launch;
  /** Assertions as written, each with where it comes from (for messages). */
  asserts: { text: string; where: string }[];
  races: boolean;
  liveness: boolean;
  barriers: boolean;
  bound?: number;
}

/** A floating-point literal, as a .f32/.f64 parameter takes one: 2.5, -1e-3, .5, 0f40200000, 0d4004000000000000. */
const FLOAT_LITERAL = /^-?(?:(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)$|^0[fF][0-9a-fA-F]{8}$|^0[dD][0-9a-fA-F]{16}$/;

const ELEMENT_TYPES = new Set(['u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'b8', 'b16', 'b32', 'b64', 'f32', 'f64']);

/** Bytes of dynamic shared memory (`--dynamic-shared 64`): a positive whole number. */
export function parseDynamicShared(text: string, what: string): number {
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${what} is a number of bytes (a positive whole number), not '${text}'`);
  return n;
}

/** `2`, `2x2`, `2x1x1` (or with commas): a grid or block size. */
export function parseDim(text: string, what: string): Dim3 {
  const parts = text.trim().split(/[x,]/);
  const ns = parts.map(Number);
  if (parts.length > 3 || ns.some((n, k) => !/^\d+$/.test(parts[k]!.trim()) || n < 1 || !Number.isSafeInteger(n))) {
    throw new Error(`${what} must be 1 to 3 positive whole numbers (2, 2x2, 2x1x1), not '${text}'`);
  }
  return { x: ns[0]!, y: ns[1] ?? 1, z: ns[2] ?? 1 };
}

/** `out:u32[4]`, `out:s32[4]=1,2,3,4` (a buffer), `out` or `out+2` (into another parameter's buffer), or `7` (a scalar). */
export function parseParam(text: string): ParamSpec {
  const t = text.trim();
  if (/^-?(0x[0-9a-fA-F]+|\d+)$/.test(t) || FLOAT_LITERAL.test(t)) return scalar(initValue(t, 'a parameter'));
  const a = /^([A-Za-z_]\w*)(?:\+(\d+))?$/.exec(t);
  if (a) return { alias: a[1]!, offset: Number(a[2] ?? 0) };
  const m = /^([A-Za-z_]\w*):([a-z]\d+)\[(\d+)\](?:\+(\d+))?(?:=(.*))?$/.exec(t);
  if (!m) throw new Error(`a parameter is a number (7; for a float, 2.5 or 0f40200000), a buffer NAME:TYPE[SIZE] with optional +K (a pointer to its element K) and =V,V,... (out:u32[4]=0,0,0,0; a u64 element may be NAME+K, a pointer into another buffer), or NAME or NAME+K for a pointer to element K of the buffer another parameter gives (in+1), not '${text}'`);
  if (!ELEMENT_TYPES.has(m[2]!)) throw new Error(`'${m[2]}' is not an element type (u32, s32, u64, ..., f32, f64)`);
  // A float buffer holds its elements' bits (.b32/.b64), given as floating-point literals.
  const floatWidth = floatWidthOf(m[2]!);
  const p: ParamSpec = { buffer: m[1]!, type: (floatWidth ? `b${floatWidth}` : m[2]) as DataType, size: Number(m[3]) };
  // A buffer of no elements: its pointer was given, and every access through it said "no location's".
  if (p.size === 0) throw new Error(`the buffer ${m[1]} has no elements: give its size, at least 1 (${m[1]}:${m[2]}[4])`);
  if (m[4] !== undefined) p.offset = Number(m[4]);
  if (floatWidth) p.float = true;
  if (m[5] !== undefined) p.init = m[5].split(',').map((v) => initial(v.trim(), m[1]!, floatWidth));
  return p;
}

/**
 * A float's bits at `width` from a floating-point literal, as a PTX operand takes it (a JSON
 * number with a fraction stands for its literal); an integer is refused: 1 would be a float's
 * bits (a denormal), not 1.0.
 */
export function floatValue(v: unknown, width: 32 | 64, what: string, fail: (msg: string) => never = (msg) => { throw new Error(msg); }): bigint {
  const text = floatLiteral(v);
  if (text === null) fail(`${what} is a .f${width}: give a floating-point literal (1.0, -2.5e3, or the bits as a ${width === 32 ? '0f' : '0d'} literal), not ${JSON.stringify(v)}`);
  const neg = text!.startsWith('-');
  return floatBits(neg ? text!.slice(1) : text!, neg, width, (msg) => fail(`${what}: ${msg}`));
}

/** A buffer's initial element: an integer (a float buffer's: a floating-point literal), or (a table of pointers) NAME or NAME+K, element K of another parameter's buffer. */
function initial(v: unknown, buffer: string, floatWidth?: 32 | 64): bigint | { alias: string; offset: number } {
  const a = typeof v === 'string' ? /^([A-Za-z_]\w*)(?:\+(\d+))?$/.exec(v.trim()) : null;
  if (a) return { alias: a[1]!, offset: Number(a[2] ?? 0) };
  return floatWidth ? floatValue(v, floatWidth, `an initial value of ${buffer}`) : integer(v, `an initial value of ${buffer}`);
}

/** `name=5` or `name=1,2,3` for a module variable's initial value(s). */
export function parseGlobal(text: string): [string, InitValue | InitValue[]] {
  const m = /^([A-Za-z_$][\w$]*)=(.+)$/.exec(text.trim());
  if (!m) throw new Error(`a module variable's value is NAME=V or NAME=V,V,..., not '${text}'`);
  const vs = m[2]!.split(',').map((v) => initValue(v.trim(), `the value of ${m[1]}`));
  return [m[1]!, vs.length === 1 ? vs[0]! : vs];
}

function integer(v: unknown, what: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  // A leading zero is octal in PTX and decimal elsewhere: refused, as in litmus tests.
  if (typeof v === 'string' && /^-?0\d/.test(v)) throw new Error(`${what}: '${v}' has a leading zero, read as octal in PTX and as decimal by other tools: write the number without it`);
  if (typeof v === 'string' && /^-?(0x[0-9a-fA-F]+|\d+)$/.test(v)) return BigInt(v);
  // JSON.parse has already rounded a number past 2^53: say so, not the rounded value alone.
  if (typeof v === 'number' && Number.isInteger(v)) throw new Error(`${what} is past 2^53, where a JSON number is not exact (read as ${v}): write it in quotes, as a string of its digits (or "0x..." in hex)`);
  throw new Error(`${what} must be an integer, not ${JSON.stringify(v)}`);
}

/** A scalar parameter's value: an integer, or a float parameter's literal. */
const scalar = (v: InitValue): ParamSpec => (typeof v === 'bigint' ? { value: v } : v);

/**
 * A module variable's or scalar parameter's value: an integer, or a floating-point literal for
 * a .f32/.f64 one (in a spec, a JSON number with a fraction, or a string: "5.0", "0f40A00000").
 */
function initValue(v: unknown, what: string): InitValue {
  const literal = floatLiteral(v);
  return literal === null ? integer(v, what) : { literal };
}

/** A value's floating-point literal: the text of one, or a JSON number with a fraction as its literal; null for anything else. */
function floatLiteral(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) && !Number.isInteger(v) ? String(v) : null;
  return typeof v === 'string' && FLOAT_LITERAL.test(v.trim()) ? v.trim() : null;
}

/** A spec file (JSON): see README ("Kernels") for its fields. */
export function readSpec(path: string): KernelSpec {
  const fail = (msg: string): never => { throw new LitmusError(msg, null, path); };
  let j: Record<string, unknown>;
  let text = '';
  try {
    text = readText(path);
    j = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    // V8 says where as a character offset: given as line and column, as every input error is.
    const at = /at position (\d+)/.exec(e.message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : null;
    const pos = before ? { line: before.length, col: before[before.length - 1]!.length + 1 } : null;
    throw new LitmusError(`not valid JSON: ${e.message.replace(/ in JSON at position \d+.*$/, '').replace(/\n/g, '\\n')}`, pos, path);
  }
  if (typeof j !== 'object' || j === null || Array.isArray(j)) fail('a spec is a JSON object');
  const known = new Set(['ptx', 'entry', 'grid', 'block', 'params', 'globals', 'signed', 'dynamicShared', 'cluster', 'assert', 'races', 'liveness', 'barriers', 'bound', 'why']);
  for (const k of Object.keys(j)) if (!known.has(k)) fail(`unknown field "${k}" (fields: ${[...known].join(', ')})`);
  const wrap = <T>(f: () => T): T => { try { return f(); } catch (e) { return fail((e as Error).message); } };
  const dim = (k: string): Dim3 => {
    const v = j[k] ?? [1];
    if (!Array.isArray(v)) fail(`"${k}" is a list of 1 to 3 sizes ([2] or [2, 2])`);
    return wrap(() => parseDim((v as unknown[]).join('x'), `"${k}"`));
  };
  const params = (j.params ?? []) as unknown[];
  if (!Array.isArray(params)) fail('"params" is a list, one entry per kernel parameter');
  const launch: Launch = {
    grid: dim('grid'),
    block: dim('block'),
    params: params.map((p, k): ParamSpec => wrap(() => {
      if (typeof p !== 'object' || p === null) throw new Error(`parameter ${k}: an object, {"value": N}, {"buffer": NAME, "type": T, "size": N} or {"alias": NAME, "offset": K}`);
      const o = p as Record<string, unknown>;
      // A misspelt field ("ofset") would silently take its default: every field is known.
      const fields = 'value' in o ? ['value'] : 'alias' in o ? ['alias', 'offset'] : ['buffer', 'type', 'size', 'init', 'offset'];
      const stray = Object.keys(o).find((f) => !fields.includes(f));
      if (stray !== undefined) throw new Error(`parameter ${k}: unknown field "${stray}" (this kind of parameter has ${fields.map((f) => `"${f}"`).join(', ')})`);
      if ('value' in o) return scalar(initValue(o.value, `parameter ${k}'s value`));
      if ('alias' in o) {
        const offset = o.offset ?? 0;
        if (typeof o.alias !== 'string' || typeof offset !== 'number') throw new Error(`parameter ${k}: {"alias": NAME, "offset": K}, NAME another parameter's buffer and K (default 0) an element of it`);
        return { alias: o.alias, offset };
      }
      if (typeof o.buffer !== 'string' || typeof o.type !== 'string' || typeof o.size !== 'number') {
        throw new Error(`parameter ${k}: {"value": N}, or a buffer {"buffer": NAME, "type": T, "size": N} with "buffer" and "type" strings and "size" a number`);
      }
      if (o.offset !== undefined && (!Number.isSafeInteger(o.offset) || (o.offset as number) < 0)) throw new Error(`parameter ${k}: "offset" is the element the pointer points at, a non-negative integer`);
      const spec = parseParam(`${String(o.buffer)}:${String(o.type)}[${String(o.size)}]${o.offset !== undefined ? `+${String(o.offset)}` : ''}`);
      if ('buffer' in spec && o.init !== undefined) {
        if (!Array.isArray(o.init)) throw new Error(`parameter ${k}: "init" is a list of integers (or of "NAME+K", pointers into another parameter's buffer)`);
        spec.init = o.init.map((v) => initial(v, spec.buffer, spec.float ? (typeWidth(spec.type) as 32 | 64) : undefined));
      }
      return spec;
    })),
  };
  if (j.entry !== undefined) launch.entry = String(j.entry);
  if (j.cluster !== undefined) launch.cluster = dim('cluster');
  if (j.dynamicShared !== undefined) launch.dynamicShared = wrap(() => parseDynamicShared(String(j.dynamicShared), '"dynamicShared"'));
  if (j.globals !== undefined) {
    if (typeof j.globals !== 'object' || j.globals === null) fail('"globals" maps module variables to initial values');
    launch.globals = Object.fromEntries(Object.entries(j.globals as Record<string, unknown>).map(([k, v]) => [k, wrap(() =>
      Array.isArray(v) ? v.map((x) => initValue(x, `the value of ${k}`)) : initValue(v, `the value of ${k}`))]));
  }
  if (j.signed !== undefined) {
    if (!Array.isArray(j.signed) || j.signed.some((n) => typeof n !== 'string')) fail('"signed" is a list of module variables\' names, read as signed');
    launch.signed = j.signed as string[];
  }
  const asserts = (j.assert ?? []) as unknown[];
  if (!Array.isArray(asserts) || asserts.some((a) => typeof a !== 'string')) fail('"assert" is a list of conditions (strings)');
  const flag = (k: string): boolean => {
    if (j[k] !== undefined && typeof j[k] !== 'boolean') fail(`"${k}" is true or false`);
    return j[k] === true;
  };
  const spec: KernelSpec = {
    // A relative path is from the spec's folder; an absolute one stands (it was joined on too).
    ptx: typeof j.ptx === 'string' && isAbsolute(j.ptx) ? j.ptx : join(dirname(path), typeof j.ptx === 'string' ? j.ptx : path.replace(/(\.kernel)?\.json$/, '.ptx').split('/').pop()!),
    launch,
    asserts: (asserts as string[]).map((text, k) => ({ text, where: `${path}: assert ${k + 1}` })),
    races: flag('races'),
    liveness: flag('liveness'),
    barriers: flag('barriers'),
  };
  if (j.bound !== undefined) {
    if (!Number.isSafeInteger(j.bound) || (j.bound as number) < 0) fail('"bound" is a non-negative integer');
    spec.bound = j.bound as number;
  }
  return spec;
}
