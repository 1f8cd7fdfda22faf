// Decoding an opcode's dotted qualifiers (`ld.global.acquire.gpu.u32`) into named
// categories. ptxas accepts the qualifiers of ld/st/atom/red in any order, so we classify
// each one by what it is rather than by where it stands; each may appear once.
import type { Pos, Scope, Space, DataType } from './ast.js';
import { LitmusError } from './errors.js';

export interface Qual {
  text: string;
  pos: Pos;
}

export const SCOPE_QUALS: Record<string, Scope> = { cta: 'cta', cluster: 'cluster', gpu: 'gpu', sys: 'sys' };
export const SPACE_QUALS: Record<string, Space> = {
  global: 'global',
  shared: 'shared',
  'shared::cta': 'shared',
  'shared::cluster': 'shared_cluster',
  local: 'local',
  const: 'const',
  param: 'param',
};
export const TYPE_QUALS: ReadonlySet<string> = new Set([
  'u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'b8', 'b16', 'b32', 'b64',
]);

/** Splits `ld.global.u32` into its base and qualifiers, each with its own position. */
export function splitOpcode(text: string, pos: Pos): { base: string; quals: Qual[] } {
  const parts = text.split('.');
  const quals: Qual[] = [];
  let col = pos.col + parts[0]!.length + 1;
  for (const p of parts.slice(1)) {
    quals.push({ text: p, pos: { line: pos.line, col } });
    col += p.length + 1;
  }
  return { base: parts[0]!, quals };
}

/** PTX's floating-point types (f16, f16x2, bf16, bf16x2, tf32, f32, f64, e4m3, e5m2, ...). */
export const FLOAT_TYPE = /^(f16|f16x2|bf16|bf16x2|tf32|f32|f64|e4m3|e4m3x2|e5m2|e5m2x2)$/;

/** The width of a floating-point type ptxmm carries as bits (`f32`, `f64`; litmus/build.ts floatMove), or undefined. */
export const floatWidthOf = (type: string): 32 | 64 | undefined => (type === 'f32' ? 32 : type === 'f64' ? 64 : undefined);

/**
 * Why an instruction with a floating-point type is refused: ld, st, mov and selp carry .f32 and
 * .f64 data as bits (litmus/build.ts floatMove), atom.add and red.add add them, and the float
 * instructions of build.ts floatInstruction compute with them; nothing else does.
 */
export function floatRefusal(opname: string, type: string): string {
  if (['ld', 'st', 'mov', 'selp'].includes(opname)) return `.${type} data is not modelled: ${opname} carries .f32 and .f64 data (as its bits), no other floating-point type`;
  if ((opname === 'atom' || opname === 'red') && (type === 'f32' || type === 'f64')) {
    return `${opname} on .${type} data adds (${opname}.add.${type}); no other ${opname} operation takes a floating-point type (ptxas: .exch and .cas take .b32 or .b64, .min and .max integer types)`;
  }
  if (opname === 'atom' || opname === 'red') return `.${type} data is not modelled: ${opname}.add computes with .f32 and .f64 values, no other floating-point type`;
  return `floating-point ${opname} (.${type}) is not modelled: ptxmm computes add, sub, mul, fma, mad, div, rcp, sqrt, min, max, neg, abs, copysign, setp and cvt with .f32 and .f64 values, and adds them in memory (atom.add, red.add)`;
}

/** Each of `names` described as `what`. */
const alike = (names: readonly string[], what: string): Record<string, string> => Object.fromEntries(names.map((n) => [n, what]));
const CARRY = "carry chains (add.cc, addc, sub.cc, subc, mad.cc, madc: nvcc's 128-bit arithmetic)";

/** Qualifiers of genuine PTX for what ptxmm does not model (`opname.q` or `q`): what they are. */
const LATER_QUALIFIERS: Readonly<Record<string, string>> = {
  b128: '128-bit accesses (.b128, sm_90)',
  noftz: 'floating-point additions (.noftz: .f16, .bf16)',
  'barrier.cluster': 'cluster-wide barriers (barrier.cluster, sm_90)',
  async: 'asynchronous stores and reductions (st.async, red.async: completed through an mbarrier, sm_90)',
  'L2::cache_hint': 'cache-policy operands (.L2::cache_hint)',
  'param::entry': 'kernel parameters addressed as memory (.param::entry)',
  'param::func': 'device-function parameters addressed as memory (.param::func)',
  sat: 'saturating arithmetic (.sat)',
  ...alike(['add.cc', 'sub.cc', 'mad.cc'], CARRY),
  ...alike(['setp.and', 'setp.or', 'setp.xor'], 'comparisons combined with a predicate (setp.CMP.and, .or, .xor)'),
  relu: 'clamps at zero (.relu: the DPX functions __vimin_s32_relu and kin, sm_90)',
  ...alike(['u16x2', 's16x2'], 'packed pairs of 16-bit values (.u16x2, .s16x2: __vmins2 and kin)'),
};

/**
 * PTX instructions the model leaves out, by name (what they are), so that a kernel using one
 * hears that rather than "unknown instruction".
 */
