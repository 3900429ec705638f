//===- build_csr.h - Parallel CSR construction (internal) ---------------===//
//
// Builds a CSR from a stream of edges in two cache-friendly passes instead of
// GAPBS's one random scatter (which on large graphs is bound by cache and TLB
// misses):
//   1. Each thread takes a contiguous slice of the input and appends its
//      edges to buckets of 2^shift consecutive source vertices (per-thread,
//      per-bucket cursors from a prefix sum: no atomics). A bucket's edges
//      end up exactly where its vertices' neighbour lists go.
//   2. Each bucket (in parallel) counts its vertices' degrees, writes their
//      offsets and scatters its edges into place, all within a region small
//      enough to stay in cache; then sorts each neighbour list by id.
// Within a bucket edges keep input order (slices are concatenated in thread
// order), and the sort is stable, so duplicate edges stay in input order:
// the result does not depend on the number of threads.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_BUILD_CSR_H
#define POLYRT_DETAIL_BUILD_CSR_H

#include "detail/graph_symmetry.h"
#include "detail/parallel.h"
#include "polyrt/graph.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace polyrt::detail {

/// An edge with a weight of type W (no storage for NoWeight).
template <typename W> struct WEdge {
  VertexId src, dst;
  [[no_unique_address]] W w;
};

/// The three arrays of a CSR.
template <typename W> struct CSRArrays {
  std::vector<EdgeOffset> offsets;
  std::vector<VertexId> neighbors;
  std::vector<W> weights; // empty for NoWeight
};

/// A neighbour being sorted: id, then original position (for stability).
template <typename W> struct SortItem {
  VertexId id;
  EdgeOffset pos;
  W w;
};

/// Sorts nbrs[lo, hi) by id, stably, moving weights along. (std::sort on
/// (id, position) rather than std::stable_sort, whose libstdc++ 12 temporary
/// buffer is deprecated under clang in C++20.)
template <typename W>
void sortNeighborList(VertexId *nbrs, W *weights, EdgeOffset lo, EdgeOffset hi,
                      std::vector<SortItem<W>> &scratch) {
  if (hi - lo < 2 || std::is_sorted(nbrs + lo, nbrs + hi))
    return;
  if constexpr (std::is_same_v<W, NoWeight>) {
    std::sort(nbrs + lo, nbrs + hi); // equal ids are indistinguishable
  } else {
    scratch.clear();
    for (EdgeOffset e = lo; e < hi; ++e)
      scratch.push_back(SortItem<W>{nbrs[e], e, weights[e]});
    std::sort(scratch.begin(), scratch.end(), [](const SortItem<W> &a, const SortItem<W> &b) {
      return a.id < b.id || (a.id == b.id && a.pos < b.pos);
    });
    for (EdgeOffset e = lo; e < hi; ++e) {
      nbrs[e] = scratch[e - lo].id;
      weights[e] = scratch[e - lo].w;
    }
  }
}

