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

// JournalOptions::programs: the user-space killers' and systemd's entries (kProgramIdentifiers) beside the kernel's,
// as syslog lines in journal order, in the boots selected; no other program's, and no kernel entry (one journald
// gave the identifier `systemd` from its kmsg text stays a record).
TEST(JournalPrograms, KillersAndSystemdAsSyslogLinesBesideTheKernelsRecords) {
  struct Entry {
    const char* boot;
    uint64_t realtime_usec;
    const char* transport;
    const char* identifier;
    const char* pid;  // "" for none
    const char* message;
  };
  const Entry entries[] = {
      {testing::kBootA, 1700000000000000, "stdout", "earlyoom", "700", "earlyoom 1.7 (older boot)"},
      {testing::kBootB, 1700100000000000, "kernel", "kernel", "", "a kernel line"},
      {testing::kBootB, 1700100000500000, "kernel", "systemd", "", "systemd 252 running in system mode (kmsg)"},
      {testing::kBootB, 1700100001000000, "stdout", "earlyoom", "812",
       "sending SIGTERM to process 4242 uid 1000 \"python3\": badness 812, VmRSS 5012 MiB"},
      {testing::kBootB, 1700100001500000, "syslog", "CRON", "900", "(root) CMD (run-parts /etc/cron.hourly)"},
      {testing::kBootB, 1700100002000000, "journal", "systemd", "1",
       "app.service: Failed with result 'oom-kill'.\nsecond line"},
      {testing::kBootB, 1700100003000000, "kernel", "kernel", "", "another kernel line"},
  };
  std::string data;
  for (const Entry& e : entries) {
    data += testing::export_field("__REALTIME_TIMESTAMP", std::to_string(e.realtime_usec));
    data += testing::export_field("__MONOTONIC_TIMESTAMP", std::to_string(e.realtime_usec - 1699999000000000));
    data += testing::export_field("_BOOT_ID", e.boot);
    data += testing::export_field("_TRANSPORT", e.transport);
    data += testing::export_field("_HOSTNAME", "box");
    data += testing::export_field("SYSLOG_IDENTIFIER", e.identifier);
    if (*e.pid) data += testing::export_field("_PID", e.pid);
    data += testing::export_field("MESSAGE", e.message);
    data += "\n";
  }
  testing::FixtureTree dir;
  const fs::path journal = dir.path() / "programs.journal";
  if (!testing::make_journal(journal, data)) {
    if (testing::under_ci()) FAIL() << "systemd-journal-remote is missing or failed";
    GTEST_SKIP() << "systemd-journal-remote is missing or failed (Debian package systemd-journal-remote)";
  }
  JournalOptions o;
  o.files = {journal.string()};
  o.utc = true;
  o.boots = {BootSelector::current()};
  RecordingSink kernel_only;
  const SourceResult before = read_journal(o, kernel_only);
  EXPECT_TRUE(kernel_only.program_lines.empty());
  o.programs = true;
  RecordingSink sink;
  const SourceResult r = read_journal(o, sink);
  EXPECT_FALSE(r.error) << r.error->message();
  EXPECT_EQ(r.records, before.records);
  ASSERT_EQ(sink.records.size(), 3u);
  EXPECT_EQ(sink.records[1].message, "systemd 252 running in system mode (kmsg)");
  EXPECT_EQ(sink.records[2].message, "another kernel line");
  EXPECT_EQ(sink.program_lines,
            (std::vector<std::string>{
                "2023-11-16T02:00:01.000000Z box earlyoom[812]: sending SIGTERM to process 4242 uid 1000 "
                "\"python3\": badness 812, VmRSS 5012 MiB",
                "2023-11-16T02:00:02.000000Z box systemd[1]: app.service: Failed with result 'oom-kill'.",
                "2023-11-16T02:00:02.000000Z box systemd[1]: second line"}));
}

}  // namespace
}  // namespace oomlens
