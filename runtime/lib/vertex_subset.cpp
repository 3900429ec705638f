//===- vertex_subset.cpp - Frontiers and their conversions --------------===//
#include "polyrt/vertex_subset.h"

#include "polyrt/node_frontier.h"

#include "polyrt/atomics.h"
#include "polyrt/loaded_graphs.h"

#include "detail/parallel.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <functional>
#include <string>

namespace polyrt {
namespace {

int64_t numWords(VertexId n) { return (int64_t{n} + 63) / 64; }

/// Number of nonzero bytes in flags[0, n).
int64_t countFlags(const uint8_t *flags, VertexId n) {
  int64_t count = 0;
#pragma omp parallel for schedule(static) reduction(+ : count) if (n > detail::kSerialCutoff)
  for (VertexId v = 0; v < n; ++v)
    count += flags[v] != 0;
  return count;
}

/// Up to this many threads, a list becomes bits by each thread scanning the
/// whole list for the ids of its own words; beyond, by a locked fetch_or per
/// id. A locked fetch_or costs several scanned ids, and threads pass the
/// words' cache lines back and forth
/// (docs/benchmark-log/2026-11-26-2311-frontier-conversions.md).
constexpr int kMaxScanningThreads = 8;

/// Sets the bit of each of ids[0, k) in words[0, nw) (all zero on entry).
void setListedBits(const VertexId *ids, int64_t k, uint64_t *words, int64_t nw) {
  if (k <= detail::kSerialCutoff) {
    for (int64_t i = 0; i < k; ++i)
      words[bitWordOf(ids[i])] |= bitMaskOf(ids[i]);
    return;
  }
  if (omp_get_max_threads() > kMaxScanningThreads) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < k; ++i) {
      uint64_t mask = bitMaskOf(ids[i]);
      std::atomic_ref<uint64_t> word(words[bitWordOf(ids[i])]);
      if (!(word.load(std::memory_order_relaxed) & mask)) // neighbours share words
        word.fetch_or(mask, std::memory_order_relaxed);
    }
    return;
  }
#pragma omp parallel
  {
    int t = omp_get_thread_num(), threads = omp_get_num_threads();
    const uint64_t firstWord = static_cast<uint64_t>(detail::blockBegin(nw, t, threads));
    const uint64_t ownWords = static_cast<uint64_t>(detail::blockBegin(nw, t + 1, threads)) - firstWord;
    // Another thread's id sets its bit in a scratch word instead: a branch
    // here would be mispredicted for every other id. Sixteen scratch words,
    // so consecutive such stores do not wait for each other.
    uint64_t scratch[16] = {};
    for (int64_t i = 0; i < k; ++i) {
      const uint64_t word = bitWordOf(ids[i]);
      const bool own = word - firstWord < ownWords;
      uint64_t *target = own ? &words[word] : &scratch[i & 15];
      *target |= bitMaskOf(ids[i]);
    }
  }
}

/// Calls f(block, begin, end) for nb static blocks of [0, n), in parallel
/// when n is large.
template <typename F> void forBlocks(int64_t n, int nb, F f) {
#pragma omp parallel for schedule(static) if (n > detail::kSerialCutoff)
  for (int b = 0; b < nb; ++b)
    f(b, detail::blockBegin(n, b, nb), detail::blockBegin(n, b + 1, nb));
}

/// The sorted member list of a dense form: count the members of each block,
/// prefix-sum the counts, then each block writes its members at its offset.
/// Counts and writes are per item i in [0, items): members(i) is how many
/// members item i holds and write(i, out) writes them (a byte or a word).
template <typename Count, typename Write>
IdList listMembers(int64_t items, Count members, Write write) {
  int nb = items > detail::kSerialCutoff ? omp_get_max_threads() * 4 : 1;
  std::vector<int64_t> counts(nb), starts(nb + 1);
  forBlocks(items, nb, [&](int b, int64_t lo, int64_t hi) {
    int64_t c = 0;
    for (int64_t i = lo; i < hi; ++i)
      c += members(i);
    counts[b] = c;
  });
  detail::prefixSum(counts.data(), nb, starts.data());
  IdList ids(starts[nb]); // counted here: a wrong count_ cannot overflow it
  forBlocks(items, nb, [&](int b, int64_t lo, int64_t hi) {
    VertexId *out = ids.data() + starts[b];
    for (int64_t i = lo; i < hi; ++i)
      out = write(i, out);
  });
  return ids;
}

} // namespace

VertexSubset::VertexSubset(VertexId n, bool all) : n_(n) {
  if (all) {
    dense_.assign(n, 1);
    hasSparse_ = false;
    hasDense_ = true;
    count_ = n;
  }
}

