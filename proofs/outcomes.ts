// Axiom independence for outcomes: is there a program whose outcome only this axiom forbids?
// An execution only the axiom forbids (proofs/independence.ts) may have an outcome that another
// execution of the same program reaches anyway (two writes left unordered, say), so it says
// nothing to someone who reads outcomes. The outcome question has a quantifier alternation (a
// program and an outcome such that *no* consistent execution reaches it), answered here by
// counterexample-guided search:
//
//   1. Z3 proposes a program with an execution that the other axioms accept and this one
//      rejects, and that no execution learnt so far reaches the same outcome on.
//   2. `check`'s solver (a second Z3) runs the program's litmus test. Outcome unreachable:
//      a witness, confirmed by construction. Reachable: the execution it reaches it by is
//      learnt: from now on, any program on which that execution is well formed, consistent and
//      reaches the proposed outcome is excluded.
//   3. No proposal left: the other axioms forbid every outcome this one does, up to N events.
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { parseLitmus } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import { closurePairs, evaluate, type Pair } from '../model/concrete.js';
import { type Axiom, type Model, withoutAxioms } from '../model/relalg.js';
import { type N, newDag, newPrinter } from '../solver/expr.js';
import { runTest } from '../solver/run.js';
import { axiomFormula, interpret, type SRel } from '../solver/symbolic.js';
import { modelEvaluator, type WitnessExecution } from '../solver/witness.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { broken, programOf, ptxEnv } from './claims.js';
import { type FoundExecution, locName, readFound, usedLocations } from './execution.js';
import { consistent, locationsFor, type ProofResult, type Theorem } from './prove.js';
import { executionSpace, put, type Space } from './space.js';

/** An execution `check` found, in the space's numbering. */
interface Learnt {
  size: number;
  rf: Pair[];
  /** Coherence, transitively closed, between program writes. */
  co: Pair[];
  syncFence: Pair[];
  /** The final write of each location the outcome names (space index; initial writes n+l). */
  final: Map<number, number>;
}

/** Maps check's execution of the litmus test written for `f` back to the space's events. */
function learn(space: Space, f: FoundExecution, w: WitnessExecution, state: readonly (readonly [string, bigint])[]): Learnt {
  const byThread = new Map<number, number[]>();
  f.events.forEach((e, i) => (byThread.get(e.thread) ?? byThread.set(e.thread, []).get(e.thread)!).push(i));
  const inverse = new Map([...usedLocations(f)].map(([l, k]) => [locName(k), l]));
  const at = new Map<number, number>();
  const prog = w.x.events.filter((e) => !e.init);
  for (const [t, ids] of byThread) prog.filter((e) => e.thread === t).sort((a, b) => a.poIndex - b.poIndex).forEach((e, k) => at.set(e.id, ids[k]!));
  const where = (id: number): number => {
    const e = w.x.events[id]!;
    return e.init ? space.n + inverse.get(w.locNames[e.ploc]!)! : at.get(id)!;
  };
  const map = (ps: Pair[]): Pair[] => ps.map(([a, b]): Pair => [where(a), where(b)]);
  // Final writes: a location the program does not use keeps its initial write; one it uses
  // ends with the write of the value check's final state gives it (values are distinct). Not
  // necessarily the only coherence-last write: check lets any of them be last.
  const final = new Map<number, number>();
  for (let l = 0; l < space.locations; l++) if (![...inverse.values()].includes(l)) final.set(l, space.n + l);
  for (const [name, value] of state) {
    const l = inverse.get(name);
    if (l === undefined) continue;
    const writer = w.x.events.find((e) => e.kind === 'W' && !e.init && w.locNames[e.ploc] === name && w.values[e.id] === value);
    final.set(l, writer ? where(writer.id) : space.n + l);
  }
  return {
    size: f.events.length, rf: map(w.x.rf),
    co: map(closurePairs(w.x.events.length, w.x.co)).filter(([a, b]) => a < space.n && b < space.n),
    syncFence: map(w.x.syncFence), final,
  };
}

