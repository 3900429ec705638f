//===- distributed_fold.cpp - Folds into sources, combined by their owners ===//
//
// A traversal that folds into its sources' elements (`degree[src] += 1`)
// writes mirrors' copies on the ranks that list them; the owners take each
// mirror's change and fold it into their own element (Gluon's reduce). The
// snapshot taken before the traversal tells what changed.
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace polyrt::dist {
namespace {

int64_t mirrorCount(const EdgesPart &part) { return detail::totalSize(part.receiveFrom_); }

template <typename T>
void fold(EdgesPart &part, T *values, Fold how, Freshness &f, Communication communication,
          const char *traversal) {
  const int p = ranks();
  constexpr int64_t recordBytes = 4 + sizeof(T);
  detail::PeerBuffers send(p), recv;
  detail::RoundCounts counts;
  const T *before = reinterpret_cast<const T *>(f.snapshot.data());
  int64_t at = 0;
  for (int q = 0; q < p; ++q) {
    std::vector<unsigned char> &out = send[q];
    for (VertexId v : part.receiveFrom_[q]) {
      T now = values[v], was = before[at++];
      if (now == was)
        continue;
      T change = now;
      if constexpr (!std::is_same_v<T, bool>)
        if (how == Fold::Add)
          change = static_cast<T>(now - was);
      uint32_t vertex = static_cast<uint32_t>(v);
      size_t end = out.size();
      out.resize(end + recordBytes);
      std::memcpy(out.data() + end, &vertex, 4);
      std::memcpy(out.data() + end + 4, &change, sizeof(T));
      ++counts.records;
    }
    counts.bytes += static_cast<int64_t>(out.size());
    counts.peers += out.empty() ? 0 : 1;
  }
  counts.messages = detail::exchangeBytes(send, recv, communication);
  for (int q = 0; q < p; ++q)
    for (size_t off = 0; off + recordBytes <= recv[q].size(); off += recordBytes) {
      uint32_t vertex;
      T change;
      std::memcpy(&vertex, recv[q].data() + off, 4);
      std::memcpy(&change, recv[q].data() + off + 4, sizeof(T));
      if (!part.owns(static_cast<VertexId>(vertex)))
        throw Error("internal error: rank " + std::to_string(q) + " folded into vertex " +
                    std::to_string(vertex) + ", which this rank does not own");
      T &mine = values[vertex];
      if constexpr (std::is_same_v<T, bool>) // (a bool is only set: `x[src] = true`)
        mine = how == Fold::Min ? mine && change : how == Fold::Max ? mine || change : change;
      else
        mine = how == Fold::Add      ? static_cast<T>(mine + change)
               : how == Fold::Min    ? std::min(mine, change)
               : how == Fold::Max    ? std::max(mine, change)
                                     : change;
    }
  f.snapshot.clear();
  // The mirrors' copies hold this rank's partial folds, not what their owners
  // last sent: the next refresh sends every element again.
  f.lastSent.clear();
  detail::recordRound(traversal, counts, part.numEdges());
}

} // namespace

void detail::snapshotMirrorBytes(const EdgesPart &part, const unsigned char *values, int64_t size,
                                 size_t elementSize, Freshness &f) {
  detail::requireVectorOfVertices(part, size, "snapshotMirrors");
  f.snapshot.resize(mirrorCount(part) * elementSize);
  int64_t at = 0;
  for (const auto &list : part.receiveFrom_)
    for (VertexId v : list)
      std::memcpy(&f.snapshot[at++ * elementSize], values + int64_t{v} * elementSize, elementSize);
}

void detail::foldIntoOwnerBytes(EdgesPart &part, unsigned char *values, int64_t size,
                                ElementKind kind, Fold how, Freshness &f,
                                Communication communication, const char *traversal) {
  requireMpi();
  detail::requireVectorOfVertices(part, size, "foldIntoOwners");
  switch (kind) {
  case ElementKind::Bool:
    return fold(part, reinterpret_cast<bool *>(values), how, f, communication, traversal);
  case ElementKind::Int32:
    return fold(part, reinterpret_cast<int32_t *>(values), how, f, communication, traversal);
  case ElementKind::Int64:
    return fold(part, reinterpret_cast<int64_t *>(values), how, f, communication, traversal);
  case ElementKind::UInt32:
    return fold(part, reinterpret_cast<uint32_t *>(values), how, f, communication, traversal);
  case ElementKind::UInt64:
    return fold(part, reinterpret_cast<uint64_t *>(values), how, f, communication, traversal);
  case ElementKind::Float:
    return fold(part, reinterpret_cast<float *>(values), how, f, communication, traversal);
  case ElementKind::Double:
    return fold(part, reinterpret_cast<double *>(values), how, f, communication, traversal);
  }
  throw Error("internal error: foldIntoOwners of an unknown element type");
}

} // namespace polyrt::dist
