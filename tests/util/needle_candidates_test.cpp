// util/needle_candidates.h: the candidates are exactly the positions where a
// pair matches, at every width and unroll (16 lanes, 2 × 16, byte by byte),
// wherever the needle falls: at the buffer's ends, across 16- and 32-byte
// block edges, in the tail after the last whole block; none in a text
// without one, none in an empty one. (The AVX2 width is the anchor search's:
// tests/kernel_log/anchor_search_test.cpp compares it with these.)
#include "util/needle_candidates.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace oomlens {
namespace {

using needles::At;
using needles::Starting;
// `ab…d` (offset 3) and `x…y` (offset 1) or `x…z` (offset 9): two first bytes, one with two later bytes.
using Pairs = needles::Set<Starting<'a', At<3, 'd'>>, Starting<'x', At<1, 'y'>, At<9, 'z'>>>;
static_assert(Pairs::kMaxOffset == 9);
static_assert(Pairs::has('x', 9, 'z') && Pairs::has('a', 3, 'd') && !Pairs::has('a', 1, 'y'));

std::vector<size_t> brute_force(std::string_view t, size_t from = 0) {
  std::vector<size_t> at;
  for (size_t i = from; i < t.size(); ++i) {
    const bool a = t[i] == 'a' && i + 3 < t.size() && t[i + 3] == 'd';
    const bool x = t[i] == 'x' && ((i + 1 < t.size() && t[i + 1] == 'y') || (i + 9 < t.size() && t[i + 9] == 'z'));
    if (a || x) at.push_back(i);
  }
  return at;
}

// Every candidate find_first_with passes to verify (which refuses all), in order.
template <class S, size_t Unroll>
std::vector<size_t> candidates_with(std::string_view t, size_t from = 0) {
  std::vector<size_t> at;
  const size_t r = needles::find_first_with<S, Unroll, Pairs>(t.data(), from, t.size(), [&](size_t i) {
    at.push_back(i);
    return false;
  });
  EXPECT_EQ(r, t.size());
  return at;
}

#if defined(__SSE2__)
std::vector<size_t> candidate_with_widths(std::string_view t, size_t from) {
  const std::vector<size_t> one = candidates_with<needles::Sse2, 1>(t, from);
  EXPECT_EQ((candidates_with<needles::Sse2, 2>(t, from)), one) << t;
  return one;
}
#endif

std::vector<size_t> candidates(std::string_view t, size_t from = 0) {
  std::vector<size_t> at;
  needles::find_first<Pairs>(t.data(), from, t.size(), [&](size_t i) {
    at.push_back(i);
    return false;
  });
#if defined(__SSE2__)
  EXPECT_EQ(candidate_with_widths(t, from), at);
#endif
  return at;
}

TEST(NeedleCandidates, EmptyInputAndNoMatch) {
  EXPECT_TRUE(candidates("").empty());
  EXPECT_EQ(needles::find_first<Pairs>("", 0, 0, [](size_t) { return true; }), 0u);
  const std::string plain(200, 'q');
  EXPECT_TRUE(candidates(plain).empty());
  // First bytes without their later bytes, and later bytes alone: no candidate.
  std::string near(200, 'a');
  EXPECT_TRUE(candidates(near).empty());
  near.assign(200, 'x');
  EXPECT_TRUE(candidates(near).empty());
  near.assign(200, 'd');
  EXPECT_TRUE(candidates(near).empty());
}

TEST(NeedleCandidates, EveryPositionOfEveryLength) {
  // Each needle at each offset of buffers from 1 to 100 bytes: the first and last positions, every lane of a
  // 16- and a 32-byte block, a pair split across a block edge (the first byte in one block, the later byte in
  // the next), and the tail after the whole blocks.
  for (std::string_view needle : {"abcd", "xy", "x........z"}) {
    for (size_t n = needle.size(); n <= 100; ++n) {
      for (size_t at = 0; at + needle.size() <= n; ++at) {
        std::string t(n, '.');
        t.replace(at, needle.size(), needle);
        const std::vector<size_t> want = brute_force(t);
        ASSERT_EQ(want, std::vector<size_t>{at}) << t;
        EXPECT_EQ(candidates(t), want) << "n=" << n << " at=" << at << " " << t;
      }
    }
  }
}

TEST(NeedleCandidates, AtTheBufferEnds) {
  // A needle whose later byte is the buffer's last byte; one cut by the end is no candidate.
  for (size_t n : {4u, 15u, 16u, 17u, 31u, 32u, 33u, 35u, 36u, 63u, 64u, 65u}) {
    std::string t(n, '.');
    t.replace(n - 4, 4, "abcd");
    EXPECT_EQ(candidates(t), std::vector<size_t>{n - 4}) << n;
    t.back() = '.';
    t.replace(n - 3, 3, "abc");
    EXPECT_TRUE(candidates(t).empty()) << n;
    t.replace(0, 2, "xy");  // and one at the start
    EXPECT_EQ(candidates(t), std::vector<size_t>{0}) << n;
  }
}

TEST(NeedleCandidates, ManyInOneBlockAndFrom) {
  // Candidates in one block are all seen, in order; `from` skips those before it; verify picks the one returned.
  std::string t;
  for (int i = 0; i < 20; ++i) t += i % 3 == 0 ? "abcd" : i % 3 == 1 ? "xy.." : "x........z";
  const std::vector<size_t> all = brute_force(t);
  ASSERT_EQ(all.size(), 20u);
  EXPECT_EQ(candidates(t), all);
  for (size_t from : {1u, 16u, 31u, 32u, 33u, 50u}) EXPECT_EQ(candidates(t, from), brute_force(t, from)) << from;
  const size_t third = all[2];
  EXPECT_EQ(needles::find_first<Pairs>(t.data(), 0, t.size(), [&](size_t i) { return i >= third; }), third);
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

// StartingEitherCase<'k', At<3, 'l'>>: `kill` and `Kill`, never another byte that or-ed with 0x20 is not `k`
// (`K` is 0x4b, `k` 0x6b: only these two fold to it), at every width.
using Folded = needles::Set<needles::StartingEitherCase<'k', needles::At<3, 'l'>>>;
static_assert(Folded::has('K', 3, 'l') && Folded::has('k', 3, 'l') && !Folded::has('+', 3, 'l'));

std::vector<size_t> folded_candidates(std::string_view t) {
  std::vector<size_t> at;
  needles::find_first<Folded>(t.data(), 0, t.size(), [&](size_t i) {
    at.push_back(i);
    return false;
  });
#if defined(__SSE2__)
  std::vector<size_t> one;
  needles::find_first_with<needles::Sse2, 1, Folded>(t.data(), 0, t.size(), [&](size_t i) {
    one.push_back(i);
    return false;
  });
  EXPECT_EQ(one, at) << t;
#endif
  return at;
}

TEST(NeedleCandidates, EitherCaseOfTheFirstLetterAndNoOtherByte) {
  for (size_t n = 4; n <= 70; ++n) {
    for (size_t at = 0; at + 4 <= n; ++at) {
      for (std::string_view needle : {"kill", "Kill"}) {
        std::string t(n, '.');
        t.replace(at, 4, needle);
        EXPECT_EQ(folded_candidates(t), std::vector<size_t>{at}) << t;
      }
      // `+` (0x2b) | 0x20 is 0x2b, `K` - 0x20 (`+`) is no letter: no candidate; nor `kil.` or `K.l.` (its `l` not at offset 3).
      for (std::string_view none : {"+ill", "kil.", "K.l."}) {
        std::string t(n, '.');
        t.replace(at, 4, none);
        EXPECT_TRUE(folded_candidates(t).empty()) << t;
      }
    }
  }
}

}  // namespace
}  // namespace oomlens
