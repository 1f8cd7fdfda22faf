// Starting and stopping the explorer on the real terminal: ink's render on the alternate screen,
// the workers started and terminated, the terminal given back as it was.
import { render } from 'ink';
import type { ModelName } from '../../executor/program.js';
import { App } from './app.js';
import { startJobs } from './jobs.js';
import type { Entry } from './tree.js';

export async function runExplorer(entries: Entry[], o: { model: ModelName; bound: number; timeoutMs: number }): Promise<void> {
  const jobs = startJobs();
  // The alternate screen, as full-screen programs use: on the way out the shell's screen comes
  // back as it was, and the prompt is not written after the last frame.
  const alt = process.stdout.isTTY === true;
  if (alt) process.stdout.write('\u001B[?1049h');
  // A single opened test starts on its view; the browser stays one Esc away.
  const initial = entries.length === 1 ? [{ screen: 'browser' as const }, { screen: 'test' as const, entry: entries[0]! }] : undefined;
  const app = render(<App entries={entries} jobs={jobs} model={o.model} bound={o.bound} timeoutMs={o.timeoutMs} {...(initial ? { initial } : {})} />, { exitOnCtrlC: true });
  try {
    await app.waitUntilExit();
  } finally {
    if (alt) process.stdout.write('\u001B[?1049l');
    await jobs.close();
  }
}
