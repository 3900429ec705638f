//===- graph_cache.h - Structures built once per graph (internal) -------===//
//
// Segmented subgraphs and per-node subgraphs are built on first use and kept
// for the next traversal of the same graph. An entry is keyed by the graph's
// address and a key of its own (segment count, partition bounds, ...), and
// remembers the graph's size and CSR arrays: an entry for the same address
// whose arrays differ belongs to a graph that has died, and is dropped. The
// four most recently used entries are kept, besides pinned ones (those of a
// graph whose edges were released after they were built, which could not
// be built again); calls come from serial code.
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
    if (g.neighborsReleased())
      throw Error("a structure of the graph's edges was asked for that was not built before "
                  "its edges were released to its NUMA nodes' copies");
    entries_.push_back({&g, g.numVertices(), g.numEdges(), g.outOffsets(), g.outNeighbors(), key,
                        std::make_unique<Value>(build()), false});
    auto unpinned = [](const Entry &e) { return !e.pinned; };
    if (std::count_if(entries_.begin(), entries_.end(), unpinned) > static_cast<long>(kKept))
      entries_.erase(std::find_if(entries_.begin(), entries_.end(), unpinned));
    return *entries_.back().value;
  }
  /// Keeps every entry of g until forget(g) or g dies.
  void pin(const Graph<W> &g) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry &e : entries_)
      if (e.graph == &g)
        e.pinned = true;
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
    bool pinned;
  };
  static bool sameGraph(const Entry &e, const Graph<W> &g) {
    // Releasing the neighbours keeps the offsets, which still identify it.
    return e.n == g.numVertices() && e.m == g.numEdges() && e.offsets == g.outOffsets() &&
           (g.neighborsReleased() || e.neighbors == g.outNeighbors());
  }
  static constexpr size_t kKept = 4;
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

} // namespace polyrt::detail

#endif
