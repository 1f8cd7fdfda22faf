// What the parser makes of well-formed input: the meaning of qualifiers, defaults, the
// two syntaxes agreeing, operands, placements and conditions.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLitmus, readLitmusFiles } from './parse.js';
import { LARGE } from '../tests/large.js';
import type { LitmusError } from './errors.js';
import { stripPositions } from './arbitrary.js';
import { printInstr, printLitmus } from './print.js';
import type { Instr, LitmusTest } from './ast.js';

/** A two-thread test with the given cells in thread 0 (one per row). */
function withCells(cells: string[], init = 'x=0;', cond = 'exists (x == 0)'): LitmusTest {
  const rows = cells.map((c) => ` ${c} | ;`).join('\n');
  return parseLitmus(`PTX T\n{ ${init} }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n${rows}\n${cond}\n`);
}
const instrs = (t: LitmusTest, th = 0): Instr[] =>
  stripPositions(t.threads[th]!.code.filter((s): s is Instr => s.op !== 'label'));
/** The instruction a cell parses to; the registers it may read are initialised. */
const one = (cell: string, init = 'x=0; P0:r0=0; P0:r1=0; P0:r2=0;'): Instr => instrs(withCells([cell], init))[0]!;

test('qualifiers of ld/st/atom may come in any order ptxas accepts', () => {
  const forms = ['ld.global.relaxed.gpu.u32 %r1, [x]', 'ld.relaxed.gpu.global.u32 %r1, [x]', 'ld.u32.global.relaxed.gpu %r1, [x]', 'ld.gpu.relaxed.global.u32 %r1, [x]'];
  const [first, ...rest] = forms.map((f) => one(f));
  assert.equal(first, { op: 'ld', ord: { sem: 'relaxed', scope: 'gpu' }, space: 'global', proxy: 'generic', type: 'u32', dst: { kind: 'reg', name: 'r1' }, addr: { kind: 'loc', name: 'x' } });
  for (const r of rest) assert.equal(r, first);
  assert.equal(one('atom.add.global.acq_rel.gpu.u32 %r4, [x], 1'), one('atom.global.acq_rel.gpu.add.u32 %r4, [x], 1'));
});

test('the Dartagnan dialect and genuine PTX give the same AST', () => {
  const pairs: [string, string][] = [
    ['ld.acquire.gpu r1, x', 'ld.acquire.gpu.u32 %r1, [x]'],
    ['st.release.sys x, r1', 'st.release.sys.u32 [x], %r1'],
    ['st.weak x, 1', 'st.weak.u32 [x], 1'],
    ['atom.relaxed.gpu.exch r0, x, 1', 'atom.relaxed.gpu.exch.b32 %r0, [x], 1'],
    ['atom.acq_rel.sys.add r0, x, 1', 'atom.acq_rel.sys.add.u32 %r0, [x], 1'],
    ['atom.relaxed.gpu.cas r1, x, 1, 0', 'atom.relaxed.gpu.cas.b32 %r1, [x], 1, 0'],
    ['red.release.cta.add x, 2', 'red.release.cta.add.u32 [x], 2'],
    ['ld r0, 1', 'mov.u32 %r0, 1'],
    ['add r1, r0, 1', 'add.u32 %r1, %r0, 1'],
    ['tld.weak r0, x', 'tld.weak.u32 %r0, [x]'],
    ['sust.weak x, 2', 'sust.weak.u32 [x], 2'],
  ];
  for (const [d, g] of pairs) assert.equal(one(d), one(g), `${d} vs ${g}`);
});

test('integer literals in genuine PTX instructions as PTX reads them: octal 010, binary 0b101, hexadecimal 0x10U', () => {
  const imm = (cell: string): bigint => {
    const i = one(cell);
    return i.op === 'st' && i.src.kind === 'imm' ? i.src.value : -1n;
  };
  assert.is(imm('st.relaxed.gpu.global.u32 [x], 010'), 8n);
  assert.is(imm('st.relaxed.gpu.global.u32 [x], 0b101'), 5n);
  assert.is(imm('st.relaxed.gpu.global.u32 [x], 0x10U'), 16n);
  assert.is(imm('st.relaxed.gpu.global.u32 [x], 10U'), 10n);
  assert.is(imm('st.relaxed.gpu.global.u32 [x], 0'), 0n);
});

