// What ptxas accepts, for an instruction written in genuine PTX (with a type, a %register, an
// [address] or a guard). A form that passes our meaning checks may still be one ptxas rejects
// (ptxas 13, sm_90, checked form by form: no atom.sub, no red.acq_rel, no 8-bit mov, ...); in
// genuine syntax that is an error, with a hint. Instructions in Dartagnan's untyped form keep
// its looser rules, since its corpus uses them, and ptxmm's own notations for what PTX cannot
// spell in a litmus test (the proxy mnemonics tld/suld/sust/cold/suatom/sured,
// fence.proxy.{texture,surface,constant}, beq/bne, the three-operand barrier) are accepted as
// documented extensions.
import type { Instr, Pos } from './ast.js';
import type { CstCell } from './cst.js';
import { LitmusError } from './errors.js';
import type { Qual } from './opcode.js';
import { TYPE_SET, WITH_PRED, floatWidthOf } from './opcode.js';

const STRONG_SEMS = new Set(['volatile', 'relaxed', 'acquire', 'release', 'acq_rel']);
const NO_STRONG_SPACES: Record<string, string> = { local: '.local', const: '.const', param: '.param' };

export interface GenuineCell {
  base: string;
  quals: Qual[];
  /** The opcode's position. */
  pos: Pos;
  operands: number;
  /** A genuine-PTX test (decides the barrier forms, whose operands never carry a type). */
  genuineTest: boolean;
  /** In a PTX module's function (kernel/), where st.param passes a call's parameters. */
  module?: boolean;
}

/** Is this instruction written in genuine PTX (a type, a %register, an [address], a guard) rather than Dartagnan's untyped form? */
export function writtenInPtx(c: Extract<CstCell, { k: 'instr' }>): boolean {
  return c.guard !== null || c.opcode.text.split('.').some((q) => TYPE_SET.has(q) || floatWidthOf(q))
    || c.operands.some((o) => o.k === 'mem' || (o.k === 'name' && o.tok.text.startsWith('%')));
}

