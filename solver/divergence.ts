// Barrier divergence: a count-less aligned barrier (`bar.sync 0`, what __syncthreads() compiles
// to) that the threads of one CTA do not all execute alike. The ISA asks every thread of the
// CTA to take part and, for .aligned barriers, the condition around one to be the same for all
// of them (§9.7.13.1); CUDA asks the same of __syncthreads(). A thread that skips it and exits
// is no hang in the model (the barrier waits for threads that have not exited), so liveness
// does not see it: this asks for it directly, one query per CTA and instruction, on one
// loaded script: a consistent, terminating execution in which two of its threads execute the
// instruction a different number of times.
import type { Instr, LitmusTest } from '../litmus/ast.js';
import { printInstr } from '../litmus/print.js';
import type { Model } from '../model/relalg.js';
import type { N } from './expr.js';
import { encode, finishedConsistent, scriptWith } from './encode.js';
import { type TimeBudget, limitsFrom, resourceReason } from './limits.js';
import { askZ3, checkSatCmd, refuseStrays, satOf, undecided, witness, type Witness } from './run.js';
import { enumerate } from './enumerate.js';
import { type Unrolled, unroll } from './unroll.js';
import type { Z3Session } from './z3.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface DivergenceOptions extends TimeBudget {
  model: Model;
  bound: number;
}

export interface DivergentBarrier {
  /** The barrier instruction as printed, and its line. */
  instr: string;
  line: number | null;
  /** The CTA (as placed: `gpu/cta`). */
  cta: string;
  /** How many times each thread of the CTA executes it in `witness` (thread number -> times). */
  times: [number, number][];
  witness: Witness;
}

export interface DivergenceResult {
  verdict: 'uniform' | 'divergent' | 'unknown';
  unknown: string | null;
  divergent: DivergentBarrier[];
  /** Count-less aligned barrier instructions asked about, per CTA. */
  candidates: number;
}

/** A divergent barrier as a key (its CTA and line), for comparing engines. */
export const divergenceKey = (d: Pick<DivergentBarrier, 'cta' | 'line'>): string => `${d.cta}|${d.line ?? '?'}`;

/** What findDivergence asks about: a count-less aligned barrier (`bar.sync 0`), as __syncthreads() compiles. */
// bar.warp.sync is left out: since sm_70 a warp's threads may meet at different ones (ISA 9.7.12.2).
const asked = (i: Instr | null): i is Instr & { op: 'bar' } => !!i && i.op === 'bar' && (i.form === 'bar' || i.aligned === true) && !i.count && !i.instance && !i.mask;

/**
 * Brute force's divergent barriers (divergenceKey), the reference findDivergence is checked
 * against (kernel.test.ts, cli/fuzz.ts): given to solver/enumerate.ts as its `onConsistent`,
 * adds to `out` each count-less aligned barrier that two threads of a CTA execute a different
 * number of times in a consistent terminating execution.
 */
export function divergenceCollector(u: Unrolled, out: Set<string>): NonNullable<Parameters<typeof enumerate>[4]> {
  const threadsOf = new Map<string, Set<number>>();
  for (const e of u.events) if (!e.info.init) threadsOf.set(e.info.place!.cta, (threadsOf.get(e.info.place!.cta) ?? new Set()).add(e.info.thread));
  return (_x, _states, _res, ids) => {
    const times = new Map<string, Map<number, number>>();
    for (const id of ids) {
      const e = u.events[id]!;
      if (e.info.kind !== 'B' || !asked(e.instr)) continue;
      const key = divergenceKey({ cta: e.info.place!.cta, line: e.instr.pos.line });
      const per = times.get(key) ?? times.set(key, new Map([...threadsOf.get(e.info.place!.cta)!].map((t) => [t, 0]))).get(key)!;
      per.set(e.info.thread, per.get(e.info.thread)! + 1);
    }
    for (const [key, per] of times) if (new Set(per.values()).size > 1) out.add(key);
  };
}

export async function findDivergence(z3: Z3Session, test: LitmusTest, opt: DivergenceOptions): Promise<DivergenceResult> {
  const result: DivergenceResult = { verdict: 'unknown', unknown: null, divergent: [], candidates: 0 };
  await z3.ready();
  const limits = limitsFrom(opt);
  try {
    const u = unroll(test, opt.bound, limits);
    const enc = encode(test, u, opt.model, opt.timeoutMs, true);
    refuseStrays(u, enc, (cmds) => askZ3(z3, cmds), (lits) => checkSatCmd(lits, limits));
    const { dag, events } = enc;
    // Per CTA and aligned count-less barrier instruction: each thread's number of executions.
    const groups = new Map<string, { instr: Instr; cta: string; times: Map<number, N[]> }>();
    const threadsOf = new Map<string, Set<number>>();
    for (const e of events) {
      if (e.info.init) continue;
      threadsOf.set(e.info.place!.cta, (threadsOf.get(e.info.place!.cta) ?? new Set()).add(e.info.thread));
    }
    for (const e of events) {
      const i = e.instr;
      if (e.info.kind !== 'B' || !asked(i)) continue;
      const cta = e.info.place!.cta;
      const key = `${cta}|${i.pos.line}:${i.pos.col}`;
      let g = groups.get(key);
      if (!g) groups.set(key, g = { instr: i, cta, times: new Map([...threadsOf.get(cta)!].map((t) => [t, []])) });
      g.times.get(e.info.thread)!.push(dag.b2i(e.guard));
    }
    const list = [...groups.values()];
    result.candidates = list.length;
    const p = enc.printer;
    const decl: string[] = [];
    list.forEach((g, gi) => {
      const counts = [...g.times.values()].map((xs) => dag.iadd(dag.int(0), ...xs));
      const differ: N[] = [];
      for (let k = 1; k < counts.length; k++) differ.push(dag.not(dag.and(dag.ile(counts[k - 1]!, counts[k]!), dag.ile(counts[k]!, counts[k - 1]!))));
      decl.push(`(declare-const diverge_${gi} Bool)`, `(assert (= diverge_${gi} ${p.ref(dag.or(...differ))}))`);
    });
    if (!list.length) return { ...result, verdict: 'uniform' };
    const ask = (cmds: string): string => askZ3(z3, cmds);
    ask(scriptWith(enc, decl));
    const consistent = finishedConsistent(enc);
    let undecidedWhy: string | null = null;
    for (const [gi, g] of list.entries()) {
      const s = satOf(ask(checkSatCmd([...consistent, `diverge_${gi}`], limits)));
      if (s === 'unknown') { undecidedWhy ??= undecided(z3, limits); continue; }
      if (s === 'unsat') continue;
      const w = witness(enc, ask);
      const ran = new Set(w.execution.encodingIds);
      const times: [number, number][] = [...g.times.keys()].map((t) => [
        test.threads[t]!.placement.id,
        events.filter((e) => e.info.thread === t && e.instr === g.instr && ran.has(e.info.id)).length,
      ]);
      result.divergent.push({ instr: printInstr(g.instr), line: g.instr.pos.line, cta: g.cta, times, witness: w });
    }
    result.verdict = result.divergent.length ? 'divergent' : undecidedWhy ? 'unknown' : 'uniform';
    result.unknown = result.verdict === 'unknown' ? undecidedWhy : null;
    return result;
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    return { ...result, verdict: result.divergent.length ? 'divergent' : 'unknown', unknown: why };
  }
}
