// Barriers (bar/barrier .sync/.arrive, ISA §8.8.4 item 2). Arriving releases the thread's view
// into the barrier; passing acquires everything that has arrived. Barriers belong to a CTA and
// are named by (instance, id); the k-th arrival of each thread at a barrier meets the k-th
// arrivals of the others (a phase, as the solver matches them).
//
// How many arrivals a phase needs, pinned down against the corpus verdicts (Barrier/,
// Manual/*bar*, and the Liveness CSVs):
// - genuine PTX `bar.sync a, b`: b counts threads, each litmus thread stands for a warp, so
//   b/32 litmus threads; Dartagnan's `bar.cta.sync inst, id, count`: count litmus threads.
//   Once that many have arrived every waiting thread passes, and later arrivals pass at once
//   (quorum1-pass and quorum2-pass terminate with the weak outcome, quorum3/4-fail forbid).
// - in a kernel (one litmus thread per CUDA thread), no count: every thread of the CTA that
//   has not exited (fireable); a count, or bar.arrive, waits for the warp: not run (program.ts).
// - no count (both litmus dialects): the threads that arrive in that phase. Which threads will come
//   cannot be known in advance, so the machine may complete a phase with any non-empty set of
//   waiting threads, and an execution where a thread arrives after its phase completed is
//   dropped (barrier-instance-id-* need pairs of threads on different barriers to pass;
//   PC-bar-sync-sync-3/4 deadlock). With every thread of the CTA arriving this is the ISA's
//   "all threads of the CTA".
import type { Bar } from '../litmus/ast.js';
import { WARP_SIZE } from '../litmus/ast.js';
import { isWarpCount } from '../litmus/barriers.js';
import type { CInstr, Program } from './program.js';
import { Unsupported } from './program.js';
import type { BarState, MState, TState } from './state.js';
import { complete, finished, operand, viewAt } from './thread.js';
import { join } from './view.js';

/** Barrier name (CTA, instance, id) and the arrivals a phase needs (0: the threads that come). */
function barOf(prog: Program, ti: number, ci: CInstr, e: TState['win'][number]): { name: string; need: number } {
  const id = operand(e, 0)!.v;
  const count = operand(e, 1);
  const inst = operand(e, 2);
  // A genuine id the program computes: past 15 there is no such barrier (as the solver refuses it).
  if (!inst && ci.ins.op === 'bar' && !ci.ins.mask && ci.ins.id.kind === 'reg' && id > 15n) {
    // Not an input error here: the solver refuses it only where a consistent execution that finishes makes it.
    throw new Unsupported(`${ci.text}: the barrier id is ${id}, and PTX has barriers 0 to 15`, ci.ins.pos);
  }
  let need = 0;
  if (count && inst) need = Number(count.v);
  else if (count) {
    // The parser checks immediates; a count from a register is checked here.
    if (!isWarpCount(count.v)) {
      throw new Unsupported(`${ci.text}: thread count ${count.v} is not a positive multiple of the warp size (each litmus thread is a warp)`, ci.ins.pos);
    }
    need = Number(count.v / BigInt(WARP_SIZE));
  }
  // An absent instance is 0, as the solver and litmus/barriers.ts read it: `bar.cta.sync 1`
  // meets `bar.cta.sync 0, 1`.
  return { name: `${prog.places[ti]!.cta}|${inst ? inst.v : 0n}|${id}`, need };
}

const waitingIdx = (t: TState): number => t.win.findIndex((e) => e.st === 1);

/** Lets waiting thread tj pass with the phase's accumulated view. */
function release(s: MState, tj: number, acc: readonly number[]): MState {
  const t = s.th[tj]!;
  return { ...s, th: s.th.map((x, i) => (i === tj ? complete(t, waitingIdx(t), null, acc) : x)) };
}

