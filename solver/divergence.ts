// Barrier divergence: a count-less aligned barrier (`bar.sync 0`, what __syncthreads() compiles
// to) that the threads of one CTA do not all execute alike. The ISA asks every thread of the
// CTA to take part and, for .aligned barriers, the condition around one to be the same for all
// of them (§9.7.13.1); CUDA asks the same of __syncthreads(). A thread that skips it and exits
// is no hang in the model (the barrier waits for threads that have not exited), so liveness
// does not see it: this asks for it directly, one query per CTA and instruction, on one
// loaded script: a consistent, terminating execution in which the threads do not meet at the
// instruction alike. The threads' arrivals at one barrier (an id) are its generations, in
// order; an instruction diverges when some thread's k-th arrival is there and another
// thread's is not (elsewhere, or none): skipped by some, or met by two threads at two
// instructions in turn (`if (c) { __syncthreads(); } else { __syncthreads(); }`), which the
// same number of executions everywhere does not rule out.
import type { Instr, LitmusTest } from '../litmus/ast.js';
import { printInstr } from '../litmus/print.js';
import type { Model } from '../model/relalg.js';
import type { N } from './expr.js';
import { encode, keptFinished, scriptWith } from './encode.js';
import { type TimeBudget, limitsFrom, resourceReason } from './limits.js';
import { askZ3, checkSatCmd, refuseStrays, satOf, undecided, witness, type Witness } from './run.js';
import { enumerate } from './enumerate.js';
import { type Unrolled, unroll } from './unroll.js';
import type { Z3Session } from './z3.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface DivergenceOptions extends TimeBudget {
  model: Model;
  bound: number;
  /** As races.ts RaceOptions.keep: only the executions the filter keeps (a kernel's without an abort). */
  keep?: string;
}

