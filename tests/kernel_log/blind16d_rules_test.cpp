// Rules found by blind set 16d (issue 12: tests/corpus/517-528, the extremes of kernel version and machine
// size), each on hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

bool has_check(const Explanation& x, const std::string& id) {
  for (const auto& c : x.checks)
    if (c.id == id) return true;
  return false;
}

TEST(ForumMarkup, ColourTagsInsideARecordGo) {
  // 527: vBulletin BBCode a poster put inside the syslog records, glued after the printk time.
  NormalizedLine n;
  normalize_line("Oct  9 21:46:17 host02 kernel: [135404.406178][COLOR=\"Red\"] hostname invoked oom-killer: "
                 "gfp_mask=0x280d2, order=0, oomkilladj=-17[/COLOR]",
                 n, 2007);
  EXPECT_EQ(n.text, "hostname invoked oom-killer: gfp_mask=0x280d2, order=0, oomkilladj=-17");
  auto h = oomline::parse_header(n.text);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->comm, "hostname");
  EXPECT_EQ(h->oom_adj, -17);
  normalize_line("[135404.332677] [COLOR=\"Red\"]Free swap  = 0kB[/COLOR]", n, 2007);
  EXPECT_EQ(n.text, "Free swap  = 0kB");
  normalize_line("[1.0] [b]Out of memory: Kill process 1 (x) score 2 or a child[/B]", n, 2007);
  EXPECT_EQ(n.text, "Out of memory: Kill process 1 (x) score 2 or a child");
}

TEST(ForumMarkup, LevelLettersAndFramesStay) {
  // 239: a router's `[I]`/`[W]` level letters are no italic tag without a `[/I]` after them.
  NormalizedLine n;
  normalize_line("[I] Oct 22 20:02:32 kernel: [ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents "
                 "oom_score_adj name",
                 n, 2025);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text.substr(0, 7), "[ pid ]");
  // A 2.6.22 frame in brackets (`[symbol+off/len]`) holds no tag either.
  normalize_line("[135404.332081]  [__alloc_pages+740/832] __alloc_pages+0x2e4/0x340", n, 2007);
  EXPECT_EQ(n.text, "[__alloc_pages+740/832] __alloc_pages+0x2e4/0x340");
  normalize_line("[135404.332081]  [size+7/9] size+0x7/0x9", n, 2007);
  EXPECT_EQ(n.text, "[size+7/9] size+0x7/0x9");
}

TEST(Header, CommLessHeaderOf2611And2616) {
  // 526: 2.6.11 printed `oom-killer: gfp_mask=0xd2`, 2.6.16 added the order; neither names the task.
  auto h = oomline::parse_header("oom-killer: gfp_mask=0xd2");
  ASSERT_TRUE(h);
  EXPECT_TRUE(h->comm.empty());
  EXPECT_EQ(h->gfp_mask, std::optional<std::string>("0xd2"));
  EXPECT_FALSE(h->order);
  h = oomline::parse_header("oom-killer: gfp_mask=0x201d2, order=0");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->order, 0);
  // A modern header wrapped after `invoked` (corpus 294): its rest is no header of its own.
  EXPECT_FALSE(oomline::parse_header("oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0,"));
  EXPECT_FALSE(oomline::parse_header("oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0"));
  EXPECT_FALSE(oomline::parse_header("the oom-killer: gfp_mask=0xd2"));
}

TEST(Report, CommLessHeaderOpensAReportWithItsShowMem) {
  // 526: the 2.6.11 header, show_mem from `DMA per-cpu:` (no `Mem-info:` line), then the kill: one machine-wide
  // report whose trigger's task is not named.
  const std::string log =
      "oom-killer: gfp_mask=0xd2\n"
      "DMA per-cpu:\n"
      "cpu 0 hot: low 32, high 96, batch 16\n"
      "Free pages:        2856kB (0kB HighMem)\n"
      "Active:57185 inactive:57079 dirty:0 writeback:0 unstable:0 free:714\n"
      "Free swap  = 219592kB\n"
      "Total swap = 976540kB\n"
      "Out of Memory: Killed process 2386 (memtest).\n";
  const auto events = parse_log_text(log, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kill);
  EXPECT_EQ(events[0].constraint, std::optional<Constraint>(Constraint::global));
  ASSERT_TRUE(events[0].trigger);
  EXPECT_TRUE(events[0].trigger->comm.empty());
  EXPECT_EQ(events[0].trigger->gfp_mask, std::optional<std::string>("0xd2"));
}

TEST(LineKinds, ShowFreeAreasFirstLines) {
  EXPECT_TRUE(is_show_free_areas_head("DMA per-cpu:"));
  EXPECT_TRUE(is_show_free_areas_head("Node 0 DMA32 per-cpu:"));
  EXPECT_TRUE(is_show_free_areas_head("Free pages:        2856kB (0kB HighMem)"));
  EXPECT_TRUE(is_show_free_areas_head("Active:14191667 inactive:1947580 dirty:0 writeback:0 unstable:0"));
  EXPECT_TRUE(is_show_free_areas_head("active_anon:1135959151 inactive_anon:1051962 isolated_anon:0"));
  EXPECT_FALSE(is_show_free_areas_head("Node x DMA per-cpu:"));
  EXPECT_FALSE(is_show_free_areas_head("Active: yes"));
  EXPECT_FALSE(is_show_free_areas_head("active_anon 123"));  // a cgroup v2 memory.stat line
}

