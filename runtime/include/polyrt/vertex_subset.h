//===- vertex_subset.h - Frontiers --------------------------------------===//
//
// A VertexSubset is a set of vertices of a graph with n vertices, held either
// sparse (a list of ids) or dense (one byte per vertex), converting on demand
// in parallel. Push traversals read the sparse form; pull traversals the dense
// one. A sparse subset never holds duplicates unless it was built with
// deduplication off.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_SUBSET_H
#define POLYRT_VERTEX_SUBSET_H

#include "polyrt/types.h"

#include <cstdint>
#include <vector>

namespace polyrt {

class VertexSubset {
public:
  VertexSubset() = default;
  /// All n vertices (all=true, held dense) or none (held sparse).
  VertexSubset(VertexId n, bool all);
  /// ids must lie in [0, n); duplicates are kept (and counted by size()).
  static VertexSubset fromSparse(VertexId n, std::vector<VertexId> ids);
  /// flags has n entries; any nonzero byte marks a member.
  static VertexSubset fromDense(VertexId n, std::vector<uint8_t> flags);

  VertexId universe() const { return n_; }
  /// Number of members (counts duplicates of a non-deduplicated sparse set).
  int64_t size() const;
  bool empty() const { return size() == 0; }

  bool hasSparse() const { return hasSparse_; }
  bool hasDense() const { return hasDense_; }
  const std::vector<VertexId> &sparse(); // builds the sparse form if needed
  const uint8_t *dense();                // builds the dense form if needed
  bool contains(VertexId v);             // via the dense form

  /// Serial insertion (addVertex in the language); ignores vertices present.
  /// Builds the dense form first if needed; throws Error for v outside [0, n).
  void addVertex(VertexId v);

private:
  VertexId n_ = 0;
  bool hasSparse_ = false, hasDense_ = false;
  std::vector<VertexId> sparse_;
  std::vector<uint8_t> dense_;
  int64_t count_ = 0; // members in the dense form
};

/// Collects the output frontier of a push traversal from many threads:
/// add() is called inside an OpenMP parallel region (or serially) and keeps
/// per-thread buffers; with dedup on, a vertex added twice appears once.
/// The buffers are indexed by omp_get_thread_num() and sized by
/// omp_get_max_threads() at construction: use the builder from one
/// non-nested parallel region of at most that many threads at a time.
/// finish() concatenates the buffers in thread order.
class SparseFrontierBuilder {
public:
  SparseFrontierBuilder(VertexId n, bool dedup);
  inline void add(VertexId v); // defined in vertex_subset_impl.h
  VertexSubset finish(); // the builder is empty afterwards
private:
  struct alignas(64) Buffer { // one cache line apart: no false sharing
    std::vector<VertexId> ids;
  };
  VertexId n_;
  bool dedup_;
  std::vector<uint8_t> claimed_; // dedup flags (empty when dedup is off)
  std::vector<Buffer> perThread_; // indexed by omp thread
};

/// Collects the output of a pull traversal, where each vertex is written by
/// the one thread that owns it: a plain byte store per vertex. finish()
/// counts the members in parallel and leaves the builder empty and reusable.
class DenseFrontierBuilder {
public:
  explicit DenseFrontierBuilder(VertexId n);
  void add(VertexId v) { flags_[v] = 1; }
  VertexSubset finish();
private:
  VertexId n_;
  std::vector<uint8_t> flags_;
};

/// Sum of out-degrees of the members plus their number: what the hybrid
/// directions compare against |E|/20 to choose push or pull. Reads the sparse
/// form when the subset has one (duplicates count), else the dense form. G is
/// any graph with outOffsets(), e.g. Graph<W>.
template <typename G> int64_t frontierWork(VertexSubset &s, const G &g);

} // namespace polyrt

#include "polyrt/vertex_subset_impl.h"

#endif
