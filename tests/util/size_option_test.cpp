#include "util/size_option.h"

#include <gtest/gtest.h>

#include <string>

namespace oomlens {
namespace {

std::string error_of(std::string_view text) {
  const auto r = parse_size_option("--budget", text);
  EXPECT_FALSE(r.ok()) << text;
  if (r.ok()) return "";
  EXPECT_EQ(r.error().errnum, 0) << text;  // an input error, not a system call's
  return r.error().what;
}

// The one parser of sizes with units (`run --limit`, `--budget`): binary
// units in any case, a fraction, blanks around the unit.
TEST(SizeOption, ParsesBinaryUnitsInAnyCase) {
  EXPECT_EQ(*parse_size_option("--budget", "1048576"), 1048576u);
  EXPECT_EQ(*parse_size_option("--budget", "512b"), 512u);
  EXPECT_EQ(*parse_size_option("--budget", "4K"), 4096u);
  EXPECT_EQ(*parse_size_option("--budget", "4kib"), 4096u);
  EXPECT_EQ(*parse_size_option("--budget", "500M"), 500ull << 20);
  EXPECT_EQ(*parse_size_option("--budget", "2GB"), 2ull << 30);
  EXPECT_EQ(*parse_size_option("--budget", "1.5GiB"), 3ull << 29);
  EXPECT_EQ(*parse_size_option("--budget", " 2 g "), 2ull << 30);
  EXPECT_EQ(*parse_size_option("--budget", "1T"), 1ull << 40);
}

TEST(SizeOption, ErrorsNameTheOptionAndSayWhy) {
  EXPECT_EQ(error_of("abc"), "--budget 'abc' is not a size (e.g. 500M, 2G, 1.5GiB)");
  EXPECT_EQ(error_of(""), "--budget '' is not a size (e.g. 500M, 2G, 1.5GiB)");
  EXPECT_EQ(error_of("nan"), "--budget 'nan' is not a size (e.g. 500M, 2G, 1.5GiB)");
  EXPECT_EQ(error_of("1e400"), "--budget '1e400' is not a size (e.g. 500M, 2G, 1.5GiB)");
  EXPECT_EQ(error_of("-1G"), "--budget '-1G' must be above zero");
  EXPECT_EQ(error_of("0"), "--budget '0' must be above zero");
  EXPECT_EQ(error_of("12Q"), "--budget '12Q' has an unknown unit 'Q' (use K, M, G or T)");  // as typed
  EXPECT_EQ(error_of("5%"), "--budget '5%' has an unknown unit '%' (use K, M, G or T)");
  EXPECT_EQ(error_of("0.5b"), "--budget '0.5b' is out of range (at most 16 EiB)");
  EXPECT_EQ(error_of("17000000T"), "--budget '17000000T' is out of range (at most 16 EiB)");
  const auto limit = parse_size_option("--limit", "9X");
  ASSERT_FALSE(limit.ok());
  EXPECT_EQ(limit.error().what, "--limit '9X' has an unknown unit 'X' (use K, M, G or T)");
}

}  // namespace
}  // namespace oomlens
