//===- priority_queue.cpp - Bucketed priority queues ----------------------===//
#include "polyrt/priority_queue.h"

#include "polyrt/atomics.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <string>

namespace polyrt {

namespace {

template <typename P> constexpr P kNone = std::numeric_limits<P>::max();

} // namespace

template <typename P>
PriorityQueue<P>::PriorityQueue(VertexArray<P> &priorities, int64_t bucketOrder, int64_t delta,
                                bool insertAll, int64_t start, PriorityUpdateMode mode,
                                int64_t openBuckets, TakenPriorities taken)
    : priorities_(&priorities), n_(static_cast<VertexId>(priorities.size())), mode_(mode),
      openBuckets_(openBuckets), orderMask_(bucketOrder != 0 ? 0 : -1), delta_(delta),
      bins_(static_cast<size_t>(omp_get_max_threads())) {
  if (bucketOrder != 0 && bucketOrder != 1)
    throw Error("a priority queue's bucket order is 1 (increasing) or 0 (decreasing), not " +
                std::to_string(bucketOrder));
  if (delta < 1)
    throw Error("a priority queue's delta must be at least 1, not " + std::to_string(delta));
  if (openBuckets < 1)
    throw Error("a priority queue needs at least 1 open bucket, not " + std::to_string(openBuckets));
  if (mode == PriorityUpdateMode::Lazy)
    marks_.resize(static_cast<size_t>(n_));
  else if (mode == PriorityUpdateMode::ConstantSum)
    sumCounts_.resize(static_cast<size_t>(n_));
  if (start < -1 || start >= n_)
    throw Error("the start vertex " + std::to_string(start) + " of a priority queue is outside [0, " +
                std::to_string(n_) + ")");
  // (A taken vertex is at or below the sums' minimum only when the current
  // priority grows.)
  takenFinal_ = taken == TakenPriorities::Final && increasing();
  if (takenFinal_)
    taken_.resize(static_cast<size_t>(n_)); // (read by every sum, before any round)
  for (ThreadBins &b : bins_)
    b.open.resize(static_cast<size_t>(openBuckets_));
  const P *p = priorities.data();
  // Index 0 is the first bucket anything starts in, and the current one
  // until the first dequeue (GraphIt's current priority then; insert places
  // from it).
  bool startAlone = !insertAll && start >= 0 && p[start] != kNone<P>;
  if (insertAll) {
    int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
#pragma omp parallel for reduction(min : lo) reduction(max : hi)
    for (int64_t v = 0; v < n_; ++v)
      if (p[v] != kNone<P>) {
        lo = std::min(lo, static_cast<int64_t>(p[v]) / delta_);
        hi = std::max(hi, static_cast<int64_t>(p[v]) / delta_);
      }
    if (lo <= hi)
      base_ = increasing() ? lo : hi;
  } else if (startAlone) {
    base_ = static_cast<int64_t>(p[start]) / delta_;
  }
  setCurrent(0);
  if (insertAll) {
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < n_; ++v)
      if (p[v] != kNone<P>)
        insert(static_cast<VertexId>(v), p[v]);
  } else if (startAlone) {
    insert(static_cast<VertexId>(start), p[start]);
  }
}

template <typename P> void PriorityQueue<P>::flushBin(size_t t) {
  const P *p = priorities_->data();
  bool sums = mode_ == PriorityUpdateMode::ConstantSum;
  std::vector<VertexId> &marked = bins_[t].marked; // insert() adds to no marked list
  for (size_t i = 0; i < marked.size(); ++i) {
    VertexId v = marked[i];
    // The marked vertices are scattered: a later one's priority and its
    // count or mark, all read and written here, are asked for now.
    prefetchPriority(p, marked.data(), i, marked.size());
    if (i + kPrefetchAhead < marked.size())
      __builtin_prefetch(sums ? static_cast<const void *>(&sumCounts_[marked[i + kPrefetchAhead]])
                              : static_cast<const void *>(&marks_[marked[i + kPrefetchAhead]]),
                         1);
    P next;
    if (sums) {
      uint32_t count = sumCounts_[v];
      sumCounts_[v] = 0;
      if (!addClamped(v, sumDelta_ * static_cast<int64_t>(count), sumMinimum_, next))
        continue;
    } else {
      marks_[v] = 0;
      next = p[v];
    }
    insert(v, next);
  }
  marked.clear();
}

