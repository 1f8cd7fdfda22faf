// Models in herd's cat language. A researcher's variant of the PTX model (an axiom changed, a
// relation redefined) is read into the same relation-algebra terms as the built-in models, so
// every interpreter (concrete, symbolic, the explanations) reads it as it reads ptx75; and the
// built-in models are printed as cat, the starting point for such a variant.
//
// The subset read is what an axiomatic model needs: `let` definitions of relations and sets,
// the operators | ; \ & * + ? ^-1 ~ [S] S*T _ 0, and the checks acyclic, irreflexive and
// empty, named with `as`. `empty r \ s` is read as the axiom r ⊆ s (the same executions pass;
// the solver's shortcuts recognise Coherence in that form). Everything else herd's language
// has (functions, recursion, include, flag, match) is refused at its position: a model read
// in part would answer wrongly. The names are ptxmm's base sets and relations (BASE_SETS,
// BASE_RELS), over ptxmm's events: a model written for another tool's names must be renamed.
import { BASE_RELS, BASE_SETS } from './events.js';
import {
  type Axiom, type AxiomKind, type Model, type RelTerm, type SetTerm, ALL, LEVEL, alt, and, baseNames, id, inv, minus, opt, plus, prod, ref, rel, sand, seq, set, showRel, sminus, sor,
} from './relalg.js';

/** A fault in a cat file, at its 1-based position. */
export class CatError extends Error {
  override name = 'CatError';
  constructor(message: string, readonly file: string, readonly line: number, readonly col: number) {
    super(message);
  }
  format(): string {
    return `${this.file}:${this.line}:${this.col}: ${this.message}`;
  }
}

interface Tok {
  /** name, string, op (punctuation), end. */
  k: 'name' | 'str' | 'op' | 'end';
  v: string;
  line: number;
  col: number;
}

const KEYWORDS = new Set([
  'let', 'rec', 'and', 'in', 'acyclic', 'irreflexive', 'empty', 'as', 'show', 'unshow', 'include', 'flag', 'undefined_unless',
  'fun', 'procedure', 'call', 'forall', 'match', 'with', 'from', 'do', 'try', 'if', 'then', 'else', 'enum', 'debug', 'begin',
  'end', 'instructions', 'default', 'subset', 'compat', 'yield',
]);
// Longest first: `^-1` before `^`, `++` before `+`, `||` before `|`.
const OPS = ['^-1', '++', '||', '->', '(', ')', '[', ']', '{', '}', '|', '&', ';', '\\', '*', '+', '?', '~', '=', ',', '^', '_', '0'];

