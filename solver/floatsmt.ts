// A float operation (litmus/ast.ts FloatOp) in the SMT-LIB text of a script, two ways: in Z3's
// floating-point theory (floatSmt: exact for any operands, slow to solve), or as a choice among
// its results computed here (floatCases: for operands known to take few values, solver/
// valuesets.ts). Both give the bits litmus/floats.ts floatOp gives; floats.test.ts checks the
// theory's text against floatOp on Z3.
import type { FloatOp, IntRounding, Rounding } from '../litmus/ast.js';
import { typeRange } from '../litmus/ast.js';
import { CANONICAL_NAN, floatOp, floatWidths, isFloat, widthOf } from '../litmus/floats.js';

/** The most operand tuples a float operation is spelled as a choice among (floatCases). */
export const FLOAT_CASES = 256;

const bv = (v: bigint, w: number): string => `(_ bv${BigInt.asUintN(w, v)} ${w})`;

/**
 * An operation whose operands, bound to `names`, take only the values `sets` in any execution
 * the script allows: its result on each tuple, chosen by the tuple the operands hold. The last
 * result needs no test; with no tuple at all the operation is never made, and its value is 0.
 */
export function floatCases(f: FloatOp, sets: readonly (readonly bigint[])[], names: readonly string[]): string {
  const { args: wa, result: w } = floatWidths(f);
  const tuples: bigint[][] = sets.reduce<bigint[][]>((acc, s) => acc.flatMap((t) => s.map((v) => [...t, v])), [[]]);
  if (tuples.length === 0) return bv(0n, w);
  const result = (t: readonly bigint[]): string => bv(floatOp(f, t), w);
  let text = result(tuples[tuples.length - 1]!);
  for (let i = tuples.length - 2; i >= 0; i--) {
    const t = tuples[i]!;
    const tests = t.flatMap((v, k) => (sets[k]!.length > 1 ? [`(= ${names[k]} ${bv(v, wa)})`] : []));
    text = `(ite ${tests.length === 1 ? tests[0] : `(and ${tests.join(' ')})`} ${result(t)} ${text})`;
  }
  return text;
}

const SORT: Readonly<Record<32 | 64, [number, number]>> = { 32: [8, 24], 64: [11, 53] };
const MODE: Readonly<Record<Rounding | IntRounding, string>> = { rn: 'RNE', rz: 'RTZ', rm: 'RTN', rp: 'RTP', rni: 'RNE', rzi: 'RTZ', rmi: 'RTN', rpi: 'RTP' };

/** The float of w bits whose bits are `bits` (a text of sort (_ BitVec w)). */
const fromBits = (bits: string, w: 32 | 64): string => `((_ to_fp ${SORT[w][0]} ${SORT[w][1]}) ${bits})`;
/** A float constant: the value +-2^k at w bits. */
const power = (k: number, neg: boolean, w: 32 | 64): string => {
  const [e, m] = SORT[w];
  const bias = (1 << (e - 1)) - 1;
  return fromBits(bv((neg ? 1n << BigInt(w - 1) : 0n) | (BigInt(k + bias) << BigInt(m - 1)), w), w);
};
/** .ftz: a subnormal as zero of its sign. */
const flushed = (x: string, w: 32 | 64): string => {
  const [e, m] = SORT[w];
  return `(ite (fp.isSubnormal ${x}) (ite (fp.isNegative ${x}) (_ -zero ${e} ${m}) (_ +zero ${e} ${m})) ${x})`;
};
/** A float result as bits, a NaN as CANONICAL_NAN; with `sat` clamped to [0.0, 1.0] (a NaN and anything negative +0). */
const toBits = (x: string, w: 32 | 64, sat: boolean): string => {
  if (sat) {
    const [e, m] = SORT[w];
    return `(fp.to_ieee_bv (ite (or (fp.isNaN ${x}) (fp.isNegative ${x})) (_ +zero ${e} ${m}) (ite (fp.gt ${x} ${power(0, false, w)}) ${power(0, false, w)} ${x})))`;
  }
  return `(ite (fp.isNaN ${x}) ${bv(CANONICAL_NAN[w], w)} (fp.to_ieee_bv ${x}))`;
};

/**
 * The operation in the floating-point theory, on its operands' texts (bit-vectors): the result
 * as a bit-vector of its width (setp: one bit). The operands are bound by `let` to names no
 * operand text can capture (let binds in parallel: the texts are read outside them).
 */
