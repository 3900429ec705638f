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
  return (bits_[v >> 6] >> (v & 63)) & 1;
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
  if (s.size() > limit)
    return true;
  if (int64_t recorded = s.recordedWork(g.outOffsets()); recorded >= 0)
    return recorded > limit;
  // Bytes (a vertex filter's output) become the list first: such a frontier
  // below the size test is mostly small, the push then follows and needs the
  // list anyway (PageRank-Delta on the grid: 0.26 ms a round this way, 0.52
  // summing the bytes and converting in the push). A bitvector (a pull's
  // output, often followed by another pull) is summed as it is.
  if (!s.hasSparse() && !s.hasBits())
    s.sparse();
  return detail::frontierWorkExceeds(s, g.outOffsets(), limit);
}

} // namespace polyrt

#endif
