// The explorer's side of its workers: requests as promises, in two lanes so that the badges
// computed in the background never wait behind (or get cancelled with) what a view asks.
// Cancelling a lane terminates its worker (Z3 stops at once) and starts a fresh one on demand.
import { Worker } from 'node:worker_threads';
import { dropEarlyWorker } from '../../solver/z3wasm.js';
import type { Answer, AnswerMessage, Request } from './protocol.js';

export type Lane = 'view' | 'badges';

export interface Jobs {
  ask(lane: Lane, req: Request): Promise<Answer>;
  /** Stops the lane's work in flight; its pending requests answer `cancelled`. */
  cancel(lane: Lane): void;
  close(): Promise<void>;
}

export const CANCELLED: Answer = { kind: 'error', message: 'cancelled' };

interface LaneState {
  worker: Worker | null;
  pending: Map<number, (a: Answer) => void>;
}

export function startJobs(): Jobs {
  // Z3 runs on the workers, each starting its own timer thread: this thread's is not needed.
  dropEarlyWorker();
  let next = 0;
  const lanes: Record<Lane, LaneState> = { view: { worker: null, pending: new Map() }, badges: { worker: null, pending: new Map() } };
  const fail = (l: LaneState, a: Answer): void => {
    for (const done of l.pending.values()) done(a);
    l.pending.clear();
  };
  const workerOf = (l: LaneState): Worker => {
    if (l.worker) return l.worker;
    const w = new Worker(new URL('./worker.js', import.meta.url));
    w.on('message', (m: AnswerMessage) => {
      const done = l.pending.get(m.id);
      l.pending.delete(m.id);
      done?.(m.ans);
    });
    w.on('error', (e) => { if (l.worker === w) { l.worker = null; fail(l, { kind: 'error', message: `internal error: ${e.message}` }); } });
    w.on('exit', () => { if (l.worker === w) { l.worker = null; fail(l, { kind: 'error', message: 'the worker stopped' }); } });
    // The worker must not keep the process alive once the UI has quit.
    w.unref();
    l.worker = w;
    return w;
  };
  const stop = (l: LaneState): Promise<unknown> => {
    const w = l.worker;
    l.worker = null;
    fail(l, CANCELLED);
    return w ? w.terminate() : Promise.resolve();
  };
  // The open screen comes first: on a machine with few cores, a badge computed beside the
  // view's work would slow both it and the redraws. Badges wait while the view lane is busy.
  let held: (() => void)[] = [];
  const release = (): void => {
    if (lanes.view.pending.size > 0) return;
    const go = held;
    held = [];
    go.forEach((f) => f());
  };
  const post = (lane: Lane, id: number, req: Request): void => {
    if (lane === 'badges' && lanes.view.pending.size > 0) { held.push(() => post(lane, id, req)); return; }
    // Cancelled while it was held: nothing to send.
    if (lanes[lane].pending.has(id)) workerOf(lanes[lane]).postMessage({ id, req });
  };
  return {
    ask(lane, req) {
      const l = lanes[lane];
      const id = next++;
      return new Promise<Answer>((resolve) => {
        l.pending.set(id, (a) => {
          resolve(a);
          if (lane === 'view') queueMicrotask(release);
        });
        post(lane, id, req);
      });
    },
    cancel(lane) { void stop(lanes[lane]); },
    async close() { await Promise.all([stop(lanes.view), stop(lanes.badges)]); },
  };
}
