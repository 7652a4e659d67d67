#include "util/text.h"

#include <gtest/gtest.h>

namespace oomlens::text {
namespace {

TEST(AsciiCase, LowersOnlyAsciiCapitals) {
  EXPECT_EQ(ascii_lower('A'), 'a');
  EXPECT_EQ(ascii_lower('Z'), 'z');
  EXPECT_EQ(ascii_lower('@'), '@');  // 'A' - 1
  EXPECT_EQ(ascii_lower('['), '[');  // 'Z' + 1
  EXPECT_EQ(ascii_lower('\xC3'), '\xC3');  // a UTF-8 lead byte, negative as a char
  EXPECT_EQ(ascii_lower(std::string_view("cOnStRaInT=MEMCG")), "constraint=memcg");
  // UTF-8 bytes stay as they are: `É` (C3 89) is not lowered to `é` (C3 A9).
  EXPECT_EQ(ascii_lower(std::string_view("F\xC3\x89VR")), "f\xC3\x89vr");
  EXPECT_EQ(ascii_lower(std::string_view("")), "");
}

TEST(AsciiCase, ComparesIgnoringAsciiCase) {
  EXPECT_TRUE(equals_ascii_ci("Global_OOM", "global_oom"));
  EXPECT_FALSE(equals_ascii_ci("global_oom", "global_oo"));
  EXPECT_FALSE(equals_ascii_ci("\xC3\x89", "\xC3\xA9"));  // É is not é to an ASCII comparison
  EXPECT_TRUE(starts_with_ascii_ci("CONSTRAINT=CONSTRAINT_NONE", "constraint="));
  EXPECT_FALSE(starts_with_ascii_ci("constrain", "constraint="));
  EXPECT_TRUE(ends_with_ascii_ci("plot.SVG", ".svg"));
  EXPECT_FALSE(ends_with_ascii_ci("svg", ".svg"));
  EXPECT_TRUE(contains_ascii_ci("python3 Worker", "WORKER"));
  EXPECT_TRUE(contains_ascii_ci("anything", ""));
  EXPECT_FALSE(contains_ascii_ci("work", "worker"));
}

TEST(Ellipsis, EitherSpellingAtTheEndCounts) {
  EXPECT_TRUE(ends_in_ellipsis("anon-rss:1234..."));
  EXPECT_TRUE(ends_in_ellipsis("anon-rss:1234\xE2\x80\xA6"));
  EXPECT_TRUE(ends_in_ellipsis("..."));
  EXPECT_FALSE(ends_in_ellipsis("anon-rss:1234kB"));
  EXPECT_FALSE(ends_in_ellipsis("a... b"));
  EXPECT_FALSE(ends_in_ellipsis(".."));
  EXPECT_FALSE(ends_in_ellipsis(""));
}

TEST(Ellipsis, FindsTheFirstOfEitherSpelling) {
  EXPECT_EQ(find_ellipsis("/docker/e9d9\xE2\x80\xA6" "cddde"), 12u);
  EXPECT_EQ(find_ellipsis("/a...b\xE2\x80\xA6"), 2u);
  EXPECT_EQ(find_ellipsis("/a\xE2\x80\xA6...b"), 2u);
  EXPECT_EQ(find_ellipsis("/kubepods/burstable"), std::string_view::npos);
}

}  // namespace
}  // namespace oomlens::text
