//===- generated.h - Small helpers that generated programs call ---------===//
//
// The C++ that polyc emits stays readable by naming each kind of update:
// plain updates used where one thread owns the element, "Tracked" forms that
// also report whether the value changed (applyModified), and atomic forms.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_GENERATED_H
#define POLYRT_GENERATED_H

#include "polyrt/atomics.h"
#include "polyrt/checked_arithmetic.h"
#include "polyrt/graph.h"
#include "polyrt/intersection.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <atomic>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace polyrt {

// Plain updates (one writer).
template <typename T> inline bool reduceMin(T &x, T value) {
  if (!(value < x))
    return false;
  x = value;
  return true;
}
template <typename T> inline bool reduceMax(T &x, T value) {
  if (!(value > x))
    return false;
  x = value;
  return true;
}
template <typename T> inline bool assignTracked(T &x, T value) {
  bool changed = x != value;
  x = value;
  return changed;
}
template <typename T, typename Op> inline bool updateTracked(T &x, T value, Op op) {
  T old = x;
  x = op(old, value);
  return x != old;
}
/// claimTracked for one writer (under a lock): x = value if x holds `expected`.
template <typename T> inline bool claimPlain(T &x, T expected, T value) {
  if (x != expected || value == expected)
    return false;
  x = value;
  return true;
}

// Atomic updates that report a change (writeMin/writeMax already do).
/// x = value if x still holds `expected`, atomically; whether x changed.
template <typename T> inline bool claimTracked(T *addr, T expected, T value) {
  return value != expected && compareAndSwap(addr, expected, value);
}
template <typename T> inline bool atomicAssignTracked(T *addr, T value) {
  return std::atomic_ref<T>(*addr).exchange(value, std::memory_order_relaxed) != value;
}
template <typename T, typename Op> inline bool atomicUpdateTracked(T *addr, T value, Op op) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  T desired = op(old, value);
  while (!ref.compare_exchange_weak(old, desired, std::memory_order_relaxed))
    desired = op(old, value);
  return desired != old;
}

/// A fixed-length vector (vector[N](T)) with every slot set to value.
template <typename T, size_t N> std::array<T, N> splat(T value) {
  std::array<T, N> slots;
  slots.fill(value);
  return slots;
}

/// Lets a temporary be passed where a traversal takes a frontier by reference;
/// it lives until the end of the full expression.
template <typename T> inline T &temporary(T &&value) { return value; }

/// new vertexset{V}(n): vertices 0..n-1 of a universe of `universe`.
/// The count of an element no edgeset has, from the global `new
/// vertexset{element}(n)` that sizes it.
inline int64_t elementCountFrom(int64_t n, const char *element) {
  if (n < 0 || n > std::numeric_limits<VertexId>::max())
    throw Error(std::string("the vertexset that counts ") + element + " cannot have " +
                std::to_string(n) + " elements");
  return n;
}

inline VertexSubset newVertexSet(int64_t universe, int64_t n) {
  if (n <= 0)
    return VertexSubset(static_cast<VertexId>(universe), false);
  if (n >= universe)
    return VertexSubset(static_cast<VertexId>(universe), true);
  IdList ids(static_cast<size_t>(n));
  for (int64_t v = 0; v < n; ++v)
    ids[v] = static_cast<VertexId>(v);
  return VertexSubset::fromSparse(static_cast<VertexId>(universe), std::move(ids));
}

/// list.pop(): removes and returns the last element.
template <typename T> T popBack(std::vector<T> &list) {
  if (list.empty())
    throw Error("pop() on an empty list");
  T last = std::move(list.back());
  list.pop_back();
  return last;
}

/// A degree the program's `int` (or `uint`) cannot hold: only a multigraph
/// with more than 2^31 edges out of one vertex has one. Stops the program.
[[noreturn]] void degreeDoesNotFit(int64_t v, int64_t degree, const char *type);

/// edges.getOutDegrees() (Degree int32_t), edges.getOutDegreesUint() (uint32_t).
/// The degree queries take any G with numVertices() and outDegree(v): a
/// Graph, or a distributed program's dist::EdgesPart (the whole graph's).
template <typename Degree = int32_t, typename G>
VertexArray<Degree> outDegrees(const G &g) {
  VertexArray<Degree> degrees(g.numVertices(), 0);
  int64_t tooLarge = -1;
#pragma omp parallel for schedule(static)
  for (int64_t v = 0; v < g.numVertices(); ++v) {
    int64_t degree = g.outDegree(static_cast<VertexId>(v));
    if (degree > static_cast<int64_t>(std::numeric_limits<Degree>::max())) [[unlikely]]
      std::atomic_ref<int64_t>(tooLarge).store(v, std::memory_order_relaxed);
    degrees[v] = static_cast<Degree>(degree);
  }
  if (tooLarge >= 0)
    degreeDoesNotFit(tooLarge, g.outDegree(static_cast<VertexId>(tooLarge)),
                     std::is_signed_v<Degree> ? "an int" : "a uint");
  return degrees;
}

