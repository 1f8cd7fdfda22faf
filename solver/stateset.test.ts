// The decision-diagram term of a set of states (solver/stateset.ts): read back with a small
// evaluator of its SMT-LIB text, it holds exactly on the states of the set, and equal
// sub-diagrams are defined once (a product of value sets is one definition per level).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Level, stateSetTerm } from './stateset.js';
import { type Sexp, parseSexps } from './z3.js';

const levels = (names: string[]): Level[] => names.map((n) => ({ name: n, smt: `o_${n}`, lit: (v: bigint) => `(_ bv${v} 8)` }));

/** The term's value at a point (observable constant -> value), its definitions expanded. */
function holds(defs: string[], term: string, at: ReadonlyMap<string, bigint>): boolean {
  const byName = new Map<string, Sexp>();
  for (const d of defs) {
    const s = parseSexps(d)[0] as Sexp[];
    assert.is(s[0], 'define-fun');
    byName.set(s[1] as string, s[4]!);
  }
  const value = (e: Sexp): bigint => {
    const m = Array.isArray(e) && e[0] === '_' ? /^bv(\d+)$/.exec(e[1] as string) : null;
    if (m) return BigInt(m[1]!);
    const v = at.get(e as string);
    if (v === undefined) throw new Error(`unknown term ${JSON.stringify(e)}`);
    return v;
  };
  const ev = (e: Sexp): boolean => {
    if (e === 'true') return true;
    if (e === 'false') return false;
    if (typeof e === 'string') return ev(byName.get(e)!);
    const [op, ...args] = e;
    if (op === 'and') return args.every(ev);
    if (op === 'or') return args.some(ev);
    if (op === '=') return value(args[0]!) === value(args[1]!);
    throw new Error(`unexpected ${String(op)}`);
  };
  return ev(parseSexps(term)[0]!);
}

// A small deterministic generator: the same sets on every run.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

test('the term holds exactly on the states of the set, free observables matching any value', () => {
  const names = ['P0:r0', 'P1:r0', 'x', 'y'];
  const ls = levels(names);
  for (let seed = 1; seed <= 40; seed++) {
    const r = rng(seed);
    const states = Array.from({ length: Math.floor(r() * 12) }, () =>
      // Now and then a state leaves an observable out: it allows any value there.
      names.flatMap((n): [string, bigint][] => (r() < 0.1 ? [] : [[n, BigInt(Math.floor(r() * 3))]])));
    const { defs, term } = stateSetTerm(ls, states, 'd_');
    const inSet = (p: bigint[]): boolean => states.some((s) => s.every(([n, v]) => p[names.indexOf(n)] === v));
    // Every point of values 0..3 (3 is in no state).
    for (let code = 0; code < 4 ** names.length; code++) {
      const p = names.map((_, i) => BigInt(Math.floor(code / 4 ** i) % 4));
      const at = new Map(ls.map((l, i) => [l.smt, p[i]!]));
      assert.is(holds(defs, term, at), inSet(p), `seed ${seed}, point ${p.join(',')}`);
    }
  }
});

test('equal sub-diagrams are shared: a product of value sets takes one definition per level', () => {
  const names = ['a', 'b', 'c', 'd', 'e'];
  const states: [string, bigint][][] = [];
  for (let code = 0; code < 3 ** names.length; code++) states.push(names.map((n, i) => [n, BigInt(Math.floor(code / 3 ** i) % 3)]));
  const { defs, term } = stateSetTerm(levels(names), states, 'd_');
  assert.is(defs.length, names.length);
  assert.ok(holds(defs, term, new Map(names.map((n) => [`o_${n}`, 2n]))));
  assert.not.ok(holds(defs, term, new Map(names.map((n, i) => [`o_${n}`, i === 4 ? 3n : 0n]))));
});

test('no states: false; one state leaving every observable free: true', () => {
  assert.is(stateSetTerm(levels(['a']), [], 'd_').term, 'false');
  assert.is(stateSetTerm(levels(['a', 'b']), [[]], 'd_').term, 'true');
});

test.run();
