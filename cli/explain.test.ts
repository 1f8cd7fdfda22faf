// `ptxmm show`, `ptxmm why` and `check --witness` as a user runs them: output, formats,
// outcome syntax errors with positions, usage errors, exit status, the process exiting.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MP_TEXT, SB_TEXT, ptxmm, scratch } from '../tests/cli.js';
import { OWN_TESTS } from '../tests/paths.js';

const { dir, write } = scratch('ptxmm-explain-');

// MP with release/acquire: the stale read is forbidden (Causality); the fresh one is allowed.
const MP = write('mp.litmus', MP_TEXT);

test('why names Causality and the fr;cause cycle through sync for forbidden MP', () => {
  const r = ptxmm('why', MP);
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /is unreachable/);
  assert.match(r.out, /Smallest set of axioms to remove for it to be reachable: \{Causality\}/);
  // e (the stale read) -fr-> a (the data write) -cause-> e, where cause is po;sync.
  assert.match(r.out, /cycle: (\w) -fr-> (\w) -cause-> \1/);
  assert.match(r.out, /where \w -cause-> \w: \w -po-> \w -sync-> \w/);
});

test('why names the event of a check an identity breaks (acyclic [R]): the cycle is that event to itself', () => {
  const cat = write('self.cat', 'acyclic rf | dep as NTA\nacyclic [R] as X\n');
  const r = ptxmm('why', '--model', cat, '--outcome', 'P1:r0 == 0', MP);
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /X \(.*self\.cat:2: acyclic \[R\]\) fails:\n  cycle: (\w) -\[R\]-> \1\n/);
});

test('show: a counterexample is none here (exit 1); the allowed outcome is drawn', () => {
  const none = ptxmm('show', MP);
  assert.is(none.code, 1);
  assert.match(none.out, /unreachable/);
  const r = ptxmm('show', MP, '--outcome', 'P1:r0 == 1 /\\ P1:r1 == 1', '--rel', 'cause');
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /is reachable/);
  assert.match(r.out, /rf: .*\n/);
  assert.match(r.out, /sync: \w->\w/);
  assert.match(r.out, /cause: /);
  assert.match(r.out, /P0: st.release.gpu/);
});

test('--rel: a relation already drawn is drawn once; a relation asked for keeps its self-loops', () => {
  const base = ptxmm('show', MP, '--outcome', 'P1:r0 == 1', '--rel', 'po,rf,co');
  const plain = ptxmm('show', MP, '--outcome', 'P1:r0 == 1');
  const lines = (o: string): string[] => o.split('\n').filter((l) => /^\s+(po|rf|co):/.test(l));
  assert.equal(lines(base.out), lines(plain.out));
  // The atom causes itself (it reads the write that comes after it): c -cause-> c, and not only
  // the one the violation marks.
  const cause = ptxmm('why', join(OWN_TESTS, 'instr', 'ATOM-exch.litmus'), '--rel', 'cause');
  const loops = [...(cause.out.match(/cause: (.*)/)?.[1] ?? '').matchAll(/(\w+)->\1\b/g)].length;
  assert.ok(loops >= 2, cause.out);
});

test('po, co and fr are drawn reduced, and whole when asked for by name (--rel fr drew the reduction)', () => {
  const t = write('fr.litmus', 'PTX FR\n{ x = 0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n st.relaxed.gpu x, 2 | ;\nexists (P1:r0 == 0 /\\ x == 2)\n');
  const edges = (o: string, rel: string): string => (new RegExp(`\\n\\s+${rel}: (.*)`).exec(o)?.[1] ?? '').trim();
  const plain = ptxmm('show', t);
  assert.is(plain.code, 0, plain.err);
  // The read of the initial write is before both of P0's writes; drawn, to the first only.
  assert.is(edges(plain.out, 'fr').split(' ').length, 1, plain.out);
  assert.is(edges(plain.out, 'co').split(' ').length, 2, plain.out);
  const whole = ptxmm('show', t, '--rel', 'fr,co');
  assert.is(edges(whole.out, 'fr').split(' ').length, 2, whole.out);
  assert.is(edges(whole.out, 'co').split(' ').length, 3, whole.out);
  // The SVG's title keeps the condition's /\ as written (DOT's escaping doubled it).
  const svg = ptxmm('show', t, '--format', 'svg');
  assert.match(svg.out, /<title>FR \(ptx75\): P1:%r0 == 0 \/\\ x == 2<\/title>/);
});

test('show says which of several writes last in coherence the final value is', () => {
  // P0's and P1's weak stores to data are not morally strong: co may leave both last.
  const r = ptxmm('show', join(OWN_TESTS, 'instr', 'MP+red-fence-not-acquire.litmus'));
  assert.is(r.code, 0, r.err);
  const m = r.out.match(/note: data=(\d+) is the value of (\w+): (\w+), (\w+) are each last in coherence/);
  assert.ok(m, r.out);
  // The write named holds that value, and it is one of the two last.
  const [, v, by, w1, w2] = m!;
  assert.match(r.out, new RegExp(`\\b${by}: W data=${v}\\b`));
  assert.ok([w1, w2].includes(by!));
  // Neither of the two has a co successor.
  const co = r.out.match(/\n\s+co: (.*)/)![1]!;
  for (const w of [w1, w2]) assert.not.match(co, new RegExp(`\\b${w}->`));
});

test('show writes DOT and SVG', () => {
  const svg = join(dir, 'mp.svg');
  const r = ptxmm('show', MP, '--outcome', 'P1:r0=1 /\\ P1:r1=1', '--format', 'svg', '-o', svg);
  assert.is(r.code, 0, r.err);
  assert.match(readFileSync(svg, 'utf8'), /^<\?xml[\s\S]*<svg[\s\S]*sync/);
  const d = ptxmm('show', MP, '--outcome', 'P1:r0=1', '--format', 'dot');
  assert.is(d.code, 0, d.err);
  assert.match(d.out, /^digraph/);
  assert.match(d.out, /label="rf", color=red/);
});

