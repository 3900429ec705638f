//===- graph_check.cpp - Do a graph's in-edges match its out-edges? -----===//
//
// See detail/graph_check.h for the checks and why there are two.
//
//===----------------------------------------------------------------------===//
#include "detail/graph_check.h"

#include "detail/build_csr.h"
#include "detail/parallel.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <iomanip>
#include <random>
#include <sstream>
#include <type_traits>
#include <vector>

namespace polyrt::detail {
namespace {

/// A sum of 64-bit values in 128 bits: m < 2^63 terms never overflow, so
/// equal multisets give equal sums exactly.
struct Sum128 {
  uint64_t lo = 0, hi = 0;
  void add(uint64_t x) {
    lo += x;
    hi += lo < x;
  }
  void add(const Sum128 &o) {
    lo += o.lo;
    hi += o.hi + (lo < o.lo);
  }
  bool operator==(const Sum128 &) const = default;
};

/// splitmix64's finalizer: a bijection of 64-bit values that mixes every
/// input bit into every output bit.
inline uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

template <typename W> uint64_t weightBits(W w) {
  if constexpr (std::is_floating_point_v<W>) {
    using Bits = std::conditional_t<sizeof(W) == 4, uint32_t, uint64_t>;
    return std::bit_cast<Bits>(w);
  } else {
    return static_cast<uint64_t>(static_cast<std::make_unsigned_t<W>>(w));
  }
}

/// The hash of edge src->dst (with weight weights[e] when weighted).
template <typename W>
inline uint64_t edgeHash(VertexId src, VertexId dst, const W *weights, EdgeOffset e,
                         uint64_t key) {
  uint64_t h = mix64(((static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) |
                      static_cast<uint32_t>(dst)) ^
                     key);
  if constexpr (!std::is_same_v<W, NoWeight>)
    h = mix64(h ^ mix64(weightBits(weights[e]) + key));
  return h;
}

/// The position of the first element >= x in the sorted list[0, len),
/// without branches to mispredict (the lists are short and already in cache).
inline EdgeOffset lowerBound(const VertexId *list, EdgeOffset len, VertexId x) {
  if (len == 0)
    return 0;
  const VertexId *base = list;
  while (len > 1) {
    EdgeOffset half = len / 2;
    base = base[half] < x ? base + half : base;
    len -= half;
  }
  return (base - list) + (*base < x);
}

uint64_t randomKey() {
  uint64_t key = static_cast<uint64_t>(
      std::chrono::steady_clock::now().time_since_epoch().count());
  try {
    std::random_device device;
    key ^= (static_cast<uint64_t>(device()) << 32) ^ device();
  } catch (...) { // no entropy source: the clock alone
  }
  return mix64(key);
}

/// One side of the exact comparison: a CSR (weights null when unweighted).
template <typename W> struct Lists {
  const EdgeOffset *offsets;
  const VertexId *nbrs;
  const W *weights;
  EdgeOffset degree(VertexId v) const { return offsets[v + 1] - offsets[v]; }
};

template <typename W> struct Neighbor {
  VertexId id;
  W w;
};

template <typename W> bool lessThan(const Neighbor<W> &a, const Neighbor<W> &b) {
  if constexpr (std::is_same_v<W, NoWeight>)
    return a.id < b.id;
  else
    return a.id < b.id || (a.id == b.id && a.w < b.w);
}

template <typename W> std::vector<Neighbor<W>> sortedList(const Lists<W> &l, VertexId v) {
  std::vector<Neighbor<W>> out;
  out.reserve(static_cast<size_t>(l.degree(v)));
  for (EdgeOffset e = l.offsets[v]; e < l.offsets[v + 1]; ++e) {
    if constexpr (std::is_same_v<W, NoWeight>)
      out.push_back({l.nbrs[e], {}});
    else
      out.push_back({l.nbrs[e], l.weights[e]});
  }
  std::sort(out.begin(), out.end(), lessThan<W>);
  return out;
}

/// Whether v's lists in a and b hold the same (neighbour, weight) multiset.
/// Both are sorted by id (graph.h); equal ids' weights may be in any order.
template <typename W> bool sameLists(const Lists<W> &a, const Lists<W> &b, VertexId v) {
  EdgeOffset deg = a.degree(v);
  if (deg != b.degree(v))
    return false;
  const VertexId *an = a.nbrs + a.offsets[v], *bn = b.nbrs + b.offsets[v];
  if (!std::equal(an, an + deg, bn))
    return false;
  if constexpr (!std::is_same_v<W, NoWeight>) {
    const W *aw = a.weights + a.offsets[v], *bw = b.weights + b.offsets[v];
    if (!std::equal(aw, aw + deg, bw)) // duplicates' weights in another order?
      return std::ranges::equal(sortedList(a, v), sortedList(b, v),
                                [](const Neighbor<W> &x, const Neighbor<W> &y) {
                                  return x.id == y.id && x.w == y.w;
                                });
  }
  return true;
}

template <typename W> std::string weightText(W w) {
  if constexpr (std::is_floating_point_v<W>) {
    std::ostringstream s;
    s << std::setprecision(17) << w;
    return s.str();
  } else {
    return std::to_string(w);
  }
}

/// "an out-edge", "2 out-edges", "no out-edge".
std::string edges(int64_t count, const std::string &kind) {
  if (count == 0)
    return "no " + kind;
  if (count == 1)
    return "an " + kind;
  return std::to_string(count) + " " + kind + "s";
}

/// The side with fewer edges: "no out-edge", "only 1 out-edge", "only 2 out-edges".
std::string fewerEdges(int64_t count, const std::string &kind) {
  if (count == 0)
    return "no " + kind;
  return "only " + std::to_string(count) + " " + kind + (count == 1 ? "" : "s");
}

/// What differs at v, where reversed(v) lists the sources of the out-edges
/// into v and stored(v) the stored in-edges (an undirected graph: v's
/// out-edges).
template <typename W>
std::string explain(const Lists<W> &reversed, const Lists<W> &stored, VertexId v, bool directed) {
  std::vector<Neighbor<W>> a = sortedList(reversed, v), b = sortedList(stored, v);
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    // The smaller of the two current keys, and its count on each side.
    Neighbor<W> key = j == b.size() || (i < a.size() && lessThan(a[i], b[j])) ? a[i] : b[j];
    int64_t ca = 0, cb = 0;
    while (i < a.size() && !lessThan(key, a[i]) && !lessThan(a[i], key))
      ++i, ++ca;
    while (j < b.size() && !lessThan(key, b[j]) && !lessThan(b[j], key))
      ++j, ++cb;
    if (ca == cb)
      continue;
    std::string u = std::to_string(key.id), vs = std::to_string(v), weight;
    if constexpr (!std::is_same_v<W, NoWeight>)
      weight = " with weight " + weightText(key.w);
    if (directed) {
      std::string what = cb > ca ? "vertex " + vs + " has " + edges(cb, "in-edge") + " from " + u +
                                       weight + ", but " + u + " has " +
                                       fewerEdges(ca, "out-edge") + " to " + vs + weight
                                 : "vertex " + u + " has " + edges(ca, "out-edge") + " to " + vs +
                                       weight + ", but " + vs + " has " +
                                       fewerEdges(cb, "in-edge") + " from " + u + weight;
      return "its in-edges are not the transpose of its out-edges (" + what + ")";
    }
    // Undirected: b counts v->u, a counts u->v.
    std::string from = cb > ca ? vs : u, to = cb > ca ? u : vs;
    int64_t more = std::max(ca, cb), fewer = std::min(ca, cb);
    std::string back = fewer == 0 ? " none to " + from
                                  : " has only " + std::to_string(fewer) + " to " + from;
    return "says undirected but vertex " + from + " has " + edges(more, "out-edge") + " to " + to +
           weight + " and " + to + back + (weight.empty() ? "" : " with that weight");
  }
  return ""; // not reached for a vertex whose lists differ
}

} // namespace

