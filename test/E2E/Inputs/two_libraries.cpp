// Links two polyc libraries (two_libraries.test): lib_pagerank's and lib_bfs's
// generated C++, each in its own namespace, into one program. Calls PageRank
// before its polyc_initialize (an error), then both kernels on a graph built
// in memory, printing the error, then the ranks and the parents.
#include "lib_bfs.h"
#include "lib_pagerank.h"

#include <iostream>

int main() {
  // 0 -> 1 -> 2 -> 0, 2 -> 3 and 4 -> 3: 4 is unreachable from 0.
  polyrt::EdgeList edges = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {2, 3, 1}, {4, 3, 1}};
  auto graph = polyrt::buildGraph<polyrt::NoWeight>(edges, 5, false);
  try {
    lib_pagerank::pagerank(graph, 20);
    std::cout << "no error\n";
  } catch (const polyrt::Error &e) {
    std::cout << "error: " << e.what() << "\n";
  }
  lib_pagerank::polyc_initialize();
  lib_bfs::polyc_initialize();
  auto ranks = lib_pagerank::pagerank(graph, 20);
  auto parents = lib_bfs::bfs(graph, 0);
  for (int64_t v = 0; v < ranks.size(); ++v)
    std::cout << "rank " << v << " " << ranks[v] << "\n";
  for (int64_t v = 0; v < parents.size(); ++v)
    std::cout << "parent " << v << " " << parents[v] << "\n";
}
