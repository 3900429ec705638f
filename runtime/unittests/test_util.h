//===- test_util.h - Helpers shared by the polyrt unit tests ------------===//
#ifndef POLYRT_UNITTESTS_TEST_UTIL_H
#define POLYRT_UNITTESTS_TEST_UTIL_H

#include "polyrt/graph.h"
#include "polyrt/types.h"

#include <gtest/gtest.h>
#include <omp.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

/// EXPECT_CONTAINS(text, "part"): text (a std::string) contains part.
#define EXPECT_CONTAINS(text, part)                                                          \
  EXPECT_PRED_FORMAT2(::polyrt::test::containsFormat, text, part)
/// EXPECT_RUNTIME_ERROR(statement, "regex"): the statement throws polyrt::Error
/// whose message matches the (ECMAScript) regex: what stopProgram does outside
/// runMain, where polyrt is a library.
#define EXPECT_RUNTIME_ERROR(statement, pattern)                                             \
  EXPECT_TRUE(::polyrt::test::throwsError([&] { statement; }, pattern))
/// EXPECT_ELEMENTS(vector, a, b, c): the vector is exactly {a, b, c}.
#define EXPECT_ELEMENTS(x, ...) EXPECT_EQ((x), (std::decay_t<decltype(x)>{__VA_ARGS__}))

namespace polyrt::test {

/// Sets an environment variable for one scope.
struct ScopedEnv {
  const char *name;
  ScopedEnv(const char *name, const char *value) : name(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name); }
};

inline testing::AssertionResult containsFormat(const char *textExpr, const char *partExpr,
                                               const std::string &text, const std::string &part) {
  if (text.find(part) != std::string::npos)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << textExpr << " is \"" << text << "\"\n"
                                     << "which does not contain " << partExpr;
}

inline testing::AssertionResult throwsError(const std::function<void()> &statement,
                                            const std::string &pattern) {
  try {
    statement();
  } catch (const Error &e) {
    if (std::regex_search(e.what(), std::regex(pattern)))
      return testing::AssertionSuccess();
    return testing::AssertionFailure() << "threw \"" << e.what() << "\", which does not match \""
                                       << pattern << "\"";
  }
  return testing::AssertionFailure() << "threw no polyrt::Error (expected one matching \""
                                     << pattern << "\")";
}

