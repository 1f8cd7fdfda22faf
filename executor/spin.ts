// Spin loops: a loop whose body only reads memory and computes registers, such as
// `L: ld.acquire r, [flag]; setp.eq p, r, 0; @p bra L`. An iteration that goes round again
// leaves nothing behind but what the thread has seen: its registers are all written again by
// the next iteration, and what it read only narrows what the thread may read and write later
// (views, acquired releases). So deleting it from an execution leaves an execution of the
// machine with the same final state, and exploring for final states may drop every execution
// in which such a loop goes round again (the "spin assume" of stateless model checkers):
// the thread simply reads, later, the value that lets it leave. Stepping and liveness see
// every iteration (Program.spinAssume is set only by explore.ts).
import type { CInstr } from './program.js';

const LOCAL = new Set(['ld', 'mov', 'alu', 'selp', 'cvt', 'unary', 'setp', 'fop', 'nanosleep']);
const isBranch = (c: CInstr): boolean => c.ins.op === 'bra' || c.ins.op === 'bcmp';

/**
 * Per code index, whether it is the backward branch of a spin loop: its body, from the
 * branch's target up to it, holds only loads and register operations, none of them guarded;
 * no other branch jumps into it past its first instruction; and no register the body writes
 * is read in it before the body writes it (nothing is carried from one iteration to the next).
 */
export function spinLoops(code: readonly CInstr[]): boolean[] {
  return code.map((c, b) => {
    if (!isBranch(c) || c.target > b) return false;
    const t = c.target;
    // The registers the body writes, and that it does nothing else.
    const body = new Set<string>();
    for (let pc = t; pc < b; pc++) {
      const x = code[pc]!;
      if (!LOCAL.has(x.ins.op) || x.ins.guard) return false;
      if (x.dst !== null) body.add(x.dst);
    }
    if (code.some((x, pc) => pc !== b && isBranch(x) && x.target > t && x.target <= b)) return false;
    const written = new Set<string>();
    for (let pc = t; pc <= b; pc++) {
      const x = code[pc]!;
      for (const s of x.slots) if (s.k === 'reg' && body.has(s.name) && !written.has(s.name)) return false;
      if (x.dst !== null) written.add(x.dst);
    }
    return true;
  });
}
