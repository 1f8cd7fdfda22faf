// The execution space holds the executions real programs have, and judges them as the concrete
// evaluator does: for our litmus tests that fit it (generic proxy, no barriers), the execution
// `show` finds (or, for an unreachable outcome, the one `why` finds without some axiom) is
// pinned in the space, and Z3 must find it consistent exactly when model/concrete.ts does.
// A space that missed executions would make every "holds" hollow.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOOP_BOUND, SCOPES } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { closurePairs, evaluate, type Execution } from '../model/concrete.js';
import { ptx60, ptx75 } from '../model/ptx.js';
import { explainTest } from '../present/explain.js';
import { type N, newDag, newPrinter } from '../solver/expr.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';
import { ptxEnv } from './claims.js';
import { consistent } from './prove.js';
import { executionSpace } from './space.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/** Constraints that make the space's execution be `x` (null: x is outside the space). */
function pin(x: Execution): { events: number; pinned: (space: ReturnType<typeof executionSpace>) => N[] } | null {
  const prog = x.events.filter((e) => !e.init);
  if (prog.some((e) => e.kind === 'B' || (e.proxy !== 'generic' && e.proxy !== null) || e.fence === 'proxy' || e.fence === 'alias')) return null;
  // Threads in placement order, each thread's events in program order.
  const key = (e: (typeof prog)[number]): string => `${e.place!.gpu}|${e.place!.cluster}|${e.place!.cta}|${String(e.thread).padStart(4, '0')}|${String(e.poIndex).padStart(4, '0')}`;
  const order = [...prog].sort((a, b) => key(a).localeCompare(key(b)));
  const at = new Map(order.map((e, i) => [e.id, i]));
  const locs = new Map<number, number>();
  for (const e of order) if (e.kind !== 'F' && !locs.has(e.ploc)) locs.set(e.ploc, locs.size);
  const n = order.length;
  const initAt = (ploc: number): number => n + locs.get(ploc)!;
  const where = (id: number): number => { const e = x.events[id]!; return e.init ? initAt(e.ploc) : at.get(id)!; };
  const co = closurePairs(x.events.length, x.co);
  const has = (ps: [number, number][], a: number, b: number): boolean => ps.some(([p, q]) => where(p) === a && where(q) === b);
  // The space's dependencies end at memory accesses (a fence is on no rf|dep cycle) and never
  // go from an atom's read to its own write (proofs/space.ts).
  const mem = (id: number): boolean => x.events[id]!.kind === 'R' || x.events[id]!.kind === 'W';
  if (x.dep.some(([r, e]) => x.rmwPartner[r] === e)) return null;
  const deps = x.dep.filter(([, e]) => mem(e));
  return {
    events: n,
    pinned: (s) => {
      const { dag } = s;
      const out: N[] = [dag.eq(s.size, dag.int(n))];
      const b = (v: boolean): N => dag.bool(v);
      order.forEach((e, i) => {
        const v = s.ev[i]!;
        out.push(dag.eq(v.isR, b(e.kind === 'R')), dag.eq(v.isW, b(e.kind === 'W')), dag.eq(v.isF, b(e.kind === 'F')), dag.eq(v.strong, b(e.strong)));
        out.push(dag.eq(v.scope, dag.int(e.strong ? SCOPES.indexOf(e.scope!) : 0)), dag.eq(v.rel, b(e.release && e.kind === 'W')), dag.eq(v.acq, b(e.acquire && e.kind === 'R')));
        out.push(dag.eq(v.sc, b(e.fence === 'sc')), dag.eq(v.loc, dag.int(e.kind === 'F' ? 0 : locs.get(e.ploc)!)));
        if (i + 1 < n) {
          const f = order[i + 1]!;
          const p = e.place!; const q = f.place!;
          const gap = e.thread === f.thread ? 0 : p.cta === q.cta ? 1 : p.cluster === q.cluster ? 2 : p.gpu === q.gpu ? 3 : 4;
          out.push(dag.eq(s.gap[i]!, dag.int(gap)), dag.eq(s.rmw[i]!, b(x.rmwPartner[e.id] === f.id)));
        }
      });
      const rel = (name: string, want: (a: number, b: number) => boolean): void => {
        for (const [a, row] of s.dynamic[name]!) for (const [c, f] of row) {
          if (a >= n && a < s.n) continue;
          if (c >= n && c < s.n) continue;
          const g = dag.constOf(f) === undefined && s.dag.nodes[f]!.op === 'var' ? f : null;
          if (g !== null) out.push(dag.eq(g, b(want(a, c))));
        }
      };
      rel('rf', (a, c) => has(x.rf, a, c));
      rel('co', (a, c) => has(co, a, c));
      rel('dep', (a, c) => has(deps, a, c));
      // Fence-SC order: the variable o of a pair (a < b) says a before b.
      for (const [a, row] of s.dynamic.sync_fence!) for (const [c] of row) if (a < c && c < n) out.push(dag.eq(dag.boolVar(`sf_${a}_${c}`), b(has(x.syncFence, a, c))));
      return out;
    },
  };
}

test("the executions of our litmus tests are in the space, and the space judges them as the concrete evaluator does", async () => {
  let checked = 0;
  const files = ['isa', 'scope'].flatMap((d) => readdirSync(join(ROOT, 'litmus/tests', d)).filter((f) => f.endsWith('.litmus')).map((f) => join(d, f)));
  for (const name of files) {
    const t = parseLitmus(readFileSync(join(ROOT, 'litmus/tests', name), 'utf8'), name);
    for (const model of [ptx75, ptx60]) {
      const ex = await explainTest(z3, t, { model, bound: DEFAULT_LOOP_BOUND, timeoutMs: 60_000, relax: true });
      if (!ex.witness) continue;
      const p = pin(ex.witness.x);
      if (!p || p.events > 8) continue;
      const dag = newDag();
      const space = executionSpace(dag, { events: p.events, locations: p.events });
      const ok = consistent(dag, model, ptxEnv(space), true);
      const pr = newPrinter(dag);
      const asserts = [...space.wellFormed, ...p.pinned(space)].map((f) => `(assert ${pr.ref(f)})`);
      const okName = pr.ref(ok);
      z3.run('(reset)');
      const reply = z3.run([...pr.lines, ...asserts, `(check-sat-assuming (${okName}))`, `(check-sat-assuming ((not ${okName})))`].join('\n')).trim().split('\n');
      const [cons, incons] = reply.slice(-2);
      const concrete = evaluate(model, ex.witness.x).consistent;
      assert.is(cons, concrete ? 'sat' : 'unsat', `${name} (${model.name}): the space finds the execution ${concrete ? 'consistent' : 'inconsistent'}`);
      assert.is(incons, concrete ? 'unsat' : 'sat', `${name} (${model.name}): and exactly that`);
      checked++;
    }
  }
  z3.run('(reset)');
  assert.ok(checked >= 20, `checked ${checked} executions`);
});

test.run();
