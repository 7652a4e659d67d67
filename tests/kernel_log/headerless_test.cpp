// Reports whose `invoked oom-killer` header is not in the input: a paste
// that starts at the report's dump_stack() block (lib/dump_stack.c
// dump_stack_print_info(): `CPU: N PID: P Comm: C …`, then the call trace
// mm/oom_kill.c dump_header() → dump_stack() prints). Issue 12.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text); }

using testing::parse_chunked;

bool has_note(const OomEvent& e, std::string_view what) {
  return std::any_of(e.notes.begin(), e.notes.end(),
                     [&](const std::string& n) { return n.find(what) != std::string::npos; });
}

// A 5.14 memcg report copied from its CPU line: the trace and nothing after it.
constexpr std::string_view kMemcgStack =
    "Nov 23 15:36:25 host kernel: CPU: 0 PID: 5117 Comm: stress Kdump: loaded Tainted: G   OE  5.14.0 #1\n"
    "Nov 23 15:36:25 host kernel: Hardware name: QEMU Standard PC (i440FX + PIIX, 1996)\n"
    "Nov 23 15:36:25 host kernel: Call Trace:\n"
    "Nov 23 15:36:25 host kernel: <TASK>\n"
    "Nov 23 15:36:25 host kernel: dump_stack_lvl+0x34/0x48\n"
    "Nov 23 15:36:25 host kernel: dump_header+0x4a/0x201\n"
    "Nov 23 15:36:25 host kernel: out_of_memory.cold+0xa/0x7e\n"
    "Nov 23 15:36:25 host kernel: mem_cgroup_out_of_memory+0x13a/0x150\n"
    "Nov 23 15:36:25 host kernel: try_charge_memcg+0x6df/0x7a0\n"
    "Nov 23 15:36:25 host kernel: ? __alloc_pages+0xe6/0x230\n"
    "Nov 23 15:36:25 host kernel: handle_mm_fault+0xc5/0x2a0\n"
    "Nov 23 15:36:25 host kernel: RIP: 0033:0x402ae0\n";

TEST(Headerless, StackFromTheCpuLineIsAnIncompleteReport) {
  const OomEvent e = testing::one_event(kMemcgStack);
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_EQ(e.constraint, Constraint::memcg);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->pid, 5117);
  EXPECT_EQ(e.trigger->comm, "stress");
  EXPECT_FALSE(e.trigger->gfp_mask);
  EXPECT_FALSE(e.trigger->order);
  EXPECT_FALSE(e.trigger->oom_score_adj);
  EXPECT_TRUE(e.trigger->header_missing);  // the task is the CPU: line's: no advice may point "after this header"
  EXPECT_TRUE(e.victims.empty());
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_TRUE(has_note(e, "header (`… invoked oom-killer: …`) is not in the input"));
  // Chunk borders anywhere give the same report (the block's start is looked for in the text kept back).
  for (size_t size : {1u, 7u, 64u, 333u}) {
    auto c = parse_chunked(kMemcgStack, size);
    ASSERT_EQ(c.size(), 1u) << size;
    EXPECT_EQ(c[0].trigger->pid, 5117) << size;
    EXPECT_EQ(c[0].lines.first, 1u) << size;
    EXPECT_EQ(c[0].constraint, Constraint::memcg) << size;
  }
}

TEST(Headerless, ArmTraceFromHardwareNameWithMemInfo) {
  // No CPU line either: the block starts at `Hardware name:`; the trace runs
  // through the page allocator, and Mem-Info follows.
  const OomEvent e = testing::one_event(
      "[  501.053684] Hardware name: BCM2711\n"
      "[  501.054873]  unwind_backtrace from show_stack+0x18/0x1c\n"
      "[  501.057537]  dump_stack_lvl from dump_header+0x54/0x1fc\n"
      "[  501.058828]  dump_header from oom_kill_process+0x23c/0x248\n"
      "[  501.060091]  oom_kill_process from out_of_memory+0x218/0x34c\n"
      "[  501.061326]  out_of_memory from __alloc_pages+0xa98/0x1044\n"
      "[  501.062754]  __alloc_pages from __get_free_pages+0x1c/0x2c\n"
      "[  501.072734] 9fe0: beda7370 beda8370 b6aea008 b6aea01c\n"
      "[  501.073951] Mem-Info:\n"
      "[  501.075413] active_anon:239 inactive_anon:7154 isolated_anon:0\n");
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_EQ(e.constraint, Constraint::global);
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_FALSE(e.trigger && e.trigger->pid);
}

