// The one reader per memcg file (cgroup/memcg_files.h), on fixture trees.
#include "cgroup/memcg_files.h"

#include <gtest/gtest.h>

#include <string>

#include "support/fixture_tree.h"

namespace oomlens::cgroup {
namespace {

TEST(MemcgFiles, NamesPerVersion) {
  EXPECT_STREQ(memcg_file(Version::v1, MemcgFile::usage), "/memory.usage_in_bytes");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::usage), "/memory.current");
  EXPECT_STREQ(memcg_file(Version::v1, MemcgFile::peak), "/memory.max_usage_in_bytes");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::peak), "/memory.peak");
  EXPECT_STREQ(memcg_file(Version::v1, MemcgFile::stat), "/memory.stat");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::stat), "/memory.stat");
  EXPECT_STREQ(memcg_file(Version::v1, MemcgFile::oom_kill), "/memory.oom_control");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::oom_kill), "/memory.events.local");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::events), "/memory.events");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::high), "/memory.high");
  EXPECT_STREQ(memcg_file(Version::v2, MemcgFile::pressure), "/memory.pressure");
  // v1 has no memory.events, memory.high or per-cgroup PSI.
  EXPECT_EQ(memcg_file(Version::v1, MemcgFile::events), nullptr);
  EXPECT_EQ(memcg_file(Version::v1, MemcgFile::high), nullptr);
  EXPECT_EQ(memcg_file(Version::v1, MemcgFile::pressure), nullptr);
}

TEST(MemcgFiles, OneNumberText) {
  EXPECT_EQ(parse_u64_value("314572800\n"), 314572800u);
  EXPECT_EQ(parse_u64_value("0"), 0u);
  EXPECT_FALSE(parse_u64_value("max\n"));
  EXPECT_FALSE(parse_u64_value(""));
  EXPECT_FALSE(parse_u64_value("99999999999999999999999\n"));  // overflow: unknown, not a wrapped value
}

TEST(MemcgFiles, ReadsV2Files) {
  testing::FixtureTree t;
  const std::string d = t.root() + "/sys/fs/cgroup/job.slice/leaf";
  t.write_files("sys/fs/cgroup/job.slice/leaf",
                {{"memory.current", "314572800\n"},
                 {"memory.peak", "419430400\n"},
                 {"memory.high", "max\n"},
                 {"memory.stat", "anon 200\nfile 100\nshmem 7\ninactive_file 104857600\n"},
                 {"memory.events", "low 0\nhigh 12\nmax 3\noom 2\noom_kill 1\noom_group_kill 0\n"}});
  EXPECT_EQ(read_usage_bytes(Version::v2, d), 314572800u);
  EXPECT_EQ(read_peak_bytes(Version::v2, d), 419430400u);
  const Limit high = read_high(Version::v2, d);
  EXPECT_TRUE(high.unlimited);
  EXPECT_FALSE(high.bytes);
  auto st = read_memory_stat(Version::v2, d);
  ASSERT_TRUE(st);
  EXPECT_EQ(st->anon_bytes, 200u);
  EXPECT_EQ(st->shmem_bytes, 7u);
  EXPECT_EQ(st->file_bytes, 100u);
  EXPECT_EQ(st->inactive_file_bytes, 104857600u);
  auto ev = read_memory_events(Version::v2, d);
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->low, 0u);
  EXPECT_EQ(ev->high, 12u);
  EXPECT_EQ(ev->max, 3u);
  EXPECT_EQ(ev->oom, 2u);  // `oom` is not read from the `oom_kill` or `oom_group_kill` lines
  EXPECT_EQ(ev->oom_kill, 1u);
  // No memory.events.local (before 5.2): the counter falls back to memory.events.
  EXPECT_EQ(oom_kill_count(Version::v2, d), 1u);
  t.write("sys/fs/cgroup/job.slice/leaf/memory.high", "1073741824\n");
  EXPECT_EQ(read_high(Version::v2, d).bytes, 1073741824u);
}

TEST(MemcgFiles, ReadsV1FilesAndWhatV1Lacks) {
  testing::FixtureTree t;
  const std::string d = t.root() + "/sys/fs/cgroup/memory/job";
  t.write_files("sys/fs/cgroup/memory/job",
                {{"memory.usage_in_bytes", "734003200\n"},
                 {"memory.max_usage_in_bytes", "800000000\n"},
                 {"memory.stat", "rss 1\ntotal_rss 600\ntotal_inactive_file 104857600\n"},
                 {"memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 4\n"},
                 // Files v1 does not have, present here to show they are not read.
                 {"memory.high", "1\n"},
                 {"memory.events", "oom 9\n"}});
  EXPECT_EQ(read_usage_bytes(Version::v1, d), 734003200u);
  EXPECT_EQ(read_peak_bytes(Version::v1, d), 800000000u);
  auto st = read_memory_stat(Version::v1, d);
  ASSERT_TRUE(st);
  EXPECT_EQ(st->anon_bytes, 600u);  // total_rss first
  EXPECT_EQ(st->inactive_file_bytes, 104857600u);
  EXPECT_EQ(oom_kill_count(Version::v1, d), 4u);
  EXPECT_FALSE(read_high(Version::v1, d).bytes);
  EXPECT_FALSE(read_high(Version::v1, d).unlimited);
  EXPECT_FALSE(read_memory_events(Version::v1, d));
}

TEST(MemcgFiles, MissingFilesAreUnknown) {
  testing::FixtureTree t;
  const std::string d = t.root() + "/gone";
  EXPECT_FALSE(read_usage_bytes(Version::v2, d));
  EXPECT_FALSE(read_peak_bytes(Version::v2, d));
  EXPECT_FALSE(read_memory_stat(Version::v2, d));
  EXPECT_FALSE(read_memory_events(Version::v2, d));
  EXPECT_FALSE(read_high(Version::v2, d).bytes);
  t.write("v2/memory.current", "max\n");
  EXPECT_FALSE(read_usage_bytes(Version::v2, t.root() + "/v2"));
}

TEST(MemcgFiles, ParsesMemoryEventsWithKeysAbsent) {
  const MemoryEvents e = parse_memory_events("oom_kill 5\n");
  EXPECT_EQ(e.oom_kill, 5u);
  EXPECT_FALSE(e.oom);
  EXPECT_FALSE(e.high);
}

}  // namespace
}  // namespace oomlens::cgroup