export const UNMODELLED_INSTRUCTIONS: Readonly<Record<string, string>> = {
  cp: 'asynchronous copies (cp.async, cp.async.bulk, cp.reduce.async.bulk; memcpy_async, TMA)',
  mbarrier: 'mbarrier objects (cuda::barrier, cuda::pipeline)',
  multimem: 'multimem accesses (NVLink multicast)',
  prefetch: 'prefetches', prefetchu: 'prefetches', discard: 'cache discards', applypriority: 'cache priorities', createpolicy: 'cache policies',
  griddepcontrol: 'programmatic dependent launch (griddepcontrol)',
  tensormap: 'tensor maps', wgmma: 'warpgroup matrix operations', mma: 'matrix operations', ldmatrix: 'matrix loads', stmatrix: 'matrix stores',
  tex: 'texture fetches (tex; a litmus test writes a texture read as tld)', tld4: 'texture gathers (tld4)', sured: 'surface reductions',
  isspacep: 'address-space tests (isspacep, __isShared and friends)', mapa: 'distributed shared memory addresses (mapa, map_shared_rank)',
  getctarank: 'cluster ranks (getctarank)', elect: 'elect.sync', setmaxnreg: 'register reallocation', clusterlaunchcontrol: 'cluster launch control',
  rsqrt: 'floating-point arithmetic',
  ex2: 'floating-point arithmetic', lg2: 'floating-point arithmetic', sin: 'floating-point arithmetic', cos: 'floating-point arithmetic', tanh: 'floating-point arithmetic',
  testp: 'floating-point arithmetic',
  // Integer instructions nvcc writes for intrinsics that no kernel so far needed.
  ...alike(['dp4a', 'dp2a'], 'integer dot products (dp4a, dp2a: __dp4a, __dp2a)'),
  ...alike(['vabsdiff', 'vabsdiff2', 'vabsdiff4', 'vadd', 'vadd2', 'vadd4', 'vsub', 'vsub2', 'vsub4', 'vmin', 'vmin2', 'vmin4', 'vmax', 'vmax2', 'vmax4', 'vavrg2', 'vavrg4', 'vset', 'vset2', 'vset4', 'vshl', 'vshr', 'vmad'],
    'SIMD video instructions (vabsdiff4, vadd2 and kin: __vabsdiffu4, __vadd2, ...)'),
  fns: 'finding the n-th set bit (fns: __fns)', bmsk: 'bit-mask generation (bmsk)', szext: 'field sign or zero extension (szext)',
  ...alike(['addc', 'subc', 'madc'], CARRY),
  lop3: 'three-input logic (lop3)', cnot: 'C logical not (cnot)', ...alike(['mul24', 'mad24'], '24-bit multiplies (mul24, mad24)'),
  ldu: 'uniform loads (ldu)', ...alike(['alloca', 'stacksave', 'stackrestore'], 'dynamic stack allocation (alloca, stacksave, stackrestore)'),
  brkpt: 'breakpoints (brkpt)', pmevent: 'performance-monitor events (pmevent)',
  istypep: 'texture, sampler and surface type tests (istypep)', suq: 'surface queries (suq)', txq: 'texture queries (txq)',
};

/**
 * Sorts qualifiers into categories. `categories` maps a category name to its accepted
 * words; a qualifier in no category, or a second one of the same category, is an error.
 */
export function classify<C extends string>(
  opname: string,
  quals: Qual[],
  categories: Record<C, ReadonlySet<string>>,
  file: string,
): Partial<Record<C, Qual>> {
  const out: Partial<Record<C, Qual>> = {};
  for (const q of quals) {
    const cat = (Object.keys(categories) as C[]).find((c) => categories[c].has(q.text));
    if (cat === undefined) {
      // A genuine PTX type the model has no values for reads better as that than as a typo.
      if (FLOAT_TYPE.test(q.text)) throw new LitmusError(floatRefusal(opname, q.text), q.pos, file);
      // Genuine PTX of what the model leaves out, named as such rather than as a typo.
      const known = LATER_QUALIFIERS[`${opname}.${q.text}`] ?? LATER_QUALIFIERS[q.text];
      if (known) throw new LitmusError(`${opname}.${q.text}: ${known} are not modelled`, q.pos, file);
      throw new LitmusError(`unknown qualifier '.${q.text}' for ${opname}`, q.pos, file);
    }
    const prev = out[cat];
    if (prev) {
      const what = prev.text === q.text ? `'.${q.text}' is written twice` : `'.${q.text}' conflicts with '.${prev.text}'`;
      throw new LitmusError(`${what} (one ${cat} qualifier only)`, q.pos, file);
    }
    out[cat] = q;
  }
  return out;
}

export function setOf(...xs: string[]): ReadonlySet<string> {
  return new Set(xs);
}

export const TYPE_SET = TYPE_QUALS;
/** `and`, `or`, `xor`, `not` and `mov` also work on predicates (one bit: `not.pred` is logical). */
export const WITH_PRED: ReadonlySet<string> = setOf(...TYPE_SET, 'pred');
export const SCOPE_SET = setOf(...Object.keys(SCOPE_QUALS));
export const SPACE_SET = setOf(...Object.keys(SPACE_QUALS));

export function asType(q: Qual | undefined, dflt: DataType): DataType {
  return q ? (q.text as DataType) : dflt;
}
