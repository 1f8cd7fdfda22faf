// `ptxmm model` and `--model FILE.cat` as a user runs them: the printed built-in model answers
// as the built-in, an edit of it as the edit says, a model of one's own (SC) with its own
// axiom names in `why`, on worker threads too; faults in the file at their position.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MP_TEXT, SB_TEXT, ptxmm, scratch } from '../tests/cli.js';
import { PTXMM_SCHEMA, validate } from '../tests/jsonschema.js';

const { write } = scratch('ptxmm-model-');
const MP = write('mp.litmus', MP_TEXT);
const SB = write('sb.litmus', SB_TEXT);
const SC = write('sc.cat', `"SC" (* Lamport's, over ptxmm's events *)
let fr = rf^-1; co
acyclic po | rf | co | fr as SC
empty rmw & (fr; co) as Atomicity
`);

/** check --json's records without their times. */
const records = (out: string): unknown[] => out.trim().split('\n').map((l) => {
  const o = JSON.parse(l) as Record<string, unknown>;
  delete o.seconds;
  return o;
});

test('the printed ptx75 answers as the built-in; without its Causality line, as --without Causality', () => {
  const printed = ptxmm('model', 'ptx75');
  assert.is(printed.code, 0, printed.err);
  const cat = write('ptx75.cat', printed.out);
  const builtIn = ptxmm('check', '--json', MP, SB);
  const fromCat = ptxmm('check', '--json', '--model', cat, MP, SB);
  assert.is(fromCat.code, 0, fromCat.err);
  // The same answers, under the file's name: a file is not the built-in model, whatever its name.
  const unnamed = (out: string): unknown[] => records(out).map((r) => ({ ...(r as object), model: null }));
  assert.equal(unnamed(fromCat.out), unnamed(builtIn.out));
  assert.equal((records(fromCat.out) as { model?: string }[]).slice(0, 2).map((r) => r.model), ['ptx75.cat', 'ptx75.cat']);

  const lines = printed.out.split('\n');
  const causality = lines.findIndex((l) => l.startsWith('irreflexive (rf | fr); cause as Causality'));
  assert.ok(causality > 0, printed.out);
  const edited = write('no-causality.cat', lines.filter((_, i) => i !== causality).join('\n'));
  const without = ptxmm('check', '--json', '--without', 'Causality', MP);
  const fromEdit = ptxmm('check', '--json', '--model', edited, MP);
  const states = (out: string): unknown => (records(out)[0] as { states: unknown }).states;
  assert.equal(states(fromEdit.out), states(without.out));
  // The edit matters: MP's stale read, forbidden by ptx75, is a state now.
  assert.not.equal(states(fromEdit.out), states(builtIn.out));
  assert.match(fromEdit.out, /"P1:r0":"1","P1:r1":"0"/);
});

test("a model of one's own: SC forbids SB's relaxed outcome, and why names its axiom", () => {
  const r = ptxmm('check', '--model', SC, SB);
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /^Test SB Allowed\nStates 3\n/);
  assert.not.match(r.out, /P0:r0=0; P1:r1=0;/);
  const why = ptxmm('why', '--model', SC, SB);
  assert.is(why.code, 0, why.err);
  assert.match(why.out, /^SB \(SC\): .* is unreachable/);
  assert.match(why.out, /Smallest set of axioms to remove for it to be reachable: \{SC\}/);
  assert.match(why.out, /SC \(.*sc\.cat:3: acyclic po \| rf \| co \| fr\) fails:\n {2}cycle: /);
  // Worker threads read the same model.
  const jobs = ptxmm('check', '--jobs', '2', '--model', SC, SB, MP);
  const one = ptxmm('check', '--model', SC, SB, MP);
  const noTimes = (out: string): string => out.replace(/^Time .*$/gm, '').replace(/, [\d.]+ s$/m, '');
  assert.is(noTimes(jobs.out), noTimes(one.out));
});

