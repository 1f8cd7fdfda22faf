// A page of text to read and scroll (a racy pair's execution): no work of its own.
import { useState, type ReactNode } from 'react';
import { useExplore } from './ask.js';
import { settingsText } from './browser.js';
import { footerText } from './keys.js';
import type { Entry } from './tree.js';
import { Frame, Pane, scrollStep, useKeys, wrap } from './ui.js';

export function TextView(p: { entry: Entry; title: string; lines: string[]; back: () => void; active: boolean; height: number }): ReactNode {
  const { settings, size } = useExplore();
  const [top, setTop] = useState(0);
  const lines = wrap(p.lines.map((text) => ({ text })), size.columns);
  const maxTop = Math.max(0, lines.length - p.height);
  useKeys((input, key) => {
    if (key.escape) { p.back(); return; }
    const d = scrollStep(input, key, p.height);
    if (d !== null) setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
  }, p.active);
  const w = size.columns;
  return (
    <Frame width={w} title={`${p.entry.path} · ${p.title} · ${settingsText(settings)}`} footer={footerText('text', w)}>
      <Pane lines={lines} top={Math.min(top, maxTop)} height={p.height} width={w} />
    </Frame>
  );
}
