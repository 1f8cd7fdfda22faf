#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

// The process must end when the work does: if anything (a Z3 worker thread that failed to
// stop) still holds it after the result is written, leave anyway. unref: the timer itself
// keeps nothing alive.
const leave = (code) => {
  process.exitCode = code;
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
