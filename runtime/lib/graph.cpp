//===- graph.cpp - CSR/CSC graphs ---------------------------------------===//
#include "polyrt/graph.h"

#include "detail/build_csr.h"
#include "detail/parallel.h"

#include <algorithm>
#include <functional>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

namespace polyrt {
namespace {

/// Checks that (offsets, neighbors, weights) is a CSR over n vertices.
template <typename W>
void validateCSR(const char *what, VertexId n, const std::vector<EdgeOffset> &offsets,
                 const std::vector<VertexId> &neighbors, const std::vector<W> &weights) {
  std::string prefix = std::string("invalid ") + what + ": ";
  if (n < 0)
    throw Error(prefix + "negative vertex count " + std::to_string(n));
  if (offsets.size() != static_cast<size_t>(n) + 1)
    throw Error(prefix + "offsets has " + std::to_string(offsets.size()) +
                " entries for " + std::to_string(n) + " vertices (needs n+1)");
  if (offsets[0] != 0)
    throw Error(prefix + "offsets must start at 0");
  if (offsets[n] != static_cast<EdgeOffset>(neighbors.size()))
    throw Error(prefix + "offsets end at " + std::to_string(offsets[n]) + " but there are " +
                std::to_string(neighbors.size()) + " neighbours");
  if constexpr (Graph<W>::kWeighted) {
    if (weights.size() != neighbors.size())
      throw Error(prefix + std::to_string(weights.size()) + " weights for " +
                  std::to_string(neighbors.size()) + " edges");
  }
  VertexId badVertex = -1;
#pragma omp parallel for schedule(static) if (n > detail::kSerialCutoff)
  for (VertexId v = 0; v < n; ++v)
    if (offsets[v] > offsets[v + 1])
      std::atomic_ref<VertexId>(badVertex).store(v, std::memory_order_relaxed);
  if (badVertex >= 0)
    throw Error(prefix + "offsets decrease at vertex " + std::to_string(badVertex));
  int64_t m = static_cast<int64_t>(neighbors.size());
  int64_t badEdge = -1;
#pragma omp parallel for schedule(static) if (m > detail::kSerialCutoff)
  for (int64_t e = 0; e < m; ++e)
    if (neighbors[e] < 0 || neighbors[e] >= n)
      std::atomic_ref<int64_t>(badEdge).store(e, std::memory_order_relaxed);
  if (badEdge >= 0)
    throw Error(prefix + "neighbour id " + std::to_string(neighbors[badEdge]) +
                " is outside [0, " + std::to_string(n) + ")");
}

/// Sorts each neighbour list that is not sorted yet, as graph.h promises
/// (detail::sortNeighborList, the loaders' own: by id, stably, weights
/// along): loaders sort, but a .sg file or a CSR handed in by a user may not
/// be. Triangle counting's merges and the edge loops that stop at the first
/// neighbour above their owner read the lists as sorted, and an unsorted one
/// would give a wrong count, not an error. Returns whether some list names a
/// neighbour more than once. Lists sorted without repeats (every graph
/// polyrt writes from a simple graph) cost one parallel read.
template <typename W>
bool sortNeighborLists(VertexId n, const std::vector<EdgeOffset> &offsets,
                       std::vector<VertexId> &neighbors, std::vector<W> &weights) {
  bool repeats = false;
#pragma omp parallel if (n > detail::kSerialCutoff) reduction(|| : repeats)
  {
    std::vector<detail::SortItem<W>> scratch;
#pragma omp for schedule(dynamic, 1024)
    for (VertexId v = 0; v < n; ++v) {
      VertexId *list = neighbors.data() + offsets[v], *end = neighbors.data() + offsets[v + 1];
      if (std::adjacent_find(list, end, std::greater_equal<VertexId>()) == end)
        continue; // increasing: sorted, and no neighbour twice
      detail::sortNeighborList<W>(neighbors.data(), weights.data(), offsets[v], offsets[v + 1],
                                  scratch);
      repeats = repeats || std::adjacent_find(list, end) != end;
    }
  }
  return repeats;
}

/// The smallest and largest degree of a CSR's offsets over n vertices
/// (both 0 when n is 0).
std::pair<EdgeOffset, EdgeOffset> degreeBounds(VertexId n, const EdgeOffset *offsets) {
  if (n == 0)
    return {0, 0};
  EdgeOffset low = offsets[1] - offsets[0], high = low;
#pragma omp parallel for schedule(static) reduction(min : low) reduction(max : high) if (n > detail::kSerialCutoff)
  for (VertexId v = 0; v < n; ++v) {
    low = std::min(low, offsets[v + 1] - offsets[v]);
    high = std::max(high, offsets[v + 1] - offsets[v]);
  }
  return {low, high};
}

} // namespace

template <typename W>
Graph<W>::Graph(VertexId numVertices, std::vector<EdgeOffset> offsets,
                std::vector<VertexId> neighbors, std::vector<W> weights, bool directed)
    : numVertices_(numVertices), directed_(directed) {
  if constexpr (!kWeighted)
    weights.clear();
  validateCSR<W>("graph", numVertices, offsets, neighbors, weights);
  outListsRepeat_ = sortNeighborLists<W>(numVertices, offsets, neighbors, weights);
  outOffsets_ = std::move(offsets);
  std::tie(minOutDegree_, maxOutDegree_) = degreeBounds(numVertices_, outOffsets_.data());
  outNeighbors_ = std::move(neighbors);
  outWeights_ = std::move(weights);
}

template <typename W>
void Graph<W>::setInEdges(std::vector<EdgeOffset> offsets, std::vector<VertexId> neighbors,
                          std::vector<W> weights) {
  if (!directed_)
    throw Error("an undirected graph's in-edges are its out-edges; they cannot be set");
  if constexpr (!kWeighted)
    weights.clear();
  validateCSR<W>("in-edges", numVertices_, offsets, neighbors, weights);
  if (static_cast<EdgeOffset>(neighbors.size()) != numEdges())
    throw Error("invalid in-edges: " + std::to_string(neighbors.size()) + " in-edges for " +
                std::to_string(numEdges()) + " out-edges");
  sortNeighborLists<W>(numVertices_, offsets, neighbors, weights);
  inOffsets_ = std::move(offsets);
  inNeighbors_ = std::move(neighbors);
  inWeights_ = std::move(weights);
}

template <typename W> void Graph<W>::buildInEdges() {
  // Traversals inside a par_for may ask for the CSC at the same time.
  static std::mutex building;
  std::lock_guard<std::mutex> lock(building);
  if (hasInEdges())
    return;
  if (neighborsReleased_)
    throw Error("the graph's in-edges cannot be built: its edges were released to its NUMA "
                "nodes' copies");
  detail::transposeCSR<W>(numVertices_, outOffsets_.data(), outNeighbors_.data(),
                          outWeights_.data(), inOffsets_, inNeighbors_, inWeights_);
}

template <typename W> void Graph<W>::releaseNeighbors() {
  // Swapped with empty vectors: clear() would keep the capacity.
  std::vector<VertexId>().swap(outNeighbors_);
  std::vector<VertexId>().swap(inNeighbors_);
  std::vector<W>().swap(outWeights_);
  std::vector<W>().swap(inWeights_);
  neighborsReleased_ = true;
}

template <typename W> Graph<W> Graph<W>::transpose() const {
  if (neighborsReleased_)
    throw Error("the graph cannot be transposed: its edges were released to its NUMA nodes' "
                "copies");
  if (!directed_)
    return *this;
  Graph result;
  result.numVertices_ = numVertices_;
  result.directed_ = true;
  result.inOffsets_ = outOffsets_;
  result.inNeighbors_ = outNeighbors_;
  result.inWeights_ = outWeights_;
  if (hasInEdges()) {
    result.outOffsets_ = inOffsets_;
    result.outNeighbors_ = inNeighbors_;
    result.outWeights_ = inWeights_;
  } else {
    detail::transposeCSR<W>(numVertices_, outOffsets_.data(), outNeighbors_.data(),
                            outWeights_.data(), result.outOffsets_, result.outNeighbors_,
                            result.outWeights_);
  }
  std::tie(result.minOutDegree_, result.maxOutDegree_) =
      degreeBounds(numVertices_, result.outOffsets_.data());
  result.outListsRepeat_ = outListsRepeat_; // an edge twice is twice in the reverse too
  return result;
}

#define POLYRT_INSTANTIATE(W) template class Graph<W>;
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
