// The operational machine one step at a time: the enabled transitions (thread, instruction,
// which write a read takes, where a write goes in coherence), each thread's registers, view
// and in-flight instructions, memory per location in coherence order, barriers. Undo, a random
// run to the end, and "take me to this final state" (a path the executor finds, replayed).
// Everything shown comes from executor/stepper.ts; this file only draws it.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { compile, Unsupported, type Program } from '../../executor/program.js';
import { barrierText } from '../../executor/barrier.js';
import { DEFAULTS } from '../../executor/explore.js';
import { noStatesText } from '../check.js';
import { type MachineView, type Transition, inspect, randomRun, replay, transitions } from '../../executor/stepper.js';
import type { MState } from '../../executor/state.js';
import { useAsk, useExplore } from './ask.js';
import { settingsText } from './browser.js';
import { footerText } from './keys.js';
import { stateText } from '../../present/explain.js';
import type { Quantifier } from '../../litmus/ast.js';
import { fusedText } from '../../litmus/fusion.js';
import { markMeaning } from './outcome.js';
import { useTest } from './testview.js';
import { type Entry, testRef } from './tree.js';
import { Frame, type Line, Pane, Spinner, useScrollTop, wrap, useKeys } from './ui.js';

/** The machine state as lines: threads, then memory, barriers and the Fence-SC order. */
export function machineLines(v: MachineView, q: Quantifier): Line[] {
  const out: Line[] = [];
  for (const t of v.threads) {
    const next = t.next ? ` · next: ${t.next}` : '';
    out.push({ text: `P${t.pid} (${t.placement}) ${t.status} · pc ${t.pc}${t.jumps ? ` · ${t.jumps} jumps` : ''}${next}`, bold: true });
    for (const e of t.inflight) {
      const what = e.state === 'done' ? `done${e.value !== null ? ` = ${e.value}` : ''}${e.wrote !== null ? ` as #${e.wrote}` : ''}` : e.state;
      out.push({ text: `  ${e.enabled ? '▸' : ' '} ${e.text}  (${what})`, ...(e.enabled ? { color: 'cyan' } : {}) });
    }
    const regs = t.registers.map(([r, x]) => `${r}=${x}`).join(' ');
    const knows = t.view.filter((k) => k.writes.length).map((k) => `${k.loc} ${k.writes.map((i) => `#${i}`).join(',')}`).join('; ');
    out.push({ text: `  regs: ${regs || '-'}   knows: ${knows || '-'}`, dim: true });
  }
  out.push({ text: 'Memory (writes in coherence order)', bold: true });
  for (const l of v.memory) {
    const ws = l.writes.map((w) => {
      const un = w.unorderedWith.length ? ` ~${w.unorderedWith.map((i) => `#${i}`).join(',')}` : '';
      const who = w.thread === null ? 'init' : `P${w.thread}${w.strength === 'weak' ? ' weak' : ` ${w.strength.slice(7)}`}`;
      return `#${w.index}=${w.value} (${who})${un}`;
    });
    out.push({ text: `  ${l.name}: ${ws.join(' → ')}` });
  }
  for (const b of v.barriers) {
    out.push({ text: `  ${barrierText(b.key)}: ${b.arrived}${b.need === null ? '' : `/${b.need}`} arrived${b.done ? ', done' : ''}${b.waiting.length ? `, waiting: ${b.waiting.map((p) => `P${p}`).join(' ')}` : ''}` });
  }
  if (v.scOrder.length) out.push({ text: `  fence.sc order: ${v.scOrder.map((f) => `P${f.thread}.${f.scope}`).join(' → ')}` });
  if (v.end === 'final') out.push({ text: `Final: ${v.outcomeDetails.map((o) => `${o.text}${o.holds ? ` (${markMeaning(q)})` : ''}${o.filtered ? ' (filtered out)' : ''}`).join(' | ')}`, color: 'green', bold: true });
  else if (v.end === 'deadlock') out.push({ text: 'Deadlock: no thread can move, and some thread has not finished', color: 'red', bold: true });
  else if (v.end === 'cut') out.push({ text: 'Cut: a loop went round more times than the loop bound allows', color: 'yellow', bold: true });
  else if (v.end === 'dropped') out.push({ text: 'Dropped: this is not an execution of the model (see executor/)', color: 'yellow', bold: true });
  return out;
}

type Compiled = { prog: Program } | { error: string };

export function Stepper(p: { entry: Entry; back: () => void; active: boolean; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const parsed = useTest(p.entry);
  // The adds ptxas may fuse (litmus/fusion.ts) that the program stepped has fused: none, until
  // a path to a final state is found in a program with some fused. With the steps still to replay.
  const [fused, setFused] = useState<{ sites: string[]; steps: number[] | null }>({ sites: [], steps: null });
  const compiled: Compiled = useMemo(() => {
    if (!('test' in parsed)) return { error: parsed.error };
    try {
      return { prog: compile(parsed.test, settings.model, settings.bound, new Set(fused.sites)) };
    } catch (e) {
      if (e instanceof Unsupported) return { error: `the executor does not support this test: ${e.message}` };
      throw e;
    }
  }, [parsed, settings.model, settings.bound, fused.sites]);
  const prog = 'prog' in compiled ? compiled.prog : null;
  // The path taken (indices into each state's transitions) and the states along it.
  const [states, setStates] = useState<MState[]>(() => (prog ? replay(prog, []) : []));
  const [cursor, setCursor] = useState(0);
  const [scroll, setScroll] = useState(0);
  const [choosing, setChoosing] = useState(false);
  const [pick, setPick] = useState(0);
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The program the states were made by: a new one (other fusions, settings) has states of its own.
  const [statesOf, setStatesOf] = useState(prog);
  useEffect(() => { setStates(prog ? replay(prog, fused.steps ?? []) : []); setStatesOf(prog); setCursor(0); }, [prog]);

  const cur = statesOf === prog ? states[states.length - 1] : undefined;
  // Once per state, not per keypress; inspect marks what may go from the same list.
  // A step past what the executor models (more than 30 writes to one location) ends the run here, as `run` says.
  const [ts, stopped] = useMemo((): [Transition[], string | null] => {
    if (!prog || !cur) return [[], null];
    try {
      return [transitions(prog, cur), null];
    } catch (e) {
      if (e instanceof Unsupported) return [[], `the executor goes no further: ${e.message}`];
      throw e;
    }
  }, [prog, cur]);
  const view = useMemo(() => (prog && cur ? inspect(prog, cur, ts) : null), [prog, cur, ts]);
  const test = testRef(p.entry);
  const reachable = useAsk('view', choosing ? { kind: 'states', test, settings, without: [], forbidden: false, outcome: null } : null, p.active);
  const path = useAsk('view', target ? { kind: 'path', test, settings, state: target } : null, p.active);
  const finals = reachable.state?.status === 'done' && reachable.state.answer.kind === 'states' ? reachable.state.answer.answer.report.states ?? [] : [];

  useEffect(() => {
    if (!prog || path.state?.status !== 'done' || target === null) return;
    const a = path.state.answer;
    if (a.kind === 'path') {
      if (a.answer === 'stopped') setNote(`the executor's search for ${target} stopped after ${DEFAULTS.maxStates.toLocaleString('en')} states without reaching it: no answer (\`ptxmm check\` decides)`);
      else if (a.answer) {
        const also = a.fused.length ? ` (with ptxas fusing ${a.fused.length === 1 ? 'an add' : `${a.fused.length} adds`} into fma: ${fusedText(prog.test, a.fused)})` : '';
        // Another set of fused adds is another program: the path is replayed once it is compiled.
        if (a.fused.join() !== fused.sites.join()) setFused({ sites: a.fused, steps: a.answer });
        else { setStates(replay(prog, a.answer)); setCursor(0); }
        setNote(`reached ${target} in ${a.answer.length} steps${also}`);
      }
      else setNote(`the executor reaches no final state ${target} (the solver does: see "What the executor does not reach" in docs/ARCHITECTURE.md)`);
    } else if (a.kind === 'error') setNote(a.message);
    setTarget(null);
  }, [path.state]);

  const mLines = wrap([...(view && prog ? machineLines(view, prog.test.condition.quantifier) : [{ text: 'error' in compiled ? compiled.error : '', color: 'red' }]), ...(stopped ? [{ text: stopped, color: 'red' }] : [])], size.columns);
  const listHeight = Math.max(3, Math.min(ts.length || 1, Math.floor((p.height - 2) / 3)));
  const machineHeight = p.height - listHeight - 1;
  const at = Math.min(cursor, Math.max(0, ts.length - 1));
  const listTop = useScrollTop(at, listHeight, ts.length);

  useKeys((input, key) => {
    if (choosing) {
      if (key.escape) { if (reachable.state?.status === 'running') reachable.cancel(); else setChoosing(false); }
      else if (key.upArrow || input === 'k') setPick((i) => Math.max(0, i - 1));
      else if (key.downArrow || input === 'j') setPick((i) => Math.min(finals.length - 1, i + 1));
      else if (key.return && finals[pick]) {
        setTarget(stateText(Object.entries(finals[pick]!.values)));
        setChoosing(false);
      }
      return;
    }
    if (key.escape) {
      if (path.state?.status === 'running') { path.cancel(); setTarget(null); } else p.back();
      return;
    }
    if (!prog) return;
    if (key.upArrow || input === 'k') setCursor(Math.max(0, at - 1));
    else if (key.downArrow || input === 'j') setCursor(Math.min(ts.length - 1, at + 1));
    else if ((key.return || key.rightArrow) && ts[at]) { setStates((s) => [...s, ts[at]!.state]); setCursor(0); setNote(null); }
    else if (input === 'u' || key.leftArrow || key.backspace || key.delete) { setStates((s) => (s.length > 1 ? s.slice(0, -1) : s)); setCursor(0); setNote(null); }
    else if (input === 'r' && cur) {
      try {
        const run = randomRun(prog, cur, Math.random);
        setStates((s) => [...s, ...replay(prog, run.steps, cur).slice(1)]);
        setNote(`random run: ${run.steps.length} steps${run.end ? `, ${run.end}` : ''}`);
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e;
        setNote(`random run: the executor goes no further (${e.message})`);
      }
      setCursor(0);
    } else if (input === 'J' || key.pageDown) setScroll((x) => Math.min(Math.max(0, mLines.length - machineHeight), x + (key.pageDown ? machineHeight : 1)));
    else if (input === 'K' || key.pageUp) setScroll((x) => Math.max(0, x - (key.pageUp ? machineHeight : 1)));
    else if (input === 't') { setChoosing(true); setPick(0); }
  }, p.active);

  const w = size.columns;
  const tLines: Line[] = ts.map((t) => ({ text: t.label, item: true }));
  if (ts.length === 0) tLines.push({ text: view?.end ? '(no transition: the run has ended)' : '', dim: true });
  const status = path.state?.status === 'running' ? <Spinner label={`finding a path to ${target ?? 'the state'}`} />
    : choosing && reachable.state?.status === 'running' ? <Spinner label="listing the reachable final states" />
    : note ? <Text wrap="truncate-end">{note}</Text> : undefined;
  const title = `${p.entry.path} · machine · step ${Math.max(0, states.length - 1)} · ${ts.length} transition${ts.length === 1 ? '' : 's'} · ${settingsText(settings)}`;
  if (choosing) {
    const lines: Line[] = finals.map((f) => ({ text: `${f.satisfies ? '*' : ' '} ${stateText(Object.entries(f.values))}`, item: true }));
    const listed = reachable.state?.status === 'done' ? reachable.state.answer : null;
    if (listed?.kind === 'states' && finals.length === 0) {
      const r = listed.answer.report;
      lines.push(...wrap([{ text: r.noStates ? noStatesText(r.noStates, r.bound) : `No final state: ${r.reason ?? 'no execution finishes'}`, color: 'yellow' }], w));
    }
    else if (listed?.kind === 'error') lines.push({ text: listed.message, color: 'red' });
    return (
      <Frame width={w} title={`${p.entry.path} · take me to a final state (Enter: go, Esc: back)`} footer="↑↓ j k choose a final state · Enter go there · Esc back" status={status}>
        <Pane lines={lines} top={0} height={p.height} width={w} cursor={pick} />
      </Frame>
    );
  }
  return (
    <Frame width={w} title={title} footer={footerText('stepper', w)} status={status}>
      <Pane lines={mLines} top={Math.min(scroll, Math.max(0, mLines.length - machineHeight))} height={machineHeight} width={w} />
      <Text dimColor wrap="truncate-end">{'─'.repeat(Math.max(0, w - 14))} transitions</Text>
      <Pane lines={tLines} top={listTop} height={listHeight} width={w} cursor={ts.length ? at : -1} />
    </Frame>
  );
}
