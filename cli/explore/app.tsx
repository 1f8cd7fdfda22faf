// `ptxmm explore`: the screens as a stack (browser, test, execution, why, stepper), the help
// overlay, and the keys that work everywhere (quit, help, model, bound). Every answer comes from
// a worker (jobs.ts) running the functions the commands use; this file holds no model logic.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, type Key, Text, useApp, useInput } from 'ink';
import type { ModelName } from '../../executor/program.js';
import { parseLitmus } from '../../litmus/parse.js';
import { ExploreContext, type Explore } from './ask.js';
import type { Jobs } from './jobs.js';
import type { Answer, Settings } from './protocol.js';
import { type Badge, type Entry, badgeOf } from './tree.js';
import { type Screen, GLOBAL_KEYS, SCREEN_KEYS } from './keys.js';
import { type KeyHandler, KeySlot, type Size, colour, keysOf, useSize } from './ui.js';
import { Browser, settingsText } from './browser.js';
import { TestView } from './testview.js';
import { ExecutionView } from './execview.js';
import { WhyView } from './whyview.js';
import { Stepper } from './stepper.js';
import { TextView } from './textview.js';

/** One open screen; `outcome` in condition syntax, null for the test's own condition. */
export type View =
  | { screen: 'browser' }
  | { screen: 'test'; entry: Entry }
  | { screen: 'execution'; entry: Entry; outcome: string | null }
  | { screen: 'why'; entry: Entry; outcome: string | null }
  | { screen: 'stepper'; entry: Entry }
  | { screen: 'text'; entry: Entry; title: string; lines: string[] };

export interface AppProps {
  entries: Entry[];
  jobs: Jobs;
  model: ModelName;
  bound: number;
  timeoutMs: number;
  /** A fixed size instead of the terminal's (component tests). */
  size?: Size;
  /** Start on this view instead of the browser (tests; `explore FILE` opens the test). */
  initial?: View[];
}

// As --bound: 0 allows no backward jump at all.
export const MIN_BOUND = 0;

export function App(p: AppProps): ReactNode {
  const { exit } = useApp();
  const size = useSize(p.size);
  const [settings, setSettings] = useState<Settings>({ model: p.model, bound: p.bound, timeoutMs: p.timeoutMs });
  const [stack, setStack] = useState<View[]>(p.initial ?? [{ screen: 'browser' }]);
  const [help, setHelp] = useState(false);
  const [typing, setTyping] = useState(false);
  const cache = useRef(new Map<string, Answer>()).current;
  const badges = useBadges(p.entries, p.jobs, settings);
  const top = stack[stack.length - 1]!;

  // The one subscription to keys, from the first frame on: global keys here, the rest to the
  // screen on top (ui.tsx KeySlot).
  const slot = useRef<{ current: KeyHandler | null }>({ current: null }).current;
  const onKey = useRef<KeyHandler>(() => {});
  onKey.current = (input, key) => {
    if (help) { setHelp(false); return; }
    if (!typing) {
      if (input === 'q') { exit(); return; }
      if (input === '?') { setHelp(true); return; }
      const change = (f: (s: Settings) => Settings): void => {
        setSettings(f);
        // A text screen (a race's or a hang's drawing) was made under the settings before.
        setStack((st) => st.filter((v) => v.screen !== 'text'));
      };
      if (input === 'm') { change((s) => ({ ...s, model: s.model === 'ptx75' ? 'ptx60' : 'ptx75' })); return; }
      if (input === '+' || input === '=') { change((s) => ({ ...s, bound: s.bound + 1 })); return; }
      if (input === '-') { change((s) => ({ ...s, bound: Math.max(MIN_BOUND, s.bound - 1) })); return; }
    }
    slot.current?.(input, key);
  };
  // Keys one a render: several that come together (keysOf), or before the screen is drawn
  // again, would otherwise all be handled by the same render's handlers, each from the state
  // before the first (three j's, one move). A key with none before it since the last render is
  // handled at once: queueing it too cost a second frame (about 60 ms a key instead of 20).
  const queue = useRef<[string, Key][]>([]).current;
  const handledSinceRender = useRef(false);
  const [, setQueued] = useState(0);
  const handle = ([input, key]: [string, Key]): void => {
    // Ctrl-C inside a run of keys: ink quits only on one that comes alone.
    if (key.ctrl && input === 'c') { exit(); return; }
    onKey.current(input, key);
  };
  useInput((input, key) => {
    const keys = keysOf(input, key);
    if (!handledSinceRender.current && queue.length === 0) {
      handledSinceRender.current = true;
      handle(keys.shift()!);
    }
    if (keys.length) {
      queue.push(...keys);
      setQueued((n) => n + 1);
    }
  });
  useEffect(() => {
    handledSinceRender.current = false;
    const next = queue.shift();
    if (!next) return;
    handledSinceRender.current = true;
    handle(next);
    if (queue.length) setQueued((n) => n + 1);
  });

  const ctx: Explore = useMemo(() => ({ jobs: p.jobs, settings, size, cache }), [p.jobs, settings, size, cache]);
  const open = (v: View): void => setStack((s) => [...s, v]);
  const back = (): void => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s));
  const body = size.rows - 3;
  // Every screen of the stack stays mounted (hidden), so going back finds it as it was left.
  const screenOf = (v: View, active: boolean): ReactNode => {
    switch (v.screen) {
      case 'browser': return <Browser entries={p.entries} badges={badges} open={open} active={active} setTyping={setTyping} height={body} />;
      case 'test': return <TestView entry={v.entry} open={open} back={back} active={active} height={body} />;
      case 'execution': return <ExecutionView entry={v.entry} outcome={v.outcome} back={back} active={active} height={body} />;
      case 'why': return <WhyView entry={v.entry} outcome={v.outcome} back={back} active={active} height={body} />;
      case 'stepper': return <Stepper entry={v.entry} back={back} active={active} height={body} />;
      case 'text': return <TextView entry={v.entry} title={v.title} lines={v.lines} back={back} active={active} height={body} />;
    }
  };
  return (
    <ExploreContext.Provider value={ctx}>
      <KeySlot.Provider value={slot}>
      {stack.map((v, i) => {
        const shown = i === stack.length - 1 && !help;
        // An execution screen keeps the executions it found: under other settings it starts afresh.
        const made = v.screen === 'execution' ? `:${settingsText(settings)}` : '';
        return <Box key={`${i}:${v.screen}:${'entry' in v ? v.entry.file : ''}:${'outcome' in v ? v.outcome : ''}:${'title' in v ? v.title : ''}${made}`} display={shown ? 'flex' : 'none'}>{screenOf(v, shown)}</Box>;
      })}
      {help ? <Help screen={top.screen} size={size} /> : null}
      </KeySlot.Provider>
    </ExploreContext.Provider>
  );
}

