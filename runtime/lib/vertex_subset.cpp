//===- vertex_subset.cpp - Frontiers and their conversions --------------===//
#include "polyrt/vertex_subset.h"

#include "detail/parallel.h"

#include <omp.h>

#include <string>

namespace polyrt {
namespace {

/// Number of nonzero bytes in flags[0, n).
int64_t countFlags(const uint8_t *flags, VertexId n) {
  int64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > detail::kSerialCutoff)
  for (VertexId v = 0; v < n; ++v)
    count += flags[v] != 0;
  return count;
}

} // namespace

VertexSubset::VertexSubset(VertexId n, bool all) : n_(n) {
  if (all) {
    dense_.assign(n, 1);
    hasDense_ = true;
    count_ = n;
  } else {
    hasSparse_ = true;
  }
}

VertexSubset VertexSubset::fromSparse(VertexId n, std::vector<VertexId> ids) {
  VertexSubset s;
  s.n_ = n;
  s.sparse_ = std::move(ids);
  s.hasSparse_ = true;
  return s;
}

VertexSubset VertexSubset::fromDense(VertexId n, std::vector<uint8_t> flags) {
  if (flags.size() != static_cast<size_t>(n))
    throw Error("VertexSubset::fromDense: " + std::to_string(flags.size()) + " flags for " +
                std::to_string(n) + " vertices");
  VertexSubset s;
  s.n_ = n;
  s.count_ = countFlags(flags.data(), n);
  s.dense_ = std::move(flags);
  s.hasDense_ = true;
  return s;
}

int64_t VertexSubset::size() const {
  return hasSparse_ ? static_cast<int64_t>(sparse_.size()) : count_;
}

const std::vector<VertexId> &VertexSubset::sparse() {
  if (hasSparse_)
    return sparse_;
  // Dense to sparse: count the members of each block, prefix-sum the counts,
  // then each block writes its members at its offset (so ids stay sorted).
  std::vector<VertexId> ids(count_);
  const uint8_t *flags = dense_.data();
  if (n_ <= detail::kSerialCutoff) {
    int64_t k = 0;
    for (VertexId v = 0; v < n_; ++v)
      if (flags[v])
        ids[k++] = v;
  } else {
    int blocks = omp_get_max_threads() * 4;
    std::vector<int64_t> counts(blocks), starts(blocks + 1);
#pragma omp parallel for schedule(static)
    for (int b = 0; b < blocks; ++b) {
      int64_t c = 0;
      for (int64_t v = detail::blockBegin(n_, b, blocks); v < detail::blockBegin(n_, b + 1, blocks); ++v)
        c += flags[v] != 0;
      counts[b] = c;
    }
    detail::prefixSum(counts.data(), blocks, starts.data());
#pragma omp parallel for schedule(static)
    for (int b = 0; b < blocks; ++b) {
      int64_t k = starts[b];
      for (int64_t v = detail::blockBegin(n_, b, blocks); v < detail::blockBegin(n_, b + 1, blocks); ++v)
        if (flags[v])
          ids[k++] = static_cast<VertexId>(v);
    }
  }
  sparse_ = std::move(ids);
  hasSparse_ = true;
  return sparse_;
}

const uint8_t *VertexSubset::dense() {
  if (hasDense_)
    return dense_.data();
  dense_.assign(n_, 0);
  uint8_t *flags = dense_.data();
  int64_t k = static_cast<int64_t>(sparse_.size());
  const VertexId *ids = sparse_.data();
  // Duplicates may write the same byte from two threads: atomic stores.
#pragma omp parallel for schedule(static) if (k > detail::kSerialCutoff)
  for (int64_t i = 0; i < k; ++i)
    atomicStore<uint8_t>(&flags[ids[i]], 1);
  // The distinct members (a sparse set built without dedup may repeat ids).
  count_ = k <= 1 ? k : countFlags(flags, n_);
  hasDense_ = true;
  return dense_.data();
}

bool VertexSubset::contains(VertexId v) { return dense()[v] != 0; }

void VertexSubset::addVertex(VertexId v) {
  if (v < 0 || v >= n_)
    throw Error("addVertex: vertex " + std::to_string(v) + " is outside the set's range [0, " +
                std::to_string(n_) + ")");
  dense();
  if (dense_[v])
    return;
  dense_[v] = 1;
  ++count_;
  if (hasSparse_)
    sparse_.push_back(v);
}

SparseFrontierBuilder::SparseFrontierBuilder(VertexId n, bool dedup)
    : n_(n), dedup_(dedup), claimed_(dedup ? n : 0, 0), perThread_(omp_get_max_threads()) {}

VertexSubset SparseFrontierBuilder::finish() {
  int buffers = static_cast<int>(perThread_.size());
  std::vector<int64_t> sizes(buffers), starts(buffers + 1);
  for (int t = 0; t < buffers; ++t)
    sizes[t] = static_cast<int64_t>(perThread_[t].ids.size());
  detail::prefixSum(sizes.data(), buffers, starts.data());
  std::vector<VertexId> ids(starts[buffers]);
#pragma omp parallel for schedule(dynamic, 1) if (starts[buffers] > detail::kSerialCutoff)
  for (int t = 0; t < buffers; ++t) {
    std::copy(perThread_[t].ids.begin(), perThread_[t].ids.end(), ids.begin() + starts[t]);
    perThread_[t].ids.clear();
  }
  if (dedup_) {
    // Release the claims of exactly the vertices added: O(output), not O(n).
    int64_t k = static_cast<int64_t>(ids.size());
#pragma omp parallel for schedule(static) if (k > detail::kSerialCutoff)
    for (int64_t i = 0; i < k; ++i)
      claimed_[ids[i]] = 0;
  }
  return VertexSubset::fromSparse(n_, std::move(ids));
}

DenseFrontierBuilder::DenseFrontierBuilder(VertexId n) : n_(n), flags_(n, 0) {}

VertexSubset DenseFrontierBuilder::finish() {
  VertexSubset s = VertexSubset::fromDense(n_, std::move(flags_));
  flags_.assign(n_, 0);
  return s;
}

namespace detail {

int64_t frontierWork(VertexSubset &s, const EdgeOffset *outOffsets) {
  int64_t work = 0;
  if (s.hasSparse()) {
    const std::vector<VertexId> &ids = s.sparse();
    int64_t k = static_cast<int64_t>(ids.size());
#pragma omp parallel for schedule(static) reduction(+ : work) if (k > kSerialCutoff)
    for (int64_t i = 0; i < k; ++i)
      work += outOffsets[ids[i] + 1] - outOffsets[ids[i]] + 1;
  } else {
    const uint8_t *flags = s.dense();
    VertexId n = s.universe();
#pragma omp parallel for schedule(static) reduction(+ : work) if (n > kSerialCutoff)
    for (VertexId v = 0; v < n; ++v)
      if (flags[v])
        work += outOffsets[v + 1] - outOffsets[v] + 1;
  }
  return work;
}

} // namespace detail
} // namespace polyrt
