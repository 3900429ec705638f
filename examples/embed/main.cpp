// examples/embed: runs two polyc kernels, PageRank and BFS, from one C++
// program on a graph it builds in memory.
//
//   embed_demo OUTDIR
//
// writes OUTDIR/graph.el (the graph, for the oracle), OUTDIR/pr.txt (a rank
// per vertex after 20 iterations) and OUTDIR/bfs.txt (each vertex's BFS
// parent from vertex 0), and prints a summary. It first calls a kernel before
// initialising its library, to show the error that gives.
#include "bfs.h"
#include "pagerank.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

namespace {

// A directed graph of n vertices made by a formula: a ring i -> i+1 and
// chords i -> 3i+1 (mod n), and vertex n-1 points nowhere new. Small and
// deterministic, with cycles, several paths of different lengths and
// vertices of different in-degrees.
polyrt::EdgeList makeEdges(polyrt::VertexId n) {
  polyrt::EdgeList edges;
  for (polyrt::VertexId i = 0; i + 1 < n; ++i) {
    edges.push_back({i, i + 1, 1});
    edges.push_back({i, static_cast<polyrt::VertexId>((3 * int64_t(i) + 1) % n), 1});
  }
  return edges;
}

template <typename Values> void write(const std::string &path, const Values &values) {
  std::ofstream out(path);
  out.precision(17);
  for (int64_t v = 0; v < values.size(); ++v)
    out << values[v] << "\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: embed_demo OUTDIR\n";
    return 2;
  }
  std::string dir = argv[1];
  const polyrt::VertexId n = 1000;
  polyrt::EdgeList edges = makeEdges(n);
  polyrt::Graph<polyrt::NoWeight> graph =
      polyrt::buildGraph<polyrt::NoWeight>(edges, n, /*symmetrize=*/false);
  {
    std::ofstream el(dir + "/graph.el");
    for (const polyrt::Edge &e : edges)
      el << e.src << " " << e.dst << "\n";
  }

  // Too early: the library's globals are not set up yet.
  try {
    pagerank::pagerank(graph, 20);
    std::cout << "pagerank ran before initialisation\n";
    return 1;
  } catch (const polyrt::Error &e) {
    std::cout << "before initialisation: " << e.what() << "\n";
  }

  pagerank::polyc_initialize();
  bfs::polyc_initialize();
  polyrt::VertexArray<double> ranks = pagerank::pagerank(graph, 20);
  polyrt::VertexArray<int32_t> parents = bfs::bfs(graph, 0);
  write(dir + "/pr.txt", ranks);
  write(dir + "/bfs.txt", parents);

  double sum = 0;
  polyrt::VertexId top = 0;
  for (polyrt::VertexId v = 0; v < n; ++v) {
    sum += ranks[v];
    if (ranks[v] > ranks[top])
      top = v;
  }
  int64_t reached = 0;
  for (polyrt::VertexId v = 0; v < n; ++v)
    reached += parents[v] != -1;
  std::cout << "graph: " << graph.numVertices() << " vertices, " << graph.numEdges()
            << " edges\n"
            << "pagerank: top vertex " << top << " rank " << ranks[top] << ", sum " << sum << "\n"
            << "bfs from 0: " << reached << " vertices reached\n";
  return 0;
}
