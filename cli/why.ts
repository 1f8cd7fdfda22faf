// `ptxmm why`: when an outcome is unreachable, the smallest sets of axioms that forbid it and
// how an execution reaching it breaks them; when reachable, the execution that reaches it.
import type { Command } from './command.js';
import { explainTest } from '../present/explain.js';
import { openZ3 } from '../solver/z3.js';
import { explainArgs } from './explainopts.js';
import { renderExplanation } from './render.js';

export const whyCommand: Command = {
  name: 'why',
  summary: 'explain why an outcome is unreachable (the axioms and the cycle), or show how it is reached',
  usage: 'ptxmm why FILE [--model ptx60|ptx75] [--outcome "P1:r0=1 /\\ P1:r1=0"] [--format text|dot|svg] [-o FILE] [--rel NAME]... [--bound N] [--timeout S]',
  async run(args) {
    const a = explainArgs(args.map((x) => (x === '-o' ? '--o' : x)));
    if (!a) return 1;
    const z3 = await openZ3();
    try {
      const ex = await explainTest(z3, a.test, { ...a.opts, relax: true });
      await renderExplanation(ex, a.format, a.rels, a.output);
      return ex.reachable === 'unknown' ? 1 : 0;
    } finally {
      await z3.close();
    }
  },
};
