//===- list_encoding.cpp - Changed values over a list two ranks share ------===//
#include "polyrt/list_encoding.h"

#include "polyrt/types.h"

#include <bit>
#include <cstring>
#include <string>

namespace polyrt::dist {
namespace {

int64_t bitsetBytes(int64_t listSize) { return (listSize + 7) / 8; }

int64_t formBytes(ListEncoding form, int64_t listSize, int64_t changed, int64_t valueBytes) {
  switch (form) {
  case ListEncoding::All:
    return 1 + listSize * valueBytes;
  case ListEncoding::Bits:
    return 1 + bitsetBytes(listSize) + changed * valueBytes;
  case ListEncoding::Positions:
    break;
  }
  return 1 + changed * (4 + valueBytes);
}

[[noreturn]] void malformed(int from, const std::string &what) {
  throw Error("internal error: a malformed message of changed values from rank " +
              std::to_string(from) + ": " + what);
}

} // namespace

ListEncoding chooseListEncoding(int64_t listSize, int64_t changed, int64_t valueBytes) {
  ListEncoding best = ListEncoding::All;
  for (ListEncoding form : {ListEncoding::Bits, ListEncoding::Positions})
    if (formBytes(form, listSize, changed, valueBytes) < formBytes(best, listSize, changed, valueBytes))
      best = form;
  return best;
}

int64_t encodedListBytes(int64_t listSize, int64_t changed, int64_t valueBytes) {
  if (changed == 0)
    return 0;
  return formBytes(chooseListEncoding(listSize, changed, valueBytes), listSize, changed,
                   valueBytes);
}

int64_t encodeList(std::vector<unsigned char> &out, int64_t listSize,
                   const std::vector<uint32_t> &positions, const unsigned char *values,
                   size_t valueBytes, bool unchangedHarmless) {
  const int64_t changed = static_cast<int64_t>(positions.size());
  if (changed == 0)
    return 0;
  const int64_t vb = static_cast<int64_t>(valueBytes);
  ListEncoding form = chooseListEncoding(listSize, changed, vb);
  if (form == ListEncoding::All && changed < listSize && !unchangedHarmless)
    form = formBytes(ListEncoding::Bits, listSize, changed, vb) <=
                   formBytes(ListEncoding::Positions, listSize, changed, vb)
               ? ListEncoding::Bits
               : ListEncoding::Positions;
  size_t at = out.size();
  out.resize(at + formBytes(form, listSize, changed, vb));
  unsigned char *p = out.data() + at;
  *p++ = static_cast<unsigned char>(form);
  if (form == ListEncoding::All) {
    std::memcpy(p, values, listSize * valueBytes);
    return listSize;
  }
  if (form == ListEncoding::Bits) {
    std::memset(p, 0, bitsetBytes(listSize));
    for (uint32_t i : positions)
      p[i / 8] |= static_cast<unsigned char>(1u << (i % 8));
    p += bitsetBytes(listSize);
  } else {
    std::memcpy(p, positions.data(), positions.size() * 4);
    p += positions.size() * 4;
  }
  for (uint32_t i : positions) {
    std::memcpy(p, values + int64_t{i} * vb, valueBytes);
    p += valueBytes;
  }
  return changed;
}

const unsigned char *decodeList(const unsigned char *data, size_t size, int64_t listSize,
                                size_t valueBytes, int from, std::vector<uint32_t> &positions) {
  positions.clear();
  if (size == 0)
    return data;
  const int64_t bytes = static_cast<int64_t>(size), vb = static_cast<int64_t>(valueBytes);
  const unsigned char *p = data + 1;
  switch (data[0]) {
  case static_cast<unsigned char>(ListEncoding::All): {
    if (listSize == 0 || bytes != formBytes(ListEncoding::All, listSize, listSize, vb))
      malformed(from, std::to_string(size) + " bytes for all " + std::to_string(listSize) +
                          " values of " + std::to_string(valueBytes) + " bytes");
    positions.resize(listSize);
    for (int64_t i = 0; i < listSize; ++i)
      positions[i] = static_cast<uint32_t>(i);
    return p;
  }
  case static_cast<unsigned char>(ListEncoding::Bits): {
    const int64_t setBytes = bitsetBytes(listSize);
    if (bytes < 1 + setBytes)
      malformed(from, std::to_string(size) + " bytes, too few for a bitset over " +
                          std::to_string(listSize) + " positions");
    if (listSize % 8 && p[setBytes - 1] >> (listSize % 8))
      malformed(from, "a bitset with positions past the list's " + std::to_string(listSize));
    int64_t changed = 0;
    for (int64_t b = 0; b < setBytes; ++b)
      changed += std::popcount(static_cast<unsigned>(p[b]));
    if (changed == 0 || bytes != formBytes(ListEncoding::Bits, listSize, changed, vb))
      malformed(from, std::to_string(size) + " bytes for a bitset of " + std::to_string(changed) +
                          " positions over " + std::to_string(listSize) + " with values of " +
                          std::to_string(valueBytes) + " bytes");
    positions.reserve(changed);
    for (int64_t b = 0; b < setBytes; ++b)
      for (unsigned bits = p[b]; bits; bits &= bits - 1)
        positions.push_back(static_cast<uint32_t>(b * 8 + std::countr_zero(bits)));
    return p + setBytes;
  }
  case static_cast<unsigned char>(ListEncoding::Positions): {
    const int64_t record = 4 + vb;
    if (bytes < 1 + record || (bytes - 1) % record)
      malformed(from, std::to_string(size) + " bytes are no whole number of positions and values of " +
                          std::to_string(valueBytes) + " bytes");
    const int64_t changed = (bytes - 1) / record;
    positions.resize(changed);
    std::memcpy(positions.data(), p, changed * 4);
    for (int64_t i = 0; i < changed; ++i)
      if (int64_t{positions[i]} >= listSize || (i > 0 && positions[i] <= positions[i - 1]))
        malformed(from, "position " + std::to_string(positions[i]) + " out of order or past the list's " +
                            std::to_string(listSize));
    return p + changed * 4;
  }
  default:
    malformed(from, "unknown form " + std::to_string(data[0]));
  }
}

} // namespace polyrt::dist
