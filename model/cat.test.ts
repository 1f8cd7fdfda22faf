// Cat models: the built-in models print and read back to the same terms (shape included),
// herd's precedence and closures, the refusals at their positions, and a model read from cat
// answering as the model it spells (the concrete evaluator on one execution, the solver on
// tests).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { CatError, parseCat, printCat } from './cat.js';
import { ptx60, ptx75 } from './ptx.js';
import { type Model, type RelTerm, alt, and, id, minus, opt, plus, prod, rel, sand, seq, set, showRel } from './relalg.js';

const shape = (m: Model) => ({ defs: m.defs, axioms: m.axioms.map(({ name, kind, r, s }) => ({ name, kind, r, s })) });

test('ptx60 and ptx75 print as cat and read back to the same definitions and axioms', () => {
  for (const m of [ptx60, ptx75]) {
    const text = printCat(m, ['a header line']);
    const back = parseCat(text, 'copy.cat');
    assert.is(back.name, m.name);
    // Untitled, a copy is named after its file.
    assert.is(parseCat(printCat(m, [], false), 'dir/copy.cat').name, 'copy');
    assert.equal(shape(back), shape(m));
    // Sections: the built-in's cited in comments; a read model's are its lines.
    assert.match(text, /as Causality \(\* §8\.9\.6 \*\)/);
    assert.match(back.axioms[0]!.section, /^copy\.cat:\d+$/);
  }
});

test("herd's precedence: | then ; then \\ then &, chains nesting to the left", () => {
  const m = parseCat('let x = po | rf; co & loc \\ sr | rmw\nlet y = po; rf; co\n', 't.cat');
  assert.equal(m.defs.x, alt(alt(rel('po'), seq(rel('rf'), minus(and(rel('co'), rel('loc')), rel('sr')))), rel('rmw')));
  assert.equal(m.defs.y, seq(seq(rel('po'), rel('rf')), rel('co')));
  assert.is(showRel(m.defs.x!), 'po | rf; co & loc \\ sr | rmw');
  // A right operand of its own operator keeps its parentheses, so the shape reads back.
  const r: RelTerm = seq(rel('po'), seq(rel('rf'), rel('co')));
  assert.is(showRel(r), 'po; (rf; co)');
  assert.equal(parseCat(`let z = ${showRel(r)}`, 't.cat').defs.z, r);
});

test('* is a closure after a relation and a product between sets; [S], ~, _ and 0', () => {
  const m = parseCat('let a = po*; rf\nlet b = W*R\nlet c = (R | W)*_ & ~loc\nlet d = [strong & W]; po+; rf^-1?\nlet e = 0 | id\n', 't.cat');
  assert.equal(m.defs.a, seq(opt(plus(rel('po'))), rel('rf')));
  assert.equal(m.defs.b, prod(set('W'), set('R')));
  assert.equal(m.defs.c, and(prod({ k: 'sunion', a: set('R'), b: set('W') }, { k: 'all' }), minus(prod({ k: 'all' }, { k: 'all' }), rel('loc'))));
  assert.equal(m.defs.d, seq(seq(id(sand(set('strong'), set('W'))), plus(rel('po'))), opt({ k: 'inv', a: rel('rf') })));
  assert.equal(m.defs.e, alt(minus(id({ k: 'all' }), id({ k: 'all' })), id({ k: 'all' })));
  // Set definitions are inlined where used; relation definitions are the model's, by name.
  const n = parseCat('let Strong-W = strong & W\nlet ppo = [Strong-W]; po\nacyclic ppo | rf as X', 't.cat');
  assert.equal(Object.keys(n.defs), ['ppo']);
  assert.equal(n.defs.ppo, seq(id(sand(set('strong'), set('W'))), rel('po')));
  assert.equal(n.axioms[0]!.r, alt({ k: 'ref', name: 'ppo' }, rel('rf')));
});

