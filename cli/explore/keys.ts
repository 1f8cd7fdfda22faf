// The key map, once: the footer shows the first few hints of a screen, the `?` overlay and the
// README show all of them.
export type Screen = 'browser' | 'test' | 'execution' | 'why' | 'stepper' | 'text';

export interface KeyHint {
  keys: string;
  does: string;
}

export const GLOBAL_KEYS: KeyHint[] = [
  { keys: '?', does: 'help' },
  { keys: 'm', does: 'model ptx60/ptx75' },
  { keys: '+ -', does: 'loop bound' },
  { keys: 'Esc', does: 'cancel / back' },
  { keys: 'q Ctrl-C', does: 'quit' },
];

export const SCREEN_KEYS: Record<Screen, KeyHint[]> = {
  browser: [
    { keys: '↑↓ j k', does: 'move' },
    { keys: 'Enter l →', does: 'open test' },
    { keys: '/', does: 'filter (Enter keeps, Esc clears)' },
    { keys: 'PgUp PgDn g G', does: 'page, top, bottom' },
  ],
  test: [
    { keys: '↑↓ j k g G', does: 'choose a line (state, outcome, race)' },
    { keys: 'Enter', does: 'execution (reachable) / why (forbidden) / the race' },
    { keys: 'w', does: "why: the test's condition" },
    { keys: 'e', does: "an execution for the test's condition" },
    { keys: 's', does: 'step the machine' },
    { keys: 'PgUp PgDn', does: 'scroll' },
  ],
  execution: [
    { keys: '← → h l', does: 'choose a relation' },
    { keys: 'Space', does: 'draw / hide it' },
    { keys: 'n', does: 'next execution' },
    { keys: 'p', does: 'previous execution' },
    { keys: '↑↓ j k PgUp PgDn', does: 'scroll' },
  ],
  why: [
    { keys: '← → h l', does: 'choose an axiom' },
    { keys: 'Space', does: 'switch it off / on (what if)' },
    { keys: 'a', does: 'all axioms on' },
    { keys: '↑↓ j k PgUp PgDn', does: 'scroll' },
  ],
  stepper: [
    { keys: '↑↓ j k', does: 'choose a transition' },
    { keys: 'Enter →', does: 'take it' },
    { keys: 'u ← Backspace', does: 'undo' },
    { keys: 'r', does: 'run randomly to the end' },
    { keys: 't', does: 'take me to a final state' },
    { keys: 'J K PgUp PgDn', does: 'scroll the machine' },
  ],
  text: [
    { keys: '↑↓ j k PgUp PgDn', does: 'scroll' },
  ],
};

/** The footer's line: the screen's keys first, as many as fit. */
export function footerText(screen: Screen, width: number): string {
  const all = [...SCREEN_KEYS[screen], ...GLOBAL_KEYS.filter((k) => k.keys === '?' || k.keys === 'Esc' || k.keys.startsWith('q'))];
  let line = '';
  for (const k of all) {
    const part = `${k.keys} ${k.does.split(' (')[0]}`;
    const next = line ? `${line} · ${part}` : part;
    if (next.length > width) break;
    line = next;
  }
  return line;
}