template <typename P> void PriorityQueue<P>::flushMarked() {
  if (mode_ == PriorityUpdateMode::Eager)
    return;
  size_t total = 0;
  for (const ThreadBins &b : bins_)
    total += b.marked.size();
  // (Peeling takes hundreds of rounds that mark a few vertices: those are
  // bucketed by this thread.)
#pragma omp parallel for schedule(dynamic, 1) if (total > static_cast<size_t>(kSerialWork))
  for (size_t t = 0; t < bins_.size(); ++t)
    flushBin(t);
}

template <typename P> void PriorityQueue<P>::flushEveryBin() {
  for (size_t t = 0; t < bins_.size(); ++t)
    flushBin(t);
}

template <typename P> void PriorityQueue<P>::flushOwnMarked() {
  forEachOwnBin([&](size_t t) { flushBin(t); });
}

template <typename P> void PriorityQueue<P>::rebucket(VertexSubset changed) {
  const IdList &ids = changed.sparse();
  const P *p = priorities_->data();
  // A vertex C++ hands back is taken again even at the priority it was
  // taken at: the caller says it is not done (set cover re-buckets the sets
  // that did not join the cover, often into the same bucket).
  bool tracked = !takenAt_.empty();
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < ids.size(); ++i)
    if (p[ids[i]] != kNone<P>) {
      if (tracked)
        std::atomic_ref<P>(takenAt_[ids[i]]).store(kNone<P>, std::memory_order_relaxed);
      if (takenFinal_)
        std::atomic_ref<uint8_t>(taken_[ids[i]]).store(0, std::memory_order_relaxed);
      insert(ids[i], p[ids[i]]);
    }
}

template <typename P> void PriorityQueue<P>::threadOutsideTeam(int thread) const {
  throw Error("a priority queue was updated by thread " + std::to_string(thread) + " of a team "
              "larger than the " + std::to_string(bins_.size()) + " threads it was made for");
}

template <typename P>
bool PriorityQueue<P>::takeOwnCurrent(int64_t threshold, std::vector<VertexId> &own) {
  own.clear();
  if (!priorities_ || exhausted_ || current_ >= windowStart_ + openBuckets_)
    return false;
  std::vector<VertexId> &bin = myBins().open[current_ - windowStart_];
  if (bin.empty()) {
    release(bin); // (it holds the buffer of an earlier drain)
    return false;
  }
  if (static_cast<int64_t>(bin.size()) >= threshold)
    return false;
  own.swap(bin);
  return true;
}

template <typename P> bool PriorityQueue<P>::selectNextBucket(size_t &tail) {
  tail = 0;
  if (!moveToNextBucket())
    return false;
  size_t total = currentEntries();
  if (dequeued_.size() < total)
    dequeued_.resize(total);
  return true;
}

template <typename P> size_t PriorityQueue<P>::takeRoundEntries() {
  roundStart_.resize(bins_.size() + 1);
  size_t total = 0;
  for (size_t t = 0; t < bins_.size(); ++t) {
    std::vector<VertexId> &round = bins_[t].round;
    // The round before's list gives its memory back (see release), and the
    // swap leaves the bin empty.
    release(round);
    round.swap(bins_[t].open[static_cast<size_t>(current_ - windowStart_)]);
    roundStart_[t] = total;
    total += round.size();
  }
  roundStart_[bins_.size()] = total;
  roundCursor_.next = 0;
  return total;
}

template <typename P> void PriorityQueue<P>::gatherBin(size_t t, size_t &tail) {
  std::vector<VertexId> &bin = bins_[t].open[static_cast<size_t>(current_ - windowStart_)];
  size_t kept = 0;
  const Accepted accepted = roundAccepts();
  for (size_t i = 0; i < bin.size(); ++i) {
    prefetchPriority(accepted.priorities, bin.data(), i, bin.size());
    if (takes(bin[i], accepted, Repeats::Excluded))
      bin[kept++] = bin[i];
  }
  size_t at = std::atomic_ref<size_t>(tail).fetch_add(kept, std::memory_order_relaxed);
  std::copy(bin.begin(), bin.begin() + static_cast<ptrdiff_t>(kept),
            dequeued_.begin() + static_cast<ptrdiff_t>(at));
  release(bin);
}

