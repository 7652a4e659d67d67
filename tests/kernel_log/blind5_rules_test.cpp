// Rules found by the fifth blind test (issue 12: tests/corpus/195-206), each
// on hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

bool has_note(const OomEvent& e, std::string_view part) {
  return std::any_of(e.notes.begin(), e.notes.end(),
                     [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

TEST(Report, AProgramsKmsgLineEndingInDotsIsNoCutLine) {
  // systemd writes to /dev/kmsg while journald restarts after its kill (corpus 204): `Stopping …...` is
  // its own text, not a report line a viewer cut.
  auto ev = parse_log_text(
      "May 15 23:09:30 host03 kernel: [  517.923918] Out of memory: Killed process 401 (systemd-journal) "
      "total-vm:32724kB, anon-rss:1112kB, file-rss:8888kB, shmem-rss:4kB\n"
      "May 15 23:09:30 host03 kernel: [  517.929072] systemd[1]: Stopped Flush Journal to Persistent Storage.\n"
      "May 15 23:09:30 host03 kernel: [  517.929097] systemd[1]: Stopping Flush Journal to Persistent Storage...\n"
      "May 15 23:09:30 host03 kernel: [  517.935276] systemd[1]: Starting Journal Service…\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "systemd-journal");
  EXPECT_FALSE(has_note(ev[0], "cut by a viewer"));
  // A report line cut the same way is still noted.
  auto cut = parse_log_text(
      "[  517.923918] Out of memory: Killed process 401 (systemd-journal) total-vm:32724kB, anon-rss:1112kB, "
      "file-rss:8888kB, shmem-rss:4kB\n"
      "[  517.923990] oom_reaper: reaped process 401 (systemd-journal), now anon-rss:0kB, file-rss:0...\n");
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_TRUE(has_note(cut[0], "cut by a viewer"));
}

}  // namespace
}  // namespace oomlens
