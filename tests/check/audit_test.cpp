// `oomlens check`: the pure audit on hand-made facts, and the reader on a
// fixture root.
#include "check/audit.h"

#include <gtest/gtest.h>

#include <cerrno>

#include "support/fixture_tree.h"
#include "util/units.h"

namespace oomlens::check {
namespace {


// A healthy machine: every finding PASS.
SystemFacts healthy() {
  SystemFacts f;
  f.overcommit_memory = 0;
  f.overcommit_ratio = 50;
  f.overcommit_kbytes = 0;
  f.swappiness = 60;
  f.panic_on_oom = 0;
  f.oom_kill_allocating_task = 0;
  f.oom_dump_tasks = 1;
  proc::Meminfo m;
  m.mem_total_bytes = 16 * kGiB;
  m.commit_limit_bytes = 12 * kGiB;
  m.committed_as_bytes = 2 * kGiB;
  m.swap_total_bytes = 4 * kGiB;
  f.meminfo = m;
  f.swaps = std::vector<SwapDevice>{{"/swapfile", "file", 4 * kGiB, 0}};
  f.dmesg_restrict = 0;
  f.kmsg_readable = true;
  f.memory_pressure = proc::Pressure{proc::PsiLine{}, proc::PsiLine{}};
  f.memory_controller = true;
  f.cgroup_version = "v2";
  f.cgroup_path = "/user.slice";
  f.shm_present = true;
  f.shm_size_bytes = 8 * kGiB;
  f.shm_used_bytes = 0;
  return f;
}

const Finding& by_id(const std::vector<Finding>& v, const std::string& id) {
  for (const auto& f : v)
    if (f.id == id) return f;
  static Finding none{"missing", Status::fail, "", "", ""};
  return none;
}

TEST(Audit, HealthyMachinePassesEverything) {
  auto v = audit(healthy());
  ASSERT_EQ(v.size(), 13u);
  for (const auto& f : v) {
    EXPECT_EQ(f.status, Status::pass) << f.id << ": " << f.reason;
    EXPECT_TRUE(f.fix.empty()) << f.id;
  }
  EXPECT_NE(by_id(v, "overcommit").reason.find("Committed_AS 2.0 GiB of CommitLimit 12.0 GiB"), std::string::npos);
}

TEST(Audit, StrictOvercommitNearLimitFails) {
  auto f = healthy();
  f.overcommit_memory = 2;
  f.meminfo->committed_as_bytes = 11 * kGiB + kGiB / 2;
  auto o = by_id(audit(f), "overcommit");
  EXPECT_EQ(o.status, Status::fail);
  EXPECT_NE(o.fix.find("vm.overcommit_memory=0"), std::string::npos);
  f.meminfo->committed_as_bytes = kGiB;
  f.meminfo->commit_limit_bytes = 15 * kGiB;
  EXPECT_EQ(by_id(audit(f), "overcommit").status, Status::warn);
  f.overcommit_memory = 1;
  EXPECT_EQ(by_id(audit(f), "overcommit").status, Status::warn);
}

TEST(Audit, NoSwapWarnsAndNamesIdleZram) {
  auto f = healthy();
  f.swaps = std::vector<SwapDevice>{};
  f.zram = {{"zram0", 0}};
  auto s = by_id(audit(f), "swap");
  EXPECT_EQ(s.status, Status::warn);
  EXPECT_NE(s.reason.find("zram0"), std::string::npos);
  EXPECT_NE(s.fix.find("zramctl"), std::string::npos);
  EXPECT_EQ(by_id(audit(f), "swappiness").status, Status::pass);  // no effect without swap
}

TEST(Audit, SwappinessZeroWithSwapAndLowWithZram) {
  auto f = healthy();
  f.swappiness = 0;
  EXPECT_EQ(by_id(audit(f), "swappiness").status, Status::warn);
  f.swappiness = 60;
  f.swaps = std::vector<SwapDevice>{{"/dev/zram0", "partition", 4 * kGiB, 0}};
  auto s = by_id(audit(f), "swappiness");
  EXPECT_EQ(s.status, Status::warn);
  EXPECT_NE(s.fix.find("vm.swappiness=180"), std::string::npos);
}

TEST(Audit, CgroupLimitAboveRamWarns) {
  auto f = healthy();
  f.cgroup_limit_bytes = 32 * kGiB;
  f.cgroup_limit_path = "/user.slice";
  EXPECT_EQ(by_id(audit(f), "cgroup_limit").status, Status::warn);
  f.cgroup_limit_bytes = 4 * kGiB;
  f.cgroup_usage_bytes = kGiB;
  auto c = by_id(audit(f), "cgroup_limit");
  EXPECT_EQ(c.status, Status::pass);
  EXPECT_NE(c.reason.find("4.0 GiB"), std::string::npos);
  f.memory_controller = false;
  EXPECT_EQ(by_id(audit(f), "cgroup_limit").status, Status::warn);
}

TEST(Audit, SmallDevShmFails) {
  auto f = healthy();
  f.shm_size_bytes = 64ull << 20;  // Docker's default
  auto s = by_id(audit(f), "dev_shm");
  EXPECT_EQ(s.status, Status::fail);
  EXPECT_NE(s.fix.find("--shm-size"), std::string::npos);
  f.shm_size_bytes = 512ull << 20;
  EXPECT_EQ(by_id(audit(f), "dev_shm").status, Status::warn);
  f.shm_present = false;
  EXPECT_EQ(by_id(audit(f), "dev_shm").status, Status::fail);
}

TEST(Audit, UnreadableKernelLogSaysWhy) {
  auto f = healthy();
  f.kmsg_readable = false;
  f.kmsg_error = SystemError{EPERM, "open /dev/kmsg"};
  f.dmesg_restrict = 1;
  auto k = by_id(audit(f), "kernel_log");
  EXPECT_EQ(k.status, Status::warn);
  EXPECT_NE(k.reason.find("Operation not permitted"), std::string::npos);
  EXPECT_NE(k.fix.find("kernel.dmesg_restrict=0"), std::string::npos);
}

TEST(Audit, SysctlFlagsAndPsi) {
  auto f = healthy();
  f.panic_on_oom = 2;
  f.oom_kill_allocating_task = 1;
  f.oom_dump_tasks = 0;
  f.memory_pressure.reset();
  f.as_root = false;
  auto v = audit(f);
  EXPECT_EQ(by_id(v, "panic_on_oom").status, Status::fail);
  EXPECT_EQ(by_id(v, "oom_kill_allocating_task").status, Status::warn);
  EXPECT_EQ(by_id(v, "oom_dump_tasks").status, Status::warn);
  EXPECT_NE(by_id(v, "oom_dump_tasks").fix.find("sudo sysctl -w vm.oom_dump_tasks=1"), std::string::npos);
  EXPECT_EQ(by_id(v, "psi").status, Status::warn);
  f.panic_on_oom = 1;
  EXPECT_EQ(by_id(audit(f), "panic_on_oom").status, Status::warn);
}

TEST(Audit, UnknownValuesWarnNeverPass) {
  SystemFacts f;  // nothing readable
  auto v = audit(f);
  EXPECT_EQ(by_id(v, "overcommit").status, Status::warn);
  EXPECT_NE(by_id(v, "overcommit").reason.find("cannot read"), std::string::npos);
  EXPECT_EQ(by_id(v, "panic_on_oom").reason, "cannot read /proc/sys/vm/panic_on_oom");
  EXPECT_TRUE(facts_empty(f));
}

TEST(Audit, UnkillableAndDaemons) {
  auto f = healthy();
  f.unkillable = {{812, "sshd", "/usr/sbin/sshd -D", 8ull << 20}};
  EXPECT_EQ(by_id(audit(f), "unkillable").status, Status::pass);
  f.unkillable.push_back({900, "redis-server", "redis-server", 3 * kGiB});
  auto u = by_id(audit(f), "unkillable");
  EXPECT_EQ(u.status, Status::warn);
  EXPECT_NE(u.reason.find("900 redis-server"), std::string::npos);
  f.oom_daemons = {{55, "earlyoom", "/usr/bin/earlyoom -r 3600", std::nullopt}};
  auto d = by_id(audit(f), "oom_daemons");
  EXPECT_EQ(d.status, Status::warn);
  EXPECT_NE(d.reason.find("no cgroup code"), std::string::npos);
  EXPECT_EQ(oom_daemon_kind("python3", "python3 /usr/sbin/nohang --monitor"), "nohang");
  EXPECT_EQ(oom_daemon_kind("systemd-oomd", ""), "systemd-oomd");
  EXPECT_EQ(oom_daemon_kind("bash", "bash"), "");
}

TEST(Audit, UlimitV) {
  auto f = healthy();
  f.ulimit_v_unlimited = false;
  f.ulimit_v_bytes = 8 * kGiB;
  auto u = by_id(audit(f), "ulimit_v");
  EXPECT_EQ(u.status, Status::warn);
  EXPECT_NE(u.reason.find("8.0 GiB"), std::string::npos);
}

TEST(CheckSwaps, ParsesProcSwaps) {
  auto v = parse_swaps("Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
                       "/dev/zram0                              partition\t4194300\t\t1024\t\t100\n"
                       "/swap file\tfile\tbad\t0\t-2\n");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].name, "/dev/zram0");
  EXPECT_EQ(v[0].size_bytes, 4194300ull * 1024);
  EXPECT_EQ(v[0].used_bytes, 1024ull * 1024);
  EXPECT_TRUE(parse_swaps("").empty());
}

