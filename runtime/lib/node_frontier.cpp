//===- node_frontier.cpp - A frontier held node by node ------------------===//
#include "polyrt/node_frontier.h"

#include "polyrt/node_work.h"
#include "polyrt/numa.h"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <string>

namespace polyrt {

namespace {

/// The first thread of the node, or the thread serving a node without one.
int homeThreadOfNode(int node, const Topology &topo) {
  for (int t = 0; t < static_cast<int>(topo.threadNode.size()); ++t)
    if (topo.threadNode[t] == node)
      return t;
  return homeThread(node, topo.nodes, topo.threads);
}

/// Runs body(k) for every node k on a thread of node k (its home thread
/// when it has none), so that what body allocates for the node is first
/// touched there; serially when `items` (what the bodies walk in all) is too
/// few to pay for a parallel region (a high-diameter graph's many small
/// rounds).
template <typename Body> void forEachNodeOnItsThread(int nodes, int64_t items, Body body) {
  if (items <= kSerialWork) {
    for (int k = 0; k < nodes; ++k)
      body(k);
    return;
  }
  const Topology &topo = topology();
  const int threads = std::max(topo.threads, 1);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    for (int k = 0; k < nodes; ++k) {
      bool mine = t < static_cast<int>(topo.threadNode.size()) && topo.nodes == nodes
                      ? homeThreadOfNode(k, topo) == t
                      : k % threads == t;
      if (mine)
        body(k);
    }
  }
}

} // namespace

bool NodeFrontierParts::allListed() const {
  return std::all_of(parts_.begin(), parts_.end(),
                     [](const Part &p) { return p.form == Form::List; });
}

int64_t NodeFrontierParts::size() const {
  int64_t total = 0;
  for (const Part &p : parts_)
    total += p.size;
  return total;
}

int64_t NodeFrontierParts::work() const {
  int64_t total = 0;
  for (const Part &p : parts_)
    total += p.work;
  return total;
}

IdList NodeFrontierParts::concatenatedLists() const {
  IdList all;
  all.reserve(size());
  for (const Part &p : parts_)
    all.insert(all.end(), p.list.begin(), p.list.end());
  return all;
}

void NodeFrontierParts::decide(const uint64_t *bits, const EdgeOffset *outOffsets,
                               FrontierStructure how, int64_t threshold) {
  // Only a byte part walks its range here.
  const int64_t items = how == FrontierStructure::BoolArray ? bounds_.back() : 0;
  forEachNodeOnItsThread(nodes(), items, [&](int k) {
    Part &p = parts_[k];
    const int64_t nodeEdges = outOffsets[p.end] - outOffsets[p.begin];
    bool dense = how == FrontierStructure::BoolArray || how == FrontierStructure::Bitvector ||
                 (how == FrontierStructure::Adaptive && p.work * threshold > nodeEdges);
    if (!dense) {
      p.form = Form::List;
      return;
    }
    p.list = std::vector<VertexId>();
    p.form = how == FrontierStructure::BoolArray ? Form::Bytes : Form::Bits;
    if (p.form == Form::Bytes) {
      p.bytes.assign(p.end - p.begin, 0);
      for (VertexId v = p.begin; v < p.end; ++v)
        p.bytes[v - p.begin] = bitIsSet(bits, v);
    }
  });
  itemBounds_.assign(nodes() + 1, 0);
  for (int k = 0; k < nodes(); ++k) {
    Part &p = parts_[k];
    p.firstItem = itemBounds_[k];
    itemBounds_[k + 1] =
        itemBounds_[k] + (p.form == Form::List ? p.size : static_cast<int64_t>(p.end - p.begin));
  }
}