/** Throws, with a hint, when ptxas would reject the genuine-PTX instruction `ins`. */
export function checkPtxas(c: GenuineCell, ins: Instr, file: string): void {
  const fail = (msg: string, at: Pos = c.pos): never => { throw new LitmusError(msg, at, file); };
  const q = (text: string): Qual | undefined => c.quals.find((x) => x.text === text);
  const type = c.quals.find((x) => WITH_PRED.has(x.text));
  const untyped = (example: string): never =>
    fail(`${c.base} needs a type in PTX (${example}); only Dartagnan's untyped form, with bare operands, may leave it out`);
  switch (ins.op) {
    case 'ld': case 'st': {
      if (c.base !== 'ld' && c.base !== 'st') return; // ptxmm's proxy mnemonics
      if (!type) untyped(`${c.base}.global.u32`);
      const space = c.quals.find((x) => x.text in NO_STRONG_SPACES);
      const sem = c.quals.find((x) => STRONG_SEMS.has(x.text));
      if (ins.op === 'st' && space && space.text !== 'local' && !(c.module && space.text === 'param')) {
        fail(space.text === 'const' ? 'st cannot write .const: constant memory is read-only' : 'st cannot write .param in a kernel (parameters are read-only)', space.pos);
      }
      if (space && sem) fail(`'.${sem.text}' cannot be used on ${NO_STRONG_SPACES[space.text]} (only weak accesses reach it)`, sem.pos);
      return;
    }
    case 'atom': case 'red': {
      if (c.base !== 'atom' && c.base !== 'red') return;
      const sub = q('sub');
      if (sub) {
        fail(`${c.base} has no .sub in PTX: use ${c.base}.add with the negated value `
          + `(${c.base}.sub is Dartagnan's dialect, written untyped: ${c.base === 'atom' ? 'atom.relaxed.gpu.sub r0, x, 1' : 'red.relaxed.gpu.sub x, 1'})`, sub.pos);
      }
      const acqRel = q('acq_rel');
      if (ins.op === 'red' && acqRel) {
        fail(`red takes .relaxed or .release, not .acq_rel: use atom.acq_rel for acquire semantics `
          + `(red.acq_rel is Dartagnan's dialect, written untyped: red.acq_rel.gpu.add x, 1)`, acqRel.pos);
      }
      if (!type) untyped(`${c.base}.add.u32, ${c.base}.exch.b32`);
      const space = c.quals.find((x) => x.text in NO_STRONG_SPACES);
      if (space) fail(`${c.base} cannot operate on ${NO_STRONG_SPACES[space.text]} (global or shared memory only)`, space.pos);
      if (ins.aop === 'add' && ins.type === 's64') fail(`.add takes .u32, .s32 or .u64, not .s64 (write .u64: the sum is the same)`, type!.pos);
      return;
    }
    case 'fence.proxy':
      if (c.base === 'membar' && ins.kind === 'async') fail(`membar.proxy has no .async: write fence.proxy.async`);
      return;
    case 'mov': case 'alu': case 'setp': {
      const name = c.base === 'mul' || c.base === 'mad' ? `${c.base}.lo` : c.base;
      if (!type) untyped(c.base === 'setp' ? 'setp.eq.u32' : `${name}.u32`);
      if (['u8', 's8', 'b8'].includes(type!.text)) {
        fail(`${c.base} has no 8-bit types: use .${type!.text[0]}16 or wider`, type!.pos);
      }
      if (c.base === 'mul' || c.base === 'mad') {
        const lo = q('lo') ?? q('hi') ?? q('wide')!;
        if (lo.pos.col > type!.pos.col) fail(`write ${c.base}.${lo.text}.${type!.text}: ptxas wants .${lo.text} before the type`, lo.pos);
      }
      if (ins.op === 'setp') {
        const cmp = c.quals.find((x) => x !== type)!;
        if (type!.text.startsWith('b') && !['eq', 'ne'].includes(cmp.text)) {
          fail(`setp.${cmp.text} orders numbers, and .${type!.text} is untyped bits: use .u or .s types (only eq and ne compare bits)`, cmp.pos);
        }
        if (type!.text.startsWith('s') && ['lo', 'ls', 'hi', 'hs'].includes(cmp.text)) {
          fail(`setp.${cmp.text} is an unsigned comparison: with .${type!.text} write lt, le, gt or ge`, cmp.pos);
        }
      }
      // In a module a .shared symbol's address is 32 bits (nvcc: mov.u32 %r, sdata); ptxas
      // checked the module, and a litmus location is global.
      if (ins.op === 'mov' && ins.src.kind === 'loc' && !type!.text.endsWith('64') && !c.module) {
        fail(`the address of ${ins.src.name} is 64 bits: write mov.u64 (ptxas has no 32-bit addresses on sm_90)`, type!.pos);
      }
      return;
    }
    default:
      return;
  }
}

/** ptxas's rules for bar/barrier in a genuine-PTX test (Dartagnan's three operands aside). */
export function checkPtxasBarrier(c: GenuineCell, ins: Extract<Instr, { op: 'bar' }>, file: string): void {
  if (!c.genuineTest || c.operands > 2) return;
  const fail = (msg: string, at: Pos = c.pos): never => { throw new LitmusError(msg, at, file); };
  const cta = c.quals.findIndex((x) => x.text === 'cta');
  if (cta > 0) fail(`'.cta' comes right after ${c.base} (${c.base}.cta.${ins.mode})`, c.quals[cta]!.pos);
  const aligned = c.quals.findIndex((x) => x.text === 'aligned');
  const arrive = c.quals.findIndex((x) => x.text === 'arrive');
  if (aligned >= 0 && arrive > aligned) fail(`write barrier.arrive.aligned: ptxas reads .aligned only after .arrive`, c.quals[aligned]!.pos);
  if (ins.mode === 'arrive' && c.operands < 2) {
    const dialect = cta === 0 ? ` (Dartagnan's ${c.base}.cta.arrive with one operand is read in a test of that dialect only, and another instruction of this test is genuine PTX)` : '';
    fail(`${c.base}.arrive needs a thread count: ${c.base}.arrive a, b (b a multiple of 32)${dialect}`);
  }
  if (ins.id.kind === 'imm' && (ins.id.value < 0n || ins.id.value > 15n)) {
    fail(`barrier ${ins.id.value} does not exist: PTX has barriers 0 to 15`, ins.id.pos ?? c.pos);
  }
}
