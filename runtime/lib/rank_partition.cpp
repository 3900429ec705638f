//===- rank_partition.cpp - A distributed program's vertices over ranks ---===//
#include "polyrt/rank_partition.h"

#include "polyrt/numa_partition.h"

#include <algorithm>
#include <cstdint>
#include <charconv>
#include <cstdlib>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace polyrt::dist {
namespace {

/// Where rank boundaries may fall: multiples of 4096 vertices, or of
/// POLYRT_RANK_GRANULE, which the tests lower so that their small graphs
/// split over several ranks (docs/distributed.md).
VertexId rankGranule() {
  const char *text = std::getenv("POLYRT_RANK_GRANULE");
  if (!text || !*text)
    return kPlacementGranule;
  VertexId granule = 0;
  auto [end, ec] = std::from_chars(text, text + std::strlen(text), granule);
  if (ec != std::errc() || *end || granule < 1)
    throw Error(std::string("POLYRT_RANK_GRANULE must be a positive number of vertices, not '") +
                text + "'");
  return granule;
}

} // namespace

int cartesianRows(int ranks) {
  int rows = 1;
  for (int r = 2; int64_t{r} * r <= ranks; ++r)
    if (ranks % r == 0)
      rows = r;
  return rows;
}

int RankPartition::ownerOf(VertexId v) const {
  if (how == Strategy::Hash)
    return static_cast<int>(v % ranks);
  if (how == Strategy::Metis)
    return owner[v];
  // The last rank whose range starts at or before v: empty ranges before it
  // start there too, but own nothing.
  return static_cast<int>(std::upper_bound(bounds.begin(), bounds.end() - 1, v) - bounds.begin()) -
         1;
}

RankPartition makeRankPartition(VertexId n, const EdgeOffset *inOffsets, int ranks, Strategy how,
                                double alpha, std::vector<int32_t> owner) {
  if (ranks < 1 || n < ranks)
    throw Error("cannot split " + std::to_string(n) + " vertices over " + std::to_string(ranks) +
                " ranks");
  RankPartition result;
  result.how = how;
  result.ranks = ranks;
  result.n = n;
  if (result.listed()) {
    if (how == Strategy::Metis) {
      if (ranks == 1)
        owner.assign(n, 0);
      if (owner.size() != static_cast<size_t>(n))
        throw Error("internal error: a partition of " + std::to_string(owner.size()) +
                    " vertices for a graph of " + std::to_string(n));
      for (VertexId v = 0; v < n; ++v)
        if (owner[v] < 0 || owner[v] >= ranks)
          throw Error("vertex " + std::to_string(v) + "'s rank " + std::to_string(owner[v]) +
                      " is not below the " + std::to_string(ranks) + " ranks");
      result.owner = std::move(owner);
    }
    // Counting sort by rank: each rank's list comes out in increasing order.
    result.memberStart.assign(ranks + 1, 0);
    for (VertexId v = 0; v < n; ++v)
      ++result.memberStart[result.ownerOf(v) + 1];
    for (int r = 0; r < ranks; ++r)
      result.memberStart[r + 1] += result.memberStart[r];
    result.members.resize(n);
    std::vector<int64_t> at(result.memberStart.begin(), result.memberStart.end() - 1);
    for (VertexId v = 0; v < n; ++v)
      result.members[at[result.ownerOf(v)]++] = v;
    return result;
  }
  // Cartesian owns vertices as chunk-alpha does (its 2-D cut is of edges).
  PartitionStrategy strategy = how == Strategy::ChunkAlpha || how == Strategy::Cartesian
                                   ? PartitionStrategy::ChunkAlpha
                               : how == Strategy::EdgeBalanced ? PartitionStrategy::EdgeBalanced
                                                               : PartitionStrategy::VertexBalanced;
  Partition split = partitionVertices(n, inOffsets, ranks, strategy, alpha, rankGranule());
  result.bounds = std::move(split.bounds);
  return result;
}

std::vector<int32_t> readPartitionFile(const std::string &path, VertexId n, int ranks) {
  std::FILE *file = std::fopen(path.c_str(), "rb");
  if (!file)
    throw Error(path + ": cannot open the partition file (" + std::strerror(errno) +
                "); configDistribution(\"metis\") over " + std::to_string(ranks) +
                " ranks reads it: `polyrt-gen metis --ranks " + std::to_string(ranks) +
                "` writes one");
  std::unique_ptr<std::FILE, int (*)(std::FILE *)> closer(file, std::fclose);
  std::vector<int32_t> owner;
  owner.reserve(static_cast<size_t>(n));
  int64_t line = 1, value = -1; // value: the line's rank so far, -1 before a digit
  auto fail = [&](const std::string &what) {
    throw Error(path + ":" + std::to_string(line) + ": " + what);
  };
  std::vector<char> buffer(1 << 20);
  size_t got = 0;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), file)) > 0)
    for (size_t i = 0; i < got; ++i) {
      const char c = buffer[i];
      if (c >= '0' && c <= '9') {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        if (value >= ranks)
          fail("the rank is not below the " + std::to_string(ranks) + " ranks");
      } else if (c == '\n') {
        if (value < 0)
          fail("expected a rank, found an empty line");
        if (static_cast<int64_t>(owner.size()) == int64_t{n})
          fail("more lines than the graph's " + std::to_string(n) + " vertices");
        owner.push_back(static_cast<int32_t>(value));
        value = -1;
        ++line;
      } else if (c != '\r' && c != ' ' && c != '\t') {
        fail(std::string("expected a rank, found '") + c + "'");
      }
    }
  if (std::ferror(file))
    throw Error(path + ": cannot read the partition file");
  if (value >= 0) { // (a last line without its newline)
    if (static_cast<int64_t>(owner.size()) == int64_t{n})
      fail("more lines than the graph's " + std::to_string(n) + " vertices");
    owner.push_back(static_cast<int32_t>(value));
  }
  if (static_cast<int64_t>(owner.size()) != int64_t{n})
    throw Error(path + ": " + std::to_string(owner.size()) + " lines for the graph's " +
                std::to_string(n) + " vertices (one rank per vertex)");
  return owner;
}

} // namespace polyrt::dist
