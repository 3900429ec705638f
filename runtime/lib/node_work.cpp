//===- node_work.cpp - Chunks of per-node ranges handed to a team -------===//
#include "polyrt/node_work.h"

#include "polyrt/types.h"

#include <algorithm>

namespace polyrt {

int homeThread(int node, int nodes, int threads) {
  return std::min(threads - 1, static_cast<int>(int64_t{node} * threads / nodes));
}

namespace {

int64_t roundDown64(int64_t x, int64_t floor) { return std::max(floor, x & ~int64_t{63}); }

} // namespace

void NodeWork::reset(const std::vector<int64_t> &nodeBounds, const std::vector<int> &threadNode,
                     int64_t chunk, WorkStealing stealing) {
  size_t nodes = nodeBounds.size() - 1;
  if (identity_.size() != nodes) {
    identity_.resize(nodes);
    for (size_t k = 0; k < nodes; ++k)
      identity_[k] = static_cast<int>(k);
  }
  reset(nodeBounds, identity_, threadNode, chunk, stealing);
}

void NodeWork::reset(const std::vector<int64_t> &rangeBounds, const std::vector<int> &rangeNode,
                     const std::vector<int> &threadNode, int64_t chunk, WorkStealing stealing) {
  std::vector<WorkRange> whole(rangeBounds.size() - 1);
  for (size_t r = 0; r < whole.size(); ++r)
    whole[r] = {rangeBounds[r], rangeBounds[r + 1], rangeNode[r], static_cast<int>(r)};
  reset(whole, threadNode, chunk, stealing);
}

void NodeWork::reset(const std::vector<WorkRange> &rangeList, const std::vector<int> &threadNode,
                     int64_t chunk, WorkStealing stealing) {
  if (chunk < 1)
    throw Error("work is handed out in chunks of at least one vertex, not " +
                std::to_string(chunk));
  const int ranges = static_cast<int>(rangeList.size());
  const int threads = static_cast<int>(threadNode.size());
  int nodes = 0;
  for (int r = 0; r < ranges; ++r)
    nodes = std::max(nodes, rangeList[r].node + 1);
  for (int t = 0; t < threads; ++t)
    nodes = std::max(nodes, threadNode[t] + 1);
  chunk_ = chunk;
  std::vector<std::vector<int>> members(nodes);
  for (int t = 0; t < threads; ++t)
    members[threadNode[t]].push_back(t);

  // Lanes: a range whole (IntraNode), or cut into one share per thread of
  // its node; a range of a node without threads is one lane for its home.
  bool shares = stealing != WorkStealing::IntraNode;
  std::vector<int> laneOwner; // a thread, or -1: shared by the node's threads
  size_t needed = 0;
  for (int r = 0; r < ranges; ++r) {
    const std::vector<int> &m = members[rangeList[r].node];
    needed += shares && !m.empty() ? m.size() : 1;
  }
  if (needed > laneCapacity_) {
    lanes_.reset(new Lane[needed]);
    laneCapacity_ = needed;
  }
  numLanes_ = 0;
  auto addLane = [&](int64_t begin, int64_t end, int range, int owner) {
    Lane &lane = lanes_[numLanes_++];
    lane.cursor.store(begin, std::memory_order_relaxed);
    lane.end = end;
    lane.range = rangeList[range].id;
    lane.node = rangeList[range].node;
    laneOwner.push_back(owner);
  };
  for (int r = 0; r < ranges; ++r) {
    int k = rangeList[r].node;
    int64_t begin = rangeList[r].begin, end = rangeList[r].end;
    const std::vector<int> &m = members[k];
    if (m.empty()) {
      addLane(begin, end, r, homeThread(k, nodes, threads));
    } else if (!shares) {
      addLane(begin, end, r, -1);
    } else {
      int64_t size = end - begin;
      for (size_t j = 0; j < m.size(); ++j) {
        int64_t lo = j == 0 ? begin : roundDown64(begin + size * int64_t(j) / int64_t(m.size()), begin);
        int64_t hi = j + 1 == m.size()
                         ? end
                         : roundDown64(begin + size * int64_t(j + 1) / int64_t(m.size()), begin);
        addLane(lo, std::max(lo, hi), r, m[j]);
      }
    }
  }

  // Each thread's lanes in the order it takes them: its own (and its node's
  // shared lane), then, when it steals, its node's other shares, then the
  // other nodes' lanes.
  laneListBegin_.assign(threads + 1, 0);
  laneList_.clear();
  for (int t = 0; t < threads; ++t) {
    laneListBegin_[t] = laneList_.size();
    int node = threadNode[t];
    for (size_t l = 0; l < numLanes_; ++l)
      if (laneOwner[l] == t || (laneOwner[l] == -1 && lanes_[l].node == node))
        laneList_.push_back(static_cast<int>(l));
    if (stealing == WorkStealing::MiniChunk || stealing == WorkStealing::InterNode)
      for (size_t l = 0; l < numLanes_; ++l)
        if (laneOwner[l] != t && lanes_[l].node == node)
          laneList_.push_back(static_cast<int>(l));
    if (stealing == WorkStealing::InterNode)
      for (size_t l = 0; l < numLanes_; ++l)
        if (lanes_[l].node != node)
          laneList_.push_back(static_cast<int>(l));
  }
  laneListBegin_[threads] = laneList_.size();
  if (static_cast<size_t>(threads) > positionCapacity_) {
    position_.reset(new Position[threads]);
    positionCapacity_ = threads;
  }
  for (int t = 0; t < threads; ++t)
    position_[t].lane = laneListBegin_[t];
}

bool NodeWork::next(int thread, int64_t &begin, int64_t &end, int &range) {
  size_t &at = position_[thread].lane;
  for (; at < laneListBegin_[thread + 1]; ++at) {
    Lane &lane = lanes_[laneList_[at]];
    if (lane.cursor.load(std::memory_order_relaxed) >= lane.end)
      continue;
    int64_t b = lane.cursor.fetch_add(chunk_, std::memory_order_relaxed);
    if (b >= lane.end)
      continue;
    begin = b;
    end = std::min(b + chunk_, lane.end);
    range = lane.range;
    return true;
  }
  return false;
}

} // namespace polyrt