VertexSubset VertexSubset::fromSparse(VertexId n, IdList ids) {
  VertexSubset s;
  s.n_ = n;
  s.count_ = static_cast<int64_t>(ids.size());
  s.sparse_ = std::move(ids);
  return s;
}

VertexSubset VertexSubset::fromDense(VertexId n, std::vector<uint8_t> flags) {
  // A wrong size is reported by the overload below.
  int64_t count = flags.size() == static_cast<size_t>(n) ? countFlags(flags.data(), n) : 0;
  return fromDense(n, std::move(flags), count);
}

VertexSubset VertexSubset::fromDense(VertexId n, std::vector<uint8_t> flags, int64_t count) {
  if (flags.size() != static_cast<size_t>(n))
    throw Error("VertexSubset::fromDense: " + std::to_string(flags.size()) + " flags for " +
                std::to_string(n) + " vertices");
  VertexSubset s;
  s.n_ = n;
  s.count_ = count;
  s.dense_ = std::move(flags);
  s.hasSparse_ = false;
  s.hasDense_ = true;
  return s;
}

VertexSubset VertexSubset::fromBits(VertexId n, std::vector<uint64_t> words, int64_t count) {
  if (static_cast<int64_t>(words.size()) != numWords(n))
    throw Error("VertexSubset::fromBits: " + std::to_string(words.size()) + " words for " +
                std::to_string(n) + " vertices (needs " + std::to_string(numWords(n)) + ")");
  if (n % 64 != 0 && (words.back() >> (n % 64)) != 0)
    throw Error("VertexSubset::fromBits: bits set past vertex " + std::to_string(n - 1));
  VertexSubset s;
  s.n_ = n;
  s.count_ = count;
  s.bits_ = std::move(words);
  s.hasSparse_ = false;
  s.hasBits_ = true;
  return s;
}

// Choosing the source of a conversion: a sparse list much shorter than n is
// cheaper to scatter than an O(n) pass over the other dense form.
static bool sparseIsSmall(int64_t k, VertexId n) { return k * 32 < n; }

const IdList &VertexSubset::sparse() {
  if (hasSparse_)
    return sparse_;
  if (nodeParts_ && nodeParts_->allListed()) {
    sparse_ = nodeParts_->concatenatedLists(); // no pass over the bits
  } else if (hasBits_) {
    const uint64_t *words = bits_.data();
    sparse_ = listMembers(
        numWords(n_), [&](int64_t i) { return std::popcount(words[i]); },
        [&](int64_t i, VertexId *out) {
          for (uint64_t w = words[i]; w != 0; w &= w - 1)
            *out++ = static_cast<VertexId>(i * 64 + std::countr_zero(w));
          return out;
        });
  } else {
    const uint8_t *flags = dense_.data();
    sparse_ = listMembers(
        n_, [&](int64_t v) { return flags[v] != 0; },
        [&](int64_t v, VertexId *out) {
          if (flags[v])
            *out++ = static_cast<VertexId>(v);
          return out;
        });
  }
  hasSparse_ = true;
  return sparse_;
}

const uint8_t *VertexSubset::dense() {
  if (hasDense_)
    return dense_.data();
  int64_t k = static_cast<int64_t>(sparse_.size());
  dense_.assign(n_, 0);
  uint8_t *flags = dense_.data();
  if (hasSparse_ && (!hasBits_ || sparseIsSmall(k, n_))) {
    // Duplicates may write the same byte from two threads: atomic stores.
    const VertexId *ids = sparse_.data();
#pragma omp parallel for schedule(static) if (k > detail::kSerialCutoff)
    for (int64_t i = 0; i < k; ++i)
      atomicStore<uint8_t>(&flags[ids[i]], 1);
  } else {
    const uint64_t *words = bits_.data();
    VertexId n = n_;
#pragma omp parallel for schedule(static) if (n > detail::kSerialCutoff)
    for (int64_t i = 0; i < numWords(n); ++i) {
      uint64_t w = words[i];
      int64_t base = i * 64, end = std::min<int64_t>(64, n - base);
      for (int64_t j = 0; j < end; ++j)
        flags[base + j] = static_cast<uint8_t>((w >> j) & 1);
    }
  }
  hasDense_ = true;
  return flags;
}

const uint64_t *VertexSubset::bits() {
  if (hasBits_)
    return bits_.data();
  int64_t k = static_cast<int64_t>(sparse_.size());
  int64_t nw = numWords(n_);
  bits_.assign(nw, 0);
  uint64_t *words = bits_.data();
  if (hasSparse_ && (!hasDense_ || sparseIsSmall(k, n_))) {
    setListedBits(sparse_.data(), k, words, nw);
  } else {
    const uint8_t *flags = dense_.data();
    VertexId n = n_;
#pragma omp parallel for schedule(static) if (n > detail::kSerialCutoff)
    for (int64_t i = 0; i < nw; ++i) {
      int64_t base = i * 64, end = std::min<int64_t>(64, n - base);
      uint64_t w = 0;
      for (int64_t j = 0; j < end; ++j)
        w |= uint64_t{flags[base + j] != 0} << j;
      words[i] = w;
    }
  }
  hasBits_ = true;
  return words;
}