test('bad outcome, bad relation, bad file, bad format: positioned or usage errors', () => {
  const o = ptxmm('show', MP, '--outcome', 'P1:r0 == ');
  assert.is(o.code, 1);
  assert.match(o.err, /^--outcome:1:\d+: /);
  assert.not.match(o.err, /at .*\.js/);
  const u = ptxmm('show', MP, '--outcome', 'P1:r0 == 1 /\\ z == 1');
  assert.is(u.code, 1);
  assert.match(u.err, /--outcome:1:15: .*'z'/);
  // A register the thread never writes is a misspelling, not a register that stays 0.
  const r9 = ptxmm('show', MP, '--outcome', 'P1:r9 == 0');
  assert.is(r9.code, 1);
  assert.is(r9.err, '--outcome:1:4: P1 never writes or initialises r9, so its final value says nothing (a misspelt register?)\n');
  const rel = ptxmm('show', MP, '--outcome', 'P1:r0 == 1', '--rel', 'nosuch');
  assert.is(rel.code, 2);
  assert.match(rel.err, /unknown relation 'nosuch'/);
  const f = ptxmm('why', join(dir, 'missing.litmus'));
  assert.is(f.code, 1);
  // A file that cannot be read has no position to give.
  assert.match(f.err, /missing\.litmus: no such file or directory\n$/);
  const fmt = ptxmm('why', MP, '--format', 'png');
  assert.is(fmt.code, 2);
  assert.match(fmt.err, /unknown format/);
});

test('check --witness writes one SVG per test with a witness', () => {
  const out = join(dir, 'wit');
  const allowed = write('sb.litmus', SB_TEXT);
  const r = ptxmm('check', '--witness', out, MP, allowed);
  assert.is(r.code, 0, r.err);
  assert.equal(readdirSync(out), ['sb.svg']);
  assert.match(readFileSync(join(out, 'sb.svg'), 'utf8'), /<svg/);
  // Tests of one name in two folders: a drawing each, below the folders that tell them apart
  // (both were written to wit/sb.svg, the second over the first).
  const two = join(dir, 'two');
  mkdirSync(join(two, 'a', 'deep'), { recursive: true });
  mkdirSync(join(two, 'b'));
  writeFileSync(join(two, 'a', 'deep', 'sb.litmus'), SB_TEXT);
  writeFileSync(join(two, 'b', 'sb.litmus'), SB_TEXT.replace('PTX SB', 'PTX SB2'));
  const out2 = join(dir, 'wit2');
  assert.is(ptxmm('check', '--witness', out2, two).code, 0);
  assert.equal([readdirSync(out2).sort(), readdirSync(join(out2, 'a', 'deep')), readdirSync(join(out2, 'b'))], [['a', 'b'], ['sb.svg'], ['sb.svg']]);
  assert.match(readFileSync(join(out2, 'b', 'sb.svg'), 'utf8'), /SB2/);
});

test('show --outcome: a filter written after the condition is the test\'s, and is named when it is what excludes the outcome', () => {
  const f = write('sb-filter.litmus', `${SB_TEXT.trimEnd()}\nfilter (P0:r0 == 1)\n`);
  const r = ptxmm('show', f, '--outcome', 'P0:r0 == 0');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /is unreachable/);
  assert.match(r.out, /ruled out by: no axiom: the program and its filter alone/);
  // One axiom alone is named alone (not "together").
  const mp = ptxmm('show', join(OWN_TESTS, 'isa', 'ISA-MP.litmus'), '--outcome', 'P1:r0 == 1 /\\ P1:r1 == 0');
  assert.match(mp.out, /\n {2}ruled out by: Causality \(why says how\)\n/);
});

test('show names a minimal core; show and why name the barriers where every execution waits forever when the program alone rules an outcome out', () => {
  // Causality alone forbids it: an unminimized core also named Coherence.
  const cas = ptxmm('show', join(OWN_TESTS, 'instr', 'MP+exch.rel-cas.acq.litmus'));
  assert.match(cas.out, /\n {2}ruled out by: Causality \(why says how\)\n/);
  // Two threads of one CTA at count-less barriers of different instances: neither gets past.
  const hang = join(OWN_TESTS, 'liveness', 'HANG-bar-diff-cta-dat.litmus');
  const show = ptxmm('show', hang);
  assert.match(show.out, /ruled out by: no axiom: the program alone\n {2}No consistent execution finishes: every one leaves a thread waiting forever at P\d:bar\.cta\.sync 0, 1, 2\./);
  const why = ptxmm('why', hang);
  assert.match(why.out, /consistent or not\.\nNo consistent execution finishes: every one leaves a thread waiting forever at P\d:bar\.cta\.sync/);
  const rec = JSON.parse(ptxmm('why', '--json', hang).out.split('\n')[0]!) as { deadlock: string[] | null };
  assert.equal(rec.deadlock, ['P0:bar.cta.sync 0, 1, 2']);
  // No deadlock where the program finishes: the field is null. why's record names the core
  // (show's "ruled out by"), which its text, showing the smallest sets, does not ask for.
  const mpRec = JSON.parse(ptxmm('why', '--json', MP).out.split('\n')[0]!) as { deadlock: unknown; core: unknown; relaxations: unknown };
  assert.is(mpRec.deadlock, null);
  assert.equal(mpRec.core, ['Causality']);
  assert.equal(mpRec.relaxations, [['Causality']]);
});

test.run();
