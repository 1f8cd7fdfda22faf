// The one JSON shape of every command's --json output (docs/JSON.md, docs/ptxmm.schema.json):
// JSON lines, each an object with the format version and its type; one per test, errors as
// objects with a position, and a closing summary of numbers. Values are decimal strings, exact
// to 64 bits (a JSON number is not).
import type { LitmusError } from '../litmus/errors.js';

export const JSON_VERSION = 1;

export type RecordType = 'check' | 'races' | 'liveness' | 'compare' | 'run' | 'cross' | 'crossLiveness' | 'conform' | 'show' | 'why' | 'prove' | 'kernel' | 'error' | 'summary';

/** One line of output: `{"ptxmm": 1, "type": ..., ...}`. */
export function jsonLine(type: RecordType, body: object): string {
  return JSON.stringify({ ptxmm: JSON_VERSION, type, ...body }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) + '\n';
}

/** An input error as a record: where (line and col null when it has no position) and what. */
export function errorRecord(command: string, e: LitmusError): string {
  return jsonLine('error', { command, file: e.file, line: e.line ?? null, col: e.col ?? null, message: e.message });
}
