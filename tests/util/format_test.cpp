#include "util/format.h"
#include "util/file.h"
#include "util/units.h"

#include <gtest/gtest.h>

namespace oomlens {
namespace {

constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

TEST(FormatBytes, Units) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(4 * KiB), "4.0 KiB");
  EXPECT_EQ(format_bytes(812 * MiB), "812.0 MiB");
  EXPECT_EQ(format_bytes(static_cast<uint64_t>(28.3 * GiB)), "28.3 GiB");
  EXPECT_EQ(format_bytes(32 * GiB), "32.0 GiB");
  EXPECT_EQ(format_bytes(1536 * GiB), "1.5 TiB");
  EXPECT_EQ(format_bytes(UINT64_MAX), "16.0 EiB");
}

TEST(FormatBytes, RoundsIntoTheNextUnit) {
  EXPECT_EQ(format_bytes(GiB - 1), "1.0 GiB");
  EXPECT_EQ(format_bytes(1023 * MiB), "1023.0 MiB");
}

TEST(ShortenIds, LongHexRuns) {
  EXPECT_EQ(shorten_ids("/docker/3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd"),
            "/docker/3f2a9c0d1e2b\u2026");
  EXPECT_EQ(shorten_ids("/system.slice/foo.service"), "/system.slice/foo.service");
  EXPECT_EQ(shorten_ids("/kubepods/pod1a2b3c4d-0000"), "/kubepods/pod1a2b3c4d-0000");
}

TEST(EventTime, WallThenMonotonic) {
  EXPECT_EQ(format_event_time(std::string("2025-08-12T03:54:03+02:00"), 1.0), "2025-08-12 03:54:03");
  EXPECT_EQ(format_event_time(std::nullopt, 12345.6789), "[12345.679 s after boot]");
  EXPECT_EQ(format_event_time(std::string("Aug 12"), 5.0), "[5.000 s after boot]");
  EXPECT_EQ(format_event_time(std::string("Aug 12"), std::nullopt), "Aug 12");
  EXPECT_EQ(format_event_time(std::nullopt, std::nullopt), "[time unknown]");
}

}  // namespace
}  // namespace oomlens

// util/units.h: the one kB→bytes conversion (issue 18): unknown stays null,
// and a hostile figure that would wrap is unknown, never a small number.
TEST(Units, KbToBytesKeepsUnknownAndRefusesOverflow) {
  EXPECT_EQ(oomlens::kb_to_bytes(std::nullopt), std::nullopt);
  EXPECT_EQ(oomlens::kb_to_bytes(uint64_t{0}), uint64_t{0});
  EXPECT_EQ(oomlens::kb_to_bytes(uint64_t{180}), uint64_t{184320});
  EXPECT_EQ(oomlens::kb_to_bytes(UINT64_MAX / 1024), (UINT64_MAX / 1024) * 1024);
  EXPECT_EQ(oomlens::kb_to_bytes(UINT64_MAX / 1024 + 1), std::nullopt);
}

// util/file.h: one join_root for every reader (logsource's under_root was its twin).
TEST(JoinRoot, OneSlashWhateverTheEnds) {
  EXPECT_EQ(oomlens::join_root("/", "/proc/x"), "/proc/x");
  EXPECT_EQ(oomlens::join_root("/tmp/r/", "/proc/x"), "/tmp/r/proc/x");
  EXPECT_EQ(oomlens::join_root("", "/proc/x"), "/proc/x");
  EXPECT_EQ(oomlens::join_root("/tmp/r", "proc/x"), "/tmp/r/proc/x");
}
