// The test browser: tests by folder with their verdict badges (computed in the background),
// `/` to filter, Enter to open. A test that does not parse shows its positioned error.
import { useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { useExplore } from './ask.js';
import type { View } from './app.js';
import { footerText } from './keys.js';
import { type Badge, type Entry, badgeText, rows } from './tree.js';
import { Frame, type Line, Pane, colour, useScrollTop, useKeys, wrap } from './ui.js';

const badgeColour = (b: Badge | undefined): string | undefined => {
  if (!b || b.kind === 'pending') return undefined;
  if (b.kind === 'error') return 'red';
  return b.result === 'Ok' ? 'green' : b.result === 'No' ? 'red' : 'yellow';
};

export function settingsText(s: { model: string; bound: number }): string {
  return `${s.model} · bound ${s.bound}`;
}

export function Browser(p: { entries: Entry[]; badges: Map<string, Badge>; open: (v: View) => void; active: boolean; setTyping: (t: boolean) => void; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const [filter, setFilter] = useState('');
  const [typing, setTypingHere] = useState(false);
  const [cursor, setCursor] = useState(0);
  const all = rows(p.entries, filter);
  const tests = all.flatMap((r, i) => (r.kind === 'test' ? [i] : []));
  // (G with no test matching set -1: the cursor was gone until j or k.)
  const at = Math.max(0, Math.min(cursor, tests.length - 1));
  const row = tests.length ? all[tests[at]!] : undefined;
  const selected = row?.kind === 'test' ? row.entry : null;
  // The selected test's error (or Unknown reason) takes two lines under the list.
  const detail = selected ? detailOf(p.badges.get(selected.file)) : null;
  const height = p.height - (detail ? 2 : 0) - (typing || filter ? 1 : 0);
  const lineAt = tests.length ? tests[at]! : 0;
  const first = useScrollTop(lineAt, height, all.length);

  const setTyping = (t: boolean): void => { setTypingHere(t); p.setTyping(t); };
  const move = (d: number): void => setCursor(Math.max(0, Math.min(tests.length - 1, at + d)));
  // A page of rows, not of tests: folder rows take room too, and a page of tests would jump
  // past rows never shown. The last test within a page of rows (at least the next one); a page
  // as short as it gets, since the next test may bring two lines of detail that shorten it.
  const page = (d: 1 | -1): void => {
    const rowsPerPage = Math.max(1, p.height - 2 - (typing || filter ? 1 : 0));
    const within = (i: number): boolean => (d > 0 ? tests[i]! <= lineAt + rowsPerPage - 1 : tests[i]! >= lineAt - rowsPerPage + 1);
    let i = at;
    while (i + d >= 0 && i + d < tests.length && within(i + d)) i += d;
    if (i === at) move(d);
    else setCursor(i);
  };
  useKeys((input, key) => {
    if (typing) {
      if (key.return) setTyping(false);
      else if (key.escape) { setFilter(''); setTyping(false); }
      else if (key.backspace || key.delete) setFilter((f) => f.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) { setFilter((f) => f + input); setCursor(0); }
      return;
    }
    if (key.upArrow || input === 'k') move(-1);
    else if (key.downArrow || input === 'j') move(1);
    else if (key.pageUp) page(-1);
    else if (key.pageDown) page(1);
    else if (input === 'g') setCursor(0);
    else if (input === 'G') setCursor(Math.max(0, tests.length - 1));
    else if (input === '/') setTyping(true);
    else if (key.escape && filter) setFilter('');
    else if ((key.return || input === 'l' || key.rightArrow) && selected) p.open({ screen: 'test', entry: selected });
  }, p.active);

  const w = size.columns;
  const lines: Line[] = all.map((r) => {
    if (r.kind === 'folder') return { text: `${r.path}/`, bold: true };
    const b = p.badges.get(r.entry.file);
    const badge = badgeText(b);
    const name = `  ${r.entry.name}`;
    // The pane's cursor gutter takes two columns, and its scroll mark two more.
    const pad = Math.max(1, w - 4 - name.length - badge.length - 1);
    const c = badgeColour(b);
    return { text: `${name}${' '.repeat(pad)}${badge}`, item: true, ...(c ? { color: c } : {}) };
  });
  const done = p.entries.filter((e) => { const b = p.badges.get(e.file); return b && b.kind !== 'pending'; }).length;
  const progress = done < p.entries.length ? `badges ${done}/${p.entries.length}…` : `${p.entries.length} tests`;
  const shown = tests.length === p.entries.length ? '' : ` · ${tests.length} match`;
  return (
    <Frame width={w} title={`ptxmm explore · ${settingsText(settings)} · ${progress}${shown}`} footer={footerText('browser', w)}
      status={tests.length === 0 ? <Text>no test matches '{filter}'</Text> : undefined}>
      <Pane lines={lines} top={first} height={height} width={w} cursor={lineAt} />
      {typing || filter ? <Text wrap="truncate-end" {...(colour('cyan') ? { color: 'cyan' } : {})}>{filterLine(filter, typing, w)}</Text> : null}
      {/* Two lines of the error, wrapped at spaces here (ink's own wrapping lost a character where it broke a word). */}
      {detail ? <Box height={2} flexDirection="column">{wrap([{ text: detail }], w).slice(0, 2).map((l, i) => <Text key={i} wrap="truncate-end" {...(colour('red') ? { color: 'red' } : {})}>{l.text}</Text>)}</Box> : null}
    </Frame>
  );
}

/** The filter being typed, on one line: a long one shows its end, where the typing is (it wrapped onto a 25th row). */
export function filterLine(filter: string, typing: boolean, width: number): string {
  const text = `/${filter}${typing ? '▏' : ''}`;
  return text.length <= width ? text : `/…${text.slice(text.length - (width - 2))}`;
}

function detailOf(b: Badge | undefined): string | null {
  if (!b) return null;
  if (b.kind === 'error') return b.text;
  if (b.kind === 'answer' && b.result === 'Unknown') return `Unknown: ${b.reason ?? 'no answer'}`;
  return null;
}
