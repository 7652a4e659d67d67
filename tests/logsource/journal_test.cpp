#include "logsource/journal.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstring>

#include "logsource/source_util.h"
#include "journal_fixture.h"
#include "logsource_test_util.h"
#include "util/file.h"

namespace oomlens {
namespace {

using testing::kBootA;
using testing::kBootB;
using testing::make_journal;
using testing::RecordingSink;
using testing::FixtureTree;

class JournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    journal_ = dir_.path() / "fixture.journal";
    if (!make_journal(journal_)) {
      if (testing::under_ci()) {
        FAIL() << "systemd-journal-remote is missing or failed (package systemd-journal-remote)";
      }
      GTEST_SKIP() << "systemd-journal-remote is missing or failed (install the Debian package "
                      "systemd-journal-remote)";
    }
  }
  SourceResult read(std::vector<BootSelector> boots, RecordingSink& sink) {
    JournalOptions o;
    o.files = {journal_.string()};
    o.boots = std::move(boots);
    o.utc = true;
    return read_journal(o, sink);
  }
  FixtureTree dir_;
  std::filesystem::path journal_;
};

TEST_F(JournalTest, AllBootsKernelEntriesOnly) {
  RecordingSink sink;
  const SourceResult r = read({}, sink);
  EXPECT_EQ(r.name, "journal");
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  ASSERT_EQ(sink.records.size(), 3u);
  EXPECT_EQ(r.records, 3u);

  const auto& a = sink.records[0];
  EXPECT_EQ(a.message, "boot A kernel line");
  EXPECT_DOUBLE_EQ(*a.meta.monotonic_s, 0.9);  // _SOURCE_MONOTONIC_TIMESTAMP wins
  EXPECT_EQ(a.meta.wall, "2023-11-14T22:13:20.000000Z");
  EXPECT_EQ(a.meta.boot_id, kBootA);
  EXPECT_EQ(a.meta.host, "box");
  EXPECT_EQ(a.meta.level, 6);
  EXPECT_FALSE(a.meta.kmsg_seq);

  const auto& b = sink.records[1];
  EXPECT_EQ(b.meta.boot_id, kBootB);
  EXPECT_EQ(b.meta.level, 4);
  EXPECT_DOUBLE_EQ(*b.meta.monotonic_s, 6.0);
  EXPECT_EQ(b.meta.wall, "2023-11-16T02:00:00.000000Z");

  const auto& c = sink.records[2];
  EXPECT_EQ(c.message, "Mem-Info:\nactive_anon:1 inactive_anon:2");  // one record
  EXPECT_DOUBLE_EQ(*c.meta.monotonic_s, 6.2);  // falls back to __MONOTONIC_TIMESTAMP
  EXPECT_FALSE(c.meta.level);
  EXPECT_EQ(sink.ends, 0);
}

TEST_F(JournalTest, BootSelection) {
  {
    RecordingSink sink;  // current of a --file journal = its latest boot
    (void)read({BootSelector::current()}, sink);
    ASSERT_EQ(sink.records.size(), 2u);
    EXPECT_EQ(sink.records[0].meta.boot_id, kBootB);
  }
  {
    RecordingSink sink;
    (void)read({BootSelector::previous()}, sink);
    ASSERT_EQ(sink.records.size(), 1u);
    EXPECT_EQ(sink.records[0].meta.boot_id, kBootA);
  }
  {
    RecordingSink sink;
    (void)read({*parse_boot_selector(kBootA)}, sink);
    ASSERT_EQ(sink.records.size(), 1u);
  }
  {
    RecordingSink sink;
    (void)read({*parse_boot_selector("1")}, sink);  // the oldest boot
    ASSERT_EQ(sink.records.size(), 1u);
    EXPECT_EQ(sink.records[0].meta.boot_id, kBootA);
  }
  {
    RecordingSink sink;
    const SourceResult r = read({*parse_boot_selector("-5")}, sink);
    EXPECT_TRUE(sink.records.empty());
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes[0].find("-5"), std::string::npos);
  }
}

