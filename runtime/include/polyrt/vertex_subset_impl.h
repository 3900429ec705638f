//===- vertex_subset_impl.h - Inline parts of vertex_subset.h -----------===//
//
// Included at the end of vertex_subset.h. Kept small: the parallel loops live
// in lib/vertex_subset.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_SUBSET_IMPL_H
#define POLYRT_VERTEX_SUBSET_IMPL_H

namespace polyrt {

inline bool VertexSubset::contains(VertexId v) {
  if (hasDense_)
    return dense_[v] != 0;
  if (!hasBits_)
    bits();
  return bitIsSet(bits_.data(), v);
}

namespace detail {
/// frontierWork over a CSR offset array (n+1 entries).
int64_t frontierWork(VertexSubset &s, const EdgeOffset *outOffsets);
/// frontierWork(s, outOffsets) > limit, the sum stopped once past it.
bool frontierWorkExceeds(VertexSubset &s, const EdgeOffset *outOffsets, int64_t limit);
} // namespace detail

template <typename G> int64_t frontierWork(VertexSubset &s, const G &g) {
  return detail::frontierWork(s, g.outOffsets());
}

template <typename G> bool frontierWorkExceeds(VertexSubset &s, const G &g, int64_t limit) {
  const int64_t size = s.size();
  if (size > limit)
    return true;
  if (int64_t recorded = s.recordedWork(g.outOffsets()); recorded >= 0)
    return recorded > limit;
  // The work lies between size * (min degree + 1) and size * (max degree +
  // 1); the degrees are read only when the limit falls in between (on a
  // graph of bounded degree, a grid, rarely). Compared by division: the
  // products may not fit.
  if (size == 0)
    return false; // no work, and limit >= 0 here
  if (g.minOutDegree() + 1 > limit / size) // limit >= size > 0 here
    return true;
  if (g.maxOutDegree() + 1 <= limit / size)
    return false;
  // Bytes whose count at the average degree stays within the limit become
  // the list first: the push that then likely follows needs it anyway
  // (PageRank-Delta's tiny frontiers on a grid). Larger
  // ones, and bitvectors, are summed as they are, for the pull that likely
  // follows (connected components on kron20 pulls several rounds in a row).
  const int64_t n = g.numVertices();
  if (!s.hasSparse() && !s.hasBits() &&
      (n == 0 || s.size() * ((g.numEdges() + n - 1) / n + 1) <= limit))
    s.sparse();
  return detail::frontierWorkExceeds(s, g.outOffsets(), limit);
}

} // namespace polyrt

#endif
