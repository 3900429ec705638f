//===- distributed_fold.cpp - Folds into sources, combined by their owners ===//
//
// A traversal that folds into its sources' elements (`degree[src] += 1`)
// writes mirrors' copies on the ranks that list them; the owners take each
// mirror's change and fold it into their own element (Gluon's reduce). The
// snapshot taken before the traversal tells what changed; the changes travel
// over the mirror lists as refreshMirrors' values do (list_encoding.h).
// Under Cartesian a traversal also folds into destinations other ranks own
// (partials, cleared to the fold's identity before it); foldPartials sends
// them to their owners over the partial lists in the same encoding, only
// those that changed since last sent (the owners keep the rest).
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"
#include "polyrt/list_encoding.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace polyrt::dist {
namespace {

int64_t mirrorCount(const EdgesPart &part) { return detail::totalSize(part.receiveFrom_); }

/// What folds into any element without changing it, sent for unchanged
/// mirrors when the whole list goes: partialIdentity's, but -0.0 for a
/// floating-point Add (x + -0.0 is x even for x = -0.0). Assign has none;
/// its filler is never sent (encodeList's unchangedHarmless).
template <typename T> T identity(Fold how) {
  if (how == Fold::Assign)
    return T();
  if (how == Fold::Add && std::is_floating_point_v<T>)
    return static_cast<T>(-0.0);
  return detail::partialIdentity<T>(how);
}

/// Folds a received change into this rank's element.
template <typename T> void combine(T &mine, T change, Fold how) {
  if constexpr (std::is_same_v<T, bool>) // (a bool is only set: `x[src] = true`)
    mine = how == Fold::Min ? mine && change : how == Fold::Max ? mine || change : change;
  else
    mine = how == Fold::Add   ? static_cast<T>(mine + change)
           : how == Fold::Min ? std::min(mine, change)
           : how == Fold::Max ? std::max(mine, change)
                              : change;
}

/// Per place: a value to send (bools as bytes: not std::vector<bool>).
template <typename T> using Places = std::vector<std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>>;

/// The core of foldIntoOwners: for each peer q, the mirrors of q's
/// vertices whose element differs from the snapshot `before` (indexed as
/// receiveFrom_ concatenated) go to q as their change (the difference for
/// Add, the element otherwise; the fold's identity in unchanged places when
/// the whole list goes), and what each q sends over sendTo_[q] is folded
/// into this rank's elements, in rank order. Counted as a round of
/// `traversal`. The copies then hold this rank's partial folds, not what
/// their owners last sent: the next refresh sends every element again.
template <typename T>
void foldMirrors(EdgesPart &part, T *values, Fold how, const T *before, Freshness &f,
                 Communication communication, const char *traversal) {
  const int p = ranks();
  detail::PeerBuffers send(p), recv;
  detail::RoundCounts counts;
  int64_t at = 0;
  std::vector<uint32_t> positions; // the changed places in the list
  Places<T> changes; // per place: the change, or the fold's identity
  for (int q = 0; q < p; ++q) {
    // The owner lists the same vertices as sendTo_ (list_encoding.h).
    const std::vector<VertexId> &list = part.receiveFrom_[q];
    positions.clear();
    changes.assign(list.size(), identity<T>(how));
    for (size_t i = 0; i < list.size(); ++i) {
      T now = values[list[i]], was = before[at++];
      if (now == was)
        continue;
      positions.push_back(static_cast<uint32_t>(i));
      changes[i] = now;
      if constexpr (!std::is_same_v<T, bool>)
        if (how == Fold::Add)
          changes[i] = static_cast<T>(now - was);
    }
    // A set constant has no identity: only the changed places may go.
    counts.records += encodeList(send[q], static_cast<int64_t>(list.size()), positions,
                                 reinterpret_cast<const unsigned char *>(changes.data()),
                                 sizeof(T), /*unchangedHarmless=*/how != Fold::Assign);
    counts.addMessage(send[q]);
  }
  counts.messages = detail::exchangeBytes(send, recv, communication);
  for (int q = 0; q < p; ++q) {
    const std::vector<VertexId> &list = part.sendTo_[q];
    const unsigned char *from = decodeList(recv[q].data(), recv[q].size(),
                                           static_cast<int64_t>(list.size()), sizeof(T), q,
                                           positions);
    for (size_t k = 0; k < positions.size(); ++k) {
      T change;
      std::memcpy(&change, from + k * sizeof(T), sizeof(T));
      combine(values[list[positions[k]]], change, how);
    }
  }
  f.lastSent.clear();
  detail::recordRound(traversal, counts, part.numEdges());
}

/// foldPartials with update tracking (Gluon's, for reductions): a rank
/// sends q only the partials that changed (bytewise) since it last sent them
/// (every one on the first call); q keeps the last partial it received from
/// each rank for each place (f.partialsReceived) and folds all it holds into
/// its own elements, in rank order, so the result is that of sending all.
/// Both sides start tracking on the same (first) call, as every rank makes
/// every call.
template <typename T>
void foldTrackedPartials(EdgesPart &part, T *values, Fold how, Freshness &f,
                         Communication communication, const char *traversal) {
  const int p = ranks();
  const size_t bytes = sizeof(T);
  const bool first = f.partialsFor != &part;
  if (first) {
    f.partialsSent.assign(detail::totalSize(part.partialTo_) * bytes, 0);
    f.partialsReceived.assign(detail::totalSize(part.partialFrom_) * bytes, 0);
    f.partialsFor = &part;
  }
  detail::PeerBuffers send(p), recv;
  detail::RoundCounts counts;
  std::vector<uint32_t> positions; // the changed places in the list
  Places<T> now;                   // every place's partial: the all form sends them all
  int64_t at = 0;
  for (int q = 0; q < p; ++q) {
    const std::vector<VertexId> &list = part.partialTo_[q];
    positions.clear();
    now.resize(list.size());
    for (size_t i = 0; i < list.size(); ++i, ++at) {
      T value = values[list[i]];
      std::memcpy(&now[i], &value, bytes);
      unsigned char *last = &f.partialsSent[at * bytes];
      if (!first && std::memcmp(last, &value, bytes) == 0)
        continue;
      positions.push_back(static_cast<uint32_t>(i));
      std::memcpy(last, &value, bytes);
    }
    counts.records += encodeList(send[q], static_cast<int64_t>(list.size()), positions,
                                 reinterpret_cast<const unsigned char *>(now.data()), bytes);
    counts.addMessage(send[q]);
  }
  counts.messages = detail::exchangeBytes(send, recv, communication);
  at = 0;
  for (int q = 0; q < p; ++q) {
    const std::vector<VertexId> &list = part.partialFrom_[q];
    unsigned char *held = f.partialsReceived.data() + at * bytes;
    const unsigned char *from = decodeList(recv[q].data(), recv[q].size(),
                                           static_cast<int64_t>(list.size()), bytes, q, positions);
    for (size_t k = 0; k < positions.size(); ++k)
      std::memcpy(held + positions[k] * bytes, from + k * bytes, bytes);
    for (size_t i = 0; i < list.size(); ++i) {
      T partial;
      std::memcpy(&partial, held + i * bytes, bytes);
      combine(values[list[i]], partial, how);
    }
    at += static_cast<int64_t>(list.size());
  }
  // (A partial's copy is a partial fold, not what its owner last sent.)
  f.lastSent.clear();
  detail::recordRound(traversal, counts, part.numEdges(), "fold");
}

/// Calls body with values as a T * of the element type `kind` names.
template <typename Body>
void withElements(unsigned char *values, detail::ElementKind kind, Body body) {
  using detail::ElementKind;
  switch (kind) {
  case ElementKind::Bool:
    return body(reinterpret_cast<bool *>(values));
  case ElementKind::Int32:
    return body(reinterpret_cast<int32_t *>(values));
  case ElementKind::Int64:
    return body(reinterpret_cast<int64_t *>(values));
  case ElementKind::UInt32:
    return body(reinterpret_cast<uint32_t *>(values));
  case ElementKind::UInt64:
    return body(reinterpret_cast<uint64_t *>(values));
  case ElementKind::Float:
    return body(reinterpret_cast<float *>(values));
  case ElementKind::Double:
    return body(reinterpret_cast<double *>(values));
  }
  throw Error("internal error: a fold of an unknown element type");
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
  withElements(values, kind, [&](auto *elements) {
    using T = std::remove_pointer_t<decltype(elements)>;
    foldMirrors(part, elements, how, reinterpret_cast<const T *>(f.snapshot.data()), f,
                communication, traversal);
  });
  f.snapshot.clear();
}

void detail::foldPartialBytes(EdgesPart &part, unsigned char *values, int64_t size,
                              ElementKind kind, Fold how, Freshness &f,
                              Communication communication, const char *traversal) {
  requireMpi();
  detail::requireVectorOfVertices(part, size, "foldPartials");
  if (how == Fold::Assign)
    throw Error("internal error: a partial fold that assigns");
  withElements(values, kind, [&](auto *elements) {
    foldTrackedPartials(part, elements, how, f, communication, traversal);
  });
}

} // namespace polyrt::dist
