//===- priority_queue.h - Bucketed priority queues for ordered algorithms -===//
//
// GraphIt's priority_queue{V}(T): the vertices of a graph ordered by a
// per-vertex vector of priorities (the program's vector, read in place). A
// vertex's bucket is its priority / delta; buckets are dequeued one at a time,
// lowest first (bucket order increasing) or highest first (decreasing), and a
// dequeued bucket is the set of vertices whose priority is in it *then*.
//
// Updates (updateMin/Max/Sum) change the priority atomically and insert the
// vertex into the calling thread's bins, as GAPBS's delta-stepping does: no
// shared structure is written during a traversal. An entry whose vertex has
// since moved is dropped when its bucket is dequeued (its priority is read
// again then), and so is one whose vertex was taken at the priority it still
// has: a vertex is in a dequeued set once, and again only if its priority
// changed (delta-stepping's repeated rounds of one bucket). A bucket already passed
// cannot be entered again: a vertex whose priority moves before the current
// bucket is put into the current one (k-core's clamp to k relies on it).
//
// How an update reaches the buckets is the schedule's choice
// (configApplyPriorityUpdate), never a change in what is dequeued:
//   Eager        each update inserts the vertex (GAPBS): cheap when a vertex
//                changes once a round, as in delta-stepping;
//   Lazy         an update marks the vertex; the marked vertices are bucketed
//                once, from their final priorities, before the next dequeue
//                (Julienne): fewer entries when many updates hit a vertex;
//   ConstantSum  updateSum(v, c, min) with the same c and min all round only
//                counts the calls per vertex; before the next dequeue each
//                counted vertex gets count * c at once, clamped at min, one
//                atomic and one entry per vertex (GraphIt's k-core schedule).
//
// Memory stays bounded by the entries, not by the priorities: each thread
// holds `openBuckets` bins from the window's start (configNumOpenBuckets),
// and entries beyond the window wait in an overflow list, re-bucketed from
// their priorities when the window moves on (Julienne's open buckets). A
// finished queue stays finished.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_PRIORITY_QUEUE_H
#define POLYRT_PRIORITY_QUEUE_H

#include "polyrt/atomics.h"
#include "polyrt/parallel_errors.h"
#include "polyrt/types.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace polyrt {

enum class PriorityUpdateMode { Eager, Lazy, ConstantSum };

/// What an ordered loop's rounds may assume of the function processing a
/// bucket's vertices (PriorityQueue::processInRounds, drainOwnCurrentBucket).
enum class Repeats {
  /// Each vertex is processed once at a priority, as a dequeued set holds it
  /// once: a round claims each vertex it takes (an atomic per vertex).
  Excluded,
  /// Processing a vertex again at a priority it was processed at changes
  /// nothing (the traversal's updates are minima or maxima of values the
  /// vertex fixes; the priority-update pass proves it): a round processes a
  /// bucket's entries as they are, duplicates included, without claiming
  /// them (GAPBS's delta-stepping).
  Harmless,
};

/// What may happen to a vertex's priority after a dequeue or round took it.
enum class TakenPriorities {
  /// It may change (and the vertex be taken again at its new priority).
  MayChange,
  /// Nothing changes it: the program's only updates of the queue are sums
  /// clamped at the current priority, which a taken vertex is at or below,
  /// and nothing else writes the priority vector while the queue lives (the
  /// priority-update pass proves it). In an increasing queue a byte per
  /// vertex then says it was taken, and a sum on a taken vertex returns
  /// without reading its priority (peeling meets its removed neighbours so,
  /// as often as the live ones; Julienne's k-core keeps such a byte too).
  Final,
};

namespace detail {
__extension__ typedef __int128 Int128; // (a GCC and Clang extension: no -Wpedantic warning)
/// The queue whose rounds (processInRounds) the calling thread is in, and the
/// thread's bins there: an update finds its bins without asking OpenMP for
/// the thread's number (a call, after which the caller reloads what it kept
/// in registers).
inline thread_local const void *roundsQueue = nullptr;
inline thread_local void *roundsBins = nullptr;
} // namespace detail

