// AST -> text, in the genuine-PTX litmus form: %registers, [addresses], explicit
// qualifiers and types. parse(print(t)) equals t (up to source positions).
// Forms with no genuine-PTX spelling keep ptxmm's dialect: the proxy mnemonics
// (tld/suld/sust/cold/suatom/sured), fence.proxy.{texture,surface,constant}, compare-and-branch
// (beq/bne/...), Dartagnan's barrier instance (`bar.cta.sync inst, id, count`), and atom.sub and
// red.acq_rel, which ptxas rejects and which are therefore written in Dartagnan's untyped form.
import type { Address, Atom, Bar, DataType, Expr, Instr, LitmusTest, LocDecl, Observable, Ordering, Red, Stmt, Term, Thread, Value, Space } from './ast.js';
import { CMP_SYMBOL, LEAVE_LABEL } from './ast.js';
import { destinations } from './types.js';
import { floatOpName } from './floats.js';
import { floatWidthOf } from './opcode.js';

const reg = (name: string): string => `%${name}`;
const val = (v: Value): string => (v.kind === 'imm' ? String(v.value) : reg(v.name));
/** An instruction's type as written: .f32/.f64 for floating-point data moved as bits (Ld.float). */
const ty = (s: { type: DataType; float?: boolean }): string => (s.float ? s.type.replace('b', 'f') : s.type);
/** The 0f (0d) literal of a 32-bit (64-bit) float's bits: `0f40200000`. */
export const hexFloatLiteral = (v: bigint, width: number): string =>
  `0${width === 64 ? 'd' : 'f'}${BigInt.asUintN(width, v).toString(16).toUpperCase().padStart(width / 4, '0')}`;
/** An operand of such an instruction: an immediate as the 0f/0d literal of its bits. */
const fval = (s: { type: DataType; float?: boolean }, v: Value): string =>
  (!s.float || v.kind !== 'imm' ? val(v) : hexFloatLiteral(v.value, s.type === 'b64' ? 64 : 32));
const addr = (a: Address, offset?: bigint): string =>
  `[${a.kind === 'loc' ? a.name : reg(a.name)}${offset === undefined ? '' : `+${offset}`}]`;

const SPACE_TEXT: Record<Space, string> = {
  generic: '', global: '.global', shared: '.shared', shared_cluster: '.shared::cluster',
  local: '.local', const: '.const', param: '.param',
};

function ord(o: Ordering, volatile: boolean | undefined, mmio?: boolean): string {
  if (volatile) return '.volatile';
  if (mmio) return '.mmio.relaxed.sys';
  return o.sem === 'weak' ? '.weak' : `.${o.sem}.${o.scope}`;
}

const MNEMONIC = {
  ld: { generic: 'ld', texture: 'tld', surface: 'suld', constant: 'cold' },
  st: { generic: 'st', surface: 'sust' },
  atom: { generic: 'atom', surface: 'suatom' },
  red: { generic: 'red', surface: 'sured' },
} as const;

const MEMBAR_LEVEL: Record<string, string> = { cta: 'cta', gpu: 'gl', sys: 'sys' };

export function printInstr(s: Instr): string {
  const g = s.guard ? `@${s.guard.negated ? '!' : ''}${reg(s.guard.reg.name)} ` : '';
  return g + (dialectOnly(s) ? dartagnanBody(s) : instrBody(s));
}

/** atom.sub and red.acq_rel have no PTX spelling: they exist only in Dartagnan's untyped form. */
function dialectOnly(s: Instr): s is Atom | Red {
  return !s.guard && (s.op === 'atom' || s.op === 'red') && (s.aop === 'sub' || (s.op === 'red' && s.ord.sem === 'acq_rel'));
}

/** Dartagnan's form: no type (the operation's default), bare registers and locations. */
function dartagnanBody(s: Atom | Red): string {
  const bare = (v: Value | Address): string => (v.kind === 'imm' ? String(v.value) : v.name);
  const head = `${MNEMONIC[s.op][s.proxy]}${ord(s.ord, false)}${SPACE_TEXT[s.space]}.${s.aop}`;
  return s.op === 'atom' ? `${head} ${s.dst.name}, ${bare(s.addr)}, ${bare(s.b)}` : `${head} ${bare(s.addr)}, ${bare(s.b)}`;
}