template <typename P> void PriorityQueue<P>::gatherOwnEntries(size_t &tail) {
  forEachOwnBin([&](size_t t) { gatherBin(t, tail); });
}

template <typename P> size_t PriorityQueue<P>::currentEntries() const {
  size_t total = 0;
  for (const ThreadBins &b : bins_)
    total += b.open[static_cast<size_t>(current_ - windowStart_)].size();
  return total;
}

template <typename P> void PriorityQueue<P>::gatherEveryBin(size_t &tail) {
  for (size_t t = 0; t < bins_.size(); ++t)
    gatherBin(t, tail);
}

template <typename P> bool PriorityQueue<P>::gatherIfSmall(size_t &tail) {
  if (currentEntries() > static_cast<size_t>(kSerialWork))
    return false;
  gatherEveryBin(tail);
  return true;
}

template <typename P> int64_t PriorityQueue<P>::firstOpenIndex() const {
  for (int64_t index = std::max(current_, windowStart_); index < windowStart_ + openBuckets_;
       ++index)
    for (const ThreadBins &b : bins_)
      if (!b.open[index - windowStart_].empty())
        return index;
  return -1;
}

template <typename P> bool PriorityQueue<P>::advanceWindow() {
  const P *p = priorities_->data();
  int64_t first = std::numeric_limits<int64_t>::max();
  for (const ThreadBins &b : bins_)
    for (VertexId v : b.overflow)
      first = std::min(first, placeOf(p[v]));
  if (first == std::numeric_limits<int64_t>::max())
    return false;
  for (ThreadBins &b : bins_) // the window is empty: nothing is lost
    for (auto &bin : b.open)
      bin.clear();
  windowStart_ = first;
  for (ThreadBins &b : bins_) {
    std::vector<VertexId> later;
    for (VertexId v : b.overflow) {
      int64_t index = placeOf(p[v]);
      if (index < windowStart_ + openBuckets_)
        b.open[index - windowStart_].push_back(v);
      else
        later.push_back(v);
    }
    b.overflow.swap(later);
  }
  return true;
}

template <typename P> bool PriorityQueue<P>::moveToNextBucket() {
  if (!priorities_ || exhausted_)
    return false;
  for (;;) {
    int64_t index = firstOpenIndex();
    if (index >= 0) {
      previous_ = current_;
      setCurrent(index);
      return true;
    }
    if (!advanceWindow()) {
      exhausted_ = true;
      currentPriority_ = kNone<P>;
      return false;
    }
  }
}

template <typename P> void PriorityQueue<P>::trackTaken() {
  if (takenAt_.empty() && !takenFinal_)
    takenAt_.assign(static_cast<size_t>(n_), kNone<P>);
}

template <typename P> bool PriorityQueue<P>::takeNext(IdList &ready) {
  if (!priorities_ || exhausted_)
    return false;
  trackTaken();
  flushMarked();
  // A small bucket is gathered by this thread (high-diameter graphs take
  // thousands of them, and starting the others costs more than it saves), a
  // large one by a thread per bin. Each vertex is kept once, and only where
  // its priority still places it here.
  size_t tail = 0;
  while (selectNextBucket(tail)) {
    if (!gatherIfSmall(tail)) {
#pragma omp parallel
      gatherOwnEntries(tail);
    }
    if (tail > 0) {
      ready.assign(dequeued_.begin(), dequeued_.begin() + static_cast<ptrdiff_t>(tail));
      return true;
    }
  }
  ready.clear();
  return false;
}

template <typename P> VertexSubset PriorityQueue<P>::dequeueReadySet() {
  IdList ready;
  takeNext(ready);
  return VertexSubset::fromSparse(n_, std::move(ready));
}

template class PriorityQueue<int32_t>;
template class PriorityQueue<uint32_t>;
template class PriorityQueue<int64_t>;
template class PriorityQueue<uint64_t>;

} // namespace polyrt
