#include "logsource/file_reader.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cerrno>

#include <fmt/core.h>

#include "logsource/source_util.h"
#include "logsource_test_util.h"
#include "util/newlines.h"

namespace oomlens {
namespace {

using testing::RecordingSink;
using testing::FixtureTree;

std::string sample_text(int lines) {
  std::string s;
  for (int i = 0; i < lines; ++i) {
    s += fmt::format("Nov 30 04:56:{:02} box kernel: [{:6}.000000] line {} of the sample log\n",
                     i % 60, i, i);
  }
  return s;
}

TEST(FileReader, ReadsPlainFileInChunks) {
  FixtureTree dir;
  const std::string text = sample_text(500);
  testing::write_file(dir.path() / "kern.log", text);
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "kern.log").string(), sink, {.chunk_bytes = 100});
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  EXPECT_EQ(r.records, 500u);
  EXPECT_EQ(sink.all_text, text);
  EXPECT_GT(sink.text_calls, text.size() / 100 - 1);  // really chunked
  EXPECT_EQ(sink.ends, 0);                            // the owner calls end()
}

TEST(FileReader, CountsLastLineWithoutNewline) {
  FixtureTree dir;
  testing::write_file(dir.path() / "a.log", "one\ntwo");
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "a.log").string(), sink);
  EXPECT_EQ(r.records, 2u);
  EXPECT_EQ(sink.all_text, "one\ntwo");
}

TEST(FileReader, ReadsGzipByMagicNotName) {
  FixtureTree dir;
  const std::string text = sample_text(2000);
  testing::write_gzip(dir.path() / "no-suffix", text);
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "no-suffix").string(), sink, {.chunk_bytes = 64});
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  ASSERT_EQ(r.notes.size(), 1u);  // only the decoder's name
  EXPECT_NE(r.notes[0].find("gzip data, decoded by"), std::string::npos) << r.notes[0];
  EXPECT_EQ(r.records, 2000u);
  EXPECT_EQ(sink.all_text, text);
}

TEST(FileReader, PlainFileNamedGzIsReadAsText) {
  FixtureTree dir;
  testing::write_file(dir.path() / "fake.gz", "plain text\n");
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "fake.gz").string(), sink);
  EXPECT_EQ(sink.all_text, "plain text\n");
  EXPECT_FALSE(r.error);
}

TEST(FileReader, ReadsConcatenatedGzipMembers) {
  FixtureTree dir;
  testing::write_file(dir.path() / "two.gz",
                      testing::gzip_bytes("first member\n") + testing::gzip_bytes("second member\n"));
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "two.gz").string(), sink);
  EXPECT_EQ(sink.all_text, "first member\nsecond member\n");
  EXPECT_EQ(r.records, 2u);
  EXPECT_EQ(r.notes.size(), 1u);  // only the decoder's name
}

TEST(FileReader, TruncatedGzipKeepsWhatWasReadAndSaysSo) {
  FixtureTree dir;
  const std::string text = sample_text(3000);
  const std::string gz = testing::gzip_bytes(text);
  testing::write_file(dir.path() / "cut.gz", gz.substr(0, gz.size() / 2));
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "cut.gz").string(), sink, {.chunk_bytes = 4096});
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  ASSERT_EQ(r.notes.size(), 2u);  // the decoder's name, then what happened
  EXPECT_NE(r.notes[1].find("truncated"), std::string::npos) << r.notes[1];
  ASSERT_EQ(sink.gaps.size(), 1u);
  EXPECT_GT(sink.all_text.size(), 0u);
  EXPECT_LT(sink.all_text.size(), text.size());
  EXPECT_EQ(text.compare(0, sink.all_text.size(), sink.all_text), 0);  // a true prefix
}

TEST(FileReader, CorruptGzipSaysSo) {
  FixtureTree dir;
  const std::string text = sample_text(3000);
  std::string gz = testing::gzip_bytes(text);
  for (size_t i = gz.size() / 2; i < gz.size() / 2 + 64; ++i) gz[i] = static_cast<char>(0xff);
  testing::write_file(dir.path() / "bad.gz", gz);
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "bad.gz").string(), sink, {.chunk_bytes = 4096});
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_NE(r.notes[1].find("corrupt"), std::string::npos) << r.notes[1];
  EXPECT_EQ(sink.gaps.size(), 1u);
  // Deflate may emit some damaged bytes before it notices (the CRC is only
  // checked at the end); the text before the damage is intact.
  ASSERT_GT(sink.all_text.size(), 1000u);
  EXPECT_EQ(sink.all_text.substr(0, 1000), text.substr(0, 1000));
}

TEST(FileReader, GzipHeaderOnlyIsAnError) {
  FixtureTree dir;
  testing::write_file(dir.path() / "hdr.gz", std::string("\x1f\x8b\x08\x00", 4));
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "hdr.gz").string(), sink);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, 0);  // not a system call's failure
  EXPECT_NE(r.error->what.find("truncated"), std::string::npos);
  EXPECT_FALSE(r.used);
}