function instrBody(s: Instr): string {
  switch (s.op) {
    case 'ld':
      if (s.nc) return `ld.global.nc.${ty(s)} ${reg(s.dst.name)}, ${addr(s.addr, s.offset)}`;
      return `${MNEMONIC.ld[s.proxy]}${ord(s.ord, s.volatile, s.mmio)}${SPACE_TEXT[s.space]}.${ty(s)} ${reg(s.dst.name)}, ${addr(s.addr, s.offset)}`;
    case 'st':
      return `${MNEMONIC.st[s.proxy]}${ord(s.ord, s.volatile, s.mmio)}${SPACE_TEXT[s.space]}.${ty(s)} ${addr(s.addr, s.offset)}, ${fval(s, s.src)}`;
    case 'atom': {
      const c = s.c ? `, ${val(s.c)}` : '';
      return `${MNEMONIC.atom[s.proxy]}${ord(s.ord, false)}${SPACE_TEXT[s.space]}.${s.aop}.${ty(s)} ${reg(s.dst.name)}, ${addr(s.addr, s.offset)}, ${fval(s, s.b)}${c}`;
    }
    case 'red':
      return `${MNEMONIC.red[s.proxy]}${ord(s.ord, false)}${SPACE_TEXT[s.space]}.${s.aop}.${ty(s)} ${addr(s.addr, s.offset)}, ${fval(s, s.b)}`;
    case 'fence':
      return s.form === 'membar' ? `membar.${MEMBAR_LEVEL[s.scope]}` : `fence.${s.sem}.${s.scope}`;
    case 'fence.proxy':
      return `fence.proxy.${s.kind}`;
    case 'bar': {
      if (s.mask) return `bar.warp.sync ${val(s.mask)}`;
      const aligned = s.aligned ? '.aligned' : '';
      if (s.red) return `${s.form}.red.${s.red.op}${aligned}.${s.red.op === 'popc' ? 'u32' : 'pred'} ${reg(s.red.dst.name)}, ${val(s.id)}, ${s.red.negated ? '!' : ''}${val(s.red.pred)}`;
      if (s.instance) return `bar.cta.${s.mode} ${val(s.instance)}, ${val(s.id)}, ${s.count ? val(s.count) : '0'}`;
      const count = s.count ? `, ${val(s.count)}` : '';
      return `${s.form}.${s.mode}${aligned} ${val(s.id)}${count}`;
    }
    case 'shfl':
      return `shfl.sync.${s.mode}.b32 ${reg(s.dst.name)}${s.pdst ? `|${reg(s.pdst.name)}` : ''}, ${val(s.a)}, ${val(s.b)}, ${val(s.c)}, ${val(s.mask)}`;
    case 'vote':
      return `vote.sync.${s.mode}.${s.mode === 'ballot' ? 'b32' : 'pred'} ${reg(s.dst.name)}, ${s.negated ? '!' : ''}${val(s.pred)}, ${val(s.mask)}`;
    case 'redux':
      return `redux.sync.${s.rop}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}, ${val(s.mask)}`;
    case 'match':
      return `match.${s.mode}.sync.${s.type} ${reg(s.dst.name)}${s.pdst ? `|${reg(s.pdst.name)}` : ''}, ${val(s.a)}, ${val(s.mask)}`;
    case 'mov':
      return `${s.cvta ? `cvta.${s.cvta}` : 'mov'}.${ty(s)} ${reg(s.dst.name)}, ${s.src.kind === 'loc' ? s.src.name : fval(s, s.src)}`;
    case 'alu': {
      if (s.funnel) return `shf.${s.funnel.left ? 'l' : 'r'}.${s.funnel.clamp ? 'clamp' : 'wrap'}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}, ${val(s.b)}, ${val(s.c!)}`;
      if (s.d) return `${s.aop}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}, ${val(s.b)}, ${val(s.c!)}, ${val(s.d)}`;
      const half = s.aop === 'mul' || s.aop === 'mad' ? (s.wide ? '.wide' : s.hi ? '.hi' : '.lo') : '';
      return `${s.aop}${half}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}, ${val(s.b)}${s.c ? `, ${val(s.c)}` : ''}`;
    }
    case 'selp':
      return `selp.${ty(s)} ${reg(s.dst.name)}, ${fval(s, s.a)}, ${fval(s, s.b)}, ${reg(s.p.name)}`;
    case 'unary':
      return `${s.uop}${s.shiftamt ? '.shiftamt' : ''}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}`;
    case 'cvt':
      return `cvt.${s.dtype}.${s.stype} ${reg(s.dst.name)}, ${val(s.a)}`;
    case 'setp':
      return `setp.${s.cmp}.${s.type} ${reg(s.dst.name)}, ${val(s.a)}, ${val(s.b)}`;
    case 'fop': {
      // Immediates of a float operand as the 0f/0d literal of their bits; cvt's integer source as a number.
      const f = s.f;
      const w = f.fn === 'cvt' ? floatWidthOf(f.from) ?? 0 : f.w;
      const arg = (v: Value): string => (v.kind === 'imm' && w ? hexFloatLiteral(v.value, w) : val(v));
      return `${floatOpName(f)} ${reg(s.dst.name)}, ${s.args.map(arg).join(', ')}`;
    }
    case 'bra':
      return s.leave ?? `bra ${s.target}`;
    case 'bcmp':
      return `b${s.cmp} ${val(s.a)}, ${val(s.b)}, ${s.target}`;
    case 'nanosleep':
      return `nanosleep.u32 ${val(s.t)}`;
  }
}

const stmt = (s: Stmt): string => (s.op === 'label' ? `${s.name}:` : printInstr(s));

