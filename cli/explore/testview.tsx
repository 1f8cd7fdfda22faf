// One test: the program as `ptxmm print` writes it, the reachable final states (those that
// satisfy the condition marked), and the outcomes over the condition's observables that the
// program can produce but no consistent execution reaches, marked forbidden.
import { useMemo, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { parseLitmus } from '../../litmus/parse.js';
import { printLitmus } from '../../litmus/print.js';
import { LitmusError } from '../../litmus/errors.js';
import type { LitmusTest } from '../../litmus/ast.js';
import { noStatesText } from '../check.js';
import { useAsk, useExplore } from './ask.js';
import type { View } from './app.js';
import { settingsText } from './browser.js';
import { footerText } from './keys.js';
import { markMeaning, outcomeExpr } from './outcome.js';
import { stateText } from '../../present/explain.js';
import { type Entry, testRef } from './tree.js';
import { Frame, type Line, Pane, Spinner, useScrollTop, useKeys, wrap } from './ui.js';

/** The test parsed on this thread (cheap), or its positioned error. */
export function useTest(entry: Entry): { test: LitmusTest } | { error: string } {
  return useMemo(() => {
    if (entry.text === null) return { error: entry.error ?? 'cannot read the file' };
    try {
      return { test: parseLitmus(entry.text, entry.file) };
    } catch (e) {
      if (e instanceof LitmusError) return { error: e.format() };
      throw e;
    }
  }, [entry]);
}

/** What Enter opens from a line: an execution or why for a state (condition syntax), or a race's drawing. */
type Item =
  | { line: number; to: 'execution' | 'why'; outcome: string }
  | { line: number; to: 'text'; title: string; lines: string[] };

export function TestView(p: { entry: Entry; open: (v: View) => void; back: () => void; active: boolean; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const parsed = useTest(p.entry);
  const test = 'test' in parsed ? parsed.test : null;
  const { state, cancel } = useAsk('view', test ? { kind: 'states', test: testRef(p.entry), settings, without: [], forbidden: true, outcome: null } : null, p.active);
  // Races are asked once the states are there: the states come first on the screen.
  const races = useAsk('view', test && state?.status === 'done' ? { kind: 'races', test: testRef(p.entry), settings } : null, p.active);
  const live = useAsk('view', test && races.state?.status === 'done' ? { kind: 'liveness', test: testRef(p.entry), settings } : null, p.active);
  const [cursor, setCursor] = useState(0);
  const [scroll, setScroll] = useState<number | null>(null);

  const lines: Line[] = [];
  const items: Item[] = [];
  // Lines before this one are the program's.
  let program = 0;
  if (!test) lines.push(...('error' in parsed ? parsed.error : '').split('\n').map((text) => ({ text, color: 'red' })));
  else {
    lines.push(...printLitmus(test).trimEnd().split('\n').map((text) => ({ text })));
    lines.push({ text: '' });
    program = lines.length;
    const a = state?.status === 'done' ? state.answer : null;
    if (a?.kind === 'error') lines.push({ text: a.message, color: 'red' });
    if (a?.kind === 'states') {
      const r = a.answer.report;
      if (r.result === 'Unknown') lines.push({ text: `Unknown: ${r.reason ?? 'no answer'}`, color: 'yellow' });
      else {
        lines.push({ text: `${r.kind} · ${r.result} · ${r.states!.length} reachable final state${r.states!.length === 1 ? '' : 's'} (*: ${markMeaning(test.condition.quantifier)})`, bold: true });
        if (r.noStates) lines.push({ text: noStatesText(r.noStates, r.bound), color: 'yellow' });
        for (const s of r.states!) {
          const v = Object.entries(s.values);
          items.push({ line: lines.length, outcome: outcomeExpr(v), to: 'execution' });
          lines.push({ text: `${s.satisfies ? '*' : ' '} ${stateText(v)}`, item: true });
        }
        const f = a.answer.forbidden;
        if (f) {
          lines.push({ text: '' });
          const over = a.answer.condObs.join(', ') || 'no observables';
          lines.push({ text: f.length ? `Forbidden outcomes over ${over} (the program can produce them; no consistent execution does):` : `No forbidden outcome over ${over}.`, bold: true, cut: true });
          for (const v of f) {
            items.push({ line: lines.length, outcome: outcomeExpr(v), to: 'why' });
            lines.push({ text: `✗ ${stateText(v)}   forbidden`, item: true, color: 'red' });
          }
        }
        if (r.boundReached) lines.push({ text: `Bound ${r.bound} reached: executions that need more loop iterations are not counted`, color: 'yellow' });
        const ra = races.state?.status === 'done' ? races.state.answer : null;
        lines.push({ text: '' });
        if (ra?.kind === 'races') {
          const n = ra.answer.pairs.length;
          lines.push({ text: ra.answer.verdict === 'race-free' ? `Data races (ISA §8.6.1): race-free${ra.answer.boundReached ? ' within the loop bound' : ''}` : ra.answer.verdict === 'racy' ? `Data races (ISA §8.6.1): ${n} racy pair${n === 1 ? '' : 's'} (Enter: the execution)` : `Data races (ISA §8.6.1): unknown: ${ra.answer.unknown ?? 'no answer'}`, bold: true });
          for (const pr of ra.answer.pairs) {
            items.push({ line: lines.length, to: 'text', title: 'data race', lines: [`Race ${pr.line}`, 'in this consistent execution:', '', ...pr.drawing] });
            lines.push({ text: `~ ${pr.line}`, item: true, color: 'yellow' });
          }
        } else if (ra?.kind === 'error') lines.push({ text: ra.message, color: 'red' });
        else if (races.state?.status === 'cancelled') lines.push({ text: 'Data races: cancelled', dim: true });
        const li = live.state?.status === 'done' ? live.state.answer : null;
        if (li?.kind === 'liveness') {
          const v = li.answer;
          lines.push({ text: '' });
          lines.push({ text: v.verdict === 'live' ? 'Liveness: no thread can hang' : v.verdict === 'hang' ? 'Liveness: a thread can hang (Enter: the execution after which it waits)' : `Liveness: unknown: ${v.unknown ?? 'no answer'}`, bold: true });
          for (const s of v.stuck) {
            items.push({ line: lines.length, to: 'text', title: 'hang', lines: [...v.stuck.map((x) => `Hang ${x}`), 'after this consistent execution (the others exited or wait too):', '', ...v.drawing] });
            lines.push({ text: `⧗ ${s}`, item: true, color: 'yellow' });
          }
        } else if (li?.kind === 'error') lines.push({ text: li.message, color: 'red' });
        else if (live.state?.status === 'cancelled') lines.push({ text: 'Liveness: cancelled', dim: true });
      }
    }
  }
  // What follows the program wraps (a refusal's or an Unknown's reason is long); the program
  // keeps its columns, and an item stays one line, its index moved with the lines before it.
  const lineAt: number[] = [];
  const wrapped: Line[] = [];
  lines.forEach((l, i) => {
    lineAt[i] = wrapped.length;
    wrapped.push(...(l.item || l.cut || i < program ? [l] : wrap([l], size.columns)));
  });
  for (const it of items) it.line = lineAt[it.line]!;
  lines.splice(0, lines.length, ...wrapped);
  const at = Math.min(cursor, Math.max(0, items.length - 1));
  const height = p.height;
  const cursorLine = items[at]?.line ?? 0;
  const auto = useScrollTop(cursorLine, height, lines.length);
  const top = scroll ?? auto;

  useKeys((input, key) => {
    if (key.escape) {
      if (state?.status === 'running') cancel();
      else if (races.state?.status === 'running') races.cancel();
      else if (live.state?.status === 'running') live.cancel();
      else p.back();
      return;
    }
    const move = (d: number): void => { setScroll(null); setCursor(Math.max(0, Math.min(items.length - 1, at + d))); };
    if (key.upArrow || input === 'k') move(-1);
    else if (key.downArrow || input === 'j') move(1);
    else if (input === 'g') move(-items.length);
    else if (input === 'G') move(items.length);
    else if (key.pageUp) setScroll(Math.max(0, top - height));
    else if (key.pageDown) setScroll(Math.max(0, Math.min(lines.length - height, top + height)));
    else if (key.return && items[at]) {
      const it = items[at]!;
      p.open(it.to === 'text' ? { screen: 'text', entry: p.entry, title: it.title, lines: it.lines } : { screen: it.to, entry: p.entry, outcome: it.outcome });
    }
    else if (input === 'w' && test) p.open({ screen: 'why', entry: p.entry, outcome: null });
    else if (input === 'e' && test) p.open({ screen: 'execution', entry: p.entry, outcome: null });
    else if (input === 's' && test) p.open({ screen: 'stepper', entry: p.entry });
  }, p.active);

  const w = size.columns;
  const status = state?.status === 'running' ? <Spinner label="checking every final state" />
    : races.state?.status === 'running' ? <Spinner label="looking for data races" />
    : live.state?.status === 'running' ? <Spinner label="looking for threads that can hang" />
    : state?.status === 'cancelled' ? <Text>cancelled</Text> : undefined;
  return (
    <Frame width={w} title={`${p.entry.path} · ${settingsText(settings)}`} footer={footerText('test', w)} status={status}>
      <Pane lines={lines} top={top} height={height} width={w} cursor={items.length ? cursorLine : -1} />
    </Frame>
  );
}
