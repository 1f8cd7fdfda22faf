// Asking a worker from a screen: the request runs when its key changes, a stale answer (the
// screen moved on, or the settings changed) is dropped, answers are cached for the session,
// and Esc cancels what is in flight.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Jobs, Lane } from './jobs.js';
import type { Answer, Request, Settings } from './protocol.js';
import type { Size } from './ui.js';

export interface Explore {
  jobs: Jobs;
  settings: Settings;
  size: Size;
  /** Answers by request (a test's states under some settings are asked by several screens). */
  cache: Map<string, Answer>;
}

export const ExploreContext = createContext<Explore | null>(null);

export function useExplore(): Explore {
  const x = useContext(ExploreContext);
  if (!x) throw new Error('useExplore outside the explorer');
  return x;
}

export const requestKey = (r: Request): string => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

export type AskState =
  | { status: 'running' }
  | { status: 'done'; answer: Answer }
  | { status: 'cancelled' };

/**
 * The answer to `req` (null: nothing to ask); `cancel` stops it and leaves the state
 * 'cancelled'. Work another screen cancelled (a lane stops as a whole) is asked again when
 * this screen is `active` again: only the screen that cancelled stays cancelled.
 */
export function useAsk(lane: Lane, req: Request | null, active = true): { state: AskState | null; cancel: () => void } {
  const { jobs, cache } = useExplore();
  const key = req ? requestKey(req) : null;
  const [state, setState] = useState<{ key: string | null; s: AskState | null; collateral?: boolean }>({ key: null, s: null });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<string | null>(null);
  const cancelledHere = useRef(false);
  useEffect(() => {
    current.current = key;
    cancelledHere.current = false;
    if (!req || !key) { setState({ key, s: null }); return; }
    const hit = cache.get(key);
    if (hit) { setState({ key, s: { status: 'done', answer: hit } }); return; }
    setState({ key, s: { status: 'running' } });
    void jobs.ask(lane, req).then((answer) => {
      if (current.current !== key) return;
      if (answer.kind === 'error' && answer.message === 'cancelled') {
        setState({ key, s: { status: 'cancelled' }, collateral: !cancelledHere.current });
        return;
      }
      cache.set(key, answer);
      setState({ key, s: { status: 'done', answer } });
    });
  }, [key, attempt]);
  useEffect(() => {
    if (active && state.key === key && state.collateral) setAttempt((n) => n + 1);
  }, [active, state]);
  // A cached answer is there at once (a screen shown again must not look busy for a frame).
  const hit = key ? cache.get(key) : undefined;
  const s: AskState | null = state.key === key ? state.s : hit ? { status: 'done', answer: hit } : req ? { status: 'running' } : null;
  return {
    state: s,
    cancel: () => {
      if (s?.status !== 'running') return;
      cancelledHere.current = true;
      jobs.cancel(lane);
    },
  };
}