/**
 * A barrier as printed in a genuine-PTX test. Dartagnan's `bar.cta.sync 96` names a barrier
 * PTX does not have (0 to 15): it keeps its meaning, and is read back, as ptxmm's three-operand
 * notation with the instance it has (0, litmus/barriers.ts) and no count.
 */
function genuineBar(s: Bar, th: Thread, t: LitmusTest): Bar {
  if (s.instance !== undefined || s.count !== undefined) return s;
  const v = s.id;
  // An id in a register the thread sets is known only as it runs: printed as it is.
  if (v.kind === 'reg' && th.code.some((x) => x.op !== 'label' && destinations(x).some(([d]) => d.name === v.name))) return s;
  const init = v.kind === 'reg' ? t.regInits.find((r) => r.thread === th.placement.id && r.reg === v.name) : undefined;
  const id = v.kind === 'imm' ? v.value : init && !('addressOf' in init) ? init.value : 0n;
  return id >= 0n && id <= 15n ? s : { ...s, instance: { kind: 'imm', value: 0n } };
}

function locDecl(l: LocDecl): string {
  if (l.kind === 'alias') return `${l.name} @ ${l.proxy} aliases ${l.of};`;
  const prefix = `${l.space ? SPACE_TEXT[l.space] + ' ' : ''}${l.type ? '.' + ty({ type: l.type, float: l.float }) + ' ' : ''}`;
  return `${prefix}${l.name} = ${l.type ? fval({ type: l.type, float: l.float }, { kind: 'imm', value: l.value }) : l.value};`;
}

const observable = (o: Observable): string => (o.kind === 'loc' ? o.name : `P${o.thread}:${reg(o.reg)}`);
const term = (t: Term): string => (t.kind === 'const' ? t.float ?? String(t.value) : observable(t));

/** Prints with just the parentheses precedence needs (not > and > or). */
export function printExpr(e: Expr, ctx: 'top' | 'and' | 'not' = 'top'): string {
  switch (e.kind) {
    case 'true': return 'true';
    case 'false': return 'false';
    case 'cmp': return `${term(e.left)} ${CMP_SYMBOL[e.op]} ${term(e.right)}`;
    case 'not': return `~${printExpr(e.arg, 'not')}`;
    case 'and': {
      const s = e.args.map((a) => printExpr(a, 'and')).join(' /\\ ');
      return ctx === 'not' ? `(${s})` : s;
    }
    case 'or': {
      const s = e.args.map((a) => printExpr(a, 'top')).join(' \\/ ');
      return ctx === 'top' ? s : `(${s})`;
    }
  }
}

/** Conditions are printed in parentheses, as herd and Dartagnan write them. */
const wrapNot = (e: Expr): string => `(${printExpr(e)})`;

/** herd's names for a test by its quantifier. */
export const TEST_KIND = { exists: 'Allowed', 'not exists': 'Forbidden', forall: 'Required' } as const;
const QUANTIFIER_TEXT = { exists: 'exists', 'not exists': '~exists', forall: 'forall' } as const;

/** The final condition as written: `~exists (P1:%r0 == 1)`. */
export const conditionText = (t: LitmusTest): string => `${QUANTIFIER_TEXT[t.condition.quantifier]} ${wrapNot(t.condition.expr)}`;

export function printLitmus(t: LitmusTest): string {
  const out: string[] = [`${t.arch} ${t.name}`];
  for (const d of t.docs) out.push(`"${d}"`);
  out.push('{');
  for (const l of t.locations) out.push(`  ${locDecl(l)}`);
  for (const r of t.regInits) {
    out.push(`  P${r.thread}:${reg(r.reg)} = ${'addressOf' in r ? '&' + r.addressOf : r.value};`);
  }
  out.push('}');

  const header = t.threads.map(({ placement: p }) => {
    const levels = [
      p.warp !== undefined ? `warp ${p.warp}` : null,
      `cta ${p.cta}`,
      p.cluster !== undefined ? `cluster ${p.cluster}` : null,
      `gpu ${p.gpu}`,
    ].filter((x) => x !== null);
    return `P${p.id}@${levels.join(',')}`;
  });
  const columns = t.threads.map((th) => th.code.filter((s) => s.op !== 'label' || s.name !== LEAVE_LABEL).map((s) => stmt(s.op === 'bar' ? genuineBar(s, th, t) : s)));
  const height = Math.max(0, ...columns.map((c) => c.length));
  const widths = t.threads.map((_, i) => Math.max(header[i]!.length, ...columns[i]!.map((s) => s.length)));
  const row = (cells: string[]) => ' ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' ;';
  out.push(row(header));
  for (let r = 0; r < height; r++) out.push(row(columns.map((c) => c[r] ?? '')));
  out.push('');

  if (t.observed.length) out.push(`locations [${t.observed.map((o) => observable(o) + ';').join(' ')}]`);
  if (t.filter) out.push(`filter ${wrapNot(t.filter)}`);
  out.push(conditionText(t));
  return out.join('\n') + '\n';
}