test('a 0f (0d) literal is the bits of a .b32 (.b64) operand or location, as ptxas reads it', () => {
  const imm = (cell: string): bigint | null => {
    const i = one(cell);
    if (i.op === 'st' && i.src.kind === 'imm') return i.src.value;
    if (i.op === 'mov' && i.src.kind === 'imm') return i.src.value;
    if (i.op === 'atom' && i.c?.kind === 'imm') return i.c.value;
    return null;
  };
  assert.is(imm('st.relaxed.gpu.global.b32 [x], 0f3F800000'), 0x3f800000n);
  assert.is(imm('st.global.b32 [x], 0F7fc00000'), 0x7fc00000n);
  assert.is(imm('mov.b64 %rd1, 0d3FF8000000000000'), 0x3ff8000000000000n);
  assert.is(imm('atom.global.cas.b32 %r1, [x], 0f3F800000, 0f40000000'), 0x40000000n);
  const t = parseLitmus('PTX T\n{ .global .b32 x = 0f3F800000; .global .b64 y = 0dBFF0000000000000; }\n P0@cta 0,gpu 0 ;\n ld.global.u32 %r1, [x] ;\nexists (y == 0)\n', 't.litmus');
  assert.equal(t.locations.map((l) => (l.kind === 'value' ? l.value : null)), [0x3f800000n, 0xbff0000000000000n]);
});

test('defaults: weak ld/st, atom relaxed.gpu, volatile = relaxed.sys, membar = fence.sc', () => {
  assert.equal((one('ld.global.u32 %r1, [x]') as Extract<Instr, { op: 'ld' }>).ord, { sem: 'weak' });
  assert.equal((one('atom.add.u32 %r1, [x], 1') as Extract<Instr, { op: 'atom' }>).ord, { sem: 'relaxed', scope: 'gpu' });
  assert.equal((one('atom.acquire.add.u32 %r1, [x], 1') as Extract<Instr, { op: 'atom' }>).ord, { sem: 'acquire', scope: 'gpu' });
  assert.equal((one('atom.sys.add.u32 %r1, [x], 1') as Extract<Instr, { op: 'atom' }>).ord, { sem: 'relaxed', scope: 'sys' });
  const v = one('ld.volatile.global.u32 %r1, [x]') as Extract<Instr, { op: 'ld' }>;
  assert.equal([v.ord, v.volatile], [{ sem: 'relaxed', scope: 'sys' }, true]);
  assert.equal(one('membar.gl'), { op: 'fence', sem: 'sc', scope: 'gpu', form: 'membar' });
  assert.equal(one('fence.cluster'), { op: 'fence', sem: 'acq_rel', scope: 'cluster', form: 'fence' });
  assert.equal(one('fence.proxy.alias'), { op: 'fence.proxy', kind: 'alias' });
  assert.equal((one('ld.weak r1, x') as Extract<Instr, { op: 'ld' }>).type, 'u32');
});

test('addresses: locations, registers given an address in the init block or by mov', () => {
  const t = withCells(['ld.weak.u32 %r0, [%rd1]', 'ld.weak r2, r1', 'mov.u64 %rd2, y', 'st.weak.u32 [%rd2], 1', 'st.weak rd1x, 5'], 'x=0; y=0; P0:r1=&x; P0:%rd1=&y;');
  const [a, b, c, d, e] = instrs(t);
  assert.equal((a as Extract<Instr, { op: 'ld' }>).addr, { kind: 'reg', name: 'rd1' });
  assert.equal((b as Extract<Instr, { op: 'ld' }>).addr, { kind: 'reg', name: 'r1' });
  assert.equal(c, { op: 'mov', type: 'u64', dst: { kind: 'reg', name: 'rd2' }, src: { kind: 'loc', name: 'y' } });
  assert.equal((d as Extract<Instr, { op: 'st' }>).addr, { kind: 'reg', name: 'rd2' });
  // A name no instruction writes as a register is a location, even if it looks like one.
  assert.equal((e as Extract<Instr, { op: 'st' }>).addr, { kind: 'loc', name: 'rd1x' });
  assert.equal(stripPositions(t.regInits), [
    { thread: 0, reg: 'r1', addressOf: 'x' },
    { thread: 0, reg: 'rd1', addressOf: 'y' },
  ]);
});

