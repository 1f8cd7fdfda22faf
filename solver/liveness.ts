// Liveness: can a thread of the test wait forever? (docs/LIVENESS.md has the definition and
// the scheduler it assumes.) A thread waits forever when a consistent execution prefix leaves
// it, for good, either in a loop whose last iteration would repeat itself (it wrote nothing,
// left the registers that matter unchanged, and read coherence-latest writes, which nothing
// will overwrite: every thread has exited or waits forever too), or at a bar.sync that can
// never complete. The stop points come from the unroller (unroll.ts `Stop`), the conditions
// from the encoding (encode.ts `liveness`); this asks Z3 and reads the answer.
import type { LitmusTest } from '../litmus/ast.js';
import { printInstr } from '../litmus/print.js';
import type { Model } from '../model/relalg.js';
import type { Encoding } from './encode.js';
import { type Limits, type TimeBudget, limitsFrom, resourceReason } from './limits.js';
import { askZ3, checkSatCmd, encodeWithStops, satOf, undecided, witness, type Witness } from './run.js';
import { type Unrolled, unroll } from './unroll.js';
import type { Z3Session } from './z3.js';
import { parseSexps } from './z3.js';

/** Its time: `timeoutMs`, and a `deadline` shared with other questions (limits.ts TimeBudget). */
export interface LivenessOptions extends TimeBudget {
  model: Model;
  bound: number;
  /**
   * A hang only in a prefix the test's filter keeps, its registers as the prefix leaves them: a
   * kernel's without an abort (kernel/verify.ts), since a failed assert or a trap ends the
   * launch, and no thread waits forever after one. (A litmus test's filter is about final states.)
   */
  keep?: boolean;
}

/** A thread that waits forever, and where. */
export interface StuckThread {
  /** The thread's number (P0 is 0). */
  thread: number;
  at: 'loop' | 'barrier';
  /** loop: the back jump closing the iteration it repeats; barrier: the bar.sync or warp exchange. */
  instr: string;
  line: number | null;
}

export interface LivenessResult {
  /**
   * live: no thread can wait forever; hang: one can (`stuck`, `witness`); unknown: undecided, or
   * some execution goes round a loop more than `bound` times changing something each time.
   */
  verdict: 'live' | 'hang' | 'unknown';
  unknown: string | null;
  stuck: StuckThread[];
  /** The execution prefix after which the stuck threads wait forever. */
  witness: Witness | null;
  stats: { events: number; lines: number; queries: number };
}

/** The unrolling with stop points encoded (run.ts encodeWithStops) and loaded into Z3: what the hang and the prefix questions start from. */
function loadWithStops(test: LitmusTest, u: Unrolled, opt: LivenessOptions, limits: Limits, ask: (cmds: string) => string): Encoding {
  const enc = encodeWithStops(test, u, opt.model, opt.timeoutMs, ask, (lits) => checkSatCmd(lits, limits));
  ask(`(reset)\n${enc.script}\n`);
  return enc;
}

