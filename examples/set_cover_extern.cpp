// cover_round() for set_cover.gt: one round of approximate set cover over the
// sets of the current bucket (Blelloch, Peng and Tangwongsan; Julienne's
// rounds). A set is a vertex, its elements its neighbours.
//
//   1. Each active set counts its uncovered elements. One whose count fell
//      below its bucket moves to the bucket of that count (set_cover.gt's
//      bucket_of, about log_{1+epsilon} of it).
//   2. The others reserve their uncovered elements: each element keeps the
//      smallest reservation, a hash of the set's id (a random order of the
//      sets, so that no set wins by its id alone).
//   3. A set that won at least (1 + epsilon)^(bucket - 1) of them joins the
//      cover and covers what it won; the others release what they won and
//      return to the queue in their bucket, for another round.
// The set with the smallest reservation wins all it reserved, so every round
// covers something and the loop ends.
#include "polyrt/polyrt.h"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace set_cover::detail {
extern polyrt::Graph<polyrt::NoWeight> edges;
extern polyrt::VertexArray<uint32_t> D;
extern polyrt::VertexArray<int32_t> in_cover;
extern double epsilon;
uint32_t bucket_of(int32_t deg);
} // namespace set_cover::detail

namespace {

constexpr int64_t kFree = std::numeric_limits<int64_t>::max();
constexpr int64_t kCovered = -1;
constexpr uint32_t kNoBucket = std::numeric_limits<uint32_t>::max();

/// Each element's state: free, covered, or the smallest reservation so far.
std::vector<int64_t> elementState;

/// A set's reservation: its id hashed (a fixed random order), then the id to
/// make it unique.
int64_t reservationOf(polyrt::VertexId set) {
  uint64_t h = static_cast<uint64_t>(set) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 29;
  return static_cast<int64_t>(((h & 0x7FFFFFFFull) << 32) | static_cast<uint32_t>(set));
}

} // namespace

polyrt::VertexSubset cover_round(polyrt::VertexSubset &active) {
  const polyrt::Graph<polyrt::NoWeight> &g = set_cover::detail::edges;
  const polyrt::EdgeOffset *offsets = g.outOffsets();
  const polyrt::VertexId *neighbors = g.outNeighbors();
  const int64_t n = g.numVertices();
  if (static_cast<int64_t>(elementState.size()) != n)
    elementState.assign(static_cast<size_t>(n), kFree);
  const polyrt::IdList &sets = active.sparse();
  const int64_t count = static_cast<int64_t>(sets.size());
  if (count == 0)
    return polyrt::VertexSubset::fromSparse(static_cast<polyrt::VertexId>(n), {});
  const uint32_t bucket = set_cover::detail::D[sets[0]]; // the round's bucket: every set's
  const double toJoin =
      std::pow(1.0 + set_cover::detail::epsilon, static_cast<double>(bucket) - 1.0);
  // Which bucket a count belongs to is bucket_of's answer alone (not a power
  // computed here, which could round the other way and keep a set in a
  // bucket that no longer holds it, round after round).
  auto bucketOf = [](int64_t left) {
    return left == 0 ? kNoBucket : set_cover::detail::bucket_of(static_cast<int32_t>(left));
  };

  // 1. Uncovered elements; the sets that fell below the bucket move down.
  std::vector<uint8_t> candidate(static_cast<size_t>(count));
#pragma omp parallel for schedule(dynamic, 64)
  for (int64_t i = 0; i < count; ++i) {
    polyrt::VertexId s = sets[i];
    int64_t left = 0;
    for (polyrt::EdgeOffset e = offsets[s]; e < offsets[s + 1]; ++e)
      left += std::atomic_ref<int64_t>(elementState[neighbors[e]]).load(
                  std::memory_order_relaxed) != kCovered;
    set_cover::detail::D[s] = bucketOf(left);
    candidate[i] = set_cover::detail::D[s] != kNoBucket && set_cover::detail::D[s] >= bucket;
  }
  // Steps 2 and 3 run over the candidates, each with its reservation.
  auto forEachCandidate = [&](auto &&visit) {
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < count; ++i)
      if (candidate[i])
        visit(sets[i], reservationOf(sets[i]));
  };
  // 2. Reservations.
  forEachCandidate([&](polyrt::VertexId s, int64_t mine) {
    for (polyrt::EdgeOffset e = offsets[s]; e < offsets[s + 1]; ++e)
      polyrt::writeMin(&elementState[neighbors[e]], mine);
  });
  // 3. Winners join and cover; the others release and go back. (Other sets
  // release or cover their own elements meanwhile: atomic accesses, never a
  // value of this set's changed by another.)
  forEachCandidate([&](polyrt::VertexId s, int64_t mine) {
    auto state = [&](polyrt::EdgeOffset e) {
      return std::atomic_ref<int64_t>(elementState[neighbors[e]]);
    };
    int64_t won = 0;
    for (polyrt::EdgeOffset e = offsets[s]; e < offsets[s + 1]; ++e)
      won += state(e).load(std::memory_order_relaxed) == mine;
    bool joins = static_cast<double>(won) >= toJoin;
    for (polyrt::EdgeOffset e = offsets[s]; e < offsets[s + 1]; ++e)
      if (state(e).load(std::memory_order_relaxed) == mine)
        state(e).store(joins ? kCovered : kFree, std::memory_order_relaxed);
    if (joins) {
      set_cover::detail::in_cover[s] = 1;
      set_cover::detail::D[s] = kNoBucket;
    }
  });
  // Everything not in the cover goes back to the queue (a set that covers
  // nothing more has no bucket and is dropped).
  polyrt::IdList back;
  for (int64_t i = 0; i < count; ++i)
    if (set_cover::detail::in_cover[sets[i]] == 0 && set_cover::detail::D[sets[i]] != kNoBucket)
      back.push_back(sets[i]);
  return polyrt::VertexSubset::fromSparse(static_cast<polyrt::VertexId>(n), std::move(back));
}
