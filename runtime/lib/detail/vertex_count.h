//===- vertex_count.h - Vertex counts the edges justify (internal) --*- C++ -*-===//
//
// An edge list or a Matrix Market file says how many vertices a graph has only
// through its largest id or its size line, and polyrt allocates per-vertex
// arrays for all of them. `0 1\n0 2147483646\n`, 20 bytes, would cost 16 GB of
// offsets. m edges touch at most 2m vertices, so a count far beyond that is
// refused before anything per-vertex is allocated, unless the user says the
// isolated vertices are meant (POLYRT_ALLOW_ISOLATED_VERTICES=1).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_VERTEX_COUNT_H
#define POLYRT_DETAIL_VERTEX_COUNT_H

#include <cstdint>
#include <string>

namespace polyrt::detail {

/// Isolated vertices allowed beyond the 2m that m edges can touch: enough for
/// any small test graph with a few stray ids, 8 MB of offsets at most.
constexpr int64_t kIsolatedVertexSlack = int64_t(1) << 20;

/// Throws an Error naming `path` when numVertices exceeds 2 * numEdges +
/// kIsolatedVertexSlack and POLYRT_ALLOW_ISOLATED_VERTICES is not set.
/// `claim` says where the count comes from ("its largest vertex id is 7").
void checkVertexCountJustified(const std::string &path, int64_t numVertices, int64_t numEdges,
                               const std::string &claim);

} // namespace polyrt::detail

#endif
