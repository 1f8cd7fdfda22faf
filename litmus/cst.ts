// The concrete syntax tree the nearley grammar (grammar.ne) builds: layout only, every
// token with its position. build.ts turns it into the AST and checks its meaning.

export interface Tok {
  text: string;
  line: number;
  col: number;
}
export interface CstNum {
  tok: Tok;
  neg: boolean;
  minus?: Tok;
  /** A floating-point literal (the lexer's `float`): 0f3F800000, 0d..., 1.5, .5, 1e3. */
  float?: true;
}

export type CstInit =
  | { k: 'loc'; name: Tok; value: CstNum }
  | { k: 'reg'; thread: Tok; reg: Tok; value: CstNum }
  | { k: 'regaddr'; thread: Tok; reg: Tok; loc: Tok }
  | { k: 'alias'; name: Tok; proxy: Tok; kwd: Tok; of: Tok }
  | { k: 'typed'; directives: Tok[]; name: Tok; value: CstNum | null };

export interface CstPlacement {
  thread: Tok;
  at: Tok | null;
  items: { key: Tok; num: Tok }[];
}

export type CstOperand =
  | { k: 'num'; num: CstNum }
  | { k: 'name'; tok: Tok }
  | { k: 'mem'; tok: Tok; inner: Tok; offset: CstNum | null }
  | { k: 'notreg'; tok: Tok; reg: Tok }
  /** `%d|%p`: the register tok, then the predicate register `second`. */
  | { k: 'pair'; tok: Tok; second: Tok };

export type CstCell =
  | null
  | { k: 'label'; name: Tok }
  | { k: 'instr'; guard: { at: Tok; neg: boolean; reg: Tok } | null; opcode: Tok; operands: CstOperand[] };

export interface CstRow {
  cells: CstCell[];
  end: Tok;
}

export type CstObservable = { k: 'loc'; tok: Tok } | { k: 'reg'; thread: Tok; reg: Tok };
export type CstTerm = CstObservable | { k: 'const'; num: CstNum };
export type CstExpr =
  | { k: 'or' | 'and'; tok: Tok; l: CstExpr; r: CstExpr }
  | { k: 'not'; tok: Tok; arg: CstExpr }
  | { k: 'cmp'; op: Tok; l: CstTerm; r: CstTerm }
  | { k: 'bool'; tok: Tok };

export type CstTail =
  | { k: 'locations'; tok: Tok; list: CstObservable[] }
  | { k: 'exists' | 'not exists' | 'forall' | 'filter'; tok: Tok; expr: CstExpr };

export interface CstFile {
  arch: Tok;
  name: Tok;
  /** The text between the header line and the init block (doc strings), if any. */
  docs: Tok | null;
  init: CstInit[];
  threads: { list: CstPlacement[]; end: Tok };
  rows: CstRow[];
  tail: CstTail[];
}
