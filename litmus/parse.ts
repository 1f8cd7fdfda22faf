// Text -> AST: the nearley grammar gives the layout, build.ts the meaning.
import nearley from 'nearley';
import grammar from './grammar.js';
import type { LitmusTest } from './ast.js';
import type { CstFile } from './cst.js';
import { buildTest } from './build.js';
import { LitmusError } from './errors.js';
import { expandPaths, readText } from './files.js';

export { expandPaths };

const compiled = nearley.Grammar.fromCompiled(grammar);

interface LexToken {
  type?: string;
  value: string;
  text?: string;
  line: number;
  col: number;
}

const describe = (t: LexToken): string => {
  if (t.type === 'string' || t.value.startsWith('"')) return 'a doc string';
  if (t.type === 'number') return `number ${t.value}`;
  // A message is one line: a token the lexer ends at a line break does not take it along.
  return `'${t.value.replace(/\s+$/, '').replace(/[\r\n]/g, ' ')}'`;
};

type Terminal = { type?: string; literal?: string };

/**
 * The terminals the parser waits for: before the token that failed (its column is the last),
 * or, with `atEnd`, after the whole input.
 */
function waitingFor(parser: nearley.Parser, atEnd = false): Terminal[] {
  const table = (parser as unknown as { table: { states: { rule: { symbols: unknown[] }; dot: number }[] }[] }).table;
  const column = atEnd ? table[table.length - 1] : table[table.length - 2] ?? table[table.length - 1];
  return (column?.states ?? []).flatMap((st) => {
    const sym = st.rule.symbols[st.dot] as Terminal | string | undefined;
    return sym && typeof sym === 'object' ? [sym] : [];
  });
}

/** Terminals the parser could have accepted next, for the error message. */
function expected(parser: nearley.Parser): string[] {
  return [...new Set(waitingFor(parser).map((sym) => (sym.literal !== undefined ? `'${sym.literal}'` : (NAMES[sym.type!] ?? sym.type!))))].sort();
}

const NAMES: Record<string, string> = {
  ident: 'a name', preg: 'a %register', number: 'a number', float: 'a floating-point literal', string: 'a doc string', semi: "';'", bar: "'|'",
  comma: "','", colon: "':'", at: "'@'", amp: "'&'", lbrace: "'{'", rbrace: "'}'", lbrack: "'['", rbrack: "']'",
  lparen: "'('", rparen: "')'", eq: "'='", cmpop: 'a comparison', andop: "'/\\'", orop: "'\\/'", not: "'~'",
  kw: 'exists, ~exists, forall, filter or locations', directive: 'a directive like .global', minus: "'-'", plus: "'+'",
  arch: "the header 'PTX NAME'", name: 'the test name',
};

/** A floating-point literal where the grammar takes none (a placement, a label) is named as what it is, not as a syntax error. */
function floatRefused(tok: LexToken, file: string): void {
  if (tok.type === 'float') {
    throw new LitmusError(`floating-point literal '${tok.value}' where none can stand: an operand of a .f32 or .f64 instruction takes one, or a condition a 0f (0d) literal, as a float's bits`, { line: tok.line, col: tok.col }, file);
  }
}

/** The words the grammar reserves (grammar.ne's `kw` tokens). */
const KEYWORDS = ['exists', 'forall', 'filter', 'locations', 'aliases'];
const KEYWORD_BEFORE = new RegExp(`\\b(${KEYWORDS.join('|')})\\s*$`);

