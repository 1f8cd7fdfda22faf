// What a test may give its barriers, checked before anything runs. The ISA (9.7.12.1) has
// barrier operands as .u32 values, a thread count in whole warps, and every warp that meets
// at a barrier giving it the same count ("different warps may execute different forms of the
// barrier instruction using the same barrier name and thread count"). A test that breaks this
// has no meaning, and the two engines used to give it different ones (the executor took the
// count of whoever arrived first, the solver each operation's own): an error, with its position.
//
// Which operations meet is only known per execution (an id in a register, the phases a loop
// makes), so the check is conservative: two barrier instructions of different threads of one
// CTA whose instance and id may be equal must give the same count, for the whole test. A
// count must be known before the test runs: an immediate, or a register the thread never
// writes (its initial value); so is an id or instance in such a register.
import type { Bar, LitmusTest, Pos, Value } from './ast.js';
import { WARP_SIZE } from './ast.js';
import { LitmusError } from './errors.js';
import { printInstr } from './print.js';
import { destinations } from './types.js';

const MAX_U32 = (1n << 32n) - 1n;

/** A genuine-PTX thread count: threads in whole warps, at least one (each litmus thread is a warp). */
export const isWarpCount = (count: bigint): boolean => count > 0n && count % BigInt(WARP_SIZE) === 0n;

/** What is wrong with a genuine count that is not (build.ts says it of an immediate, checkBarriers of a register). */
export const warpCountMessage = (base: string, mode: string): string =>
  `the thread count of ${base}.${mode} must be a positive multiple of the warp size (${WARP_SIZE}), since barriers count whole warps`;

/** A barrier instruction as the check sees it: where, and its operands' values where known. */
interface Use {
  thread: number;
  cta: string;
  ins: Bar;
  instance: bigint | null;
  id: bigint | null;
  /** Litmus threads that complete a phase; null: the threads that come (no count). */
  need: number | null;
  /** The count as written (genuine PTX counts threads, not warps). */
  count: bigint | null;
}

export function checkBarriers(test: LitmusTest, file: string, genuine: boolean): void {
  const fail = (msg: string, at: Pos): never => { throw new LitmusError(msg, at, file); };
  const uses: Use[] = [];
  for (const t of test.threads) {
    const tid = t.placement.id;
    const written = new Map<string, Pos>();
    for (const s of t.code) {
      if (s.op === 'label') continue;
      for (const [d] of destinations(s)) if (!written.has(d.name)) written.set(d.name, s.pos);
    }
    const reg = (name: string): string => (genuine ? `%${name}` : name);
    // The value of an operand before the test runs; null for a register some instruction sets.
    const known = (v: Value | undefined, what: string, at: Pos, settled: boolean): bigint | null | undefined => {
      if (v === undefined) return undefined;
      let x: bigint;
      if (v.kind === 'imm') x = v.value;
      else {
        const w = written.get(v.name);
        if (w) {
          if (!settled) return null;
          return fail(`P${tid}'s barrier ${what} ${reg(v.name)} is written at line ${w.line}: a barrier's ${what} must be known before the test runs (an immediate, or a register only its initial value sets)`, v.pos ?? at);
        }
        const init = test.regInits.find((r) => r.thread === tid && r.reg === v.name);
        if (init && 'addressOf' in init) return fail(`P${tid}'s barrier ${what} ${reg(v.name)} holds the address of ${init.addressOf}, not ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`, v.pos ?? at);
        x = init ? init.value : 0n;
      }
      if (x < 0n || x > MAX_U32) fail(`a barrier's ${what} is a .u32 value: ${x} is not one`, v.pos ?? at);
      return x;
    };
    for (const s of t.code) {
      if (s.op !== 'bar') continue;
      const instance = known(s.instance, 'instance', s.pos, false);
      const id = known(s.id, 'id', s.pos, false);
      // ptxas checks an immediate id of genuine PTX (ptxas.ts); one in a register is checked here.
      if (s.instance === undefined && genuine && id !== undefined && id !== null && id > 15n) fail(`barrier ${id} does not exist: PTX has barriers 0 to 15`, s.id.pos ?? s.pos);
      const count = known(s.count, 'thread count', s.pos, true);
      let need: number | null = null;
      // Dartagnan's three operands count litmus threads (0: none); genuine PTX counts threads, a litmus thread a warp.
      if (s.instance !== undefined) need = count ? Number(count) : null;
      else if (count !== undefined && count !== null) {
        // An immediate was checked as it was read (build.ts): here a register's initial value.
        if (!isWarpCount(count)) fail(`${warpCountMessage(s.form, s.mode)}: P${tid}'s ${s.count!.kind === 'reg' ? reg(s.count!.name) : 'count'} holds ${count}`, s.count!.pos ?? s.pos);
        need = Number(count / BigInt(WARP_SIZE));
      }
      // An absent instance is 0 (as the engines read it).
      uses.push({ thread: tid, cta: `${t.placement.gpu}/${t.placement.cta}`, ins: s, instance: instance === undefined ? 0n : instance, id: id ?? null, need, count: count ?? null });
    }
  }
  const differ = (x: bigint | null, y: bigint | null): boolean => x !== null && y !== null && x !== y;
  // A phase of a counted barrier is whichever arrivals come first (ISA 9.7.12.1: it completes,
  // and is reinitialized, once `count` threads have arrived). Both engines meet the k-th
  // arrival of each warp with the k-th of the others, which is that rule when exactly the
  // counted warps use the barrier (or one warp completes it alone); with more, phases depend on
  // timing the engines do not follow: refused rather than answered otherwise.
  for (const u of uses) {
    if (u.ins.instance !== undefined || u.need === null || u.need < 2) continue;
    const users = new Set(uses.filter((v) => v.cta === u.cta && !differ(v.id, u.id) && !differ(v.instance, u.instance)).map((v) => v.thread));
    if (users.size > u.need) {
      fail(`${printInstr(u.ins)} counts ${u.count} threads (${u.need} warps), and ${users.size} warps (P${[...users].join(', P')}) may use barrier ${u.id ?? '(an id in a register)'} of their CTA: which arrivals then complete a phase depends on when they come, which ptxmm does not model (it meets each warp's k-th arrival with the others' k-th); give the count of all the warps that use it, or give the others a barrier of their own`, u.ins.count?.pos ?? u.ins.pos);
    }
  }
  // A bar.arrive does not wait: should the same warp come to that barrier again before the
  // phase completes, both its arrivals may count in the one phase (ISA 9.7.12.1: "care must be
  // taken to keep a warp from executing more barrier instructions than intended (barrier.arrive
  // followed by any other barrier instruction to the same barrier) prior to the reset"), which
  // the k-th rule above does not follow. Refused where the warp may reach another operation on
  // that barrier from a bar.arrive without waiting at any barrier on the way; a wait at another
  // barrier in between (the ISA's producer and consumer) is taken to order it.
  for (const t of test.threads) {
    const mine = uses.filter((u) => u.thread === t.placement.id && u.ins.instance === undefined && u.need !== null && u.need >= 2);
    for (const u of mine) {
      if (u.ins.mode !== 'arrive') continue;
      const again = nextUse(t.code, t.code.indexOf(u.ins), (v) => {
        const x = uses.find((w) => w.ins === v)!;
        return !differ(x.id, u.id) && !differ(x.instance, u.instance);
      });
      if (again) {
        fail(arriveAgainMessage(u.ins, `P${u.thread}`, u.id, again), u.ins.pos);
      }
    }
  }
  const wants = (u: Use): string => (u.need === null ? 'the threads that come (no count)'
    : u.ins.instance === undefined ? `${u.count} threads (${u.need} warp${u.need === 1 ? '' : 's'})` : `${u.need} thread${u.need === 1 ? '' : 's'}`);
  for (const [j, b] of uses.entries()) {
    for (const a of uses.slice(0, j)) {
      if (a.thread === b.thread || a.cta !== b.cta || a.need === b.need || differ(a.instance, b.instance) || differ(a.id, b.id)) continue;
      const unknown = a.id === null || b.id === null || a.instance === null || b.instance === null;
      const why = unknown ? ' (an id or instance in a register the thread sets may name any barrier)' : '';
      fail(`P${b.thread}'s ${printInstr(b.ins)} waits for ${wants(b)}, P${a.thread}'s ${printInstr(a.ins)} (line ${a.ins.pos.line}) for ${wants(a)}: threads that may meet at a barrier must give it one thread count (ISA 9.7.12.1)${why}`, b.ins.count?.pos ?? b.ins.pos);
    }
  }
}