TEST_F(JournalTest, ListsBootsOldestFirst) {
  JournalOptions o;
  o.files = {journal_.string()};
  const auto boots = list_journal_boots(o);
  ASSERT_EQ(boots.size(), 2u);
  EXPECT_EQ(boots[0].boot_id, kBootA);
  EXPECT_EQ(boots[1].boot_id, kBootB);
}

TEST_F(JournalTest, SystemJournalUnderRootUsesTheLiveBootAsCurrent) {
  const auto root = dir_.path() / "root";
  testing::make_fixture_root(root);  // boot_id = kBootB
  std::filesystem::create_directories(root / "var/log/journal/0123456789abcdef0123456789abcdef");
  std::filesystem::copy_file(journal_, root / "var/log/journal/0123456789abcdef0123456789abcdef/system.journal");
  JournalOptions o;
  o.root = root.string();
  o.boots = {BootSelector::previous()};
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_TRUE(r.used);
  ASSERT_EQ(sink.records.size(), 1u);
  EXPECT_EQ(sink.records[0].meta.boot_id, kBootA);
}

TEST_F(JournalTest, LocalWallTimeCarriesItsOffset) {
  JournalOptions o;
  o.files = {journal_.string()};
  RecordingSink sink;
  (void)read_journal(o, sink);
  ASSERT_FALSE(sink.records.empty());
  const auto wall = *sink.records[0].meta.wall;
  EXPECT_EQ(parse_rfc3339(wall), 1700000000.0) << wall;
}

TEST_F(JournalTest, PermissionDenied) {
  auto run = [&] {
    RecordingSink sink;
    JournalOptions o;
    o.files = {journal_.string()};
    const SourceResult r = read_journal(o, sink);
    return testing::error_and_advice(r);
  };
  ::chmod(journal_.c_str(), 0600);
  std::optional<std::string> out =
      testing::running_as_root() ? testing::run_as_nobody(run) : std::optional(run());
  if (!out) GTEST_SKIP() << "cannot drop privileges to nobody to see a real EACCES";
  EXPECT_EQ(*out, "Permission denied|" + journal_permission_advice());
  EXPECT_NE(journal_permission_advice().find("`systemd-journal` or `adm` group"), std::string::npos);
}

TEST(Journal, NoJournalIsNotAnError) {
  FixtureTree dir;
  testing::make_fixture_root(dir.path() / "root");
  JournalOptions o;
  o.root = (dir.path() / "root").string();
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.used);
  EXPECT_FALSE(r.error);
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("no journal"), std::string::npos);
}

TEST(Journal, UnlistableJournalDirectoryIsPermissionDenied) {
  FixtureTree dir;
  const auto machine = dir.path() / "var/log/journal/0123456789abcdef0123456789abcdef";
  std::filesystem::create_directories(machine);
  testing::write_file(machine / "system.journal", "not read");
  ::chmod(machine.c_str(), 0700);
  auto run = [&] {
    JournalOptions o;
    o.root = dir.root();
    RecordingSink sink;
    const SourceResult r = read_journal(o, sink);
    return testing::error_and_advice(r);
  };
  std::optional<std::string> out =
      testing::running_as_root() ? testing::run_as_nobody(run) : std::optional(run());
  if (!out) GTEST_SKIP() << "cannot drop privileges to nobody to see a real EACCES";
  EXPECT_EQ(*out, "Permission denied|" + journal_permission_advice());
}

TEST(Journal, MissingFileIsAnError) {
  JournalOptions o;
  o.files = {"/nonexistent/x.journal"};
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.used);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, ENOENT);
  EXPECT_EQ(source_error_text(*r.error), "/nonexistent/x.journal: No such file or directory");
}