template <typename W> std::string findTransposeMismatch(const Graph<W> &g) {
  if (!g.hasInEdges() || g.neighborsReleased())
    return "";
  const VertexId n = g.numVertices();
  std::vector<EdgeOffset> tOffsets;
  std::vector<VertexId> tNbrs;
  std::vector<W> tWeights;
  transposeCSR<W>(n, g.outOffsets(), g.outNeighbors(), g.outWeights(), tOffsets, tNbrs, tWeights);
  Lists<W> reversed{tOffsets.data(), tNbrs.data(), Graph<W>::kWeighted ? tWeights.data() : nullptr};
  Lists<W> stored{g.inOffsets(), g.inNeighbors(), g.inWeights()};
  VertexId first = n;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first) if (n > kSerialCutoff)
  for (VertexId v = 0; v < n; ++v)
    if (v < first && !sameLists(reversed, stored, v))
      first = v;
  if (first == n)
    return "";
  return explain(reversed, stored, first, g.directed());
}

namespace {

/// Adds edge e = u->v's hash to sums: directed, to sums[0]; undirected, to
/// sums[0] when u < v and to sums[1] (as v->u) when u > v.
template <typename W>
inline void addOutEdge(bool directed, VertexId u, VertexId v, const W *weights, EdgeOffset e,
                       uint64_t key, Sum128 *sums) {
  if (directed) {
    sums[0].add(edgeHash(u, v, weights, e, key));
  } else {
    // Without a branch: which sum is as unpredictable as a coin.
    uint64_t h = edgeHash(std::min(u, v), std::max(u, v), weights, e, key);
    sums[u > v].add(u == v ? 0 : h);
  }
}

/// Calls f(u, e) for the out-edges e of blocks of a CSR, u owning e, in an
/// omp for (nowait) over blocks of edges: a hub's list is shared out too.
template <typename F> void forEdgeBlocks(VertexId n, const EdgeOffset *offsets, const F &f) {
  const EdgeOffset m = offsets[n];
  constexpr EdgeOffset kBlock = 1 << 14;
  const int64_t blocks = (m + kBlock - 1) / kBlock;
#pragma omp for schedule(static) nowait
  for (int64_t blk = 0; blk < blocks; ++blk) {
    EdgeOffset e = blk * kBlock, hi = std::min(m, e + kBlock);
    auto u = static_cast<VertexId>(std::upper_bound(offsets, offsets + n + 1, e) - offsets - 1);
    for (; e < hi; ++u)
      for (EdgeOffset end = std::min(hi, offsets[u + 1]); e < end; ++e)
        f(u, e);
  }
}

/// Checks 1 and 2 (see the header) in one parallel region, each thread
/// counting into its own array (no atomics, no searches: the fastest, but
/// threads x n counters): returns whether every count matched and adds the
/// hashes to outSum and inSum. Count: as for countByTargetRange.
template <typename Count, typename W>
bool countPerThread(const Graph<W> &g, uint64_t key, Sum128 &outSum, Sum128 &inSum) {
  const VertexId n = g.numVertices();
  const EdgeOffset m = g.numEdges();
  const bool directed = g.directed();
  const VertexId *outNbrs = g.outNeighbors();
  const W *outWeights = g.outWeights();
  const EdgeOffset *inOffsets = g.inOffsets(); // the out-CSR's when undirected
  const VertexId *inNbrs = g.inNeighbors();
  const W *inWeights = g.inWeights();
  std::vector<Count> counts;
  bool countsMatch = true;
#pragma omp parallel if (m > kSerialCutoff)
  {
    const int t = omp_get_thread_num(), threads = omp_get_num_threads();
#pragma omp single
    counts.resize(static_cast<size_t>(threads) * n);
    // (implicit barrier after single)
    Count *mine = counts.data() + static_cast<size_t>(t) * n;
    std::fill(mine, mine + n, Count{0});
#pragma omp barrier
    // Counting and hashing in separate loops is faster than in one: the
    // counting loop alone keeps many more cache misses in flight.
#pragma omp for schedule(static) nowait
    for (EdgeOffset e = 0; e < m; ++e)
      ++mine[outNbrs[e]];
    Sum128 sums[2];
    forEdgeBlocks(n, g.outOffsets(), [&](VertexId u, EdgeOffset e) {
      addOutEdge(directed, u, outNbrs[e], outWeights, e, key, sums);
    });
    if (directed)
      forEdgeBlocks(n, inOffsets, [&](VertexId v, EdgeOffset e) {
        sums[1].add(edgeHash(inNbrs[e], v, inWeights, e, key));
      });
#pragma omp barrier
    bool match = true;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < n; ++v) {
      Count sum = 0;
      for (int i = 0; i < threads; ++i)
        sum += counts[static_cast<size_t>(i) * n + v];
      match &= sum == static_cast<Count>(inOffsets[v + 1] - inOffsets[v]);
    }
#pragma omp critical(polyrt_check_transpose_sum)
    {
      outSum.add(sums[0]);
      inSum.add(sums[1]);
      countsMatch = countsMatch && match;
    }
  }
  return countsMatch;
}

