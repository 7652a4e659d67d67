#include "logsource/kmsg.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <fstream>

#include "kernel_log/prefix.h"
#include "logsource/source_util.h"
#include "logsource_test_util.h"

namespace oomlens {
namespace {

using testing::RecordingSink;

TEST(KmsgParse, HeaderMessageAndDictionary) {
  const auto rec = parse_kmsg_record(
      "6,339,5140900,-;NET: Registered protocol family 10\n SUBSYSTEM=net\n DEVICE=+net:lo\n");
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->facility, 0);
  EXPECT_EQ(rec->level, 6);
  EXPECT_EQ(rec->seq, 339u);
  EXPECT_EQ(rec->ts_usec, 5140900u);
  EXPECT_EQ(rec->flag, '-');
  EXPECT_EQ(rec->message, "NET: Registered protocol family 10");
  ASSERT_EQ(rec->dict.size(), 2u);
  EXPECT_EQ(rec->dict[1].first, "DEVICE");
  EXPECT_EQ(rec->dict[1].second, "+net:lo");
}

TEST(KmsgParse, FacilityAndLevelFromPri) {
  const auto rec = parse_kmsg_record("30,1,2,-;systemd-journald: hello");  // 3<<3 | 6
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->facility, 3);
  EXPECT_EQ(rec->level, 6);
}

TEST(KmsgParse, CallerIdReadAsALineOfKmsgTextIs) {
  // One reader of the header (kernel_log's parse_kmsg_header): the record from
  // /dev/kmsg and the same record as a line of text give the same caller id.
  struct Case { std::string_view raw; std::optional<uint32_t> caller; };
  const Case cases[] = {
      {"4,12,34,-,caller=T123;msg", 123u},
      {"4,12,34,-,caller=C3;msg", 0x80000003u},           // interrupt context: the CPU
      {"4,12,34,-,caller=T7,other=x;msg", 7u},            // other fields may follow it
      {"4,12,34,-;msg", std::nullopt},
      {"4,12,34,-,caller=X9;msg", std::nullopt},           // not T or C: no caller, the record stands
  };
  for (const auto& c : cases) {
    const auto rec = parse_kmsg_record(c.raw);
    ASSERT_TRUE(rec) << c.raw;
    EXPECT_EQ(rec->message, "msg") << c.raw;
    EXPECT_EQ(rec->flag, '-') << c.raw;
    EXPECT_EQ(rec->caller_id, c.caller) << c.raw;
    NormalizedLine line;
    normalize_line(c.raw, line);
    EXPECT_EQ(line.text, "msg") << c.raw;
    EXPECT_EQ(line.prefix.caller_id, c.caller) << c.raw;
    EXPECT_EQ(line.prefix.kmsg_seq, rec->seq) << c.raw;
  }
}

TEST(KmsgParse, Unescapes) {
  const auto rec = parse_kmsg_record("4,1,1,-;a\\x0ab\\x5c\\x09c\\xZZ\\");
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->message, "a\nb\\\tc\\xZZ\\");
  EXPECT_EQ(unescape_kmsg("\\xff\\x00"), std::string("\xff\x00", 2));
  EXPECT_EQ(unescape_kmsg("\\x4"), "\\x4");
}

TEST(KmsgParse, SemicolonInMessageKept) {
  const auto rec = parse_kmsg_record("4,1,1,-;a;b");
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->message, "a;b");
}

TEST(KmsgParse, RejectsMalformed) {
  EXPECT_FALSE(parse_kmsg_record(""));
  EXPECT_FALSE(parse_kmsg_record("no header at all"));
  EXPECT_FALSE(parse_kmsg_record("6,x,1,-;m"));
  EXPECT_FALSE(parse_kmsg_record("6,1;m"));
  EXPECT_FALSE(parse_kmsg_record("-6,1,1,-;m"));
  EXPECT_FALSE(parse_kmsg_record("6,1,1\n,-;m"));
  EXPECT_FALSE(parse_kmsg_record("6,99999999999999999999999,1,-;m"));
}

TEST(KmsgReader, ReadsFixtureRing) {
  RecordingSink sink;
  KmsgOptions opts;
  opts.root = testing::fixture_root().string();  // path defaults to <root>/dev/kmsg
  const SourceResult r = read_kmsg(opts, sink);
  EXPECT_EQ(r.name, "kmsg");
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  ASSERT_EQ(sink.records.size(), 7u);
  EXPECT_EQ(r.records, 7u);
  EXPECT_EQ(sink.records[0].message, "Linux version 6.1.0-fixture (oomlens test ring)");
  EXPECT_EQ(sink.records[0].meta.kmsg_seq, 100u);
  EXPECT_DOUBLE_EQ(*sink.records[0].meta.monotonic_s, 1.0);
  EXPECT_EQ(sink.records[0].meta.level, 6);
  EXPECT_EQ(sink.records[0].meta.boot_id, "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b");
  // Record 101 is facility 1 (user): skipped but counted.
  EXPECT_EQ(sink.records[1].message, "usb 1-1: new device\nsecond line");
  // 'c' + '+' pieces joined, with the first piece's meta.
  EXPECT_EQ(sink.records[2].message, "Mem-Info: active_anon:1");
  EXPECT_EQ(sink.records[2].meta.kmsg_seq, 103u);
  EXPECT_EQ(sink.records[3].message, "after the continued line");
  EXPECT_EQ(sink.records[4].meta.kmsg_seq, 110u);
  EXPECT_DOUBLE_EQ(*sink.records[5].meta.monotonic_s, 6.0001);
  EXPECT_EQ(sink.records[5].meta.level, 3);
  EXPECT_EQ(sink.records[6].message, "backslash \\ and tab\tend");
  EXPECT_EQ(sink.records[6].meta.caller_id, 1u);  // `,caller=T1`: to the scanner as a text line's prefix gives it
  EXPECT_FALSE(sink.records[5].meta.caller_id);
  // The jump 105 -> 110 is a gap.
  ASSERT_EQ(sink.gaps.size(), 1u);
  EXPECT_NE(sink.gaps[0].find("106-109"), std::string::npos) << sink.gaps[0];
  const auto has_note = [&](std::string_view what) {
    for (const auto& n : r.notes) {
      if (n.find(what) != std::string::npos) return true;
    }
    return false;
  };
  EXPECT_TRUE(has_note("106-109"));
  EXPECT_TRUE(has_note("1 records of other facilities"));
  EXPECT_TRUE(has_note("1 malformed"));
  EXPECT_EQ(sink.ends, 0);
}

