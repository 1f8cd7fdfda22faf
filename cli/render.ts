// Writes an explanation in the requested format to a file or stdout.
import { writeFileSync } from 'node:fs';
import { type Explanation, explanationGraph, explanationText, graphTitle } from '../present/explain.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { UsageError } from './command.js';

export async function renderExplanation(ex: Explanation, format: 'text' | 'dot' | 'svg', rels: string[], output: string | null): Promise<void> {
  let g;
  try {
    g = explanationGraph(ex, rels);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const text = explanationText(ex, g).join('\n') + '\n';
  let body: string;
  if (format === 'text' || !g) {
    body = text;
    // A DOT/SVG was asked for but there is no execution to draw: say why on stderr.
    if (format !== 'text') { process.stderr.write(text); return; }
  } else {
    const dot = toDot(g, graphTitle(ex));
    body = format === 'dot' ? dot : await renderSvg(dot);
  }
  if (output) writeFileSync(output, body);
  else process.stdout.write(body);
}
