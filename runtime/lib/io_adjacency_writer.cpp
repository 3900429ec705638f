//===- io_adjacency_writer.cpp - Writing Ligra's adjacency graph format ----===//
//
// The text CSR that Ligra and GBBS read (and polyrt, io_adjacency.cpp): the
// word AdjacencyGraph, n, m, the n offsets, the m out-neighbours, one number
// per line; WeightedAdjacencyGraph adds the m weights after the neighbours.
// Every stored edge is written, an undirected graph's in both directions
// (what GBBS's -s expects of a symmetric graph).
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"

#include <charconv>
#include <string>

namespace polyrt {

template <typename W> void writeAdjacencyGraph(const Graph<W> &g, const std::string &path) {
  const bool weighted =
      detail::writesWeights(path, "writeAdjacencyGraph", ".adj", ".wadj", Graph<W>::kWeighted);
  const VertexId n = g.numVertices();
  const EdgeOffset m = g.numEdges();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *nbrs = g.outNeighbors();
  [[maybe_unused]] const W *weights = g.outWeights();
  detail::OutFile out(path);
  // Written through one buffer, flushed at 1 MiB: no second copy of a large graph.
  std::string buf = weighted ? "WeightedAdjacencyGraph\n" : "AdjacencyGraph\n";
  auto put = [&buf, &out](auto x) {
    char digits[32];
    buf.append(digits, std::to_chars(digits, digits + sizeof digits, x).ptr);
    buf.push_back('\n');
    if (buf.size() >= (size_t(1) << 20)) {
      out.write(buf.data(), static_cast<int64_t>(buf.size()));
      buf.clear();
    }
  };
  put(n);
  put(m);
  for (VertexId v = 0; v < n; ++v)
    put(offsets[v]);
  for (EdgeOffset e = 0; e < m; ++e)
    put(nbrs[e]);
  if constexpr (Graph<W>::kWeighted) {
    for (EdgeOffset e = 0; weighted && e < m; ++e)
      put(weights[e]);
  }
  out.write(buf.data(), static_cast<int64_t>(buf.size()));
  out.close();
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeAdjacencyGraph<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