TEST(KmsgReader, FollowModeReadsOnlyNewRecords) {
  testing::FixtureTree dir;
  const auto ring = dir.path() / "kmsg";
  testing::write_file(ring, "6,1,1000,-;old record\n");
  KmsgOptions opts;
  opts.root = testing::fixture_root().string();
  opts.path = ring.string();
  opts.from_start = false;
  KmsgReader reader(opts);
  ASSERT_TRUE(reader.open());
  RecordingSink sink;
  EXPECT_EQ(reader.read_available(sink), 0u);
  {
    std::ofstream out(ring, std::ios::app);
    out << "6,2,2000,-;new record\n";
  }
  EXPECT_EQ(reader.read_available(sink), 1u);
  EXPECT_EQ(reader.read_available(sink), 0u);  // nothing more: returns at once
  ASSERT_EQ(sink.records.size(), 1u);
  EXPECT_EQ(sink.records[0].message, "new record");
  EXPECT_TRUE(sink.gaps.empty());
}

TEST(KmsgReader, MissingRing) {
  RecordingSink sink;
  KmsgOptions opts;
  opts.root = "/nonexistent";
  const SourceResult r = read_kmsg(opts, sink);
  EXPECT_FALSE(r.used);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, ENOENT);  // the errno, not only its text
  EXPECT_EQ(source_error_text(*r.error), "No such file or directory");
  EXPECT_EQ(source_error("/dev/kmsg", r).message(), "/dev/kmsg: No such file or directory");
}

TEST(KmsgReader, PermissionAdviceFollowsDmesgRestrict) {
  EXPECT_EQ(kmsg_permission_advice(1),
            "`kernel.dmesg_restrict=1`: reading the kernel ring needs CAP_SYSLOG; run with sudo "
            "(no group grants it)");
  EXPECT_NE(kmsg_permission_advice(0).find("dmesg_restrict=0"), std::string::npos);
  EXPECT_NE(kmsg_permission_advice(std::nullopt).find("CAP_SYSLOG"), std::string::npos);
}

TEST(KmsgReader, RealPermissionDenied) {
  // As nobody, /dev/kmsg with dmesg_restrict=1 gives EPERM; a mode-000 ring
  // file gives EACCES. Either way: "Permission denied" + the advice.
  testing::FixtureTree dir;
  testing::make_fixture_root(dir.path() / "root");
  const auto ring = dir.path() / "root/dev/kmsg";
  ::chmod(ring.c_str(), 0);
  auto run = [&] {
    RecordingSink sink;
    KmsgOptions opts;
    opts.root = (dir.path() / "root").string();
    const SourceResult r = read_kmsg(opts, sink);
    return testing::error_and_advice(r);
  };
  std::optional<std::string> out =
      testing::running_as_root() ? testing::run_as_nobody(run) : std::optional(run());
  if (!out) GTEST_SKIP() << "cannot drop privileges to nobody to see a real EACCES";
  EXPECT_EQ(*out, "Permission denied|" + kmsg_permission_advice(1));
}

TEST(KmsgReader, LiveRing) {
  KmsgOptions opts;  // root "/", /dev/kmsg
  KmsgReader reader(opts);
  if (!reader.open()) {
    const SourceResult r = reader.result();
    GTEST_SKIP() << "/dev/kmsg is not readable here: " << source_error("/dev/kmsg", r).message();
  }
  RecordingSink sink;
  reader.read_available(sink);
  reader.flush(sink);
  const SourceResult r = reader.result();
  EXPECT_TRUE(r.used);
  ASSERT_GT(sink.records.size(), 0u);
  EXPECT_EQ(r.records, sink.records.size());
  uint64_t last = 0;
  for (const auto& rec : sink.records) {
    ASSERT_TRUE(rec.meta.kmsg_seq);
    if (&rec != &sink.records.front()) {
      EXPECT_GT(*rec.meta.kmsg_seq, last);
    }
    last = *rec.meta.kmsg_seq;
    ASSERT_TRUE(rec.meta.monotonic_s);
  }
  EXPECT_EQ(sink.records.front().meta.boot_id, read_boot_id("/"));
}

}  // namespace
}  // namespace oomlens