test('prove --model FILE.cat --against ptx75: sync in any scope is stronger, with a confirmed counterexample', () => {
  const printed = ptxmm('model', 'ptx75').out;
  const variant = printed.replace('let sync = morally-strong & (release-pattern; observation; acquire-pattern)', 'let sync = release-pattern; observation; acquire-pattern');
  assert.is.not(variant, printed);
  const cat = write('any-scope.cat', variant);
  const out = join(dirname(cat), 'cx');
  const r = ptxmm('prove', '--model', cat, '--against', 'ptx75', '--events', '5', '--out', out);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /^ptx75-accepts-any-scope: holds for every execution of up to 5 events/m);
  assert.match(r.out, /^any-scope-accepts-ptx75: counterexample with \d events/m);
  assert.match(r.out, /ptx75 accepts this execution; any-scope rejects it \(Causality\)/);
  // The litmus test written is confirmed by check under each model, the cat one by its file.
  assert.match(r.out, /accepted by ptx75: ptxmm check --model ptx75 \S+: outcome reachable \(reachable claimed, as claimed\)/);
  assert.match(r.out, new RegExp(`rejected by any-scope: ptxmm check --model ${cat.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\S+: outcome unreachable \\(unreachable claimed, as claimed\\)`));
  assert.match(r.out, /Totals: 2 theorems up to 5 events, 1 hold, 1 counterexample, 0 timeouts; 0 unexpected, 0 unconfirmed/);
  assert.is(ptxmm('prove', '--model', cat, '--against', 'ptx75', 'implied-Causality').code, 2);
  // As JSON: both records are the group 'compare', their model the two compared (the accepting one first), and they hold to the schema.
  const j = ptxmm('prove', '--model', cat, '--against', 'ptx75', '--events', '3', '--json');
  const recs = j.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const rec of recs) assert.equal(validate(rec, PTXMM_SCHEMA), [], JSON.stringify(rec).slice(0, 200));
  assert.equal(recs.filter((r) => r['type'] === 'prove').map((r) => [r['group'], r['model']]), [['compare', 'any-scope and ptx75'], ['compare', 'ptx75 and any-scope']]);
});

test('check --against: the states only one model allows, test by test', () => {
  const r = ptxmm('check', '--model', SC, '--against', 'ptx75', SB, MP);
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /^Test SB: the states differ \(SC 3, ptx75 4\)\n {2}only under ptx75: P0:r0=0; P1:r1=0;\n {2}condition exists \(P0:%r0 == 0 \/\\ P1:%r1 == 0\): No under SC, Ok under ptx75\n/);
  assert.match(r.out, /\nTest MP: the same 3 states under SC and ptx75\n/);
  assert.match(r.out, /\nTotals: 2 tests, 1 same, 1 differ, 0 Unknown, 0 errors, /);
  const j = ptxmm('check', '--json', '--model', SC, '--against', 'ptx75', SB);
  const rec = JSON.parse(j.out.split('\n')[0]!) as Record<string, unknown>;
  assert.equal([rec.type, rec.result, rec.model, rec.against, rec.states], ['compare', 'differ', 'SC', 'ptx75', { model: 3, against: 4 }]);
  assert.equal([rec.onlyModel, rec.onlyAgainst], [[], [{ 'P0:r0': '0', 'P1:r1': '0' }]]);
  assert.equal(rec.validated, { model: false, against: true });
  assert.is(ptxmm('check', '--jobs', '2', '--model', SC, '--against', 'ptx75', SB).code, 2);
  assert.is(ptxmm('check', '--against', 'ptx75', SB).code, 2, 'a model against itself');
});

test('conform --model FILE.cat: the verdicts that change under the model; rows naming a model refused', () => {
  const csv = write('expected.csv', 'mp.litmus,1\nsb.litmus,1\n');
  const built = ptxmm('conform', '--expect', csv, '--root', dirname(MP));
  assert.is(built.code, 0, built.out + built.err);
  const r = ptxmm('conform', '--expect', csv, '--root', dirname(MP), '--model', SC);
  assert.is(r.code, 1);
  assert.match(r.out, /^FAIL sb\.litmus: expected 1, SC gives 0\n/);
  assert.match(r.out, /\n1 passed, 1 failed\n$/);
  const named = write('named.csv', 'mp.litmus,ptx75,1\n');
  const refused = ptxmm('conform', '--expect', named, '--root', dirname(MP), '--model', SC);
  assert.is(refused.code, 2);
  assert.match(refused.err, /its rows name their model \(ptx60 or ptx75\); --model FILE\.cat checks rows 'path,1\|0'/);
});

