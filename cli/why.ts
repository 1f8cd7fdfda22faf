// `ptxmm why`: when an outcome is unreachable, the smallest sets of axioms that forbid it and
// how an execution reaching it breaks them; when reachable, the execution that reaches it.
import { type Command, EXIT } from './command.js';
import { openZ3 } from '../solver/z3.js';
import { EXPLAIN_OPTIONS, explainArgs, explainOrRefuse } from './explainopts.js';
import { renderExplanation } from './render.js';

export const whyCommand: Command = {
  name: 'why',
  summary: 'explain why an outcome is unreachable (the axioms and the cycle), or show how it is reached',
  args: 'FILE|-',
  options: EXPLAIN_OPTIONS,
  details: ['exit status: 0 answered (reachable or not), 1 no answer (a bad test, Unknown), 2 a usage error'],
  async run(a) {
    const x = explainArgs(a, 'why');
    if (!x) return EXIT.failed;
    const z3 = await openZ3();
    try {
      const ex = await explainOrRefuse(z3, x, true);
      if (!ex) return EXIT.failed;
      await renderExplanation(ex, x.format, x.rels, x.output, 'why', x.file);
      return ex.reachable === 'unknown' ? EXIT.failed : EXIT.ok;
    } finally {
      await z3.close();
    }
  },
};