test('barriers: genuine (id, count), and Dartagnan instance forms', () => {
  assert.equal(one('bar.cta.sync 1'), { op: 'bar', mode: 'sync', form: 'bar', id: { kind: 'imm', value: 1n } });
  assert.equal(one('bar.sync 1, 64'), { op: 'bar', mode: 'sync', form: 'bar', id: { kind: 'imm', value: 1n }, count: { kind: 'imm', value: 64n } });
  assert.equal(one('barrier.sync.aligned 0'), { op: 'bar', mode: 'sync', form: 'barrier', id: { kind: 'imm', value: 0n }, aligned: true });
  assert.equal(one('barrier.sync 0'), { op: 'bar', mode: 'sync', form: 'barrier', id: { kind: 'imm', value: 0n } });
  for (const text of ['barrier.sync.aligned 0', 'barrier.arrive.aligned 1, 64', 'barrier.sync 0, 64']) assert.is(printInstr(one(text)), text, 'printed as read');
  assert.equal(one('bar.cta.sync 1, 1, 3'), { op: 'bar', mode: 'sync', form: 'bar', instance: { kind: 'imm', value: 1n }, id: { kind: 'imm', value: 1n }, count: { kind: 'imm', value: 3n } });
  // Two operands after bar.cta.sync in a Dartagnan-dialect test: instance and id.
  assert.equal(one('bar.cta.sync 1, r2'), { op: 'bar', mode: 'sync', form: 'bar', instance: { kind: 'imm', value: 1n }, id: { kind: 'reg', name: 'r2' } });
  // ... and in a genuine-PTX test: id and count, as the ISA says.
  const g = instrs(withCells(['bar.cta.sync 1, 64', 'st.weak.u32 [x], 1']))[0];
  assert.equal(g, { op: 'bar', mode: 'sync', form: 'bar', id: { kind: 'imm', value: 1n }, count: { kind: 'imm', value: 64n } });
});

test('predication, setp, branches and labels', () => {
  const t = withCells(['LOOP:', 'ld.relaxed.gpu.u32 %r1, [x]', 'setp.ne.u32 %p1, %r1, 1', '@%p1 bra LOOP', '@!%p1 st.weak.u32 [x], 2', 'bne r1, 0, LOOP']);
  const code = stripPositions(t.threads[0]!.code);
  assert.equal(code[0], { op: 'label', name: 'LOOP' });
  assert.equal(code[2], { op: 'setp', cmp: 'ne', type: 'u32', dst: { kind: 'reg', name: 'p1' }, a: { kind: 'reg', name: 'r1' }, b: { kind: 'imm', value: 1n } });
  assert.equal(code[3], { op: 'bra', target: 'LOOP', guard: { reg: { kind: 'reg', name: 'p1' }, negated: false } });
  assert.equal((code[4] as Instr).guard, { reg: { kind: 'reg', name: 'p1' }, negated: true });
  assert.equal(code[5], { op: 'bcmp', cmp: 'ne', a: { kind: 'reg', name: 'r1' }, b: { kind: 'imm', value: 0n }, target: 'LOOP' });
});

test('placements with clusters and warps', () => {
  const t = parseLitmus('PTX T\n{ }\n P0@cta 0,cluster 1,gpu 0 | P1@warp 2,cta 3,gpu 1 ;\n fence.sc.cluster | ;\nexists (0==0)\n');
  assert.equal(stripPositions(t.threads.map((th) => th.placement)), [
    { id: 0, cta: 0, gpu: 0, cluster: 1 },
    { id: 1, cta: 3, gpu: 1, warp: 2 },
  ]);
});

test('conditions: herd, Dartagnan and C-style operators mean the same', () => {
  const cond = (c: string) => stripPositions(withCells(['st.weak x, 1'], 'x=0; P0:r1=0; P1:r0=-5; P1:r1=0;', c).condition);
  const base = cond('exists (P1:r0 == 1 /\\ ~(P0:r1 == 2 \\/ x == 1))');
  assert.equal(cond('exists (1:r0 = 1 && !(0:r1 = 2 || x == 1))'), base);
  assert.equal(cond('exists (P1:%r0 == 1 /\\ ~(P0:%r1 == 2 \\/ x == 1))'), base);
  assert.equal(base.expr.kind, 'and');
  assert.equal(cond('~exists (P1:r0 == 1)').quantifier, 'not exists');
  assert.equal(cond('forall (P1:r0 >= -1)').expr, { kind: 'cmp', op: 'ge', left: { kind: 'reg', thread: 1, reg: 'r0' }, right: { kind: 'const', value: -1n } });
  // /\ binds tighter than \/; a chain of /\ is one n-ary and.
  const e = cond('exists (P1:r0 == 1 \\/ P1:r0 == 2 /\\ P1:r1 == 3 /\\ x == 0)').expr;
  assert.is(e.kind, 'or');
  assert.is(e.kind === 'or' && e.args[1]!.kind === 'and' && e.args[1]!.args.length, 3);
});

