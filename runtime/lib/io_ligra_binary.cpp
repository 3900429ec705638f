//===- io_ligra_binary.cpp - Ligra's binary graph format -------------------===//
//
// What Ligra reads with -b BASE, as its default build declares it (32-bit
// vertex ids and offsets): BASE.config holds n in text, BASE.adj the m
// neighbour ids (uint32) list after list, BASE.idx each vertex's first
// offset (uint32). scripts/bench.sh converts its graphs so for a Ligra build
// of the user's. Written, not read: polyrt loads Ligra's text format (.adj).
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace polyrt {

template <typename W> void writeLigraBinary(const Graph<W> &g, const std::string &base) {
  const int64_t n = g.numVertices(), m = g.numEdges();
  if (m > std::numeric_limits<uint32_t>::max())
    detail::fileError(base, "has " + std::to_string(m) +
                                " edges: Ligra's default build counts them in 32 bits");
  {
    detail::OutFile config(base + ".config");
    std::string text = std::to_string(n) + "\n";
    config.write(text.data(), static_cast<int64_t>(text.size()));
    config.close();
  }
  static_assert(sizeof(VertexId) == sizeof(uint32_t), "Ligra's ids are 32-bit");
  {
    detail::OutFile adj(base + ".adj");
    adj.write(g.outNeighbors(), m * static_cast<int64_t>(sizeof(VertexId)));
    adj.close();
  }
  std::vector<uint32_t> starts(static_cast<size_t>(n));
  const EdgeOffset *offsets = g.outOffsets();
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < n; ++v)
    starts[static_cast<size_t>(v)] = static_cast<uint32_t>(offsets[v]);
  detail::OutFile idx(base + ".idx");
  idx.write(starts.data(), n * static_cast<int64_t>(sizeof(uint32_t)));
  idx.close();
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeLigraBinary<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
