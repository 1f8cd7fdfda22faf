// Barriers (bar/barrier .sync/.arrive, ISA §8.8.4 item 2). Arriving releases the thread's view
// into the barrier; passing acquires everything that arrived. Barriers belong to a CTA.
//
// Three readings, pinned down against the corpus verdicts (Barrier/, Manual/*bar*, and the
// Liveness CSVs):
// - 'gen'  genuine PTX `bar.sync a, b`: b counts threads, each litmus thread stands for a
//   warp, so b/32 litmus threads complete a generation; then the barrier starts afresh.
// - 'quorum' Dartagnan's `bar.cta.sync inst, id, count`: count counts litmus threads; once
//   count threads have arrived every thread passes, later arrivals at once (quorum1-pass and
//   quorum2-pass terminate and allow the weak outcome, quorum3/4-fail forbid theirs).
// - 'match' no count (both dialects): the k-th arrivals of the threads that execute the
//   barrier meet. Which threads will come cannot be known in advance, so the machine may
//   complete a generation with any non-empty set of waiting threads, and an execution where
//   a thread arrives after its generation completed is dropped (barrier-instance-id-* need
//   pairs of threads on different barriers to pass; PC-bar-sync-sync-3/4 deadlock). With
//   every thread of the CTA arriving this is the ISA's "all threads of the CTA".
import type { Bar } from '../litmus/ast.js';
import type { CInstr, Program } from './program.js';
import { Unsupported } from './program.js';
import type { BarState, MState, TState } from './state.js';
import { complete, operand } from './thread.js';
import { join } from './view.js';

type Kind = 'gen' | 'quorum' | 'match';

interface BarOp {
  key: string;
  kind: Kind;
  need: number;
  sync: boolean;
}

function barOp(prog: Program, ti: number, ci: CInstr, e: TState['win'][number]): BarOp {
  const i = ci.ins as Bar;
  const id = operand(e, 0)!.v;
  const count = operand(e, 1);
  const inst = operand(e, 2);
  let kind: Kind = 'match';
  let need = 0;
  if (count && inst) {
    kind = 'quorum';
    need = Number(count.v);
  } else if (count) {
    if (count.v === 0n || count.v % 32n !== 0n) {
      throw new Unsupported(`${ci.text}: thread count ${count.v} is not a positive multiple of the warp size (each litmus thread is a warp)`);
    }
    kind = 'gen';
    need = Number(count.v / 32n);
  }
  return { key: `${prog.places[ti]!.cta}|${kind}|${inst ? inst.v : '-'}|${id}`, kind, need, sync: i.mode === 'sync' };
}

const waitingIdx = (t: TState): number => t.win.findIndex((e) => e.st === 1);

/** Lets waiting thread tj pass with the barrier's accumulated view. */
function release(s: MState, tj: number, acc: readonly number[], key: string | null): MState {
  const t = s.th[tj]!;
  let t2 = complete({ ...t, view: join(t.view, acc) }, waitingIdx(t), null);
  if (key) t2 = { ...t2, passed: new Map(t2.passed).set(key, (t2.passed.get(key) ?? 0) + 1) };
  return { ...s, th: s.th.map((x, i) => (i === tj ? t2 : x)) };
}

function putBar(s: MState, b: BarState): MState {
  const bars = [...s.bars.filter((x) => x.key !== b.key), b].sort((x, y) => (x.key < y.key ? -1 : 1));
  return { ...s, bars };
}

/** Thread ti arrives at the barrier of its in-flight entry idx. Returns the state and the threads released. */
export function arrive(prog: Program, s0: MState, ti: number, idx: number, ci: CInstr): { state: MState; released: number[] } {
  const t = s0.th[ti]!;
  const e = t.win[idx]!;
  const op = barOp(prog, ti, ci, e);
  const zero = prog.locs.map(() => 0);
  const b = s0.bars.find((x) => x.key === op.key) ?? { key: op.key, gen: 0, arrived: 0, need: op.need, acc: zero, waiting: [] };
  if (op.kind === 'match' && (t.passed.get(op.key) ?? 0) !== b.gen) return { state: { ...s0, bad: true }, released: [] };
  const acc = join(b.acc, t.view);
  const arrived = b.arrived + 1;
  const need = b.arrived === 0 ? op.need : b.need;
  // The arriving thread: done at once (arrive), or waiting.
  let t2: TState;
  if (!op.sync) {
    t2 = complete(t, idx, null);
    if (op.kind === 'match') t2 = { ...t2, passed: new Map(t2.passed).set(op.key, (t2.passed.get(op.key) ?? 0) + 1) };
  } else {
    t2 = { ...t, win: t.win.map((x, j) => (j === idx ? { ...x, st: 1 as const } : x)) };
  }
  let s: MState = { ...s0, th: s0.th.map((x, i) => (i === ti ? t2 : x)) };
  const waiting = op.sync ? [...b.waiting, ti].sort((x, y) => x - y) : [...b.waiting];
  if (op.kind === 'match') return { state: putBar(s, { ...b, acc, arrived, waiting }), released: [] };
  if (arrived < need) return { state: putBar(s, { ...b, acc, arrived, need, waiting }), released: [] };
  for (const tj of waiting) s = release(s, tj, acc, null);
  const next: BarState = op.kind === 'gen'
    ? { key: op.key, gen: b.gen + 1, arrived: 0, need: 0, acc: zero, waiting: [] }
    : { ...b, acc, arrived, need, waiting: [] };
  return { state: putBar(s, next), released: waiting };
}

/** Completes the current generation of a count-less barrier with the threads waiting at it. */
export function fire(prog: Program, s0: MState, key: string): { state: MState; released: number[] } {
  const b = s0.bars.find((x) => x.key === key)!;
  let s = s0;
  for (const tj of b.waiting) s = release(s, tj, b.acc, key);
  const next: BarState = { key, gen: b.gen + 1, arrived: 0, need: 0, acc: prog.locs.map(() => 0), waiting: [] };
  return { state: putBar(s, next), released: [...b.waiting] };
}
