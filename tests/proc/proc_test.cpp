#include "proc/proc.h"
#include "support/fixture_tree.h"
#include "support/paths.h"
#include "util/file.h"
#include "util/text.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

namespace oomlens::proc {
namespace {

TEST(KvField, KilobytesBecomeBytes) {
  EXPECT_EQ(kv_field("MemTotal:       24574556 kB\nMemFree: 1 kB\n", "MemTotal"), 24574556ull * 1024);
  EXPECT_EQ(kv_field("HugePages_Total:       0\n", "HugePages_Total"), 0u);
  EXPECT_FALSE(kv_field("MemTotal: 12 MB\n", "MemTotal"));
  EXPECT_FALSE(kv_field("MemTotalX: 12 kB\n", "MemTotal"));
  EXPECT_FALSE(kv_field("MemTotal: abc kB\n", "MemTotal"));
  EXPECT_FALSE(kv_field("", "MemTotal"));
}

TEST(Meminfo, OldKernelHasNoMemAvailable) {
  auto m = parse_meminfo("MemTotal: 2048 kB\nMemFree: 1024 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n");
  EXPECT_EQ(m.mem_total_bytes, 2048u * 1024);
  EXPECT_FALSE(m.mem_available_bytes.has_value());
  EXPECT_EQ(m.swap_total_bytes, 0u);
}

TEST(PidStatus, ParsesRssSplitAndSignals) {
  auto s = parse_pid_status(
      "Name:\tpt_data_worker\nPPid:\t4242\nUid:\t1000\t1000\t1000\t1000\nVmRSS:\t  1000 kB\n"
      "RssAnon:\t 600 kB\nRssFile:\t 300 kB\nRssShmem:\t 100 kB\nVmSwap:\t 0 kB\nSigCgt:\t0000000180004a02\n");
  EXPECT_EQ(s.name, "pt_data_worker");
  EXPECT_EQ(s.ppid, 4242);
  EXPECT_EQ(s.uid, 1000u);
  EXPECT_EQ(s.rss_anon_bytes, 600u * 1024);
  EXPECT_EQ(s.rss_shmem_bytes, 100u * 1024);
  ASSERT_TRUE(s.sig_cgt);
  EXPECT_TRUE(*s.sig_cgt & (1ull << (15 - 1)));  // SIGTERM caught
  EXPECT_EQ(s.cap_eff, std::nullopt);
  EXPECT_EQ(s.ns_pid_levels, std::nullopt);  // before 4.1
}

TEST(PidStatus, CapabilitiesAndPidNamespaces) {
  auto s = parse_pid_status("Name:\tx\nNSpid:\t4242\t17\t1\nCapEff:\t000001fffeffffff\n");
  EXPECT_EQ(s.ns_pid_levels, 3u);
  ASSERT_TRUE(s.cap_eff);
  EXPECT_FALSE(*s.cap_eff & (1ull << 24));  // CAP_SYS_RESOURCE missing (docs MACHINE-FACTS)
  EXPECT_TRUE(*s.cap_eff & (1ull << 21));   // CAP_SYS_ADMIN
  EXPECT_EQ(parse_pid_status("NSpid:\t42\n").ns_pid_levels, 1u);
  EXPECT_EQ(parse_pid_status("NSpid:\tx\n").ns_pid_levels, std::nullopt);
}

TEST(SmapsRollup, PssSplitAndUss) {
  auto r = parse_smaps_rollup(
      "55d0c0000000-7ffd00000000 ---p 00000000 00:00 0    [rollup]\nRss:  4000 kB\nPss:  2500 kB\n"
      "Pss_Anon: 2000 kB\nPss_File: 400 kB\nPss_Shmem: 100 kB\nShared_Clean: 1000 kB\n"
      "Private_Clean: 500 kB\nPrivate_Dirty: 1500 kB\nSwap: 0 kB\nSwapPss: 0 kB\n");
  EXPECT_EQ(r.pss_bytes, 2500u * 1024);
  EXPECT_EQ(r.pss_anon_bytes, 2000u * 1024);
  EXPECT_EQ(r.uss_bytes, 2000u * 1024);
}

TEST(SmapsRollup, PreFiveThreeKernelHasNoSplit) {
  auto r = parse_smaps_rollup("Rss: 4000 kB\nPss: 2500 kB\nPrivate_Clean: 1 kB\nPrivate_Dirty: 2 kB\n");
  EXPECT_FALSE(r.pss_anon_bytes.has_value());
  EXPECT_EQ(r.pss_bytes, 2500u * 1024);
}

TEST(PidStat, CommWithSpacesAndParentheses) {
  auto s = parse_pid_stat("1234 (foo) Z (bar)) S 1 1234 1234 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 1 0 98765 0 0\n");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->comm, "foo) Z (bar)");
  EXPECT_EQ(s->state, 'S');
  EXPECT_EQ(s->ppid, 1);
  EXPECT_EQ(s->utime_ticks, 7u);
  EXPECT_EQ(s->start_time_ticks, 98765u);
  EXPECT_EQ(s->flags, 4194560u);
  EXPECT_EQ(s->rss_pages, 0u);
  EXPECT_EQ(s->exit_code, std::nullopt);  // a line cut before field 52 (before 3.5)
  EXPECT_FALSE(parse_pid_stat("1234 (x) S 1 2"));
  EXPECT_FALSE(parse_pid_stat("garbage"));
}

TEST(Pressure, SomeAndFull) {
  auto p = parse_pressure("some avg10=1.50 avg60=0.20 avg300=0.00 total=123456\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=7\n");
  ASSERT_TRUE(p.some && p.full);
  EXPECT_DOUBLE_EQ(p.some->avg10, 1.5);
  EXPECT_EQ(p.some->total_us, 123456u);
  EXPECT_EQ(p.full->total_us, 7u);
  auto cpu_old = parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=1\n");
  EXPECT_FALSE(cpu_old.full.has_value());
  EXPECT_FALSE(parse_pressure("some avg10=x").some.has_value());
}

TEST(LiveProc, ReadsOwnProcess) {
  auto st = read_pid_status(getpid());
  ASSERT_TRUE(st);
  EXPECT_TRUE(st->vm_rss_bytes.has_value());
  auto stat = read_pid_stat(getpid());
  ASSERT_TRUE(stat);
  EXPECT_EQ(stat->pid, getpid());
  EXPECT_TRUE(read_meminfo()->mem_total_bytes.has_value());
  EXPECT_FALSE(read_pid_status(-5).has_value());  // a gone process is nullopt
}

// fs/proc/base.c proc_pid_limits: "%-25s %-20s %-20s %-10s\n".
TEST(PidLimits, MemoryRlimits) {
  auto r = parse_pid_limits(
      "Limit                     Soft Limit           Hard Limit           Units     \n"
      "Max data size             unlimited            unlimited            bytes     \n"
      "Max stack size            8388608              unlimited            bytes     \n"
      "Max address space         536870912            1073741824           bytes     \n");
  EXPECT_EQ(r.as_soft_bytes, 536870912u);
  EXPECT_EQ(r.as_hard_bytes, 1073741824u);
  EXPECT_FALSE(r.data_soft_bytes);  // unlimited: no limit to name
  EXPECT_FALSE(r.data_hard_bytes);
  EXPECT_FALSE(parse_pid_limits("garbage").as_soft_bytes);
  auto self = read_pid_limits(::getpid());
  ASSERT_TRUE(self.has_value());
}

TEST(PidText, CommKeepsSpacesAndParenthesesCmdlineJoinsArgv) {
  testing::FixtureTree t;
  t.write("proc/42/comm", "foo) Z \n");
  t.write("proc/42/cmdline", std::string("python3\0/opt/nohang/nohang\0--monitor\0", 37));
  t.write("proc/43/cmdline", "");  // a kernel thread
  const std::string proc = t.root() + "/proc";
  EXPECT_EQ(read_comm(42, proc), "foo) Z ");
  EXPECT_FALSE(read_comm(44, proc));  // gone
  EXPECT_EQ(read_cmdline(42, proc), "python3 /opt/nohang/nohang --monitor");
  EXPECT_EQ(read_cmdline(42, proc, 7), "python3");  // the cap, in bytes
  EXPECT_EQ(read_cmdline(43, proc), "");
  EXPECT_EQ(read_cmdline(44, proc), "");
  EXPECT_EQ(cmdline_text(std::string("a\0b\0\0", 5)), "a b");
  // The same files as arguments, and comm text read through a held fd.
  using V = std::vector<std::string>;
  EXPECT_EQ(read_cmdline_args(42, proc), (V{"python3", "/opt/nohang/nohang", "--monitor"}));
  EXPECT_EQ(read_cmdline_args(43, proc), V{});
  EXPECT_EQ(read_cmdline_args(44, proc), V{});
  EXPECT_EQ(cmdline_args(std::string("a\0\0b", 4)), (V{"a", "", "b"}));  // an empty argument kept; no final NUL
  EXPECT_EQ(cmdline_args(std::string("--\0", 3)), V{"--"});
  EXPECT_EQ(parse_comm("foo) Z \n"), "foo) Z ");
  EXPECT_EQ(parse_comm("bash"), "bash");
  EXPECT_EQ(parse_comm(""), "");
}

TEST(ListPids, KeepsPositiveDecimalNamesOnly) {
  testing::FixtureTree t;
  for (const char* d : {"proc/1", "proc/42", "proc/31337", "proc/self", "proc/sys", "proc/0", "proc/12abc",
                        "proc/-5", "proc/99999999999999999999"})
    t.mkdir(d);
  t.write("proc/meminfo", "MemTotal: 1 kB\n");
  t.write("proc/7", "a file named like a pid still lists: /proc has none\n");
  auto pids = list_pids(t.root() + "/proc");
  std::sort(pids.begin(), pids.end());
  EXPECT_EQ(pids, (std::vector<int>{1, 7, 42, 31337}));
  EXPECT_TRUE(list_pids(t.root() + "/missing").empty());
  EXPECT_FALSE(list_pids().empty());  // the real /proc lists at least this process
}

TEST(PidText, ReadFileAtIsRelativeToTheDirectory) {
  testing::FixtureTree t;
  t.write("proc/42/oom_score_adj", "-1000\n");
  const int dir = ::open((t.root() + "/proc/42").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(dir, 0);
  EXPECT_EQ(read_file_at(dir, "oom_score_adj"), "-1000\n");
  EXPECT_EQ(read_file_at(dir, "oom_score_adj", 3), "-10");
  EXPECT_FALSE(read_file_at(dir, "missing"));
  ::close(dir);
  EXPECT_EQ(read_pid_int(42, "oom_score_adj", t.root() + "/proc"), -1000);
}

TEST(TextLines, NextLineVisitsEachLineOnce) {
  std::string_view rest = "some a=1\nfull b=2\n\nlast";
  std::vector<std::string_view> lines;
  while (!rest.empty()) lines.push_back(text::next_line(rest));
  EXPECT_EQ(lines, (std::vector<std::string_view>{"some a=1", "full b=2", "", "last"}));
}

}  // namespace
}  // namespace oomlens::proc

