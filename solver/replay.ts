// One execution another engine found (the executor's: what each read read, where each write
// went in coherence, which branches were taken), checked with the concrete evaluator instead of
// asking Z3 for it: the model's verdict on a single execution takes a fraction of a millisecond.
// Only a yes counts: an execution that is not rebuilt exactly, or not consistent, proves nothing
// (the caller asks Z3 then).
import type { LitmusTest } from '../litmus/ast.js';
import { observableName } from '../litmus/types.js';
import type { Execution, Pair } from '../model/concrete.js';
import { closurePairs, evaluate } from '../model/concrete.js';
import type { Model } from '../model/relalg.js';
import { filteredStates, finalStates, observablesOf, skeleton } from './enumerate.js';
import type { Unrolled } from './unroll.js';

/**
 * An operation of the other engine's execution: thread index and the operation's number among
 * its thread's instructions in fetch order, branches left out; thread -1: the initial write of
 * location `n`.
 */
export interface OpRef {
  thread: number;
  n: number;
}

/** An execution as the other engine took it. */
export interface Sketch {
  /** Per thread index, the branches it fetched, in order: taken or not. */
  branches: readonly (readonly boolean[])[];
  /** Each read (of a load or read-modify-write) at physical location `loc`, and the write it read. */
  reads: readonly { at: OpRef; loc: number; from: OpRef }[];
  /** Each write at `loc`, and the writes coherence-before and -after it when it was placed. */
  writes: readonly { at: OpRef; loc: number; after: readonly OpRef[]; before: readonly OpRef[] }[];
  /** The adds ptxas fused in it, by site (ast.ts Fusion); absent: none. */
  fused?: readonly string[];
}

/** The most barrier operations a program may have for replayer to try its executions (8! arrival orders). */
export const MAX_REPLAY_BARRIERS = 8;

/**
 * For one program: whether a sketched execution is one of its executions (same events, rf
 * from the sketch, coherence the closure of the sketch's), consistent under the model with some
 * Fence-SC order and barrier order, and may end in the final state `values` (observable name
 * -> value, as observableName and asInteger give them), passing the test's filter there. The
 * values name what the condition and `locations` observe; what only the filter reads is taken
 * from the execution's own final state.
 */
export function replayer(test: LitmusTest, u: Unrolled, model: Model): (s: Sketch, values: ReadonlyMap<string, bigint>) => boolean {
  const { events } = u;
  // The barrier orders are tried as brute force lists them, one per order of the barrier
  // operations' arrivals: past a few operations (a kernel's __syncthreads in four threads, 12!
  // orders) that takes longer than asking Z3, which the caller then does.
  if (events.filter((e) => e.info.kind === 'B').length > MAX_REPLAY_BARRIERS) return () => false;
  const { obs, shown } = filteredStates(test);
  const names = observablesOf(test).map(observableName);
  const reads = events.filter((e) => e.info.kind === 'R').map((e) => e.info.id);
  // Events by thread, CFG node, kind and location: an instruction makes at most one of each.
  const byPlace = new Map<string, number>();
  for (const e of events) if (e.node >= 0) byPlace.set(`${e.info.thread}|${e.node}|${e.info.kind}|${e.info.ploc}`, e.info.id);

  /** Per thread: fetch number -> CFG node, following the sketch's branches; null if they do not fit. */
  const nodesOf = (branches: Sketch['branches']): Map<number, number>[] | null => {
    const out: Map<number, number>[] = [];
    for (let ti = 0; ti < u.threads.length; ti++) {
      const { cfg, targets } = u.threads[ti]!;
      const bs = branches[ti] ?? [];
      const at = new Map<number, number>();
      let node = cfg.nodes[0]!;
      let n = 0;
      let b = 0;
      while (node.pc < targets.length) {
        let to = node.pc + 1;
        if (targets[node.pc]! >= 0) {
          if (b >= bs.length) return null;
          if (bs[b++]) to = targets[node.pc]!;
        } else at.set(n++, node.id);
        const next = cfg.next(node, to);
        if (!next) return null;
        node = next;
      }
      if (b !== bs.length) return null;
      out.push(at);
    }
    return out;
  };

  return (s, values) => {
    if (names.some((n) => !values.has(n))) return false;
    const state = names.map((n) => `${n}=${values.get(n)}`).join(';');
    const nodes = nodesOf(s.branches);
    if (!nodes) return false;
    const event = (r: OpRef, kind: 'R' | 'W', loc: number): number | undefined => {
      if (r.thread < 0) return kind === 'W' && r.n === loc && events[loc]?.info.init ? loc : undefined;
      const node = nodes[r.thread]?.get(r.n);
      return node === undefined ? undefined : byPlace.get(`${r.thread}|${node}|${kind}|${loc}`);
    };
    const rfOf = new Map<number, number>(reads.map((r) => [r, -1]));
    for (const r of s.reads) {
      const re = event(r.at, 'R', r.loc);
      const we = event(r.from, 'W', r.loc);
      if (re === undefined || we === undefined || rfOf.get(re) !== -1) return false;
      rfOf.set(re, we);
    }
    const fused = new Set((s.fused ?? []).map((site) => u.fusions.indexOf(site)));
    if (fused.has(-1)) return false;
    const sk = skeleton(u, rfOf, fused);
    if (!sk || sk.cut) return false;
    const { ids, newId, infos, exec } = sk;
    // Coherence: the sketch's edges between executed writes of one location, initial writes
    // first, closed transitively; a cycle is no coherence order.
    const edges: Pair[] = [];
    const edge = (a: number | undefined, b: number | undefined): boolean => {
      if (a === undefined || b === undefined || !exec[a] || !exec[b]) return false;
      edges.push([newId.get(a)!, newId.get(b)!]);
      return true;
    };
    for (const w of s.writes) {
      const self = event(w.at, 'W', w.loc);
      if (self === undefined || !exec[self]) return false;
      for (const x of w.after) if (!edge(event(x, 'W', w.loc), self)) return false;
      for (const x of w.before) if (!edge(self, event(x, 'W', w.loc))) return false;
    }
    infos.forEach((a, i) => {
      if (a.init && a.kind === 'W') infos.forEach((b, j) => { if (j !== i && b.kind === 'W' && b.ploc === a.ploc) edges.push([i, j]); });
    });
    const co = closurePairs(ids.length, edges);
    if (co.some(([a, b]) => a === b)) return false;
    // The final state depends on rf and co only: looked at once, before any Fence-SC or barrier order.
    if (!finalStates(u, obs, ids, newId, co, sk.ev).some((f) => shown(f) === state)) return false;
    for (const syncFence of sk.sfChoices) {
      for (const syncBarrier of sk.barChoices) {
        const x: Execution = { events: infos, rmwPartner: sk.rmwPartner, rf: sk.rf, co, syncFence, syncBarrier, dep: sk.dep };
        if (evaluate(model, x).consistent) return true;
      }
    }
    return false;
  };
}
