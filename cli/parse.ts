// `ptxmm parse` (read tests, summarise them) and `ptxmm print` (show the genuine-PTX form).
import { type Command, EXIT, EXIT_HELP, litmusInputs } from './command.js';
import { readLitmusFiles } from '../litmus/parse.js';
import { printLitmus } from '../litmus/print.js';
import type { LitmusTest } from '../litmus/ast.js';
import { floatOpName } from '../litmus/floats.js';

/** Instruction kind for the summary: the opcode family with its proxy when not generic. */
function kindOf(s: LitmusTest['threads'][number]['code'][number]): string {
  switch (s.op) {
    case 'ld': case 'st': case 'atom': case 'red':
      return s.proxy === 'generic' ? s.op : `${s.op}(${s.proxy})`;
    case 'fence': return s.sem === 'sc' ? 'fence.sc' : 'fence.acq_rel';
    case 'alu': return s.aop;
    // A float operation by its name and type (`add.f32`, `cvt.s32.f32`), apart from the integer ones.
    case 'fop': return floatOpName(s.f).split('.').filter((q) => !/^(rn|rz|rm|rp|rni|rzi|rmi|rpi|ftz|sat|NaN)$/.test(q)).join('.');
    // ret and exit are jumps to the thread's end, cvta a mov of an address: counted as written.
    case 'bra': return s.leave ?? 'bra';
    case 'mov': return s.cvta ? 'cvta' : 'mov';
    default: return s.op;
  }
}

export const parseCommand: Command = {
  name: 'parse',
  summary: 'read litmus tests and print a summary (tests, threads, instructions by kind)',
  args: 'FILE|DIR|-...',
  options: [{ name: 'quiet', help: 'only the summary, not the line naming a single test' }],
  details: ['Directories are read for every .litmus file below them. Errors are printed as FILE:LINE:COL: MESSAGE.', EXIT_HELP],
  async run(a) {
    const rest = a.rest;
    const t0 = performance.now();
    const results = readLitmusFiles(litmusInputs(rest));
    const ms = performance.now() - t0;
    let threads = 0;
    let instrs = 0;
    const kinds = new Map<string, number>();
    let failed = 0;
    for (const r of results) {
      if (r.error) {
        failed++;
        process.stderr.write(r.error.format() + '\n');
        continue;
      }
      const t = r.test!;
      threads += t.threads.length;
      for (const th of t.threads) {
        for (const s of th.code) {
          if (s.op === 'label') continue;
          instrs++;
          const k = kindOf(s);
          kinds.set(k, (kinds.get(k) ?? 0) + 1);
        }
      }
      if (!a.has('quiet') && results.length === 1) {
        process.stdout.write(`Test ${t.name}: ${t.threads.length} threads, condition ${t.condition.quantifier}\n`);
      }
    }
    const ok = results.length - failed;
    process.stdout.write(`Files ${results.length}: ${ok} read, ${failed} failed (${ms.toFixed(0)} ms)\n`);
    process.stdout.write(`Tests ${ok}, threads ${threads}, instructions ${instrs}\n`);
    const rows = [...kinds].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [k, n] of rows) process.stdout.write(`  ${k.padEnd(16)} ${n}\n`);
    return failed > 0 || results.length === 0 ? EXIT.failed : EXIT.ok;
  },
};

export const printCommand: Command = {
  name: 'print',
  summary: 'print tests in the genuine-PTX litmus form',
  args: 'FILE|DIR|-...',
  options: [],
  details: ['Each test is printed as it parses: %registers, [addresses], every qualifier and type written out.', EXIT_HELP],
  async run(a) {
    const rest = a.rest;
    let failed = 0;
    const results = readLitmusFiles(litmusInputs(rest));
    results.forEach((r, i) => {
      if (r.error) {
        failed++;
        process.stderr.write(r.error.format() + '\n');
        return;
      }
      if (i > 0) process.stdout.write('\n');
      process.stdout.write(printLitmus(r.test!));
    });
    return failed > 0 ? EXIT.failed : EXIT.ok;
  },
};
