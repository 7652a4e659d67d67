// ReportScanner::text_newlines(): the newlines of the text fed, as the
// scanner numbers its lines (lines_seen()) and holds some back. The file
// reader's line count (SourceResult::records) is taken from it instead of a
// second pass over the text, so it must equal a count of the '\n' bytes
// after every chunk, whatever way the scanner read the lines: forward,
// newest-first, rejoined, reflowed, held for a decision. Checked on every log
// fixture and every report of the project's corpus, clean and through every
// mangler (manglers.h), cut into chunks of an odd size.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "manglers.h"
#include "support/files.h"
#include "support/paths.h"
#include "../logsource/logsource_test_util.h"
#include "logsource/file_reader.h"

namespace oomlens {
namespace {

namespace fs = std::filesystem;

uint64_t newlines(std::string_view s) { return static_cast<uint64_t>(std::count(s.begin(), s.end(), '\n')); }

// The first chunk at which text_newlines() differs from the count, as "chunk N: scanner X, count Y"; "" if none.
std::string first_difference(std::string_view text, size_t chunk) {
  ReportScanner scanner({}, [](OomEvent&&) {});
  uint64_t fed = 0;
  for (size_t pos = 0, i = 0; pos < text.size(); pos += chunk, ++i) {
    const std::string_view part = text.substr(pos, chunk);
    scanner.feed_text(part);
    fed += newlines(part);
    if (scanner.text_newlines() != fed)
      return "chunk " + std::to_string(i) + ": scanner " + std::to_string(scanner.text_newlines()) + ", count " +
             std::to_string(fed);
  }
  return "";
}

std::vector<fs::path> logs() {
  std::vector<fs::path> out;
  const fs::path src(testing::source_dir());
  for (const fs::path& dir : {src / "tests/fixtures/logs", src / "tests/corpus"}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".log") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TextNewlines, EqualTheNewlinesFedAfterEveryChunkOfEveryLogAndMangle) {
  const std::vector<fs::path> files = logs();
  ASSERT_GT(files.size(), 100u);
  size_t checked = 0;
  for (const fs::path& f : files) {
    const std::string clean = testing::slurp(f);
    EXPECT_EQ(first_difference(clean, 4099), "") << f.filename();
    for (const mangle::Mangler& m : mangle::all()) {
      EXPECT_EQ(first_difference(m.apply(clean), 4099), "") << f.filename() << " " << m.name;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000u);
}

TEST(TextNewlines, RecordsAreNotText) {
  ReportScanner scanner({}, [](OomEvent&&) {});
  scanner.feed_text("[    1.000000] one\n[    2.000000] two");  // the second line held for more
  EXPECT_EQ(scanner.text_newlines(), 1u);
  scanner.feed_record("a record\nof two lines", RecordMeta{});
  EXPECT_EQ(scanner.text_newlines(), 1u);
  scanner.feed_text(" goes on\n");
  EXPECT_EQ(scanner.text_newlines(), 2u);
}

// The reader's count through a scanner's sink (the scanner's count) is the count of a sink that keeps none,
// file after file into one sink, a last line without '\n' counted in its file.
TEST(TextNewlines, FileReaderRecordsFromTheScannerAsCounted) {
  const std::vector<std::string> files = {"[    1.000000] a\n[    2.000000] b without newline",
                                          "[    3.000000] c\n\n[    4.000000] d\n", "", "no newline at all"};
  ReportScanner scanner({}, [](OomEvent&&) {});
  ScannerSink scanning(scanner);
  ASSERT_TRUE(scanning.text_newlines());
  for (const std::string& text : files) {
    for (const size_t chunk : {size_t{64}, size_t{7}}) {
      testing::RecordingSink plain;
      const int fd1 = testing::memory_file(text);
      const SourceResult counted = read_log_fd(fd1, "mem", plain, FileReadOptions{chunk});
      ::close(fd1);
      const int fd2 = testing::memory_file(text);
      const SourceResult scanned = read_log_fd(fd2, "mem", scanning, FileReadOptions{chunk});
      ::close(fd2);
      EXPECT_EQ(scanned.records, counted.records) << text;
    }
  }
  EXPECT_EQ(testing::RecordingSink{}.text_newlines(), std::nullopt);
}

}  // namespace
}  // namespace oomlens
