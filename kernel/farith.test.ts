// Float arithmetic as nvcc writes it, against the host's C: kernel/farith/ holds 30 kernels of
// random float and double C expressions (+ - * /, sqrt, fmin, fmax, fabs, negation, comparisons
// and ?:, floor, ceil, trunc, rint, conversions between float, double and int in each rounding,
// CUDA's rounding intrinsics, __saturatef), nvcc's PTX of them (-fmad=false: each operation
// rounds as written), and the bits the host computed (kernel/farith/generate.py). Each kernel
// must store exactly those bits (a NaN: any NaN).
import { test } from 'uvu';
import { isNvccOutput, storesHostValues } from '../tests/hostc.js';

test('each kernel stores the bits the host computes from the same C', async () => {
  await storesHostValues('farith', 30);
});

test('the committed PTX is what nvcc writes from farith.cu (where nvcc is installed)', () => {
  isNvccOutput('farith', ['-fmad=false']);
});

test.run();
