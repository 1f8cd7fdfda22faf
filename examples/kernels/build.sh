#!/usr/bin/env bash
# Regenerate the .ptx files from the .cu sources. Run from examples/kernels/.
set -euo pipefail
cd "$(dirname "$0")"
nvcc -ptx -arch=sm_90 -O3 cas_lock.cu -o cas_lock.ptx
nvcc -ptx -arch=sm_90 -O3 cas_lock_nofence.cu -o cas_lock_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 ticket_lock.cu -o ticket_lock.ptx
nvcc -ptx -arch=sm_90 -O3 ttas_lock.cu -o ttas_lock.ptx
nvcc -ptx -arch=sm_90 -O3 xf_barrier.cu -o xf_barrier.ptx
nvcc -ptx -arch=sm_90 -O3 mp_blocks.cu -o mp_blocks.ptx
nvcc -ptx -arch=sm_90 -O3 mp_blocks_nofence.cu -o mp_blocks_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 last_block.cu -o last_block.ptx
nvcc -ptx -arch=sm_90 -O3 atomic_ref_device.cu -o atomic_ref_device.ptx
nvcc -ptx -arch=sm_90 -O3 atomic_ref_block.cu -o atomic_ref_block.ptx
nvcc -ptx -arch=sm_90 -O3 barrier_divergence.cu -o barrier_divergence.ptx
nvcc -ptx -arch=sm_90 -O3 last_block_nofence.cu -o last_block_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 device_call.cu -o device_call.ptx
nvcc -ptx -arch=sm_90 -O3 shared_reduce.cu -o shared_reduce.ptx
nvcc -ptx -arch=sm_90 -O3 shared_reduce_nosync.cu -o shared_reduce_nosync.ptx
nvcc -ptx -arch=sm_90 -O3 tile_index.cu -o tile_index.ptx
nvcc -ptx -arch=sm_90 -O3 histogram.cu -o histogram.ptx
nvcc -ptx -arch=sm_90 -O3 histogram_racy.cu -o histogram_racy.ptx
nvcc -ptx -arch=sm_90 -O3 backoff_lock.cu -o backoff_lock.ptx
nvcc -ptx -arch=sm_90 -O3 warp_reduce.cu -o warp_reduce.ptx
nvcc -ptx -arch=sm_90 -O3 warp_reduce_nosync.cu -o warp_reduce_nosync.ptx
nvcc -ptx -arch=sm_90 -O3 mp_int2.cu -o mp_int2.ptx
nvcc -ptx -arch=sm_90 -O3 mp_int2_nofence.cu -o mp_int2_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 converge.cu -o converge.ptx
nvcc -ptx -arch=sm_90 -O3 converge_divergent.cu -o converge_divergent.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_reduce.cu -o shfl_reduce.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_broadcast.cu -o shfl_broadcast.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_broadcast_syncwarp.cu -o shfl_broadcast_syncwarp.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_allreduce.cu -o shfl_allreduce.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_partial.cu -o shfl_partial.ptx
nvcc -ptx -arch=sm_90 -O3 shfl_padded.cu -o shfl_padded.ptx
nvcc -ptx -arch=sm_90 -O3 named_barrier.cu -o named_barrier.ptx
nvcc -ptx -arch=sm_90 -O3 named_barrier_count.cu -o named_barrier_count.ptx
nvcc -ptx -arch=sm_90 -O3 shared_count.cu -o shared_count.ptx
nvcc -ptx -arch=sm_90 -O3 shared_count_uninit.cu -o shared_count_uninit.ptx
nvcc -ptx -arch=sm_90 -O3 dynamic_reverse.cu -o dynamic_reverse.ptx
nvcc -ptx -arch=sm_90 -O3 device_assert.cu -o device_assert.ptx
nvcc -ptx -arch=sm_90 -O3 device_assert_nofence.cu -o device_assert_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 mp_float.cu -o mp_float.ptx
nvcc -ptx -arch=sm_90 -O3 mp_float_nofence.cu -o mp_float_nofence.ptx
nvcc -ptx -arch=sm_90 -O3 fsum.cu -o fsum.ptx
nvcc -ptx -arch=sm_90 -O3 fscale.cu -o fscale.ptx
nvcc -ptx -arch=sm_90 -O3 fscale_nofence.cu -o fscale_nofence.ptx
