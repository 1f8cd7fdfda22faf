// The SMT-LIB printer: a node with one parent is spelled out inside it, a shared node is
// defined once, a spelled-out node that is needed again later is then defined, deep chains
// stay within the nesting limit; and whatever it prints, Z3 computes what the concrete
// evaluator computes, whether defined nodes are define-funs or (large DAGs) constants with equations.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type N, newDag, newEvaluator, newPrinter } from './expr.js';
import { openZ3 } from './z3.js';
import { literal, parseSexps } from './z3.js';

const defined = (lines: string[]): string[] => lines.filter((l) => l.startsWith('(define-fun')).map((l) => l.split(' ')[1]!);

test('a node used once is spelled out in its parent; a shared one is defined once', () => {
  const dag = newDag();
  const [a, b, c] = ['a', 'b', 'c'].map((v) => dag.boolVar(v)) as [N, N, N];
  const once = dag.and(a, b); // one parent: `top`
  const shared = dag.or(b, c); // two parents
  const top = dag.or(once, dag.not(shared));
  const other = dag.and(shared, a);
  const p = newPrinter(dag);
  const t = p.ref(top);
  const o = p.ref(other);
  assert.equal(defined(p.lines).sort(), [`n${shared}`, `n${top}`, `n${other}`].sort(), 'defined: the shared node and the two roots');
  assert.not.ok(defined(p.lines).includes(`n${once}`), 'the single-use node is not defined');
  assert.ok(p.lines.some((l) => l.startsWith(`(define-fun n${top} `) && l.includes('(and a b)')), 'it is spelled out in its parent');
  assert.is(p.lines.filter((l) => l.startsWith(`(define-fun n${shared} `)).length, 1, 'the shared node is defined once');
  assert.is(t, `n${top}`);
  assert.is(o, `n${other}`);
  // Needed again after its parent was printed: now it gets a definition of its own.
  assert.is(p.ref(once), `n${once}`);
  assert.ok(defined(p.lines).includes(`n${once}`));
});

test('a long chain of single-use nodes nests no deeper than the limit', () => {
  const dag = newDag();
  let x = dag.boolVar('v0');
  for (let i = 1; i <= 200; i++) x = dag.and(dag.not(x), dag.boolVar(`v${i}`));
  const p = newPrinter(dag);
  p.ref(x);
  let depth = 0;
  let deepest = 0;
  for (const ch of p.lines.join('\n')) {
    if (ch === '(') deepest = Math.max(deepest, ++depth);
    else if (ch === ')') depth--;
    else if (ch === '\n') depth = 0;
  }
  assert.ok(deepest <= 2 * 32 + 4, `nesting ${deepest}`);
  assert.ok(defined(p.lines).length >= 200 * 2 / 32, 'deep chains are cut into definitions');
});

test('Z3 reads the printed terms as the concrete evaluator does, as define-funs and as declared constants with their equations', async () => {
  const z3 = await openZ3();
  try {
    for (let seed = 1; seed <= 60; seed++) {
      const declare = seed > 30;
      let s = seed;
      const rnd = (k: number): number => { s = (s * 1103515245 + 12345) % 2147483648; return Math.floor(s / 65536) % k; };
      const dag = newDag();
      const vars = Array.from({ length: 4 }, (_, i) => dag.boolVar(`b${i}`));
      const bvs = Array.from({ length: 3 }, (_, i) => dag.bvVar(`x${i}`, 8));
      const pool: N[] = [...vars];
      const bpool: N[] = [...bvs, dag.bv(8, 3)];
      for (let i = 0; i < 40; i++) {
        const pick = (): N => pool[rnd(pool.length)]!;
        const bpick = (): N => bpool[rnd(bpool.length)]!;
        switch (rnd(6)) {
          case 0: pool.push(dag.and(pick(), pick())); break;
          case 1: pool.push(dag.or(pick(), dag.not(pick()))); break;
          case 2: pool.push(dag.eq(bpick(), bpick())); break;
          case 3: bpool.push(dag.bin('add', bpick(), bpick())); break;
          case 4: bpool.push(dag.ite(pick(), bpick(), bpick())); break;
          default: pool.push(dag.cmp('ult', bpick(), bpick()));
        }
      }
      const roots = [pool[pool.length - 1]!, pool[pool.length - 2]!, bpool[bpool.length - 1]!];
      const p = newPrinter(dag, { declare });
      for (const v of [...vars, ...bvs]) p.ref(v); // declared, whether the roots use them or not
      // A defined node is one or the other, never both.
      assert.ok(p.lines.every((l) => declare ? !l.startsWith('(define-fun') : !l.startsWith('(assert')), `seed ${seed}`);
      const names = roots.map((r) => p.ref(r));
      assert.ok(p.lines.some((l) => l.startsWith(declare ? '(assert (= n' : '(define-fun n')), `seed ${seed}: the roots are defined`);
      const env = new Map<string, boolean | bigint>([...vars.map((_, i): [string, boolean] => [`b${i}`, rnd(2) === 1]), ...bvs.map((_, i): [string, bigint] => [`x${i}`, BigInt(rnd(256))])]);
      const fix = [...env].map(([k, v]) => `(assert (= ${k} ${typeof v === 'boolean' ? v : `(_ bv${v} 8)`}))`);
      await z3.ready();
      const reply = z3.run(`(reset)\n${p.lines.join('\n')}\n${fix.join('\n')}\n(check-sat)\n(get-value (${names.join(' ')}))`);
      assert.match(reply, /^sat/, `seed ${seed}: ${reply.slice(0, 200)}`);
      const got = (parseSexps(reply.slice(reply.indexOf('\n')))[0] as [string, string][]).map(([, v]) => literal(v));
      const ev = newEvaluator(dag, (name) => env.get(name));
      assert.equal(got, roots.map((r) => ev(r)), `seed ${seed}`);
    }
  } finally {
    await z3.close();
  }
});

test('term() spells out an assertion nothing else uses; a node used up by its parent is defined when a later formula needs it too', () => {
  const dag = newDag();
  const [a, b, x] = ['a', 'b', 'x'].map((v) => dag.boolVar(v)) as [N, N, N];
  const c = dag.and(a, b); // one parent, P
  const P = dag.or(c, x);
  const p = newPrinter(dag);
  assert.is(p.term(P), '(or x (and a b))', 'no definition for the asserted node');
  assert.equal(defined(p.lines), []);
  // Built after the printer, so its use of c was not counted; P, printed within Q's walk
  // after c was spelled out, uses c up before Q comes to it.
  const y = dag.boolVar('y');
  const Q = dag.ite(P, c, y);
  const q = p.ref(Q);
  assert.ok(defined(p.lines).includes(`n${c}`), 'c is defined for Q');
  assert.ok(p.lines.some((l) => l.startsWith(`(define-fun ${q} `) && l.includes(`n${c}`)), p.lines.join('\n'));
  // A node others use is still defined, once, and named in each term.
  const shared = dag.or(a, x);
  const u1 = dag.and(shared, b);
  const u2 = dag.and(shared, dag.not(b));
  const p2 = newPrinter(dag);
  const t1 = p2.term(u1);
  assert.ok(t1.startsWith('(and ') && t1.includes(`n${shared}`), t1);
  assert.equal(defined(p2.lines), [`n${shared}`]);
  assert.ok(p2.term(u2).includes(`n${shared}`));
  assert.equal(defined(p2.lines), [`n${shared}`], 'defined once');
});

test.run();
