#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

// The process ends when the work does, once what it wrote has been handed over (the callbacks:
// writes to a pipe are asynchronous on some systems). Left to end by itself, a command that
// stops before it needs Z3 (bad input) waited for Z3's start that main began in the background
// (solver/z3wasm.ts warmZ3): 0.85 s for a refused kernel, 0.35 s without that wait.
const leave = (code) => {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  // Should a write never complete, leave anyway. unref: the timer itself keeps nothing alive.
  setTimeout(() => process.exit(code), 2000).unref();
};

// `ptxmm check ... | head`: the reader has gone; stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

main(process.argv.slice(2)).then(leave, (err) => {
  process.stderr.write(`ptxmm: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
  leave(2);
});