test('locations and filter lines', () => {
  const t = withCells(['st.weak x, 1'], 'x=0; P1:r0=0;', 'locations [x; P1:r0;]\nfilter (P1:r0 == 0)\nexists (x == 1)');
  assert.equal(stripPositions(t.observed), [{ kind: 'loc', name: 'x' }, { kind: 'reg', thread: 1, reg: 'r0' }]);
  assert.ok(t.filter);
});

test('doc strings may quote other text', () => {
  const t = parseLitmus('PTX T\n"first"\n"second says "hi" twice"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n');
  assert.equal(t.docs, ['first', 'second says "hi" twice']);
});

test('comments may come between the doc strings and the init block, as anywhere else', () => {
  const t = parseLitmus('PTX T\n"first"\n(* between *)\n"second"\n// after\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n');
  assert.equal(t.docs, ['first', 'second']);
  // Text that is neither is still refused.
  assert.throws(() => parseLitmus('PTX T\n"first"\nstray words\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n'), /expected doc strings in double quotes/);
});

test('a doc string over several lines of a CRLF file holds LF line ends (printed, the file has one kind)', () => {
  const t = parseLitmus('PTX T\r\n"a\r\nb"\r\n{ x=0; }\r\n P0@cta 0,gpu 0 ;\r\n st.weak x, 1 ;\r\nexists (x == 1)\r\n');
  assert.equal(t.docs, ['a\nb']);
  assert.not.match(printLitmus(t), /\r/);
});

test("registers may hold '$', as ptxas reads PTX identifiers (%r$0), and print back", () => {
  const t = parseLitmus('PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.global.relaxed.sys.u32 %r$0, [x] ;\nexists (P0:%r$0 == 0)\n');
  const ld = t.threads[0]!.code[0]!;
  assert.is(ld.op === 'ld' ? ld.dst.name : null, 'r$0');
  assert.equal(stripPositions(parseLitmus(printLitmus(t))), stripPositions(t));
});

test('comments and blank lines may come before the header; the test is the same', () => {
  const text = 'PTX T\n"doc"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n';
  const t = parseLitmus('// from the ISA\n\n(* two\n lines *)\n' + text);
  assert.is(t.name, 'T');
  assert.equal(t.docs, ['doc']);
  assert.equal(t.threads[0]!.code[0]!.pos, { line: 9, col: 2 });
  assert.equal(stripPositions(t), stripPositions(parseLitmus(text)));
});

test('values are exact to 64 bits, and print back unchanged', () => {
  const text = 'PTX T\n{ .global .u64 x = 18446744073709551615; .global .s64 y = -9223372036854775808; }\n P0@cta 0,gpu 0 ;\n'
    + ' st.weak.u64 [x], 18446744073709551614 ;\n ld.weak.u64 %rd1, [x] ;\nexists (P0:%rd1 == 18446744073709551615 /\\ y == -9223372036854775808)\n';
  const t = parseLitmus(text);
  assert.equal(t.locations.map((l) => (l.kind === 'value' ? l.value : null)), [18446744073709551615n, -9223372036854775808n]);
  const printed = printLitmus(t);
  for (const n of ['18446744073709551615', '18446744073709551614', '-9223372036854775808']) assert.ok(printed.includes(n), n);
  assert.equal(stripPositions(parseLitmus(printed)), stripPositions(t));
});

test('a byte-order mark is not part of the test, and columns do not count it', () => {
  const text = 'PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n';
  assert.equal(stripPositions(parseLitmus('\uFEFF' + text)), stripPositions(parseLitmus(text)));
  try {
    parseLitmus('\uFEFFPTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1) ?\n');
    assert.unreachable();
  } catch (e) {
    assert.equal([(e as { line: number }).line, (e as { col: number }).col], [5, 17]);
  }
});

test('a doc string may hold any character but a double quote, braces included', () => {
  const t = parseLitmus('PTX T\n"uses { and } and ; freely"\n"second"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n');
  assert.equal(t.docs, ['uses { and } and ; freely', 'second']);
  assert.equal(t.locations.map((l) => l.name), ['x']);
});