/** The proposed execution reaches no outcome that `e` reaches on a program where `e` is consistent. */
function excluded(space: Space, model: Model, e: Learnt, tag: string): N {
  const { dag, n, ev } = space;
  const env = ptxEnv(space);
  const T = dag.T;
  const has = (ps: Pair[], a: number, b: number): boolean => ps.some(([p, q]) => p === a && q === b);
  const rel = (ps: Pair[]): SRel => { const r: SRel = new Map(); for (const [a, b] of ps) put(r, a, b, T); return r; };
  const co = rel(e.co);
  for (const [a, row] of env.dynamic.co!) if (a >= n) for (const [b, f] of row) put(co, a, b, f); // initial writes first
  const locOf = (i: number): N => (i >= n ? dag.int(i - n) : ev[i]!.loc);
  // e is an execution of the candidate program: same size, rf from a write of the read's location, ...
  const wf: N[] = [dag.eq(space.size, dag.int(e.size))];
  for (let r = 0; r < e.size; r++) if (!e.rf.some(([, q]) => q === r)) wf.push(dag.not(ev[r]!.isR));
  for (const [w, r] of e.rf) wf.push(ev[r]!.isR, w < n ? ev[w]!.isW : T, dag.eq(locOf(w), locOf(r)));
  for (const [a, b] of e.co) wf.push(ev[a]!.isW, ev[b]!.isW, dag.eq(ev[a]!.loc, ev[b]!.loc));
  const sf: SRel = new Map();
  for (let a = 0; a < e.size; a++) for (let b = a + 1; b < e.size; b++) {
    const both = space.scPair(a, b);
    if (has(e.syncFence, a, b)) { wf.push(both); put(sf, a, b, T); } else if (has(e.syncFence, b, a)) { wf.push(both); put(sf, b, a, T); } else wf.push(dag.not(both));
  }
  const ok = consistent(dag, model, { exec: env.exec, sets: env.sets, statics: env.statics, dynamic: { rf: rel(e.rf), co, sync_fence: sf, sync_barrier: new Map(), dep: env.dynamic.dep! } }, true, tag);
  // The same outcome: every read reads the same write; every location whose last write the
  // proposal fixes (one coherence-last write) ends with e's.
  const same: N[] = [];
  for (const [w, row] of env.dynamic.rf!) for (const [r, f] of row) if (r < e.size && (w < e.size || w >= n)) same.push(dag.eq(f, dag.bool(has(e.rf, w, r))));
  for (let l = 0; l < space.locations; l++) {
    const writes = [...Array.from({ length: e.size }, (_, i) => i), n + l];
    const last = writes.map((w) => dag.and(w < n ? dag.and(ev[w]!.isW, dag.eq(ev[w]!.loc, dag.int(l))) : T, ...writes.filter((v) => v !== w && v < n).map((v) => dag.not(env.dynamic.co!.get(w)?.get(v) ?? dag.F))));
    const unique = dag.and(...last.flatMap((x, i) => last.slice(i + 1).map((y) => dag.not(dag.and(x, y)))));
    const want = e.final.get(l);
    const idx = want === undefined ? -1 : writes.indexOf(want);
    // Where the proposal has one coherence-last write (its outcome names the value), e ends with it.
    same.push(dag.implies(unique, idx >= 0 ? last[idx]! : dag.F));
  }
  return dag.not(dag.and(...wf, ok, ...same));
}

export function outcomeTheorems(model: Model): Theorem[] {
  return model.axioms.map((ax): Theorem => ({
    name: `outcome-implied-${ax.name}`,
    group: 'outcome-independence',
    statement: `${model.name}'s other axioms forbid every outcome ${ax.name} forbids: no program's outcome is forbidden only by it.`,
    expect: 'either',
    search(z3, opt) { return searchOutcome(z3, this, model, ax, opt.events, opt.timeoutMs); },
  }));
}

async function searchOutcome(z3: Z3Session, theorem: Theorem, model: Model, ax: Axiom, events: number, timeoutMs: number): Promise<ProofResult> {
  const t0 = performance.now();
  const result: ProofResult = { theorem, events, model: model.name, answer: 'timeout', seconds: 0, counterexample: null, size: null, minimal: false, lines: 0, rounds: 0, vacuous: null };
  const left = (): number => Math.round(timeoutMs - (performance.now() - t0));
  await z3.ready();
  z3.run('(reset)');
  // The candidates stay loaded in `z3`; `check`'s solver gets a Z3 of its own.
  const check = await openZ3();
  try {
    const dag = newDag();
    const space = executionSpace(dag, { events, locations: locationsFor(events) });
    const others = withoutAxioms(model, [ax.name]);
    const env = ptxEnv(space);
    const sym = interpret(model, { dag, ...env });
    const p = newPrinter(dag);
    let sent = 0;
    const send = (fs: N[]): string => {
      const asserts = fs.map((f) => `(assert ${p.ref(f)})`);
      const text = [...p.lines.slice(sent), ...asserts].join('\n');
      sent = p.lines.length;
      result.lines += text.split('\n').length;
      return text;
    };
    let script = send([...space.wellFormed, consistent(dag, others, env, false, 'o'), dag.not(axiomFormula(dag, ax, sym.evalRel, env.exec, true))]);
    for (;;) {
      if (left() < 1000) break;
      const sat = z3.run(`${script}\n(set-option :timeout ${left()})\n(check-sat)`).trim().split('\n').pop()!.trim();
      if (sat === 'unsat') { result.answer = 'holds'; break; }
      if (sat !== 'sat') break;
      result.rounds!++;
      const f = readFound(space, modelEvaluator(dag, p.lines.join('\n'), (c) => z3.run(c)));
      const name = `only-${ax.name}-outcome`;
      const docs = [`An outcome only ${ax.name} forbids under ${model.name} (ptxmm prove outcome-implied-${ax.name}).`];
      const without = programOf(f, name, `allowed without ${ax.name}`, docs, others, true, true);
      const test = parseLitmus(printLitmus(without.test), `${name}.litmus`);
      const r = await runTest(check, test, { model, bound: DEFAULT_LOOP_BOUND, timeoutMs: Math.max(1000, left()), mode: 'verdict', checkBound: false, explain: true });
      if (r.validated === 'unknown') break;
      if (r.validated === false) {
        const full = programOf(f, name, `under ${model.name}`, docs, model, false, true);
        const ro = evaluate(others, without.execution.x);
        const rm = evaluate(model, full.execution.x);
        result.answer = 'counterexample';
        result.size = f.events.length;
        result.counterexample = {
          summary: `${ax.name} is needed for outcomes: this program's outcome is forbidden under ${model.name} and allowed without ${ax.name} (${result.rounds} proposals)`,
          details: [],
          programs: [without, full],
          concrete: ro.consistent && broken(rm).join() === ax.name ? null : `the concrete evaluator finds the execution ${ro.consistent ? 'consistent' : 'inconsistent'} without ${ax.name}, and breaking ${broken(rm).join(', ') || 'nothing'} under ${model.name}`,
        };
        break;
      }
      script = send([excluded(space, model, learn(space, f, r.witness!.execution, r.witness!.state), `x${result.rounds}_`)]);
    }
  } finally {
    await check.close();
    z3.run('(reset)');
  }
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}
