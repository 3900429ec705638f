//===- access_accounting.cpp - Counting local and remote accesses -------===//
//
// Counters live per thread (one block per OpenMP thread number, grown
// serially when a traversal registers) so the hot path is a plain add; the
// table sums them at exit.
//
//===----------------------------------------------------------------------===//
#include "polyrt/access_accounting.h"

#include "polyrt/numa.h"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace polyrt::accounting {
namespace {

struct State {
  std::vector<std::string> names;
  std::vector<int> nodes; // per traversal
  int threads = 1;
  // counts[thread][traversal][node]
  std::vector<std::vector<std::vector<Counts>>> counts;
  std::unique_ptr<Partition> ownership;
  bool atExit = false;
};

State &state() {
  static State s;
  return s;
}

void printAtExit() {
  if (state().names.empty()) // reset since (tests)
    return;
  std::cout.flush();
  std::cerr << table();
}

double percent(uint64_t part, uint64_t whole) { return whole ? 100.0 * part / whole : 0.0; }

} // namespace

int registerTraversal(const char *name, int nodes) {
  State &s = state();
  const Topology &topo = topology();
  nodes = std::max(nodes, topo.nodes);
  for (size_t i = 0; i < s.names.size(); ++i)
    if (s.names[i] == name) {
      if (nodes > s.nodes[i]) {
        s.nodes[i] = nodes;
        for (auto &perThread : s.counts)
          perThread[i].resize(nodes);
      }
      return static_cast<int>(i);
    }
  s.threads = std::max({s.threads, topo.threads, omp_get_max_threads()});
  s.names.push_back(name);
  s.nodes.push_back(nodes);
  s.counts.resize(s.threads);
  for (auto &perThread : s.counts) {
    perThread.resize(s.names.size());
    perThread.back().resize(nodes);
  }
  if (!s.atExit) {
    s.atExit = true;
    std::atexit(printAtExit);
  }
  return static_cast<int>(s.names.size()) - 1;
}

const Partition &defaultOwnership(VertexId n) {
  State &s = state();
  if (!s.ownership || s.ownership->numVertices() != n)
    s.ownership = std::make_unique<Partition>(
        partitionVertices(n, nullptr, std::min<int>(topology().nodes, std::max<VertexId>(n, 1)),
                          PartitionStrategy::VertexBalanced));
  return *s.ownership;
}

int nodeOfThread() { return nodeOfCallingThread(); }

void add(int traversal, int node, Data data, Op op, bool remote, Pattern pattern,
         uint64_t count) {
  State &s = state();
  int t = omp_get_thread_num();
  if (t >= s.threads || node >= s.nodes[traversal])
    return; // outside what was registered: never the case in generated code
  s.counts[t][traversal][node].n[data][op][remote][pattern] += count;
}

void countVertex(int traversal, int node, const Partition &p, VertexId v, int64_t reads,
                 int64_t writes) {
  bool remote = p.ownerOf(v) != node;
  if (reads)
    add(traversal, node, VertexData, Read, remote, Sequential, reads);
  if (writes)
    add(traversal, node, VertexData, Write, remote, Sequential, writes);
}

void countOwner(int traversal, int node, const Partition &p, VertexId owner, int64_t edges,
                int weightsPerEdge, int64_t reads, int64_t writes) {
  bool remote = p.ownerOf(owner) != node;
  add(traversal, node, TopologyData, Read, remote, Sequential, 2 + edges * (1 + weightsPerEdge));
  countVertex(traversal, node, p, owner, reads, writes);
}

void countAgent(int traversal, int node, const Partition &p, VertexId owner, int64_t edges,
                int weightsPerEdge, int64_t reads, int64_t writes) {
  add(traversal, node, TopologyData, Read, /*remote=*/false, Sequential,
      2 + edges * (1 + weightsPerEdge));
  countVertex(traversal, node, p, owner, reads, writes);
}

void countOther(int traversal, int node, const Partition &p, VertexId other, int64_t reads,
                int64_t writes) {
  bool remote = p.ownerOf(other) != node;
  if (reads)
    add(traversal, node, VertexData, Read, remote, Random, reads);
  if (writes)
    add(traversal, node, VertexData, Write, remote, Random, writes);
}

void countReplicaReads(int traversal, int node, int64_t reads) {
  add(traversal, node, VertexData, Read, /*remote=*/false, Random, reads);
}

std::string table() {
  State &s = state();
  std::string out = "polyrt access accounting\n"
                    "traversal node vertex-reads vertex-writes topology-reads remote% "
                    "random-remote%\n";
  char line[256];
  Counts program;
  auto row = [&](const std::string &name, const std::string &node, const Counts &c) {
    uint64_t all = 0, remote = 0, randomRemote = 0, vr = 0, vw = 0, tr = 0;
    for (int d = 0; d < 2; ++d)
      for (int o = 0; o < 2; ++o)
        for (int r = 0; r < 2; ++r)
          for (int p = 0; p < 2; ++p) {
            uint64_t n = c.n[d][o][r][p];
            all += n;
            remote += r ? n : 0;
            randomRemote += r && p ? n : 0;
            (d == VertexData ? (o == Read ? vr : vw) : tr) += n;
          }
    std::snprintf(line, sizeof line, "%s %s %llu %llu %llu %.1f %.1f\n", name.c_str(),
                  node.c_str(), (unsigned long long)vr, (unsigned long long)vw,
                  (unsigned long long)tr, percent(remote, all), percent(randomRemote, all));
    out += line;
  };
  auto addTo = [](Counts &sum, const Counts &c) {
    for (int d = 0; d < 2; ++d)
      for (int o = 0; o < 2; ++o)
        for (int r = 0; r < 2; ++r)
          for (int p = 0; p < 2; ++p)
            sum.n[d][o][r][p] += c.n[d][o][r][p];
  };
  for (size_t i = 0; i < s.names.size(); ++i) {
    Counts total;
    for (int k = 0; k < s.nodes[i]; ++k) {
      Counts c;
      for (int t = 0; t < s.threads; ++t)
        addTo(c, s.counts[t][i][k]);
      row(s.names[i], std::to_string(k), c);
      addTo(total, c);
    }
    row(s.names[i], "all", total);
    addTo(program, total);
  }
  row("program", "all", program);
  return out;
}

void reset() {
  State &s = state();
  s.names.clear();
  s.nodes.clear();
  s.counts.clear();
  s.ownership.reset();
}

} // namespace polyrt::accounting
