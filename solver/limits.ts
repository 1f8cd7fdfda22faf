// What one test may cost before ptxmm gives up on it with a reason (an `Unknown` answer, never
// a hang or a crash): its time (--timeout, encoding included) and the size of its encoding,
// which bounds both our memory and Z3's. Size is formula nodes plus their operands (about 8
// bytes of SMT-LIB text each): the largest corpus test needs 265,691 (2.5 MB of text), and Z3
// needs well under 1 GB of its 2 GB WebAssembly heap at MAX_SIZE.
import { Z3Failure } from './z3.js';

export const MAX_SIZE = 3_000_000;
/**
 * Most events after unrolling. The static relations (po, loc, same CTA, ...) are stored pair
 * by pair before any formula is built, so the size limit cannot bound them: at 1,000 events
 * they take some 400 MB. The corpus's largest test has under 100.
 */
export const MAX_EVENTS = 1_000;

/**
 * Most instructions one thread unrolls to (solver/cfg.ts). MAX_EVENTS bounds the memory events
 * after unrolling; this bounds the unrolling itself, which at a loop bound of millions took
 * minutes and gigabytes before any deadline was looked at.
 */
export const MAX_UNROLLED = 200_000;

export interface Limits {
  /** performance.now() past which the test is abandoned. */
  deadline: number;
  /** The test's whole time (--timeout), for messages. */
  timeoutMs: number;
  /** Largest encoding (nodes and operands) the test may build. */
  maxSize: number;
  /** Earlier questions used part of the time (TimeBudget.deadline): messages say so. */
  shared?: boolean;
  /** Earlier questions used all of it: this one began past the deadline. */
  spent?: boolean;
}

/** A test ran out of time or space: the reason is the answer's explanation. */
export class LimitError extends Error {}

/**
 * A question's time: its --timeout and, where several questions share that time (a kernel's
 * properties), their common deadline (performance.now() units); without one, the question's
 * own time starts now.
 */
export interface TimeBudget {
  timeoutMs: number;
  deadline?: number;
}

/** A common deadline counts as shared once earlier questions have used this much of it (ms): the first question's is its own. */
const SHARED_AFTER_MS = 100;

export const limitsFrom = (t: TimeBudget, maxSize = MAX_SIZE): Limits =>
  ({ deadline: t.deadline ?? performance.now() + t.timeoutMs, timeoutMs: t.timeoutMs, maxSize,
    ...(t.deadline !== undefined && t.deadline < performance.now() + t.timeoutMs - SHARED_AFTER_MS ? { shared: true } : {}),
    ...(t.deadline !== undefined && t.deadline <= performance.now() ? { spent: true } : {}) });

const SHARED = 'shared with the questions before this one';

/** Throws LimitError once the deadline has passed. */
export function checkTime(l: Limits | undefined): void {
  if (!l || performance.now() <= l.deadline) return;
  // Spent before the question began: "while encoding" blamed an encoding that took no time.
  if (l.spent) throw new LimitError(`out of time: the questions before this one took all of --timeout ${l.timeoutMs / 1000} s`);
  throw new LimitError(`out of time: --timeout ${l.timeoutMs / 1000} s${l.shared ? ` (${SHARED})` : ''} ran out while encoding the test`);
}

/** The answer when a question's time ran out: Z3 was deciding, or (`reading`) still reading the encoding. */
export function timedOut(l: Limits, reading = false): string {
  if (l.spent) return `the questions before this one took all of the timeout (${l.timeoutMs / 1000} s)`;
  const timeout = `the timeout (${l.timeoutMs / 1000} s${l.shared ? `, ${SHARED}` : ''})`;
  return reading ? `${timeout} ran out while Z3 read the encoding` : `Z3 did not decide within ${timeout}`;
}

/**
 * The reason a test could not be answered, when `e` is a resource failure (a limit, Z3
 * running out of memory, a JavaScript engine limit); null for anything else (a bug).
 */
export function resourceReason(e: unknown): string | null {
  if (e instanceof LimitError) return e.message;
  if (e instanceof Z3Failure) return e.message;
  // JavaScript's own limits: Map or array size, string length, call stack.
  if (e instanceof RangeError) return `the test is too large for ptxmm (${e.message})`;
  return null;
}