function parseCst(text: string, file: string): CstFile {
  const parser = new nearley.Parser(compiled);
  try {
    parser.feed(text);
  } catch (e) {
    const tok = (e as { token?: LexToken }).token;
    if (tok && tok.line !== undefined) {
      floatRefused(tok, file);
      // `ld.global.v2.u32 {%r1, %r2}, [x]`, copied from nvcc's output: say what is not read.
      const line = text.split(/\r?\n/)[tok.line - 1] ?? '';
      const before = line.slice(0, tok.col - 1);
      if (tok.type === 'lbrace' && /^\s*(@!?%?\w+\s+)?[\w.:]*\.v(2|4|8)\.[\w.:]*\s/.test(before.split('|').pop()!)) {
        throw new LitmusError('vector accesses (.v2, .v4, .v8) are not read in litmus tests: write one access per element (ptxmm kernel reads them)', { line: tok.line, col: tok.col }, file);
      }
      if (tok.value === '(' && line.slice(tok.col - 1).startsWith('(*')) {
        throw new LitmusError("a comment '(*' that no '*)' closes", { line: tok.line, col: tok.col }, file);
      }
      const exp = expected(parser);
      // A keyword used as a name (not followed by the '(' or '[' a clause opens with), or just
      // before a label's ':' (the parser then took it for the condition): say that the word is
      // reserved, not merely unexpected. A clause come too early keeps the plain message.
      const kwBefore = tok.value === ':' ? KEYWORD_BEFORE.exec(before) : null;
      const opensClause = /^\s*[([]/.test(line.slice(tok.col - 1 + tok.value.length));
      if ((tok.type === 'kw' && exp.includes('a name') && !opensClause) || kwBefore) {
        const word = kwBefore ? kwBefore[1]! : tok.value;
        const at = kwBefore ? { line: tok.line, col: kwBefore.index + 1 } : { line: tok.line, col: tok.col };
        throw new LitmusError(`'${word}' is a keyword of the litmus format (${KEYWORDS.join(', ')}): it cannot name a location, a register or a label`, at, file);
      }
      const what = exp.length && exp.length <= 6 ? ` (expected ${exp.join(', ')})` : '';
      throw new LitmusError(`unexpected ${describe(tok)}${what}`, { line: tok.line, col: tok.col }, file);
    }
    missingInitBlock(text, file);
    // moo reports characters it has no token for as "invalid syntax at line L col C".
    const m = /line (\d+) col (\d+)/.exec(String((e as Error).message));
    if (m) {
      const line = Number(m[1]);
      const col = Number(m[2]);
      const ch = String.fromCodePoint(text.split(/\r?\n/)[line - 1]?.codePointAt(col - 1) ?? 0x3f);
      throw new LitmusError(`unexpected character ${showChar(ch)}`, { line, col }, file);
    }
    throw new LitmusError(String((e as Error).message), null, file);
  }
  if (parser.results.length === 0) {
    missingInitBlock(text, file);
    if (text.trim() === '') throw new LitmusError('the file is empty', null, file);
    const lines = text.split(/\r?\n/);
    let line = lines.length;
    while (line > 1 && lines[line - 1]!.trim() === '') line--;
    // What the parser waits for says what is missing: a ')' of the condition, or the condition.
    const waits = new Set(waitingFor(parser, true).map((sym) => sym.type));
    const what = waits.has('rparen') ? "a ')' is missing"
      : waits.has('kw') || waits.size === 0 ? 'is the final condition missing?' : 'the final condition or a clause after it is incomplete';
    throw new LitmusError(`the test ends too early (${what})`, { line, col: (lines[line - 1]?.length ?? 0) + 1 }, file);
  }
  // The grammar is unambiguous; tests check that exactly one parse comes back.
  return parser.results[0] as CstFile;
}

const fragments = new Map<string, nearley.Grammar>();

/**
 * One piece of the grammar on its own: an instruction `cell` of a PTX module (kernel/module.ts)
 * or a condition `expr` (a kernel's `--assert`), read where it stands in its file (`line`,
 * `col`: where `text` starts) so that tokens and errors carry the file's positions.
 */
export function parseFragment<T>(start: 'cell' | 'expr', text: string, file: string, line: number, col: number): T {
  let g = fragments.get(start);
  if (!g) fragments.set(start, g = nearley.Grammar.fromCompiled({ ...grammar, ParserStart: start }));
  const parser = new nearley.Parser(g);
  (parser as unknown as { lexerState: unknown }).lexerState = { line, col, state: 'main' };
  try {
    parser.feed(text);
  } catch (e) {
    const tok = (e as { token?: LexToken }).token;
    if (tok && tok.line !== undefined) {
      floatRefused(tok, file);
      throw new LitmusError(`unexpected ${describe(tok)}`, { line: tok.line, col: tok.col }, file);
    }
    const m = /line (\d+) col (\d+)/.exec(String((e as Error).message));
    if (m) {
      const at = { line: Number(m[1]), col: Number(m[2]) };
      const offset = at.line === line ? at.col - col : text.split(/\r?\n/).slice(0, at.line - line).join('\n').length + at.col;
      throw new LitmusError(`unexpected character ${showChar(String.fromCodePoint(text.codePointAt(offset) ?? 0x3f))}`, at, file);
    }
    throw new LitmusError(String((e as Error).message), { line, col }, file);
  }
  if (parser.results.length === 0) throw new LitmusError(`incomplete ${start === 'cell' ? 'instruction' : 'condition'}`, { line, col }, file);
  return parser.results[0] as T;
}

/**
 * A character as a message shows it: quoted when it can be seen, with its code point when it
 * is not plain ASCII, and only the code point when it is invisible (U+200B, U+00A0, a control).
 */
export function showChar(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (/^[\x21-\x7e]$/.test(ch)) return `'${ch}'`;
  if (/^[\p{C}\p{Z}]$/u.test(ch)) return code;
  return `'${ch}' (${code})`;
}

/**
 * Where the header line starts: after blank lines and comments. A file that has nothing
 * else, or a comment there that is never closed, is refused here, before the parser's
 * messages about what comes later.
 */
function headerStart(text: string, file: string): number {
  const lead = /^(?:\s+|\/\/[^\n]*|\(\*[^]*?\*\))*/.exec(text)![0].length;
  if (lead < text.length && text.startsWith('(*', lead)) {
    const before = text.slice(0, lead);
    throw new LitmusError("a comment '(*' that no '*)' closes", { line: before.split('\n').length, col: lead - before.lastIndexOf('\n') }, file);
  }
  if (lead === text.length && text.trim() !== '') throw new LitmusError("the file has only comments (no header 'PTX NAME')", null, file);
  return lead;
}

/**
 * After the header line come doc strings and then the init block. When something else comes
 * first, the lexer takes it all as documentation and the parse fails far away (at the end of
 * the file): report it where the init block should start instead.
 */
function missingInitBlock(text: string, file: string): void {
  const lead = headerStart(text, file);
  const header = text.slice(lead).search(/\n/);
  if (header < 0 || text.trim() === '') return;
  let i = lead + header + 1;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== '"') break;
    const close = text.indexOf('"', i + 1);
    if (close < 0) break;
    i = close + 1;
  }
  if (text[i] === '{') return;
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const col = i - before.lastIndexOf('\n');
  const what = i >= text.length ? 'the file ends' : `found ${showChar(String.fromCodePoint(text.codePointAt(i)!))}`;
  throw new LitmusError(`expected the init block '{' after the header and doc strings; ${what}`, { line, col }, file);
}

