// Compressed logs (issue 20): gzip through ISA-L and zlib, xz, zstd; several
// members, truncated and corrupt files, the shared corpus through every format.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernel_log/report_scanner.h"
#include "logsource/decompress.h"
#include "logsource/file_reader.h"
#include "logsource_test_util.h"
#include "render/text.h"
#include "support/files.h"
#include "support/paths.h"

namespace oomlens {
namespace {

namespace fs = std::filesystem;
using testing::RecordingSink;

struct Format {
  const char* name;
  std::string (*compress)(std::string_view);
};
const Format kFormats[] = {{"gzip", testing::gzip_bytes}, {"xz", testing::xz_bytes}, {"zstd", testing::zstd_bytes}};

/// Reads `bytes` as a file would be read, in chunks of `chunk` bytes.
SourceResult read_bytes(const std::string& bytes, RecordingSink& sink, size_t chunk = 256 * 1024) {
  const int fd = testing::memory_file(bytes);
  SourceResult r = read_log_fd(fd, "mem", sink, FileReadOptions{chunk});
  ::close(fd);
  return r;
}

/// Sets OOMLENS_GZIP for the scope of one read (the zlib fallback).
class ForceZlib {
 public:
  ForceZlib() { ::setenv("OOMLENS_GZIP", "zlib", 1); }
  ~ForceZlib() { ::unsetenv("OOMLENS_GZIP"); }
};

const std::string kText =
    "[  1.000000] first line\n[  2.000000] second line\n[  3.000000] a last line without newline";

TEST(Compression, DetectsEachFormatByMagic) {
  EXPECT_EQ(detect_compression(testing::gzip_bytes("x")), Compression::gzip);
  EXPECT_EQ(detect_compression(testing::xz_bytes("x")), Compression::xz);
  EXPECT_EQ(detect_compression(testing::zstd_bytes("x")), Compression::zstd);
  EXPECT_EQ(detect_compression("[ 1.0] plain"), Compression::none);
  EXPECT_EQ(detect_compression("\x1f"), Compression::none);  // too short to tell
}

TEST(Compression, EveryFormatGivesTheTextAndNamesItsDecoder) {
  for (const Format& f : kFormats) {
    RecordingSink sink;
    const SourceResult r = read_bytes(f.compress(kText), sink);
    EXPECT_FALSE(r.error) << f.name;
    EXPECT_EQ(sink.all_text, kText) << f.name;
    EXPECT_EQ(r.records, 3u) << f.name;
    ASSERT_FALSE(r.notes.empty()) << f.name;
    EXPECT_NE(r.notes.front().find(std::string(f.name) + " data, decoded by"), std::string::npos) << r.notes.front();
    EXPECT_TRUE(sink.gaps.empty()) << f.name;
  }
}

TEST(Compression, MembersOneAfterAnotherAndConcatenatedFiles) {
  for (const Format& f : kFormats) {
    RecordingSink sink;
    const SourceResult r = read_bytes(f.compress("one\n") + f.compress("") + f.compress("two\n"), sink, 64);
    EXPECT_EQ(sink.all_text, "one\ntwo\n") << f.name;
    EXPECT_TRUE(sink.gaps.empty()) << f.name;
    EXPECT_FALSE(r.error) << f.name;
  }
}

TEST(Compression, TruncatedLastMemberKeepsWhatCameBefore) {
  std::string big;
  for (int i = 0; i < 20000; ++i) big += "[ " + std::to_string(i) + ".000000] line of a long log\n";
  for (const Format& f : kFormats) {
    const std::string whole = f.compress("first member\n") + f.compress(big);
    RecordingSink sink;
    const SourceResult r = read_bytes(whole.substr(0, whole.size() - whole.size() / 4), sink, 4096);
    EXPECT_FALSE(r.error) << f.name;
    EXPECT_TRUE(sink.all_text.starts_with("first member\n[ 0.000000] line")) << f.name;
    EXPECT_LT(sink.all_text.size(), big.size() + 13) << f.name;
    ASSERT_EQ(sink.gaps.size(), 1u) << f.name;
    EXPECT_NE(sink.gaps[0].find("truncated"), std::string::npos) << f.name << ": " << sink.gaps[0];
  }
}

TEST(Compression, CorruptDataIsANoteNotACrash) {
  std::string big;
  for (int i = 0; i < 5000; ++i) big += "[ " + std::to_string(i) + ".000000] line\n";
  for (const Format& f : kFormats) {
    std::string bytes = f.compress(big);
    for (size_t i = bytes.size() / 2; i < bytes.size() / 2 + 64; ++i) bytes[i] = static_cast<char>(~bytes[i]);
    RecordingSink sink;
    const SourceResult r = read_bytes(bytes, sink, 4096);
    // gzip and xz carry a checksum; a zstd frame made without one (zstd's
    // default) may decode damaged bytes without noticing.
    if (std::string_view(f.name) != "zstd") {
      EXPECT_TRUE(r.error || !sink.gaps.empty()) << f.name;
    }
  }
}

TEST(Compression, TrailingGarbageIsIgnoredWithANote) {
  for (const Format& f : kFormats) {
    RecordingSink sink;
    const SourceResult r = read_bytes(f.compress("ok\n") + "GARBAGE", sink);
    EXPECT_EQ(sink.all_text, "ok\n") << f.name;
    EXPECT_NE(r.notes.back().find("trailing bytes"), std::string::npos) << f.name;
  }
}

using testing::slurp;

/// The events of `text` read through `bytes` (its compressed form), one
/// summary line each, in chunks of `chunk`.
std::string summaries(const std::string& bytes, size_t chunk) {
  std::string out;
  ScanOptions so;
  so.default_year = 2024;
  ReportScanner scanner(so, [&](OomEvent&& e) { out += render_summary_line(e) + "\n"; });
  ScannerSink sink(scanner);
  const int fd = testing::memory_file(bytes);
  (void)read_log_fd(fd, "mem", sink, FileReadOptions{chunk});
  ::close(fd);
  sink.end();
  return out;
}

// Every shared corpus report and log fixture gives the same events from its
// plain text, from each compressed form and from gzip through both inflaters
// (the oracles of the plain text are checked by the corpus tests).
TEST(Compression, CorpusThroughEveryFormatAndBothInflaters) {
  size_t files = 0;
  for (const fs::path& dir : {testing::shared_corpus_dir(),
                             fs::path(oomlens::testing::source_dir()) / "tests/fixtures/logs"}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() != ".log") continue;
      ++files;
      const std::string text = slurp(e.path());
      const std::string want = summaries(text, 4096);
      for (const Format& f : kFormats) {
        EXPECT_EQ(summaries(f.compress(text), 4096), want) << e.path() << " as " << f.name;
      }
      // Two members: the text twice (a report cut at the end of the first
      // copy may continue into the second, as it would in the plain text).
      const std::string gz = testing::gzip_bytes(text) + testing::gzip_bytes(text);
      const std::string isal = summaries(gz, 1000);
      ForceZlib zlib;
      EXPECT_EQ(summaries(gz, 1000), isal) << e.path() << ": ISA-L and zlib differ";
      EXPECT_EQ(isal, summaries(text + text, 1000)) << e.path();
    }
  }
  EXPECT_GT(files, 0u);
}

TEST(Compression, IsalAndZlibDeliverTheSameBytes) {
  std::string big;
  for (int i = 0; i < 50000; ++i) big += "<6>[ " + std::to_string(i) + ".5] some kernel text " + std::to_string(i * 7) + "\n";
  const std::string gz = testing::gzip_bytes(big) + testing::gzip_bytes("tail\n");
  RecordingSink a;
  const SourceResult ra = read_bytes(gz, a, 8192);
  RecordingSink b;
  SourceResult rb;
  {
    ForceZlib zlib;
    rb = read_bytes(gz, b, 8192);
  }
  EXPECT_EQ(a.all_text, big + "tail\n");
  EXPECT_EQ(b.all_text, a.all_text);
  EXPECT_NE(rb.notes.front().find("zlib inflate"), std::string::npos) << rb.notes.front();
#if defined(OOMLENS_HAVE_ISAL)
  EXPECT_NE(ra.notes.front().find("ISA-L inflate"), std::string::npos) << ra.notes.front();
#endif
}

}  // namespace
}  // namespace oomlens
