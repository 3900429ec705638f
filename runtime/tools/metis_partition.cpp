//===- metis_partition.cpp - `polyrt-gen metis`: partition files by METIS -===//
#include "metis_partition.h"

#include "polyrt/numa_partition.h"

#include <metis.h>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace polyrt::tools {

std::vector<int32_t> metisPartition(const Graph<NoWeight> &g, int parts) {
  const VertexId n = g.numVertices();
  if (parts < 1 || parts > n)
    throw Error("cannot split " + std::to_string(n) + " vertices over " + std::to_string(parts) +
                " ranks");
  if (parts == 1)
    return std::vector<int32_t>(n, 0);
  // METIS wants an undirected graph: each vertex's out- and in-neighbours,
  // merged, without itself.
  std::vector<idx_t> xadj(static_cast<size_t>(n) + 1, 0), adjncy, vwgt(n);
  adjncy.reserve(static_cast<size_t>(g.directed() ? 2 * g.numEdges() : g.numEdges()));
  const idx_t alpha = static_cast<idx_t>(defaultPartitionAlpha(parts));
  std::vector<VertexId> merged;
  for (VertexId v = 0; v < n; ++v) {
    const VertexId *out = g.outNeighbors() + g.outOffsets()[v];
    const VertexId *outEnd = g.outNeighbors() + g.outOffsets()[v + 1];
    const VertexId *in = g.inNeighbors() + g.inOffsets()[v];
    const VertexId *inEnd = g.inNeighbors() + g.inOffsets()[v + 1];
    merged.clear();
    std::set_union(out, outEnd, in, inEnd, std::back_inserter(merged)); // (lists are sorted)
    merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
    for (VertexId u : merged)
      if (u != v)
        adjncy.push_back(u);
    if (adjncy.size() > static_cast<size_t>(INT32_MAX))
      throw Error("METIS (32-bit indices here) takes at most 2^31-1 adjacencies");
    xadj[v + 1] = static_cast<idx_t>(adjncy.size());
    vwgt[v] = alpha + static_cast<idx_t>(inEnd - in);
  }
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_OBJTYPE] = METIS_OBJTYPE_VOL;
  options[METIS_OPTION_NCUTS] = 4;  // the best of 4 tries
  options[METIS_OPTION_NITER] = 50; // refinement passes (a grid's volume: 4% less than 10)
  options[METIS_OPTION_SEED] = 1;
  idx_t nvtxs = n, ncon = 1, nparts = parts, volume = 0;
  std::vector<idx_t> part(n);
  int status = METIS_PartGraphKway(&nvtxs, &ncon, xadj.data(), adjncy.data(), vwgt.data(),
                                   nullptr, nullptr, &nparts, nullptr, nullptr, options, &volume,
                                   part.data());
  if (status != METIS_OK)
    throw Error(std::string("METIS failed (") +
                (status == METIS_ERROR_MEMORY ? "out of memory" : "error " +
                                                                      std::to_string(status)) +
                ")");
  return std::vector<int32_t>(part.begin(), part.end());
}

void writePartitionFile(const std::vector<int32_t> &ranks, const std::string &path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path.c_str(), "w"),
                                                         std::fclose);
  if (!file)
    throw Error(path + ": cannot write the partition file");
  for (int32_t r : ranks)
    std::fprintf(file.get(), "%d\n", r);
  if (std::fflush(file.get()) != 0)
    throw Error(path + ": cannot write the partition file");
}

} // namespace polyrt::tools
