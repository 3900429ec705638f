//===- cc.cpp - Connected components baseline: label propagation --------===//
//
// examples/cc.gt's algorithm: every vertex starts with its own id as label,
// the frontier is every vertex; each round the frontier's out-edges lower
// their target's label to the source's (label[v] = min(label[v], label[u]))
// and the vertices whose label dropped form the next frontier, until it is
// empty. The result is, for every v, the smallest id that reaches v (on a
// symmetric graph: the smallest id of v's component), whatever the order of
// the updates. Written as a tuned kernel (Ligra's Components with GAPBS's
// building blocks), organised like sssp.cpp: pull over the CSC against a byte
// map of the frontier when its out-degree sum plus size exceeds |E|/20, else
// push from a queue with a plain comparison before the compare-and-swap and a
// claim byte per vertex; per-thread queue buffers; the next frontier's
// out-degree sum is counted as it is built; a round with less work than
// bench::kSerialWork runs on one thread.
//
// With --shortcut, each round also runs GAPBS's shortcut (pointer jumping,
// label[v] = label[label[v]] while that lowers it; the vertices it lowers join
// the next frontier). The labels are the same (a label is always an id that
// reaches the vertex, and the fixed point is unique), but the number of
// rounds drops from the graph's diameter to about its logarithm: a different
// algorithm, reported separately (BENCH_CC_SHORTCUT=1).
//
// usage: cc <symmetric graph> [--shortcut]   prints every label (vertex order)
//                                            on stdout and "kernel_seconds: S"
//                                            on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

namespace {

using bench::EdgeOffset;
using bench::QueueBuffer;
using bench::SlidingQueue;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

void labelPropagation(const Graph &g, VertexId *label, bool shortcut) {
  const int64_t n = g.numVertices();
  const int64_t m = g.numEdges();
  const EdgeOffset *outOffsets = g.outOffsets();
  const VertexId *outNeighbors = g.outNeighbors();
  const EdgeOffset *inOffsets = g.inOffsets();
  const VertexId *inNeighbors = g.inNeighbors();

  SlidingQueue<VertexId> queues[2] = {SlidingQueue<VertexId>(n), SlidingQueue<VertexId>(n)};
  std::vector<uint8_t> claimed(n, 0), inFrontier(n, 0);
  // cc.gt's init (label[v] = v) runs in its main(): timed on both sides. The
  // first frontier is every vertex.
#pragma omp parallel
  {
    QueueBuffer<VertexId> local(queues[0]);
#pragma omp for schedule(static) nowait
    for (int64_t v = 0; v < n; ++v) {
      label[v] = static_cast<VertexId>(v);
      local.pushBack(static_cast<VertexId>(v));
    }
    local.flush();
  }
  queues[0].slideWindow();
  int64_t work = n + m;
  int current = 0;
  while (!queues[current].empty()) {
    SlidingQueue<VertexId> &frontier = queues[current], &next = queues[1 - current];
    const VertexId *members = frontier.begin();
    const int64_t size = static_cast<int64_t>(frontier.size());
    next.reset();
    int64_t nextWork = 0;
    // With the shortcut, a vertex the pull lowers is claimed too, so that the
    // shortcut pass below does not add it a second time.
    const bool claimInPull = shortcut;
    if (work > m / 20) {
#pragma omp parallel for schedule(static) if (size > bench::kSerialWork)
      for (int64_t i = 0; i < size; ++i)
        inFrontier[members[i]] = 1;
#pragma omp parallel
      {
        QueueBuffer<VertexId> local(next);
        // Chunks of 256 vertices, as polyc's loops: the rounds this takes
        // depend on the order of the updates, and with chunks longer than a
        // row of a row-major grid a thread reads the row the other thread is
        // still lowering (CC on the 512x512 grid: 500 rounds with chunks of
        // 1024, 2 with 256).
#pragma omp for schedule(dynamic, 256) reduction(+ : nextWork) nowait
        for (int64_t v = 0; v < n; ++v) {
          const VertexId old = bench::load(label[v]);
          VertexId best = old;
          for (EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e) {
            VertexId u = inNeighbors[e];
            if (inFrontier[u]) {
              VertexId offer = bench::load(label[u]);
              if (offer < best)
                best = offer;
            }
          }
          if (best < old) {
            bench::store(label[v], best);
            if (claimInPull)
              bench::store<uint8_t>(claimed[v], 1);
            local.pushBack(static_cast<VertexId>(v));
            nextWork += outOffsets[v + 1] - outOffsets[v] + 1;
          }
        }
        local.flush();
      }
#pragma omp parallel for schedule(static) if (size > bench::kSerialWork)
      for (int64_t i = 0; i < size; ++i)
        inFrontier[members[i]] = 0;
    } else {
#pragma omp parallel if (work > bench::kSerialWork)
      {
        QueueBuffer<VertexId> local(next);
#pragma omp for schedule(dynamic, 64) reduction(+ : nextWork) nowait
        for (int64_t i = 0; i < size; ++i) {
          VertexId u = members[i];
          const VertexId lu = bench::load(label[u]);
          for (EdgeOffset e = outOffsets[u]; e < outOffsets[u + 1]; ++e) {
            VertexId v = outNeighbors[e];
            if (lu < bench::load(label[v]) && bench::writeMin(label[v], lu) &&
                bench::load(claimed[v]) == 0 && bench::compareAndSwap<uint8_t>(claimed[v], 0, 1)) {
              local.pushBack(v);
              nextWork += outOffsets[v + 1] - outOffsets[v] + 1;
            }
          }
        }
        local.flush();
      }
    }
    if (shortcut) {
#pragma omp parallel
      {
        QueueBuffer<VertexId> local(next);
#pragma omp for schedule(static) reduction(+ : nextWork) nowait
        for (int64_t v = 0; v < n; ++v) {
          VertexId l = bench::load(label[v]);
          VertexId jumped = l;
          for (VertexId up = bench::load(label[jumped]); up < jumped; up = bench::load(label[jumped]))
            jumped = up;
          if (jumped < l && bench::writeMin(label[v], jumped) && bench::load(claimed[v]) == 0 &&
              bench::compareAndSwap<uint8_t>(claimed[v], 0, 1)) {
            local.pushBack(static_cast<VertexId>(v));
            nextWork += outOffsets[v + 1] - outOffsets[v] + 1;
          }
        }
        local.flush();
      }
    }
    next.slideWindow();
    if (shortcut || work <= m / 20) {
      const VertexId *added = next.begin();
      const int64_t addedCount = static_cast<int64_t>(next.size());
#pragma omp parallel for schedule(static) if (addedCount > bench::kSerialWork)
      for (int64_t i = 0; i < addedCount; ++i)
        claimed[added[i]] = 0;
    }
    work = nextWork;
    current = 1 - current;
  }
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("cc", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    g.buildInEdges();
    bool shortcut = argc > 2 && std::string(argv[2]) == "--shortcut";
    if (argc > 2 && !shortcut)
      throw polyrt::Error(std::string("unknown option '") + argv[2] + "' (only --shortcut)");
    const int64_t n = g.numVertices();
    std::vector<VertexId> label(n, 1); // cc.gt's global IDs (= 1), untimed as there
    bench::timeKernel([&] { labelPropagation(g, label.data(), shortcut); });
    bench::printPerVertex(label.data(), n);
  });
}
