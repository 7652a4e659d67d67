// drop_clean_file_pages(): which mappings are eligible (parser on a fixture
// smaps, nothing advised), and that advising our own process keeps it working.
#include "util/resident.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace oomlens {
namespace {

TEST(Resident, OnlyCleanReadOnlyPrivateFileMappings) {
  auto path = std::filesystem::temp_directory_path() / ("oomlens-smaps-" + std::to_string(::getpid()));
  std::ofstream(path) <<
      // eligible: r-xp text, no anonymous page
      "7f0000000000-7f0000100000 r-xp 00000000 08:01 123 /usr/lib/libcrypto.so.3\n"
      "Size:               1024 kB\nRss:                 800 kB\nAnonymous:             0 kB\n"
      // not eligible: RELRO with relocated (COW) pages
      "7f0000100000-7f0000200000 r--p 00100000 08:01 123 /usr/lib/libcrypto.so.3\n"
      "Size:               1024 kB\nRss:                 600 kB\nAnonymous:           392 kB\n"
      // not eligible: writable data
      "7f0000200000-7f0000210000 rw-p 00200000 08:01 123 /usr/lib/libcrypto.so.3\n"
      "Size:                 64 kB\nRss:                  64 kB\nAnonymous:            64 kB\n"
      // eligible: read-only data without COW pages
      "7f0000300000-7f0000310000 r--p 00000000 08:01 124 /usr/lib/libc.so.6\n"
      "Size:                 64 kB\nRss:                  32 kB\nAnonymous:             0 kB\n"
      // not eligible: shared, anonymous, pseudo files, deleted files
      "7f0000400000-7f0000410000 r--s 00000000 08:01 125 /usr/lib/shared.cache\n"
      "Rss:                  16 kB\nAnonymous:             0 kB\n"
      "7f0000500000-7f0000510000 rw-p 00000000 00:00 0 \n"
      "Rss:                  64 kB\nAnonymous:            64 kB\n"
      "7fff00000000-7fff00002000 r-xp 00000000 00:00 0 [vdso]\n"
      "Rss:                   4 kB\nAnonymous:             0 kB\n"
      "7f0000600000-7f0000610000 r-xp 00000000 08:01 126 /tmp/old (deleted)\n"
      "Rss:                  16 kB\nAnonymous:             0 kB\n";
  DropResult r = drop_clean_file_pages(path.string(), /*apply=*/false);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.mappings, 2u);
  EXPECT_EQ(r.rss_before_kb, 832u);
  std::filesystem::remove(path);
  EXPECT_FALSE(drop_clean_file_pages("/nonexistent/smaps", false).ok);
}

TEST(Resident, OwnProcessKeepsRunning) {
  DropResult r = drop_clean_file_pages();
  ASSERT_TRUE(r.ok);
  EXPECT_GT(r.mappings, 0u);
  // Code and read-only data fault back in: the process still works.
  std::string s(1000, 'x');
  EXPECT_EQ(std::to_string(s.size()), "1000");
}

}  // namespace
}  // namespace oomlens