/** Parses one litmus test. Throws LitmusError (file:line:col: message) on bad input. */
export function parseLitmus(source: string, file = '<input>'): LitmusTest {
  // A byte-order mark is not part of the test (editors on Windows write one).
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const cst = parseCst(text, file);
  if (cst.arch.text.toUpperCase() !== 'PTX') {
    throw new LitmusError(`this is a ${cst.arch.text} test; ptxmm reads PTX litmus tests (header 'PTX NAME')`, cst.arch, file);
  }
  return buildTest(cst, file);
}

/** Number of parses the grammar finds (1 for every valid test): for the grammar's own tests. */
export function countParses(text: string): number {
  const parser = new nearley.Parser(compiled);
  parser.feed(text);
  return parser.results.length;
}

export interface FileResult {
  file: string;
  test?: LitmusTest;
  error?: LitmusError;
}

/** Reads and parses every file (directories expanded); errors are returned, not thrown. */
export function readLitmusFiles(paths: string[]): FileResult[] {
  return expandPaths(paths).map((file) => {
    let text: string;
    try {
      text = readText(file);
    } catch (e) {
      if (e instanceof LitmusError) return { file, error: e };
      throw e;
    }
    try {
      return { file, test: parseLitmus(text, file) };
    } catch (e) {
      if (e instanceof LitmusError) return { file, error: e };
      throw e;
    }
  });
}

/**
 * The test in `text` with its final condition replaced by `exists (<outcome>)` (the condition
 * is the last part of a test). Errors in the outcome are reported at `--outcome:1:col`.
 */
export function parseWithOutcome(text: string, file: string, outcome: string): LitmusTest {
  const t = parseLitmus(text, file);
  const lines = text.split(/\r?\n/);
  const { line, col } = t.condition.pos;
  const head = [...lines.slice(0, line - 1), lines[line - 1]!.slice(0, col - 1)].join('\n');
  const prefix = 'exists (';
  // A ')' with no '(' would close the text the outcome is wrapped in, and what follows it
  // would be read as more of the test (`x=1) filter (y=0`).
  let open = 0;
  for (let i = 0; i < outcome.length; i++) {
    open += outcome[i] === '(' ? 1 : outcome[i] === ')' ? -1 : 0;
    if (open < 0) throw new LitmusError("a ')' with no '(' before it", { line: 1, col: i + 1 }, '--outcome');
  }
  try {
    // `filter` and `locations` may also follow the condition, out of the head: the test's own.
    const o = parseLitmus(`${head}\n${prefix}${outcome})\n`, file);
    return { ...o, observed: t.observed, ...(t.filter ? { filter: t.filter } : {}) };
  } catch (e) {
    if (e instanceof LitmusError && e.line !== null && e.col !== null && e.line > line) {
      const col = e.col - prefix.length;
      // Past its last character the error is about the text we wrapped it in (a ')', the
      // end of the test), which the user never wrote.
      if (e.line > line + 1 || col > outcome.length) throw new LitmusError('the outcome ends too early (an operand or a \')\' is missing)', { line: 1, col: outcome.length + 1 }, '--outcome');
      throw new LitmusError(e.message, { line: 1, col: Math.max(1, col) }, '--outcome');
    }
    throw e;
  }
}
