// The browser's data: tests grouped by folder, filtered, and the badge each answer earns.
// Pure functions, so the browser's behaviour is tested without a terminal.
import { dirname, relative } from 'node:path';
import type { CheckReport } from '../check.js';
import type { TestRef } from './protocol.js';

export interface Entry {
  file: string;
  /** Shown path, relative to where explore was started. */
  path: string;
  text: string | null;
  /** The positioned parse error, when the test does not parse. */
  error: string | null;
  name: string;
}

export type Row = { kind: 'folder'; path: string } | { kind: 'test'; entry: Entry };

/** The test as a request to a worker carries it (screens ask only about a test that parsed). */
export const testRef = (e: Entry): TestRef => ({ file: e.file, text: e.text ?? '' });

export function entryPath(file: string, cwd: string): string {
  const r = relative(cwd, file);
  return r.startsWith('..') ? file : r;
}

/** Folder headers followed by their tests, in file order; only tests whose path contains `filter`. */
export function rows(entries: readonly Entry[], filter: string): Row[] {
  const f = filter.toLowerCase();
  const out: Row[] = [];
  let folder: string | null = null;
  entries.forEach((entry) => {
    if (f && !entry.path.toLowerCase().includes(f)) return;
    const d = dirname(entry.path);
    if (d !== folder) {
      folder = d;
      out.push({ kind: 'folder', path: d });
    }
    out.push({ kind: 'test', entry });
  });
  return out;
}

export type Badge =
  | { kind: 'pending' }
  /** `parse`: the file does not parse; else the test is refused under the settings (a ptx60 proxy, a bad address). */
  | { kind: 'error'; text: string; parse: boolean }
  | { kind: 'answer'; testKind: string; result: 'Ok' | 'No' | 'Unknown'; reason: string | null };

export function badgeOf(r: CheckReport): Badge {
  return { kind: 'answer', testKind: r.kind, result: r.result, reason: r.reason };
}

/** `Forbidden Ok`, `Allowed No`, `Required Unknown`, `parse error`, `refused`, `…`. */
export function badgeText(b: Badge | undefined): string {
  if (!b || b.kind === 'pending') return '…';
  if (b.kind === 'error') return b.parse ? 'parse error' : 'refused';
  return b.result === 'Unknown' ? `${b.testKind} Unknown` : `${b.testKind} ${b.result}`;
}