test('a model that allows no execution of a test says so, naming the axioms of a minimal core', () => {
  const none = write('none.cat', 'acyclic po as Fine\nempty _*_ as Nothing\nirreflexive id as Never\n');
  const r = ptxmm('check', '--model', none, SB);
  assert.match(r.out, /^Test SB Allowed\nStates 0\nModel: its axioms rule out every execution \((Nothing|Never)\)\nNo\n/);
  const j = JSON.parse(ptxmm('check', '--json', '--model', none, SB).out.split('\n')[0]!) as { noStates: { why: string; axioms: string[] } };
  assert.is(j.noStates.why, 'model');
  assert.is(j.noStates.axioms.length, 1);
});

test('a model without NoThinAir: an atom may read its own write, any value; listing stops with that reason', () => {
  const cas = write('cas.litmus', 'PTX CAS\n{ x=0; }\n P0@cta 0,gpu 0 ;\n atom.relaxed.gpu.cas.b32 %r0, [x], 0, 1 ;\nexists (P0:%r0 == 0)\n');
  const loose = write('loose.cat', 'let fr = rf^-1; co\nempty rmw & (fr; co) as Atomicity\n');
  const r = ptxmm('check', '--model', loose, cas);
  assert.is(r.code, 1);
  assert.match(r.out, /Unknown: over 1000 final states and more to come: loose has no NoThinAir axiom \(acyclic rf \| dep\), so a read may return a value out of thin air/);
  const tight = write('tight.cat', 'let fr = rf^-1; co\nempty rmw & (fr; co) as Atomicity\nacyclic rf | dep as NoThinAir\n');
  assert.match(ptxmm('check', '--model', tight, cas).out, /^Test CAS Allowed\nStates 1\nP0:r0=0;\nOk\n/);
});

test('faults: a bad cat file at its position (exit 2); commands of the PTX machine refuse cat', () => {
  const bad = write('bad.cat', 'let a = po\nlet b = frob; rf\n');
  const r = ptxmm('check', '--model', bad, MP);
  assert.is(r.code, 2);
  assert.match(r.err, /bad\.cat:2:9: unknown name 'frob'/);
  assert.is(r.out, '');
  const run = ptxmm('run', '--model', SC, MP);
  assert.is(run.code, 2);
  assert.match(run.err, /this command takes ptx60 or ptx75 \(the executor runs the PTX model; a cat model is read by check, conform, show, why, prove and kernel\)/);
  const printed = ptxmm('model', bad);
  assert.is(printed.code, 2);
  assert.match(printed.err, /bad\.cat:2:9:/);
  assert.is(ptxmm('model').code, 2);
  const missing = ptxmm('check', '--model', '/nonexistent/m.cat', MP);
  assert.is(missing.code, 2);
  assert.match(missing.err, /cannot read \/nonexistent\/m\.cat: no such file/);
  const dir = join(dirname(SC), 'adir.cat');
  mkdirSync(dir, { recursive: true });
  const isDir = ptxmm('model', dir);
  assert.is(isDir.code, 2);
  assert.match(isDir.err, /cannot read .*adir\.cat: is a directory/);
});

