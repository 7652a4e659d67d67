// The anchor prefilter (kernel_log/anchor_search.cpp) gives the same offset
// at every width: AVX2 (when this CPU has it), SSE2, and byte by byte. Random
// text with anchors and near-misses planted at every alignment, so a candidate
// falls at each lane, across block edges and in the tail.
#include "kernel_log/anchor_search.h"
#include "kernel_log/anchor_simd.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace oomlens {
namespace {

#if defined(__x86_64__) || defined(__i386__)
TEST(AnchorSearch, EveryWidthFindsTheSameFirstAnchor) {
  const std::vector<std::string> planted = {
      "invoked oom-killer:", "oom-kill:constraint=", "Killed process 1", "reaped process 2", "Kill process 3",
      "VM: killing process x", "Out of memory: ", "Memory cgroup out of memory", "Memory limit reached",
      "Manual OOM execution", "Task in /a killed", "memory: usage 1kB", " out_of_memory+0x1",
      "uid  tgid total_vm      rss", "tgid    total_vm", "[   1234]     0  1234 ", "[1234567]    -2 ",
      "Tasks state (memory values in pages):",
      // near-misses: the SIMD bytes match, the full check does not
      "oom-kilL", "Xilled process", "of_memory", "Memory foo", "Task inX", "ymm: usage ", "Manual OOm", "Tasks state (memory values)", "Tasks stats",
      "tgidtotal_vm", " pid total_vm", "[   1234]:", "[ 12.3456]  0", "[  12a34]  0"};
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> byte(' ', '~');
  size_t checked = 0, found = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text(static_cast<size_t>(rng() % 200), ' ');
    for (char& c : text) c = static_cast<char>(byte(rng));
    size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    text.insert(at, planted[rng() % planted.size()]);
    size_t want = anchor_detail::find_anchor_width(text.data(), text.size(), 1);
    EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 16), want) << text;
    if (anchor_detail::have_avx2()) {
      EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 32), want) << text;
    }
    EXPECT_EQ(find_anchor(text.data(), text.size()), want) << text;
    // With the Tasks-table row among the anchors (find_anchor_or_row()).
    const size_t want_rows = anchor_detail::find_anchor_width(text.data(), text.size(), 1, true);
    EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 16, true), want_rows) << text;
    if (anchor_detail::have_avx2()) {
      EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 32, true), want_rows) << text;
    }
    EXPECT_EQ(find_anchor_or_row(text.data(), text.size()), want_rows) << text;
    EXPECT_LE(want_rows, want);
    ++checked;
    found += want != text.size();
  }
  EXPECT_EQ(checked, 3000u);
  EXPECT_GT(found, 1000u);  // the planted anchors are found, not only the near-misses skipped
}
#endif

// The Tasks table's header (mm/oom_kill.c dump_tasks(), 2.6 to 6.x column sets)
// is an anchor at its `otal_vm`; `total_vm` elsewhere is not.
TEST(AnchorSearch, TheTaskTableHeader) {
  for (std::string header : {"[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name",
                             "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
                             "[ pid ]   uid  tgid total_vm      rss cpu oom_adj oom_score_adj name"}) {
    const std::string text = std::string(100, 'x') + "\n" + header + "\n";
    EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("otal_vm")) << header;
  }
  for (std::string other : {"vm.total_vm = 1", "tgid total_vmx", "pid  total_vm", "tgid_total_vm"}) {
    const std::string text = std::string(100, 'x') + " " + other + std::string(40, ' ');
    if (other == "tgid total_vmx") {  // the header's words are enough: the rest is not checked
      EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("otal_vm")) << other;
      continue;
    }
    EXPECT_EQ(find_anchor(text.data(), text.size()), text.size()) << other;
  }
}

// dump_tasks()'s first line (4.19+, printed only in an OOM report) is an anchor of its own: a paste cut right
// after it still shows a report (corpus 421).
TEST(AnchorSearch, TheTasksStateLine) {
  const std::string text = std::string(100, 'x') + "\nDec 23 21:21:28 kernel: Tasks state (memory values in pages):\n";
  EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("Tasks state"));
  for (std::string other : {"Tasks state:", "Tasks stats (memory values in pages):", "Task state (memory values"}) {
    const std::string t = std::string(100, 'x') + " " + other + std::string(40, ' ');
    EXPECT_EQ(find_anchor(t.data(), t.size()), t.size()) << other;
  }
}

}  // namespace
}  // namespace oomlens
