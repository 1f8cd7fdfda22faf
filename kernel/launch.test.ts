// A kernel's launch directives (kernel/module.ts LaunchDirective, instantiate.ts launchRules):
// CTAs launched in clusters share .cluster scope; a launch CUDA refuses is refused at the
// directive it breaks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ptxmm, scratch } from '../tests/cli.js';

const S = scratch('ptxmm-launch-');

/**
 * Message passing between CTA 0 (data, then a release.cluster flag) and CTA 1 (spins on an
 * acquire.cluster load of it, then copies the data to out): as nvcc writes
 * `__cluster_dims__(2,1,1)` (the directives `head`).
 */
const mp = (head: string): string => `.version 9.0
.target sm_90
.address_size 64
.global .align 4 .u32 flag;
.global .align 4 .u32 data;
.global .align 4 .u32 out;
.visible .entry k()
${head}
{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	mov.u32 %r1, %ctaid.x;
	setp.eq.s32 %p1, %r1, 0;
	@%p1 bra $W;
$R:
	ld.acquire.cluster.global.b32 %r3, [flag];
	setp.eq.s32 %p2, %r3, 0;
	@%p2 bra $R;
	ld.global.u32 %r4, [data];
	st.global.u32 [out], %r4;
	ret;
$W:
	st.global.u32 [data], 42;
	st.release.cluster.global.b32 [flag], 1;
	ret;
}
`;

const run = (head: string, ...args: string[]): ReturnType<typeof ptxmm> =>
  ptxmm('kernel', S.write('mp.ptx', mp(head)), '--grid', '2', '--assert', 'out == 42', '--races', ...args);

test('CTAs of one cluster synchronize at .cluster scope; CTAs in clusters of their own do not', () => {
  const fixed = run('.explicitcluster\n.reqnctapercluster 2, 1, 1');
  assert.is(fixed.code, 0, fixed.out + fixed.err);
  assert.match(fixed.out, /Assert out == 42: holds for grid 2 \(clusters of 2\), block 1/);
  assert.match(fixed.out, /Data races: holds/);
  // No directive: each CTA is a cluster of its own, and .cluster scope does not reach the other.
  const none = run('');
  assert.is(none.code, 1, none.out + none.err);
  assert.match(none.out, /Assert out == 42: FAILS/);
  assert.match(none.out, /Data races: FAILS/);
  // The launch gives the clusters (cudaLaunchKernelEx).
  const given = run('', '--cluster', '2');
  assert.is(given.code, 0, given.out + given.err);
  const json = JSON.parse(run('', '--cluster', '2', '--json').out.split('\n')[0]!) as { cluster: unknown };
  assert.equal(json.cluster, { x: 2, y: 1, z: 1 });
});

