// A set of final states as one SMT-LIB Boolean term that is small: a decision diagram over
// the observables, one level per observable, with equal sub-diagrams shared (defined once).
// Excluding thousands of known states as a disjunction of one conjunction each made the term,
// and Z3's parsing and internalising of it, grow as states x observables; states of a litmus
// test share most of their values, so the shared diagram is a fraction of that.

/** One observable as the term reads it: its SMT constant, and how a value is written at its sort. */
export interface Level {
  name: string;
  smt: string;
  lit: (v: bigint) => string;
}

export interface StateSetTerm {
  /** Definitions the term names, in order (each before its first use). */
  defs: string[];
  /** true exactly in the states of the set. */
  term: string;
}

/**
 * The states (observable name -> value) as a term over `levels`. A state that does not name an
 * observable leaves it free (any value). `prefix` names the definitions (unique per script).
 */
export function stateSetTerm(levels: readonly Level[], states: readonly (readonly (readonly [string, bigint])[])[], prefix: string): StateSetTerm {
  const defs: string[] = [];
  // A sub-diagram by its text: a node is defined once however many parents it has.
  const named = new Map<string, string>();
  const name = (body: string): string => {
    if (body === 'true' || body === 'false' || !body.startsWith('(')) return body;
    let n = named.get(body);
    if (n === undefined) {
      n = `${prefix}${named.size}`;
      named.set(body, n);
      defs.push(`(define-fun ${n} () Bool ${body})`);
    }
    return n;
  };
  const rows = states.map((s) => {
    const at = new Map(s);
    // undefined: free at that level.
    return levels.map((l) => {
      const v = at.get(l.name);
      return v === undefined ? undefined : l.lit(v);
    });
  });
  // The rows (indices) agreeing on levels before `i`; the sub-diagram of what they allow after.
  const build = (i: number, rs: readonly number[]): string => {
    if (rs.length === 0) return 'false';
    if (i === levels.length) return 'true';
    const byVal = new Map<string, number[]>();
    const free: number[] = [];
    for (const r of rs) {
      const v = rows[r]![i];
      if (v === undefined) free.push(r);
      else {
        const g = byVal.get(v);
        if (g) g.push(r);
        else byVal.set(v, [r]);
      }
    }
    const arms: string[] = [];
    if (free.length) {
      const rest = build(i + 1, free);
      if (rest === 'true') return 'true';
      arms.push(rest);
    }
    for (const [v, g] of [...byVal].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const eq = `(= ${levels[i]!.smt} ${v})`;
      const rest = build(i + 1, g);
      arms.push(rest === 'true' ? eq : `(and ${eq} ${rest})`);
    }
    return name(arms.length === 1 ? arms[0]! : `(or ${arms.join(' ')})`);
  };
  return { defs, term: build(0, rows.map((_, i) => i)) };
}
