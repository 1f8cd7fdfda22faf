# Litmus tests for PTX: the Dartagnan dialect and genuine PTX instructions, one grammar.
# The grammar fixes the layout (header, doc strings, init block, placement row, instruction
# rows, condition); it builds a concrete syntax tree (see cst.ts). What an opcode's
# qualifiers mean, and whether the ISA allows them, is checked in build.ts, where each error
# can point at the exact qualifier.
@preprocessor esmodule
@{%
import moo from 'moo';

const lexer = moo.states({
  // Comments may come before the header (a licence, a note on where the test comes from).
  start: {
    ws: /[ \t]+/,
    nl: { match: /\r?\n/, lineBreaks: true },
    comment: [/\/\/[^\r\n]*/, { match: /\(\*[^]*?\*\)/, lineBreaks: true }],
    arch: { match: /[A-Za-z][A-Za-z0-9_]*/, next: 'name' },
  },
  name: {
    ws: /[ \t]+/,
    name: /[^ \t\r\n][^\r\n]*/,
    nl: { match: /\r?\n/, lineBreaks: true, next: 'docs' },
  },
  // Everything up to the init block is documentation, as in Dartagnan (doc strings may
  // quote other text); build.ts splits it into doc strings. A `{` inside a quoted string is
  // text; a quote with no partner is read alone.
  docs: {
    docs: { match: /(?:[^{"]|"[^"]*"|"(?![^"]*"))+/, lineBreaks: true },
    lbrace: { match: '{', next: 'main' },
  },
  main: {
    ws: /[ \t]+/,
    nl: { match: /\r?\n/, lineBreaks: true },
    comment: [/\/\/[^\r\n]*/, { match: /\(\*[^]*?\*\)/, lineBreaks: true }],
    andop: ['/\\', '&&'],
    orop: ['\\/', '||'],
    cmpop: ['==', '!=', '<=', '>=', '<', '>'],
    eq: '=',
    not: ['~', '!'],
    lbrace: '{', rbrace: '}', lbrack: '[', rbrack: ']', lparen: '(', rparen: ')',
    semi: ';', bar: '|', comma: ',', colon: ':', at: '@', amp: '&', plus: '+', minus: '-',
    directive: /\.[A-Za-z_][\w]*(?:::[A-Za-z_]\w*)?/,
    // Two destinations, `%d|%p` (shfl.sync, match.all.sync): one token, so that a row's cell
    // separator never reads as one (a cell never starts with a register).
    pregpair: /%[A-Za-z_$][\w$]*[ \t]*\|[ \t]*%[A-Za-z_$][\w$]*/,
    // A special register's component (%tid.x) is part of its name.
    // PTX identifiers may hold '$' (`%r$0`), as ptxas reads them.
    preg: /%[A-Za-z_$][\w$]*(?:\.[xyzw](?![\w.]))?/,
    // PTX's floating-point literals (0f3F800000, 0d3FF8000000000000, 1.5, .5, 1e3), lexed whole:
    // a 0f/0d literal is a bit pattern in a .b32/.b64 operand (build.ts); any other use is told
    // that floats are not modelled, not that '.' is unexpected.
    float: /0[fF][0-9a-fA-F]{8}(?![\w.])|0[dD][0-9a-fA-F]{16}(?![\w.])|[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+/,
    number: /0[xX][0-9a-fA-F]+U?|0[bB][01]+U?|[0-9]+U?/,
    ident: {
      match: /[A-Za-z_$][\w$]*(?:\.[\w$]+(?:::\w+)*)*/,
      type: moo.keywords({ kw: ['exists', 'forall', 'filter', 'locations', 'aliases'] }),
    },
  },
});

// Skip layout tokens: the grammar is line-agnostic past the header.
const skip = new Set(['ws', 'nl', 'comment']);
const lex = {
  reset(chunk, info) { lexer.reset(chunk, info); },
  next() { let t; do { t = lexer.next(); } while (t && (skip.has(t.type) || (t.type === 'docs' && t.value.trim() === ''))); return t; },
  save() { return lexer.save(); },
  formatError(tok, msg) { return lexer.formatError(tok, msg); },
  has(type) { return lexer.has(type); },
};

const tok = (t) => ({ text: t.value, line: t.line, col: t.col });
// `%d|%p` as its two registers, each with its own position.
const pair = (t) => {
  const [a, b] = t.value.split('|').map((x) => x.trim());
  const at = t.value.lastIndexOf(b);
  return { k: 'pair', tok: { text: a, line: t.line, col: t.col }, second: { text: b, line: t.line, col: t.col + at } };
};
const first = (d) => d[0];
// Long lists (rows, init entries, threads, cells, locations) are chains grown by one link
// per item (`link`: the item is the rule's last symbol), read out once by `items`. nearley's
// own repetition (:*) copies its array at every item, and the parse chart keeps every copy:
// time and memory grew as the square of a list's length (10,000 init entries took 500 MB;
// 50,000 ran out of memory).
const none = () => null;
const link = (d) => ({ prev: d[0], item: d[d.length - 1] });
const items = (c) => { const out = []; for (; c !== null; c = c.prev) out.push(c.item); return out.reverse(); };
// The test's rows are read out when first asked for: nearley completes `main` after every row
// (the tail may be empty), and reading the chain out each time was quadratic again.
const rowsOnce = (o, chain) => Object.defineProperty(o, 'rows', {
  enumerable: true, configurable: true,
  get() { const rows = items(chain); Object.defineProperty(o, 'rows', { value: rows, enumerable: true }); return rows; },
});
%}
@lexer lex

main -> %arch %name %docs:? init placements rows tail
  {% (d) => rowsOnce({ arch: tok(d[0]), name: tok(d[1]), docs: d[2] ? tok(d[2]) : null, init: d[3], threads: d[4], tail: d[6] }, d[5]) %}
rows -> null {% none %} | rows row {% link %}

# ---- init block --------------------------------------------------------------
init -> %lbrace initItem:? initMore %rbrace %semi:?
  {% (d) => [d[1], ...items(d[2])].filter((x) => x !== null) %}
initMore -> null {% none %} | initMore %semi initItem:? {% link %}

initItem ->
    %ident %eq number                               {% (d) => ({ k: 'loc', name: tok(d[0]), value: d[2] }) %}
  | threadRef %colon reg %eq number                 {% (d) => ({ k: 'reg', thread: d[0], reg: d[2], value: d[4] }) %}
  | threadRef %colon reg %eq %amp:? %ident          {% (d) => ({ k: 'regaddr', thread: d[0], reg: d[2], loc: tok(d[5]) }) %}
  | %ident %at %ident %kw %ident                    {% (d) => ({ k: 'alias', name: tok(d[0]), proxy: tok(d[2]), kwd: tok(d[3]), of: tok(d[4]) }) %}
  | %directive:+ %ident (%eq number):?              {% (d) => ({ k: 'typed', directives: d[0].map(tok), name: tok(d[1]), value: d[2] ? d[2][1] : null }) %}

threadRef -> %ident {% (d) => tok(d[0]) %} | %number {% (d) => tok(d[0]) %}
reg -> %ident {% (d) => tok(d[0]) %} | %preg {% (d) => tok(d[0]) %}

number -> %number              {% (d) => ({ tok: tok(d[0]), neg: false }) %}
        | %minus %number       {% (d) => ({ tok: tok(d[1]), neg: true, minus: tok(d[0]) }) %}
        | %float               {% (d) => ({ tok: tok(d[0]), neg: false, float: true }) %}
        | %minus %float        {% (d) => ({ tok: tok(d[1]), neg: true, minus: tok(d[0]), float: true }) %}

# ---- placement row and instruction rows ---------------------------------------
placements -> placement placementMore %semi
  {% (d) => ({ list: [d[0], ...items(d[1])], end: tok(d[2]) }) %}
placementMore -> null {% none %} | placementMore %bar placement {% link %}
placement -> %ident (%at scopeItem (%comma scopeItem):*):?
  {% (d) => ({ thread: tok(d[0]), at: d[1] ? tok(d[1][0]) : null, items: d[1] ? [d[1][1], ...d[1][2].map((x) => x[1])] : [] }) %}
scopeItem -> %ident %number {% (d) => ({ key: tok(d[0]), num: tok(d[1]) }) %}

row -> cell cellMore %semi
  {% (d) => ({ cells: [d[0], ...items(d[1])], end: tok(d[2]) }) %}
cellMore -> null {% none %} | cellMore %bar cell {% link %}

cell ->
    null                                            {% () => null %}
  | %ident %colon                                   {% (d) => ({ k: 'label', name: tok(d[0]) }) %}
  | guard:? %ident operands                         {% (d) => ({ k: 'instr', guard: d[0], opcode: tok(d[1]), operands: d[2] }) %}

guard -> %at %not:? reg                             {% (d) => ({ at: tok(d[0]), neg: d[1] !== null, reg: d[2] }) %}

operands -> null {% () => [] %}
          | operand (%comma operand):*              {% (d) => [d[0], ...d[1].map((x) => x[1])] %}

operand ->
    number                                          {% (d) => ({ k: 'num', num: d[0] }) %}
  | %ident                                          {% (d) => ({ k: 'name', tok: tok(d[0]) }) %}
  | %preg                                           {% (d) => ({ k: 'name', tok: tok(d[0]) }) %}
  | %lbrack reg (%plus number):? %rbrack            {% (d) => ({ k: 'mem', tok: tok(d[0]), inner: d[1], offset: d[2] ? d[2][1] : null }) %}
  | %not reg                                        {% (d) => ({ k: 'notreg', tok: tok(d[0]), reg: d[1] }) %}
  | %pregpair                                       {% (d) => pair(d[0]) %}

# ---- locations, filter, condition ----------------------------------------------
tail -> tailItem:*                                 {% first %}
tailItem ->
    %kw %lbrack observable:? observableMore %rbrack
      {% (d, _, reject) => d[0].value !== 'locations' ? reject : ({ k: 'locations', tok: tok(d[0]), list: [d[2], ...items(d[3])].filter((x) => x !== null) }) %}
  | %kw expr
      {% (d, _, reject) => d[0].value === 'locations' || d[0].value === 'aliases' ? reject : ({ k: d[0].value, tok: tok(d[0]), expr: d[1] }) %}
  | %not %kw expr
      {% (d, _, reject) => d[1].value !== 'exists' ? reject : ({ k: 'not exists', tok: tok(d[0]), expr: d[2] }) %}

observableMore -> null {% none %} | observableMore %semi observable:? {% link %}
observable -> %ident                               {% (d) => ({ k: 'loc', tok: tok(d[0]) }) %}
            | %ident %lbrack %number %rbrack       {% (d) => ({ k: 'loc', tok: { ...tok(d[0]), text: `${d[0].value}[${d[2].value}]` } }) %}
            | threadRef %colon reg                 {% (d) => ({ k: 'reg', thread: d[0], reg: d[2] }) %}

expr -> disj {% first %}
disj -> conj                                       {% first %}
      | disj %orop conj                            {% (d) => ({ k: 'or', tok: tok(d[1]), l: d[0], r: d[2] }) %}
conj -> neg                                        {% first %}
      | conj %andop neg                            {% (d) => ({ k: 'and', tok: tok(d[1]), l: d[0], r: d[2] }) %}
neg -> atom                                        {% first %}
     | %not neg                                    {% (d) => ({ k: 'not', tok: tok(d[0]), arg: d[1] }) %}
atom -> %lparen expr %rparen                       {% (d) => d[1] %}
      | term cmp term                              {% (d) => ({ k: 'cmp', op: d[1], l: d[0], r: d[2] }) %}
      | %ident                                     {% (d) => ({ k: 'bool', tok: tok(d[0]) }) %}
cmp -> %cmpop {% (d) => tok(d[0]) %} | %eq {% (d) => tok(d[0]) %}
term -> observable                                 {% first %}
      | number                                     {% (d) => ({ k: 'const', num: d[0] }) %}