test('a launch CUDA refuses is refused at the directive it breaks', () => {
  const cases: [string, string[], RegExp][] = [
    ['.reqnctapercluster 2, 1, 1', ['--cluster', '1'], /mp\.ptx:9:1: the kernel's clusters are 2 CTAs \(\.reqnctapercluster, __cluster_dims__\): a launch with clusters of 1 fails/],
    ['.explicitcluster', [], /mp\.ptx:8:1: the kernel must be launched in clusters \(\.explicitcluster\): give their size with --cluster/],
    ['.reqntid 64', [], /mp\.ptx:8:1: the kernel requires blocks of 64 threads \(\.reqntid\): a launch with blocks of 1 fails/],
    ['.maxntid 1, 1, 1', ['--block', '2'], /mp\.ptx:8:1: the kernel takes at most 1 threads a block \(\.maxntid\): a launch with blocks of 2 fails/],
    ['', ['--cluster', '3'], /a grid of 2 CTAs does not divide into clusters of 3: the launch fails/],
    ['.maxclusterrank 1', ['--cluster', '2'], /mp\.ptx:8:1: clusters of 2 CTAs are more than \.maxclusterrank 1 allows: the launch fails/],
  ];
  for (const [head, args, want] of cases) {
    const r = run(head === '.reqnctapercluster 2, 1, 1' ? `.explicitcluster\n${head}` : head, ...args);
    assert.is(r.code, 2, `${head}: ${r.out}${r.err}`);
    assert.match(r.err, want, head);
  }
  // A size past 2^53 is no whole number JavaScript holds: refused as given, not echoed rounded.
  const huge = ptxmm('kernel', S.write('mp.ptx', mp('')), '--grid', '99999999999999999999', '--assert', 'out == 42');
  assert.is(huge.code, 2);
  assert.match(huge.err, /--grid must be 1 to 3 positive whole numbers \(2, 2x2, 2x1x1\), not '99999999999999999999'/);
  // Clusters past 16 CTAs (the grid is 2 in run(): given here in full).
  const big = ptxmm('kernel', S.write('mp.ptx', mp('')), '--grid', '32', '--cluster', '32', '--assert', 'out == 42');
  assert.is(big.code, 2, big.out + big.err);
  assert.match(big.err, /clusters of 32 CTAs: CUDA launches at most 16 \(8 portably/);
  // Launches that keep the directives run.
  assert.is(run('.reqntid 1', '--block', '1').code, 1, '.reqntid met (the race is still there)');
  assert.is(run('.maxntid 256').code, 1, '.maxntid met');
});


// One buffer given to two pointer parameters (`--param a` after `--param a:u32[2]`): the
// kernel writes through one and reads through the other, as memmove's overlapping arguments.
const copy = `.version 9.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0, .param .u64 k_param_1)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [k_param_0];
	ld.param.u64 %rd2, [k_param_1];
	cvta.to.global.u64 %rd3, %rd1;
	cvta.to.global.u64 %rd4, %rd2;
	st.global.u32 [%rd3], 5;
	ld.global.u32 %r1, [%rd4];
	st.global.u32 [%rd3+4], %r1;
	ret;
}
`;

test('a pointer parameter may point into the buffer another parameter gives, at an element', () => {
  const f = S.write('copy.ptx', copy);
  const same = ptxmm('kernel', f, '--param', 'a:u32[2]=0,9', '--param', 'a', '--assert', 'a[0] == 5 /\\ a[1] == 5');
  assert.is(same.code, 0, same.out + same.err);
  const next = ptxmm('kernel', f, '--param', 'a:u32[2]=0,9', '--param', 'a+1', '--assert', 'a[0] == 5 /\\ a[1] == 9');
  assert.is(next.code, 0, next.out + next.err);
  // Apart, the read sees the other buffer's value.
  const apart = ptxmm('kernel', f, '--param', 'a:u32[2]=0,9', '--param', 'b:u32[1]=7', '--assert', 'a[1] == 7');
  assert.is(apart.code, 0, apart.out + apart.err);
  const spec = S.write('copy.kernel.json', JSON.stringify({
    ptx: 'copy.ptx', grid: [1], block: [1], params: [{ buffer: 'a', type: 'u32', size: 2, init: [0, 9] }, { alias: 'a', offset: 1 }], assert: ['a[1] == 9'],
  }));
  const fromSpec = ptxmm('kernel', spec);
  assert.is(fromSpec.code, 0, fromSpec.out + fromSpec.err);
  const none = ptxmm('kernel', f, '--param', 'a:u32[2]', '--param', 'c', '--assert', 'a[0] == 5');
  assert.is(none.code, 2);
  assert.match(none.err, /points into c, and no parameter gives a buffer of that name \(a\)/);
  const past = ptxmm('kernel', f, '--param', 'a:u32[2]', '--param', 'a+3', '--assert', 'a[0] == 5');
  assert.is(past.code, 2);
  assert.match(past.err, /points at element 3 of a, which has 2/);
});

test('a spec number past 2^53 is refused as inexact JSON, not as a rounded value', () => {
  S.write('copy.ptx', copy);
  const spec = S.write('big.kernel.json', '{ "ptx": "copy.ptx", "grid": [1], "block": [1], "params": [{ "buffer": "a", "type": "u64", "size": 2, "init": [9007199254740993, 0] }, { "alias": "a" }], "assert": ["a[0] == 5"] }');
  const r = ptxmm('kernel', spec);
  assert.is(r.code, 2);
  assert.match(r.err, /is past 2\^53, where a JSON number is not exact \(read as 9007199254740992\): write it in quotes/);
});

test('a spec parameter with an unknown field, and a number with a leading zero, are refused', () => {
  S.write('copy.ptx', copy);
  const typo = ptxmm('kernel', S.write('typo.kernel.json', '{ "ptx": "copy.ptx", "grid": [1], "block": [1], "params": [{ "buffer": "a", "type": "u32", "size": 2 }, { "alias": "a", "ofset": 1 }], "assert": ["a[0] == 5"] }'));
  assert.is(typo.code, 2);
  assert.match(typo.err, /parameter 1: unknown field "ofset"/);
  const octal = ptxmm('kernel', S.write('copy.ptx', copy), '--param', 'a:u32[2]=0,010', '--param', 'a', '--assert', 'a[0] == 5');
  assert.is(octal.code, 2);
  assert.match(octal.err, /'010' has a leading zero/);
});

test.run();