function lex(text: string, file: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const fail = (msg: string): never => { throw new CatError(msg, file, line, col); };
  const advance = (n: number): void => {
    for (let j = 0; j < n; j++) {
      if (text[i] === '\n') { line++; col = 1; } else col++;
      i++;
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') { advance(1); continue; }
    if (c === '#' || text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') advance(1);
      continue;
    }
    if (text.startsWith('(*', i)) {
      // Comments nest, as in OCaml.
      const at = { line, col };
      let depth = 0;
      do {
        if (text.startsWith('(*', i)) { depth++; advance(2); } else if (text.startsWith('*)', i)) { depth--; advance(2); } else if (i >= text.length) {
          throw new CatError('comment not closed (a `(*` without its `*)`)', file, at.line, at.col);
        } else advance(1);
      } while (depth > 0);
      continue;
    }
    const start = { line, col };
    if (c === '"') {
      const j = text.indexOf('"', i + 1);
      if (j < 0) fail('string not closed');
      out.push({ k: 'str', v: text.slice(i + 1, j), ...start });
      advance(j + 1 - i);
      continue;
    }
    const name = /^_?[A-Za-z][A-Za-z0-9_.-]*'?/.exec(text.slice(i, i + 200));
    if (name) {
      out.push({ k: 'name', v: name[0], ...start });
      advance(name[0].length);
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (op === '^' && /\d/.test(text[i + 1] ?? '')) fail("only ^-1 follows '^' (write r+ and r* for the closures; cat has no powers)");
    // A character one cannot see (a zero-width space, a byte that is not UTF-8) is named by its code point.
    if (!op) fail(`unexpected character '${c}'${/^[\x21-\x7e]$/.test(c) ? '' : ` (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`}`);
    out.push({ k: 'op', v: op!, ...start });
    advance(op!.length);
  }
  out.push({ k: 'end', v: '', line, col });
  return out;
}

/** A value of the language: a set of events or a relation over them. */
type Val = { t: 'set'; s: SetTerm } | { t: 'rel'; r: RelTerm };

const TESTS: ReadonlySet<string> = new Set(['acyclic', 'irreflexive', 'empty']);
/** herd's other statements: not read, so refused where they stand. */
const HERD_ONLY: ReadonlySet<string> = new Set(['procedure', 'call', 'forall', 'with', 'debug', 'enum', 'if', 'match', 'instructions', 'rec']);
/** Tokens that begin an operand: what makes `a * b` a product and `a*` a closure. */
const startsOperand = (t: Tok): boolean => (t.k === 'name' && !KEYWORDS.has(t.v)) || (t.k === 'op' && ['(', '[', '_', '0', '~'].includes(t.v));
const MAX_OPS = 1000;
const MAX_DEPTH = 100;
/**
 * How deep a statement's terms may nest: operators, brackets, set definitions (inlined) and
 * the definitions they name, which every interpreter recurses through. Measured: a chain of
 * 400 compositions is answered, 450 overflowed the stack (`check`, `why`).
 */
const MAX_NEST = 250;
/** The empty relation, for `0`. */
const NOTHING: RelTerm = minus(id(ALL), id(ALL));

/**
 * The model in `text` (a cat file named `file`): its title (herd's first line, a string or
 * a name) or else the file's base name, its relation definitions in order, its checks as
 * axioms, each with its position as section. Throws CatError.
 */
export function parseCat(source: string, file: string): Model {
  // A byte-order mark (editors on Windows write one) is no character of the model.
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const toks = lex(text, file);
  let p = 0;
  const peek = (): Tok => toks[p]!;
  const next = (): Tok => toks[p++]!;
  const fail = (msg: string, t: Tok = peek()): never => { throw new CatError(msg, file, t.line, t.col); };
  const isOp = (v: string, t: Tok = peek()): boolean => t.k === 'op' && t.v === v;
  const isKw = (v: string, t: Tok = peek()): boolean => t.k === 'name' && t.v === v;
  const shown = (t: Tok): string => (t.k === 'end' ? 'the end of the file' : t.k === 'str' ? `"${t.v}"` : `'${t.v}'`);
  const expectOp = (v: string, what: string): Tok => (isOp(v) ? next() : fail(`expected '${v}' ${what}, found ${shown(peek())}`));

  // Names in scope: sets are inlined where used (a model has no set definitions), relations
  // are definitions of the model, read through ref. A definition may shadow a base name, as in
  // herd (`let co = co+`): its body reads the base one, what follows reads the definition.
  // (Looked up as own properties: `toString` is no definition until a let makes it one.)
  const defs: Record<string, RelTerm> = {};
  const sets = new Map<string, SetTerm>();
  const definedAt = new Map<string, Tok>();
  // How deep each term nests (MAX_NEST), and how many operations a set's definition is written
  // out to (sets are inlined where used: `let S1 = S0 | S0` doubles), by term: shared terms are counted once each.
  const nestOf = new WeakMap<RelTerm | SetTerm, number>();
  const sizeOf = new WeakMap<SetTerm, number>();
  const nest = (t: RelTerm | SetTerm): number => {
    let d = nestOf.get(t);
    if (d !== undefined) return d;
    switch (t.k) {
      case 'rel': case 'set': case 'all': d = 1; break;
      case 'ref': d = 1 + nest(defs[t.name]!); break;
      case 'id': d = 1 + nest(t.s); break;
      case 'inv': case 'opt': case 'plus': d = 1 + nest(t.a); break;
      default: d = 1 + Math.max(nest(t.a), nest(t.b));
    }
    nestOf.set(t, d);
    return d;
  };
  const size = (t: SetTerm): number => {
    let n = sizeOf.get(t);
    if (n === undefined) sizeOf.set(t, n = t.k === 'set' || t.k === 'all' ? 0 : 1 + size(t.a) + size(t.b));
    return n;
  };
  const shallow = (t: RelTerm | SetTerm, at: Tok): void => {
    const d = nest(t);
    if (d > MAX_NEST) fail(`this term nests ${d} deep (operators, brackets, and the sets and definitions it names), past the ${MAX_NEST} that interpreters recurse through: group a long chain with brackets or lets ((a | b) | (c | d)), or merge lets`, at);
  };

  const lookup = (t: Tok): Val => {
    const s = sets.get(t.v);
    if (s) {
      ops += size(s);
      if (ops > MAX_OPS) fail(`more than ${MAX_OPS} operations in one statement with the sets it names written out (a set's definition is inlined where it is used): split it with let, or name fewer sets`, t);
      return { t: 'set', s };
    }
    if (Object.hasOwn(defs, t.v)) return { t: 'rel', r: ref(t.v) };
    if (BASE_SETS.includes(t.v)) return { t: 'set', s: set(t.v) };
    if (BASE_RELS.includes(t.v)) return { t: 'rel', r: rel(t.v) };
    if (t.v === 'id') return { t: 'rel', r: id(ALL) };
    return fail(`unknown name '${t.v}' (ptxmm's base sets: ${BASE_SETS.join(' ')}; base relations: ${BASE_RELS.join(' ')}, id; or a name defined above with let)`, t);
  };
  // Every interpreter walks terms recursively: a statement's terms stay small enough for that.
  let ops = 0;
  let depth = 0;
  const counted = (t: Tok): void => {
    if (++ops > MAX_OPS) fail(`more than ${MAX_OPS} operations in one statement: split it with let`, t);
  };
  const relOf = (v: Val, op: Tok, what: string): RelTerm => (v.t === 'rel' ? v.r : fail(`${what} takes a relation, not a set (use [S] for the identity on a set S)`, op));

  // Precedence, loosest first, as herd's: | ; \ & then * (product) and the postfix closures.
  // Each level's chain nests to the left, as relalg's constructors build one.
  type Both = (x: SetTerm, y: SetTerm) => SetTerm;
  const setOrRel = (o: string, onSets: Both | null, onRels: (x: RelTerm, y: RelTerm) => RelTerm) => (a: Val, b: Val, op: Tok): Val =>
    (onSets && a.t === 'set' && b.t === 'set' ? { t: 'set', s: onSets(a.s, b.s) } : { t: 'rel', r: onRels(relOf(a, op, `'${o}'`), relOf(b, op, `'${o}'`)) });
  const union = (): Val => binary(sequence, '|', setOrRel('|', sor, alt));
  const sequence = (): Val => binary(difference, ';', setOrRel(';', null, seq));
  const difference = (): Val => binary(intersection, '\\', setOrRel('\\', sminus, minus));
  const intersection = (): Val => binary(product, '&', setOrRel('&', sand, and));

  function binary(operand: () => Val, o: string, make: (a: Val, b: Val, op: Tok) => Val): Val {
    let a = operand();
    while (isOp(o)) {
      const op = next();
      counted(op);
      a = make(a, operand(), op);
    }
    return a;
  }

  function product(): Val {
    let a = prefix();
    // `S*T` when an operand follows the star; `r*` (postfix) otherwise.
    while (isOp('*') && startsOperand(toks[p + 1]!)) {
      const op = next();
      counted(op);
      const b = prefix();
      if (a.t !== 'set' || b.t !== 'set') return fail('the product S*T takes two sets (a closure r* has no operand after it)', op);
      a = { t: 'rel', r: prod(a.s, b.s) };
    }
    return a;
  }

  function prefix(): Val {
    if (!isOp('~')) return postfix();
    counted(next());
    const v = prefix();
    return v.t === 'set' ? { t: 'set', s: sminus(ALL, v.s) } : { t: 'rel', r: minus(prod(ALL, ALL), v.r) };
  }

  const POSTFIX: Record<string, [string, (r: RelTerm) => RelTerm]> = {
    '*': ['the closure *', (r) => opt(plus(r))], '+': ['the closure +', plus], '?': ["'?'", opt], '^-1': ['the inverse ^-1', inv],
  };
  function postfix(): Val {
    let v = atom();
    for (;;) {
      const t = peek();
      if (isOp('^')) fail("only ^-1 follows '^' (write r+ and r* for the closures)");
      const f = t.k === 'op' && !(t.v === '*' && startsOperand(toks[p + 1]!)) ? POSTFIX[t.v] : undefined;
      if (!f) return v;
      counted(next());
      v = { t: 'rel', r: f[1](relOf(v, t, f[0])) };
    }
  }

  function atom(): Val {
    const t = next();
    if (t.k === 'name' && !KEYWORDS.has(t.v)) {
      if (isOp('(')) fail(`'${t.v}(...)': functions are not read (ptxmm reads let definitions of sets and relations, not of functions)`);
      return lookup(t);
    }
    if (isOp('_', t)) return { t: 'set', s: ALL };
    if (isOp('0', t)) return { t: 'rel', r: NOTHING };
    if (isOp('(', t) || isOp('[', t)) {
      if (++depth > MAX_DEPTH) fail(`brackets nested deeper than ${MAX_DEPTH} levels`, t);
      counted(t);
    }
    if (isOp('(', t)) {
      const v = union();
      expectOp(')', `to close the '(' at ${t.line}:${t.col}`);
      depth--;
      return v;
    }
    if (isOp('[', t)) {
      const v = union();
      expectOp(']', `to close the '[' at ${t.line}:${t.col}`);
      depth--;
      // [S] is the identity on S; herd's [r] on a relation keeps r's pairs of the identity.
      return { t: 'rel', r: v.t === 'set' ? id(v.s) : and(v.r, id(ALL)) };
    }
    if (isOp('{', t)) return fail('explicit sets { ... } are not read', t);
    if (isOp('++', t) || isOp(',', t)) return fail(`'${t.v}': tuples and set addition are not read`, t);
    return fail(`expected a set or a relation, found ${shown(t)}`, t);
  }

  // herd's first line names the model: a string, a name, or a name and a string.
  let title: string | null = null;
  if (peek().k === 'str') title = next().v;
  else if (peek().k === 'name' && !KEYWORDS.has(peek().v)) {
    title = next().v;
    if (peek().k === 'str') title = next().v;
  }

  const axioms: Axiom[] = [];
  const named = new Map<string, Tok>();
  while (peek().k !== 'end') {
    ops = 0;
    const t = next();
    if (isKw('let', t)) {
      if (isKw('rec')) fail("'let rec' (a recursive definition) is not read: write the closure with + or *");
      const name = next();
      if (name.k !== 'name' || KEYWORDS.has(name.v)) fail(`expected a name after 'let', found ${shown(name)}`, name);
      const before = definedAt.get(name.v);
      if (before) fail(`'${name.v}' is already defined (at ${before.line}:${before.col}): give it another name`, name);
      if (isOp('(')) fail(`'let ${name.v}(...)': functions are not read`);
      expectOp('=', `after 'let ${name.v}'`);
      const v = union();
      if (isKw('and')) fail("'let ... and ...' (simultaneous definitions) is not read: one let per definition");
      if (isKw('in')) fail("'let ... in' (a local definition) is not read");
      // A set's definition is inlined where it is used, base names and all: a relation named
      // after a base set would make those uses, printed (printCat), read the relation instead.
      if (v.t === 'rel' && BASE_SETS.includes(name.v)) fail(`'${name.v}' is one of ptxmm's base sets: a relation named so would hide it; give the relation another name`, name);
      shallow(v.t === 'set' ? v.s : v.r, t);
      definedAt.set(name.v, name);
      if (v.t === 'set') sets.set(name.v, v.s);
      else defs[name.v] = v.r;
      continue;
    }
    if (t.k === 'name' && TESTS.has(t.v)) {
      const v = union();
      const r = relOf(v, t, `'${t.v}'`);
      shallow(r, t);
      // Unnamed: named by kind and line (and column, for a second one on the line), as cat names go.
      let name = named.has(`${t.v}-${t.line}`) ? `${t.v}-${t.line}.${t.col}` : `${t.v}-${t.line}`;
      if (isKw('as')) {
        next();
        const n = next();
        if (n.k !== 'name' || KEYWORDS.has(n.v)) fail(`expected the check's name after 'as', found ${shown(n)}`, n);
        name = n.v;
      }
      const twice = named.get(name);
      if (twice) fail(`two checks are named '${name}' (the first at ${twice.line}:${twice.col}): --without and the explanations need one name each`, t);
      named.set(name, t);
      const kind = t.v as AxiomKind;
      const section = `${file}:${t.line}`;
      // `empty r \ s` says r ⊆ s: read as that axiom, the form the solver's shortcuts know.
      axioms.push(kind === 'empty' && r.k === 'diff' ? { name, section, kind: 'subset', r: r.a, s: r.b } : { name, section, kind, r });
      continue;
    }
    if (isKw('show', t) || isKw('unshow', t)) {
      // What herd draws: no effect on which executions are allowed, but read as herd reads it
      // (`show r1, r2`, `show r as n`), so that what follows is a statement of its own: skipped
      // up to the next keyword, a check with a misspelt keyword vanished.
      for (;;) {
        union();
        if (isKw('as')) {
          next();
          const n = next();
          if (n.k !== 'name' || KEYWORDS.has(n.v)) fail(`expected a name after 'as', found ${shown(n)}`, n);
        }
        if (!isOp(',')) break;
        next();
      }
      // `show co rf` is herd's `show co, rf` mistyped: said here, not as an unknown statement.
      const after = peek();
      if (after.k === 'name' && !KEYWORDS.has(after.v) && after.line === toks[p - 1]!.line) fail(`expected ',' between ${t.v}'s terms, found ${shown(after)}`, after);
      continue;
    }
    if (isKw('include', t)) fail("'include' is not read: put the definitions in this file (ptxmm's base relations already include fr's parts, rf and co)", t);
    if (isKw('flag', t)) fail("'flag' is not read: a flagged check reports executions without forbidding them (ptxmm check --races asks for data races)", t);
    if (isKw('undefined_unless', t)) fail("'undefined_unless' is not read", t);
    if (isOp('~', t) && peek().k === 'name' && TESTS.has(peek().v)) fail(`a negated check (~${peek().v}) is not read: ptxmm's checks forbid the executions that break them`, t);
    if (t.k === 'name' && HERD_ONLY.has(t.v)) fail(`'${t.v}' is herd syntax that ptxmm does not read (procedures, calls, with ... from, forall, debug, enum, if, match): write the model with let and the checks`, t);
    fail(`expected let, acyclic, irreflexive or empty, found ${shown(t)}`, t);
  }
  const base = file.split(/[\\/]/).pop()!.replace(/\.cat$/, '');
  return { name: title ?? base, defs, axioms };
}

/**
 * The model as a cat file that parseCat reads back to the same definitions and axioms, each
 * check followed by its section in a comment. `header` lines become a comment at the top.
 * Untitled, the model read back is named after its file (a copy to edit is not the original).
 */
export function printCat(model: Model, header: readonly string[] = [], titled = true): string {
  const lines: string[] = titled ? [JSON.stringify(model.name)] : [];
  if (header.length) lines.push(`(* ${header.join('\n   ')} *)`);
  lines.push('');
  const names = Object.keys(model.defs);
  // The checks come last, but for one that reads a base name a later let shadows (`let rf =
  // rf \ ...` after a check on rf): read back after that let, it would name the definition.
  // Such a check goes right after the last definition it names, where it was written.
  const early = new Map<number, Axiom[]>();
  const late: Axiom[] = [];
  for (const ax of model.axioms) {
    const terms = ax.s ? [ax.r, ax.s] : [ax.r];
    const last = Math.max(-1, ...terms.flatMap((t) => [...refNames(t)].map((n) => names.indexOf(n))));
    const { rels, sets } = terms.reduce((acc, t) => baseNames(t, acc.rels, acc.sets), { rels: new Set<string>(), sets: new Set<string>() });
    if (names.slice(last + 1).some((n) => rels.has(n) || sets.has(n))) (early.get(last) ?? early.set(last, []).get(last)!).push(ax);
    else late.push(ax);
  }
  for (const ax of early.get(-1) ?? []) lines.push(checkLine(ax));
  names.forEach((name, i) => {
    const term = model.defs[name]!;
    const line = `let ${name} = ${showRel(term)}`;
    if (line.length <= 100 || term.k !== 'union') lines.push(line);
    else {
      // A long union: one alternative a line (the chain nests to the left).
      const alts: RelTerm[] = [];
      let u: RelTerm = term;
      for (; u.k === 'union'; u = u.a) alts.unshift(u.b);
      alts.unshift(u);
      lines.push(`let ${name} =`, ...alts.map((x, k) => `  ${k ? '| ' : '  '}${showRel(x, LEVEL.union + 1)}`));
    }
    for (const ax of early.get(i) ?? []) lines.push(checkLine(ax));
  });
  if (names.length) lines.push('');
  for (const ax of late) lines.push(checkLine(ax));
  return lines.join('\n') + '\n';
}

/** A check as cat, its section in a comment. */
function checkLine(ax: Axiom): string {
  const check = ax.kind === 'subset' ? `empty ${showRel(ax.r, LEVEL.diff)} \\ ${showRel(ax.s!, LEVEL.diff + 1)}` : `${ax.kind} ${showRel(ax.r)}`;
  return `${check} as ${ax.name}${ax.section ? ` (* ${ax.section} *)` : ''}`;
}

/** The definitions a term names. */
function refNames(t: RelTerm, out = new Set<string>()): Set<string> {
  switch (t.k) {
    case 'ref': out.add(t.name); break;
    case 'rel': case 'id': case 'prod': break;
    case 'inv': case 'opt': case 'plus': refNames(t.a, out); break;
    default: refNames(t.a, out); refNames(t.b, out);
  }
  return out;
}
