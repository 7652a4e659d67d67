// Burst summaries (watch/burst.h) and the journal as a live source
// (logsource/journal_follow.h through watch::Capture), on journals written
// by systemd-journal-remote, including a rotation.
#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "watch/burst.h"
#include "support/ci.h"
#include "support/oom_builders.h"
#include "watch/capture.h"

namespace oomlens::watch {
namespace {

using Clock = BurstLimiter::Clock;
using std::chrono::milliseconds;

WatchEvent kill_event(int pid, const std::string& cgroup) {
  WatchEvent w;
  w.kills = 1;
  w.detected_unix_ms = 1700000000000 + pid;
  w.event = testing::EventOf().victim(testing::VictimOf(pid, "leaker")).memcg(testing::MemcgOf().oom(cgroup));
  return w;
}

TEST(Burst, FullEventsThenOneSummaryThatSaysSo) {
  BurstOptions o;
  o.full_events = 5;
  o.refill = milliseconds(1000);
  o.quiet = milliseconds(500);
  o.max_span = milliseconds(5000);
  BurstLimiter b(o);
  auto t = Clock::now();
  int printed = 0;
  for (int i = 0; i < 1000; ++i) {
    // 1,000 kills in 10 s: one every 10 ms.
    if (b.admit(kill_event(i, "/burst"), t + milliseconds(10 * i))) ++printed;
    if (i == 300) {
      EXPECT_FALSE(b.due(t + milliseconds(10 * i)));  // still within max_span
    }
  }
  // max_span passed during the burst: due() hands out the first summary.
  auto first = b.due(t + milliseconds(10 * 999));
  ASSERT_TRUE(first);
  EXPECT_FALSE(b.due(t + milliseconds(10 * 999)));
  EXPECT_EQ(printed, 5);
  ASSERT_TRUE(first->summary);
  EXPECT_EQ(first->type, EmitType::summary);
  EXPECT_EQ(first->summary->events, 995u);
  EXPECT_EQ(first->summary->kills, 995u);
  EXPECT_EQ(first->summary->kills_by_owner.at("cgroup:/burst"), 995u);
  EXPECT_EQ(first->summary->kills_by_comm.at("leaker"), 995u);
  auto j = watch_event_json(*first);
  EXPECT_EQ(j["type"], "summary");
  EXPECT_EQ(j["kills"], 995);
  EXPECT_NE(j["summary"].get<std::string>().find("every kill is still counted"), std::string::npos);
  EXPECT_NE(watch_event_line(*first).find("burst: 995 more OOM events (995 kills)"), std::string::npos);
  // Quiet again and the bucket refilled: events go out in full.
  EXPECT_TRUE(b.admit(kill_event(5000, "/burst"), t + milliseconds(20000)));
  EXPECT_FALSE(b.flush());
  EXPECT_EQ(b.folded_events(), 995u);
}

TEST(Burst, QuietEndsTheSummaryAndKeysAreBounded) {
  BurstOptions o;
  o.full_events = 1;
  o.quiet = milliseconds(100);
  BurstLimiter b(o);
  auto t = Clock::now();
  for (int i = 0; i < 60; ++i) (void)b.admit(kill_event(i, "/c" + std::to_string(i)), t);
  EXPECT_EQ(b.timeout_ms(t), 101);
  EXPECT_FALSE(b.due(t + milliseconds(50)));
  auto s = b.due(t + milliseconds(150));
  ASSERT_TRUE(s && s->summary);
  EXPECT_EQ(s->summary->kills, 59u);
  EXPECT_LE(s->summary->kills_by_owner.size(), BurstSummary::kMaxKeys + 1);
  uint64_t sum = 0;
  for (const auto& [k, n] : s->summary->kills_by_owner) sum += n;
  EXPECT_EQ(sum, 59u);  // bounded, but nothing lost
  EXPECT_EQ(b.timeout_ms(t), -1);
}

// ---- the journal as a live source ----

std::optional<std::string> journal_remote() {
  for (const char* p : {"/lib/systemd/systemd-journal-remote", "/usr/lib/systemd/systemd-journal-remote"})
    if (::access(p, X_OK) == 0) return std::string(p);
  return std::nullopt;
}

/// Kernel entries in journal export format (one line per entry).
std::string kernel_export(const std::vector<std::string>& messages, uint64_t realtime_usec) {
  std::string out;
  uint64_t mono = 5000000;
  for (const auto& m : messages) {
    out += "__REALTIME_TIMESTAMP=" + std::to_string(realtime_usec++) + "\n";
    out += "__MONOTONIC_TIMESTAMP=" + std::to_string(mono++) + "\n";
    out += "_BOOT_ID=0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b\n_TRANSPORT=kernel\n_HOSTNAME=box\nPRIORITY=3\n";
    out += "MESSAGE=" + m + "\n\n";
  }
  return out;
}

bool write_journal(const std::filesystem::path& path, const std::string& data) {
  auto tool = journal_remote();
  if (!tool) return false;
  std::string cmd = *tool + " -o '" + path.string() + "' - >/dev/null 2>&1";
  FILE* p = ::popen(cmd.c_str(), "w");
  if (!p) return false;
  bool wrote = std::fwrite(data.data(), 1, data.size(), p) == data.size();
  return ::pclose(p) == 0 && wrote;
}

std::vector<std::string> report(int pid, const std::string& cg) {
  return {"leaker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
          "memory: usage 65536kB, limit 65536kB, failcnt 12",
          "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=" + cg +
              ",task_memcg=" + cg + ",task=leaker,pid=" + std::to_string(pid) + ",uid=0",
          "Memory cgroup out of memory: Killed process " + std::to_string(pid) +
              " (leaker) total-vm:80000kB, anon-rss:64000kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:196kB "
              "oom_score_adj:0"};
}

/// Polls the capture until `pred` or 10 s.
template <class Pred>
bool pump(Capture& c, Pred pred) {
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (!pred() && Clock::now() < deadline) {
    pollfd p{c.fd(), POLLIN, 0};
    (void)::poll(&p, 1, 50);
    c.on_readable();
    c.on_tick();
  }
  return pred();
}

TEST(JournalSource, FollowsNewEntriesAndRotation) {
  if (!journal_remote())
    OOMLENS_SKIP_UNLESS_CI("systemd-journal-remote missing (Debian package systemd-journal-remote)");
  auto dir = std::filesystem::temp_directory_path() / ("oomlens-journal-follow-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // An old report already in the journal: not delivered (followed from the end).
  ASSERT_TRUE(write_journal(dir / "system.journal", kernel_export(report(100, "/old"), 1700000000000000)));
  std::vector<WatchEvent> got;
  CaptureOptions o;
  o.root = dir.string();
  o.source = LiveSource::journal;
  o.journal_directory = dir.string();
  o.quiet = milliseconds(50);
  o.counters = false;
  Capture c(o, [&](WatchEvent&& w) { got.push_back(std::move(w)); });
  auto opened = c.open();
  ASSERT_TRUE(opened) << opened.error().what;
  ASSERT_GE(c.fd(), 0);
  // journald's rotation: the active file is renamed, a new one started.
  std::filesystem::rename(dir / "system.journal",
                          dir / "system@00000000000000000000000000000001-0000000000000001-0000000000000001.journal");
  ASSERT_TRUE(write_journal(dir / "system.journal", kernel_export(report(4242, "/t"), 1700000100000000)));
  ASSERT_TRUE(pump(c, [&] { return !got.empty(); })) << "no event from the rotated-in journal file";
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].evidence, Evidence::log);
  EXPECT_EQ(got[0].event.victims.at(0).pid, 4242);
  EXPECT_EQ(got[0].event.source, "journal");
  // Another file appearing later (a second rotation) is followed too.
  ASSERT_TRUE(write_journal(dir / "user-1000.journal", kernel_export(report(4343, "/u"), 1700000200000000)));
  ASSERT_TRUE(pump(c, [&] { return got.size() >= 2; })) << "no event after the second file appeared";
  EXPECT_EQ(got[1].event.victims.at(0).pid, 4343);
  c.finish();
  EXPECT_EQ(got.size(), 2u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace oomlens::watch
