//===- neighbor_prefetch.cpp - Whether a neighbour's value is worth prefetching ===//
#include "polyrt/neighbor_prefetch.h"

#include "detail/environment.h"
#include "polyrt/program.h"

#include <unistd.h>

#include <iostream>

namespace polyrt {

NeighborPrefetchSetting neighborPrefetchSetting() {
  static const NeighborPrefetchSetting setting = [] {
    switch (detail::environmentChoice("POLYRT_NEIGHBOR_PREFETCH", {"sampled", "on", "off"})) {
    case 1: return NeighborPrefetchSetting::On;
    case 2: return NeighborPrefetchSetting::Off;
    default: return NeighborPrefetchSetting::Sampled;
    }
  }();
  return setting;
}

size_t l2CacheBytes() {
  static const size_t bytes = [] {
    const long reported = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return reported > 0 ? static_cast<size_t>(reported) : size_t{1} << 20;
  }();
  return bytes;
}

namespace {

struct NeighborDistances {
  int64_t sampled = 0, far = 0;
};

NeighborDistances sampleNeighborDistances(const EdgeOffset *offsets, const VertexId *neighbors,
                                          int64_t numVertices, int64_t position,
                                          int64_t farIds) {
  NeighborDistances d;
  if (position < 0 || numVertices <= 0)
    return d;
  const int64_t stride = numVertices > kNeighborSamples ? numVertices / kNeighborSamples : 1;
  for (int64_t v = 0; v < numVertices && d.sampled < kNeighborSamples; v += stride) {
    if (position >= offsets[v + 1] - offsets[v])
      continue;
    const int64_t distance = static_cast<int64_t>(neighbors[offsets[v] + position]) - v;
    ++d.sampled;
    d.far += distance > farIds || distance < -farIds;
  }
  return d;
}

} // namespace

bool neighborValuesFarApart(const EdgeOffset *offsets, const VertexId *neighbors,
                            int64_t numVertices, int64_t position, size_t valueBytes,
                            size_t cacheBytes) {
  if (valueBytes == 0 || static_cast<uint64_t>(numVertices) * valueBytes <= cacheBytes)
    return false;
  const int64_t farIds = static_cast<int64_t>(cacheBytes / 4 / valueBytes);
  const NeighborDistances d =
      sampleNeighborDistances(offsets, neighbors, numVertices, position, farIds);
  return 2 * d.far > d.sampled;
}

bool neighborValuePrefetchWorthIt(const EdgeOffset *offsets, const VertexId *neighbors,
                                  int64_t numVertices, int64_t position, size_t valueBytes,
                                  const char *loop) {
  switch (neighborPrefetchSetting()) {
  case NeighborPrefetchSetting::On: return true;
  case NeighborPrefetchSetting::Off: return false;
  case NeighborPrefetchSetting::Sampled: break;
  }
  const bool worthIt = neighborValuesFarApart(offsets, neighbors, numVertices, position,
                                              valueBytes, l2CacheBytes());
  if (verbose())
    std::cerr << "polyrt: neighbour prefetch in " << loop << " at position " << position << ": "
              << (worthIt ? "on" : "off") << std::endl;
  return worthIt;
}

} // namespace polyrt