/// Checks 1 and 2 like countPerThread, with one counter per vertex: thread t owns the targets [bound[t], bound[t+1]), which hold an equal
/// share of the stored in-edges. It counts the out-edges into them (check 1)
/// without atomics: every out-list is sorted, so the part of it that falls
/// into the range is found by two binary searches. It also sums the hashes
/// of those out-edges and of its targets' stored in-edges (check 2). An
/// undirected graph's in-edges are its out-edges: its sums are of the edges
/// whose source is below their target and of the reverses of those above
/// (self-loops are their own reverses, and left out).
///
/// Count is uint32_t when there are fewer than 2^32 edges (a count and a
/// stored degree then differ by less than 2^32, so counting modulo 2^32 is
/// exact, and the counters take half the cache), else uint64_t.
template <typename Count, typename W>
bool countByTargetRange(const Graph<W> &g, uint64_t key, Sum128 &outSum, Sum128 &inSum) {
  const VertexId n = g.numVertices();
  const EdgeOffset m = g.numEdges();
  const bool directed = g.directed();
  const EdgeOffset *outOffsets = g.outOffsets();
  const VertexId *outNbrs = g.outNeighbors();
  const W *outWeights = g.outWeights();
  const EdgeOffset *inOffsets = g.inOffsets(); // the out-CSR's when undirected
  const VertexId *inNbrs = g.inNeighbors();
  const W *inWeights = g.inWeights();
  std::vector<Count> remaining(static_cast<size_t>(n));
  std::vector<VertexId> bound;
  bool countsZero = true;
#pragma omp parallel if (m > kSerialCutoff)
  {
    const int t = omp_get_thread_num(), threads = omp_get_num_threads();
#pragma omp single
    {
      bound.resize(threads + 1);
      for (int i = 0; i < threads; ++i)
        bound[i] = static_cast<VertexId>(
            std::lower_bound(inOffsets, inOffsets + n + 1, m / threads * i) - inOffsets);
      bound[threads] = n;
    }
    // (implicit barrier after single)
    const VertexId lo = bound[t], hi = std::max(lo, bound[t + 1]);
    for (VertexId v = lo; v < hi; ++v)
      remaining[v] = static_cast<Count>(inOffsets[v + 1] - inOffsets[v]);
    Sum128 sums[2]; // directed: out-edges, in-edges; undirected: see above
    for (VertexId u = 0; u < n; ++u) {
      EdgeOffset first = outOffsets[u], last = outOffsets[u + 1];
      if (first == last)
        continue;
      if (threads > 1) {
        const VertexId *list = outNbrs + first;
        EdgeOffset len = last - first;
        first += lowerBound(list, len, lo);
        last = outOffsets[u] + lowerBound(list, len, hi);
      }
      for (EdgeOffset e = first; e < last; ++e) {
        VertexId v = outNbrs[e];
        --remaining[v];
        addOutEdge(directed, u, v, outWeights, e, key, sums);
      }
    }
    bool zero = true;
    for (VertexId v = lo; v < hi; ++v)
      zero &= remaining[v] == 0;
    if (directed)
      for (VertexId v = lo; v < hi; ++v)
        for (EdgeOffset e = inOffsets[v]; e < inOffsets[v + 1]; ++e)
          sums[1].add(edgeHash(inNbrs[e], v, inWeights, e, key));
#pragma omp critical(polyrt_check_transpose_sum)
    {
      outSum.add(sums[0]);
      inSum.add(sums[1]);
      countsZero = countsZero && zero;
    }
  }
  return countsZero;
}

} // namespace

