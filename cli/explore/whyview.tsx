// Why an outcome is forbidden, as `ptxmm why` says it: the smallest sets of axioms whose removal
// it, the execution that reaches it without them, and the violating cycle with derived edges
// spelled out. What-if: switch axioms off and see which final states become reachable.
import { useMemo, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { MODELS } from '../../model/ptx.js';
import { BASE_EDGES } from '../../present/graph.js';
import { useAsk, useExplore } from './ask.js';
import { settingsText } from './browser.js';
import { explanationLines, whole } from './execution.js';
import { switchesText } from './execview.js';
import { footerText } from './keys.js';
import { stateText } from '../../present/explain.js';
import { type Entry, testRef } from './tree.js';
import { Frame, type Line, Pane, Spinner, scrollStep, wrap, useKeys } from './ui.js';

const BASE = new Set<string>(BASE_EDGES);

export function WhyView(p: { entry: Entry; outcome: string | null; back: () => void; active: boolean; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const axioms = MODELS[settings.model]!.axioms.map((a) => a.name);
  const [off, setOff] = useState<Set<string>>(new Set());
  // The chosen axiom by name: the other model (m) lists others, in another order.
  const [chosen, setChosen] = useState<string | null>(null);
  const at = Math.max(0, chosen === null ? 0 : axioms.indexOf(chosen));
  const [top, setTop] = useState(0);
  const test = testRef(p.entry);
  const why = useAsk('view', { kind: 'explain', test, settings, outcome: p.outcome, relax: true, exclude: [] }, p.active);
  const without = axioms.filter((a) => off.has(a));
  const whatIf = useAsk('view', without.length
    ? { kind: 'states', test, settings, without, forbidden: false, outcome: p.outcome }
    : null, p.active);

  const lines: Line[] = [];
  if (without.length) {
    lines.push({ text: `What if: ${settings.model} without ${without.join(', ')}`, bold: true });
    const a = whatIf.state?.status === 'done' ? whatIf.state.answer : null;
    if (a?.kind === 'error') lines.push({ text: a.message, color: 'red' });
    if (a?.kind === 'states') {
      const r = a.answer.report;
      if (r.result === 'Unknown') lines.push({ text: `Unknown: ${r.reason ?? 'no answer'}`, color: 'yellow' });
      else {
        // The outcome explained is a counterexample to the condition: for forall, a state that
        // breaks its expression (for exists and ~exists, one that satisfies it).
        const reaches = (x: { satisfies: boolean }): boolean => (r.kind === 'Required' ? !x.satisfies : x.satisfies);
        const hit = r.states!.filter(reaches).length;
        lines.push({ text: hit ? `The outcome is reachable: ${hit} of ${r.states!.length} final states reach it (*).` : `The outcome is still unreachable (${r.states!.length} final states).`, color: hit ? 'green' : 'red' });
        for (const s of r.states!) lines.push({ text: `${reaches(s) ? '*' : ' '} ${stateText(Object.entries(s.values))}` });
      }
    }
    lines.push({ text: '' });
  }
  const a = why.state?.status === 'done' ? why.state.answer : null;
  const exLines = useMemo(() => {
    if (a?.kind !== 'explain') return [];
    // The violation's own derived relations are drawn, as `why --rel` would draw them.
    const rels = new Set<string>([...BASE_EDGES, ...a.answer.violations.flatMap((v) => v.steps.map((s) => s.label)).filter((l) => !BASE.has(l) && a.answer.model.defs[l])]);
    return explanationLines(whole(a.answer), rels);
  }, [a]);
  if (a?.kind === 'error') lines.push({ text: a.message, color: 'red' });
  lines.push(...exLines.map((text) => ({ text })));
  const shown = wrap(lines, size.columns);
  const height = p.height - 1;
  const maxTop = Math.max(0, shown.length - height);

  useKeys((input, key) => {
    if (key.escape) {
      if (why.state?.status === 'running') why.cancel();
      else if (whatIf.state?.status === 'running') whatIf.cancel();
      else p.back();
      return;
    }
    if (key.leftArrow || input === 'h') setChosen(axioms[Math.max(0, at - 1)]!);
    else if (key.rightArrow || input === 'l') setChosen(axioms[Math.min(axioms.length - 1, at + 1)]!);
    else if (input === ' ') {
      const n = axioms[at]!;
      setOff((s) => { const t = new Set(s); if (t.has(n)) t.delete(n); else t.add(n); return t; });
      setTop(0);
    } else if (input === 'a') setOff(new Set());
    else {
      const d = scrollStep(input, key, height);
      if (d !== null) setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
    }
  }, p.active);

  const w = size.columns;
  const on = new Set(axioms.filter((x) => !off.has(x)));
  const running = why.state?.status === 'running' ? 'finding the axioms that forbid it' : whatIf.state?.status === 'running' ? 'checking the states without them' : null;
  const status = running ? <Spinner label={running} />
    : why.state?.status === 'cancelled' || whatIf.state?.status === 'cancelled' ? <Text>cancelled</Text> : undefined;
  return (
    <Frame width={w} title={`${p.entry.path} · why · ${settingsText(settings)}`} footer={footerText('why', w)} status={status}>
      <Text wrap="truncate-end">{switchesText(axioms, on, at, w)}</Text>
      <Pane lines={shown} top={Math.min(top, maxTop)} height={height} width={w} />
    </Frame>
  );
}