test("a copy of a built-in model titled with its name answers under its file's name, never the built-in's", () => {
  // A copy titled "ptx75" (herd's first line), then edited: it is not ptx75.
  const titled = `"ptx75"\n${ptxmm('model', 'ptx75').out}`;
  const variant = write('variant.cat', titled.split('\n').filter((l) => !l.startsWith('irreflexive (rf | fr); cause as Causality')).join('\n'));
  const rec = JSON.parse(ptxmm('check', '--json', '--model', variant, MP).out.split('\n')[0]!) as { model: string };
  assert.is(rec.model, 'variant.cat');
  assert.match(ptxmm('prove', '--model', variant, '--list').out, /variant\.cat's other axioms imply Coherence/);
});

test('prove --model FILE.cat of a model that may leave coherence partial: fenced-sc and mapping-mototal fail, each with two unordered writes', () => {
  // Without Coherence2, two morally strong writes may stay unordered in co; SC and RC11 order
  // each location's writes totally. Their acyclicity over the partial co once said "holds".
  const printed = ptxmm('model', 'ptx75').out;
  const variant = printed.split('\n').filter((l) => !l.includes(' as Coherence2')).join('\n');
  assert.is.not(variant, printed);
  const cat = write('nocoh2.cat', variant);
  const r = ptxmm('prove', '--model', cat, '--events', '4', '--out', join(dirname(cat), 'cx-nocoh2'), 'fenced-sc', 'mapping-mototal');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /^fenced-sc: counterexample with 2 events .*UNEXPECTED/m);
  assert.match(r.out, /nocoh2 allows this execution, which is not sequentially consistent \(CoTotal\)/);
  assert.match(r.out, /^mapping-mototal: counterexample with 2 events .*UNEXPECTED/m);
  assert.match(r.out, /0 unconfirmed/);
});

test('prove: a theorem that holds of no execution is vacuous, not as expected; options are checked before anything runs', () => {
  const printed = ptxmm('model', 'ptx75').out;
  const cat = write('nothing.cat', `${printed}\nirreflexive id as Nothing\n`);
  const r = ptxmm('prove', '--model', cat, '--events', '3', 'fenced-sc', 'mono-added-fence');
  assert.is(r.code, 1, r.out + r.err);
  assert.match(r.out, /^fenced-sc: holds for every execution of up to 3 events \(nothing, [\d.]+ s\) {2}VACUOUS\n.*\n {2}No execution of 1 to 3 events meets its assumptions under nothing: it holds of nothing\./m);
  assert.match(r.out, /2 unexpected/);
  const j = ptxmm('prove', '--model', cat, '--events', '2', 'fenced-sc', '--json');
  const rec = JSON.parse(j.out.split('\n')[0]!) as Record<string, unknown>;
  assert.equal(validate(rec, PTXMM_SCHEMA), []);
  assert.equal([rec['answer'], rec['vacuous'], rec['asExpected']], ['holds', true, false]);
  assert.ok((rec['unsearched'] as string[]).some((u) => u.startsWith('sync_barrier')), 'the note that text prints first');
  // Under ptx75 the same theorem holds of something.
  const real = JSON.parse(ptxmm('prove', '--events', '2', 'fenced-sc', '--json').out.split('\n')[0]!) as Record<string, unknown>;
  assert.equal([real['answer'], real['vacuous'], real['asExpected']], ['holds', false, true]);
  // Usage errors, each exit 2, also for a model without checks (which runs nothing).
  const none = write('nochecks2.cat', '"Any"\nlet x = po\n');
  for (const args of [['--events', '0x2'], ['--events', '1e0'], ['--model', none, '--events', 'abc'], ['--model', none, '--timeout', 'x'], ['--list', '--json'], ['compare']]) {
    const u = ptxmm('prove', ...args);
    assert.is(u.code, 2, `${args.join(' ')}: ${u.out}${u.err}`);
  }
  assert.match(ptxmm('prove', 'compare').err, /the group compare is the two theorems --against MODEL asks/);
});

test('prove --model FILE.cat of a model without checks: no theorems of its own, none run', () => {
  const none = write('nochecks.cat', '"Any"\nlet x = po\n');
  const r = ptxmm('prove', '--model', none, '--events', '2');
  assert.is(r.code, 0, r.err);
  assert.match(r.out, /nochecks\.cat has no checks, so no theorems of its own .*\nTotals: 0 theorems\n$/);
});

test.run();
