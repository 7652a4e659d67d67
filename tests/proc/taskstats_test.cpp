// Taskstats exits: the datagram parser on built messages (shapes from
// kernel/taskstats.c: mk_reply(), taskstats_exit()), and the listener on
// real exits of processes this test forks.
#include <gtest/gtest.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/taskstats.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <thread>

#include "support/ci.h"
#include "proc/taskstats.h"

namespace oomlens::proc {
namespace {

std::string attr(uint16_t type, const std::string& payload) {
  nlattr a{};
  a.nla_len = static_cast<uint16_t>(NLA_HDRLEN + payload.size());
  a.nla_type = type;
  std::string s(reinterpret_cast<const char*>(&a), sizeof a);
  s += payload;
  s.resize((s.size() + 3) & ~size_t{3}, '\0');
  return s;
}

std::string u32(uint32_t v) { return std::string(reinterpret_cast<const char*>(&v), 4); }

/// A TASKSTATS_CMD_NEW message as taskstats_exit() sends it: AGGR_PID
/// (PID, STATS), and AGGR_TGID (TGID, STATS) when the group died.
std::string exit_message(uint16_t family, uint32_t pid, uint32_t tgid, uint32_t ppid, const char* comm, bool group_dead,
                         size_t stats_len = sizeof(taskstats), uint16_t version = TASKSTATS_VERSION) {
  taskstats st{};
  st.version = version;
  st.ac_pid = pid;
  st.ac_ppid = ppid;
  st.ac_tgid = tgid;
  st.ac_exitcode = 9;  // killed by SIGKILL
  st.hiwater_rss = 2048;
  std::strncpy(st.ac_comm, comm, sizeof st.ac_comm - 1);
  std::string stats(reinterpret_cast<const char*>(&st), stats_len);
  std::string body = attr(TASKSTATS_TYPE_AGGR_PID, attr(TASKSTATS_TYPE_PID, u32(pid)) + attr(TASKSTATS_TYPE_STATS, stats));
  if (group_dead) {
    taskstats g{};  // the group's part: delay totals only
    body += attr(TASKSTATS_TYPE_AGGR_TGID, attr(TASKSTATS_TYPE_TGID, u32(tgid)) +
                                               attr(TASKSTATS_TYPE_STATS, std::string(reinterpret_cast<const char*>(&g), sizeof g)));
  }
  genlmsghdr gh{};
  gh.cmd = TASKSTATS_CMD_NEW;
  nlmsghdr h{};
  h.nlmsg_type = family;
  h.nlmsg_len = static_cast<uint32_t>(NLMSG_HDRLEN + GENL_HDRLEN + body.size());
  std::string m(reinterpret_cast<const char*>(&h), sizeof h);
  m += std::string(reinterpret_cast<const char*>(&gh), sizeof gh);
  m += body;
  return m;
}

TEST(Taskstats, ParsesExitsOfProcessesAndThreads) {
  const uint16_t fam = 31;
  std::string d = exit_message(fam, 500, 500, 400, "worker", false)     // a single-threaded process
                  + exit_message(fam, 601, 600, 400, "pt_thread", false)  // one thread of 600
                  + exit_message(fam, 602, 600, 400, "pt_main", true)     // 600's last thread: 600 is gone
                  + exit_message(77, 700, 700, 400, "other", false);      // another family: skipped
  auto v = parse_taskstats_datagram(d, fam);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].pid, 500u);
  EXPECT_EQ(v[0].ppid, 400u);
  EXPECT_EQ(v[0].comm, "worker");
  EXPECT_EQ(v[0].exit_code, 9u);
  EXPECT_EQ(v[0].hiwater_rss_bytes, 2048u * 1024);
  EXPECT_EQ(v[0].ends_process(), true);
  EXPECT_EQ(v[1].ends_process(), false);  // a thread
  EXPECT_EQ(v[2].ends_process(), true);   // the group died
  EXPECT_TRUE(v[2].group_dead);
}

TEST(Taskstats, OldOrShortStructsAndMangledMessagesAreSafe) {
  const uint16_t fam = 31;
  // Version 11 (before ac_tgid): a thread cannot be told from a process.
  auto v = parse_taskstats_datagram(exit_message(fam, 601, 600, 400, "t", false, sizeof(taskstats), 11), fam);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_FALSE(v[0].tgid.has_value());
  EXPECT_FALSE(v[0].ends_process().has_value());
  // A struct cut before hiwater_rss: unknown, not 0.
  v = parse_taskstats_datagram(exit_message(fam, 5, 5, 4, "t", false, offsetof(taskstats, hiwater_rss)), fam);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_FALSE(v[0].hiwater_rss_bytes.has_value());
  // Every truncation of a message: never a crash, never a half-read exit
  // beyond what its bytes hold.
  std::string m = exit_message(fam, 500, 500, 400, "worker", false);
  for (size_t n = 0; n < m.size(); ++n) (void)parse_taskstats_datagram(std::string_view(m.data(), n), fam);
  std::string bad = m;
  bad[NLMSG_HDRLEN + GENL_HDRLEN] = '\xff';  // the first attribute's length overruns the message
  bad[NLMSG_HDRLEN + GENL_HDRLEN + 1] = '\x7f';
  EXPECT_TRUE(parse_taskstats_datagram(bad, fam).empty());
  EXPECT_FALSE(parse_genl_family_id("").has_value());
}

// Real exits: three children of this test, each found in the listener's
// queue with this process as the parent and its own exit status.
TEST(Taskstats, ListenerSeesTheExitsOfOurChildren) {
  auto l = TaskstatsListener::open();
  if (!l) {
    OOMLENS_SKIP_UNLESS_CI(l.error().message() << " (needs CAP_NET_ADMIN and CONFIG_TASKSTATS)");
  }
  std::vector<pid_t> kids;
  for (int i = 0; i < 3; ++i) {
    pid_t p = ::fork();
    if (p == 0) ::_exit(40 + i);
    ASSERT_GT(p, 0);
    kids.push_back(p);
  }
  for (pid_t p : kids) ::waitpid(p, nullptr, 0);
  std::vector<TaskExit> seen;
  for (int i = 0; i < 200 && seen.size() < kids.size(); ++i) {  // queued at exit: waits on the condition
    for (auto& e : l->drain())
      if (e.ppid == static_cast<uint32_t>(::getpid())) seen.push_back(e);
    if (seen.size() < kids.size()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(seen.size(), kids.size());
  for (size_t i = 0; i < kids.size(); ++i) {  // exits on other CPUs may come in another order
    auto it = std::find_if(seen.begin(), seen.end(), [&](auto& e) { return e.pid == static_cast<uint32_t>(kids[i]); });
    ASSERT_NE(it, seen.end()) << kids[i];
    EXPECT_EQ(it->ends_process(), true);
    EXPECT_TRUE(WIFEXITED(static_cast<int>(it->exit_code)));
    EXPECT_EQ(WEXITSTATUS(static_cast<int>(it->exit_code)), 40 + static_cast<int>(i));
    EXPECT_GT(it->hiwater_rss_bytes.value_or(0), 0u);
  }
}

}  // namespace
}  // namespace oomlens::proc