/// This process's directory under the test temp directory, removed with
/// everything in it when the tests end (passed or failed), so that test runs
/// leave nothing behind in /tmp.
inline const std::filesystem::path &tempDirectory() {
  struct Directory {
    pid_t owner = getpid();
    std::filesystem::path path =
        std::filesystem::path(testing::TempDir()) / ("polyrt_" + std::to_string(owner));
    Directory() { std::filesystem::create_directories(path); }
    ~Directory() {
      // A forked death-test child that exits normally must not take the
      // parent's files with it.
      if (getpid() != owner)
        return;
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static Directory directory;
  return directory.path;
}

/// A fresh path in this process's temp directory with the given file name suffix.
inline std::string tempPath(const std::string &name) {
  static int counter = 0;
  return (tempDirectory() / (std::to_string(counter++) + "_" + name)).string();
}

/// Writes bytes to a new temp file named ...name and returns its path.
inline std::string writeTemp(const std::string &name, const std::string &contents) {
  std::string path = tempPath(name);
  std::ofstream out(path, std::ios::binary);
  out << contents;
  return path;
}

/// The message of the polyrt::Error that f throws ("" if none).
inline std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// Runs f with the OpenMP thread count set to threads, then restores it.
template <typename F> auto withThreads(int threads, F f) {
  int saved = omp_get_max_threads();
  omp_set_num_threads(threads);
  auto result = f();
  omp_set_num_threads(saved);
  return result;
}

/// A list of ids (a sparse subset's IdList) as a std::vector, to compare
/// with one.
/// 0, 1, ..., n-1.
template <typename T> std::vector<T> iota(T n) {
  std::vector<T> values(static_cast<size_t>(n));
  for (T i = 0; i < n; ++i)
    values[static_cast<size_t>(i)] = i;
  return values;
}

template <typename List> std::vector<typename List::value_type> asVector(const List &list) {
  return {list.begin(), list.end()};
}

/// The elements of a list, sorted, as a std::vector.
template <typename List> std::vector<typename List::value_type> sorted(const List &list) {
  std::vector<typename List::value_type> v = asVector(list);
  std::sort(v.begin(), v.end());
  return v;
}

/// The out-neighbours of v as a vector.
template <typename W> std::vector<VertexId> outList(const Graph<W> &g, VertexId v) {
  return std::vector<VertexId>(g.outNeighbors() + g.outOffsets()[v],
                               g.outNeighbors() + g.outOffsets()[v + 1]);
}
template <typename W> std::vector<VertexId> inList(const Graph<W> &g, VertexId v) {
  return std::vector<VertexId>(g.inNeighbors() + g.inOffsets()[v],
                               g.inNeighbors() + g.inOffsets()[v + 1]);
}
template <typename W> std::vector<W> outWeightList(const Graph<W> &g, VertexId v) {
  return std::vector<W>(g.outWeights() + g.outOffsets()[v], g.outWeights() + g.outOffsets()[v + 1]);
}

/// Every (src, dst, weight) edge of the out-CSR, in CSR order.
template <typename W> std::vector<std::tuple<VertexId, VertexId, double>> edgesOf(const Graph<W> &g) {
  std::vector<std::tuple<VertexId, VertexId, double>> edges;
  for (VertexId u = 0; u < g.numVertices(); ++u)
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
      double w = 0;
      if constexpr (Graph<W>::kWeighted)
        w = static_cast<double>(g.outWeights()[e]);
      edges.emplace_back(u, g.outNeighbors()[e], w);
    }
  return edges;
}

/// Every edge of the in-CSR as (src, dst, weight), grouped by dst.
template <typename W> std::vector<std::tuple<VertexId, VertexId, double>> inEdgesOf(const Graph<W> &g) {
  std::vector<std::tuple<VertexId, VertexId, double>> edges;
  for (VertexId v = 0; v < g.numVertices(); ++v)
    for (EdgeOffset e = g.inOffsets()[v]; e < g.inOffsets()[v + 1]; ++e) {
      double w = 0;
      if constexpr (Graph<W>::kWeighted)
        w = static_cast<double>(g.inWeights()[e]);
      edges.emplace_back(g.inNeighbors()[e], v, w);
    }
  return edges;
}

/// True when the two graphs have identical arrays (and flags).
template <typename W> bool sameGraph(const Graph<W> &a, const Graph<W> &b) {
  return a.numVertices() == b.numVertices() && a.directed() == b.directed() &&
         edgesOf(a) == edgesOf(b) &&
         std::equal(a.outOffsets(), a.outOffsets() + a.numVertices() + 1, b.outOffsets());
}

/// An undirected graph built from g's out-CSR as a caller would, from its
/// own arrays: polyrt does not check that such lists are symmetric
/// (Graph::outListsSymmetric() is false).
template <typename W> Graph<W> undirectedFromArrays(const Graph<W> &g) {
  const EdgeOffset *offsets = g.outOffsets();
  std::vector<W> weights;
  if constexpr (Graph<W>::kWeighted)
    weights.assign(g.outWeights(), g.outWeights() + g.numEdges());
  return Graph<W>(g.numVertices(), std::vector<EdgeOffset>(offsets, offsets + g.numVertices() + 1),
                  std::vector<VertexId>(g.outNeighbors(), g.outNeighbors() + g.numEdges()),
                  std::move(weights), /*directed=*/false);
}

/// A sorted random subset of [0, n) holding about `percent` % of it.
inline std::vector<VertexId> randomMembers(VertexId n, int percent, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<VertexId> ids;
  for (VertexId v = 0; v < n; ++v)
    if (static_cast<int>(rng() % 100) < percent)
      ids.push_back(v);
  return ids;
}

} // namespace polyrt::test

#endif