test('a definition shadows a base name: its body reads the base, what follows the definition', () => {
  const m = parseCat('let co = co+\nlet fr = rf^-1; co\nlet W = W & strong\nacyclic [W]; co as A\n', 't.cat');
  assert.equal(m.defs.co, plus(rel('co')));
  assert.equal(m.defs.fr, seq({ k: 'inv', a: rel('rf') }, { k: 'ref', name: 'co' }));
  assert.equal(m.axioms[0]!.r, seq(id(sand(set('W'), set('strong'))), { k: 'ref', name: 'co' }));
  assert.equal(shape(parseCat(printCat(m), 't.cat')), shape(m));
  // A check on the base rf before a let that shadows it: printed after the let, its rf would
  // read back as the definition (and the model as another one).
  const early = parseCat('acyclic rf | dep as NTA\nempty [IW]; rf as NoInitReads\nlet rf = rf \\ ([IW]; rf)\nacyclic po | rf as Late\n', 's.cat');
  const printed = printCat(early);
  assert.ok(printed.indexOf('as NoInitReads') < printed.indexOf('let rf'), printed);
  assert.ok(printed.indexOf('as Late') > printed.indexOf('let rf'), printed);
  assert.equal(shape(parseCat(printed, 's.cat')), shape(early));
});

test('checks: names, `empty r \\ s` as r ⊆ s, the title, comments, show ignored', () => {
  const m = parseCat('"My model" (* a (* nested *) comment *)\n// line comment\nshow po, rf\nempty rf \\ co as RfCo\nirreflexive po\n# another\nacyclic po | rf\n', 'dir/my.cat');
  assert.is(m.name, 'My model');
  assert.equal(m.axioms.map((a) => [a.name, a.kind, a.section]), [['RfCo', 'subset', 'dir/my.cat:4'], ['irreflexive-5', 'irreflexive', 'dir/my.cat:5'], ['acyclic-7', 'acyclic', 'dir/my.cat:7']]);
  // Unnamed checks on one line are told apart by their column.
  assert.equal(parseCat('acyclic po acyclic rf', 'f.cat').axioms.map((a) => a.name), ['acyclic-1', 'acyclic-1.12']);
  assert.equal(m.axioms[0]!.s, rel('co'));
  assert.is(parseCat('acyclic po', 'dir/plain.cat').name, 'plain');
  assert.is(parseCat('PTX "v2"\nacyclic po', 'x.cat').name, 'v2');
});

