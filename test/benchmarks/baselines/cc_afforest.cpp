//===- cc_afforest.cpp - Connected components baseline: Afforest --------===//
//
// examples/cc_afforest.gt's algorithm (Sutton, Ben-Nun and Barak, IPDPS 2018),
// written as a tuned kernel: a union-find forest in which a link hooks the
// larger root under the smaller label with one compare-and-swap. Every vertex
// is linked to its first out-neighbour, the trees compressed, then to its
// second, compressed again; the most frequent label among 1024 evenly spread
// vertices is taken for the largest component, and only the vertices outside
// it link along their remaining edges (from the third on) before a last
// compression. On a symmetric graph every vertex ends with the smallest id of
// its component.
//
// usage: cc_afforest <symmetric graph>   prints every label (vertex order) on
//                                        stdout and "kernel_seconds: S" on
//                                        stderr.
//
//===----------------------------------------------------------------------===//
#include "common.h"

namespace {

using bench::EdgeOffset;
using bench::VertexId;
using Graph = bench::Graph<bench::NoWeight>;

constexpr int kSampledNeighbors = 2;

void link(VertexId u, VertexId v, VertexId *parent) {
  VertexId p1 = bench::load(parent[u]), p2 = bench::load(parent[v]);
  while (p1 != p2) {
    // low as GAPBS writes it, which g++ compiles without a branch.
    VertexId high = std::max(p1, p2), low = p1 + (p2 - high);
    VertexId highParent = bench::load(parent[high]);
    if (highParent == low)
      return;
    if (highParent == high) {
      if (bench::compareAndSwap(parent[high], high, low))
        return;
      highParent = bench::load(parent[high]);
    }
    p1 = bench::load(parent[highParent]);
    p2 = bench::load(parent[low]);
  }
}

void compress(int64_t n, VertexId *parent) {
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < n; ++v)
    for (VertexId p = bench::load(parent[v]), up; p != (up = bench::load(parent[p])); p = up)
      bench::store(parent[v], up);
}

VertexId mostFrequentLabel(int64_t n, const VertexId *parent) {
  const int64_t samples = std::min<int64_t>(1024, n);
  if (samples == 0)
    return 0;
  const int64_t stride = n / samples;
  std::vector<VertexId> labels(samples);
  for (int64_t i = 0; i < samples; ++i)
    labels[i] = parent[i * stride];
  std::sort(labels.begin(), labels.end());
  VertexId best = labels[0];
  int64_t bestCount = 0;
  for (int64_t i = 0, j; i < samples; i = j) {
    for (j = i; j < samples && labels[j] == labels[i]; ++j) {
    }
    if (j - i > bestCount)
      bestCount = j - i, best = labels[i];
  }
  return best;
}

void afforest(const Graph &g, VertexId *parent) {
  const int64_t n = g.numVertices();
  const EdgeOffset *offsets = g.outOffsets();
  const VertexId *neighbors = g.outNeighbors();
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < n; ++v)
    parent[v] = static_cast<VertexId>(v);
  for (int r = 0; r < kSampledNeighbors; ++r) {
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n; ++v)
      if (offsets[v] + r < offsets[v + 1])
        link(static_cast<VertexId>(v), neighbors[offsets[v] + r], parent);
    compress(n, parent);
  }
  const VertexId largest = mostFrequentLabel(n, parent);
#pragma omp parallel for schedule(dynamic, 1024)
  for (int64_t v = 0; v < n; ++v) {
    if (bench::load(parent[v]) == largest)
      continue;
    for (EdgeOffset e = offsets[v] + kSampledNeighbors; e < offsets[v + 1]; ++e)
      link(static_cast<VertexId>(v), neighbors[e], parent);
  }
  compress(n, parent);
}

} // namespace

int main(int argc, char **argv) {
  return bench::run("cc_afforest", [&] {
    Graph g = bench::loadGraph<bench::NoWeight>(argc, argv);
    if (argc > 2)
      throw polyrt::Error(std::string("unexpected argument '") + argv[2] + "'");
    const int64_t n = g.numVertices();
    std::vector<VertexId> parent(n, 0); // cc_afforest.gt's global IDs (= 0), untimed as there
    bench::timeKernel([&] { afforest(g, parent.data()); });
    bench::printPerVertex(parent.data(), n);
  });
}
