//===- list_encoding.h - Changed values over a list two ranks share -------===//
//
// Two ranks agree at load on the vertices one sends the other (ascending,
// the same on both: EdgesPart::sendTo_ and receiveFrom_), so a message need
// not name vertices: it names positions in that list, in the smallest of
// three forms (Gluon's memoized address translation and its data modes):
//   all        one byte 0, then every value of the list in order (also the
//              unchanged ones, when that is smaller than naming the changed);
//   bits       one byte 1, ceil(size / 8) bytes of a bitset over the
//              positions (bit i of byte i / 8, unused bits 0), then the
//              values of the positions set, in order;
//   positions  one byte 2, k uint32 positions (strictly ascending), then
//              their k values.
// Nothing changed: no message at all (0 bytes). Ties go to the earlier form.
// Used by refreshMirrors (Combining::Mirrors) and foldIntoOwners; the rank
// model counts the same bytes (docs/distributed.md).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_LIST_ENCODING_H
#define POLYRT_LIST_ENCODING_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace polyrt::dist {

enum class ListEncoding : uint8_t { All = 0, Bits = 1, Positions = 2 };

/// The form a message of `changed` of a list's `listSize` values takes
/// (changed in [1, listSize]).
ListEncoding chooseListEncoding(int64_t listSize, int64_t changed, int64_t valueBytes);

/// The bytes of that message (0 when changed is 0).
int64_t encodedListBytes(int64_t listSize, int64_t changed, int64_t valueBytes);

/// Appends to `out` the message for the values at `positions` (strictly
/// ascending, each below listSize) of a list of listSize, where `values`
/// holds the value of every position of the list (listSize values of
/// valueBytes, packed, in list order): the all form sends the unchanged ones
/// too, so they must be harmless to the receiver (what it already holds, or
/// a fold's identity), or unchangedHarmless false, when the all form goes
/// only if every value changed. Nothing when positions is empty. Returns the
/// number of values sent.
int64_t encodeList(std::vector<unsigned char> &out, int64_t listSize,
                   const std::vector<uint32_t> &positions, const unsigned char *values,
                   size_t valueBytes, bool unchangedHarmless = true);

/// Reads a message made by encodeList over a list of listSize: fills
/// `positions` (strictly ascending, each below listSize) and returns where
/// their values start in `data` (positions.size() values of valueBytes,
/// packed). An empty message has no positions. Throws Error ("internal
/// error: ... from rank <from>") for an unknown form, a size that does not
/// fit the form and the list, unordered or out-of-list positions, or a
/// bitset with bits past the list.
const unsigned char *decodeList(const unsigned char *data, size_t size, int64_t listSize,
                                size_t valueBytes, int from, std::vector<uint32_t> &positions);

} // namespace polyrt::dist

#endif
