// Errors in litmus input: printed as `file:line:col: message`, or `file: message` for what
// concerns the whole file (it cannot be read, it is empty).
import type { Pos } from './ast.js';

export class LitmusError extends Error {
  readonly file: string;
  /** 1-based position; null when the error is about the file as a whole. */
  readonly line: number | null;
  readonly col: number | null;
  constructor(message: string, pos: Pos | null, file = '<input>') {
    super(message);
    this.name = 'LitmusError';
    this.file = file;
    this.line = pos?.line ?? null;
    this.col = pos?.col ?? null;
  }
  format(): string {
    return this.line === null ? `${this.file}: ${this.message}` : `${this.file}:${this.line}:${this.col}: ${this.message}`;
  }
}