/// What a graph query may assume of its vertex argument: nothing (Checked:
/// it may be a number from the command line), or that it is one of the
/// graph's (InRange: the vertex a traversal over the graph handed the applied
/// function; polyc's in-range-vertices pass proves it).
enum class QueryVertex { Checked, InRange };

/// A second edgeset of a vertex element counted before it (by an earlier
/// edgeset or a vertexset) must have that many vertices: the element's
/// vectors and vertexsets have `count` slots, and traversals of g index them
/// with g's vertices. Stops the program otherwise (`where`: the edgeset's
/// declaration).
[[noreturn]] void vertexCountMismatch(int64_t vertices, int64_t count, const char *element,
                                      const char *where);
template <typename W>
void requireVertexCount(const Graph<W> &g, int64_t count, const char *element, const char *where) {
  if (g.numVertices() != count)
    vertexCountMismatch(g.numVertices(), count, element, where);
}

/// edges.getOutDegree(v) where the program only compares it with an int
/// (polyc's value-ranges pass): the whole degree, compared exactly, so no
/// check that it fits an int is needed.
template <typename G>
int64_t comparedOutDegree(const G &g, VertexId v,
                          QueryVertex vertex = QueryVertex::Checked) {
  // Unsigned comparison also catches negative numbers (a start vertex from
  // the command line may be anything).
  if (vertex == QueryVertex::Checked &&
      static_cast<uint64_t>(v) >= static_cast<uint64_t>(g.numVertices())) [[unlikely]]
    vertexOutOfRange(int64_t{v}, g.numVertices(), "getOutDegree");
  return g.outDegree(v);
}

/// edges.getOutDegree(v) as the language's int.
template <typename G>
int32_t outDegreeAsInt(const G &g, VertexId v,
                       QueryVertex vertex = QueryVertex::Checked) {
  int64_t degree = comparedOutDegree(g, v, vertex);
  if (degree > std::numeric_limits<int32_t>::max()) [[unlikely]]
    degreeDoesNotFit(v, degree, "an int");
  return static_cast<int32_t>(degree);
}

/// edges.getNgh(v): v's out-neighbours as a set (a neighbour list is sorted,
/// so duplicate edges are adjacent).
template <typename W> VertexSubset outNeighbors(const Graph<W> &g, VertexId v) {
  if (static_cast<uint64_t>(v) >= static_cast<uint64_t>(g.numVertices())) [[unlikely]]
    vertexOutOfRange(int64_t{v}, g.numVertices(), "getNgh");
  IdList ids(g.outNeighbors() + g.outOffsets()[v], g.outNeighbors() + g.outOffsets()[v + 1]);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return VertexSubset::fromSparse(g.numVertices(), std::move(ids));
}

/// edges.getOutNeighbor(v, i): v's i-th out-neighbour, in the order the
/// graph stores them (sorted). A bad vertex or position is stopProgram's
/// error (called inside parallel loops).
[[noreturn]] void outNeighborOutOfRange(int64_t numVertices, int64_t v, int64_t degree,
                                        int64_t i);
template <typename W>
VertexId outNeighbor(const Graph<W> &g, int64_t v, int64_t i,
                     QueryVertex vertex = QueryVertex::Checked) {
  // Unsigned comparisons also catch negative numbers.
  if (vertex == QueryVertex::Checked &&
      static_cast<uint64_t>(v) >= static_cast<uint64_t>(g.numVertices())) [[unlikely]]
    outNeighborOutOfRange(g.numVertices(), v, -1, i);
  const EdgeOffset begin = g.outOffsets()[v], end = g.outOffsets()[v + 1];
  if (static_cast<uint64_t>(i) >= static_cast<uint64_t>(end - begin)) [[unlikely]]
    outNeighborOutOfRange(g.numVertices(), v, static_cast<int64_t>(end - begin), i);
  return g.outNeighbors()[begin + i];
}

/// intersectNeighbor(edges, a, b): the neighbours a and b share, below b
/// (GraphIt's triangle counting: each triangle once, at its largest two
/// ids), read in place from the neighbour lists, counted by `method`.
template <typename W>
[[gnu::always_inline]] inline uint64_t
neighborIntersectionCount(const Graph<W> &g, VertexId a, VertexId b,
                          IntersectionMethod method = IntersectionMethod::Merge) {
  const VertexId *n = g.outNeighbors();
  const EdgeOffset *o = g.outOffsets();
  return countCommon(n + o[a], n + o[a + 1], n + o[b], n + o[b + 1], b, method);
}