function putBar(s: MState, b: BarState): MState {
  const bars = [...s.bars.filter((x) => x.key !== b.key), b].sort((x, y) => (x.key < y.key ? -1 : 1));
  return { ...s, bars };
}

/** Thread ti arrives at the barrier of its in-flight entry idx. Returns the state and the threads released. */
export function arrive(prog: Program, s0: MState, ti: number, idx: number, ci: CInstr): { state: MState; released: number[] } {
  const t = s0.th[ti]!;
  const e = t.win[idx]!;
  const sync = (ci.ins as Bar).mode === 'sync';
  const { name, need } = barOf(prog, ti, ci, e);
  const phase = t.passed.get(name) ?? 0;
  const key = `${name}#${phase}`;
  const b: BarState = s0.bars.find((x) => x.key === key) ?? { key, done: false, arrived: 0, need, acc: prog.zero, waiting: [] };
  // A count-less phase that already completed: this thread should have been in it.
  if (b.done && b.need === 0) return { state: { ...s0, bad: true }, released: [] };
  const acc = join(b.acc, viewAt(t, idx));
  const arrived = b.arrived + 1;
  const passed = new Map(t.passed).set(name, phase + 1);
  const t2: TState = sync
    ? { ...t, passed, win: t.win.map((x, j) => (j === idx ? { ...x, st: 1 as const } : x)) }
    : complete({ ...t, passed }, idx, null);
  let s: MState = { ...s0, th: s0.th.map((x, i) => (i === ti ? t2 : x)) };
  const waiting = sync ? [...b.waiting, ti].sort((x, y) => x - y) : [...b.waiting];
  if (b.need === 0 || arrived < b.need) return { state: putBar(s, { ...b, acc, arrived, waiting }), released: [] };
  for (const tj of waiting) s = release(s, tj, acc);
  return { state: putBar(s, { ...b, done: true, acc, arrived, waiting: [] }), released: waiting };
}

/** Completes a count-less phase with the threads waiting at it. */
export function fire(s0: MState, key: string): { state: MState; released: number[] } {
  const b = s0.bars.find((x) => x.key === key)!;
  let s = s0;
  for (const tj of b.waiting) s = release(s, tj, b.acc);
  return { state: putBar(s, { ...b, done: true, waiting: [] }), released: [...b.waiting] };
}

/**
 * Count-less phases that may complete now. In a kernel (Program test.perThread), `bar.sync`
 * without a count waits for every thread of its CTA (ISA 9.7.12.1) that has not exited: it
 * completes once each of them waits at this phase or has finished, as the solver's waits
 * (solver/barriers.ts awaitedBy, 'cta').
 */
export function fireable(prog: Program, s: MState): string[] {
  const out: string[] = [];
  for (const b of s.bars) {
    if (b.need !== 0 || b.done || b.waiting.length === 0) continue;
    if (prog.test.perThread) {
      const cta = prog.ctaIdx[b.waiting[0]!]!;
      if (s.th.some((t, ti) => prog.ctaIdx[ti] === cta && !b.waiting.includes(ti) && !finished(prog, ti, t))) continue;
    }
    out.push(b.key);
  }
  return out;
}

/** A barrier phase's BarState key (`gpu/cta|instance|id#phase`, as barOf and arrive make it) in its parts. */
export function barrierParts(key: string): { cta: string; instance: string; id: string; phase: number } {
  const [name = '', phase = ''] = key.split('#');
  const [cta = '', instance = '0', id = ''] = name.split('|');
  return { cta, instance, id, phase: Number(phase) };
}

/** A barrier phase as a person reads it: `barrier 1 of CTA 0 (GPU 0), phase 0`. */
export function barrierText(key: string): string {
  const { cta, instance, id, phase } = barrierParts(key);
  const [gpu, c] = cta.split('/');
  return `barrier ${id}${instance !== '0' ? ` (instance ${instance})` : ''} of CTA ${c} (GPU ${gpu}), phase ${phase}`;
}
