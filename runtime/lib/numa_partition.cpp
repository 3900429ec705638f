//===- numa_partition.cpp - The vertex range split over NUMA nodes ------===//
#include "polyrt/numa_partition.h"
#include "polyrt/program.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace polyrt {

double defaultPartitionAlpha(int nodes) { return 8.0 * (nodes - 1); }

int Partition::ownerOf(VertexId v) const {
  // The last boundary not above v; empty ranges before it are skipped.
  auto it = std::upper_bound(bounds.begin(), bounds.end() - 1, v);
  return static_cast<int>(it - bounds.begin()) - 1;
}

std::string Partition::describe(const EdgeOffset *offsets) const {
  std::string text;
  double mean = offsets && nodes() ? double(offsets[numVertices()]) / nodes() : 0;
  char line[160];
  for (int k = 0; k < nodes(); ++k) {
    long long vertices = end(k) - begin(k);
    if (offsets) {
      long long edges = offsets[end(k)] - offsets[begin(k)];
      std::snprintf(line, sizeof line, "node %d: |V| %lld, |E| %lld, imbalance %.3f\n", k,
                    vertices, edges, mean > 0 ? edges / mean : 1.0);
    } else {
      std::snprintf(line, sizeof line, "node %d: |V| %lld\n", k, vertices);
    }
    text += line;
  }
  return text;
}

Partition partitionVertices(VertexId n, const EdgeOffset *offsets, int nodes,
                            PartitionStrategy how, double alpha, VertexId granule) {
  if (granule < 1)
    throw Error("a partition's granule must be at least one vertex");
  if (nodes < 1 || nodes > n)
    throw Error("cannot split " + std::to_string(n) + " vertices over " + std::to_string(nodes) +
                " NUMA nodes: every node needs at least one vertex to own");
  if (alpha < 0)
    alpha = defaultPartitionAlpha(nodes);
  // Weigh whole granules, so that boundaries fall between them.
  const int64_t words = (int64_t{n} + granule - 1) / granule;
  auto weight = [&](int64_t word) {
    int64_t lo = word * granule, hi = std::min<int64_t>(lo + granule, n);
    double vertices = double(hi - lo);
    if (how == PartitionStrategy::VertexBalanced || !offsets)
      return vertices;
    double edges = double(offsets[hi] - offsets[lo]);
    return how == PartitionStrategy::EdgeBalanced ? edges : alpha * vertices + edges;
  };
  double total = 0;
  for (int64_t w = 0; w < words; ++w)
    total += weight(w);
  // A graph without edges balances nothing by edges: fall back to vertices.
  bool byVertices = total <= 0;
  if (byVertices)
    total = double(n);

  Partition p;
  p.bounds.assign(nodes + 1, n);
  p.bounds[0] = 0;
  double sum = 0;
  int next = 1;
  for (int64_t w = 0; w < words && next < nodes; ++w) {
    // Boundary k goes before the first word at which the running weight
    // would pass k/N of the total.
    double wWeight = byVertices ? double(std::min<int64_t>(granule, n - w * granule)) : weight(w);
    while (next < nodes && sum + wWeight / 2 > total * next / nodes) {
      p.bounds[next] = static_cast<VertexId>(w * granule);
      ++next;
    }
    sum += wWeight;
  }
  return p;
}

std::vector<int64_t> Partition::boundsWithin(VertexId first, VertexId last) const {
  const int64_t lo = first, hi = last < 0 ? numVertices() : last;
  std::vector<int64_t> cut;
  for (VertexId bound : bounds)
    cut.push_back(std::clamp<int64_t>(bound, lo, hi));
  return cut;
}

Partition partitionWithin(VertexId n, VertexId first, VertexId last, const EdgeOffset *offsets,
                          int nodes, PartitionStrategy how, double alpha, VertexId granule) {
  if (last < 0)
    last = n;
  if (first == 0 && last == n)
    return partitionVertices(n, offsets, nodes, how, alpha, granule);
  if (first < 0 || first > last || last > n)
    throw Error("cannot partition the vertices [" + std::to_string(first) + ", " +
                std::to_string(last) + ") of a graph of " + std::to_string(n));
  if (nodes < 1)
    throw Error("cannot split vertices over " + std::to_string(nodes) + " NUMA nodes");
  Partition p;
  p.bounds.assign(nodes + 1, last);
  p.bounds[0] = 0;
  p.bounds[nodes] = n;
  if (last - first < nodes)
    return p; // all of it on node 0
  // Only differences of offsets are read, so the range's own view of them is a graph of its own.
  Partition inside = partitionVertices(last - first, offsets ? offsets + first : nullptr, nodes,
                                       how, alpha, granule);
  for (int k = 1; k < nodes; ++k) {
    // On the granule's multiples of the whole graph's ids, as frontier words need.
    int64_t at = int64_t{first} + inside.bounds[k];
    at = (at + granule - 1) / granule * granule;
    p.bounds[k] = static_cast<VertexId>(std::min<int64_t>(at, last));
  }
  return p;
}

const Partition &PartitionCache::get(VertexId n, const EdgeOffset *offsets, int nodes,
                                     PartitionStrategy how, double alpha, const char *what,
                                     VertexId first, VertexId last) {
  if (n != n_ || offsets != offsets_ || how != how_ || alpha != alpha_ ||
      partition_.nodes() != nodes || first != first_ || last != last_) {
    partition_ = partitionWithin(n, first, last, offsets, nodes, how, alpha);
    n_ = n, offsets_ = offsets, how_ = how, alpha_ = alpha, first_ = first, last_ = last;
    reportPartition(partition_, offsets, what);
  }
  return partition_;
}

void reportPartition(const Partition &p, const EdgeOffset *offsets, const char *what) {
  if (!verbose())
    return;
  std::cerr << "polyrt: " << what << ": " << p.nodes() << "-node partition\n";
  std::string lines = p.describe(offsets);
  for (size_t at = 0, end; at < lines.size(); at = end + 1) {
    end = lines.find('\n', at);
    std::cerr << "polyrt:   " << lines.substr(at, end - at) << "\n";
  }
}

} // namespace polyrt