/// The buckets a queue holds open unless the schedule says
/// (configNumOpenBuckets).
inline constexpr int64_t kDefaultOpenBuckets = 1024;

template <typename P> class PriorityQueue {
public:
  PriorityQueue() = default;
  /// priorities: the vector the queue orders by (read in place: it must
  /// outlive the queue). bucketOrder: 1 increasing (lowest bucket first), 0
  /// decreasing. delta: the bucket width (>= 1). insertAll: every vertex
  /// starts in its bucket, else only `start` (-1: none). A priority equal to
  /// P's largest value means "none": such a vertex is not inserted.
  PriorityQueue(VertexArray<P> &priorities, int64_t bucketOrder, int64_t delta, bool insertAll,
                int64_t start, PriorityUpdateMode mode = PriorityUpdateMode::Eager,
                int64_t openBuckets = kDefaultOpenBuckets,
                TakenPriorities taken = TakenPriorities::MayChange);

  /// The last dequeue found no bucket left (GraphIt's meaning: before any
  /// dequeue, false). So both GraphIt loops work: `while not finished:
  /// dequeue, process` (its last round gets an empty set) and `loop: dequeue;
  /// if finished, stop; process`.
  bool finished() const { return exhausted_; }
  /// The vertices of the next non-empty bucket, which becomes the current
  /// one; an empty set when finished.
  VertexSubset dequeueReadySet();
  int64_t delta() const { return delta_; }
  /// The current bucket (its priority / delta; the priority for delta 1);
  /// P's largest value once finished.
  P currentPriority() const { return currentPriority_; }
  /// v's bucket comes before the current one (v's priority is final), or
  /// every bucket is done.
  bool finishedNode(VertexId v) const {
    return exhausted_ || indexOfPriority((*priorities_)[v]) < current_;
  }

  /// priority[v] = min(priority[v], value), atomically; true (and v
  /// re-bucketed) when it changed. (Inline, as the rest of the per-edge path:
  /// each relaxation calls it.)
  bool updateMin(VertexId v, P value) {
    if (!writeMin(&(*priorities_)[v], value))
      return false;
    changed(v, value);
    return true;
  }
  bool updateMax(VertexId v, P value) {
    if (!writeMax(&(*priorities_)[v], value))
      return false;
    changed(v, value);
    return true;
  }
  /// If priority[v] > minimum: priority[v] = max(priority[v] + delta, minimum),
  /// atomically; true (and v re-bucketed) when it changed. ConstantSum mode
  /// only counts the call (the sum is made before the next dequeue) and
  /// returns false.
  bool updateSum(VertexId v, int64_t delta, P minimum) {
    if (takenFinal_ && std::atomic_ref<uint8_t>(taken_[v]).load(std::memory_order_relaxed))
      return false;
    if (mode_ == PriorityUpdateMode::ConstantSum) {
      countSum(v, delta, minimum);
      return false;
    }
    P next;
    if (!addClamped(v, delta, minimum, next))
      return false;
    changed(v, next);
    return true;
  }
  /// Puts each of `changed` into the bucket of its priority now (GraphIt's
  /// applyUpdatePriorityExtern: C++ changed the priorities itself), to be
  /// taken again even if its priority is the one it was taken at.
  void rebucket(VertexSubset changed);

  /// A whole ordered loop in one parallel region:
  ///   while (keepGoing()) { frontier = dequeueReadySet(); for v in frontier: process(v); }
  /// with every thread kept for the whole loop (GAPBS's delta-stepping): a
  /// round is a barrier, one thread choosing the next bucket and moving each
  /// thread's entries of it out of the bins into that thread's round list
  /// (a swap: nothing is copied), and the threads sharing those lists in
  /// dynamic chunks of `grain`, each entry checked as it is processed (its
  /// vertex still in the bucket; claimed unless repeats are harmless); then,
  /// with a fusion threshold above 0, each drains its own current bucket
  /// (drainOwnCurrentBucket). A round of at most `grain` entries (one chunk)
  /// is run by the choosing thread alone, while the others wait for a larger
  /// one. Lazy and ConstantSum updates are bucketed at the start of a round,
  /// each thread its own. Each round takes what
  /// dequeueReadySet would (a round that takes nothing goes on to the next
  /// bucket without asking keepGoing, as a dequeue passes over a bucket of
  /// stale entries).
  template <typename KeepGoing, typename Process>
  void processInRounds(KeepGoing &&keepGoing, int64_t grain, int64_t fusionThreshold,
                       Repeats repeats, Process &&process) {
    if (repeats == Repeats::Excluded)
      trackTaken();
    const size_t chunk = static_cast<size_t>(std::max<int64_t>(grain, 1));
    bool go = false, started = false, tookAny = false;
    // keepGoing is the program's loop condition, which may fail (a library's
    // error is an exception, which may not leave the region): it ends the
    // rounds and is thrown after them.
    ParallelErrors conditionFailed;
#pragma omp parallel
    {
      detail::roundsBins = &myBins();
      detail::roundsQueue = this;
      for (;;) {
        if (mode_ != PriorityUpdateMode::Eager) {
          flushOwnMarked();
#pragma omp barrier
        }
#pragma omp single
        {
          for (;;) {
            try {
              go = ((started && !tookAny) || keepGoing()) && moveToNextBucket();
            } catch (...) {
              conditionFailed.capture();
              go = false;
            }
            started = true;
            tookAny = false;
            if (!go)
              break;
            // A round of at most `grain` entries is one chunk, which one
            // thread would take alone: this thread runs it here, without the
            // team's barriers (peeling takes thousands of such rounds).
            if (takeRoundEntries() > chunk)
              break;
            tookAny = processAlone(fusionThreshold, repeats, process);
          }
        }
        if (!go)
          break;
        bool took = processRoundShare(chunk, repeats, process);
        if (took && fusionThreshold > 0)
          drainOwnCurrentBucket(fusionThreshold, repeats, process);
        if (took)
          std::atomic_ref<bool>(tookAny).store(true, std::memory_order_relaxed);
#pragma omp barrier
      }
      detail::roundsQueue = nullptr;
    }
    for (ThreadBins &b : bins_)
      release(b.round);
    conditionFailed.rethrow();
  }

  /// Bucket fusion (eager_priority_update_with_merge), called by each thread
  /// of a traversal once its share of the current bucket is done: while the
  /// thread's own entries of the current bucket are fewer than `threshold`,
  /// it takes them and calls process(v) on each vertex still in the bucket
  /// (and, unless repeats are harmless, not yet taken at its priority), as
  /// the next dequeue would have, without the round's barrier and gather.
  /// Eager mode only (the others insert nothing during a traversal).
  template <typename Process>
  void drainOwnCurrentBucket(int64_t threshold, Repeats repeats, Process &&process) {
    std::vector<VertexId> &own = myBins().draining;
    const Accepted accepted = drainAccepts();
    while (takeOwnCurrent(threshold, own))
      processEntries(own.data(), 0, own.size(), own.size(), accepted, repeats, process);
  }

private:
  /// Priorities widened: P's whole range, sums and bucket bounds beyond it.
  using Wide = std::conditional_t<sizeof(P) <= 4, int64_t, detail::Int128>;
  struct alignas(64) ThreadBins {
    std::vector<std::vector<VertexId>> open; // bucket windowStart_ + i in open[i]
    std::vector<VertexId> overflow;          // beyond the window
    std::vector<VertexId> marked;            // Lazy and ConstantSum: changed this round
    std::vector<VertexId> draining; // bucket fusion: the entries being processed
    std::vector<VertexId> round;    // processInRounds: its entries of the round's bucket
  };
  /// processInRounds: where the round's entries start, by thread, in the
  /// order the threads share them (roundStart_[t] the first of thread t's,
  /// roundStart_[T] the total), and the next entry not yet handed out, on a
  /// line of its own (every chunk taken writes it).
  std::vector<size_t> roundStart_;
  struct alignas(64) RoundCursor {
    size_t next = 0;
  };
  RoundCursor roundCursor_;

  /// The index of a bucket: 0 for the first one dequeued, increasing in
  /// dequeue order.
  int64_t indexOfBucket(int64_t bucket) const {
    return increasing() ? bucket - base_ : base_ - bucket;
  }
  int64_t bucketOf(int64_t index) const { return increasing() ? base_ + index : base_ - index; }
  /// The bucket of priority p: its quotient by delta, rounded toward zero.
  int64_t bucketOfPriority(P p) const {
    // A 32-bit priority and delta divide in 32 bits (the same quotient, and
    // a fraction of a 64-bit division's time: every update divides).
    if constexpr (sizeof(P) <= 4)
      if (delta_ <= std::numeric_limits<int32_t>::max()) [[likely]]
        return static_cast<int64_t>(p / static_cast<P>(delta_));
    return static_cast<int64_t>(p) / delta_;
  }
  int64_t indexOfPriority(P p) const { return indexOfBucket(bucketOfPriority(p)); }
  /// The priorities with which an entry's vertex is taken, as an interval
  /// (a round tests each entry: two comparisons, where a division would cost
  /// more), with the address of the priorities: kept in a local by the loops
  /// over entries, it stays in a register across process()'s atomics.
  static constexpr Wide kLowest = std::numeric_limits<P>::lowest();
  static constexpr Wide kLargest = std::numeric_limits<P>::max();
  struct Accepted {
    P *priorities;
    Wide low, high;
    bool holds(P p) const {
      Wide wide = p;
      return low <= wide && wide <= high;
    }
  };
  /// A round's: priorities in the current bucket and, in a round repeating
  /// the bucket before it (previous_ == current_), those moved before it
  /// during that round.
  Accepted roundAccepts() const {
    bool repeat = previous_ == current_;
    if (increasing())
      return {priorities_->data(), repeat ? kLowest : currentLow_, currentHigh_};
    return {priorities_->data(), currentLow_, repeat ? kLargest : currentHigh_};
  }
  /// Bucket fusion's: priorities in the current bucket or before it, P's
  /// largest ("none") never.
  Accepted drainAccepts() const {
    if (increasing())
      return {priorities_->data(), kLowest, std::min<Wide>(currentHigh_, kLargest - 1)};
    return {priorities_->data(), currentLow_, kLargest - 1};
  }
  /// The bucket of index `index` becomes the current one.
  void setCurrent(int64_t index) {
    current_ = index;
    currentBucket_ = bucketOf(index);
    currentSlot_ = index - windowStart_;
    slotsFromCurrent_ = windowStart_ + openBuckets_ - index;
    currentPriority_ = static_cast<P>(currentBucket_);
    // A priority's bucket is its quotient by delta, rounded toward zero, so
    // bucket 0 holds the priorities from -(delta - 1) to delta - 1.
    Wide bucket = currentBucket_, delta = delta_;
    currentLow_ = bucket > 0 ? bucket * delta : bucket * delta - (delta - 1);
    currentHigh_ = bucket < 0 ? bucket * delta : bucket * delta + (delta - 1);
  }
  /// Where v with priority p belongs now: never before the current bucket.
  int64_t placeOf(P p) const {
    int64_t index = indexOfPriority(p);
    return index < current_ ? current_ : index;
  }
  /// The calling thread's bins (in rounds, kept by the thread).
  ThreadBins &myBins() {
    if (detail::roundsQueue == this) [[likely]]
      return *static_cast<ThreadBins *>(detail::roundsBins);
    int thread = omp_get_thread_num();
    if (static_cast<size_t>(thread) >= bins_.size()) [[unlikely]]
      threadOutsideTeam(thread);
    return bins_[static_cast<size_t>(thread)];
  }
  [[noreturn]] void threadOutsideTeam(int thread) const;
  void insert(VertexId v, P p) {
    ThreadBins &mine = myBins();
    // How many buckets after the current one p's is, in dequeue order: one
    // subtraction from the quotient, and one test for the common case, a
    // bucket in the window (every successful update comes here).
    int64_t bucket = bucketOfPriority(p);
    // (Negated by the order's mask, not by a branch on the order: with a
    // branch the compiler duplicated the update path, a tenth of the
    // instructions of a delta-stepping round.)
    int64_t ahead = ((bucket - currentBucket_) ^ orderMask_) - orderMask_;
    std::vector<VertexId> *bin;
    if (static_cast<uint64_t>(ahead) < static_cast<uint64_t>(slotsFromCurrent_)) [[likely]]
      bin = &mine.open[static_cast<size_t>(currentSlot_ + ahead)];
    else if (ahead < 0) // never before the current bucket (placeOf)
      bin = &mine.open[static_cast<size_t>(currentSlot_)];
    else
      bin = &mine.overflow;
    bin->push_back(v); // (one call: the compiler inlines it where it would not inline three)
  }
  /// Lazy: v joins the vertices bucketed before the next dequeue, once.
  /// (Inline: each changed vertex calls it.)
  void mark(VertexId v) {
    // Read first: most updates of a round find the vertex marked already, and
    // a read keeps the line shared where an exchange would take it.
    std::atomic_ref<uint8_t> mark(marks_[v]);
    if (mark.load(std::memory_order_relaxed) == 0 &&
        mark.exchange(1, std::memory_order_relaxed) == 0)
      myBins().marked.push_back(v);
  }
  /// v's priority changed: mark it once (Lazy) or insert it (the others:
  /// ConstantSum counts its sums apart, and a min or max, which the
  /// priority-update pass never pairs with it, is bucketed at once).
  void changed(VertexId v, P p) {
    if (mode_ == PriorityUpdateMode::Lazy) [[unlikely]]
      mark(v);
    else
      insert(v, p);
  }
  /// Lazy and ConstantSum: bin t's marked vertices into the calling thread's
  /// buckets.
  void flushBin(size_t t);
  /// processInRounds: the marked vertices of bins t, t + T, ... (thread t of
  /// T) into the calling thread's buckets.
  void flushOwnMarked();
  /// Lazy and ConstantSum: the marked vertices into their buckets.
  void flushMarked();
  /// flushMarked by this thread alone.
  void flushEveryBin();
  /// updateSum's atomic step, shared by the modes: if priority[v] >
  /// minimum, priority[v] = max(priority[v] + delta, minimum), never P's
  /// largest value ("none") or beyond; true (and the new value in `result`)
  /// when it changed.
  bool addClamped(VertexId v, int64_t delta, P minimum, P &result) {
    // A sum in 64 bits for 32-bit priorities (a delta beyond 2^40 saturates
    // the same), in 128 otherwise: neither a negative delta on an unsigned
    // priority nor a sum beyond P's range wraps.
    constexpr int64_t kReach = int64_t{1} << 40;
    Wide step = sizeof(P) <= 4 ? std::clamp(delta, -kReach, kReach) : delta;
    std::atomic_ref<P> ref((*priorities_)[v]);
    P old = ref.load(std::memory_order_relaxed);
    P next;
    do {
      if (old <= minimum)
        return false;
      Wide sum = static_cast<Wide>(old) + step;
      if (sum < static_cast<Wide>(minimum))
        sum = minimum;
      if (sum >= static_cast<Wide>(std::numeric_limits<P>::max()))
        sum = static_cast<Wide>(std::numeric_limits<P>::max()) - 1;
      next = static_cast<P>(sum);
    } while (next != old && !ref.compare_exchange_weak(old, next, std::memory_order_relaxed));
    result = next;
    return next != old;
  }
  /// ConstantSum: counts an updateSum call (the sum is made before the next
  /// dequeue). (Inline: each update calls it.)
  void countSum(VertexId v, int64_t delta, P minimum) {
    // A vertex at or below the minimum stays there (the sum would not change
    // it, and nothing else does during a round): nothing to count. Peeling
    // meets its removed neighbours so, and a read keeps their lines shared.
    // (With final priorities updateSum skipped the removed ones already; the
    // few at the minimum are counted, and their sum changes nothing.)
    if (!takenFinal_ &&
        std::atomic_ref<P>((*priorities_)[v]).load(std::memory_order_relaxed) <= minimum)
      return;
    // Every call of a round gives the same delta and minimum (the
    // priority-update pass checks the program says so): stored by the first
    // call that brings a new one, read by the others, so that the threads do
    // not all write one cache line at every update.
    std::atomic_ref<int64_t> roundDelta(sumDelta_);
    if (roundDelta.load(std::memory_order_relaxed) != delta)
      roundDelta.store(delta, std::memory_order_relaxed);
    std::atomic_ref<P> roundMinimum(sumMinimum_);
    if (roundMinimum.load(std::memory_order_relaxed) != minimum)
      roundMinimum.store(minimum, std::memory_order_relaxed);
    if (std::atomic_ref<uint32_t>(sumCounts_[v]).fetch_add(1, std::memory_order_relaxed) == 0)
      myBins().marked.push_back(v);
  }
  /// The next non-empty bucket's vertices, which becomes the current one;
  /// false (exhausted) when none is left.
  bool takeNext(IdList &ready);
  /// How many entries ahead a loop over a bucket's vertices asks for their
  /// data (prefetchPriority, flushBin).
  static constexpr size_t kPrefetchAhead = 16;
  /// Asks for the priority of entries[i + kPrefetchAhead], if there is one: a
  /// loop over a bucket's entries reads each one's priority, scattered, and
  /// the later ones' misses then overlap the earlier ones' work.
  static void prefetchPriority(const P *priorities, const VertexId *entries, size_t i,
                               size_t count) {
    if (i + kPrefetchAhead < count)
      __builtin_prefetch(priorities + entries[i + kPrefetchAhead]);
  }
  /// A round (or bucket fusion) takes v: its priority is one `accepted`
  /// holds, and unless repeats are harmless it was not taken at that
  /// priority (then it is now).
  bool takes(VertexId v, const Accepted &accepted, Repeats repeats) {
    P priority = std::atomic_ref<P>(accepted.priorities[v]).load(std::memory_order_relaxed);
    if (!accepted.holds(priority))
      return false;
    return repeats == Repeats::Harmless || claim(v, priority);
  }
  /// takenAt_ is made on first use: rounds whose repeats are harmless never
  /// claim, and spare the writing of a per-vertex array.
  void trackTaken();
  /// v was not taken at `priority` (with final priorities: not taken): it
  /// is now, by this thread alone (takenAt_ made).
  bool claim(VertexId v, P priority) {
    if (takenFinal_) {
      std::atomic_ref<uint8_t> taken(taken_[v]);
      return taken.load(std::memory_order_relaxed) == 0 &&
             taken.exchange(1, std::memory_order_relaxed) == 0;
    }
    P taken = std::atomic_ref<P>(takenAt_[v]).load(std::memory_order_relaxed);
    return taken != priority && compareAndSwap(&takenAt_[v], taken, priority);
  }
  /// The next bucket holding entries becomes the current one (previous_ the
  /// one before); false (exhausted) when none is left.
  bool moveToNextBucket();
  /// fn(t) for bins t, t + T, ... (thread t of a team of T): together the
  /// team's threads visit every bin, whatever the team's size.
  template <typename Fn> void forEachOwnBin(Fn &&fn) {
    for (size_t t = static_cast<size_t>(omp_get_thread_num()); t < bins_.size();
         t += static_cast<size_t>(omp_get_num_threads()))
      fn(t);
  }
  /// The entries of the current bucket, over every thread's bins.
  size_t currentEntries() const;
  /// The next non-empty bucket becomes the current one, the dequeued set's
  /// buffer is made large enough for its entries and `tail` is 0; false
  /// (exhausted) when no bucket is left.
  bool selectNextBucket(size_t &tail);
  /// The entries of the current bucket in the calling thread's bins
  /// (forEachOwnBin) that a dequeue takes, appended to the dequeued set.
  void gatherOwnEntries(size_t &tail);
  /// Bin t's entries of the current bucket a dequeue takes, appended to the
  /// dequeued set.
  void gatherBin(size_t t, size_t &tail);
  /// Every thread's entries, by this thread.
  void gatherEveryBin(size_t &tail);
  /// Every thread's entries, by this thread, if they are few
  /// (polyrt::kSerialWork); false if they are not.
  bool gatherIfSmall(size_t &tail);
  /// processInRounds: every thread's entries of the current bucket moved out
  /// of its bins into its round list (the lists of the round before
  /// emptied), roundStart_ set and the cursor at 0; the number of entries.
  size_t takeRoundEntries();
  /// process(v) for each of entries[from, to) taken (`count`: how many the
  /// list holds, for the prefetch); true if it took one. Every loop over a
  /// round's or a drain's entries calls it.
  template <typename Process>
  bool processEntries(const VertexId *entries, size_t from, size_t to, size_t count,
                      const Accepted &accepted, Repeats repeats, Process &process) {
    // (`repeats` is the caller's constant, so one of the two is compiled.)
    if (repeats == Repeats::Harmless)
      return processEntriesAs<Repeats::Harmless>(entries, from, to, count, accepted, process);
    return processEntriesAs<Repeats::Excluded>(entries, from, to, count, accepted, process);
  }
  /// processEntries, for one kind of repeats. Not inlined: `process`, the
  /// traversal's body, is then inlined once, here, rather than into each loop
  /// over entries (where the compiler would stop inlining it, and call it per
  /// vertex); and the loop's state is few registers, whose spills would
  /// otherwise come at every vertex.
  template <Repeats repeats, typename Process>
  [[gnu::noinline]] bool processEntriesAs(const VertexId *entries, size_t from, size_t to,
                                          size_t count, const Accepted accepted,
                                          Process &process) {
    bool took = false;
    for (size_t j = from; j < to; ++j) {
      prefetchPriority(accepted.priorities, entries, j, count);
      if (takes(entries[j], accepted, repeats)) {
        process(entries[j]);
        took = true;
      }
    }
    return took;
  }
  /// processInRounds: the calling thread takes chunks of the round's entries
  /// until none is left, and calls process(v) on each one the round takes;
  /// true if it took a vertex.
  template <typename Process>
  bool processRoundShare(size_t chunk, Repeats repeats, Process &&process) {
    bool took = false;
    const size_t total = roundStart_.back();
    const Accepted accepted = roundAccepts();
    for (;;) {
      size_t begin = std::atomic_ref<size_t>(roundCursor_.next)
                         .fetch_add(chunk, std::memory_order_relaxed);
      if (begin >= total)
        break;
      size_t end = std::min(begin + chunk, total);
      size_t t = 0;
      while (roundStart_[t + 1] <= begin)
        ++t;
      // A chunk may span the end of one thread's list and the start of the
      // next one's.
      for (size_t i = begin; i < end; ++t) {
        const std::vector<VertexId> &entries = bins_[t].round;
        size_t to = std::min(end, roundStart_[t + 1]) - roundStart_[t];
        took |= processEntries(entries.data(), i - roundStart_[t], to, entries.size(), accepted,
                               repeats, process);
        i = roundStart_[t] + to;
      }
    }
    return took;
  }
  /// processInRounds: the selected bucket's round (takeRoundEntries) by the
  /// calling thread alone, its marks bucketed after it; true if it took a
  /// vertex.
  template <typename Process>
  bool processAlone(int64_t fusionThreshold, Repeats repeats, Process &&process) {
    bool took = false;
    const Accepted accepted = roundAccepts();
    for (const ThreadBins &b : bins_)
      took |= processEntries(b.round.data(), 0, b.round.size(), b.round.size(), accepted, repeats,
                             process);
    if (took && fusionThreshold > 0)
      drainOwnCurrentBucket(fusionThreshold, repeats, process);
    if (mode_ != PriorityUpdateMode::Eager)
      flushEveryBin();
    return took;
  }

  /// An emptied bin gives its memory back, for the bins that grow next (as
  /// GAPBS's do). Kept, each bucket's bin held its largest size until the
  /// window came round again, and every new bucket grew into fresh pages (on
  /// a 2048x2048 grid, 5000 page faults more than the baseline's).
  static void release(std::vector<VertexId> &bin) { std::vector<VertexId>().swap(bin); }
  /// The calling thread's entries of the current bucket, into `own`, if
  /// there are some and fewer than `threshold`.
  bool takeOwnCurrent(int64_t threshold, std::vector<VertexId> &own);
  /// Moves the window to the first bucket the overflow holds; false if empty.
  bool advanceWindow();
  /// The smallest index >= current_ with an entry in the window, or -1.
  int64_t firstOpenIndex() const;

  VertexArray<P> *priorities_ = nullptr;
  VertexId n_ = 0;
  PriorityUpdateMode mode_ = PriorityUpdateMode::Eager;
  int64_t openBuckets_ = kDefaultOpenBuckets;
  /// Lazy: 1 when marked (bytes: every changed vertex's is read, and a
  /// quarter of the lines of a word each stay in cache); ConstantSum: the
  /// calls counted, in sumCounts_.
  std::vector<uint8_t> marks_;
  std::vector<uint32_t> sumCounts_;
  int64_t sumDelta_ = 0;        // ConstantSum: this round's delta and minimum
  P sumMinimum_{};
  /// The bucket order: 0 increasing, -1 decreasing, so that (x ^ mask) -
  /// mask is x or -x (insert negates without a branch).
  int64_t orderMask_ = 0;
  bool increasing() const { return orderMask_ == 0; }
  int64_t delta_ = 1;
  int64_t base_ = 0;        // the bucket of index 0
  int64_t current_ = 0;     // the index of the current bucket (setCurrent)
  // Kept by setCurrent for insert: the current bucket, its bin in the window
  // (open[currentSlot_], always in it) and the open bins from it on.
  int64_t currentBucket_ = 0, currentSlot_ = 0, slotsFromCurrent_ = 1;
  Wide currentLow_ = 0, currentHigh_ = 0; // the current bucket's priorities
  /// What currentPriority() says, kept: programs ask it at every edge.
  P currentPriority_{};
  int64_t windowStart_ = 0; // the index of open[0]
  std::vector<ThreadBins> bins_;
  /// Each vertex's priority when a dequeue last took it (P's largest value:
  /// never), made by the first dequeue or round that claims (trackTaken). An
  /// entry is taken only if the priority has changed since: so a vertex is
  /// in a dequeued set once, and stale entries (left behind when a vertex
  /// moved, or re-bucketed from the overflow) are dropped.
  std::vector<P> takenAt_;
  /// TakenPriorities::Final in an increasing queue: taken_[v] is 1 once v
  /// was taken, in place of takenAt_ (a vertex is taken once).
  bool takenFinal_ = false;
  std::vector<uint8_t> taken_;
  bool exhausted_ = false; // a dequeue found nothing: no bucket is left
  int64_t previous_ = 0;    // the index of the bucket before the current one
  std::vector<VertexId> dequeued_; // dequeueReadySet's set, gathered from the bins
};

/// The queue, after checking its delta is 1: a program that reads the current
/// priority would compute something else with wider buckets.
template <typename P> PriorityQueue<P> requireDeltaOne(PriorityQueue<P> &&queue) {
  if (queue.delta() != 1)
    throw Error("the priority queue's delta is " + std::to_string(queue.delta()) +
                ", but the program reads its current priority: only delta 1 keeps that a "
                "priority");
  return std::move(queue);
}

extern template class PriorityQueue<int32_t>;
extern template class PriorityQueue<uint32_t>;
extern template class PriorityQueue<int64_t>;
extern template class PriorityQueue<uint64_t>;

} // namespace polyrt

#endif
