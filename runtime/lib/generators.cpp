//===- generators.cpp - Synthetic graphs --------------------------------===//
//
// The Kronecker generator follows GAPBS's generator.h: edges are drawn in
// blocks of 2^18, each block seeded from (seed, block index), so the output
// is the same for any number of threads; then vertex ids are permuted. The
// random numbers come from xoshiro256** (fast, and the same on every
// platform, unlike the std:: distributions).
//
//===----------------------------------------------------------------------===//
#include "polyrt/edge_list.h"

#include "detail/parallel.h"

#include <algorithm>
#include <string>

namespace polyrt {
namespace {

constexpr int64_t kBlock = 1 << 18;

uint64_t splitmix64(uint64_t &x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// xoshiro256**, seeded through splitmix64 from (seed, stream, block).
class Rng {
public:
  Rng(uint64_t seed, uint64_t stream, uint64_t block) {
    uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL) ^ (block * 0x8cb92ba72f3d8dd7ULL);
    for (uint64_t &w : s_)
      w = splitmix64(x);
  }
  uint64_t next() {
    uint64_t result = rotl(s_[1] * 5, 7) * 9;
    uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform in [0, bound) (Lemire's multiply-shift; bias below 2^-32).
  uint64_t below(uint64_t bound) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

enum Stream : uint64_t { kEdges = 1, kPermutation = 2, kWeights = 3 };

int64_t checkedEdgeCount(const char *what, int scale, int degree) {
  if (scale < 0 || scale > 30)
    throw Error(std::string(what) + ": scale must be in [0, 30] (2^scale vertices with 32-bit ids), not " +
                std::to_string(scale));
  if (degree < 0)
    throw Error(std::string(what) + ": degree must not be negative, not " + std::to_string(degree));
  return (int64_t{1} << scale) * degree;
}

/// Weights uniform in [1, 255], drawn per block.
void insertWeights(EdgeList &el, uint64_t seed) {
  int64_t m = static_cast<int64_t>(el.size());
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t block = 0; block < m; block += kBlock) {
    Rng rng(seed, kWeights, block / kBlock);
    int64_t end = std::min(block + kBlock, m);
    for (int64_t e = block; e < end; ++e)
      el[e].weight = 1 + static_cast<int32_t>(((rng.next() >> 32) * 255) >> 32);
  }
}

/// Relabels every endpoint through a random permutation of [0, n).
void permuteIds(EdgeList &el, VertexId n, uint64_t seed) {
  std::vector<VertexId> perm(n);
#pragma omp parallel for schedule(static) if (n > detail::kSerialCutoff)
  for (VertexId v = 0; v < n; ++v)
    perm[v] = v;
  Rng rng(seed, kPermutation, 0);
  for (VertexId i = n - 1; i > 0; --i)
    std::swap(perm[i], perm[rng.below(static_cast<uint64_t>(i) + 1)]);
  int64_t m = static_cast<int64_t>(el.size());
#pragma omp parallel for schedule(static) if (m > detail::kSerialCutoff)
  for (int64_t e = 0; e < m; ++e) {
    el[e].src = perm[el[e].src];
    el[e].dst = perm[el[e].dst];
  }
}

} // namespace

EdgeList generateKronecker(int scale, int degree, uint64_t seed) {
  int64_t m = checkedEdgeCount("Kronecker generator", scale, degree);
  // Quadrant thresholds on a uniform 32-bit number: A, A+B, A+B+C.
  constexpr uint64_t kA = static_cast<uint64_t>(0.57 * 4294967296.0);
  constexpr uint64_t kAB = static_cast<uint64_t>((0.57 + 0.19) * 4294967296.0);
  constexpr uint64_t kABC = static_cast<uint64_t>((0.57 + 0.19 + 0.19) * 4294967296.0);
  EdgeList el(m);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t block = 0; block < m; block += kBlock) {
    Rng rng(seed, kEdges, block / kBlock);
    int64_t end = std::min(block + kBlock, m);
    for (int64_t e = block; e < end; ++e) {
      uint32_t src = 0, dst = 0;
      uint64_t bits = 0;
      for (int depth = 0; depth < scale; ++depth) {
        if ((depth & 1) == 0)
          bits = rng.next(); // two 32-bit draws per 64-bit number
        uint64_t r = bits & 0xffffffffULL;
        bits >>= 32;
        // Quadrants A (0,0), B (0,1), C (1,0), D (1,1), branch-free: the
        // outcomes are random, so branches would mispredict constantly.
        src = (src << 1) | static_cast<uint32_t>(r >= kAB);
        dst = (dst << 1) | static_cast<uint32_t>(((r >= kA) & (r < kAB)) | (r >= kABC));
      }
      el[e] = Edge{static_cast<VertexId>(src), static_cast<VertexId>(dst), 1};
    }
  }
  permuteIds(el, VertexId{1} << scale, seed);
  insertWeights(el, seed);
  return el;
}

EdgeList generateUniform(int scale, int degree, uint64_t seed) {
  int64_t m = checkedEdgeCount("uniform generator", scale, degree);
  uint64_t mask = (uint64_t{1} << scale) - 1;
  EdgeList el(m);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t block = 0; block < m; block += kBlock) {
    Rng rng(seed, kEdges, block / kBlock);
    int64_t end = std::min(block + kBlock, m);
    for (int64_t e = block; e < end; ++e) {
      uint64_t r = rng.next();
      el[e] = Edge{static_cast<VertexId>(r & mask), static_cast<VertexId>((r >> 32) & mask), 1};
    }
  }
  insertWeights(el, seed);
  return el;
}

EdgeList generateGrid(VertexId rows, VertexId cols, uint64_t seed) {
  if (rows < 1 || cols < 1)
    throw Error("grid generator: rows and columns must be at least 1 (got " +
                std::to_string(rows) + " x " + std::to_string(cols) + ")");
  if (static_cast<int64_t>(rows) * cols > INT32_MAX)
    throw Error("grid generator: " + std::to_string(rows) + " x " + std::to_string(cols) +
                " vertices are too many for 32-bit vertex ids");
  // Row r < rows-1 holds 2*cols-1 edges (right then down per vertex, no
  // right edge from the last column); the last row holds cols-1.
  int64_t perRow = 2 * int64_t{cols} - 1;
  int64_t m = (int64_t{rows} - 1) * perRow + (cols - 1);
  EdgeList el(m);
#pragma omp parallel for schedule(static) if (m > detail::kSerialCutoff)
  for (VertexId r = 0; r < rows; ++r) {
    int64_t e = r * perRow;
    bool lastRow = r == rows - 1;
    for (VertexId c = 0; c < cols; ++c) {
      VertexId v = static_cast<VertexId>(int64_t{r} * cols + c);
      if (c + 1 < cols)
        el[e++] = Edge{v, v + 1, 1};
      if (!lastRow)
        el[e++] = Edge{v, v + cols, 1};
    }
  }
  insertWeights(el, seed);
  return el;
}

VertexId countVertices(const EdgeList &edges) {
  int64_t m = static_cast<int64_t>(edges.size());
  VertexId maxId = -1;
#pragma omp parallel for schedule(static) reduction(max : maxId) if (m > detail::kSerialCutoff)
  for (int64_t e = 0; e < m; ++e)
    maxId = std::max(maxId, std::max(edges[e].src, edges[e].dst));
  if (maxId == INT32_MAX)
    throw Error("vertex id 2147483647 is too large: polyrt uses 32-bit vertex ids");
  return maxId + 1;
}

} // namespace polyrt