/// The CSR of the edges that forRange(lo, hi, f) produces: it calls
/// f(const WEdge<W> &) for input edges lo..hi-1 in order, count in all.
/// symmetrize also inserts (dst, src) for every edge, except for self-loops
/// when mirrorSelfLoops is false. Throws Error for an id outside [0, n).
template <typename W, typename ForRange>
CSRArrays<W> buildCSRArrays(int64_t count, const ForRange &forRange, VertexId n, bool symmetrize,
                            bool mirrorSelfLoops = true) {
  constexpr bool weighted = !std::is_same_v<W, NoWeight>;
  if (n < 0)
    throw Error("negative vertex count " + std::to_string(n));
  auto mirrored = [&](const WEdge<W> &e) {
    return symmetrize && (mirrorSelfLoops || e.src != e.dst);
  };
  int shift = 0;
  while ((int64_t{n} >> shift) > 2048)
    ++shift;
  const int64_t buckets = (int64_t{n} + (int64_t{1} << shift) - 1) >> shift;
  const int maxThreads = count > kSerialCutoff ? omp_get_max_threads() : 1;
  std::vector<int64_t> cursor(static_cast<size_t>(maxThreads) * buckets, 0);
  std::vector<int64_t> bucketStart(buckets + 1, 0);
  std::vector<WEdge<W>> staged;
  int64_t badEdge = -1;
  WEdge<W> bad{};

  // Pass 1: count per (thread, bucket), prefix-sum, append to buckets.
#pragma omp parallel num_threads(maxThreads)
  {
    const int t = omp_get_thread_num(), threads = omp_get_num_threads();
    const int64_t lo = count * t / threads, hi = count * (t + 1) / threads;
    int64_t *mine = cursor.data() + static_cast<size_t>(t) * buckets;
    forRange(lo, hi, [&](const WEdge<W> &e) {
      if (e.src < 0 || e.src >= n || e.dst < 0 || e.dst >= n) {
#pragma omp critical(polyrt_build_bad_edge)
        if (badEdge < 0) {
          badEdge = 1;
          bad = e;
        }
        return;
      }
      ++mine[e.src >> shift];
      if (mirrored(e))
        ++mine[e.dst >> shift];
    });
#pragma omp barrier
#pragma omp single
    {
      if (badEdge < 0) {
        // Bucket-major, thread-minor: bucket b holds thread 0's edges, then
        // thread 1's, ...: input order.
        int64_t sum = 0;
        for (int64_t b = 0; b < buckets; ++b) {
          bucketStart[b] = sum;
          for (int u = 0; u < threads; ++u) {
            int64_t c = cursor[static_cast<size_t>(u) * buckets + b];
            cursor[static_cast<size_t>(u) * buckets + b] = sum;
            sum += c;
          }
        }
        bucketStart[buckets] = sum;
        staged.resize(sum);
      }
    }
    if (badEdge < 0) {
      WEdge<W> *out = staged.data();
      forRange(lo, hi, [&](const WEdge<W> &e) {
        out[mine[e.src >> shift]++] = e;
        if (mirrored(e)) {
          WEdge<W> r = e;
          std::swap(r.src, r.dst);
          out[mine[e.dst >> shift]++] = r;
        }
      });
    }
  }
  if (badEdge >= 0)
    throw Error("edge (" + std::to_string(bad.src) + ", " + std::to_string(bad.dst) +
                ") has a vertex id outside [0, " + std::to_string(n) + ")");
  std::vector<int64_t>().swap(cursor);

  // Pass 2: per bucket, degrees -> offsets -> scatter -> sort.
  CSRArrays<W> csr;
  const int64_t m = bucketStart[buckets];
  csr.offsets.resize(static_cast<size_t>(n) + 1);
  csr.neighbors.resize(m);
  if constexpr (weighted)
    csr.weights.resize(m);
  csr.offsets[n] = m;
  EdgeOffset *offsets = csr.offsets.data();
  VertexId *nbrs = csr.neighbors.data();
  W *weights = csr.weights.data();
#pragma omp parallel if (m > kSerialCutoff)
  {
    std::vector<EdgeOffset> local;
    std::vector<SortItem<W>> scratch;
#pragma omp for schedule(dynamic, 1)
    for (int64_t b = 0; b < buckets; ++b) {
      const VertexId first = static_cast<VertexId>(b << shift);
      const VertexId last = static_cast<VertexId>(std::min<int64_t>(n, (b + 1) << shift));
      local.assign(last - first + 1, 0);
      for (int64_t i = bucketStart[b]; i < bucketStart[b + 1]; ++i)
        ++local[staged[i].src - first + 1];
      local[0] = bucketStart[b];
      for (VertexId v = first; v < last; ++v) {
        local[v - first + 1] += local[v - first];
        offsets[v] = local[v - first];
      }
      // local[v - first] is now v's insertion cursor.
      for (int64_t i = bucketStart[b]; i < bucketStart[b + 1]; ++i) {
        const WEdge<W> &e = staged[i];
        EdgeOffset p = local[e.src - first]++;
        nbrs[p] = e.dst;
        if constexpr (weighted)
          weights[p] = e.w;
      }
      // Each cursor now marks the end of its list (offsets[last] may belong
      // to a bucket another thread has not written yet).
      for (VertexId v = first; v < last; ++v)
        sortNeighborList<W>(nbrs, weights, offsets[v], local[v - first], scratch);
    }
  }
  return csr;
}

/// buildCSRArrays over an array of edges, as a Graph.
template <typename W, typename EdgeAt>
Graph<W> buildCSR(int64_t count, const EdgeAt &edgeAt, VertexId n, bool symmetrize,
                  bool mirrorSelfLoops = true) {
  auto forRange = [&edgeAt](int64_t lo, int64_t hi, const auto &f) {
    for (int64_t i = lo; i < hi; ++i)
      f(edgeAt(i));
  };
  CSRArrays<W> csr = buildCSRArrays<W>(count, forRange, n, symmetrize, mirrorSelfLoops);
  Graph<W> g(n, std::move(csr.offsets), std::move(csr.neighbors), std::move(csr.weights),
             !symmetrize);
  if (symmetrize) // every edge was stored both ways
    GraphSymmetry::vouch(g);
  return g;
}

/// The CSR of the reverse graph (the CSC of the given CSR). In-lists come out
/// sorted by source id, duplicates in out-list order, without sorting: the
/// input is read in source order.
template <typename W>
void transposeCSR(VertexId n, const EdgeOffset *offsets, const VertexId *nbrs, const W *weights,
                  std::vector<EdgeOffset> &tOffsets, std::vector<VertexId> &tNbrs,
                  std::vector<W> &tWeights) {
  auto forRange = [&](int64_t lo, int64_t hi, const auto &f) {
    if (lo >= hi)
      return;
    // The vertex owning edge lo: the last u with offsets[u] <= lo.
    VertexId u = static_cast<VertexId>(std::upper_bound(offsets, offsets + n + 1, lo) - offsets - 1);
    for (int64_t e = lo; e < hi; ++e) {
      while (offsets[u + 1] <= e)
        ++u;
      if constexpr (std::is_same_v<W, NoWeight>)
        f(WEdge<W>{nbrs[e], u, {}});
      else
        f(WEdge<W>{nbrs[e], u, weights[e]});
    }
  };
  CSRArrays<W> csr = buildCSRArrays<W>(offsets[n], forRange, n, false);
  tOffsets = std::move(csr.offsets);
  tNbrs = std::move(csr.neighbors);
  tWeights = std::move(csr.weights);
}

} // namespace polyrt::detail

#endif