test('a bare name is a register only where the thread spells that register bare: `%x` leaves `[x]` the location x', () => {
  // Genuine PTX: the register is %x, so [x] and mov's x are the location (they were read as %x,
  // which here holds &y: a wrong answer).
  const t = parseLitmus(`PTX T
{
.global .u64 x = 0;
.global .u64 y = 5;
P1:%x = &y;
}
 P0@cta 0,gpu 0                   | P1@cta 1,gpu 0                     ;
 st.relaxed.gpu.global.u64 [x], 1 | ld.relaxed.gpu.global.u64 %r1, [x] ;
                                  | mov.u64 %rd1, x                    ;
                                  | ld.relaxed.gpu.global.u64 %r2, [%x] ;
exists (P1:%r1 == 5)
`);
  const [ld, mov, ld2] = instrs(t, 1) as [Instr & { op: 'ld' }, Instr & { op: 'mov' }, Instr & { op: 'ld' }];
  assert.equal(stripPositions(ld.addr), { kind: 'loc', name: 'x' });
  assert.equal(stripPositions(mov.src), { kind: 'loc', name: 'x' });
  assert.equal(stripPositions(ld2.addr), { kind: 'reg', name: 'x' });
  // A register written to %x by a load of x: both there, as ptxas reads them.
  const u = parseLitmus('PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n ld.relaxed.gpu.global.u32 %x, [x] ;\nexists (P0:%x == 0)\n');
  assert.equal(stripPositions((instrs(u, 0)[0] as Instr & { op: 'ld' }).addr), { kind: 'loc', name: 'x' });
  // Dartagnan's registers have no %: a bare register name stays a register in an address.
  const d = parseLitmus('PTX T\n{ x = 0; y = 0; P1:r0 = &y; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r1, r0 ;\nexists (P1:r1 == 0)\n');
  assert.equal(stripPositions((instrs(d, 1)[0] as Instr & { op: 'ld' }).addr), { kind: 'reg', name: 'r0' });
});

test('cvta of a variable is its generic address, as ptxas reads `cvta.global.u64 %rd1, x`; cvta.to takes a register', () => {
  const t = withCells(['cvta.global.u64 %rd1, x', 'st.u32 [%rd1], 1'], '.global .u32 x = 0;');
  assert.equal(stripPositions(instrs(t)[0]), { op: 'mov', cvta: 'global', type: 'u64', dst: { kind: 'reg', name: 'rd1' }, src: { kind: 'loc', name: 'x' } });
  const refused = (cell: string): string => {
    try { withCells([cell], '.global .u32 x = 0;'); } catch (e) { return (e as LitmusError).message; }
    return 'accepted';
  };
  assert.is(refused('cvta.shared.u64 %rd1, x'), 'x is declared in .global, but cvta.shared takes the address of a .shared variable');
  assert.is(refused('cvta.to.global.u64 %rd1, x'), 'cvta.to converts a generic address held in a register, not the variable x (write cvta.global, or mov.u64 for its address)');
});

test('ret and exit end the thread: a jump to its end, printed back as written; qualifiers and operands as ptxas takes them', () => {
  const t = withCells(['ld.global.u32 %r1, [x]', 'setp.eq.u32 %p1, %r1, 0', '@%p1 ret.uni', 'exit', 'st.global.u32 [x], 2'], '.global .u32 x = 0;');
  const code = t.threads[0]!.code;
  const leave = code.filter((s) => s.op === 'bra').map((s) => stripPositions(s));
  assert.equal(leave, [
    { op: 'bra', target: '$ptxmm_leave', leave: 'ret', guard: { reg: { kind: 'reg', name: 'p1' }, negated: false } },
    { op: 'bra', target: '$ptxmm_leave', leave: 'exit' },
  ]);
  // The jump's label ends the thread, after the store.
  assert.equal(code.map((s) => s.op), ['ld', 'setp', 'bra', 'bra', 'st', 'label']);
  const printed = printLitmus(t);
  assert.match(printed, /@%p1 ret +\|/);
  assert.match(printed, /\n exit +\|/);
  assert.not.match(printed, /ptxmm_leave/);
  assert.equal(stripPositions(parseLitmus(printed)), stripPositions(t));
  const refused = (cell: string): string => {
    try { withCells([cell], '.global .u32 x = 0;'); } catch (e) { return (e as LitmusError).message; }
    return 'accepted';
  };
  assert.is(refused('exit.uni'), 'exit takes no qualifiers');
  assert.match(refused('ret 1'), /ret takes no operands/);
});

