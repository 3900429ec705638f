//===- distributed_partition.cpp - The program's vertices over ranks -------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"
#include "polyrt/numa_partition.h"
#include "polyrt/rank_partition.h"

#include <mpi.h>

#include <iostream>
#include <optional>

namespace polyrt::dist {

namespace {

std::optional<RankPartition> program;

/// Every rank computed its bounds alone: they must be the same everywhere.
void checkAgreement(const RankPartition &partition) {
  // The strategy, the bounds (none when listed), a hash of the owners (a
  // partition file each rank read) and n, last.
  std::vector<int64_t> mine{static_cast<int64_t>(partition.how)};
  mine.insert(mine.end(), partition.bounds.begin(), partition.bounds.end());
  uint64_t owners = 14695981039346656037ull; // (FNV-1a)
  for (int32_t q : partition.owner)
    owners = (owners ^ static_cast<uint32_t>(q)) * 1099511628211ull;
  mine.push_back(static_cast<int64_t>(owners >> 1));
  mine.push_back(partition.numVertices());
  std::vector<int64_t> low(mine.size()), high(mine.size());
  MPI_Allreduce(mine.data(), low.data(), static_cast<int>(mine.size()), MPI_INT64_T, MPI_MIN,
                MPI_COMM_WORLD);
  MPI_Allreduce(mine.data(), high.data(), static_cast<int>(mine.size()), MPI_INT64_T, MPI_MAX,
                MPI_COMM_WORLD);
  if (low != high)
    throw Error(low.back() != high.back()
                    ? "the ranks read different vertex counts (" + std::to_string(low.back()) +
                          " to " + std::to_string(high.back()) + "): is the file the same on every node?"
                    : std::string("the ranks computed different partitions of the vertices"));
}

} // namespace

const RankPartition &detail::programPartition(VertexId n, const EdgeOffset *inOffsets,
                                              Strategy how, double alpha,
                                              const std::string &path) {
  if (program) {
    if (program->numVertices() != n)
      throw Error(path + ": the graph has " + std::to_string(n) +
                  " vertices, the program's first edgeset " +
                  std::to_string(program->numVertices()) +
                  ": every edgeset of a distributed program has the same vertices");
    return *program;
  }
  // configDistribution("metis") over p ranks reads gpmetis's `graph.part.p`
  // beside the graph (one rank needs none).
  std::vector<int32_t> owner;
  if (how == Strategy::Metis && ranks() > 1)
    owner = readPartitionFile(path + ".part." + std::to_string(ranks()), n, ranks());
  RankPartition partition = makeRankPartition(n, inOffsets, ranks(), how, alpha, std::move(owner));
  checkAgreement(partition);
  if (rank() == 0 && partition.listed() && verbose()) {
    std::cerr << "polyrt: ranks: " << (how == Strategy::Hash ? "hash" : "metis") << " over "
              << partition.ranks << " ranks, vertices";
    for (int q = 0; q < partition.ranks; ++q)
      std::cerr << ' ' << partition.ownedCount(q);
    std::cerr << '\n';
  } else if (rank() == 0) // (POLYRT_VERBOSE=1 only)
    reportPartition(Partition{partition.bounds}, inOffsets, "ranks (in-edges)");
  program = std::move(partition);
  return *program;
}

void detail::resetProgramPartition() { program.reset(); }

} // namespace polyrt::dist
