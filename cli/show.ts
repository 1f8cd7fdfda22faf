// `ptxmm show`: one consistent execution that reaches an outcome, as text, DOT, SVG or JSON.
import { type Command, EXIT } from './command.js';
import { openZ3 } from '../solver/z3.js';
import { EXPLAIN_OPTIONS, explainArgs, explainOrRefuse } from './explainopts.js';
import { renderExplanation } from './render.js';

export const showCommand: Command = {
  name: 'show',
  summary: 'draw a consistent execution that reaches an outcome (text, DOT, SVG or JSON)',
  args: 'FILE|-',
  options: EXPLAIN_OPTIONS,
  details: [
    'The default outcome is the condition: for exists a satisfying execution, for ~exists and forall a counterexample.',
    'exit status: 0 an execution reaches the outcome, 1 none does (or no answer: a bad test, Unknown), 2 a usage error',
  ],
  async run(a) {
    const x = explainArgs(a, 'show');
    if (!x) return EXIT.failed;
    const z3 = await openZ3();
    try {
      const ex = await explainOrRefuse(z3, x, false);
      if (!ex) return EXIT.failed;
      await renderExplanation(ex, x.format, x.rels, x.output, 'show', x.file);
      return ex.reachable === true ? EXIT.ok : EXIT.failed;
    } finally {
      await z3.close();
    }
  },
};