namespace oomlens::proc {
namespace {

// /proc/sys/kernel/random/boot_id: the one reader (issue 18), the kernel's
// dashed form; unknown is nullopt, never "".
TEST(BootId, DashedUuidValidatedAndLowercased) {
  EXPECT_EQ(parse_boot_id("372768f8-768b-4bfe-8327-a91c4972e3b4\n"), "372768f8-768b-4bfe-8327-a91c4972e3b4");
  EXPECT_EQ(parse_boot_id("372768F8-768B-4BFE-8327-A91C4972E3B4"), "372768f8-768b-4bfe-8327-a91c4972e3b4");
  EXPECT_FALSE(parse_boot_id(""));
  EXPECT_FALSE(parse_boot_id("\n"));
  EXPECT_FALSE(parse_boot_id("372768f8768b4bfe8327a91c4972e3b4"));  // the journal's form is not this file's
  EXPECT_FALSE(parse_boot_id("372768f8-768b-4bfe-8327-a91c4972e3bz"));
  EXPECT_FALSE(parse_boot_id("372768f8-768b-4bfe-8327+a91c4972e3b4"));
  EXPECT_FALSE(parse_boot_id("372768f8-768b-4bfe-8327- 91c4972e3b4"));  // a blank is no digit
  auto fx = read_boot_id(oomlens::testing::source_path("/tests/fixtures/logsource/root/proc"));
  ASSERT_TRUE(fx);
  EXPECT_EQ(fx->size(), 36u);
  EXPECT_FALSE(read_boot_id("/nonexistent-root/proc"));
  EXPECT_TRUE(read_boot_id());  // the live one
}

// The one normaliser: the journal's 32-hex form from either form, any case,
// dashes and blanks dropped (a pasted id, the file's trailing newline).
TEST(BootId, NormalisedToTheJournalsForm) {
  EXPECT_EQ(normalize_boot_id("0F3A9C2E-1B2D-4E5F-8A9B-0C1D2E3F4A5B\n"), "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b");
  EXPECT_EQ(normalize_boot_id("0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b"), "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b");
  EXPECT_EQ(normalize_boot_id(" 0f3a9c2e 1b2d4e5f8a9b0c1d2e3f4a5b\t"), "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b");
  EXPECT_FALSE(normalize_boot_id("xyz"));
  EXPECT_FALSE(normalize_boot_id("0f3a9c2e"));
  EXPECT_FALSE(normalize_boot_id("0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b0"));  // 33 digits
  EXPECT_FALSE(normalize_boot_id("0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5g"));
}

}  // namespace
}  // namespace oomlens::proc
