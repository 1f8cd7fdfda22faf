// Input files as every command reads them: the text, or one clear message for why not (the
// same words wherever a file is named), and folders expanded to the tests below them.
import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LitmusError } from './errors.js';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'is a directory',
  ENOTDIR: 'not a directory', ELOOP: 'too many levels of symbolic links', ENAMETOOLONG: 'file name too long',
  // Only mkdir -p meets it (a folder asked for where a file is).
  EEXIST: 'exists and is not a directory',
  ENOSPC: 'no space left on device', EROFS: 'read-only file system', EDQUOT: 'disk quota exceeded',
};

/** Why a file operation failed, in words (its errno code; the code itself where there are none). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code ? REASONS[code] ?? `failed (${code})` : 'failed';
}

/** Is e the error of a file operation (it has an errno code)? */
export const isFsError = (e: unknown): e is NodeJS.ErrnoException =>
  e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';

/**
 * The text of `file` ('-': standard input, unless `stdin` is false); a LitmusError about the
 * whole file when it cannot be read.
 */
export function readText(file: string, stdin = true): string {
  try {
    if (!(file === '-' && stdin)) {
      // A device never ends (/dev/zero); a pipe named on the command line (`<(...)`) does.
      const st = statSync(file);
      if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket()) throw new LitmusError('not a regular file (a device or a socket)', null, file);
    }
    return readFileSync(file === '-' && stdin ? 0 : file, 'utf8');
  } catch (e) {
    if (!isFsError(e)) throw e;
    throw new LitmusError(fsReason(e), null, file);
  }
}

/** Is p a regular file (or one that cannot be looked at)? */
const regular = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    // Kept, so that its reader says why it cannot be read (a dangling link, no permission).
    return true;
  }
};

/**
 * Every `.litmus` file below the folders among `paths` (sorted), the other paths as given. An
 * entry that cannot be looked at is kept when it is named so (its reader reports it) and
 * skipped otherwise; a symbolic link back to a folder already walked is not walked again.
 */
export function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const top of paths) {
    const walked = new Set<string>();
    const walk = (p: string, named: boolean): void => {
      let dir: string[] | null = null;
      try {
        if (statSync(p).isDirectory()) {
          const real = realpathSync(p);
          if (walked.has(real)) return;
          walked.add(real);
          dir = readdirSync(p).sort();
        }
      } catch {
        dir = null;
      }
      if (!dir) {
        // Below a folder, only regular files: a FIFO or a device named *.litmus would never end.
        if (named || (p.endsWith('.litmus') && regular(p))) out.push(p);
        return;
      }
      for (const e of dir) walk(join(p, e), false);
    };
    walk(top, true);
  }
  return out;
}