test('what is not read is refused at its position, with the reason', () => {
  const cases: [string, number, number, RegExp][] = [
    ['let a = po\nlet b = frob', 2, 9, /unknown name 'frob' \(ptxmm's base sets: R W/],
    ['acyclic W; po', 1, 10, /';' takes a relation, not a set/],
    ['let a = po * rf', 1, 12, /the product S\*T takes two sets/],
    ['let rec a = po | a; rf', 1, 5, /'let rec'/],
    ['include "cos.cat"', 1, 1, /'include' is not read/],
    ['flag ~empty po as x', 1, 1, /'flag' is not read/],
    ['let a = domain(po)', 1, 15, /functions are not read/],
    ['let a = (po | rf', 1, 17, /expected '\)' to close the '\(' at 1:9, found the end of the file/],
    ['let a = po\nlet a = rf', 2, 5, /'a' is already defined \(at 1:5\)/],
    ['acyclic po as A\nacyclic rf as A', 2, 1, /two checks are named 'A' \(the first at 1:1\)/],
    ['(* open', 1, 1, /comment not closed/],
    ['let a = po^+', 1, 11, /only \^-1 follows/],
    ['let a = po and b = rf', 1, 12, /simultaneous definitions/],
    ['~acyclic po', 1, 1, /a negated check/],
    // show ends where its names end: a negated check, or herd syntax, is not swallowed.
    ['show po\n~empty [IW]; rf as X', 2, 1, /a negated check \(~empty\)/],
    ['unshow po, rf ~irreflexive po', 1, 15, /a negated check \(~irreflexive\)/],
    ['show po\nwith co from linearisations(W, co)\nacyclic po | rf', 2, 1, /'with' is herd syntax that ptxmm does not read/],
    ['show po\ncall check(rf)', 2, 1, /'call' is herd syntax/],
    ['procedure p(r) = acyclic r end', 1, 1, /'procedure' is herd syntax/],
    ['acyclic po $', 1, 12, /unexpected character '\$'$/],
    ['acyclic po\u200b as A', 1, 11, /unexpected character '\u200b' \(U\+200B\)/],
    ['let a = po^2', 1, 11, /only \^-1 follows '\^' \(write r\+ and r\* for the closures; cat has no powers\)/],
    ['acyclic po\npo', 2, 1, /expected let, acyclic, irreflexive or empty, found 'po'/],
    // Names every JavaScript object has are no definitions.
    ['acyclic po | toString as X', 1, 14, /unknown name 'toString'/],
    ['let x = constructor', 1, 9, /unknown name 'constructor'/],
  ];
  for (const [text, line, col, msg] of cases) {
    try {
      parseCat(text, 'm.cat');
      assert.unreachable(`accepted: ${text}`);
    } catch (e) {
      if (!(e instanceof CatError)) throw e;
      assert.match(e.message, msg, text);
      assert.equal([e.line, e.col], [line, col], `${text}: ${e.format()}`);
      assert.is(e.format(), `m.cat:${line}:${col}: ${e.message}`);
    }
  }
});

test('any text: a model or a CatError, never another error; a model read prints and reads back the same', () => {
  const words = [
    'let', 'acyclic', 'irreflexive', 'empty', 'as', 'A', 'B', 'x', 'y', 'po', 'rf', 'co', 'loc', 'W', 'R', 'M', 'strong', 'id', '_', '0',
    '|', ';', '\\', '&', '*', '+', '?', '^-1', '^', '~', '[', ']', '(', ')', '=', '"t"', '(*', '*)', 'rec', 'include', 'show', ',', '{', '$', '\n',
  ];
  fc.assert(fc.property(fc.array(fc.constantFrom(...words), { maxLength: 40 }), (ws) => {
    const text = ws.join(' ');
    let m: Model;
    try {
      m = parseCat(text, 'f.cat');
    } catch (e) {
      if (e instanceof CatError) return;
      throw e;
    }
    assert.equal(shape(parseCat(printCat(m), 'g.cat')), shape(m), text);
  }), { numRuns: 3000, seed: 42 });
  // Statements made of the valid parts only, so that most of them are read.
  const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('po', 'rf', 'co', 'loc', 'id', '0', '[W]', '[R | W]', 'W*R', '_*M'),
      fc.tuple(tie('e'), fc.constantFrom(' | ', '; ', ' \\ ', ' & '), tie('e')).map(([a, o, b]) => `${a}${o}${b}`),
      fc.tuple(tie('e'), fc.constantFrom('*', '+', '?', '^-1')).map(([a, o]) => `(${a})${o}`),
      tie('e').map((a) => `~(${a})`),
    ),
  })).e;
  fc.assert(fc.property(fc.array(expr, { minLength: 1, maxLength: 4 }), (es) => {
    const text = es.map((e, i) => (i % 2 ? `let d${i} = ${e}` : `acyclic ${e} as C${i}`)).join('\n');
    const m = parseCat(text, 'f.cat');
    assert.equal(shape(parseCat(printCat(m), 'g.cat')), shape(m), text);
  }), { numRuns: 500, seed: 7 });
});

