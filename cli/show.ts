// `ptxmm show`: one consistent execution that reaches an outcome, as text, DOT or SVG.
import type { Command } from './command.js';
import { explainTest } from '../present/explain.js';
import { openZ3 } from '../solver/z3.js';
import { explainArgs } from './explainopts.js';
import { renderExplanation } from './render.js';

export const showCommand: Command = {
  name: 'show',
  summary: 'draw a consistent execution that reaches an outcome (text, DOT or SVG)',
  usage: 'ptxmm show FILE [--model ptx60|ptx75] [--outcome "P1:r0=1 /\\ P1:r1=0"] [--format text|dot|svg] [-o FILE] [--rel NAME]... [--bound N] [--timeout S]\n'
    + '  default outcome: the condition (exists: a satisfying execution; ~exists/forall: a counterexample)',
  async run(args) {
    const a = explainArgs(args.map((x) => (x === '-o' ? '--o' : x)));
    if (!a) return 1;
    const z3 = await openZ3();
    try {
      const ex = await explainTest(z3, a.test, { ...a.opts, relax: false });
      await renderExplanation(ex, a.format, a.rels, a.output);
      return ex.reachable === true ? 0 : 1;
    } finally {
      await z3.close();
    }
  },
};
