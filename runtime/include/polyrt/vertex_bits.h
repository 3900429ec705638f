//===- vertex_bits.h - One bit per vertex: which word, which bit ----------===//
//
// Bitvector frontiers and sets keep vertex v at bit v % 64 of word v / 64.
// The index is taken from v as unsigned 32 bits: ids are never negative, and
// a signed v >> 6 costs a sign extension before every word's load, an
// instruction in a pull's innermost loop
// (docs/benchmark-log/2026-11-29-0620-cas-bit-indices-frontier-handover.md).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_BITS_H
#define POLYRT_VERTEX_BITS_H

#include "polyrt/types.h"

#include <cstdint>

namespace polyrt {

/// The word of a bitvector that holds v's bit.
inline uint32_t bitWordOf(VertexId v) { return static_cast<uint32_t>(v) >> 6; }

/// v's bit within its word.
inline uint64_t bitMaskOf(VertexId v) { return uint64_t{1} << (static_cast<uint32_t>(v) & 63); }

/// Whether v's bit is set in `words`.
inline bool bitIsSet(const uint64_t *words, VertexId v) {
  return (words[bitWordOf(v)] >> (static_cast<uint32_t>(v) & 63)) & 1;
}

} // namespace polyrt

#endif
