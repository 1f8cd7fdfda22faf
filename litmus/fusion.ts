// mul/add fusion (ISA add, sub, mul: "mul/add sequences with no rounding modifiers may be
// optimized to use fused-multiply-add instructions on the target device"). An add or sub
// without rounding modifier that reads the product of a mul without one has two possible
// values: the sum of the rounded product (two roundings) or fma.rn of the mul's operands (one).
// ptxas picks one per instruction it compiles; the program does not say which. Where the pair
// is simple enough to say what the fused add reads, the add gets a Fusion (ast.ts) and every
// engine takes both; elsewhere the pair is refused, naming the fix.
import type { Fop, Fusion, Instr, LitmusTest, Pos, Stmt } from './ast.js';
import { destinations } from './types.js';
import { printInstr } from './print.js';

/** A refused pair: where (the add), and why. */
export interface FusionRefusal {
  message: string;
  pos: Pos;
}

const isInstr = (s: Stmt | { op: string }): s is Instr => 'pos' in s && s.op !== 'label';
const writes = (s: Instr, reg: string): boolean => destinations(s).some(([r]) => r.name === reg);
// The instructions whose register effects the scan knows; anything else (a call, a trap) ends the block.
const KNOWN = new Set(['ld', 'st', 'atom', 'red', 'fence', 'fence.proxy', 'bar', 'shfl', 'vote', 'redux', 'match', 'mov', 'alu', 'unary', 'selp', 'cvt', 'setp', 'fop', 'bra', 'bcmp', 'nanosleep']);
const plainMul = (s: Instr): s is Fop => s.op === 'fop' && s.f.fn === 'mul' && s.f.rnd === null;
const plainAdd = (s: Instr): s is Fop => s.op === 'fop' && (s.f.fn === 'add' || s.f.fn === 'sub') && s.f.rnd === null;

/**
 * The registers that may hold a product somewhere in `code`: a plain mul's destination, and a
 * copy (mov) of one. With no block structure: what decides that a pair is there at all.
 */
function products(code: readonly (Stmt | { op: string })[]): Map<string, Fop> {
  const out = new Map<string, Fop>();
  for (const s of code) if (isInstr(s) && plainMul(s)) out.set(s.dst.name, s);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of code) {
      if (!isInstr(s) || s.op !== 'mov' || s.src.kind !== 'reg' || s.cvta) continue;
      const from = out.get(s.src.name);
      if (from && !out.has(s.dst.name)) { out.set(s.dst.name, from); grew = true; }
    }
  }
  return out;
}

type Arith = Exclude<Fop['f'], { fn: 'setp' } | { fn: 'cvt' }>;
type Found = { mul: Fop; at: number } | { refuse: string } | null;

/**
 * The mul whose product register `reg` holds at code[j], found backwards within the block
 * (through unguarded copies); a reason when a product may reach it in a way ptxmm does not
 * follow; null when it holds no product.
 */
function productAt(code: readonly (Stmt | { op: string })[], j: number, reg: string, may: ReadonlyMap<string, Fop>): Found {
  let want = reg;
  for (let i = j - 1; i >= 0; i--) {
    const s = code[i]!;
    if (!isInstr(s) || !KNOWN.has(s.op)) break;
    if (!writes(s, want)) continue;
    if (s.guard) break;
    if (s.op === 'mov' && s.src.kind === 'reg' && !s.cvta) { want = s.src.name; continue; }
    // A negated product: ptxas's fma negates operands for free, and nothing says it may not fold the neg in.
    const negated = s.op === 'fop' && s.f.fn === 'neg' && s.args[0]!.kind === 'reg' ? may.get(s.args[0]!.name) : undefined;
    if (negated) return { refuse: `the product of the mul (line ${negated.pos.line}) reaches the add negated (neg), which ptxas may fold into the fma` };
    return plainMul(s) ? { mul: s, at: i } : null;
  }
  // From before the block (a label, a call, a guarded write): where ptxmm does not look.
  const mul = may.get(want) ?? may.get(reg);
  return mul ? { refuse: `the mul (line ${mul.pos.line}) is in another block, or reaches the add through a label, a call or a guarded write` } : null;
}

