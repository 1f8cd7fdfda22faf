// The unrolled control-flow graph of one thread: nodes are (pc, iteration counters of the
// loops that contain pc). Each loop (litmus/loops.ts, as the executor counts them too) may be
// taken `bound` times per entry; a counter is dropped when control leaves its loop, so code
// after a loop is one node whatever the iteration it exited in. The graph is acyclic; nodes
// come in topological order.
import type { Instr } from '../litmus/ast.js';
import { loopsOf } from '../litmus/loops.js';
import { LimitError, MAX_UNROLLED } from './limits.js';

export interface CfgNode {
  id: number;
  pc: number;
}

export interface Cfg {
  /** Reachable nodes in topological order; the entry is nodes[0]. */
  nodes: CfgNode[];
  /** The node control reaches from `node` when it goes to `toPc`, or null if that exceeds the bound. */
  next(node: CfgNode, toPc: number): CfgNode | null;
  /**
   * For a back jump from `node` to `toPc`: the node where the iteration it ends began (pc
   * `toPc`, this iteration's counters), and a test for whether another node belongs to that
   * same iteration (inside the loop, the same counters for the loop and those around it).
   */
  iteration(node: CfgNode, toPc: number): { head: CfgNode | null; contains: (other: CfgNode) => boolean };
}

/** The pcs control may go to after instruction pc (len = thread exit). */
export function successors(code: Instr[], pc: number, target: (i: Instr) => number): number[] {
  const ins = code[pc]!;
  if (ins.op === 'bra') return ins.guard ? [target(ins), pc + 1] : [target(ins)];
  if (ins.op === 'bcmp') return [target(ins), pc + 1];
  return [pc + 1];
}

export function buildCfg(code: Instr[], target: (i: Instr) => number, bound: number): Cfg {
  const len = code.length;
  const backJumps: [number, number][] = [];
  for (let pc = 0; pc < len; pc++) for (const to of successors(code, pc, target)) if (to <= pc) backJumps.push([pc, to]);
  const { loops, loopOfBackJump, inLoop } = loopsOf(len, backJumps);

  interface Raw { node: CfgNode; counters: number[] }
  const byKey = new Map<string, Raw>();
  const raws: Raw[] = [];
  const intern = (pc: number, counters: number[]): Raw => {
    const key = `${pc}|${counters.join(',')}`;
    let r = byKey.get(key);
    if (!r) {
      if (raws.length >= MAX_UNROLLED) {
        throw new LimitError(`the loop bound ${bound} unrolls a thread to more than ${MAX_UNROLLED.toLocaleString('en')} instructions: too large to encode (a smaller --bound)`);
      }
      r = { node: { id: raws.length, pc }, counters };
      byKey.set(key, r);
      raws.push(r);
    }
    return r;
  };
  const step = (from: Raw, to: number): Raw | null => {
    const counters = from.counters.map((c, i) => (inLoop(i, to) ? c : 0));
    if (to <= from.node.pc) {
      const l = loopOfBackJump(to);
      if (counters[l]! + 1 > bound) return null;
      counters[l]! += 1;
    }
    return intern(to, counters);
  };

  // Depth-first exploration; reverse post-order is a topological order of the DAG.
  const start = intern(0, loops.map(() => 0));
  const order: Raw[] = [];
  const state = new Map<number, 'open' | 'done'>();
  const stack: { r: Raw; succ: number[]; i: number }[] = [];
  const enter = (r: Raw): void => {
    state.set(r.node.id, 'open');
    stack.push({ r, succ: r.node.pc < len ? successors(code, r.node.pc, target) : [], i: 0 });
  };
  enter(start);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i < top.succ.length) {
      const nx = step(top.r, top.succ[top.i++]!);
      if (!nx) continue;
      const s = state.get(nx.node.id);
      if (s === 'open') throw new Error('internal error: unrolled control flow has a cycle');
      if (s === undefined) enter(nx);
      continue;
    }
    stack.pop();
    state.set(top.r.node.id, 'done');
    order.push(top.r);
  }
  order.reverse();
  const rawOf = new Map(raws.map((r) => [r.node.id, r]));
  const iteration = (node: CfgNode, toPc: number): { head: CfgNode | null; contains: (other: CfgNode) => boolean } => {
    const l = loopOfBackJump(toPc);
    const counters = rawOf.get(node.id)!.counters;
    const head = byKey.get(`${toPc}|${counters.map((c, i) => (inLoop(i, toPc) ? c : 0)).join(',')}`)?.node ?? null;
    const loop = loops[l]!;
    // The loop itself and the loops around it keep their counters through one iteration.
    const around = loops.map((o, i) => (o.start <= loop.start && loop.end <= o.end ? i : -1)).filter((i) => i >= 0);
    return {
      head,
      contains: (other) => {
        const c = rawOf.get(other.id)!.counters;
        return inLoop(l, other.pc) && around.every((i) => c[i] === counters[i]);
      },
    };
  };
  return {
    nodes: order.map((r) => r.node),
    next: (node, toPc) => step(rawOf.get(node.id)!, toPc)?.node ?? null,
    iteration,
  };
}
