//===- bfs.cpp - BFS baseline (GAPBS bfs.cc: direction-optimizing) ------===//
//
// examples/bfs.gt's BFS: the parent of every vertex in a BFS tree from the
// source (the source is its own parent, unreached vertices -1). Written as
// GAPBS's direction-optimizing BFS (Beamer et al.): top-down steps push from a
// sliding queue and claim children with a compare-and-swap; once the
// frontier's out-edges exceed the unexplored edges / alpha, bottom-up steps
// let every unvisited vertex look for a parent among its in-neighbours in a
// bitmap of the frontier, until the frontier shrinks below n / beta again.
// parent[v] starts at -outdeg(v) (-1 without out-edges) so that a top-down
// step counts the new frontier's out-edges ("scout count") for free. One
// addition to GAPBS: a top-down step with less work than bench::kSerialWork
// runs on one thread (no parallel region for the tiny levels of a grid).
//
// usage: bfs <graph> <source>   prints every parent (vertex order) on stdout
//                               and "kernel_seconds: S" on stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

namespace {

using bench::Bitmap;
using bench::EdgeOffset;
using bench::QueueBuffer;
using bench::SlidingQueue;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

constexpr int kAlpha = 15;
constexpr int kBeta = 18;

int64_t bottomUpStep(const Graph &g, VertexId *parent, const Bitmap &front, Bitmap &next) {
  const int64_t n = g.numVertices();
  const EdgeOffset *offsets = g.inOffsets();
  const VertexId *neighbors = g.inNeighbors();
  int64_t awake = 0;
  next.reset();
  // Chunks of 1024 vertices are whole bitmap words: plain bit stores.
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : awake)
  for (int64_t u = 0; u < n; ++u) {
    if (parent[u] < 0) {
      for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
        VertexId v = neighbors[e];
        if (front.getBit(v)) {
          parent[u] = v;
          ++awake;
          next.setBit(u);
          break;
        }
      }
    }
  }
  return awake;
}

/// scoutIn: the out-degree sum of the frontier (its work, with its size).
int64_t topDownStep(const Graph &g, VertexId *parent, SlidingQueue<VertexId> &queue,
                    int64_t scoutIn) {
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
  int64_t scout = 0;
  const bool parallel = scoutIn + static_cast<int64_t>(queue.size()) > bench::kSerialWork;
#pragma omp parallel if (parallel)
  {
    QueueBuffer<VertexId> local(queue);
    const VertexId *frontier = queue.begin();
    const int64_t size = static_cast<int64_t>(queue.size());
#pragma omp for reduction(+ : scout) nowait
    for (int64_t i = 0; i < size; ++i) {
      VertexId u = frontier[i];
      for (EdgeOffset e = offsets[u]; e < offsets[u + 1]; ++e) {
        VertexId v = neighbors[e];
        VertexId current = bench::load(parent[v]);
        if (current < 0 && bench::compareAndSwap(parent[v], current, u)) {
          local.pushBack(v);
          scout += -current;
        }
      }
    }
    local.flush();
  }
  return scout;
}

void queueToBitmap(const SlidingQueue<VertexId> &queue, Bitmap &bitmap) {
  const VertexId *frontier = queue.begin();
  const int64_t size = static_cast<int64_t>(queue.size());
#pragma omp parallel for if (size > bench::kSerialWork)
  for (int64_t i = 0; i < size; ++i)
    bitmap.setBitAtomic(frontier[i]);
}

void bitmapToQueue(int64_t n, const Bitmap &bitmap, SlidingQueue<VertexId> &queue) {
#pragma omp parallel
  {
    QueueBuffer<VertexId> local(queue);
#pragma omp for nowait
    for (int64_t v = 0; v < n; ++v)
      if (bitmap.getBit(v))
        local.pushBack(static_cast<VertexId>(v));
    local.flush();
  }
  queue.slideWindow();
}

/// parent holds -outdeg(v) (or -1) on entry and the BFS tree on exit.
void directionOptimizingBfs(const Graph &g, VertexId source, VertexId *parent) {
  const int64_t n = g.numVertices();
  parent[source] = source;
  SlidingQueue<VertexId> queue(n);
  queue.pushBack(source);
  queue.slideWindow();
  Bitmap current(n), front(n);
  current.reset();
  int64_t edgesToCheck = g.numEdges();
  int64_t scout = g.outDegree(source);
  while (!queue.empty()) {
    if (scout > edgesToCheck / kAlpha) {
      front.reset(); // may hold the frontier of an earlier bottom-up phase
      queueToBitmap(queue, front);
      int64_t awake = static_cast<int64_t>(queue.size()), oldAwake;
      queue.slideWindow();
      do {
        oldAwake = awake;
        awake = bottomUpStep(g, parent, front, current);
        front.swap(current);
      } while (awake >= oldAwake || awake > n / kBeta);
      bitmapToQueue(n, front, queue);
      scout = 1;
    } else {
      edgesToCheck -= scout;
      scout = topDownStep(g, parent, queue, scout);
      queue.slideWindow();
    }
  }
#pragma omp parallel for
  for (int64_t v = 0; v < n; ++v)
    if (parent[v] < -1)
      parent[v] = -1;
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("bfs", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    g.buildInEdges();
    VertexId source = bench::sourceArgument(argc, argv, 2, g);
    const int64_t n = g.numVertices();
    // bfs.gt initializes parent in its global declaration (untimed); so here.
    std::vector<VertexId> parent(n);
#pragma omp parallel for
    for (int64_t v = 0; v < n; ++v) {
      int64_t degree = g.outDegree(static_cast<VertexId>(v));
      parent[v] = degree != 0 ? static_cast<VertexId>(-degree) : -1;
    }
    bench::timeKernel([&] { directionOptimizingBfs(g, source, parent.data()); });
    bench::printPerVertex(parent.data(), n);
  });
}
