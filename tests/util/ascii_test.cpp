#include "util/ascii.h"

#include <gtest/gtest.h>

namespace oomlens::text {
namespace {

// The byte classes the parsers use instead of <cctype>: ASCII only, the same
// answer in every locale, and defined for a negative char (a UTF-8 byte).
TEST(AsciiClass, ClassifiesAsciiOnlyAndNegativeCharsSafely) {
  for (int i = -128; i < 128; ++i) {
    const char c = static_cast<char>(i);
    const unsigned char u = static_cast<unsigned char>(c);
    const bool ascii = u < 0x80;  // std::is*() in the C locale, for the bytes it defines the same way
    EXPECT_EQ(is_digit(c), ascii && u >= '0' && u <= '9') << i;
    EXPECT_EQ(is_alpha(c), ascii && ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z'))) << i;
    EXPECT_EQ(is_alnum(c), is_alpha(c) || is_digit(c)) << i;
    EXPECT_EQ(is_c_space(c), u == ' ' || u == '\t' || u == '\n' || u == '\v' || u == '\f' || u == '\r') << i;
    EXPECT_EQ(is_xdigit(c), is_digit(c) || (u >= 'a' && u <= 'f') || (u >= 'A' && u <= 'F')) << i;
  }
  EXPECT_FALSE(is_space('\n'));  // a line's blanks: space, tab, CR
  EXPECT_TRUE(is_space('\r'));
  EXPECT_TRUE(all_digits("0"));
  EXPECT_TRUE(all_digits("20261206"));
  EXPECT_FALSE(all_digits(""));
  EXPECT_FALSE(all_digits("12a"));
  EXPECT_FALSE(all_digits("-1"));
  EXPECT_FALSE(all_digits(" 1"));
}

TEST(AsciiClass, HexValueOfEitherCaseOrUppercaseOnly) {
  EXPECT_EQ(hex_value('0'), 0);
  EXPECT_EQ(hex_value('9'), 9);
  EXPECT_EQ(hex_value('a'), 10);
  EXPECT_EQ(hex_value('F'), 15);
  EXPECT_EQ(hex_value('g'), -1);
  EXPECT_EQ(hex_value('\xC3'), -1);
  // Quoted-printable's escapes are uppercase (RFC 2045): `=e9` is not one.
  EXPECT_EQ(hex_value('E', HexCase::upper), 14);
  EXPECT_EQ(hex_value('7', HexCase::upper), 7);
  EXPECT_EQ(hex_value('e', HexCase::upper), -1);
}

}  // namespace
}  // namespace oomlens::text
