//===- graph_cache.h - Structures built once per graph (internal) -------===//
//
// Segmented subgraphs and per-node subgraphs are built on first use and kept
// for the next traversal of the same graph. An entry is keyed by the graph's
// address and a key of its own (segment count, partition bounds, ...), and
// remembers the graph's size and CSR arrays: an entry for the same address
// whose arrays differ belongs to a graph that has died, and is dropped. The
// four most recently used entries are kept; calls come from serial code.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_GRAPH_CACHE_H
#define POLYRT_DETAIL_GRAPH_CACHE_H

#include "polyrt/graph.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace polyrt::detail {

template <typename W, typename Key, typename Value> class GraphCache {
public:
  /// The entry for (g, key), built by build() (returning a Value) if absent.
  template <typename Build> const Value &get(const Graph<W> &g, const Key &key, Build build) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::erase_if(entries_, [&](const Entry &e) { return e.graph == &g && !sameGraph(e, g); });
    for (size_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].graph == &g && entries_[i].key == key) {
        std::rotate(entries_.begin() + static_cast<std::ptrdiff_t>(i),
                    entries_.begin() + static_cast<std::ptrdiff_t>(i) + 1, entries_.end());
        return *entries_.back().value;
      }
    entries_.push_back({&g, g.numVertices(), g.numEdges(), g.outOffsets(), g.outNeighbors(), key,
                        std::make_unique<Value>(build())});
    if (entries_.size() > kKept)
      entries_.erase(entries_.begin());
    return *entries_.back().value;
  }
  /// Drops every entry of g.
  void forget(const Graph<W> &g) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::erase_if(entries_, [&](const Entry &e) { return e.graph == &g; });
  }

private:
  struct Entry {
    const Graph<W> *graph;
    VertexId n;
    EdgeOffset m;
    const EdgeOffset *offsets;
    const VertexId *neighbors;
    Key key;
    std::unique_ptr<Value> value;
  };
  static bool sameGraph(const Entry &e, const Graph<W> &g) {
    return e.n == g.numVertices() && e.m == g.numEdges() && e.offsets == g.outOffsets() &&
           e.neighbors == g.outNeighbors();
  }
  static constexpr size_t kKept = 4;
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

} // namespace polyrt::detail

#endif