Zone zone(int node, const char* name, uint64_t free_kb, uint64_t min_kb) {
  Zone z;
  z.node = node;
  z.name = name;
  z.free_bytes = free_kb * 1024;
  z.min_bytes = min_kb * 1024;
  return z;
}

TEST(NodeConfined, OtherNodesFreeMeansNotTheMachine) {
  // 519: node 0's Normal zone at its min, node 1's with 476 GB free, mems_allowed=0-7, an order-0 GFP_HIGHUSER.
  const std::vector<Zone> zones{zone(0, "DMA32", 2783784, 28), zone(0, "Normal", 8120, 8160),
                                zone(1, "Normal", 476718144, 8192)};
  auto why = node_confined_evidence(zones, std::string_view("0x280da"), 0, std::string_view("0-7"));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("node 0's Normal zone"), std::string::npos);
  EXPECT_NE(why->find("node 1's Normal zone held 476718144 kB"), std::string::npos);
  // Not for a ZONE_DMA/DMA32 allocation, a costly order, another node outside mems_allowed, or a small margin.
  EXPECT_FALSE(node_confined_evidence(zones, std::string_view("0xd1"), 0, std::nullopt));
  EXPECT_FALSE(node_confined_evidence(zones, std::string_view("0x280da"), 3, std::nullopt));
  EXPECT_FALSE(node_confined_evidence(zones, std::string_view("0x280da"), 0, std::string_view("0")));
  EXPECT_FALSE(node_confined_evidence({zone(0, "Normal", 8120, 8160), zone(1, "Normal", 90000, 8192)},
                                      std::string_view("0x280da"), 0, std::nullopt));
  // Every node's Normal zone below min (522, 2.6.5): the machine.
  EXPECT_FALSE(node_confined_evidence({zone(0, "Normal", 1916, 2040), zone(1, "Normal", 2036, 2048)},
                                      std::string_view("0x280da"), 0, std::nullopt));
}

TEST(VictimHeldLittle, ALargerRowAtNoLowerAdjOutrankedTheVictim) {
  // 524: dbus-daemon (572 kB, adj -900) killed while random held 101 GiB at adj 0.
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::global;
  Victim v;
  v.pid = 1155;
  v.comm = "dbus-daemon";
  v.anon_rss_bytes = 572 * 1024;
  v.file_rss_bytes = 4 * 1024;
  v.shmem_rss_bytes = 0;
  v.oom_score_adj = -900;
  e.victims.push_back(v);
  TaskRow big;
  big.pid = 1769;
  big.comm = "random";
  big.rss_bytes = uint64_t{26568800} * 4096;
  big.oom_score_adj = 0;
  TaskRow udev;
  udev.pid = 928;
  udev.comm = "systemd-udevd";
  udev.rss_bytes = uint64_t{567} * 4096;
  udev.oom_score_adj = -1000;
  TaskRow own;  // dbus-daemon's row: 144 pages, 53 swapents, 167936 bytes of page tables
  own.pid = 1155;
  own.comm = "dbus-daemon";
  own.rss_bytes = uint64_t{144} * 4096;
  own.swap_bytes = uint64_t{53} * 4096;
  own.pgtables_bytes = 167936;
  own.oom_score_adj = -900;
  e.tasks = {udev, own, big};
  const TaskRow* r = detail::outranking_row(e, e.victims[0], 576 * 1024);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pid, 1769);
  const Explanation x = explain(e);
  bool said = false;
  for (const auto& c : x.checks)
    said = said || (c.id == "victim_oom_score_adj" && c.message.find("chosen over random (pid 1769)") != std::string::npos);
  EXPECT_TRUE(said);
  // Without the victim's row (its swap entries and page tables unknown), nothing is said to outrank it.
  e.tasks = {udev, big};
  EXPECT_EQ(detail::outranking_row(e, e.victims[0], 576 * 1024), nullptr);
  // A victim at a higher adj than every larger row: nothing outranked it.
  e.tasks = {udev, own, big};
  e.victims[0].oom_score_adj = 500;
  EXPECT_EQ(detail::outranking_row(e, e.victims[0], 576 * 1024), nullptr);
}

TEST(Reserved, MostOfRamReservedIsSaidAndSwapIsNotBlamed) {
  // 521: 6442421132 pages RAM, 6433662383 reserved (deferred page init at boot), no swap, no task.
  OomEvent e;
  e.kind = EventKind::no_killable;
  e.constraint = Constraint::global;
  MemInfo mi;
  mi.ram_bytes = uint64_t{6442421132} * 4096;
  mi.reserved_bytes = uint64_t{6433662383} * 4096;
  mi.total_swap_bytes = 0;
  mi.free_swap_bytes = 0;
  e.mem_info = mi;
  const Explanation x = explain(e);
  EXPECT_TRUE(has_check(x, "reserved_dominant"));
  EXPECT_FALSE(has_check(x, "swap_absent"));
  // A machine with little reserved and no swap still hears of it.
  e.mem_info->reserved_bytes = uint64_t{1000} * 4096;
  const Explanation y = explain(e);
  EXPECT_FALSE(has_check(y, "reserved_dominant"));
  EXPECT_TRUE(has_check(y, "swap_absent"));
}

}  // namespace
}  // namespace oomlens
