#include "util/sanitize.h"

#include <gtest/gtest.h>

#include <string>

namespace oomlens {
namespace {

const std::string R = "\xEF\xBF\xBD";  // U+FFFD

TEST(Utf8, ValidTextIsUnchanged) {
  for (const std::string& s : {std::string(""), std::string("python3"), std::string("caf\xC3\xA9"),
                              std::string("\xE2\x82\xAC 5"), std::string("\xF0\x9F\x90\x8D py"),
                              std::string("\xF4\x8F\xBF\xBF"), std::string("a\0b", 3), std::string("\xED\x9F\xBF")}) {
    EXPECT_EQ(sanitize_utf8(s), s);
    EXPECT_TRUE(is_valid_utf8(s));
  }
}

TEST(Utf8, InvalidBytesEachBecomeOneReplacement) {
  EXPECT_EQ(sanitize_utf8("a\xFF" "b"), "a" + R + "b");
  EXPECT_EQ(sanitize_utf8("\x80\x80"), R + R);            // stray continuation bytes
  EXPECT_EQ(sanitize_utf8("\xF5\x80\x80\x80"), R + R + R + R);  // F5.. never valid
  EXPECT_FALSE(is_valid_utf8("\xFE"));
}

TEST(Utf8, TruncatedSequences) {
  EXPECT_EQ(sanitize_utf8("\xE2\x82"), R + R);           // end of input
  EXPECT_EQ(sanitize_utf8("\xE2\x82" "A"), R + R + "A");  // interrupted
  EXPECT_EQ(sanitize_utf8("\xF0\x9F\x90"), R + R + R);
  EXPECT_EQ(sanitize_utf8("\xC3"), R);
  // A 15-byte comm cut in the middle of a character by TASK_COMM_LEN.
  EXPECT_EQ(sanitize_utf8("worker-\xC3\xA9\xC3"), "worker-\xC3\xA9" + R);
}

TEST(Utf8, OverlongsSurrogatesAndTooLarge) {
  EXPECT_EQ(sanitize_utf8("\xC0\xAF"), R + R);          // overlong '/'
  EXPECT_EQ(sanitize_utf8("\xC1\xBF"), R + R);
  EXPECT_EQ(sanitize_utf8("\xE0\x80\xAF"), R + R + R);  // overlong 3-byte
  EXPECT_EQ(sanitize_utf8("\xF0\x80\x80\xAF"), R + R + R + R);
  EXPECT_EQ(sanitize_utf8("\xED\xA0\x80"), R + R + R);  // U+D800 surrogate
  EXPECT_EQ(sanitize_utf8("\xF4\x90\x80\x80"), R + R + R + R);  // U+110000
  EXPECT_FALSE(is_valid_utf8("\xED\xBF\xBF"));
}

TEST(Utf8, OutputIsAlwaysValid) {
  std::string all;
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; j += 17) all += {static_cast<char>(i), static_cast<char>(j)};
  EXPECT_TRUE(is_valid_utf8(sanitize_utf8(all)));
}

TEST(Utf8, PrintableEscapesControls) {
  EXPECT_EQ(printable("evil\x1b[31mred"), "evil\\x1b[31mred");
  EXPECT_EQ(printable("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(printable("caf\xC3\xA9\xFF"), "caf\xC3\xA9" + R);
}

// Issue 21, item 4: C1 controls, bidi overrides and isolates, separators
// are shown as \uNNNN; a title-setting OSC and a forged line are escaped.
TEST(Utf8, PrintableNeutralisesBidiAndC1) {
  EXPECT_EQ(printable("a\xC2\x9B" "2J"), "a\\u009b2J");                 // CSI as one C1 byte
  EXPECT_EQ(printable("user\xE2\x80\xAEtxt.exe"), "user\\u202etxt.exe");  // RLO
  EXPECT_EQ(printable("\xE2\x81\xA6x\xE2\x81\xA9"), "\\u2066x\\u2069");   // LRI … PDI
  EXPECT_EQ(printable("a\xE2\x80\xA8" "b"), "a\\u2028b");
  EXPECT_EQ(printable("\x1b]0;pwned\x07job\noomlens: verdict: oom_killed"),
            "\\x1b]0;pwned\\x07job\\x0aoomlens: verdict: oom_killed");
  EXPECT_EQ(printable("\xE2\x86\x92 \xC3\xA9"), "\xE2\x86\x92 \xC3\xA9");  // ordinary text is kept
}

TEST(Utf8, PrintableCutsOverlongFieldsWithAMarker) {
  const std::string s = printable(std::string(10000, 'x'), 100);
  EXPECT_EQ(s, std::string(100, 'x') + "\xE2\x80\xA6[9900 more bytes]");
  // Never inside a character or an escape.
  EXPECT_EQ(printable("\xC3\xA9\xC3\xA9", 3), "\xC3\xA9\xE2\x80\xA6[2 more bytes]");
  EXPECT_EQ(printable("ab\x1b", 4), "ab\xE2\x80\xA6[1 more bytes]");
  EXPECT_EQ(printable(std::string(kMaxPrintableBytes, 'y')).size(), kMaxPrintableBytes);
}

}  // namespace
}  // namespace oomlens
