// Writes an explanation in the requested format to a file or stdout.
import { writeFileSync } from 'node:fs';
import { type Explanation, explanationGraph, explanationText, graphTitle, outcomeText } from '../present/explain.js';
import { type ExecGraph, graphRecord } from '../present/graph.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { jsonLine } from './json.js';

export async function renderExplanation(ex: Explanation, format: 'text' | 'dot' | 'svg' | 'json', rels: string[], output: string | null, command: 'show' | 'why', file: string): Promise<void> {
  const g = explanationGraph(ex, rels);
  let body: string;
  if (format === 'json') body = jsonLine(command, explanationRecord(ex, g, file));
  else if (format === 'text' || !g) {
    body = explanationText(ex, g).join('\n') + '\n';
    // A DOT/SVG was asked for but there is no execution to draw: say why on stderr.
    if (format !== 'text') { process.stderr.write(body); return; }
  } else {
    const dot = toDot(g, graphTitle(ex));
    body = format === 'dot' ? dot : await renderSvg(dot);
  }
  if (output) writeFileSync(output, body);
  else process.stdout.write(body);
}

/** The explanation as data (docs/JSON.md, types "show" and "why"). */
export function explanationRecord(ex: Explanation, g: ExecGraph | null, file: string): object {
  return {
    file, test: ex.test.name, model: ex.model.name, outcome: outcomeText(ex.outcome),
    reachable: ex.reachable === 'unknown' ? null : ex.reachable,
    reason: ex.unknown,
    state: ex.witness ? Object.fromEntries(ex.state) : null,
    // The execution shown: consistent when reachable, else the one breaking `relaxations[0]`.
    execution: g && graphRecord(g),
    relaxations: ex.relaxations,
    // show's "ruled out by" (the text had it, the record not).
    core: ex.reachable === false ? ex.core : null,
    violations: ex.violations.map((v) => ({
      axiom: v.axiom.name, section: v.axiom.section, kind: v.axiom.kind, pair: v.pair,
      steps: v.steps.map((s, i) => ({ from: s.from, to: s.to, rel: s.label, via: v.chains[i]!.map((c) => ({ from: c.from, to: c.to, rel: c.label })) })),
    })),
    boundReached: ex.boundReached,
    deadlock: ex.deadlock,
  };
}
