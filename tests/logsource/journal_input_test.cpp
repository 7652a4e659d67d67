// A journal given as FILE (issue 20): a journal file by its magic, whatever
// its name, or a directory of journal files, as journalctl --file /
// --directory read them; the per-boot and per-machine fields of each entry;
// metadata made only for the records a sink wants.
#include <gtest/gtest.h>

#include <filesystem>

#include "journal_fixture.h"
#include "logsource/journal.h"
#include "logsource_test_util.h"

namespace oomlens {
namespace {

namespace fs = std::filesystem;
using testing::RecordingSink;

class JournalInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    journal_ = dir_.path() / "fixture.journal";
    if (!testing::make_journal(journal_)) {
      if (testing::under_ci()) FAIL() << "systemd-journal-remote is missing or failed";
      GTEST_SKIP() << "systemd-journal-remote is missing or failed (Debian package systemd-journal-remote)";
    }
  }
  testing::FixtureTree dir_;
  fs::path journal_;
};

TEST_F(JournalInputTest, AFileIsAJournalByItsMagicWhateverItsName) {
  const fs::path copy = dir_.path() / "from-box";  // no .journal suffix
  fs::copy_file(journal_, copy);
  EXPECT_EQ(journal_input_kind(copy.string()), JournalInput::file);
  EXPECT_EQ(journal_input_kind(journal_.string()), JournalInput::file);
  testing::write_file(dir_.path() / "kern.log", "LPKSHHR is not the magic\n");
  EXPECT_EQ(journal_input_kind((dir_.path() / "kern.log").string()), JournalInput::other);
  EXPECT_EQ(journal_input_kind((dir_.path() / "missing").string()), JournalInput::other);
  EXPECT_EQ(journal_input_kind(dir_.root()), JournalInput::directory);

  JournalOptions o;
  o.files = {copy.string()};
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.error) << r.error->message();
  EXPECT_EQ(sink.records.size(), 3u);  // kernel entries of both boots
}

TEST_F(JournalInputTest, ADirectoryWithMachineIdSubdirectories) {
  const fs::path d = dir_.path() / "copied";
  fs::create_directories(d / "0123456789abcdef0123456789abcdef");
  fs::copy_file(journal_, d / "0123456789abcdef0123456789abcdef/system.journal");
  JournalOptions o;
  o.directory = d.string();
  o.utc = true;
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.error) << r.error->message();
  ASSERT_EQ(sink.records.size(), 3u);
  // The journal's own boot ids and host, not this machine's.
  EXPECT_EQ(sink.records[0].meta.boot_id, testing::kBootA);
  EXPECT_EQ(sink.records[1].meta.boot_id, testing::kBootB);
  EXPECT_EQ(sink.records[2].meta.boot_id, testing::kBootB);
  for (const auto& rec : sink.records) EXPECT_EQ(rec.meta.host, "box");
  EXPECT_EQ(sink.records[1].meta.wall, "2023-11-16T02:00:00.000000Z");

  o.boots = {BootSelector::current()};  // the latest boot in it counts as current
  RecordingSink latest;
  (void)read_journal(o, latest);
  EXPECT_EQ(latest.records.size(), 2u);
}

TEST_F(JournalInputTest, ADirectoryWithoutJournalFilesIsAnError) {
  const fs::path d = dir_.path() / "empty";
  fs::create_directories(d);
  JournalOptions o;
  o.directory = d.string();
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.used);
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->what.find("holds no journal files"), std::string::npos) << r.error->message();
}

/// Wants the metadata of no record.
class MessagesOnlySink final : public LogSink {
 public:
  void text(std::string_view) override {}
  void record(std::string_view message, const RecordMeta& meta) override {
    messages.emplace_back(message);
    empty_meta += !meta.wall && !meta.boot_id && !meta.host && !meta.monotonic_s && !meta.level;
  }
  bool wants_meta(std::string_view) override { return false; }
  void gap(std::string_view) override {}
  void end() override {}
  std::vector<std::string> messages;
  size_t empty_meta = 0;
};

TEST_F(JournalInputTest, MetadataIsMadeOnlyForRecordsTheSinkWants) {
  JournalOptions o;
  o.files = {journal_.string()};
  MessagesOnlySink sink;
  (void)read_journal(o, sink);
  ASSERT_EQ(sink.messages.size(), 3u);
  EXPECT_EQ(sink.messages[2], "Mem-Info:\nactive_anon:1 inactive_anon:2");
  EXPECT_EQ(sink.empty_meta, 3u);
}

}  // namespace
}  // namespace oomlens
