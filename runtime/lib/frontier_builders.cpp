//===- frontier_builders.cpp - Output frontiers and the dedup flag pool -===//
#include "polyrt/frontier_builders.h"

#include "detail/parallel.h"
#include "detail/spare_pool.h"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace polyrt {
namespace {

/// Clean (all-zero) dedup flag arrays, one flag per vertex. A builder takes
/// one for its lifetime; it must give it back clean.
detail::SparePool<uint8_t, true> &flagPool() {
  static detail::SparePool<uint8_t, true> pool;
  return pool;
}

/// Clears the dedup flags of ids[0, k) (in parallel when k is large).
void unclaim(uint8_t *flags, const VertexId *ids, int64_t k) {
#pragma omp parallel for schedule(static) if (k > detail::kSerialCutoff)
  for (int64_t i = 0; i < k; ++i)
    flags[ids[i]] = 0;
}

} // namespace

int64_t detail::dedupFlagAllocations() { return flagPool().allocations(); }

// --- SparseFrontierBuilder -------------------------------------------------

/// ids without repeats, first occurrences kept in order: a serial pass over
/// pooled flags, cleared again after.
IdList removeRepeats(VertexId n, IdList ids) {
  uint8_t *seen = flagPool().acquire(n);
  size_t kept = 0;
  for (VertexId v : ids)
    if (!seen[v]) {
      seen[v] = 1;
      ids[kept++] = v;
    }
  ids.resize(kept);
  unclaim(seen, ids.data(), static_cast<int64_t>(kept));
  flagPool().release(seen);
  return ids;
}

SparseFrontierBuilder::SparseFrontierBuilder(VertexId n, Dedup dedup)
    : n_(n), claimed_(dedup == Dedup::OnAdd ? flagPool().acquire(n) : nullptr),
      dedupAtFinish_(dedup == Dedup::AtFinish), buffers_(omp_get_max_threads()),
      perThread_(new Buffer[buffers_]) {}

SparseFrontierBuilder::~SparseFrontierBuilder() {
  if (!claimed_)
    return;
  // Never finished (an error unwound past it): release what was claimed.
  for (int t = 0; t < buffers_; ++t)
    unclaim(claimed_, perThread_[t].ids.data(), static_cast<int64_t>(perThread_[t].ids.size()));
  flagPool().release(claimed_);
}

VertexSubset SparseFrontierBuilder::finish() {
  std::vector<int64_t> sizes(buffers_), starts(buffers_ + 1);
  int nonEmpty = 0, last = 0;
  for (int t = 0; t < buffers_; ++t) {
    sizes[t] = static_cast<int64_t>(perThread_[t].ids.size());
    if (sizes[t] > 0)
      ++nonEmpty, last = t;
  }
  detail::prefixSum(sizes.data(), buffers_, starts.data());
  int64_t total = starts[buffers_];
  IdList ids;
  if (nonEmpty == 1) {
    // One thread added everything (or the builder ran serially): no copy.
    ids = std::move(perThread_[last].ids);
    perThread_[last].ids.clear();
    if (claimed_)
      unclaim(claimed_, ids.data(), total);
  } else if (nonEmpty > 1) {
    // Each thread copies a buffer to its place and clears its claims.
    ids.resize(total);
#pragma omp parallel for schedule(static, 1) if (total > detail::kSerialCutoff)
    for (int t = 0; t < buffers_; ++t) {
      IdList &own = perThread_[t].ids;
      std::copy(own.begin(), own.end(), ids.begin() + starts[t]);
      if (claimed_)
        for (VertexId v : own)
          claimed_[v] = 0;
      own.clear();
    }
  }
  if (dedupAtFinish_)
    ids = removeRepeats(n_, std::move(ids));
  return VertexSubset::fromSparse(n_, std::move(ids));
}

// --- SlidingQueueBuilder ---------------------------------------------------

SlidingQueueBuilder::SlidingQueueBuilder(VertexId n, int64_t capacity, Dedup dedup)
    : n_(n), capacity_(std::max<int64_t>(capacity, 0)),
      claimed_(dedup == Dedup::OnAdd ? flagPool().acquire(n) : nullptr),
      dedupAtFinish_(dedup == Dedup::AtFinish), threads_(omp_get_max_threads()),
      queue_(static_cast<size_t>(capacity_)), local_(new Local[threads_]) {}