template <typename W>
TransposeCheck checkTranspose(const Graph<W> &g, uint64_t key, Counting counting) {
  TransposeCheck result;
  if (!g.hasInEdges() || g.neighborsReleased())
    return result;
  // Spread the key's bits: with a small key as given, the edge (0, key) would
  // hash to 0 (mix64(0) = 0) and be invisible to the sums.
  key = mix64(key + 0x9e3779b97f4a7c15ULL);
  Sum128 outSum, inSum;
  const bool small = g.numEdges() < (EdgeOffset{1} << 32);
  if (counting == Counting::Auto) {
    // Per-thread counters while they take at most half the memory of the
    // neighbour array; beyond that (many threads, few edges per vertex) one
    // counter per vertex.
    int64_t counters = int64_t{omp_get_max_threads()} * g.numVertices();
    counting = counters * (small ? 4 : 8) <= g.numEdges() * 2 ? Counting::PerThread
                                                                : Counting::ByTargetRange;
  }
  if (counting == Counting::PerThread)
    result.degreesAgree = small ? countPerThread<uint32_t>(g, key, outSum, inSum)
                                : countPerThread<uint64_t>(g, key, outSum, inSum);
  else
    result.degreesAgree = small ? countByTargetRange<uint32_t>(g, key, outSum, inSum)
                                : countByTargetRange<uint64_t>(g, key, outSum, inSum);
  result.checksumsAgree = outSum == inSum;
  if (!result.degreesAgree || !result.checksumsAgree) {
    result.problem = findTransposeMismatch(g);
    if (result.problem.empty()) // cannot happen: equal multisets have equal counts and sums
      result.problem = g.directed() ? "its in-edges are not the transpose of its out-edges"
                                    : "says undirected but its edges are not symmetric";
  }
  return result;
}

template <typename W> TransposeCheck checkTranspose(const Graph<W> &g) {
  return checkTranspose(g, randomKey());
}

#define POLYRT_INSTANTIATE(W)                                                                  \
  template TransposeCheck checkTranspose<W>(const Graph<W> &, uint64_t, Counting);           \
  template TransposeCheck checkTranspose<W>(const Graph<W> &);                               \
  template std::string findTransposeMismatch<W>(const Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt::detail
