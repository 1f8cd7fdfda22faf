// Unrolled control flow: loops run `bound` extra times per entry, code after a loop is shared,
// nested loops multiply, and overlapping loops fall back to one counter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Instr } from '../litmus/ast.js';
import { buildCfg, type Cfg } from './cfg.js';

const P = { line: 1, col: 1 };
const nop = (): Instr => ({ op: 'fence', sem: 'sc', scope: 'gpu', form: 'fence', pos: P });
const back = (target: string): Instr => ({
  op: 'bcmp', cmp: 'eq', a: { kind: 'reg', name: 'r' }, b: { kind: 'imm', value: 0n }, target, pos: P,
});
const cfgOf = (code: Instr[], labels: Record<string, number>, bound: number): Cfg =>
  buildCfg(code, (i) => labels[(i as { target: string }).target]!, bound);
const copies = (c: Cfg, pc: number): number => c.nodes.filter((n) => n.pc === pc).length;

test('a loop body is copied bound+1 times; the code after it once', () => {
  // 0: nop (L) ; 1: beq -> L ; 2: nop
  const code = [nop(), back('L'), nop()];
  for (const bound of [0, 1, 3]) {
    const c = cfgOf(code, { L: 0 }, bound);
    assert.is(copies(c, 0), bound + 1);
    assert.is(copies(c, 2), 1);
    assert.is(copies(c, 3), 1, 'one exit node');
    // The last copy's back jump is cut.
    const last = c.nodes.filter((n) => n.pc === 1).at(-1)!;
    assert.is(c.next(last, 0), null);
  }
});

test('nodes come in topological order', () => {
  const code = [nop(), back('L'), nop(), back('M'), nop()];
  const labels: Record<string, number> = { L: 0, M: 2 };
  const c = cfgOf(code, labels, 2);
  const pos = new Map(c.nodes.map((n, i) => [n.id, i]));
  for (const n of c.nodes) {
    if (n.pc === code.length) continue;
    const ins = code[n.pc]!;
    for (const to of ins.op === 'bcmp' ? [n.pc + 1, labels[ins.target]!] : [n.pc + 1]) {
      const nx = c.next(n, to);
      if (nx) assert.ok(pos.get(nx.id)! > pos.get(n.id)!);
    }
  }
});

test('nested loops: the inner loop restarts its count on each outer iteration', () => {
  // 0: nop (O) ; 1: nop (I) ; 2: beq -> I ; 3: beq -> O ; 4: nop
  const code = [nop(), nop(), back('I'), back('O'), nop()];
  const c = cfgOf(code, { O: 0, I: 1 }, 1);
  assert.is(copies(c, 0), 2);
  assert.is(copies(c, 1), 4);
  assert.is(copies(c, 4), 1);
});

test('overlapping loops share one counter (and stay finite)', () => {
  // 0: nop (A) ; 1: nop (B) ; 2: beq -> A ; 3: beq -> B ; 4: nop
  const code = [nop(), nop(), back('A'), back('B'), nop()];
  const c = cfgOf(code, { A: 0, B: 1 }, 2);
  assert.ok(c.nodes.length < 40);
  assert.is(copies(c, 4) >= 1, true);
});

test.run();