test('a bar.arrive followed by a wait at another barrier before its barrier again (the ISA\'s producer and consumer) is read', () => {
  // Producer: arrive at 0 (buffer full), wait at 1 (buffer empty); consumer the other way round.
  const t = parseLitmus(`PTX PC
{ x=0; }
 P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;
 L:                      | M:                      ;
 st.global.u32 [x], 1    | bar.sync 0, 64          ;
 bar.arrive 0, 64        | ld.global.u32 %r1, [x]  ;
 bar.sync 1, 64          | bar.arrive 1, 64        ;
 ld.global.u32 %r2, [x]  | setp.eq.u32 %p2, %r1, 0 ;
 setp.eq.u32 %p1, %r2, 0 | @%p2 bra M              ;
 @%p1 bra L              |                         ;
exists (x == 1)
`);
  assert.is(t.threads.length, 2);
});

test('typed declarations in the init block', () => {
  const t = withCells(['st.weak.u32 [x], 1'], '.global .u32 x = 3; .shared .u32 s;');
  assert.equal(stripPositions(t.locations), [
    { kind: 'value', name: 'x', value: 3n, space: 'global', type: 'u32' },
    { kind: 'value', name: 's', value: 0n, space: 'shared', type: 'u32' },
  ]);
});

test('a directory yields every .litmus file below it; errors are reported per file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'a.litmus'), 'PTX A\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n');
  writeFileSync(join(dir, 'sub', 'b.litmus'), 'PTX B\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.relaxed x, 1 ;\nexists (x == 1)\n');
  writeFileSync(join(dir, 'notes.txt'), 'not a test');
  const r = readLitmusFiles([dir]);
  assert.equal(r.map((x) => [x.file.slice(dir.length + 1), x.test?.name ?? null]), [['a.litmus', 'A'], [join('sub', 'b.litmus'), null]]);
  assert.is(r[1]!.error!.format(), `${join(dir, 'sub', 'b.litmus')}:4:5: '.relaxed' needs a scope (.cta, .cluster, .gpu or .sys)`);
  // A file that cannot be read has no position: no made-up 1:1.
  const missing = readLitmusFiles([join(dir, 'missing.litmus')])[0]!.error!;
  assert.is(missing.format(), `${join(dir, 'missing.litmus')}: no such file or directory`);
  assert.is(missing.line, null);
});

test('long lists parse in linear time and memory: 50,000 init entries, 20,000 rows, a 20,000-term condition', () => {
  // nearley's :* copied its list at every item and kept every copy: 50,000 entries ran the
  // process out of memory (over 4 GB), 20,000 rows took 1.7 GB.
  const n = 50_000;
  const locs = parseLitmus(LARGE['init entries'](n), 'locs.litmus');
  assert.is(locs.locations.length, n);
  const last = locs.locations[n - 1]!;
  assert.equal(last.kind === 'value' ? [last.name, last.value] : null, [`v${n - 1}`, BigInt((n - 1) % 7)]);
  const rows = 20_000;
  const long = parseLitmus(`PTX Rows\n{ x = 0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n${Array.from({ length: rows }, (_, i) => ` st.u32 [x], ${i + 1} | ld.u32 %r0, [x] ;`).join('\n')}\nexists (${Array.from({ length: rows }, (_, i) => `P1:%r0 != ${i}`).join(' /\\ ')})\n`, 'rows.litmus');
  assert.equal(long.threads.map((t) => t.code.length), [rows, rows]);
  const st = long.threads[0]!.code[rows - 1]!;
  assert.ok('op' in st && st.op === 'st' && st.src.kind === 'imm' && st.src.value === BigInt(rows));
  // A chain of one operator is one node, however long.
  const e = long.condition.expr;
  assert.ok(e.kind === 'and' && e.args.length === rows);
});