export async function checkLiveness(z3: Z3Session, test: LitmusTest, opt: LivenessOptions): Promise<LivenessResult> {
  const result: LivenessResult = { verdict: 'unknown', unknown: null, stuck: [], witness: null, stats: { events: 0, lines: 0, queries: 0 } };
  await z3.ready();
  const limits = limitsFrom(opt);
  let queries = 0;
  const ask = (cmds: string): string => { queries++; return askZ3(z3, cmds, limits); };
  try {
    const enc = loadWithStops(test, unroll(test, opt.bound, limits, true), opt, limits, ask);
    result.stats = { ...enc.stats, queries: 0 };
    const live = enc.liveness;
    const check = (lits: string[]): ReturnType<typeof satOf> => satOf(ask(checkSatCmd(lits, limits)));
    const axioms = [...enc.axiomLits.values()];
    // Barriers that are passed wait for their arrivals; the filter is about final states, not here.
    const barriers = enc.barrierLits.map((b) => b.lit);
    if (live) {
      const kept = opt.keep && enc.filterLit ? [enc.filterLit] : [];
      const r = check([enc.noCutLit, live.stopsJustified, ...barriers, ...axioms, ...kept, live.hang]);
      if (r === 'unknown') { result.unknown = undecided(z3, limits); return done(); }
      if (r === 'sat') {
        result.stuck = stuckThreads(test, live, ask);
        result.witness = witness(enc, ask);
        result.verdict = 'hang';
        return done();
      }
    }
    if (enc.mayCut) {
      // No thread waits forever within the bound; but does some execution need more loop
      // iterations than the bound allows? Only iterations that change something count: one
      // that changes nothing and goes on could be left out of the execution.
      const r = check([...(live ? [live.noRepeat] : []), ...barriers, ...axioms, enc.cutLit]);
      if (r === 'unknown') { result.unknown = undecided(z3, limits); return done(); }
      if (r === 'sat') {
        result.unknown = `the loop bound (${opt.bound}) is reached: some execution goes round a loop more often, changing something each time (try a larger --bound; a loop that changes something forever, as a spin that counts its tries, stays unknown at any bound)`;
        return done();
      }
    }
    result.verdict = 'live';
    return done();
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    result.unknown = why;
    return done();
  }
  function done(): LivenessResult {
    result.stats.queries = queries;
    return result;
  }
}

/** A prefix that breaks the condition (prefixBreaking): its execution, and where the unfinished threads were. */
export interface PrefixBreak {
  verdict: 'breaks' | 'none' | 'unknown';
  unknown: string | null;
  witness: Witness | null;
  /** The threads that had not finished: each at a back jump or a barrier (as StuckThread, though not stuck). */
  stopped: StuckThread[];
}

/**
 * Does a consistent execution prefix break the test's (forall) condition, each thread finished,
 * exited, or stopped at a stop point within the bound (a back jump, a barrier), stops not
 * justified? For a kernel's abort property: a failed assert or a trap ends the launch, so what
 * the other threads would do after it never has to happen (a thread spinning on a flag the
 * aborted one would have set). The normal encoding asks only executions in which every thread
 * finishes, and found no abort there.
 */
export async function prefixBreaking(z3: Z3Session, test: LitmusTest, opt: LivenessOptions): Promise<PrefixBreak> {
  const out: PrefixBreak = { verdict: 'unknown', unknown: null, witness: null, stopped: [] };
  await z3.ready();
  const limits = limitsFrom(opt);
  const ask = (cmds: string): string => askZ3(z3, cmds, limits);
  try {
    const u = unroll(test, opt.bound, limits, true);
    if (!u.stops.length) { out.verdict = 'none'; return out; }
    const enc = loadWithStops(test, u, opt, limits, ask);
    const r = satOf(ask(checkSatCmd([enc.noCutLit, ...enc.barrierLits.map((b) => b.lit), ...enc.axiomLits.values(), enc.ncondLit], limits)));
    if (r === 'unknown') { out.unknown = undecided(z3, limits); return out; }
    if (r === 'unsat') { out.verdict = 'none'; return out; }
    out.verdict = 'breaks';
    if (enc.liveness) out.stopped = stuckThreads(test, enc.liveness, ask);
    out.witness = witness(enc, ask);
    return out;
  } catch (e) {
    const why = resourceReason(e);
    if (why === null) throw e;
    out.unknown = why;
    return out;
  }
}

/** After a satisfiable query on an encoding with stops: the threads the model has wait forever, and where. */
export function stuckThreads(test: LitmusTest, live: NonNullable<Encoding['liveness']>, ask: (cmds: string) => string): StuckThread[] {
  const vals = parseSexps(ask(`(get-value (${live.stops.map((s) => s.lit).join(' ')}))`))[0] as [string, string][];
  return live.stops.filter((_, i) => vals[i]![1] === 'true').map(({ stop }) => ({
    thread: test.threads[stop.thread]!.placement.id, at: stop.kind, instr: printInstr(stop.instr), line: stop.instr.pos?.line ?? null,
  }));
}