/** Why the pair at code[i] (mul) and code[j] (add) is not modelled, or null when it is. */
function unmodelled(code: readonly (Stmt | { op: string })[], i: number, j: number, mul: Fop, add: Fop): string | null {
  // (A guarded mul, or one of another width, never gets here: productAt and markFusions leave them out.)
  const [mf, af] = [mul.f as Arith, add.f as Arith];
  if (mf.sat || mf.ftz !== af.ftz) return 'the mul saturates, or flushes subnormals where the add does not (or the other way)';
  const ops = mul.args.flatMap((v) => (v.kind === 'reg' ? [v.name] : []));
  if (ops.includes(mul.dst.name)) return `the mul overwrites its own operand %${mul.dst.name}`;
  for (let k = i + 1; k < j; k++) {
    const s = code[k]!;
    const hit = isInstr(s) ? ops.find((r) => writes(s, r)) : undefined;
    if (hit) return `%${hit}, an operand of the mul, is written between the two (line ${(s as Instr).pos.line})`;
  }
  return null;
}

/**
 * `code` with a Fusion on every add that ptxas may fuse with a mul, each choice named by
 * `site(index)` (the add's index in code), or the first pair ptxmm does not model.
 */
export function markFusions<S extends Stmt | { op: string }>(code: readonly S[], site: (index: number) => string): { code: S[]; refused: FusionRefusal | null } {
  const may = products(code);
  const out = code.slice();
  if (may.size === 0) return { code: out, refused: null };
  for (let j = 0; j < code.length; j++) {
    const add = code[j]!;
    if (!isInstr(add) || !plainAdd(add)) continue;
    const f = add.f as Arith;
    const found = add.args.map((v) => (v.kind === 'reg' ? productAt(code, j, v.name, may) : null));
    const refuse = (why: string, mul: Fop | null): { code: S[]; refused: FusionRefusal } => ({
      code: out,
      refused: { message: fusionRefusal(printInstr(add), mul ? `${printInstr(mul)} (line ${mul.pos.line})` : null, why), pos: add.pos },
    });
    const pairs = found.flatMap((x, k) => (x && 'mul' in x && (x.mul.f as Arith).w === f.w ? [{ ...x, k: k as 0 | 1 }] : []));
    const other = found.find((x): x is { refuse: string } => !!x && 'refuse' in x);
    if (pairs.length === 2) return refuse('both operands are products: ptxas may fuse either', pairs[0]!.mul);
    if (pairs.length === 0) {
      if (other) return refuse(other.refuse, null);
      continue;
    }
    const { mul, at, k } = pairs[0]!;
    if (other) return refuse(`the other operand may be a product too: ${other.refuse}`, mul);
    const why = unmodelled(code, at, j, mul, add);
    if (why) return refuse(why, mul);
    const fuse: Fusion = { a: mul.args[0]!, b: mul.args[1]!, product: k, site: site(j) };
    out[j] = { ...add, fuse } as S;
  }
  return { code: out, refused: null };
}

/** Why a pair is refused, and what to write instead. */
export const fusionRefusal = (add: string, mul: string | null, why: string): string =>
  `${add}: ptxas may fuse it with ${mul ?? 'a mul'} into one fma (ISA add: a mul and an add without rounding modifiers may be fused), ` +
  `and ptxmm models that choice only for a mul and an add in one block with nothing between them writing the mul's operands; here ${why}: ` +
  'write .rn on either (nvcc -fmad=false does), or fma.rn for the fused form';

/** The choices of a test (Fusion.site), each once, in the order its threads make them. */
export function fusionSites(test: LitmusTest): string[] {
  const out = new Set<string>();
  for (const t of test.threads) for (const s of t.code) if (s.op === 'fop' && s.fuse) out.add(s.fuse.site);
  return [...out];
}

/** Every combination of fused sites: 2^n sets, the empty one (nothing fused) first. */
export function fusionChoices<T>(sites: readonly T[]): Set<T>[] {
  const out: Set<T>[] = [];
  for (let m = 0; m < 2 ** sites.length; m++) out.push(new Set(sites.filter((_, i) => (m >> i) & 1)));
  return out;
}

/**
 * The fused adds of `sites`, as a reader finds them: `P0: add.f32 %f3, %f2, %f1 (line 7)`, one
 * per site; a kernel's without the thread (its threads share the choice).
 */
export function fusedText(test: LitmusTest, sites: readonly string[]): string {
  return sites.map((site) => {
    for (const t of test.threads) {
      const add = t.code.find((s): s is Fop => s.op === 'fop' && s.fuse?.site === site);
      if (add) return `${test.perThread ? '' : `P${t.placement.id}: `}${printInstr(add)} (line ${add.pos.line})`;
    }
    return site;
  }).join(', ');
}
