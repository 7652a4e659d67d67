// Rules that took (corpus report, mangler) pairs off the metamorphic suite's
// pending list (issue 12), each on hand-written input shaped like the report
// named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"
#include "manglers.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

const ScanOptions kOptions{"t", 2024};

// Corpus 178: an author's `//` comment lines between the kernel lines. Read
// newest-first they stand between the memcg counters as they do forward:
// one report, not the counters and the header apart.
TEST(MangledPairs, CommentLinesBetweenNewestFirstMemcgCountersAreNoBreak) {
  constexpr std::string_view kForward =
      "// what triggered it\n"
      "kernel: app invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=900\n"
      "// the task that ran\n"
      "kernel: CPU: 4 PID: 4242 Comm: app Not tainted 5.14.0-427.el9.x86_64 #1\n"
      "// the cgroup's memory at its limit\n"
      "kernel: memory: usage 1048576kB, limit 1048576kB, failcnt 81\n"
      "// memory and swap together\n"
      "// at the same limit\n"
      "kernel: memory+swap: usage 1048576kB, limit 1048576kB, failcnt 5\n"
      "// kernel memory\n"
      "kernel: kmem: usage 900000kB, limit 9007199254740988kB, failcnt 0\n";
  for (const std::string& text : {std::string(kForward), mangle::reverse_lines(kForward)}) {
    const OomEvent e = testing::one_event(text, kOptions);
    EXPECT_EQ(e.constraint, Constraint::memcg);
    ASSERT_TRUE(e.trigger);
    EXPECT_EQ(e.trigger->comm, "app");
    EXPECT_EQ(e.trigger->oom_score_adj, 900);
    ASSERT_TRUE(e.memcg);
    EXPECT_EQ(e.memcg->limit_bytes, 1048576ull * 1024);
    EXPECT_EQ(e.memcg->memsw_limit_bytes, 1048576ull * 1024);
    EXPECT_EQ(e.memcg->kmem_usage_bytes, 900000ull * 1024);
  }
}

}  // namespace
}  // namespace oomlens
