#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`ptxmm: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