export interface DivergentBarrier {
  /** The barrier instruction as printed, and its line. */
  instr: string;
  line: number | null;
  /** The CTA (as placed: `gpu/cta`). */
  cta: string;
  /** How many times each thread of the CTA executes it in `witness` (thread number -> times). */
  times: [number, number][];
  /** Each thread's arrivals at the barrier in `witness`, in order, by line (thread number -> lines). */
  order: [number, (number | null)[]][];
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
 * Which arrivals count as one barrier's generations: those of the instructions with the same
 * constant id; an instruction whose id is a register is a barrier of its own (its executions
 * compared by number only).
 */
const barrierOf = (i: Instr & { op: 'bar' }): string => (i.id.kind === 'imm' ? `id ${i.id.value}` : `at ${at(i)}`);

/** An instruction by its place in the kernel: each thread runs its own copy of the code. */
const at = (i: Instr): string => `${i.pos.line}:${i.pos.col}`;

/**
 * Per thread, its arrivals at each barrier: the barrier events (those of `ran`, when given:
 * one execution's), in program order, grouped by CTA and barrier (barrierOf), with every
 * thread of the CTA, arrivals or none.
 */
function generations<E extends { info: { id: number; thread: number; poIndex: number; place: { cta: string } | null; init: boolean; kind: string }; instr: Instr | null }>(events: readonly E[], ran?: ReadonlySet<number>): Map<string, { cta: string; arrivals: Map<number, E[]> }> {
  const groups = new Map<string, { cta: string; arrivals: Map<number, E[]> }>();
  const threadsOf = new Map<string, Set<number>>();
  for (const e of events) if (!e.info.init) threadsOf.set(e.info.place!.cta, (threadsOf.get(e.info.place!.cta) ?? new Set()).add(e.info.thread));
  for (const e of [...events].sort((a, b) => a.info.poIndex - b.info.poIndex)) {
    if (e.info.kind !== 'B' || !asked(e.instr) || (ran && !ran.has(e.info.id))) continue;
    const cta = e.info.place!.cta;
    const key = `${cta}|${barrierOf(e.instr)}`;
    let g = groups.get(key);
    if (!g) groups.set(key, g = { cta, arrivals: new Map([...threadsOf.get(cta)!].map((t) => [t, []])) });
    g.arrivals.get(e.info.thread)!.push(e);
  }
  return groups;
}

/**
 * Brute force's divergent barriers (divergenceKey), the reference findDivergence is checked
 * against (kernel.test.ts): given to solver/enumerate.ts as its `onConsistent`, adds to `out`
 * each count-less aligned barrier instruction that some thread of a CTA reaches at a
 * generation at which another thread of the CTA is not there, in a consistent terminating
 * execution.
 */
export function divergenceCollector(u: Unrolled, out: Set<string>): NonNullable<Parameters<typeof enumerate>[4]> {
  return (_x, _states, _res, ids) => {
    for (const g of generations(u.events, new Set(ids)).values()) {
      const seqs = [...g.arrivals.values()];
      const longest = Math.max(...seqs.map((q) => q.length));
      for (let k = 0; k < longest; k++) {
        const here = new Map(seqs.map((q) => { const i = q[k]?.instr ?? null; return [i ? at(i) : null, i] as const; }));
        if (here.size > 1) for (const i of here.values()) if (i) out.add(divergenceKey({ cta: g.cta, line: i.pos.line }));
      }
    }
  };
}

export async function findDivergence(z3: Z3Session, test: LitmusTest, opt: DivergenceOptions): Promise<DivergenceResult> {
  const result: DivergenceResult = { verdict: 'unknown', unknown: null, divergent: [], candidates: 0 };
  await z3.ready();
  const limits = limitsFrom(opt);
  try {
    const u = unroll(test, opt.bound, limits);
    const enc = encode(test, u, opt.model, opt.timeoutMs, true);
    refuseStrays(u, enc, opt.model, (cmds) => askZ3(z3, cmds, limits), (lits) => checkSatCmd(lits, limits));
    const { dag, events } = enc;
    // Per CTA and barrier, each thread's arrivals in program order, each with its generation
    // (the arrivals executed before it); then per instruction: is some thread there at a
    // generation at which another is not? Comparing each thread with the CTA's first, both ways,
    // is enough: if all agree with it, all agree.
    const list: { instr: Instr; cta: string; key: string; threads: number[]; differ: N[] }[] = [];
    for (const [key, g] of generations(events)) {
      const ranked = new Map([...g.arrivals].map(([t, es]) => [t, es.map((e, k) => ({ e, rank: dag.iadd(dag.int(0), ...es.slice(0, k).map((x) => dag.b2i(x.guard))) }))]));
      const [first, ...others] = [...ranked.keys()];
      const instrs = new Map([...g.arrivals.values()].flat().map((e) => [at(e.instr!), e.instr!]));
      for (const [where, instr] of instrs) {
        const differ: N[] = [];
        // t at instr at some generation, u not at instr then.
        const missing = (t: number, u: number): void => {
          for (const a of ranked.get(t)!) {
            if (at(a.e.instr!) !== where) continue;
            differ.push(dag.and(a.e.guard, ...ranked.get(u)!.filter((b) => at(b.e.instr!) === where).map((b) => dag.not(dag.and(b.e.guard, dag.ile(a.rank, b.rank), dag.ile(b.rank, a.rank))))));
          }
        };
        for (const u of others) { missing(first!, u); missing(u, first!); }
        list.push({ instr, cta: g.cta, key, threads: [...ranked.keys()], differ });
      }
    }
    result.candidates = list.length;
    const p = enc.printer;
    const decl: string[] = [];
    list.forEach((g, gi) => decl.push(`(declare-const diverge_${gi} Bool)`, `(assert (= diverge_${gi} ${p.ref(dag.or(...g.differ))}))`));
    if (!list.length) return { ...result, verdict: 'uniform' };
    const ask = (cmds: string): string => askZ3(z3, cmds, limits);
    ask(scriptWith(enc, decl));
    const consistent = keptFinished(enc, opt.keep);
    let undecidedWhy: string | null = null;
    for (const [gi, g] of list.entries()) {
      const s = satOf(ask(checkSatCmd([...consistent, `diverge_${gi}`], limits)));
      if (s === 'unknown') { undecidedWhy ??= undecided(z3, limits); continue; }
      if (s === 'unsat') continue;
      const w = witness(enc, ask);
      // The witness's own arrivals at this barrier, as brute force reads an execution.
      const arrivals = generations(events, new Set(w.execution.encodingIds)).get(g.key)?.arrivals;
      const of = (t: number): typeof events => arrivals?.get(t) ?? [];
      const times: [number, number][] = g.threads.map((t) => [test.threads[t]!.placement.id, of(t).filter((e) => at(e.instr!) === at(g.instr)).length]);
      const order: [number, (number | null)[]][] = g.threads.map((t) => [test.threads[t]!.placement.id, of(t).map((e) => e.instr?.pos.line ?? null)]);
      result.divergent.push({ instr: printInstr(g.instr), line: g.instr.pos.line, cta: g.cta, times, order, witness: w });
    }
    // Uniform over no execution at all is no answer: where every execution that finishes is one
    // the filter drops (a kernel's that abort), say so. (With none finishing at all,
    // kernel/verify.ts boundsOfHolds says why.)
    if (!result.divergent.length && !undecidedWhy && opt.keep && enc.filterLit
      && satOf(ask(checkSatCmd(consistent, limits))) === 'unsat' && satOf(ask(checkSatCmd(keptFinished(enc, undefined), limits))) === 'sat') {
      return { ...result, verdict: 'unknown', unknown: `no execution finishes ${opt.keep}` };
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