TEST(Journal, ParseBootSelector) {
  EXPECT_EQ(parse_boot_selector("")->kind, BootSelector::Kind::relative);
  EXPECT_EQ(parse_boot_selector("0")->offset, 0);
  EXPECT_EQ(parse_boot_selector("-2")->offset, -2);
  EXPECT_EQ(parse_boot_selector("3")->kind, BootSelector::Kind::absolute);
  const auto id = parse_boot_selector("0F3A9C2E-1B2D-4E5F-8A9B-0C1D2E3F4A5B");
  ASSERT_TRUE(id);
  EXPECT_EQ(id->kind, BootSelector::Kind::id);
  EXPECT_EQ(id->id, kBootB);
  EXPECT_FALSE(parse_boot_selector("yesterday"));
  EXPECT_FALSE(parse_boot_selector("all"));
}

TEST(Journal, ResolveBoots) {
  const std::vector<JournalBoot> boots{{"a", 1}, {"b", 2}, {"c", 3}};
  using V = std::vector<std::string>;
  // No anchor (--file): current = latest.
  EXPECT_EQ(resolve_boots(boots, std::nullopt, {BootSelector::current(), BootSelector::previous()}),
            (V{"c", "b"}));
  // Anchor in the journal.
  EXPECT_EQ(resolve_boots(boots, "b", {BootSelector::current(), BootSelector::previous()}),
            (V{"b", "a"}));
  // Anchor not logged: current selects it (nothing), -1 = latest logged.
  std::vector<std::string> notes;
  EXPECT_EQ(resolve_boots(boots, "z", {BootSelector::current(), BootSelector::previous()}, &notes),
            (V{"z", "c"}));
  EXPECT_EQ(notes.size(), 1u);
  // Out of range and duplicates.
  notes.clear();
  EXPECT_EQ(resolve_boots(boots, "c", {BootSelector::previous(7), BootSelector::current(),
                                       BootSelector::current()}, &notes),
            (V{"c"}));
  EXPECT_EQ(notes.size(), 1u);
  EXPECT_TRUE(resolve_boots({}, std::nullopt, {BootSelector::current()}).empty());
}

TEST(SourceUtil, Rfc3339) {
  EXPECT_EQ(format_rfc3339(1700000000123456, 0), "2023-11-14T22:13:20.123456Z");
  EXPECT_EQ(format_rfc3339(1700000000000000, 3600), "2023-11-14T23:13:20.000000+01:00");
  EXPECT_EQ(format_rfc3339(1700000000000000, -16200), "2023-11-14T17:43:20.000000-04:30");
  EXPECT_EQ(format_rfc3339(1700000000123456), "2023-11-14T22:13:20.123456Z");
  EXPECT_EQ(format_rfc3339(1700000000123456, 0, 3), "2023-11-14T22:13:20.123Z");  // watch's detected_at
  EXPECT_EQ(parse_rfc3339("2023-11-14T22:13:20Z"), 1700000000.0);
  EXPECT_EQ(parse_rfc3339("2023-11-14T23:13:20.5+01:00"), 1700000000.5);
  EXPECT_EQ(parse_rfc3339("2023-11-14T23:13:20+0100"), 1700000000.0);
  EXPECT_TRUE(parse_rfc3339("2023-11-14T22:13:20"));  // local time
  EXPECT_TRUE(parse_rfc3339("2023-11-14"));  // a date alone is midnight, local time
  EXPECT_FALSE(parse_rfc3339("Nov 14 22:13:20"));
  EXPECT_FALSE(parse_rfc3339("2023-13-14T22:13:20Z"));
  EXPECT_FALSE(parse_rfc3339("2023-11-14T22:13:20Zjunk"));
}

TEST(SourceUtil, BootIdAndRoot) {
  EXPECT_EQ(read_boot_id(testing::fixture_root().string()), kBootB);
  EXPECT_EQ(join_root("/", "/proc/x"), "/proc/x");
  EXPECT_EQ(join_root("/tmp/r/", "/proc/x"), "/tmp/r/proc/x");
  EXPECT_EQ(join_root("", "/proc/x"), "/proc/x");
}

}  // namespace
}  // namespace oomlens