test('sizes the interpreters can walk: deep brackets and long statements are refused at the operator', () => {
  for (const [text, msg] of [
    [`let a = ${'('.repeat(5000)}po${')'.repeat(5000)}`, /brackets nested deeper than 100 levels/],
    [`let a = ${'po; '.repeat(3000)}po`, /more than 1000 operations in one statement: split it with let/],
    [`let a = ${'~'.repeat(3000)}po`, /more than 1000 operations/],
    [`let a = po${'?'.repeat(3000)}`, /more than 1000 operations/],
  ] as const) {
    try {
      parseCat(text, 'big.cat');
      assert.unreachable();
    } catch (e) {
      if (!(e instanceof CatError)) throw e;
      assert.match(e.message, msg);
    }
  }
  // A chain of definitions, each naming the one before, nests deeper with each (two levels:
  // the reference and the union).
  const chain = (n: number): string => ['let x0 = rf', ...Array.from({ length: n }, (_, i) => `let x${i + 1} = x${i} | rf`), `acyclic x${n} as A`].join('\n');
  const refused = (text: string, file: string, msg: RegExp): void => {
    try {
      parseCat(text, file);
      assert.unreachable(`accepted: ${text.slice(0, 60)}`);
    } catch (e) {
      if (!(e instanceof CatError)) throw e;
      assert.match(e.format(), msg);
    }
  };
  refused(chain(300), 'chain.cat', /^chain\.cat:126:1: this term nests 251 deep \(operators, brackets, and the sets and definitions it names\), past the 250/);
  assert.is(parseCat(chain(120), 'chain.cat').axioms.length, 1);
  // One long chain of operators nests as deep as it is long (600 alternatives overflowed the
  // stack in check); its operands grouped, it is read.
  refused(`acyclic ${Array(600).fill('po').join(' | ')} as A`, 'u.cat', /^u\.cat:1:1: this term nests 600 deep/);
  const grouped = Array.from({ length: 30 }, () => `(${Array(20).fill('po').join(' | ')})`).join(' | ');
  assert.is(parseCat(`acyclic ${grouped} as A`, 'g.cat').axioms.length, 1);
  // Sets are inlined where used: a definition that doubles at each step is refused, not
  // written out 2^30 times.
  const doubling = ['let S0 = W | R', ...Array.from({ length: 30 }, (_, i) => `let S${i + 1} = S${i} | S${i}`), 'empty [S30]; po as X'].join('\n');
  refused(doubling, 's.cat', /^s\.cat:10:15: more than 1000 operations in one statement with the sets it names written out/);
  // A set of 200 names (199 operations) named three times in a statement of 4 more: 601, read.
  const names = Array.from({ length: 100 }, () => 'W | R').join(' | ');
  assert.is(parseCat(`let s1 = ${names}\nacyclic [s1]; po; [s1]; po; [s1] as Y`, 'ok.cat').axioms.length, 1);
  // A byte-order mark before the first line is no character of the model.
  assert.equal(shape(parseCat('\uFEFFacyclic po as A', 'bom.cat')), shape(parseCat('acyclic po as A', 'bom.cat')));
  // Within the limits: a chain of 240 is read, and a model that long prints back.
  const m = parseCat(`let a = ${'po; '.repeat(240)}po\nacyclic a as A`, 'ok.cat');
  assert.equal(shape(parseCat(printCat(m), 'ok.cat')), shape(m));
});

test('show and unshow read as herd reads them: names or terms, `as` a name, commas; what follows is a statement', () => {
  // A misspelt check after a show was skipped with it (the model then lacked the check).
  for (const [text, line, col, msg] of [
    ['let fr = rf^-1; co\nshow fr\nacylic po | rf | co | fr as Sc', 3, 1, /expected let, acyclic, irreflexive or empty, found 'acylic'/],
    ['unshow po\nirreflexiv po as X', 2, 1, /found 'irreflexiv'/],
    ['show po as', 1, 11, /expected a name after 'as', found the end of the file/],
    ['show nothere', 1, 6, /unknown name 'nothere'/],
    ['show co as c1 rf as c2', 1, 15, /expected ',' between show's terms, found 'rf'/],
    ['unshow co rf', 1, 11, /expected ',' between unshow's terms, found 'rf'/],
  ] as const) {
    try {
      parseCat(text, 's.cat');
      assert.unreachable(text);
    } catch (e) {
      if (!(e instanceof CatError)) throw e;
      assert.match(e.message, msg);
      assert.equal([e.line, e.col], [line, col], text);
    }
  }
  const m = parseCat('show po, rf\nshow po; rf as porf, co\nunshow po\nacyclic po | rf as A', 's.cat');
  assert.equal(m.axioms.map((a) => a.name), ['A']);
});

test('a relation named after a base set is refused: printed, the sets that inline the base set would read it', () => {
  try {
    parseCat('let S = W\nlet W = po\nlet r = [S]; W\nempty r as X', 'rt.cat');
    assert.unreachable();
  } catch (e) {
    if (!(e instanceof CatError)) throw e;
    assert.equal([e.line, e.col], [2, 5]);
    assert.match(e.message, /'W' is one of ptxmm's base sets: a relation named so would hide it/);
  }
  // A set may take a base set's name (sets are not printed, only inlined), and reads back the same.
  const m = parseCat('let S = W\nlet W = R\nlet r = [S]; po; [W]\nempty r as X', 'rt.cat');
  assert.equal(shape(parseCat(printCat(m), 'rt.cat')), shape(m));
});

test.run();
