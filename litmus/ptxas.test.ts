// NVIDIA's ptxas is the ground truth for genuine PTX syntax: every instruction our printer
// writes in genuine form (from our own tests and the whole Dartagnan corpus) must assemble.
// Runs where ptxas is on PATH (developer machines with CUDA); CI machines have none.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLitmusFiles } from './parse.js';
import { printInstr } from './print.js';
import { floatWidths } from './floats.js';
import { type Instr, type Value, type Address, typeWidth } from './ast.js';
import { CORPUS, OWN_TESTS, hasCorpus } from '../tests/paths.js';

const hasPtxas = spawnSync('ptxas', ['--version']).status === 0;

/** Forms ptxmm keeps in its own dialect because PTX has no spelling for them. */
function isDialect(i: Instr): boolean {
  switch (i.op) {
    case 'ld': case 'st': case 'atom': case 'red':
      return (i.proxy !== 'generic' && !(i.op === 'ld' && i.nc)) || ('aop' in i && i.aop === 'sub') || (i.op === 'red' && i.ord.sem === 'acq_rel');
    case 'fence.proxy': return i.kind !== 'alias';
    case 'bcmp': return true;
    case 'bar': return i.instance !== undefined || (i.mode === 'arrive' && i.count === undefined);
    default: return false;
  }
}

/** Accesses to .shared need a location declared in .shared: give them one of their own. */
function inSpace(i: Instr): Instr {
  if (!('addr' in i) || i.addr.kind !== 'loc' || i.space === 'generic' || i.space === 'global') return i;
  return { ...i, addr: { kind: 'loc', name: `${i.space}__${i.addr.name}` } };
}
const SPACE_DECL: Record<string, string> = { shared: '.shared', shared_cluster: '.shared', local: '.local', const: '.const', param: '.global' };

const regType = (width: number): string => (width === 64 ? '.b64' : width === 16 ? '.b16' : width === 1 ? '.pred' : '.b32');

/** A kernel holding one instruction, with its registers and locations declared. */
function kernel(name: string, i: Instr): string {
  const regs = new Map<string, string>();
  const width = 'type' in i ? typeWidth(i.type) : 32;
  const val = (v: Value | undefined): void => { if (v && v.kind === 'reg') regs.set(v.name, regType(width)); };
  const addr = (a: Address): void => { if (a.kind === 'reg') regs.set(a.name, '.b64'); };
  if (i.guard) regs.set(i.guard.reg.name, '.pred');
  switch (i.op) {
    case 'ld': regs.set(i.dst.name, regType(width)); addr(i.addr); break;
    case 'st': addr(i.addr); val(i.src); break;
    case 'atom': regs.set(i.dst.name, regType(width)); addr(i.addr); val(i.b); val(i.c); break;
    case 'red': addr(i.addr); val(i.b); break;
    case 'bar': val(i.id); val(i.count); break;
    case 'mov': regs.set(i.dst.name, regType(width)); if (i.src.kind === 'reg') val(i.src); break;
    case 'alu':
      regs.set(i.dst.name, regType(i.wide ? 2 * width : width)); val(i.a); val(i.b); val(i.c); val(i.d);
      // The shift amount, and bfe's and bfi's positions and lengths, are .u32 whatever the type.
      for (const x of i.aop === 'shl' || i.aop === 'shr' ? [i.b] : i.aop === 'bfe' ? [i.b, i.c] : i.aop === 'bfi' ? [i.c, i.d] : []) {
        if (x && x.kind === 'reg') regs.set(x.name, '.b32');
      }
      break;
    case 'selp': regs.set(i.dst.name, regType(width)); val(i.a); val(i.b); regs.set(i.p.name, '.pred'); break;
    // popc and clz count into a .u32 whatever the operand's width.
    case 'unary': regs.set(i.dst.name, i.uop === 'popc' || i.uop === 'clz' || i.uop === 'bfind' ? '.b32' : regType(width)); val(i.a); break;
    case 'cvt':
      regs.set(i.dst.name, regType(Number(i.dtype.slice(1))));
      if (i.a.kind === 'reg') regs.set(i.a.name, regType(Number(i.stype.slice(1))));
      break;
    case 'setp': val(i.a); val(i.b); regs.set(i.dst.name, '.pred'); break;
    case 'nanosleep': val(i.t); break;
    case 'fop': {
      // A float operation's registers at its operand and result widths (setp's result a predicate).
      const { args, result } = floatWidths(i.f);
      regs.set(i.dst.name, regType(result));
      for (const a of i.args) if (a.kind === 'reg') regs.set(a.name, regType(args));
      break;
    }
    default: break;
  }
  const body = [
    ...[...regs].map(([r, t]) => `  .reg ${t} %${r};`),
    `  ${printInstr(i)};`,
    ...(i.op === 'bra' ? [`${i.target}:`] : []),
    '  ret;',
  ];
  return `.visible .entry ${name}() {\n${body.join('\n')}\n}\n`;
}

test('ptxas assembles every instruction the printer writes in genuine form', () => {
  if (!hasPtxas) {
    console.log('  (ptxas not on PATH: skipped)');
    return;
  }
  const dirs = [OWN_TESTS, ...(hasCorpus ? [join(CORPUS, 'litmus')] : [])].filter(existsSync);
  const seen = new Map<string, Instr>();
  const locs = new Set<string>();
  for (const r of readLitmusFiles(dirs)) {
    if (!r.test) continue;
    for (const l of r.test.locations) locs.add(l.name);
    for (const th of r.test.threads) {
      for (const s of th.code) {
        if (s.op === 'label' || isDialect(s)) continue;
        const i = inSpace(s);
        if ('addr' in i && i.addr.kind === 'loc') locs.add(i.addr.name);
        if (i.op === 'mov' && i.src.kind === 'loc') locs.add(i.src.name);
        seen.set(printInstr(i), i);
      }
    }
  }
  assert.ok(seen.size > 50, `only ${seen.size} distinct instructions found`);
  const kernels = [...seen.values()].map((i, n) => kernel(`k${n}`, i));
  const header = ['.version 8.5', '.target sm_90', '.address_size 64', ...[...locs].map((l) => `${SPACE_DECL[l.split('__')[0]!] ?? '.global'} .b64 ${l};`)].join('\n');
  const src = `${header}\n${kernels.join('\n')}`;
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-ptxas-'));
  const file = join(dir, 'all.ptx');
  writeFileSync(file, src);
  try {
    execFileSync('ptxas', ['-arch=sm_90', file, '-o', join(dir, 'all.o')], { stdio: 'pipe' });
  } catch (e) {
    const err = String((e as { stderr?: Buffer }).stderr ?? e);
    const lines = src.split('\n');
    const shown = err.split('\n').slice(0, 10).map((l) => {
      const m = /line (\d+)/.exec(l);
      return m ? `${l}\n      ${lines[Number(m[1]) - 1]?.trim()}` : l;
    });
    assert.unreachable(`ptxas rejected printed instructions:\n${shown.join('\n')}`);
  }
  console.log(`  ptxas accepted ${seen.size} distinct printed instructions`);
});

test.run();