void VertexSubset::addVertex(VertexId v) {
  if (v < 0 || v >= n_)
    throw Error("addVertex: " + describeVertexOutOfRange(int64_t{v}, int64_t{n_}));
  if (contains(v))
    return;
  if (hasDense_)
    dense_[v] = 1;
  if (hasBits_)
    bits_[bitWordOf(v)] |= bitMaskOf(v);
  if (hasSparse_)
    sparse_.push_back(v);
  ++count_;
  work_ = -1;
  workOffsets_ = nullptr;
  nodeParts_.reset();
}

namespace detail {

int64_t frontierWork(VertexSubset &s, const EdgeOffset *outOffsets) {
  int64_t work = 0;
  VertexId n = s.universe();
  if (s.hasSparse()) {
    const IdList &ids = s.sparse();
    int64_t k = static_cast<int64_t>(ids.size());
#pragma omp parallel for schedule(static) reduction(+ : work) if (k > kSerialCutoff)
    for (int64_t i = 0; i < k; ++i)
      work += outOffsets[ids[i] + 1] - outOffsets[ids[i]] + 1;
  } else if (s.hasDense()) {
    const uint8_t *flags = s.dense();
#pragma omp parallel for schedule(static) reduction(+ : work) if (n > kSerialCutoff)
    for (VertexId v = 0; v < n; ++v)
      if (flags[v])
        work += outOffsets[v + 1] - outOffsets[v] + 1;
  } else {
    const uint64_t *words = s.bits();
#pragma omp parallel for schedule(static) reduction(+ : work) if (n > kSerialCutoff)
    for (int64_t i = 0; i < numWords(n); ++i)
      for (uint64_t w = words[i]; w != 0; w &= w - 1) {
        int64_t v = i * 64 + std::countr_zero(w);
        work += outOffsets[v + 1] - outOffsets[v] + 1;
      }
  }
  return work;
}

bool frontierWorkExceeds(VertexSubset &s, const EdgeOffset *outOffsets, int64_t limit) {
  // The sum stops once past the limit, block by block: the question is only
  // whether it is, and a frontier far past it (a BFS's middle level) would
  // otherwise have each member's degree read (a list's at random).
  constexpr int64_t kBlock = kSerialCutoff; // vertices or ids a thread sums before it looks at the total
  const auto degree = [outOffsets](int64_t v) { return outOffsets[v + 1] - outOffsets[v] + 1; };
  const VertexId n = s.universe();
  std::function<int64_t(int64_t, int64_t)> sumOf; // the work of ids or vertices [begin, end)
  int64_t length;
  if (s.hasSparse()) {
    const VertexId *ids = s.sparse().data();
    length = static_cast<int64_t>(s.sparse().size());
    sumOf = [ids, &degree](int64_t begin, int64_t end) {
      int64_t work = 0;
      for (int64_t i = begin; i < end; ++i)
        work += degree(ids[i]);
      return work;
    };
  } else if (s.hasBits()) {
    const uint64_t *words = s.bits();
    length = n;
    sumOf = [words, &degree](int64_t begin, int64_t end) { // begin is a multiple of 64
      int64_t work = 0;
      for (int64_t i = begin / 64; i < numWords(static_cast<VertexId>(end)); ++i)
        for (uint64_t w = words[i]; w != 0; w &= w - 1)
          work += degree(i * 64 + std::countr_zero(w));
      return work;
    };
  } else {
    const uint8_t *flags = s.dense();
    length = n;
    sumOf = [flags, &degree](int64_t begin, int64_t end) {
      int64_t work = 0;
      for (int64_t v = begin; v < end; ++v)
        if (flags[v])
          work += degree(v);
      return work;
    };
  }
  const int64_t blocks = (length + kBlock - 1) / kBlock;
  std::atomic<int64_t> total{0};
  std::atomic<bool> stopped{false};
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (int64_t b = 0; b < blocks; ++b) {
    if (total.load(std::memory_order_relaxed) > limit) {
      stopped.store(true, std::memory_order_relaxed);
      continue;
    }
    total.fetch_add(sumOf(b * kBlock, std::min(length, (b + 1) * kBlock)), std::memory_order_relaxed);
  }
  // The whole sum: the next question about it costs nothing (unless the
  // subset holds another graph's, which stays).
  if (!stopped.load() && !s.hasRecordedWork())
    s.recordWork(outOffsets, total.load());
  return total.load() > limit;
}

} // namespace detail
} // namespace polyrt