SlidingQueueBuilder::~SlidingQueueBuilder() {
  if (claimed_) {
    // Never finished: release the claims still in the queue and the buffers.
    int64_t written = std::min(tail_.load(), overflowAt_.load());
    unclaim(claimed_, queue_.data(), std::min(written, capacity_));
    for (int t = 0; t < threads_; ++t)
      unclaim(claimed_, local_[t].ids, local_[t].size);
    flagPool().release(claimed_);
  }
}

void SlidingQueueBuilder::flush(Local &local) {
  int64_t start = tail_.fetch_add(local.size, std::memory_order_relaxed);
  if (start + local.size <= capacity_) {
    std::memcpy(queue_.data() + start, local.ids, sizeof(VertexId) * local.size);
  } else {
    // Past the capacity: drop the ids (finish() reports it). Their claims are
    // released now so the flags go back to the pool clean; every later flush
    // fails too, since the tail only grows.
    int64_t first = overflowAt_.load(std::memory_order_relaxed);
    while (start < first && !overflowAt_.compare_exchange_weak(first, start)) {
    }
    if (claimed_)
      unclaim(claimed_, local.ids, local.size);
  }
  local.size = 0;
}

VertexSubset SlidingQueueBuilder::finish() {
  for (int t = 0; t < threads_; ++t)
    if (local_[t].size > 0)
      flush(local_[t]);
  int64_t total = tail_.load();
  int64_t written = std::min(total, overflowAt_.load());
  tail_.store(0);
  overflowAt_.store(INT64_MAX);
  if (written < total) {
    if (claimed_)
      unclaim(claimed_, queue_.data(), written);
    throw Error("SlidingQueueBuilder: " + std::to_string(total) +
                " vertices were added to a queue with room for " + std::to_string(capacity_));
  }
  IdList ids;
  if (total * kHandOverShare >= capacity_) {
    // The queue itself becomes the frontier, and the builder takes another.
    queue_.resize(static_cast<size_t>(total));
    ids = std::move(queue_);
    queue_ = IdList(static_cast<size_t>(capacity_));
  } else {
    // A short list is copied rather than made to hold on to room for
    // capacity_ ids (a program may keep many frontiers).
    ids.resize(static_cast<size_t>(total));
    std::memcpy(ids.data(), queue_.data(), sizeof(VertexId) * static_cast<size_t>(total));
  }
  if (claimed_)
    unclaim(claimed_, ids.data(), total);
  if (dedupAtFinish_)
    ids = removeRepeats(n_, std::move(ids));
  return VertexSubset::fromSparse(n_, std::move(ids));
}

// --- Dense and bitvector builders ------------------------------------------

DenseFrontierBuilder::DenseFrontierBuilder(VertexId n) : n_(n), flags_(n, 0) {}

VertexSubset DenseFrontierBuilder::finish() {
  if (flags_.size() != static_cast<size_t>(n_))
    return VertexSubset(n_, false); // finished before
  return VertexSubset::fromDense(n_, std::move(flags_));
}

VertexSubset DenseFrontierBuilder::finish(int64_t count) {
  if (flags_.size() != static_cast<size_t>(n_))
    return VertexSubset(n_, false);
  return VertexSubset::fromDense(n_, std::move(flags_), count);
}

BitvectorFrontierBuilder::BitvectorFrontierBuilder(VertexId n)
    : n_(n), words_((int64_t{n} + 63) / 64, 0) {}

VertexSubset BitvectorFrontierBuilder::finish() {
  int64_t count = 0, nw = static_cast<int64_t>(words_.size());
  const uint64_t *words = words_.data();
#pragma omp parallel for schedule(static) reduction(+ : count) if (nw > detail::kSerialCutoff)
  for (int64_t i = 0; i < nw; ++i)
    count += std::popcount(words[i]);
  return finish(count);
}

VertexSubset BitvectorFrontierBuilder::finish(int64_t count) {
  if (words_.size() != static_cast<size_t>((int64_t{n_} + 63) / 64))
    return VertexSubset(n_, false);
  return VertexSubset::fromBits(n_, std::move(words_), count);
}

} // namespace polyrt
