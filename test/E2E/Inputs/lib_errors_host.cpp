// The C++ side of test/E2E/library_errors.test: calls lib_errors.gt's kernels
// with bad arguments (each must throw polyrt::Error and leave the library
// usable), then calls the same kernels from four threads at once (each call
// must return what one call alone returns).
#include "lib_errors.h"

#include "polyrt/io.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what.c_str());
    ++failures;
  }
}

/// Runs call, which must throw polyrt::Error; prints its message.
template <typename Call> void expectError(const char *what, Call call) {
  try {
    call();
    check(false, std::string(what) + " threw nothing");
  } catch (const polyrt::Error &e) {
    std::printf("%s: error: %s\n", what, e.what());
  }
}

bool sameRanks(const polyrt::VertexArray<double> &a, const polyrt::VertexArray<double> &b) {
  if (a.size() != b.size())
    return false;
  for (int64_t v = 0; v < a.size(); ++v)
    if (std::fabs(a[v] - b[v]) > 1e-12 * std::fabs(b[v]))
      return false;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s graph.el\n", argv[0]);
    return 2;
  }
  polyrt::Graph<polyrt::NoWeight> graph = polyrt::loadGraph<polyrt::NoWeight>(argv[1]);
  lib_errors::polyc_initialize();
  const int n = static_cast<int>(graph.numVertices());

  expectError("bfs from a vertex outside the graph", [&] { lib_errors::bfs(graph, n + 5); });
  expectError("an overflow in the edge loop",
              [&] { lib_errors::inDegreeTimes(graph, 2000000000); });
  expectError("an overflow in the vertex loop",
              [&] { lib_errors::scaledInDegree(graph, 2000000000); });
  // The same failures again: nothing was left behind by the first ones.
  expectError("the edge loop again", [&] { lib_errors::inDegreeTimes(graph, 2000000000); });

  // The library works after its errors.
  polyrt::VertexArray<double> ranks = lib_errors::pagerank(graph, 20);
  polyrt::VertexArray<int32_t> degrees = lib_errors::inDegreeTimes(graph, 1);
  polyrt::VertexArray<int32_t> parents = lib_errors::bfs(graph, 0);
  check(lib_errors::ignores("unused") == 3, "an export with an unused parameter");

  // Four threads, each calling the same kernels five times.
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round) {
        if (!sameRanks(lib_errors::pagerank(graph, 20), ranks))
          ++wrong[t];
        polyrt::VertexArray<int32_t> d = lib_errors::inDegreeTimes(graph, 1);
        for (int64_t v = 0; v < d.size(); ++v)
          wrong[t] += d[v] != degrees[v];
        try {
          lib_errors::inDegreeTimes(graph, 2000000000);
          ++wrong[t];
        } catch (const polyrt::Error &) {
        }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < 4; ++t)
    check(wrong[t] == 0, "thread " + std::to_string(t) + ": " + std::to_string(wrong[t]) +
                             " results differ from one call alone");

  for (int64_t v = 0; v < ranks.size(); ++v)
    std::printf("rank %lld %.17g\n", static_cast<long long>(v), ranks[v]);
  for (int64_t v = 0; v < parents.size(); ++v)
    std::printf("parent %lld %d\n", static_cast<long long>(v), parents[v]);
  std::printf("%s\n", failures ? "host: FAILED" : "host: ok");
  return failures ? 1 : 0;
}