TEST(Headerless, TraceWithoutDumpHeaderNeedsAReportLineAfterIt) {
  // A 3.10 memcg trace without dump_header() (cut by the poster), then the
  // report's own lines: the kill is this report's, the trigger its CPU line's.
  const OomEvent e = testing::one_event(
      "[ 7.1] CPU: 1 PID: 4242 Comm: java Not tainted 3.10.0-957.el7.x86_64 #1\n"
      "[ 7.1] Call Trace:\n"
      "[ 7.1]  [<ffffffff8116d9d6>] oom_kill_process+0x25e/0x3f0\n"
      "[ 7.1]  [<ffffffff811da8f1>] mem_cgroup_oom_synchronize+0x551/0x580\n"
      "[ 7.1]  [<ffffffff8116e264>] pagefault_out_of_memory+0x14/0x90\n"
      "[ 7.1] Task in /docker/abc killed as a result of limit of /docker/abc\n"
      "[ 7.1] memory: usage 65536kB, limit 65536kB, failcnt 40\n"
      "[ 7.1] Memory cgroup out of memory: Kill process 4242 (java) score 990 or sacrifice child\n"
      "[ 7.1] Killed process 4242 (java) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.lines.first, 1u);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->pid, 4242);
  EXPECT_EQ(e.constraint, Constraint::memcg);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 4242);
  EXPECT_FALSE(has_note(e, "no `invoked oom-killer` header before this kill"));
}