/// neighborIntersectionCount(g, a, b) where `e` is the index of b in a's
/// out-list (a push walking a's edges; the walked-prefix pass): a's
/// neighbours below b are the entries before e, walked by count with no
/// comparison against b. When b < a in a graph known to be symmetric, b's list
/// holds a, above every value walked, and is followed with no end tests at
/// all, as in GAPBS's loop. A graph built from the caller's arrays, or a
/// multigraph, takes the merge with its end tests, bounded by b. Another
/// method is a call: inlined, it cost the merges registers (measured:
/// docs/benchmark-log/2026-11-29-0330-walked-prefix-block-order-static-bfs.md,
/// docs/benchmark-log/2026-11-29-0930-symmetric-graphs-stream-prefetch-t0.md).
template <typename W>
[[gnu::always_inline]] inline uint64_t
neighborIntersectionCountBeforeEdge(const Graph<W> &g, VertexId a, VertexId b, EdgeOffset e,
                                    IntersectionMethod method = IntersectionMethod::Merge) {
  const VertexId *n = g.outNeighbors();
  const EdgeOffset *o = g.outOffsets();
  const VertexId *aBegin = n + o[a], *aBelow = n + e, *bBegin = n + o[b];
  if (method == IntersectionMethod::Merge) {
    // (In a multigraph, entries before e may be b itself. A triangle count's
    // guard has b < a already.)
    if (b < a && g.outListsSymmetric() && !g.outListsRepeat()) [[likely]]
      return detail::mergeCountFollowing(aBegin, aBelow, bBegin);
    return detail::mergeCountBelow(aBegin, aBelow, bBegin, n + o[b + 1], b);
  }
  return detail::countCommonOutOfLine(aBegin, n + o[a + 1], bBegin, n + o[b + 1], b, method);
}

/// intersection(a, b, sizeA, sizeB, bound): members of both sets below
/// bound, counted by `method` (configIntersection; intersection.h).
inline uint64_t intersectionCount(VertexSubset &a, VertexSubset &b, VertexId bound,
                                  IntersectionMethod method = IntersectionMethod::Merge) {
  const IdList &x = a.sparse(), &y = b.sparse();
  if (!std::is_sorted(x.begin(), x.end()) || !std::is_sorted(y.begin(), y.end())) {
    // Sets built in another order: count through b's flags instead.
    const uint8_t *inB = b.dense();
    uint64_t count = 0;
    for (VertexId v : x)
      count += v < bound && inB[v];
    return count;
  }
  return countCommon(x.data(), x.data() + x.size(), y.data(), y.data() + y.size(), bound, method);
}

/// vec.sum() and vec.max(). An integer sum is the same in any order, so a
/// large one is split over the threads (triangle counting's total on a grid
/// took a tenth of its time on one); a floating-point sum keeps the serial
/// order, so that its digits do not depend on the number of threads.
template <typename T> T sum(const VertexArray<T> &values) {
  const int64_t n = values.size();
  T total = T();
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
#pragma omp parallel for schedule(static) reduction(+ : total) if (n > 4 * kSerialWork)
    for (int64_t i = 0; i < n; ++i)
      total += values[i];
  } else {
    for (int64_t i = 0; i < n; ++i)
      total += values[i];
  }
  return total;
}
template <typename T, size_t N> T sum(const std::array<T, N> &values) {
  T total = T();
  for (const T &value : values)
    total += value;
  return total;
}
/// vec.sum() of an int vector: summed in 64 bits, which no 2^31 ints can
/// overflow, and the total checked once, so that a sum that does not fit
/// stops the program with `where` (its place) instead of wrapping.
template <typename Values> int32_t sumOfInts(const Values &values, const char *where) {
  const int64_t n = static_cast<int64_t>(values.size());
  int64_t total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total) if (n > 4 * kSerialWork)
  for (int64_t i = 0; i < n; ++i)
    total += values[i];
  return sumToInt(total, where);
}
template <typename T, size_t N> T max(const std::array<T, N> &values) {
  return N ? *std::max_element(values.begin(), values.end()) : T();
}
template <typename T> T max(const VertexArray<T> &values) {
  T best = values.size() ? values[0] : T();
  for (int64_t i = 1; i < values.size(); ++i)
    best = std::max(best, values[i]);
  return best;
}

/// `var t = g.transpose();` where neither graph changes while t lives (the
/// transpose-views pass): an undirected g is its own transpose and is
/// returned itself, without a copy; otherwise `storage` takes g.transpose().
template <typename W> Graph<W> &transposeOf(Graph<W> &g, Graph<W> &storage) {
  if (!g.directed() && !g.neighborsReleased())
    return g;
  storage = g.transpose();
  return storage;
}

} // namespace polyrt

#endif
