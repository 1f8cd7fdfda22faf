// Sequential consistency (Lamport 1979) over the same executions: some interleaving of the
// threads explains every read, i.e. program order and communication (rf, co, fr) together are
// acyclic, and an atom's read and write are adjacent in it (no write comes between them).
// Coherence is total per location, as SC's single memory order makes it: PTX's co is partial
// (§8.8.6), so a model under which it stays partial allows executions SC does not have.
import { type Model, type RelTerm, ALL, alt, and, id, inv, minus, prod, rel, seq, set } from './relalg.js';

const [po, rf, co, rmw, loc] = ['po', 'rf', 'co', 'rmw', 'loc'].map(rel) as [RelTerm, RelTerm, RelTerm, RelTerm, RelTerm];
const W = set('W');
const fr = seq(inv(rf), co);
/** Two writes to one location that coherence leaves unordered. */
export const coUnordered = (order: RelTerm): RelTerm => minus(and(prod(W, W), loc), alt(id(ALL), order, inv(order)));

export const sc: Model = {
  name: 'sc',
  defs: {},
  axioms: [
    { name: 'CoTotal', section: 'Lamport 1979', kind: 'empty', r: coUnordered(co) },
    { name: 'SC', section: 'Lamport 1979', kind: 'acyclic', r: alt(po, rf, co, fr) },
    { name: 'Atomicity', section: 'Lamport 1979', kind: 'empty', r: and(rmw, seq(fr, co)) },
  ],
};
