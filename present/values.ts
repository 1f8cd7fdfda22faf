import type { LitmusTest } from '../litmus/ast.js';
import { typeWidth } from '../litmus/ast.js';
import { hexFloatLiteral } from '../litmus/print.js';

// Floating-point data as a reader wants it: ptxmm holds a .f32/.f64 location's value as its
// bits (litmus/build.ts floatMove), and shows it as the float those bits are.

/** The float that bits `v` of a `width`-bit location are: the shortest decimal that reads back to it (`2.5`, `0.1`, `-0.0`, `inf`, `nan`). */
export function floatText(v: bigint, width: number): string {
  const bits = BigInt.asUintN(width, v);
  const x = width === 32
    ? new Float32Array(new Uint32Array([Number(bits)]).buffer)[0]!
    : new Float64Array(new BigUint64Array([bits]).buffer)[0]!;
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  // A float's shortest form: the fewest digits whose nearest float is this one.
  let text = String(x);
  if (width === 32) {
    for (let p = 1; p <= 9; p++) {
      const t = x.toPrecision(p);
      if (Math.fround(Number(t)) === x) { text = String(Number(t)); break; }
    }
  }
  return /[.eE]/.test(text) ? text : `${text}.0`;
}

/** A location's value as shown: its float and bits (`2.5 (0f40200000)`) where it holds floating-point data, else the integer. */
export function valueText(v: bigint, float: { width: number } | null): string {
  return float ? `${floatText(v, float.width)} (${hexFloatLiteral(v, float.width)})` : String(v);
}

/** The locations of a test that hold floating-point data (LocDecl.float), each with its width. */
export function floatLocations(test: LitmusTest): Map<string, number> {
  return new Map(test.locations.flatMap((l) => (l.kind === 'value' && l.float && l.type ? [[l.name, typeWidth(l.type)] as const] : [])));
}
