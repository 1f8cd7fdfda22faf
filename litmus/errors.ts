// Errors in litmus input: always with a position, printed as `file:line:col: message`.
import type { Pos } from './ast.js';

export class LitmusError extends Error {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  constructor(message: string, pos: Pos, file = '<input>') {
    super(message);
    this.name = 'LitmusError';
    this.file = file;
    this.line = pos.line;
    this.col = pos.col;
  }
  format(): string {
    return `${this.file}:${this.line}:${this.col}: ${this.message}`;
  }
}