/** The badge of every test under the current settings, computed one at a time in the background. */
function useBadges(entries: Entry[], jobs: Jobs, settings: Settings): Map<string, Badge> {
  const [badges, setBadges] = useState(new Map<string, Badge>());
  useEffect(() => {
    let live = true;
    setBadges(new Map());
    void (async () => {
      for (const e of entries) {
        if (!live) return;
        if (e.text === null) {
          const err = e.error ?? 'cannot read the file';
          setBadges((b) => new Map(b).set(e.file, { kind: 'error', text: err, parse: true }));
          continue;
        }
        const a = await jobs.ask('badges', { kind: 'states', test: { file: e.file, text: e.text }, settings, without: [], forbidden: false, outcome: null });
        if (!live) return;
        const badge: Badge = a.kind === 'states' ? badgeOf(a.answer.report) : { kind: 'error', text: a.kind === 'error' ? a.message : 'unexpected answer', parse: !parses(e.text, e.file) };
        setBadges((b) => new Map(b).set(e.file, badge));
      }
    })();
    return () => { live = false; };
  }, [entries, jobs, settings.model, settings.bound, settings.timeoutMs]);
  return badges;
}

/** The test parses (an error about it is then a refusal under the settings, not a parse error). */
function parses(text: string, file: string): boolean {
  try {
    parseLitmus(text, file);
    return true;
  } catch {
    return false;
  }
}

function Help({ screen, size }: { screen: Screen; size: Size }): ReactNode {
  const w = Math.max(...[...SCREEN_KEYS[screen], ...GLOBAL_KEYS].map((k) => k.keys.length));
  const line = (k: { keys: string; does: string }): string => `  ${k.keys.padEnd(w)}  ${k.does}`;
  const lines = [
    `Keys: ${screen} screen`, ...SCREEN_KEYS[screen].map(line), '', 'Everywhere', ...GLOBAL_KEYS.map(line),
    '', 'Any key closes this help.',
  ];
  return (
    <Box flexDirection="column" borderStyle="round" width={Math.min(size.columns, 72)} {...(colour('cyan') ? { borderColor: 'cyan' } : {})}>
      {lines.slice(0, size.rows - 2).map((l, i) => <Text key={i} bold={i === 0} wrap="truncate-end">{l || ' '}</Text>)}
    </Box>
  );
}
