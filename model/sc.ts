// Sequential consistency (Lamport 1979) over the same executions: some interleaving of the
// threads explains every read, i.e. program order and communication (rf, co, fr) together are
// acyclic, and an atom's read and write are adjacent in it (no write comes between them).
import { type Model, type RelTerm, alt, and, inv, rel, seq } from './relalg.js';

const [po, rf, co, rmw] = ['po', 'rf', 'co', 'rmw'].map(rel) as [RelTerm, RelTerm, RelTerm, RelTerm];
const fr = seq(inv(rf), co);

export const sc: Model = {
  name: 'sc',
  defs: {},
  axioms: [
    { name: 'SC', section: 'Lamport 1979', kind: 'acyclic', r: alt(po, rf, co, fr) },
    { name: 'Atomicity', section: 'Lamport 1979', kind: 'empty', r: and(rmw, seq(fr, co)) },
  ],
};