std::shared_ptr<const NodeFrontierParts>
NodeFrontierParts::fromBits(const uint64_t *bits, const Partition &partition,
                            const EdgeOffset *outOffsets, FrontierStructure how,
                            int64_t threshold) {
  auto parts = std::make_shared<NodeFrontierParts>();
  parts->bounds_ = partition.bounds;
  parts->parts_.resize(partition.nodes());
  forEachNodeOnItsThread(partition.nodes(), partition.numVertices() / 64, [&](int k) {
    Part &p = parts->parts_[k];
    p.begin = partition.begin(k);
    p.end = partition.end(k);
    // Inner boundaries are on 64-vertex words, but the last vertex n may sit
    // inside one, and a node after it then has an empty range there: only
    // the range's own bits count.
    for (int64_t w = p.begin >> 6; w < (static_cast<int64_t>(p.end) + 63) >> 6; ++w)
      for (uint64_t word = bits[w]; word != 0; word &= word - 1) {
        VertexId v = static_cast<VertexId>(w * 64 + std::countr_zero(word));
        if (v < p.begin || v >= p.end)
          continue;
        p.list.push_back(v);
        p.work += 1 + (outOffsets[v + 1] - outOffsets[v]);
      }
    p.size = static_cast<int64_t>(p.list.size());
  });
  parts->decide(bits, outOffsets, how, threshold);
  return parts;
}

NodeFrontierBuilder::NodeFrontierBuilder(VertexId n, const Partition &partition,
                                         const EdgeOffset *outOffsets, FrontierStructure how,
                                         int64_t threshold)
    : n_(n), partition_(&partition), outOffsets_(outOffsets), how_(how),
      threshold_(checkedFrontierThreshold(threshold)),
      bits_((static_cast<int64_t>(n) + 63) / 64, 0),
      lanes_(std::max({omp_get_max_threads(), topology().threads, 1})) {
  for (Lane &lane : lanes_) {
    lane.lists.resize(partition.nodes());
    lane.work.assign(partition.nodes(), 0);
  }
}

VertexSubset NodeFrontierBuilder::finish() {
  auto parts = std::make_shared<NodeFrontierParts>();
  const int nodes = partition_->nodes();
  parts->bounds_ = partition_->bounds;
  parts->parts_.resize(nodes);
  int64_t added = 0;
  for (const Lane &lane : lanes_)
    for (const std::vector<VertexId> &list : lane.lists)
      added += static_cast<int64_t>(list.size());
  forEachNodeOnItsThread(nodes, added, [&](int k) {
    NodeFrontierParts::Part &p = parts->parts_[k];
    p.begin = partition_->begin(k);
    p.end = partition_->end(k);
    for (Lane &lane : lanes_) {
      p.size += static_cast<int64_t>(lane.lists[k].size());
      p.work += lane.work[k];
    }
    p.list.reserve(p.size);
    for (Lane &lane : lanes_) {
      p.list.insert(p.list.end(), lane.lists[k].begin(), lane.lists[k].end());
      lane.lists[k].clear();
      lane.work[k] = 0;
    }
  });
  parts->decide(bits_.data(), outOffsets_, how_, threshold_);
  const int64_t count = parts->size(), work = parts->work();
  VertexSubset out = VertexSubset::fromBits(n_, std::move(bits_), count);
  out.recordWork(outOffsets_, work);
  out.attachNodeParts(std::move(parts));
  return out;
}

const NodeFrontierParts &nodeFrontierParts(VertexSubset &s, const Partition &partition,
                                           const EdgeOffset *outOffsets, FrontierStructure how,
                                           int64_t threshold) {
  threshold = checkedFrontierThreshold(threshold);
  const auto &carried = s.nodeParts();
  if (!carried || carried->bounds() != partition.bounds)
    s.attachNodeParts(
        NodeFrontierParts::fromBits(s.bits(), partition, outOffsets, how, threshold));
  return *s.nodeParts();
}

int64_t checkedFrontierThreshold(int64_t threshold) {
  if (threshold < 1)
    throw Error("a frontier threshold must be at least 1, not " + std::to_string(threshold));
  return threshold;
}

} // namespace polyrt
