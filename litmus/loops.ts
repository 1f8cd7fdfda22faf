// A thread's loops, as the loop bound counts them in both engines (solver/cfg.ts, the executor's
// TState.jumps): the back jumps to one target make one loop, the instructions from that target
// to its last back jump. Each loop may go round `bound` times per entry: its count is dropped
// when control leaves it. Loops that overlap without nesting share one count, never dropped.

export interface Loops {
  /** Each loop's first and last instruction index. */
  loops: readonly { start: number; end: number }[];
  /** The loop a back jump to instruction `to` goes round. */
  loopOfBackJump(to: number): number;
  /** Instruction index `pc` (the code's length: the end) lies in loop i. */
  inLoop(i: number, pc: number): boolean;
}

/** The loops of code `len` instructions long, given its back jumps ([from, to], to <= from). */
export function loopsOf(len: number, backJumps: Iterable<readonly [number, number]>): Loops {
  const loopEnd = new Map<number, number>();
  for (const [from, to] of backJumps) loopEnd.set(to, Math.max(loopEnd.get(to) ?? to, from));
  const found = [...loopEnd].map(([start, end]) => ({ start, end }));
  const laminar = found.every((a) => found.every((b) => a === b || a.end < b.start || b.end < a.start ||
    (a.start <= b.start && b.end <= a.end) || (b.start <= a.start && a.end <= b.end)));
  const loops = laminar ? found : [{ start: 0, end: len }];
  return {
    loops,
    loopOfBackJump: (to) => (laminar ? loops.findIndex((l) => l.start === to) : 0),
    inLoop: (i, pc) => loops[i]!.start <= pc && pc <= loops[i]!.end,
  };
}