TEST(Headerless, OtherTracesAreNoReport) {
  // A warning's trace without the OOM killer's frames.
  EXPECT_TRUE(parse("[ 1.0] WARNING: CPU: 0 PID: 1 at fs/inode.c:100 f+0x1/0x2\n"
                    "[ 1.0] CPU: 0 PID: 1 Comm: init Not tainted 6.1.0 #1\n"
                    "[ 1.0] Call Trace:\n"
                    "[ 1.0]  dump_stack_lvl+0x34/0x48\n"
                    "[ 1.0]  __warn+0x7d/0xc0\n"
                    "[ 1.0] Mem-Info:\n")
                  .empty());
  // A soft lockup inside out_of_memory() (no dump_header(), no report line after it).
  const std::string stall =
      "[ 2.0] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [java:77]\n"
      "[ 2.0] CPU: 0 PID: 77 Comm: java Not tainted 4.14.0 #1\n"
      "[ 2.0] Call Trace:\n"
      "[ 2.0]  select_bad_process+0x10/0x20\n"
      "[ 2.0]  out_of_memory+0x1ad/0x4d0\n"
      "[ 2.0]  __alloc_pages_slowpath+0x8d4/0xbc0\n"
      "[ 2.0] some other line\n";
  EXPECT_TRUE(parse(stall).empty());
  // Then a whole report: the stall's trace is not its.
  const OomEvent e = testing::one_event(stall +
                                        "[ 3.0] java invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), order=0, "
                                        "oom_score_adj=0\n"
                                        "[ 3.0] CPU: 1 PID: 78 Comm: java Not tainted 4.14.0 #1\n"
                                        "[ 3.0] Out of memory: Kill process 78 (java) score 900 or sacrifice child\n"
                                        "[ 3.0] Killed process 78 (java) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.lines.first, 8u);
  EXPECT_EQ(e.trigger->pid, 78);
  // A call trace read newest-first (`tac`) has its `CPU:` line after the frames: no report from it.
  EXPECT_TRUE(parse("[ 9.3] out_of_memory+0x1ad/0x4d0\n"
                    "[ 9.2] Call Trace:\n"
                    "[ 9.1] CPU: 0 PID: 77 Comm: java Not tainted 4.14.0 #1\n")
                  .empty());
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

// A paste a terminal wrapped at 54 columns, the `CPU:` line inside the comm:
// rejoined as every other wrapped record is, so the trigger, host and time
// are the clean text's, never the stump's (`st`).
TEST(Headerless, WrappedCpuLineIsRejoined) {
  const std::string text =
      "Nov 23 15:36:25 host kernel: CPU: 0 PID: 5117 Comm: st\n"
      "ress Kdump: loaded Tainted: G   OE  5.14.0 #1\n"
      "Nov 23 15:36:25 host kernel: Hardware name: QEMU Stand\n"
      "ard PC (i440FX + PIIX, 1996)\n"
      "Nov 23 15:36:25 host kernel: Call Trace:\n"
      "Nov 23 15:36:25 host kernel: dump_stack_lvl+0x34/0x48\n"
      "Nov 23 15:36:25 host kernel: dump_header+0x4a/0x201\n"
      "Nov 23 15:36:25 host kernel: out_of_memory.cold+0xa/0x\n"
      "7e\n"
      "Nov 23 15:36:25 host kernel: mem_cgroup_out_of_memory+\n"
      "0x13a/0x150\n"
      "Nov 23 15:36:25 host kernel: try_charge_memcg+0x6df/0x\n"
      "7a0\n";
  const OomEvent e = testing::one_event(text);
  ASSERT_TRUE(e.trigger.has_value());
  EXPECT_EQ(e.trigger->comm, "stress");
  EXPECT_EQ(e.trigger->pid, 5117);
  EXPECT_EQ(e.host, "host");
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.constraint, Constraint::memcg);
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

// Blind set 15c (469): a 3.10 paste that starts at the CPU: line, cut in the stack at out_of_memory. The trigger is
// the CPU: line's task, marked header_missing; with the `invoked oom-killer:` line the same report's is not.
TEST(Headerless, TriggerFromTheCpuLineSaysTheHeaderIsMissing) {
  constexpr std::string_view kFromCpu =
      "[18030.320542] CPU: 5 PID: 4108 Comm: scylla Not tainted 3.10.0-229.20.1.el7.x86_64 #1\n"
      "[18030.320543] Hardware name: Quanta OCP-Q301 /OCP-Q301, BIOS F03B3A14.Signed 07/14/2014\n"
      "[18030.320556] Call Trace:\n"
      "[18030.320564]  [<ffffffff816045b6>] dump_stack+0x19/0x1b\n"
      "[18030.320566]  [<ffffffff815ff57f>] dump_header+0x8e/0x214\n"
      "[18030.320574]  [<ffffffff8115a44e>] oom_kill_process+0x24e/0x3b0\n"
      "[18030.320576]  [<ffffffff8115ac76>] out_of_memory+0x4b6/0x4f0\n";
  const OomEvent e = testing::one_event(kFromCpu);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "scylla");
  EXPECT_EQ(e.trigger->pid, 4108);
  EXPECT_TRUE(e.trigger->header_missing);
  const std::string with_header =
      "[18030.320540] scylla invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n" + std::string(kFromCpu);
  const OomEvent h = testing::one_event(with_header);
  ASSERT_TRUE(h.trigger);
  EXPECT_EQ(h.trigger->pid, 4108);
  EXPECT_FALSE(h.trigger->header_missing);
}

// A report opened at its `Call Trace:` line (no CPU or header line in the input) has that line's time and host:
// an ISO-stamped syslog, a journal's short-iso form, dmesg --time-format iso, raw dmesg. Issue 12, corpus 450.
TEST(Headerless, AReportOpenedAtAStampedTraceLineHasItsTime) {
  constexpr std::string_view kFrames[] = {" <TASK>", " dump_stack_lvl+0x5f/0x90", " dump_header+0x46/0x190",
                                          " oom_kill_process.cold+0x8/0x93", " out_of_memory+0x21c/0x4c0",
                                          " balance_pgdat+0x749/0x960", " kswapd+0x1ed/0x380", " </TASK>"};
  struct Shape {
    std::string first, rest;  // the prefix of the `Call Trace:` line, and of the frames after it
    std::optional<std::string> wall, host;
    std::optional<double> mono;
  };
  const Shape shapes[] = {
      {"2024-05-01T10:00:00.123456+00:00 host kernel: ", "2024-05-01T10:00:00.123460+00:00 host kernel: ",
       "2024-05-01T10:00:00.123456+00:00", "host", std::nullopt},
      {"2024-05-01T10:00:00+0000 host kernel: ", "2024-05-01T10:00:01+0000 host kernel: ",
       "2024-05-01T10:00:00+00:00", "host", std::nullopt},
      {"2024-05-01T10:00:00,123456+02:00 ", "2024-05-01T10:00:00,123460+02:00 ", "2024-05-01T10:00:00.123456+02:00",
       std::nullopt, std::nullopt},
      {"[34718.499312] ", "[34718.499340] ", std::nullopt, std::nullopt, 34718.499312},
  };
  for (const Shape& s : shapes) {
    std::string text = s.first + "Call Trace:\n";
    for (const std::string_view f : kFrames) text += s.rest + std::string(f) + "\n";
    const OomEvent e = testing::one_event(text);
    EXPECT_EQ(e.time.wall, s.wall) << text;
    EXPECT_EQ(e.host, s.host) << text;
    if (s.mono) {
      EXPECT_DOUBLE_EQ(e.time.monotonic_s.value_or(0), *s.mono) << text;
    }
    EXPECT_EQ(e.lines.first, 1u) << text;
  }
}

}  // namespace
}  // namespace oomlens
