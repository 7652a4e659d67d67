#include "util/text.h"

#include <gtest/gtest.h>

namespace oomlens::text {
namespace {

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
