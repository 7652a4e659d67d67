// Quoted-printable text that reaches the parser mangled a second time
// (issue 12: never a task named `=`, never `3D…` in a value).
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix_parts.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

// A soft line break no decoder removed leaves `=` where the comm would be:
// the comm is on the next line, so the row has none (a wrapped row).
TEST(QpResidue, ASoftBreakIsNoComm) {
  auto row = oomline::parse_row("[   8645]     0  8645      760       31    40960        0             0 =");
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(row->comm, "");
  EXPECT_EQ(row->numbers.size(), 7u);
  auto named = oomline::parse_row("[   8645]     0  8645      760       31    40960        0             0 a=b");
  ASSERT_TRUE(named.has_value());
  EXPECT_EQ(named->comm, "a=b");
}

// Encoded twice (`=3D3D`): decoded until no `=3D` is left, which kernel text never prints.
TEST(QpResidue, EncodedTwiceIsDecodedTwice) {
  std::string out;
  ASSERT_TRUE(prefix_parts::decode_transfer("oom-kill:constraint=3D3DCONSTRAINT_NONE,task=3D3Dpolkitd", out));
  EXPECT_EQ(out, "oom-kill:constraint=CONSTRAINT_NONE,task=polkitd");
  ASSERT_TRUE(prefix_parts::decode_transfer("gfp_mask=3D0x140cc0(GFP_USER), order=3D0", out));
  EXPECT_EQ(out, "gfp_mask=0x140cc0(GFP_USER), order=0");
}

// A quoted mail's soft-broken task row: its rest carries the quoting too,
// which is not part of the comm.
TEST(QpResidue, AQuotedSoftBrokenRowLosesItsQuoteMark) {
  const std::string text =
      "> [  244.327081] [   8645]     0  8645      760       31    40960        0             0 test_ma=\n"
      "> ps\n"
      "> [  244.327148] oom-kill:constraint=3DCONSTRAINT_NONE,nodemask=3D(null),global_oom,task_memcg=3D/syst=\n"
      "> em.slice/polkit.service,task=3Dpolkitd,pid=3D211,uid=3D997\n"
      "> [  244.327264] Out of memory: Killed process 211 (polkitd) total-vm:1541300kB, anon-rss:7516kB, file-=\n"
      "> rss:0kB, shmem-rss:0kB, UID:997 pgtables:180kB oom_score_adj:0\n";
  auto events = parse_log_text(text);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].tasks.size(), 1u);
  EXPECT_EQ(events[0].tasks[0].comm, "test_maps");
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, 211);
}

}  // namespace
}  // namespace oomlens
