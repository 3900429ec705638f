//===- list_encoding_test.cpp - Changed values over a shared list ---------===//
#include "polyrt/list_encoding.h"
#include "test_util.h"

#include <algorithm>
#include <cstring>
#include <random>

using namespace polyrt;
using namespace polyrt::dist;

namespace {

std::vector<uint32_t> range(uint32_t n) { return test::iota(n); }

/// Values of `valueBytes` bytes for the positions: byte j of position i's
/// value is i * 7 + j (mod 256), so a value names its position.
std::vector<unsigned char> valuesFor(const std::vector<uint32_t> &positions, size_t valueBytes) {
  std::vector<unsigned char> values;
  for (uint32_t i : positions)
    for (size_t j = 0; j < valueBytes; ++j)
      values.push_back(static_cast<unsigned char>(i * 7 + j));
  return values;
}

/// Encodes the list's values with `positions` changed, checks the form and
/// size, decodes, and checks that the positions sent (every one for the all
/// form) come back with their values.
std::vector<unsigned char> roundTrip(int64_t listSize, const std::vector<uint32_t> &positions,
                                     size_t valueBytes, ListEncoding form) {
  std::vector<unsigned char> list = valuesFor(range(uint32_t(listSize)), valueBytes);
  std::vector<unsigned char> message = {0xAB}; // encodeList appends
  int64_t sent = encodeList(message, listSize, positions, list.data(), valueBytes);
  message.erase(message.begin());
  EXPECT_EQ(int64_t(message.size()),
            encodedListBytes(listSize, int64_t(positions.size()), int64_t(valueBytes)));
  EXPECT_EQ(message[0], static_cast<unsigned char>(form));
  EXPECT_EQ(chooseListEncoding(listSize, int64_t(positions.size()), int64_t(valueBytes)), form);
  std::vector<uint32_t> expected = form == ListEncoding::All ? range(uint32_t(listSize)) : positions;
  EXPECT_EQ(sent, int64_t(expected.size()));
  std::vector<uint32_t> decoded = {99};
  const unsigned char *at = decodeList(message.data(), message.size(), listSize, valueBytes, 1, decoded);
  EXPECT_EQ(decoded, expected);
  std::vector<unsigned char> values = valuesFor(expected, valueBytes);
  EXPECT_EQ(std::vector<unsigned char>(at, at + values.size()), values);
  EXPECT_EQ(at + values.size(), message.data() + message.size());
  return message;
}

TEST(ListEncoding, EveryValueChangedSendsTheValuesInListOrder) {
  std::vector<unsigned char> m = roundTrip(10, range(10), 8, ListEncoding::All);
  EXPECT_EQ(m.size(), 1u + 10 * 8);
  roundTrip(1, {0}, 4, ListEncoding::All);
  // Even one-byte values, where a bitset would be small.
  roundTrip(1000, range(1000), 1, ListEncoding::All);
}

// All but a few changed: their values cost less than a bitset (Gluon's
// onlyData); the unchanged ones go too.
TEST(ListEncoding, MostChangedSendTheWholeList) {
  std::vector<uint32_t> most = range(1000);
  most.erase(most.begin() + 500, most.begin() + 510);
  std::vector<unsigned char> m = roundTrip(1000, most, 4, ListEncoding::All);
  EXPECT_EQ(m.size(), 1u + 1000 * 4);
}

// ... unless the unchanged ones would do harm (a fold setting a constant,
// which has no identity): then only the changed go, in the smaller other form.
TEST(ListEncoding, UnchangedValuesStayUnlessHarmless) {
  std::vector<uint32_t> most = range(1000);
  most.erase(most.begin() + 500, most.begin() + 510);
  std::vector<unsigned char> list = valuesFor(range(1000), 4);
  std::vector<unsigned char> m;
  EXPECT_EQ(encodeList(m, 1000, most, list.data(), 4, /*unchangedHarmless=*/false), 990);
  ASSERT_EQ(m.size(), 1u + 125 + 990 * 4);
  EXPECT_EQ(m[0], static_cast<unsigned char>(ListEncoding::Bits));
  std::vector<uint32_t> decoded;
  decodeList(m.data(), m.size(), 1000, 4, 1, decoded);
  EXPECT_EQ(decoded, most);
  // Every value changed: the all form still.
  m.clear();
  EXPECT_EQ(encodeList(m, 1000, range(1000), list.data(), 4, false), 1000);
  EXPECT_EQ(m[0], static_cast<unsigned char>(ListEncoding::All));
}

TEST(ListEncoding, FewChangedSendPositions) {
  std::vector<unsigned char> m = roundTrip(1000, {3, 500, 999}, 8, ListEncoding::Positions);
  EXPECT_EQ(m.size(), 1u + 3 * (4 + 8));
  uint32_t second;
  std::memcpy(&second, m.data() + 1 + 4, 4);
  EXPECT_EQ(second, 500u);
}

TEST(ListEncoding, SomeChangedSendABitset) {
  std::vector<uint32_t> even;
  for (uint32_t i = 0; i < 1000; i += 2)
    even.push_back(i);
  std::vector<unsigned char> m = roundTrip(1000, even, 8, ListEncoding::Bits);
  EXPECT_EQ(m.size(), 1u + 125 + 500 * 8);
  EXPECT_EQ(m[1], 0x55);
  // A list whose size is no multiple of 8: its last byte's high bits stay 0.
  m = roundTrip(13, {0, 5, 12}, 2, ListEncoding::Bits);
  EXPECT_EQ(m.size(), 1u + 2 + 3 * 2);
  EXPECT_EQ(m[2], 0x10);
}

// The bitset beats positions from ceil(size / 8) <= 4 * changed, the whole
// list beats the bitset from (size - changed) * B <= ceil(size / 8); ties go
// to the earlier form.
TEST(ListEncoding, TheSmallerFormWins) {
  EXPECT_EQ(chooseListEncoding(80, 2, 8), ListEncoding::Positions); // 10 > 8
  EXPECT_EQ(chooseListEncoding(80, 3, 8), ListEncoding::Bits);      // 10 <= 12
  EXPECT_EQ(chooseListEncoding(96, 3, 8), ListEncoding::Bits);      // 12 == 12
  EXPECT_EQ(chooseListEncoding(97, 3, 8), ListEncoding::Positions); // 13 > 12
  EXPECT_EQ(chooseListEncoding(80, 78, 8), ListEncoding::Bits);     // 16 > 10
  EXPECT_EQ(chooseListEncoding(80, 79, 8), ListEncoding::All);      // 8 <= 10
  EXPECT_EQ(chooseListEncoding(64, 63, 8), ListEncoding::All);      // 8 == 8
  EXPECT_EQ(chooseListEncoding(64, 64, 1), ListEncoding::All);
  EXPECT_EQ(encodedListBytes(80, 0, 8), 0);
  EXPECT_EQ(encodedListBytes(80, 80, 8), 1 + 80 * 8);
  EXPECT_EQ(encodedListBytes(80, 2, 8), 1 + 2 * 12);
  EXPECT_EQ(encodedListBytes(80, 3, 8), 1 + 10 + 3 * 8);
  std::vector<unsigned char> none, list(80 * 8, 1);
  EXPECT_EQ(encodeList(none, 80, {}, list.data(), 8), 0);
  EXPECT_TRUE(none.empty());
  std::vector<uint32_t> decoded = {1};
  decodeList(none.data(), 0, 80, 8, 1, decoded);
  EXPECT_TRUE(decoded.empty());
}

TEST(ListEncoding, RandomSubsetsRoundTrip) {
  std::mt19937 rng(5);
  for (int64_t listSize : {1, 7, 8, 9, 64, 100, 1001})
    for (size_t valueBytes : {1, 4, 8})
      for (double share : {0.01, 0.1, 0.3, 0.9, 1.0}) {
        std::vector<uint32_t> positions;
        std::bernoulli_distribution pick(share);
        for (uint32_t i = 0; i < listSize; ++i)
          if (pick(rng))
            positions.push_back(i);
        if (positions.empty())
          continue;
        int64_t k = int64_t(positions.size()), vb = int64_t(valueBytes);
        int64_t all = 1 + listSize * vb, bits = 1 + (listSize + 7) / 8 + k * vb,
                ids = 1 + k * (4 + vb);
        ListEncoding form = all <= bits && all <= ids ? ListEncoding::All
                            : bits <= ids             ? ListEncoding::Bits
                                                      : ListEncoding::Positions;
        SCOPED_TRACE(testing::Message() << listSize << " " << valueBytes << " " << k);
        roundTrip(listSize, positions, valueBytes, form);
      }
}

/// decodeList of `message` over a list of listSize with 8-byte values fails
/// with `pattern`.
void expectMalformed(std::vector<unsigned char> message, int64_t listSize, const char *pattern) {
  std::vector<uint32_t> positions;
  EXPECT_RUNTIME_ERROR(decodeList(message.data(), message.size(), listSize, 8, 3, positions),
                       pattern);
}

std::vector<unsigned char> bytes(std::initializer_list<int> list) {
  std::vector<unsigned char> out;
  for (int b : list)
    out.push_back(static_cast<unsigned char>(b));
  return out;
}

std::vector<unsigned char> positionsMessage(std::initializer_list<uint32_t> positions) {
  std::vector<unsigned char> m = {2};
  for (uint32_t i : positions) {
    m.resize(m.size() + 4);
    std::memcpy(m.data() + m.size() - 4, &i, 4);
  }
  m.resize(m.size() + positions.size() * 8, 0);
  return m;
}

TEST(ListEncoding, MalformedMessagesAreRejected) {
  const char *from = "internal error: a malformed message of changed values from rank 3";
  expectMalformed(bytes({7, 0, 0}), 4, from);
  expectMalformed(bytes({7, 0, 0}), 4, "unknown form 7");
  // All: one value short, one too many, over an empty list.
  std::vector<unsigned char> all(1 + 4 * 8, 0);
  all.pop_back();
  expectMalformed(all, 4, "32 bytes for all 4 values of 8 bytes");
  all.resize(1 + 5 * 8);
  expectMalformed(all, 4, "41 bytes for all 4 values");
  expectMalformed(bytes({0}), 0, "1 bytes for all 0 values");
  // Bits: the header alone, a bit past the list, no bit, values missing.
  expectMalformed(bytes({1}), 12, "too few for a bitset over 12 positions");
  std::vector<unsigned char> set = bytes({1, 0x01, 0x10});
  set.resize(set.size() + 2 * 8);
  expectMalformed(set, 12, "positions past the list's 12");
  std::vector<unsigned char> empty = bytes({1, 0, 0});
  expectMalformed(empty, 12, "a bitset of 0 positions");
  std::vector<unsigned char> short_ = bytes({1, 0x03, 0x00});
  short_.resize(short_.size() + 8);
  expectMalformed(short_, 12, "11 bytes for a bitset of 2 positions over 12");
  // Positions: a broken record, repeated, unordered or past the list.
  std::vector<unsigned char> broken = positionsMessage({1, 2});
  broken.pop_back();
  expectMalformed(broken, 4, "no whole number of positions and values");
  expectMalformed(bytes({2}), 4, "no whole number");
  expectMalformed(positionsMessage({1, 1}), 4, "position 1 out of order");
  expectMalformed(positionsMessage({2, 1}), 4, "position 1 out of order");
  expectMalformed(positionsMessage({0, 4}), 4, "position 4 out of order or past the list's 4");
  expectMalformed(positionsMessage({0xFFFFFFFFu}), 4, "position 4294967295");
  // The good ones pass.
  std::vector<uint32_t> positions;
  std::vector<unsigned char> good = positionsMessage({0, 3});
  decodeList(good.data(), good.size(), 4, 8, 3, positions);
  EXPECT_ELEMENTS(positions, 0u, 3u);
}

} // namespace