TEST(CheckRender, JsonAndText) {
  auto f = healthy();
  f.shm_size_bytes = 1ull << 20;
  auto v = audit(f);
  auto j = render_json(f, v);
  EXPECT_EQ(j["summary"]["fail"], 1);
  EXPECT_EQ(j["facts"]["overcommit_memory"], 0);
  EXPECT_TRUE(j["facts"]["cgroup_limit_bytes"].is_null());
  EXPECT_EQ(j["findings"][0]["id"], "overcommit");
  EXPECT_TRUE(j["findings"][0]["fix"].is_null());
  auto t = render_text(v, false);
  EXPECT_NE(t.find("FAIL  /dev/shm size"), std::string::npos);
  EXPECT_NE(t.find("12 passed, 0 warnings, 1 failed"), std::string::npos);
  // One warning is "1 warning" (a new user's `oomlens check` said "1 warnings").
  f = healthy();
  f.ulimit_v_unlimited = false;
  f.ulimit_v_bytes = 8 * kGiB;
  t = render_text(audit(f), false);
  EXPECT_NE(t.find(" passed, 1 warning, 0 failed\n"), std::string::npos) << t;
}

TEST(CheckReader, FixtureRoot) {
  oomlens::testing::FixtureTree t;
  t.write_files("proc/sys/vm", {{"overcommit_memory", "2\n"},
                                {"overcommit_ratio", "80\n"},
                                {"overcommit_kbytes", "0\n"},
                                {"swappiness", "10\n"},
                                {"panic_on_oom", "0\n"},
                                {"oom_kill_allocating_task", "0\n"},
                                {"oom_dump_tasks", "garbage\n"}});
  t.write("proc/sys/kernel/dmesg_restrict", "1\n");
  t.write_files("proc", {{"meminfo", "MemTotal: 1000000 kB\nCommitLimit: 900000 kB\nCommitted_AS: 100 kB\nSwapTotal: 4096 kB\n"},
                         {"swaps", "Filename Type Size Used Priority\n/dev/zram0 partition 4096 0 100\n"},
                         {"self/mountinfo", "40 30 0:35 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n"},
                         {"self/cgroup", "0::/user.slice/job\n"}});
  t.write("sys/block/zram0/disksize", "4194304\n");
  t.write_files("sys/fs/cgroup", {{"cgroup.controllers", "cpu io memory pids\n"},
                                  {"user.slice/memory.max", "2147483648\n"},
                                  {"user.slice/job/memory.max", "max\n"},
                                  {"user.slice/job/memory.current", "1048576\n"}});
  t.write_files("proc/77", {{"comm", "earlyoom\n"},
                            {"cmdline", std::string_view("/usr/bin/earlyoom\0-m\0" "5\0", 24)},
                            {"oom_score_adj", "-100\n"}});
  t.write_files("proc/78", {{"comm", "sshd\n"},
                            {"cmdline", std::string_view("sshd\0", 5)},
                            {"oom_score_adj", "-1000\n"},
                            {"status", "Name: sshd\nVmRSS: 2048 kB\n"}});
  // kernel thread: empty cmdline, ignored
  t.write_files("proc/3", {{"comm", "kworker/0:1\n"}, {"cmdline", ""}, {"oom_score_adj", "-1000\n"}});
  t.mkdir("dev/shm");
  auto f = read_system_facts(t.root());
  EXPECT_EQ(f.overcommit_memory, 2);
  EXPECT_EQ(f.overcommit_ratio, 80);
  EXPECT_EQ(f.swappiness, 10);
  EXPECT_FALSE(f.oom_dump_tasks);  // malformed → unknown, not 0
  EXPECT_EQ(f.dmesg_restrict, 1);
  EXPECT_FALSE(f.kmsg_readable);  // no dev/kmsg in the fixture
  ASSERT_TRUE(f.swaps);
  ASSERT_EQ(f.swaps->size(), 1u);
  ASSERT_EQ(f.zram.size(), 1u);
  EXPECT_EQ(f.zram[0].disksize_bytes, 4194304u);
  EXPECT_FALSE(f.memory_pressure);
  EXPECT_EQ(f.cgroup_version, "v2");
  EXPECT_EQ(f.cgroup_path, "/user.slice/job");
  EXPECT_EQ(f.cgroup_limit_bytes, 2147483648u);
  EXPECT_EQ(f.cgroup_limit_path, "/user.slice");
  EXPECT_EQ(f.cgroup_usage_bytes, 1048576u);
  EXPECT_TRUE(f.shm_present);
  ASSERT_EQ(f.unkillable.size(), 1u);
  EXPECT_EQ(f.unkillable[0].pid, 78);
  EXPECT_EQ(f.unkillable[0].rss_bytes, 2048u * 1024);
  ASSERT_EQ(f.oom_daemons.size(), 1u);
  EXPECT_EQ(f.oom_daemons[0].cmdline, "/usr/bin/earlyoom -m 5");
  EXPECT_FALSE(facts_empty(f));
  auto empty = read_system_facts(t.root() + "/nowhere");
  EXPECT_TRUE(facts_empty(empty));
}

}  // namespace
}  // namespace oomlens::check
