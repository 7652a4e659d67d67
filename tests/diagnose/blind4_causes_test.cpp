// Explanations for causes the fourth blind test met (issue 12, tests/corpus
// 175-194): a page fault's OOM with RAM free, shared memory seen without
// Mem-Info, and a memory cgroup charged mostly with kernel memory.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

/// Shaped like 194: a fault failed with VM_FAULT_OOM while most of the RAM was free.
OomEvent pagefault_with_ram_free() {
  return EventOf(EventKind::kill)
      .constraint(Constraint::global, "CONSTRAINT_NONE")
      .pagefault()
      .mem_info(MemInfo{.free_bytes = 7 * GiB, .free_swap_bytes = 512 * MiB, .total_swap_bytes = 512 * MiB, .ram_bytes = 8 * GiB})
      .victim(VictimOf(30, "Xorg").rss(std::nullopt, 24000 * KiB, 11000 * KiB, 1400 * KiB));
}

TEST(Causes, APageFaultsOomWithRamFreeIsNotTheMachineRunningOut) {
  const Explanation x = explain(pagefault_with_ram_free());
  EXPECT_THAT(x.summary, HasSubstr("a page fault failed with VM_FAULT_OOM while 7.0 GiB of the 8.0 GiB of RAM was free"));
  EXPECT_THAT(x.summary, Not(HasSubstr("ran out of memory")));
  EXPECT_THAT(x.summary, HasSubstr("global OOM killer"));
  EXPECT_THAT(advice(x), HasSubstr("find what made the page fault fail"));
  EXPECT_THAT(advice(x), Not(HasSubstr("find what held the memory")));
  // With RAM short, it is the machine running out, as for any global OOM.
  OomEvent short_ram = pagefault_with_ram_free();
  short_ram.mem_info->free_bytes = 100 * MiB;
  EXPECT_THAT(explain(short_ram).summary, HasSubstr("ran out of memory"));
  // Without Mem-Info the log cannot tell.
  OomEvent header = pagefault_with_ram_free();
  header.kind = EventKind::incomplete;
  header.victims.clear();
  header.mem_info.reset();
  header.constraint_printed.reset();
  const Explanation h = explain(header);
  EXPECT_THAT(h.summary, HasSubstr("because a page fault failed with VM_FAULT_OOM (the log does not show whether RAM "
                                   "had run out)"));
  EXPECT_THAT(h.summary, Not(HasSubstr("cpuset")));
  // Free memory printed but not the RAM (corpus 496: a Mem-Info block cut before `pages RAM`): the free figure
  // alone says neither that RAM ran out nor that it was free.
  OomEvent no_ram = header;
  no_ram.mem_info = MemInfo{.free_bytes = 2 * GiB};
  const Explanation n = explain(no_ram);
  EXPECT_THAT(n.summary, HasSubstr("because a page fault failed with VM_FAULT_OOM while 2.0 GiB was free (the report "
                                   "does not print the RAM, so whether RAM had run out is not shown"));
  EXPECT_THAT(n.summary, Not(HasSubstr("ran out of memory")));
}

TEST(Causes, SharedMemoryFromTheVictimsShmemRss) {
  // Shaped like 176: no Mem-Info, the victim held shared buffers, little anonymous memory.
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global, "CONSTRAINT_NONE")
                   .victim(VictimOf(55, "postgres").rss(std::nullopt, 3796 * KiB, 1272 * KiB, 87933848 * KiB));
  const Explanation x = explain(e);
  const Check* c = find(x, "shmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("postgres held 83.9 GiB of shared memory (shmem-rss) and 3.7 MiB of anonymous"));
  EXPECT_THAT(advice(x), HasSubstr("ipcs -m"));
  // Shared memory under half of what it held, or small: no such check.
  OomEvent half = e;
  half.victims[0] = VictimOf(55, "postgres").rss(std::nullopt, 9000000 * KiB, 0, 8000000 * KiB);
  EXPECT_EQ(find(explain(half), "shmem_dominant"), nullptr);
  OomEvent small = e;
  small.victims[0] = VictimOf(55, "postgres").rss(std::nullopt, 100 * KiB, 0, 32768 * KiB);
  EXPECT_EQ(find(explain(small), "shmem_dominant"), nullptr);
}

TEST(Causes, SharedMemoryFromTheCgroupsStats) {
  // Shaped like 188: a memcg filled by shared anonymous mappings (`shmem:` in its stats).
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf()
                              .oom("/t1")
                              .usage_and_limit(204800 * KiB, 204800 * KiB)
                              .stats({{"cache", 177456 * KiB}, {"rss", 3420 * KiB}, {"shmem", 177456 * KiB}}))
                   .victim(VictimOf(82, "a.out").rss(std::nullopt, 92 * KiB, 444 * KiB, 167028 * KiB));
  const Explanation x = explain(e);  // kept: `c` points into it
  const Check* c = find(x, "shmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("held 173.3 MiB of the cgroup's 200.0 MiB (86 %)"));
  e.memcg->stats = {{"cache", 177456 * KiB}, {"rss", 3420 * KiB}, {"shmem", 20000 * KiB}};
  e.victims[0] = VictimOf(82, "a.out").rss(std::nullopt, 150000 * KiB, 444 * KiB, 0);
  EXPECT_EQ(find(explain(e), "shmem_dominant"), nullptr);
}

TEST(Causes, ACgroupChargedMostlyWithKernelMemory) {
  // Shaped like 178: cgroup v1 `kmem: usage` near the whole `memory: usage`.
  OomEvent e =
      EventOf(EventKind::incomplete)
          .constraint(Constraint::memcg)
          .trigger(Trigger{"awx", 39, "0xcc0(GFP_KERNEL)", 0, 989, std::nullopt, std::nullopt, std::nullopt, std::nullopt})
          .memcg(MemcgOf().usage_and_limit(32 * GiB, 32 * GiB).kmem(31183760 * KiB));
  const Explanation x = explain(e);
  const Check* c = find(x, "memcg_kmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("was 29.7 GiB of its 32.0 GiB usage (92 %)"));
  EXPECT_THAT(advice(x), HasSubstr("kernel objects fill the cgroup"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the cgroup's memory limit")));
  // v2 memory.stat `kernel` says the same; a small kmem says nothing.
  e.memcg->kmem_usage_bytes.reset();
  e.memcg->stats = {{"anon", 1 * GiB}, {"kernel", 30 * GiB}};
  EXPECT_NE(find(explain(e), "memcg_kmem_dominant"), nullptr);
  e.memcg->stats = {{"anon", 31 * GiB}, {"kernel", 1 * GiB}};
  EXPECT_EQ(find(explain(e), "memcg_kmem_dominant"), nullptr);
}

}  // namespace
}  // namespace oomlens
