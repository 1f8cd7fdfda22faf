// Progress of long work, on a terminal only: one line on stderr, rewritten in place (tests done
// of the total, the test at hand, states visited). When stderr is not a terminal (piped,
// redirected, CI) nothing at all is written, so the output stays exactly the results.

export interface Progress {
  /** Shows `text` as the progress line (at most every `everyMs`). */
  update(text: string): void;
  /** Removes the line, before results are written where it stands. */
  clear(): void;
}

/** The terminal's side of the stream: what the line needs. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

export function progress(stream: ProgressStream = process.stderr, everyMs = 100): Progress {
  if (!stream.isTTY) return { update: () => {}, clear: () => {} };
  let last = -Infinity;
  let shown = false;
  return {
    update(text) {
      const now = performance.now();
      if (now - last < everyMs) return;
      last = now;
      // Cut to the width so the line never wraps (a wrapped line cannot be rewritten).
      const width = Math.max(20, (stream.columns || 80) - 1); // a pty may report 0 columns
      stream.write(`\r\x1b[K${text.length > width ? text.slice(0, width - 1) + '…' : text}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
      last = -Infinity;
    },
  };
}

/** `[3/85] name`: the usual line of a batch. */
export const batchLine = (done: number, total: number, what: string): string => `[${done}/${total}] ${what}`;
