//===- io_gemini_binary.cpp - Gemini's binary edge list --------------------===//
//
// What Gemini's toolkits read (`pagerank FILE VERTICES ITERATIONS`): every
// edge as a packed record {uint32 src; uint32 dst}, and {..., float weight}
// for its weighted ones (sssp). The file holds no vertex count: Gemini takes
// it on its command line. Written, not read.
//
//===----------------------------------------------------------------------===//
#include "polyrt/io.h"

#include "detail/file.h"
#include "detail/io_detail.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace polyrt {

template <typename W> void writeGeminiBinary(const Graph<W> &g, const std::string &path) {
  const bool weighted = detail::writesWeights(path, "writeGeminiBinary", ".gemini", ".wgemini",
                                              Graph<W>::kWeighted);
  static_assert(sizeof(VertexId) == sizeof(uint32_t), "Gemini's ids are 32-bit");
  const VertexId n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *nbrs = g.outNeighbors();
  [[maybe_unused]] const W *weights = g.outWeights();
  if constexpr (Graph<W>::kWeighted) {
    // Gemini's weights are float: one that a float cannot hold exactly would
    // make another graph. Checked before the file is made.
    for (VertexId u = 0; weighted && u < n; ++u)
      for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e)
        if (!(static_cast<W>(static_cast<float>(weights[e])) == weights[e]))
          detail::fileError(path, "the weight of edge " + std::to_string(u) + " -> " +
                                      std::to_string(nbrs[e]) +
                                      " is not exactly a float, which Gemini's weights are");
  }
  const size_t record = weighted ? 12 : 8;
  detail::OutFile out(path);
  // Written a block of edges at a time, so that a large graph needs no second copy.
  constexpr size_t kBlockEdges = size_t(1) << 18;
  std::vector<char> buf;
  buf.reserve(kBlockEdges * record);
  auto put = [&buf](const void *p, size_t bytes) {
    const char *c = static_cast<const char *>(p);
    buf.insert(buf.end(), c, c + bytes);
  };
  for (VertexId u = 0; u < n; ++u) {
    for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
      uint32_t ids[2] = {static_cast<uint32_t>(u), static_cast<uint32_t>(nbrs[e])};
      put(ids, sizeof ids);
      if constexpr (Graph<W>::kWeighted) {
        if (weighted) {
          float w = static_cast<float>(weights[e]);
          put(&w, sizeof w);
        }
      }
      if (buf.size() >= kBlockEdges * record) {
        out.write(buf.data(), static_cast<int64_t>(buf.size()));
        buf.clear();
      }
    }
  }
  out.write(buf.data(), static_cast<int64_t>(buf.size()));
  out.close();
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template void writeGeminiBinary<W>(const Graph<W> &, const std::string &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