export function floatSmt(f: FloatOp, args: readonly string[]): string {
  if (f.fn === 'cvt') return cvtSmt(f, args[0]!);
  const w = f.w;
  // copysign: bits, as floats.ts computes it.
  if (f.fn === 'copysign') return `(concat ((_ extract ${w - 1} ${w - 1}) ${args[0]!}) ((_ extract ${w - 2} 0) ${args[1]!}))`;
  const ftz = f.ftz && w === 32;
  const binds = args.map((a, i) => `(fq${i} ${fromBits(a, w)})`).join(' ');
  // The operands as floats, flushed where .ftz says; as bits again (min, max, neg, abs return an operand).
  const x = args.map((_, i) => (ftz ? flushed(`fq${i}`, w) : `fq${i}`));
  const body = ((): string => {
    const [a, b, c] = [x[0]!, x[1]!, x[2]!];
    const nan = bv(CANONICAL_NAN[w], w);
    const anyNaN = `(or ${x.map((v) => `(fp.isNaN ${v})`).join(' ')})`;
    switch (f.fn) {
      case 'setp': {
        const base = f.cmp.length === 3 && f.cmp.endsWith('u') ? f.cmp.slice(0, 2) : f.cmp;
        const ordered = base === 'eq' ? `(fp.eq ${a} ${b})` : base === 'ne' ? `(and (not ${anyNaN}) (not (fp.eq ${a} ${b})))`
          : base === 'lt' ? `(fp.lt ${a} ${b})` : base === 'le' ? `(fp.leq ${a} ${b})` : base === 'gt' ? `(fp.gt ${a} ${b})` : base === 'ge' ? `(fp.geq ${a} ${b})` : 'false';
        const holds = f.cmp === 'num' ? `(not ${anyNaN})` : f.cmp === 'nan' ? anyNaN : base !== f.cmp ? `(or ${anyNaN} ${ordered})` : ordered;
        return `(ite ${holds} #b1 #b0)`;
      }
      case 'neg': case 'abs':
        return `(ite (fp.isNaN ${a}) ${nan} (fp.to_ieee_bv (fp.${f.fn} ${a})))`;
      case 'min': case 'max': {
        const first = f.fn === 'min'
          ? `(or (fp.lt ${a} ${b}) (and (fp.isZero ${a}) (fp.isZero ${b}) (fp.isNegative ${a})))`
          : `(or (fp.gt ${a} ${b}) (and (fp.isZero ${a}) (fp.isZero ${b}) (fp.isPositive ${a}) (fp.isNegative ${b})))`;
        const [ab, bb] = [`(fp.to_ieee_bv ${a})`, `(fp.to_ieee_bv ${b})`];
        const either = `(ite (fp.isNaN ${a}) ${bb} (ite (fp.isNaN ${b}) ${ab} (ite ${first} ${ab} ${bb})))`;
        return `(ite ${f.nan ? anyNaN : `(and (fp.isNaN ${a}) (fp.isNaN ${b}))`} ${nan} ${either})`;
      }
      default: {
        const rm = MODE[f.rnd ?? 'rn'];
        const r = f.fn === 'fma' ? `(fp.fma ${rm} ${a} ${b} ${c})` : f.fn === 'sqrt' ? `(fp.sqrt ${rm} ${a})`
          : f.fn === 'rcp' ? `(fp.div ${rm} ${power(0, false, w)} ${a})` : `(fp.${f.fn} ${rm} ${a} ${b})`;
        return `(let ((fr ${r})) ${toBits(ftz ? flushed('fr', w) : 'fr', w, f.sat)})`;
      }
    }
  })();
  return `(let (${binds}) ${body})`;
}

function cvtSmt(f: Extract<FloatOp, { fn: 'cvt' }>, a: string): string {
  const rm = MODE[f.rnd ?? 'rn'];
  if (!isFloat(f.from)) {
    const wt = widthOf(f.to) as 32 | 64;
    const [e, m] = SORT[wt];
    const r = `((_ ${f.from.startsWith('s') ? 'to_fp' : 'to_fp_unsigned'} ${e} ${m}) ${rm} ${a})`;
    return toBits(r, wt, f.sat);
  }
  const wf = widthOf(f.from) as 32 | 64;
  const x = f.ftz && wf === 32 ? flushed('fc', wf) : 'fc';
  let body: string;
  if (!isFloat(f.to)) {
    // Rounded to an integral value, then clamped to the type's range; a NaN is 0.
    const wt = widthOf(f.to);
    const signed = f.to.startsWith('s');
    const r = `(fp.roundToIntegral ${rm} ${x})`;
    const lo = signed ? power(wt - 1, true, wf) : `(_ +zero ${SORT[wf][0]} ${SORT[wf][1]})`;
    const hi = power(signed ? wt - 1 : wt, false, wf);
    const [lov, hiv] = typeRange({ width: wt, signed });
    body = `(let ((fr ${r})) (ite (fp.isNaN ${x}) ${bv(0n, wt)} (ite (fp.leq fr ${lo}) ${bv(lov, wt)} (ite (fp.geq fr ${hi}) ${bv(hiv, wt)} ((_ ${signed ? 'fp.to_sbv' : 'fp.to_ubv'} ${wt}) RTZ fr)))))`;
  } else {
    const wt = widthOf(f.to) as 32 | 64;
    const [e, m] = SORT[wt];
    const r = f.rnd !== null && f.rnd.endsWith('i') ? `(fp.roundToIntegral ${rm} ${x})` : wt === wf ? x : `((_ to_fp ${e} ${m}) ${rm} ${x})`;
    body = `(let ((fr ${r})) ${toBits(f.ftz && wt === 32 ? flushed('fr', wt) : 'fr', wt, f.sat)})`;
  }
  return `(let ((fc ${fromBits(a, wf)})) ${body})`;
}
