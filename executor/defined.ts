// Registers read before they are written. A kernel's registers start undefined (any value: the
// solver reads one so, with a note), the machine's at 0; so the executor runs a kernel only
// where no read may come before every write of its register, on every path through the code.
import type { CInstr } from './program.js';

/**
 * The first instruction (in code order) that may read a register no earlier instruction has
 * written on some path to it, and that register; null when there is none. `init`: registers
 * set before the first instruction. A guarded instruction's write may not happen, so it
 * defines nothing; the old value it keeps when its guard is false (CInstr.oldSlot) is no read.
 */
export function readBeforeWrite(code: readonly CInstr[], init: ReadonlySet<string>): { c: CInstr; reg: string } | null {
  // Per instruction, the registers written on every path to it (null: no path reaches it yet).
  const defined: (Set<string> | null)[] = code.map(() => null);
  const flow = (to: number, regs: ReadonlySet<string>): boolean => {
    if (to >= code.length) return false;
    const had = defined[to];
    if (!had) { defined[to] = new Set(regs); return true; }
    let changed = false;
    for (const r of had) if (!regs.has(r)) { had.delete(r); changed = true; }
    return changed;
  };
  if (code.length) defined[0] = new Set(init);
  for (let changed = code.length > 0; changed;) {
    changed = false;
    for (let pc = 0; pc < code.length; pc++) {
      const c = code[pc]!;
      const here = defined[pc];
      if (!here) continue;
      const after = c.dst !== null && c.guardSlot < 0 && !here.has(c.dst) ? new Set([...here, c.dst]) : here;
      const jumps = c.ins.op === 'bra' || c.ins.op === 'bcmp';
      const always = c.ins.op === 'bra' && !c.ins.guard;
      if (!always && flow(pc + 1, after)) changed = true;
      if (jumps && flow(c.target, after)) changed = true;
    }
  }
  for (let pc = 0; pc < code.length; pc++) {
    const c = code[pc]!;
    const here = defined[pc];
    if (!here) continue;
    for (let k = 0; k < c.slots.length; k++) {
      const s = c.slots[k]!;
      if (k !== c.oldSlot && s.k === 'reg' && !here.has(s.name)) return { c, reg: s.name };
    }
  }
  return null;
}
