//===- distributed_exchange.cpp - Mirrors, gathers and reductions ----------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"
#include "polyrt/list_encoding.h"

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <cstring>

namespace polyrt::dist {
namespace {

int64_t sentElements(const EdgesPart &part) { return detail::totalSize(part.sendTo_); }

/// Records what every rank now holds for the vertices this rank sends, after
/// a gather made each copy the owner's.
void markAllSent(const EdgesPart &part, const unsigned char *values, size_t elementSize,
                 Freshness &f) {
  if (f.sentFor != &part) {
    f.lastSent.clear();
    return;
  }
  f.lastSent.resize(sentElements(part) * elementSize);
  int64_t at = 0;
  for (const auto &list : part.sendTo_)
    for (VertexId v : list)
      std::memcpy(&f.lastSent[at++ * elementSize], values + int64_t{v} * elementSize, elementSize);
}

/// The same after a gather to rank 0 alone: what this rank last sent rank 0
/// is its current values (the first list of lastSent). Without a record
/// yet, the next refresh sends everything anyway.
void markSentToRoot(const EdgesPart &part, const unsigned char *values, size_t elementSize,
                    Freshness &f) {
  if (f.sentFor != &part ||
      f.lastSent.size() != static_cast<size_t>(sentElements(part)) * elementSize)
    return;
  int64_t at = 0;
  for (VertexId v : part.sendTo_[0])
    std::memcpy(&f.lastSent[at++ * elementSize], values + int64_t{v} * elementSize, elementSize);
}

/// Under a listed strategy a rank's elements are not one slice: each rank packs its own
/// (elementSize bytes each) into its slice of one buffer, which is gathered
/// and unpacked.
void gatherListed(const RankPartition &split, unsigned char *values, size_t elementSize,
                   bool toRoot) {
  const int p = split.ranks, r = rank();
  const int64_t size = static_cast<int64_t>(elementSize);
  std::vector<int64_t> offsets(p + 1, 0);
  for (int q = 0; q < p; ++q)
    offsets[q + 1] = offsets[q] + split.ownedCount(q) * size;
  std::vector<unsigned char> packed(offsets[p]);
  auto move = [&](int q, bool pack) {
    unsigned char *slice = packed.data() + offsets[q];
    for (int64_t i = 0; i < split.ownedCount(q); ++i) {
      unsigned char *element = values + int64_t{split.ownedVertex(q, i)} * size;
      if (pack)
        std::memcpy(slice + i * size, element, elementSize);
      else
        std::memcpy(element, slice + i * size, elementSize);
    }
  };
  move(r, true);
  if (toRoot)
    detail::gatherBytesToRoot(packed.data(), offsets);
  else
    detail::allgatherBytes(packed.data(), offsets);
  for (int q = 0; q < p; ++q)
    if (q != r && (!toRoot || r == 0))
      move(q, false);
}

/// gatherAll's transfer: every owner's elements to every rank, or to rank 0.
void gatherOwned(const RankPartition &split, unsigned char *values, size_t elementSize,
                 bool toRoot) {
  if (split.listed()) {
    gatherListed(split, values, elementSize, toRoot);
    return;
  }
  std::vector<int64_t> offsets(split.bounds.size());
  for (size_t i = 0; i < split.bounds.size(); ++i)
    offsets[i] = int64_t{split.bounds[i]} * static_cast<int64_t>(elementSize);
  if (toRoot)
    detail::gatherBytesToRoot(values, offsets);
  else
    detail::allgatherBytes(values, offsets);
}

} // namespace

void detail::requireVectorOfVertices(const EdgesPart &part, int64_t size, const char *what) {
  if (size != part.partition().numVertices())
    throw Error(std::string(what) + ": the vector has " + std::to_string(size) +
                " elements, the graph " + std::to_string(part.partition().numVertices()) +
                " vertices");
}

namespace {

/// The messages of a refresh: for each peer the changes of the values it
/// lists since this rank last sent them, combined as asked; f.lastSent
/// records them as sent.
void encodeForPeers(const EdgesPart &part, const unsigned char *values, size_t elementSize,
                    Freshness &f, Combining combining, detail::PeerBuffers &send,
                    detail::RoundCounts &counts) {
  int p = ranks();
  int64_t total = sentElements(part);
  bool first = f.sentFor != &part || static_cast<int64_t>(f.lastSent.size()) != total * int64_t(elementSize);
  if (first) {
    f.lastSent.assign(total * elementSize, 0);
    f.sentFor = &part;
  }
  const int64_t recordBytes = 4 + static_cast<int64_t>(elementSize);
  send.assign(p, {});
  int64_t at = 0;
  std::vector<uint32_t> positions;        // Mirrors: the changed values' places in the list
  std::vector<unsigned char> listValues; // and every value of the list
  for (int q = 0; q < p; ++q) {
    const std::vector<VertexId> &list = part.sendTo_[q];
    std::vector<unsigned char> &out = send[q];
    positions.clear();
    if (combining == Combining::Mirrors) {
      positions.reserve(list.size());
      listValues.resize(list.size() * elementSize);
    } else {
      int64_t most = 0; // records if every value changed
      for (size_t i = 0; i < list.size(); ++i)
        most += part.sendEdges_[q][i];
      out.reserve(most * recordBytes);
    }
    for (size_t i = 0; i < list.size(); ++i, ++at) {
      const unsigned char *value = values + int64_t{list[i]} * elementSize;
      unsigned char *last = f.lastSent.data() + at * elementSize;
      // An unchanged value is what the mirror holds: harmless to send.
      if (combining == Combining::Mirrors)
        std::memcpy(listValues.data() + i * elementSize, value, elementSize);
      if (!first && std::memcmp(value, last, elementSize) == 0)
        continue;
      std::memcpy(last, value, elementSize);
      if (combining == Combining::Mirrors) {
        positions.push_back(static_cast<uint32_t>(i));
        continue;
      }
      int64_t copies = part.sendEdges_[q][i];
      uint32_t vertex = static_cast<uint32_t>(list[i]);
      for (int64_t c = 0; c < copies; ++c) {
        size_t end = out.size();
        out.resize(end + recordBytes);
        std::memcpy(out.data() + end, &vertex, 4);
        std::memcpy(out.data() + end + 4, value, elementSize);
      }
      counts.records += copies;
    }
    if (combining == Combining::Mirrors)
      counts.records += encodeList(out, static_cast<int64_t>(list.size()), positions,
                                   listValues.data(), elementSize);
    counts.addMessage(out);
  }
}

/// Puts the values rank q sent (`size` bytes at `data`) into this rank's mirrors.
void decodeFromPeer(const EdgesPart &part, unsigned char *values, size_t elementSize,
                    Combining combining, int q, const unsigned char *data, size_t size) {
  if (combining == Combining::Mirrors) {
    // Positions in the list both ranks agreed on at load.
    const std::vector<VertexId> &list = part.receiveFrom_[q];
    std::vector<uint32_t> positions;
    const unsigned char *from = decodeList(data, size, static_cast<int64_t>(list.size()),
                                           elementSize, q, positions);
    for (size_t k = 0; k < positions.size(); ++k)
      std::memcpy(values + int64_t{list[positions[k]]} * elementSize, from + k * elementSize,
                  elementSize);
    return;
  }
  const size_t recordBytes = 4 + elementSize;
  const RankPartition &split = part.partition();
  for (size_t off = 0; off + recordBytes <= size; off += recordBytes) {
    uint32_t vertex;
    std::memcpy(&vertex, data + off, 4);
    if (vertex > static_cast<uint32_t>(INT32_MAX) || !split.owns(q, static_cast<VertexId>(vertex)))
      throw Error("internal error: rank " + std::to_string(q) + " sent vertex " +
                  std::to_string(vertex) + ", which it does not own");
    // A repeated record (per-edge combining) carries the same value.
    std::memcpy(values + int64_t{vertex} * elementSize, data + off + 4, elementSize);
  }
}

/// The start of a refresh: with the mirrors current, a round without
/// traffic is counted and there is nothing to send (false); otherwise the
/// messages for every peer, in `send`.
bool encodeIfStale(EdgesPart &part, const unsigned char *values, int64_t size,
                   size_t elementSize, Freshness &f, Combining combining, const char *what,
                   const char *traversal, detail::PeerBuffers &send, detail::RoundCounts &counts) {
  // One rank has no mirrors: they are always current (no per-round work, which
  // a grid's thousands of short rounds would feel).
  if (f.mirrors || part.partition().ranks == 1) {
    f.mirrors = true;
    detail::recordRound(traversal, counts, part.numEdges());
    return false;
  }
  detail::requireMpi();
  detail::requireVectorOfVertices(part, size, what);
  encodeForPeers(part, values, elementSize, f, combining, send, counts);
  return true;
}

} // namespace

void detail::refreshMirrorBytes(EdgesPart &part, unsigned char *values, int64_t size,
                                size_t elementSize, Freshness &f, Combining combining,
                                Communication communication, const char *traversal) {
  RoundCounts counts;
  PeerBuffers send, recv;
  if (!encodeIfStale(part, values, size, elementSize, f, combining, "refreshMirrors", traversal,
                     send, counts))
    return;
  const int64_t recordBytes = 4 + static_cast<int64_t>(elementSize);
  counts.messages = exchangeBytes(send, recv, communication,
                                  combining == Combining::PerUpdate ? recordBytes : 0);
  for (int q = 0; q < ranks(); ++q)
    decodeFromPeer(part, values, elementSize, combining, q, recv[q].data(), recv[q].size());
  f.mirrors = true;
  recordRound(traversal, counts, part.numEdges());
}

void detail::beginRefreshMirrorBytes(EdgesPart &part, unsigned char *values, int64_t size,
                                     size_t elementSize, Freshness &f, const char *traversal) {
  if (f.inFlight)
    throw Error("internal error: a refresh of mirrors begun twice before '" +
                std::string(traversal) + "'");
  RoundCounts counts;
  PeerBuffers send;
  if (!encodeIfStale(part, values, size, elementSize, f, Combining::Mirrors,
                     "beginRefreshMirrors", traversal, send, counts))
    return;
  // A message never exceeds the all form over the list both ranks hold, so
  // each receive can be posted before its size is known.
  std::vector<int64_t> sendCapacity(ranks()), receiveCapacity(ranks());
  for (int q = 0; q < ranks(); ++q) {
    sendCapacity[q] = encodedListBytes(static_cast<int64_t>(part.sendTo_[q].size()),
                                       static_cast<int64_t>(part.sendTo_[q].size()), elementSize);
    receiveCapacity[q] = encodedListBytes(static_cast<int64_t>(part.receiveFrom_[q].size()),
                                          static_cast<int64_t>(part.receiveFrom_[q].size()),
                                          elementSize);
  }
  const EdgesPart *from = &part;
  f.inFlight = std::make_shared<RingInFlight>(
      std::move(send), std::move(sendCapacity), std::move(receiveCapacity),
      [from, values, elementSize](int q, const unsigned char *data, size_t bytes) {
        decodeFromPeer(*from, values, elementSize, Combining::Mirrors, q, data, bytes);
      });
  counts.messages = f.inFlight->messages();
  recordRound(traversal, counts, part.numEdges());
}

void detail::finishRefreshMirrorBytes(Freshness &f) {
  if (!f.inFlight)
    return;
  std::shared_ptr<RingInFlight> inFlight = std::move(f.inFlight);
  f.inFlight.reset();
  inFlight->finish();
  f.mirrors = true;
}

void detail::gatherAllBytes(EdgesPart &part, unsigned char *values, int64_t size,
                            size_t elementSize, Freshness &f) {
  if (f.all)
    return;
  requireMpi();
  requireVectorOfVertices(part, size, "gatherAll");
  gatherOwned(part.partition(), values, elementSize, false);
  markAllSent(part, values, elementSize, f);
  f.all = f.mirrors = true;
}

void detail::gatherForPrintBytes(EdgesPart &part, unsigned char *values, int64_t size,
                                 size_t elementSize, Freshness &f) {
  if (f.all)
    return;
  requireMpi();
  requireVectorOfVertices(part, size, "gatherForPrint");
  if (ranks() == 1)
    return;
  gatherOwned(part.partition(), values, elementSize, true);
  markSentToRoot(part, values, elementSize, f);
}

void gatherSet(const EdgesPart &part, VertexSubset &set) {
  detail::requireMpi();
  VertexId n = part.partition().numVertices();
  if (set.universe() != n)
    throw Error("gatherSet: the vertexset has " + std::to_string(set.universe()) +
                " vertices, the graph " + std::to_string(n));
  if (ranks() == 1)
    return; // the one rank owns every member: no copy per round (a grid's BFS has thousands)
  // The form every rank holds: sparse before dense before bits.
  int forms = (set.hasSparse() ? 1 : 0) | (set.hasDense() ? 2 : 0) | (set.hasBits() ? 4 : 0);
  MPI_Allreduce(MPI_IN_PLACE, &forms, 1, MPI_INT, MPI_BAND, MPI_COMM_WORLD);
  int p = ranks();
  const RankPartition &split = part.partition();
  const std::vector<VertexId> &bounds = split.bounds;
  if (forms & 1) {
    std::vector<VertexId> mine;
    for (VertexId v : set.sparse())
      if (part.owns(v))
        mine.push_back(v);
    int64_t count = static_cast<int64_t>(mine.size());
    std::vector<int64_t> counts(p);
    MPI_Allgather(&count, 1, MPI_INT64_T, counts.data(), 1, MPI_INT64_T, MPI_COMM_WORLD);
    std::vector<int64_t> offsets(p + 1, 0);
    for (int q = 0; q < p; ++q)
      offsets[q + 1] = offsets[q] + counts[q] * 4;
    IdList all(offsets[p] / 4);
    if (!mine.empty()) // (memcpy of nothing from no array is undefined all the same)
      std::memcpy(reinterpret_cast<unsigned char *>(all.data()) + offsets[rank()], mine.data(),
                  mine.size() * 4);
    detail::allgatherBytes(reinterpret_cast<unsigned char *>(all.data()), offsets);
    if (split.listed()) // (ranges in rank order give ascending lists)
      std::sort(all.begin(), all.end());
    set = VertexSubset::fromSparse(n, std::move(all));
    return;
  }
  if (split.listed()) {
    // One flag per owned vertex, packed and put in place like gatherAll's elements.
    std::vector<uint8_t> flags(n, 0);
    const uint8_t *dense = set.dense();
    for (int64_t i = 0; i < part.ownedCount(); ++i)
      flags[part.ownedVertex(i)] = dense[part.ownedVertex(i)] ? 1 : 0;
    gatherListed(split, flags.data(), 1, false);
    set = VertexSubset::fromDense(n, std::move(flags));
    return;
  }
  VertexId begin = part.firstOwned(), end = part.ownedLimit();
  // Bits need every rank's range on whole 64-vertex words; bounds off them
  // (POLYRT_RANK_GRANULE below 64, for tests) go by bytes.
  const bool wordBounds = std::all_of(bounds.begin(), bounds.end() - 1,
                                      [](VertexId b) { return b % 64 == 0; });
  if (forms & 2 || !(forms & 4) || !wordBounds) {
    std::vector<uint8_t> flags(n, 0);
    const uint8_t *dense = set.dense();
    std::copy(dense + begin, dense + end, flags.begin() + begin);
    std::vector<int64_t> offsets(bounds.begin(), bounds.end());
    detail::allgatherBytes(flags.data(), offsets);
    set = VertexSubset::fromDense(n, std::move(flags));
    return;
  }
  // Bits: every bound but n is a multiple of 64, so each rank's words are its own.
  int64_t words = (int64_t{n} + 63) / 64;
  std::vector<uint64_t> bits(words, 0);
  const uint64_t *held = set.bits();
  std::copy(held + begin / 64, held + (int64_t{end} + 63) / 64, bits.begin() + begin / 64);
  if (n % 64 && end == n)
    bits[words - 1] &= (uint64_t{1} << (n % 64)) - 1;
  std::vector<int64_t> offsets(p + 1);
  for (int q = 0; q <= p; ++q)
    offsets[q] = (int64_t{bounds[q]} + 63) / 64 * 8;
  detail::allgatherBytes(reinterpret_cast<unsigned char *>(bits.data()), offsets);
  int64_t count = 0;
  for (uint64_t word : bits)
    count += std::popcount(word);
  set = VertexSubset::fromBits(n, std::move(bits), count);
}

namespace {
template <typename T> T reduce(T value, MPI_Datatype type, MPI_Op op) {
  detail::requireMpi();
  T result{};
  MPI_Allreduce(&value, &result, 1, type, op, MPI_COMM_WORLD);
  return result;
}
} // namespace

int64_t sumOverRanks(int64_t value) { return reduce(value, MPI_INT64_T, MPI_SUM); }
double sumOverRanks(double value) {
  detail::requireMpi();
  std::vector<double> all(ranks());
  MPI_Allgather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD);
  double total = 0;
  for (double v : all) // in rank order
    total += v;
  return total;
}
int64_t minOverRanks(int64_t value) { return reduce(value, MPI_INT64_T, MPI_MIN); }
int64_t maxOverRanks(int64_t value) { return reduce(value, MPI_INT64_T, MPI_MAX); }
double minOverRanks(double value) { return reduce(value, MPI_DOUBLE, MPI_MIN); }
double maxOverRanks(double value) { return reduce(value, MPI_DOUBLE, MPI_MAX); }

} // namespace polyrt::dist
