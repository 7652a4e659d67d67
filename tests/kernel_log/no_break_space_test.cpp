// No-break spaces (U+00A0) where the kernel printed spaces: a web page's or an HTML mail's copy of a log keeps each
// run of blanks as `&nbsp; &nbsp;` (ReportScanner::Impl::despace_chunk(), report_scanner_probe.cpp).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "manglers.h"

namespace oomlens {
namespace {

constexpr std::string_view kReport =
    "[  244.333067] test_maps invoked oom-killer: gfp_mask=0x140cc0(GFP_USER|__GFP_COMP), order=0, oom_score_adj=0\n"
    "[  244.333141] CPU: 0 PID: 8632 Comm: test_maps Not tainted 5.8.0-rc4-kvm+ #196\n"
    "[  244.327000] Tasks state (memory values in pages):\n"
    "[  244.327010] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
    "[  244.327081] [    211]   997   211   385325     1879   184320        0             0 polkitd\n"
    "[  244.327148] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),global_oom,task_memcg=/system.slice/"
    "polkit.service,task=polkitd,pid=211,uid=997\n"
    "[  244.327264] Out of memory: Killed process 211 (polkitd) total-vm:1541300kB, anon-rss:7516kB, file-rss:0kB, "
    "shmem-rss:0kB, UID:997 pgtables:180kB oom_score_adj:0\n";

// Every blank a no-break space, or every other one of a run (HTML's way): the same event as the plain text.
std::string all_blanks_no_break(std::string_view t) {
  std::string out;
  for (char c : t) out += c == ' ' ? std::string("\xC2\xA0") : std::string(1, c);
  return out;
}

std::vector<OomEvent> scan_in_chunks(std::string_view text, size_t chunk) {
  std::vector<OomEvent> out;
  ReportScanner scanner({}, [&out](OomEvent&& e) { out.push_back(std::move(e)); });
  for (size_t i = 0; i < text.size(); i += chunk) scanner.feed_text(text.substr(i, chunk));
  scanner.finish();
  return out;
}

void expect_same_kill(const std::vector<OomEvent>& got, std::string_view what) {
  ASSERT_EQ(got.size(), 1u) << what;
  ASSERT_EQ(got[0].victims.size(), 1u) << what;
  EXPECT_EQ(got[0].victims[0].pid, 211) << what;
  EXPECT_EQ(got[0].victims[0].comm, "polkitd") << what;
  EXPECT_EQ(got[0].victims[0].anon_rss_bytes, 7516u * 1024) << what;
  ASSERT_TRUE(got[0].trigger.has_value()) << what;
  EXPECT_EQ(got[0].trigger->comm, "test_maps") << what;
  ASSERT_EQ(got[0].tasks.size(), 1u) << what;
  EXPECT_EQ(got[0].tasks[0].pid, 211) << what;
}

TEST(NoBreakSpace, HtmlRunsAndEveryBlankReadAsSpaces) {
  expect_same_kill(parse_log_text(kReport), "plain");
  expect_same_kill(parse_log_text(mangle::nbsp_runs(kReport)), "runs");
  expect_same_kill(parse_log_text(all_blanks_no_break(kReport)), "every blank");
}

TEST(NoBreakSpace, ACharacterSplitBetweenChunksIsStillOne) {
  const std::string text = all_blanks_no_break(kReport);
  for (size_t chunk : {1u, 2u, 3u, 7u, 64u, 333u}) expect_same_kill(scan_in_chunks(text, chunk), std::to_string(chunk));
}

TEST(NoBreakSpace, OtherLatinOneCharactersAndALastLeadByteStay) {
  // `°` is C2 B0: a C2 byte at a chunk's end that no A0 follows is given back as it was.
  std::string text = all_blanks_no_break(kReport) + "temp 41\xC2\xB0" "C\n\xC2";
  expect_same_kill(scan_in_chunks(text, 5), "degree sign");
}

}  // namespace
}  // namespace oomlens
