// An execution that reaches a state or outcome, drawn as `show` draws it, with each relation
// switched on or off; `n` asks Z3 for a different execution of the same outcome (the ones seen
// are blocked) until there is none left.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { BASE_EDGES } from '../../present/graph.js';
import { useAsk, useExplore } from './ask.js';
import { settingsText } from './browser.js';
import { drawable, explanationLines, whole } from './execution.js';
import { footerText } from './keys.js';
import type { PlainExplanation } from './protocol.js';
import { type Entry, testRef } from './tree.js';
import { Frame, type Line, Pane, Spinner, colour, fit, scrollStep, wrap, useKeys } from './ui.js';

/** A row of switches, the chosen one in brackets: `po* rf* [cause] sync ...` (* drawn), cut around the choice. */
export function switchesText(names: string[], on: ReadonlySet<string>, at: number, width: number): string {
  const parts = names.map((n, i) => (i === at ? `[${n}${on.has(n) ? '*' : ''}]` : `${n}${on.has(n) ? '*' : ''}`));
  let from = 0;
  const joined = (a: number): string => parts.slice(a).join(' ');
  // Start far enough along that the chosen switch is visible.
  while (from < at && parts.slice(from, at + 1).join(' ').length > width - 2) from++;
  return (from > 0 ? '… ' : '') + fit(joined(from), width - (from > 0 ? 2 : 0));
}

export function ExecutionView(p: { entry: Entry; outcome: string | null; back: () => void; active: boolean; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const [seen, setSeen] = useState<PlainExplanation[]>([]);
  const [at, setAt] = useState(0);
  const [want, setWant] = useState(1);
  const [none, setNone] = useState<PlainExplanation | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const [on, setOn] = useState<Set<string>>(new Set(BASE_EDGES));
  const [rel, setRel] = useState(0);
  const [top, setTop] = useState(0);
  const asking = want > seen.length && !exhausted && !none;
  const { state, cancel } = useAsk('view', asking
    ? { kind: 'explain', test: testRef(p.entry), settings, outcome: p.outcome, relax: false, exclude: seen.map((s) => s.choice ?? []) }
    : null, p.active);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state?.status !== 'done') return;
    const a = state.answer;
    if (a.kind === 'error') { setError(a.message); return; }
    if (a.kind !== 'explain') return;
    if (a.answer.reachable === true && a.answer.witness) {
      setSeen((s) => [...s, a.answer]);
      setAt(seen.length);
      setTop(0);
    } else if (seen.length > 0 && a.answer.exhausted) setExhausted(true);
    else setNone(a.answer);
  }, [state]);

  const shown = seen[at] ?? none;
  const names = shown ? drawable(shown) : [...BASE_EDGES];
  const exLines = useMemo(() => (shown ? explanationLines(whole(shown), on) : []), [shown, on]);
  const lines: Line[] = wrap([...(error ? [{ text: error, color: 'red' }] : []), ...exLines.map((t) => ({ text: t }))], size.columns);
  const height = p.height - 1;
  const maxTop = Math.max(0, lines.length - height);

  useKeys((input, key) => {
    if (key.escape) { if (state?.status === 'running') cancel(); else p.back(); return; }
    if (key.leftArrow || input === 'h') setRel((r) => Math.max(0, r - 1));
    else if (key.rightArrow || input === 'l') setRel((r) => Math.min(names.length - 1, r + 1));
    else if (input === ' ') {
      const n = names[rel]!;
      setOn((s) => { const t = new Set(s); if (t.has(n)) t.delete(n); else t.add(n); return t; });
    } else if (input === 'n') {
      if (at < seen.length - 1) { setAt(at + 1); setTop(0); } else if (!exhausted && seen.length) setWant(seen.length + 1);
    } else if (input === 'p') { if (at > 0) { setAt(at - 1); setTop(0); } }
    else {
      const d = scrollStep(input, key, height);
      if (d !== null) setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
    }
  }, p.active);

  const w = size.columns;
  const which = seen.length ? `execution ${at + 1} of ${exhausted ? seen.length : `${seen.length}+`}` : 'execution';
  const status = state?.status === 'running' ? <Spinner label={seen.length ? 'looking for another execution' : 'looking for an execution'} />
    : state?.status === 'cancelled' ? <Text>cancelled</Text>
    : exhausted && at === seen.length - 1 ? <Text {...(colour('yellow') ? { color: 'yellow' } : {})}>no more executions: {seen.length} reach this outcome</Text>
    : undefined;
  return (
    <Frame width={w} title={`${p.entry.path} · ${which} · ${settingsText(settings)}`} footer={footerText('execution', w)} status={status}>
      <Text wrap="truncate-end">{switchesText(names, on, rel, w)}</Text>
      <Pane lines={lines} top={Math.min(top, maxTop)} height={height} width={w} />
    </Frame>
  );
}
