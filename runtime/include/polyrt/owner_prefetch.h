//===- owner_prefetch.h - Prefetching a push task's source offsets ------===//
//
// A push over a frontier list reads each source's offsets at random. The
// owner-prefetch pass has each task of such a loop request the offsets of
// all the sources in its chunk first, so that the misses overlap instead of
// each waiting behind the previous source's edges and atomic claims.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_OWNER_PREFETCH_H
#define POLYRT_OWNER_PREFETCH_H

#include "polyrt/types.h"

#include <cstdint>

namespace polyrt {

/// How many chunks of `grain` items (positive) [0, count) is cut into, the
/// last one possibly shorter; without overflow for any grain a schedule can
/// read from argv.
inline int64_t chunkCount(int64_t count, int64_t grain) {
  return count / grain + (count % grain != 0);
}

/// Prefetches offsets[owners[i]] for every i in [begin, end). A prefetch does
/// not fault, and the owners are vertices of the graph the offsets belong to.
inline void prefetchOwnerOffsets(const EdgeOffset *offsets, const VertexId *owners, int64_t begin,
                                 int64_t end) {
  for (int64_t i = begin; i < end; ++i)
    __builtin_prefetch(offsets + owners[i]);
}

} // namespace polyrt

#endif