TEST(FileReader, TrailingGarbageAfterGzipIsNoted) {
  FixtureTree dir;
  testing::write_file(dir.path() / "t.gz", testing::gzip_bytes("ok\n") + "GARBAGE");
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "t.gz").string(), sink);
  EXPECT_EQ(sink.all_text, "ok\n");
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_NE(r.notes[1].find("trailing"), std::string::npos);
}

TEST(FileReader, EmptyFileIsUsedWithNoRecords) {
  FixtureTree dir;
  testing::write_file(dir.path() / "empty.log", "");
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "empty.log").string(), sink);
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  EXPECT_EQ(r.records, 0u);
  EXPECT_TRUE(sink.all_text.empty());
}

TEST(FileReader, EmptyGzipIsUsedWithNoRecords) {
  FixtureTree dir;
  testing::write_gzip(dir.path() / "empty.gz", "");
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "empty.gz").string(), sink);
  EXPECT_TRUE(r.used);
  EXPECT_FALSE(r.error);
  EXPECT_EQ(r.records, 0u);
}

TEST(FileReader, MissingFile) {
  RecordingSink sink;
  const SourceResult r = read_log_file("/nonexistent/kern.log", sink);
  EXPECT_FALSE(r.used);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, ENOENT);
  EXPECT_EQ(source_error_text(*r.error), "No such file or directory");
  EXPECT_EQ(r.name, "/nonexistent/kern.log");
}

TEST(FileReader, Directory) {
  FixtureTree dir;
  RecordingSink sink;
  const SourceResult r = read_log_file(dir.root(), sink);
  EXPECT_FALSE(r.used);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, EISDIR);
  EXPECT_EQ(source_error_text(*r.error), "Is a directory");
}

TEST(FileReader, BinaryGarbagePassesThrough) {
  FixtureTree dir;
  std::string bin;
  for (int i = 0; i < 5000; ++i) bin += static_cast<char>((i * 131) & 0xff);
  bin[0] = 'x';  // not the gzip magic
  testing::write_file(dir.path() / "bin", bin);
  RecordingSink sink;
  const SourceResult r = read_log_file((dir.path() / "bin").string(), sink, {.chunk_bytes = 333});
  EXPECT_EQ(sink.all_text, bin);
  EXPECT_FALSE(r.error);
}

TEST(FileReader, ReadsGzipFromAPipe) {
  // stdin is a pipe or a file we cannot seek: detection must not need lseek.
  const std::string gz = testing::gzip_bytes("from a pipe\nsecond\n");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], gz.data(), gz.size()), static_cast<ssize_t>(gz.size()));
  ::close(fds[1]);
  RecordingSink sink;
  const SourceResult r = read_log_fd(fds[0], "-", sink);
  ::close(fds[0]);
  EXPECT_EQ(r.name, "-");
  EXPECT_EQ(sink.all_text, "from a pipe\nsecond\n");
  EXPECT_EQ(r.records, 2u);
}

TEST(FileReader, PermissionDeniedHasAdvice) {
  FixtureTree dir;
  const auto path = dir.path() / "kern.log";
  testing::write_file(path, "secret\n");
  ::chmod(path.c_str(), 0);
  auto run = [&] {
    RecordingSink sink;
    const SourceResult r = read_log_file(path.string(), sink);
    return testing::error_and_advice(r);
  };
  std::optional<std::string> out;
  if (testing::running_as_root()) {
    out = testing::run_as_nobody(run);  // root bypasses file modes: drop to nobody
    if (!out) GTEST_SKIP() << "cannot drop privileges to nobody to see a real EACCES";
  } else {
    out = run();
  }
  EXPECT_EQ(out->substr(0, out->find('|')), "Permission denied");
  EXPECT_NE(out->find("`adm` group"), std::string::npos) << *out;
}

TEST(FileReader, PermissionAdviceWording) {
  EXPECT_NE(file_permission_advice("/var/log/kern.log").find("`adm` group"), std::string::npos);
  EXPECT_NE(file_permission_advice("/var/log/messages-20231112.gz").find("`adm` group"),
            std::string::npos);
  EXPECT_NE(file_permission_advice("/var/log/kern.log").find("sudo"), std::string::npos);
  EXPECT_EQ(file_permission_advice("/home/x/dump.txt").find("adm"), std::string::npos);
}

TEST(FileReader, CountNewlines) {
  EXPECT_EQ(count_newlines(""), 0u);
  EXPECT_EQ(count_newlines("\n"), 1u);
  std::string s(1000, 'a');
  for (size_t i = 0; i < s.size(); i += 7) s[i] = '\n';
  EXPECT_EQ(count_newlines(s), (s.size() + 6) / 7);
  EXPECT_EQ(count_newlines(std::string_view(s).substr(3, 50)), 7u);
  // Past the 255-block flush of the SIMD counters, all newlines.
  const std::string nl(100000, '\n');
  EXPECT_EQ(count_newlines(nl), 100000u);
  EXPECT_EQ(count_newlines(std::string_view(nl).substr(1, 99997)), 99997u);
}

}  // namespace
}  // namespace oomlens
