//===- checked_index.h - Vector elements read with a range check --------===//
//
// VertexArray::operator[] does not check its index: the traversals' loops
// read and write elements billions of times, at indices that come from the
// graph. The program's serial code (main and the functions only it calls)
// indexes vectors with values that may come from the user, such as a start
// vertex from the command line; polyc emits those accesses through these
// helpers, which stop the program with a message naming the place in the
// program instead of reading or writing outside the vector:
//
//   polyrt::checkedAt(SP, start_vertex, "sssp.gt:19:7") = 0;
//
//   sssp: error: sssp.gt:19:7: vertex 64 is not a vertex of graph.wsg (62 vertices)
//
// addStartVertex does the same for a vertex added to a vertex set, the start
// of a traversal: "bfs.gt:24:5: start vertex 64 is not a vertex of graph.sg
// (62 vertices)".
//
// checkedAt is for per-vertex vectors (the message names the loaded graph
// with that many vertices, loaded_graphs.h); checkedSlotAt for every other
// vector (fixed-length vectors, per-edge vectors): "index 5 is outside [0, 3)".
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_CHECKED_INDEX_H
#define POLYRT_CHECKED_INDEX_H

#include "polyrt/loaded_graphs.h"
#include "polyrt/vertex_subset.h"

#include <cstdint>
#include <type_traits>

namespace polyrt {
namespace detail {

/// Whether 0 <= i < n, for any integer type (unsigned values beyond int64
/// included).
template <typename Index> constexpr bool indexInRange(Index i, int64_t n) {
  static_assert(std::is_integral_v<Index> && !std::is_same_v<Index, bool>,
                "a vector index is an integer");
  if constexpr (std::is_signed_v<Index>)
    return i >= 0 && static_cast<int64_t>(i) < n;
  else
    return static_cast<uint64_t>(i) < static_cast<uint64_t>(n);
}

/// The index as the out-of-range reports take it.
template <typename Index> constexpr auto reportedIndex(Index i) {
  if constexpr (std::is_signed_v<Index>)
    return static_cast<int64_t>(i);
  else
    return static_cast<uint64_t>(i);
}

} // namespace detail

/// vector[v] of a per-vertex vector, v checked against its size.
template <typename Vector, typename Index>
inline decltype(auto) checkedAt(Vector &&vector, Index v, const char *where) {
  const int64_t n = static_cast<int64_t>(vector.size());
  if (!detail::indexInRange(v, n)) [[unlikely]]
    vertexOutOfRange(detail::reportedIndex(v), n, where);
  return vector[static_cast<int64_t>(v)];
}

/// vector[i] of any other vector (std::array, a per-edge VertexArray).
template <typename Vector, typename Index>
inline decltype(auto) checkedSlotAt(Vector &&vector, Index i, const char *where) {
  const int64_t n = static_cast<int64_t>(vector.size());
  if (!detail::indexInRange(i, n)) [[unlikely]]
    indexOutOfRange(detail::reportedIndex(i), n, where);
  return vector[static_cast<int64_t>(i)];
}

/// A vertex that serial code passes to a function traversals apply (whose
/// accesses are plain), checked against the element's count.
template <typename Index> inline VertexId checkedVertex(Index v, int64_t count, const char *where) {
  if (!detail::indexInRange(v, count)) [[unlikely]]
    vertexOutOfRange(detail::reportedIndex(v), count, where);
  return static_cast<VertexId>(v);
}

/// set.addVertex(v) in serial code: v is checked against the set's universe
/// first, and a bad one is reported as the start vertex it usually is.
template <typename Index>
inline void addStartVertex(VertexSubset &set, Index v, const char *where) {
  const int64_t n = static_cast<int64_t>(set.universe());
  if (!detail::indexInRange(v, n)) [[unlikely]]
    startVertexOutOfRange(detail::reportedIndex(v), n, where);
  set.addVertex(static_cast<VertexId>(v));
}

} // namespace polyrt

#endif