test('a condition nested deeper than 500 levels is refused where it goes too deep (it overflowed the stack)', () => {
  const head = 'PTX Deep\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n ld.u32 %r0, [x] ;\n';
  assert.throws(() => parseLitmus(`${head}exists (${'~'.repeat(600)}P0:%r0 == 0)\n`, 'd.litmus'),
    (e: Error) => e.message === 'the condition nests deeper than 500 levels (negations, or /\\ and \\/ inside each other)' && (e as LitmusError).col === 510);
  // Alternating /\ and \/ nests too.
  let alt = 'P0:%r0 == 0';
  for (let i = 0; i < 300; i++) alt = `P0:%r0 == ${i} /\\ (P0:%r0 != 7 \\/ (${alt}))`;
  assert.throws(() => parseLitmus(`${head}exists (${alt})\n`, 'd.litmus'), /nests deeper than 500 levels/);
  // 500 negations are fine, and mean what they say.
  const ok = parseLitmus(`${head}exists (${'~'.repeat(500)}P0:%r0 == 0)\n`, 'd.litmus');
  let x = ok.condition.expr;
  let depth = 0;
  while (x.kind === 'not') { x = x.arg; depth++; }
  assert.equal([depth, x.kind], [500, 'cmp']);
});


test('.f32 and .f64 data moved by ld, st, mov and selp is its bits; literals round as ptxas rounds them', () => {
  const t = withCells(['mov.f32 %f1, 2.5', 'st.global.f32 [x], %f1', 'ld.relaxed.gpu.global.f64 %fd1, [y]', 'selp.f32 %f2, -0.0, 0f7F800000, %p1'],
    '.global .f32 x = 0.1; .global .f64 y = -1e-3; P0:%p1 = 0;', 'exists (x == 0f40200000)');
  const code = instrs(t);
  assert.equal(code[0], { op: 'mov', type: 'b32', float: true, dst: { kind: 'reg', name: 'f1' }, src: { kind: 'imm', value: 0x40200000n } });
  assert.equal([code[1]!.op, 'float' in code[1]! && code[1].float, 'type' in code[1]! && code[1].type], ['st', true, 'b32']);
  assert.equal([code[2]!.op, 'float' in code[2]! && code[2].float, 'type' in code[2]! && code[2].type], ['ld', true, 'b64']);
  assert.equal(code[3], { op: 'selp', type: 'b32', float: true, dst: { kind: 'reg', name: 'f2' }, a: { kind: 'imm', value: 0x80000000n }, b: { kind: 'imm', value: 0x7f800000n }, p: { kind: 'reg', name: 'p1' } });
  const decl = (name: string) => t.locations.find((l) => l.name === name)!;
  assert.equal(stripPositions([decl('x'), decl('y')]), [
    { kind: 'value', name: 'x', value: 0x3dcccccdn, space: 'global', type: 'b32', float: true },
    { kind: 'value', name: 'y', value: 0xbf50624dd2f1a9fcn, space: 'global', type: 'b64', float: true },
  ]);
  // The condition compares bits: a 0f literal stands for its own.
  assert.equal(stripPositions(t.condition.expr), { kind: 'cmp', op: 'eq', left: { kind: 'loc', name: 'x' }, right: { kind: 'const', value: 0x40200000n, float: '0f40200000' } });
  // Each literal as ptxas stores it in a .f32 variable (read back from its cubins): a decimal
  // literal is the nearest double, then the nearest float, ties to even (so 1.000000178...499,
  // below the midpoint of two floats, rounds through the double on it, up, as ptxas rounds it).
  const bits = (lit: string): bigint => (one(`mov.f32 %f1, ${lit}`) as { src: { value: bigint } }).src.value;
  const cases: [string, number][] = [
    ['0.1', 0x3dcccccd], ['16777217.0', 0x4b800000], ['1e40', 0x7f800000], ['1e-50', 0], ['-0.0', 0x80000000],
    ['1.00000017881393432617187499', 0x3f800002], ['.5', 0x3f000000], ['5E+3', 0x459c4000], ['1.4e-45', 1], ['0F40200000', 0x40200000],
  ];
  assert.equal(cases.map(([l]) => bits(l)), cases.map(([, b]) => BigInt(b)));
  assert.is((one('mov.f64 %fd1, 0.1') as { src: { value: bigint } }).src.value, 0x3fb999999999999an);
  // Printed back as written, each immediate as its 0f/0d literal, and read again the same.
  assert.match(printLitmus(t), /\.global \.f32 x = 0f3DCCCCCD;[\s\S]*mov\.f32 %f1, 0f40200000[\s\S]*selp\.f32 %f2, 0f80000000, 0f7F800000, %p1/);
  assert.equal(stripPositions(parseLitmus(printLitmus(t)).threads), stripPositions(t.threads));
});

test.run();
