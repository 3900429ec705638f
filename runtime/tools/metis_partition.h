//===- metis_partition.h - `polyrt-gen metis`: partition files by METIS ---===//
//
// Vertices split over P ranks by METIS's k-way partitioner, minimising the
// communication volume (the mirror records a round sends), with each
// vertex weighing what chunk-alpha balances: alpha + its in-edges. Written
// as METIS's own partition files (rank_partition.h, readPartitionFile),
// which configDistribution("metis") reads (docs/distributed.md).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_TOOLS_METIS_PARTITION_H
#define POLYRT_TOOLS_METIS_PARTITION_H

#include "polyrt/graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace polyrt::tools {

/// Each vertex's rank in [0, parts): METIS over g's edges in both directions
/// (self-loops and repeats dropped); the same graph and parts give the same
/// split. Errors: parts below 1 or above the vertex count, METIS failing.
std::vector<int32_t> metisPartition(const Graph<NoWeight> &g, int parts);

/// Writes ranks in METIS's format: one decimal rank per line.
void writePartitionFile(const std::vector<int32_t> &ranks, const std::string &path);

} // namespace polyrt::tools

#endif
