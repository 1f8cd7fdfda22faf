// The two interpreters agree: for random relation terms (closures and differences in any
// position, masks of any shape) and random executions, every formula the symbolic interpreter
// builds evaluates to exactly what the concrete interpreter computes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { evaluate, type Pair } from '../model/concrete.js';
import type { EventInfo } from '../model/events.js';
import type { Model, RelTerm, SetTerm } from '../model/relalg.js';
import { ALL, alt, and, id, inv, minus, opt, plus, prod, ref, rel, seq, set } from '../model/relalg.js';
import { newDag, newEvaluator } from './expr.js';
import { interpret, type Mask, type SRel } from './symbolic.js';

const SETS = ['R', 'W', 'F', 'M', 'strong', 'GEN'];
const STATIC = ['po', 'loc', 'sr', 'rmw', 'same_proxy'];
// co is left out: the concrete interpreter closes it, an arbitrary choice would not be transitive.
const DYNAMIC = ['rf', 'dep', 'sync_fence', 'sync_barrier'];

const setTerm: fc.Arbitrary<SetTerm> = fc.oneof(fc.constantFrom(...SETS).map(set), fc.constant(ALL));
/** Random terms; with `withRef`, they may also use the derived relation `d`. */
const relTerm = (withRef: boolean): fc.Arbitrary<RelTerm> => fc.letrec<{ t: RelTerm }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...STATIC, ...DYNAMIC, 'co').map(rel),
    withRef ? fc.constant(ref('d')) : setTerm.map(id),
    setTerm.map(id),
    fc.tuple(setTerm, setTerm).map(([a, b]) => prod(a, b)),
    tie('t').map(inv),
    tie('t').map(opt),
    tie('t').map(plus),
    fc.tuple(tie('t'), tie('t')).map(([a, b]) => alt(a, b)),
    fc.tuple(tie('t'), tie('t')).map(([a, b]) => and(a, b)),
    fc.tuple(tie('t'), tie('t')).map(([a, b]) => minus(a, b)),
    fc.tuple(tie('t'), tie('t')).map(([a, b]) => seq(a, b)),
  ),
})).t;

/** A random event structure: kinds, threads, locations, strength. */
const eventsArb = fc.array(
  fc.record({ kind: fc.constantFrom('R', 'W', 'F') as fc.Arbitrary<'R' | 'W' | 'F'>, thread: fc.nat(1), loc: fc.nat(1), strong: fc.boolean() }),
  { minLength: 2, maxLength: 6 },
).map((specs): EventInfo[] => {
  const po = new Map<number, number>();
  return specs.map((s, i) => {
    const poIndex = po.get(s.thread) ?? 0;
    po.set(s.thread, poIndex + 1);
    return {
      id: i, kind: s.kind, init: false, thread: s.thread, poIndex, place: { cta: `0/${s.thread}`, cluster: `0/cta${s.thread}`, gpu: '0' },
      strong: s.kind === 'F' || s.strong, scope: s.kind === 'F' || s.strong ? 'gpu' : null, release: false, acquire: false,
      fence: s.kind === 'F' ? 'sc' : null, proxy: 'generic', ploc: s.kind === 'F' ? -1 : s.loc, vaddr: s.kind === 'F' ? -1 : s.loc,
      barMode: null, label: `e${i}`,
    };
  });
});

test('symbolic formulas evaluate to the concrete relations (every term, every mask)', () => {
  fc.assert(fc.property(relTerm(true), relTerm(false), eventsArb, fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }), fc.nat(), (t, d, evs, bits, maskSeed) => {
    const n = evs.length;
    const dag = newDag();
    // Every dynamic pair and every event's execution is a free variable; `bits` assigns them.
    const assignment = new Map<string, boolean>();
    let k = 0;
    const bit = (): boolean => bits[k++ % bits.length]!;
    const exec = evs.map((_, i) => { assignment.set(`x${i}`, bit()); return dag.boolVar(`x${i}`); });
    const dynamic: Record<string, SRel> = {};
    const chosen: Record<string, Pair[]> = {};
    for (const name of DYNAMIC) {
      const r: SRel = new Map();
      chosen[name] = [];
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
        if ((a * 7 + b * 3 + name.length) % 3 === 0) continue; // leave some pairs out of the may-set
        const v = `${name}_${a}_${b}`;
        const val = bit();
        assignment.set(v, val);
        (r.get(a) ?? r.set(a, new Map()).get(a)!).set(b, dag.boolVar(v));
        if (val) chosen[name]!.push([a, b]);
      }
      dynamic[name] = r;
    }
    dynamic.co = new Map();
    const rmwPartner = evs.map(() => -1);
    const model: Model = { name: 'test', defs: { d }, axioms: [] };
    const sym = interpret(model, { dag, events: evs, exec, rmwPartner, dynamic });

    // The concrete execution: executed events only, renumbered.
    const ids = evs.filter((_, i) => assignment.get(`x${i}`)).map((e) => e.id);
    const newId = new Map(ids.map((v, i) => [v, i]));
    const pick = (ps: Pair[]): Pair[] => ps.filter(([a, b]) => newId.has(a) && newId.has(b)).map(([a, b]) => [newId.get(a)!, newId.get(b)!]);
    const conc = evaluate({ name: 'test', defs: { d, t }, axioms: [] }, {
      events: ids.map((i, j) => ({ ...evs[i]!, id: j })), rmwPartner: ids.map(() => -1),
      rf: pick(chosen.rf!), co: [], dep: pick(chosen.dep!), syncFence: pick(chosen.sync_fence!), syncBarrier: pick(chosen.sync_barrier!),
    });
    const truth = conc.rels.t!;

    // A random mask: some rows, some columns, some explicit pairs, or none.
    const mask = randomMask(maskSeed, n);
    const got = sym.evalRel(t, mask);
    const ev = newEvaluator(dag, (name) => assignment.get(name));
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
      if (!newId.has(a) || !newId.has(b) || !allowed(mask, a, b)) continue;
      const f = got.get(a)?.get(b);
      const s = f === undefined ? false : ev(f) === true;
      const c = truth.m[newId.get(a)! * truth.n + newId.get(b)!] === 1;
      assert.is(s, c, `pair (${a},${b})`);
    }
  }), { numRuns: 1500, seed: 3 });
});

function randomMask(seed: number, n: number): Mask | null {
  const kind = seed % 4;
  if (kind === 0) return null;
  const pickSet = (s: number): Set<number> => new Set(Array.from({ length: n }, (_, i) => i).filter((i) => (s >> i) & 1));
  if (kind === 1) return { rows: pickSet(seed >> 2), cols: null, pairs: null };
  if (kind === 2) return { rows: null, cols: pickSet(seed >> 3), pairs: null };
  const pairs = new Map<number, Set<number>>();
  for (let a = 0; a < n; a++) pairs.set(a, pickSet((seed >> (a % 8)) ^ (a * 37)));
  return { rows: null, cols: null, pairs };
}

function allowed(m: Mask | null, a: number, b: number): boolean {
  return !m || ((!m.rows || m.rows.has(a)) && (!m.cols || m.cols.has(b)) && (!m.pairs || m.pairs.get(a)?.has(b) === true));
}

test.run();