/** Why a bar.arrive from which `who` may reach the same barrier again (`again`) is refused. */
const arriveAgainMessage = (arrive: Bar, who: string, id: bigint | null, again: Bar): string =>
  `${printInstr(arrive)} does not wait, and ${who} may come to barrier ${id ?? '(an id in a register)'} again (${printInstr(again)}, line ${again.pos.line}) before the other warps arrive: ${ARRIVE_AGAIN}`;

/** Why a second arrival before the phase completes is refused, and what to do: litmus (read off the code) and kernels (per execution, solver/unroll.ts) end their messages with it. */
export const ARRIVE_AGAIN = "both arrivals may then count in one phase (ISA 9.7.12.1 warns of a warp executing barrier.arrive and then another barrier instruction to the same barrier before the reset), which ptxmm does not model (it meets each warp's k-th arrival with the others' k-th); make the first a bar.sync, or wait at another barrier in between";

/**
 * The first barrier operation that `same` accepts which code may reach from the instruction at
 * `from` (not included) without passing a waiting barrier operation (a bar.sync on another
 * barrier stops the search; one on this barrier is found); null when there is none.
 */
export function nextUse(code: LitmusTest['threads'][number]['code'], from: number, same: (b: Bar) => boolean): Bar | null {
  const labels = new Map<string, number>();
  code.forEach((s, i) => { if (s.op === 'label') labels.set(s.name, i); });
  const seen = new Set<number>();
  const todo = [from + 1];
  while (todo.length) {
    const i = todo.pop()!;
    if (i >= code.length || seen.has(i)) continue;
    seen.add(i);
    const s = code[i]!;
    if (s.op === 'bar') {
      if (same(s)) return s;
      if (s.mode !== 'arrive') continue;
    }
    if (s.op === 'bra' || s.op === 'bcmp') {
      const to = labels.get(s.target);
      if (to !== undefined) todo.push(to);
      if (s.op === 'bra' && !s.guard) continue;
    }
    todo.push(i + 1);
  }
  return null;
}
