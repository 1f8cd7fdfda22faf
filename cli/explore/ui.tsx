// Building blocks every screen uses: the frame (title, body, footer), a scrolling list of lines
// with a cursor, a spinner for work in flight, colours that NO_COLOR turns off.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Text, type Key, useInput, useStdout } from 'ink';

export type KeyHandler = (input: string, key: Key) => void;

/**
 * Where the app's one key subscription finds the handler of the screen on top. ink subscribes
 * a useInput handler in an effect, after the screen's first frame is drawn; a key typed in
 * between would be lost. A screen claims this slot while rendering instead, so the handler in
 * place is always the latest render's of the active screen.
 */
export const KeySlot = createContext<{ current: KeyHandler | null } | null>(null);

/** The screen's keys while it is `active` (through the app's KeySlot; a plain useInput outside one). */
export function useKeys(handler: KeyHandler, active: boolean): void {
  const latest = useRef(handler);
  latest.current = handler;
  const mine = useRef<KeyHandler>((input, key) => latest.current(input, key)).current;
  const slot = useContext(KeySlot);
  if (slot) {
    if (active) slot.current = mine;
    else if (slot.current === mine) slot.current = null;
  }
  useEffect(() => () => { if (slot && slot.current === mine) slot.current = null; }, [slot, mine]);
  useInput(mine, { isActive: active && !slot });
}

/**
 * One input as the keys it holds. ink hands over a run of plain characters as one input
 * ("jjj" from typing ahead, a paste, auto-repeat over a slow link); each is a key of its own,
 * read as ink reads it alone (Enter, Tab, Backspace, Ctrl-letter, Shift for capitals).
 * Escape sequences come one an input already.
 */
export function keysOf(input: string, key: Key): [string, Key][] {
  const chars = [...input];
  if (chars.length <= 1 || input.startsWith('\u001B') || key.ctrl || key.meta) return [[input, key]];
  return chars.map((ch): [string, Key] => {
    const k: Key = { ...key, shift: /^[A-Z]$/.test(ch) };
    if (ch === '\r' || ch === '\n') return ['', { ...k, return: true }];
    if (ch === '\t') return ['', { ...k, tab: true }];
    if (ch === '\u007F' || ch === '\b') return ['', { ...k, backspace: true }];
    const code = ch.codePointAt(0)!;
    if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...k, ctrl: true }];
    return [ch, k];
  });
}

/** NO_COLOR (no-color.org): any non-empty value turns colour off; inverse and bold stay. */
export const colour = (c: string): string | undefined => (process.env['NO_COLOR'] ? undefined : c);

export interface Size {
  columns: number;
  rows: number;
}

/** The terminal's size, redrawn on resize; `fixed` overrides it (component tests). */
export function useSize(fixed?: Size): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({ columns: Math.max(40, stdout.columns || 80), rows: Math.max(12, stdout.rows || 24) });
  const [size, setSize] = useState<Size>(fixed ?? read());
  useEffect(() => {
    if (fixed) return;
    const on = (): void => setSize(read());
    stdout.on('resize', on);
    return () => { stdout.off('resize', on); };
  }, [stdout, fixed]);
  return fixed ?? size;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A spinner with the seconds elapsed. */
export function Spinner({ label }: { label: string }): ReactNode {
  const [t0] = useState(() => performance.now());
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const iv = setInterval(() => setTick((x) => x + 1), 100);
    return () => clearInterval(iv);
  }, []);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  return <Text color={colour('yellow')}>{FRAMES[tick % FRAMES.length]} {label} ({secs} s; Esc cancels)</Text>;
}

/** Cuts a line to the width (an ellipsis where something was cut). */
export const fit = (s: string, width: number): string => (s.length > width ? s.slice(0, Math.max(0, width - 1)) + '…' : s);

/** Long lines folded at the width (continuations indented), for panes without a cursor. */
export function wrap(lines: Line[], width: number): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    if (l.text.length <= width) { out.push(l); continue; }
    const lead = l.text.length - l.text.trimStart().length;
    const indent = ' '.repeat(Math.min(lead + 2, Math.floor(width / 2)));
    let rest = l.text;
    let first = true;
    while (rest.length > 0) {
      const room = first ? width : width - indent.length;
      let cut = rest.length <= room ? rest.length : rest.lastIndexOf(' ', room);
      if (cut <= 0) cut = room;
      out.push({ ...l, text: (first ? '' : indent) + rest.slice(0, cut).trimEnd() });
      rest = rest.slice(cut).trimStart();
      first = false;
    }
  }
  return out;
}

/** A line of a scrolling pane: text, optionally selectable, optionally coloured. */
export interface Line {
  text: string;
  /** The cursor may stop here. */
  item?: boolean;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  /** Cut at the width rather than wrapped where a screen wraps its lines (a heading whose end only explains). */
  cut?: boolean;
}

/** The first line to show so that `cursor` is inside a window of `height` lines. */
export function scrollTo(top: number, cursor: number, height: number): number {
  if (cursor < top) return cursor;
  if (cursor >= top + height) return cursor - height + 1;
  return top;
}

/** The first line shown by a pane whose cursor is at `cursor`: it moves only as far as the cursor needs. */
export function useScrollTop(cursor: number, height: number, total: number): number {
  const top = useRef(0);
  top.current = scrollTo(Math.min(top.current, Math.max(0, total - height)), cursor, height);
  return top.current;
}

/** `height` lines from `top`, the cursor's line inverted; a scroll mark when more is hidden. */
export function Pane({ lines, top, height, width, cursor }: { lines: Line[]; top: number; height: number; width: number; cursor?: number }): ReactNode {
  const shown = lines.slice(top, top + height);
  const more = lines.length > top + height;
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((l, i) => {
        const at = top + i;
        const last = i === shown.length - 1 && more;
        // A pane with a cursor marks it with › too: inverse alone vanishes without colour support.
        const mark = cursor === undefined ? '' : at === cursor ? '› ' : '  ';
        const text = mark + fit(l.text, width - mark.length - (last ? 2 : 0)) + (last ? ' ↓' : '');
        const color = l.color ? colour(l.color) : undefined;
        return (
          <Text key={at} inverse={at === cursor} wrap="truncate-end" bold={l.bold ?? false} dimColor={l.dim ?? false} {...(color ? { color } : {})}>
            {text || ' '}
          </Text>
        );
      })}
    </Box>
  );
}

/** How far a reading key moves a pane: ↑↓ j k a line, PgUp PgDn a page; null for any other key. */
export function scrollStep(input: string, key: Key, page: number): number | null {
  if (key.upArrow || input === 'k') return -1;
  if (key.downArrow || input === 'j') return 1;
  if (key.pageUp) return -page;
  if (key.pageDown) return page;
  return null;
}

/** Title line, body, status line, footer: the shape of every screen. */
export function Frame({ title, status, footer, children, width }: { title: string; status?: ReactNode; footer: string; children: ReactNode; width: number }): ReactNode {
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{fit(title, width)}</Text>
      {children}
      <Box height={1}>{status ?? <Text> </Text>}</Box>
      <Text dimColor wrap="truncate-end">{fit(footer, width)}</Text>
    </Box>
  );
}
