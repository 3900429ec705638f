//===- io_galois_binary.cpp - Galois's binary graph format -----------------===//
//
// What Galois's Lonestar programs read (its `.gr` files; `.galois` here,
// since `.gr` is DIMACS's shortest-path format to polyrt's loader), version
// 1, little-endian: uint64 version = 1, uint64 bytes of edge data (0, or 4
// for .wgalois's uint32 weights), uint64 n, uint64 m; then n uint64 ends of
// the out-lists (vertex v's edges end at index outEnd[v]), m uint32
// out-neighbours, a uint32 of padding when m is odd, and m weights.
// Written, not read.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace polyrt {

template <typename W> void writeGaloisBinary(const Graph<W> &g, const std::string &path) {
  const bool weighted = detail::writesWeights(path, "writeGaloisBinary", ".galois", ".wgalois",
                                              Graph<W>::kWeighted);
  const VertexId n = g.numVertices();
  const EdgeOffset m = g.numEdges();
  const EdgeOffset *offsets = g.outOffsets();
  [[maybe_unused]] const W *weights = g.outWeights();
  if constexpr (Graph<W>::kWeighted) {
    // Galois's weights here are uint32: another value would make another graph.
    for (EdgeOffset e = 0; weighted && e < m; ++e)
      if (const double w = static_cast<double>(weights[e]);
          !(w >= 0 && w <= double(UINT32_MAX) && w == std::floor(w)))
        detail::fileError(path, "weight " + std::to_string(weights[e]) + " of edge " +
                                    std::to_string(e) +
                                    " is not a whole number from 0 to 2^32-1, which Galois's "
                                    "uint32 weights are");
  }
  detail::OutFile out(path);
  const uint64_t header[4] = {1, weighted ? 4u : 0u, static_cast<uint64_t>(n),
                              static_cast<uint64_t>(m)};
  out.write(header, sizeof header);
  // A block at a time, so that a large graph needs no second copy.
  constexpr int64_t kBlock = int64_t{1} << 18;
  std::vector<uint64_t> ends;
  for (int64_t v = 0; v < n; v += kBlock) {
    ends.assign(offsets + v + 1, offsets + std::min<int64_t>(n, v + kBlock) + 1);
    out.write(ends.data(), static_cast<int64_t>(ends.size() * sizeof(uint64_t)));
  }
  static_assert(sizeof(VertexId) == sizeof(uint32_t), "Galois's version-1 ids are 32-bit");
  out.write(g.outNeighbors(), m * static_cast<int64_t>(sizeof(VertexId)));
  if (m % 2) {
    const uint32_t padding = 0;
    out.write(&padding, sizeof padding);
  }
  if constexpr (Graph<W>::kWeighted) {
    std::vector<uint32_t> block;
    for (int64_t e = 0; weighted && e < m; e += kBlock) {
      block.assign(weights + e, weights + std::min<int64_t>(m, e + kBlock));
      out.write(block.data(), static_cast<int64_t>(block.size() * sizeof(uint32_t)));
    }
  }
  out.close();
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeGaloisBinary<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
