#pragma once
// Internal pieces of explain(): summary sentence, checks, advice. Shared
// helpers live here so the three files agree on what "the victim" is.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/explain.h"
#include "util/units.h"

namespace oomlens::detail {

/// The victim the explanation talks about: the one with the largest
/// anonymous RSS (multi-kills), else the first; nullptr when none.
[[nodiscard]] const Victim* main_victim(const OomEvent& event);

/// Sum of all victims' anon_rss, or nullopt when any is unknown.
[[nodiscard]] std::optional<uint64_t> victims_anon_total(const OomEvent& event);

/// "container /docker/3f2a…", "Kubernetes pod 94eb36cd-…", "systemd unit
/// foo.service", "cgroup /1066"; the path's hex ids shortened. With names
/// looked up (owner_lookup.h): "container web-1 (docker, image nginx, id …)",
/// "Kubernetes container app of pod shop/web-5d8 (containerd, image …, id …)",
/// "Kubernetes pod shop/web-5d8 (uid …)".
[[nodiscard]] std::string describe_cgroup(const std::string& path,
                                          const std::optional<CgroupOwner>& owner);

/// The cgroup the limit belongs to: oom_memcg, else task_memcg, else nullopt.
[[nodiscard]] std::optional<std::string> limit_cgroup_path(const MemcgInfo& memcg);

/// Tasks-table rows grouped by comm, largest RSS first.
struct CommGroup {
  std::string comm;
  uint64_t count = 0;
  uint64_t rss_bytes = 0;
  int64_t top_pid = 0;          ///< the member with the largest rss
  uint64_t top_rss_bytes = 0;
  uint64_t swap_bytes = 0;      ///< the members' swapents, summed (rows that print none add nothing)
};
[[nodiscard]] std::vector<CommGroup> group_tasks_by_comm(const OomEvent& event);

/// A row's rss, or the sum of its 6.8+ rss_anon/rss_file/rss_shmem; nullopt when unknown.
[[nodiscard]] std::optional<uint64_t> row_rss_bytes(const TaskRow& row);
/// The RSS of all the task-table rows shown, in bytes (row_rss_bytes() of each, summed; 0 for no rows);
/// nullopt when a row prints none (a sum without it would be too small).
[[nodiscard]] std::optional<uint64_t> tasks_rss_bytes(const OomEvent& event);
/// victim_held_little: a victim that held under this when killed (victim_held_bytes()) held almost nothing,
/// whatever the RAM.
inline constexpr uint64_t kLittleVictimBytes = kMiB;
/// Without RAM (or the cgroup's limit) in the report, memory under this (a victim's from kLittleVictimBytes up, the
/// task-table rows' together) may have been little or not (1 % of 6.4 GiB: on a machine of more RAM, under 1 %):
/// victim_share_unknown and the advice say that its share is unknown, never a share of 0.
inline constexpr uint64_t kShareUnknownBytes = 64 * kMiB;
/// The RAM of the smallest router-sized device (OpenWrt-class) that runs protected services, the RAM a global
/// kill's oom_score_adj discount (|adj| ‰ of RAM plus swap) is weighed against when the report prints none, so that
/// "could not outgrow its protection even there" holds on the machines that have such services: OpenWrt still builds
/// for 32 MiB boards (its "4/32" devices: 4 MiB flash, 32 MiB RAM), and smaller boards print reports too (corpus 08:
/// 30 MiB). The one router size of diagnose/ (advice.cpp rule 6, checks_sacrifice's wording); not
/// kLeastRamPlusSwapBytes (any machine at all, a floor), nor advice_victim.cpp's kSmallDeviceRamBytes (256 MiB: the RAM
/// under which the advice is a small device's).
inline constexpr uint64_t kSmallestRouterRamBytes = 32 * kMiB;
/// Less RAM plus swap than any machine whose kernel prints an OOM report has: the floor of what a global kill's
/// badness (‰ of RAM plus swap) or a share is weighed against when the report prints no RAM. Under 1 % of it is
/// little on any machine (sacrificed_child_held_little); a score what the victim mapped cannot reach against it came
/// from oom_score_adj (victim_held_little). A bound, never shown as a figure.
inline constexpr uint64_t kLeastRamPlusSwapBytes = 8 * kMiB;
/// What a victim held when it was killed, in bytes: its kill line's anon-rss + file-rss + shmem-rss (shmem-rss is
/// printed from 4.5; before, file-rss counts it); nullopt when anon-rss or file-rss is not printed.
[[nodiscard]] std::optional<uint64_t> victim_held_bytes(const Victim& victim);
/// A task-table row that outranked the victim by oom_badness() (2.6.36+: rss + swap + page tables, plus
/// oom_score_adj ‰ of RAM plus swap): not the victim's (pid or tgid), at an oom_score_adj no lower than the
/// victim's, holding at least twice what the victim counted and 1 MiB more (RSS, bytes; the victim counts the
/// larger of `held_bytes` and its own row's rss + swapents + page tables). The largest such row, or nullptr: none,
/// either oom_score_adj unknown, or the victim's row not shown with all three counts. The kernel killed the victim, so it passed that row over (an
/// exiting task, one whose memory the OOM reaper had freed, one in vfork()), or ranked otherwise.
[[nodiscard]] const TaskRow* outranking_row(const OomEvent& event, const Victim& victim, uint64_t held_bytes);
/// The task-table row of process `pid`, the first shown; nullptr when none is
/// (or `pid` is unknown). dump_task() prints a process under the pid of the
/// thread find_lock_task_mm() found, its tgid beside it, so either names it.
[[nodiscard]] const TaskRow* row_of_pid(const OomEvent& event, std::optional<int64_t> pid);

/// free < 1 % of total (and total > 0).
[[nodiscard]] bool swap_exhausted(uint64_t free_bytes, uint64_t total_bytes);

[[nodiscard]] bool is_python(const std::string& comm);

/// A kernel thread's name (kswapd0, kworker/2:2, kcompactd0, khugepaged, 2.6's events/0): an OOM it invokes comes
/// from the kernel's own work (reclaim, compaction, a workqueue item, a driver), not from a process's allocation.
[[nodiscard]] bool kernel_thread_comm(std::string_view comm);
/// The kernel work a kernel thread trigger ran when the report names it (Trigger::workqueue, work_function: a
/// kworker's `Workqueue:` line), as a clause to put after its name: `, running work item F of workqueue W`; "" when
/// the report names none.
[[nodiscard]] std::string kernel_work_clause(const Trigger& t);

/// Mem-Info shows a machine thrashing: no swap, or swap full, so anonymous memory had nowhere to go, and reclaim
/// was down to the pages programs run from, dropping them and reading them back again: a zone's free memory at or
/// under its min watermark, or the page cache on the file LRU lists (`active_file` + `inactive_file`, 2.6.28+)
/// under 1 % of RAM (`N pages RAM`). nullopt when the report does not print all of one of them.
struct Thrashing {
  uint64_t swap_total_bytes = 0;  ///< 0: no swap
  std::optional<uint64_t> swap_free_bytes;  ///< set when there is swap (then full)
  std::optional<std::string> zone;  ///< the first zone at or under its min watermark, if any
  uint64_t zone_free_bytes = 0;     ///< meaningful with zone
  uint64_t zone_min_bytes = 0;
  std::optional<uint64_t> file_bytes;  ///< active_file + inactive_file, when under 1 % of ram_bytes
  uint64_t ram_bytes = 0;              ///< meaningful with file_bytes
};
[[nodiscard]] std::optional<Thrashing> thrashing(const OomEvent& event);
/// "no swap, the Normal zone's free memory (40.0 MiB) at or under its min watermark (60.0 MiB)", "no swap, the page
/// cache on the file LRU lists down to 96.6 MiB, 0.3 % of the 31.9 GiB of RAM": `t` in words.
[[nodiscard]] std::string thrashing_words(const Thrashing& t);

/// What victim_held_little's victim held and what that is little of, from the check's figures
/// ("140.7 MiB (badness score 9: under 1 % of RAM plus swap)", "600 KiB (0.9 % of the 64 MiB of RAM)"):
/// the advice says the figure, never "almost nothing".
[[nodiscard]] std::string held_little_words(const Check& held_little, bool memcg);

[[nodiscard]] std::string make_summary(const OomEvent& event, const ExplainContext& context);
[[nodiscard]] std::vector<Check> make_checks(const OomEvent& event, const ExplainContext& context);
[[nodiscard]] std::vector<std::string> make_advice(const OomEvent& event,
                                                   const std::vector<Check>& checks,
                                                   const ExplainContext& context);

/// Rules in checks_context.cpp: victim oom_score_adj, largest tasks,
/// trigger vs victim, SysRq, multi-kill, panic_on_oom, no killable task.
void add_score_adj_check(const OomEvent& event, std::vector<Check>& out);
void add_task_checks(const OomEvent& event, std::vector<Check>& out);
/// `container_init_killed` (warn): the victim was its container's init, proven by the log, never guessed: in a
/// memory-cgroup OOM of its own cgroup, the whole task table is its row alone (figures `pid`, `task_count`), or its
/// comm is a container init's name (init, tini, dumb-init, docker-init, catatonit; figure `pid`). Only for a cgroup
/// decode_cgroup_owner() reads as a container's (Docker, Podman, containerd, LXC, a Kubernetes container).
void add_container_init_check(const OomEvent& event, std::vector<Check>& out);
/// `init_killed`: a victim with pid 1, the machine's init (kill lines print
/// the pid the host sees), whose death panics the kernel.
void add_init_killed_check(const OomEvent& event, std::vector<Check>& out);
/// A memcg OOM whose counters print `limit 0kB` (memory.limit_in_bytes or memory.max written 0): check
/// memcg_limit_zero. effective_limit_bytes() is null for it (no share of 0 can be given).
[[nodiscard]] bool memcg_limit_zero(const OomEvent& event);
void add_memcg_limit_zero_check(const OomEvent& event, std::vector<Check>& out);
/// `userspace_killer_same_victim` (warn): a user-space OOM killer's line in the same input signalled the victim
/// (OomEvent::userspace_kills: same pid and name), before or after the kernel's kill: both killers acted on the same
/// process; figures `pid`, `line` (the killer's first line about it).
void add_userspace_killer_check(const OomEvent& event, std::vector<Check>& out);

/// Rules in checks_causes.cpp: lowmem, unreclaimable slab, hugetlb, shmem,
/// vm.oom_kill_allocating_task, high-order allocation; then checks_held.cpp's
/// and checks_sacrifice.cpp's below.
void add_cause_checks(const OomEvent& event, const ExplainContext& context, std::vector<Check>& out);
/// checks_boot.cpp: the allocating task is the kernel's own init (pid 1 as `swapper` or `swapper/N`, before
/// /sbin/init ran): the OOM came while the kernel was booting; `kernel_booting` (warn; figure `ram_bytes`).
[[nodiscard]] bool kernel_booting_oom(const OomEvent& event);
void kernel_booting(const OomEvent& event, const ExplainContext& context, std::vector<Check>& out);

/// checks_held.cpp: the processes (of RAM, or of a cgroup's limit) held little of what ran out
/// (`processes_hold_little`: page cache, shmem or kernel memory filled it); the victim held little when killed
/// (`victim_held_little`, or `victim_share_unknown` when nothing to weigh it against is printed); its RSS was almost
/// all mapped file pages (`victim_file_backed`).
void processes_hold_little(const OomEvent& event, const ExplainContext& context, std::vector<Check>& out);
/// The RAM that none of Mem-Info's counters accounts for: `N pages RAM` less `N pages reserved`,
/// less free, the four LRU lists (active/inactive anon and file: page cache, anonymous and shmem pages),
/// unevictable, slab (reclaimable + unreclaimable, or ≤2.6.28's one `slab:`), page tables and hugetlb pages
/// (total × size, when printed). What is left was a driver's or a kernel subsystem's own pages (alloc_pages(),
/// vmalloc, kernel stacks, per-cpu lists, zram's compressed store). Bytes; nullopt when a counter (or the reserved
/// pages) is not printed (never a guess of it) or the counters cover the RAM.
struct KernelUnaccounted {
  uint64_t base_bytes = 0;     ///< RAM less reserved pages
  uint64_t counted_bytes = 0;  ///< what the counters account for
  uint64_t rest_bytes = 0;     ///< base - counted
  bool hugetlb_printed = false;  ///< hugepages lines were read (else hugetlb pages are unknown, counted as none)
};
[[nodiscard]] std::optional<KernelUnaccounted> kernel_unaccounted(const MemInfo& mem_info);
void victim_held_little(const OomEvent& event, const ExplainContext& context, std::vector<Check>& out);
void victim_file_backed(const OomEvent& event, std::vector<Check>& out);
/// A victim the OOM reaper gave up on (`oom_reaper: unable to reap pid:N`, Victim::reap_failed):
/// `victim_not_reaped`.
void victim_not_reaped(const OomEvent& event, std::vector<Check>& out);

/// `part` as a whole percentage of `whole`, rounded down; 0 when `whole` is 0 (no overflow for any uint64_t).
[[nodiscard]] uint64_t percent_of(uint64_t part, uint64_t whole);
/// "anon-rss 520.0 KiB, file-rss 11.4 MiB, shmem-rss 0 B" as the kill line printed them; shmem-rss only when printed
/// (4.5+: before, it is in file-rss), never an unknown as 0 B. `victim`'s anon-rss and file-rss must be known.
[[nodiscard]] std::string kill_line_sizes(const Victim& victim);

/// checks_sacrifice.cpp: a ≤ 5.0 `… or sacrifice child` kill of a child that held under 1 % of anon + shmem of the
/// chosen parent's task-table RSS (else of the RAM or the cgroup's limit, else of 8 MiB, the smallest machine):
/// `sacrificed_child_held_little` (warn), figures victim_pid, held_bytes, selected_pid, selected_rss_bytes (when the
/// parent's row is printed). With neither the parent's row nor the RAM (limit) and a child over 80 KiB:
/// `sacrificed_child_share_unknown` (info), figures victim_pid, held_bytes, selected_pid, selected_score.
void sacrificed_child_held_little(const OomEvent& event, const ExplainContext& context, std::vector<Check>& out);

/// A 32-bit kernel's low memory ran out: the Normal zone at (or within 25 %
/// of) its min watermark while the HighMem zones hold at least 64 MiB free.
/// Or the lowmem zone (Normal, else DMA: on 32-bit ARM all of lowmem) is
/// under its min for the kernel's own allocations once its free CMA pages,
/// which only movable allocations may take, are set aside, on a machine
/// with at least 64 MiB of HighMem (free, or in all when the excerpt does
/// not print the HighMem zone).
struct Lowmem {
  std::string zone = "Normal";
  uint64_t normal_free_bytes = 0;  ///< the zone's free, CMA included
  uint64_t normal_min_bytes = 0;
  uint64_t highmem_free_bytes = 0;
  uint64_t cma_free_bytes = 0;     ///< 0: the CMA-free reading does not apply
  std::optional<uint64_t> highmem_bytes;  ///< `N pages HighMem/MovableOnly`, when no HighMem zone is printed
};
[[nodiscard]] std::optional<Lowmem> lowmem_exhaustion(const OomEvent& event);

/// A global OOM on a HighMem kernel whose low memory is not shown: the
/// HighMem zones hold at least 64 MiB free, so user memory did not run out,
/// but the report prints no Normal zone line with its free and min (an
/// excerpt, an old kernel's mangled paste), so whether low memory ran out
/// is unknown. Never together with lowmem_exhaustion().
struct LowmemUnknown {
  uint64_t highmem_free_bytes = 0;
  /// The trigger's gfp_mask, when printed without __GFP_HIGHMEM (0x02): an
  /// allocation that may not use HighMem.
  std::optional<std::string> lowmem_only_gfp;
};
[[nodiscard]] std::optional<LowmemUnknown> lowmem_unknown(const OomEvent& event);

/// A page-allocator OOM whose printed zones are all Movable, with free
/// memory well above their min watermark, while the allocation (a gfp mask
/// without __GFP_MOVABLE, 0x08) may not use a Movable zone: a cpuset or
/// policy bound to movable-only nodes (PMEM, hot-pluggable memory), where
/// nothing ran out. The bytes free in those zones.
[[nodiscard]] std::optional<uint64_t> movable_only_free(const OomEvent& event);

/// An order-0 page-allocator OOM (global constraint; not SysRq, a page fault's or kswapd's aging, whose OOMs have
/// no allocation) whose Mem-Info, every zone line on one node, shows the highest populated zone the allocation may
/// use (its gfp_mask's zone bits: __GFP_DMA 0x01, __GFP_DMA32 0x04, __GFP_HIGHMEM 0x02, with __GFP_MOVABLE 0x08 the
/// Movable zone) with free memory over 25 % above its min watermark, its free CMA pages set aside (a movable
/// allocation takes them only as a fallback). The allocator takes a page from that zone once its free pages are above the
/// watermark (its own lowmem_reserve is 0), and calls out_of_memory() only after reclaim could not free enough and
/// a last try at the high watermark failed (__alloc_pages_may_oom(); 2.6 __alloc_pages()); Mem-Info is printed
/// after that try, so memory was freed in between: it had not run out when the report was printed. nullopt for
/// an unknown gfp_mask or zone, another node's zone, or a zone at its min watermark once its
/// `reserved_highatomic:` is taken out (or whose buddy list shows `H` blocks without that figure).
struct ZoneNotExhausted {
  std::string zone;                    ///< "DMA", "Normal", …
  std::string gfp_mask;                ///< its hex digits, as printed
  /// the zone's free (less its free CMA pages unless the allocation is movable, and less reserved highatomic)
  uint64_t free_bytes = 0;
  uint64_t min_bytes = 0;              ///< the zone's min watermark
  std::optional<uint64_t> high_bytes;  ///< its high watermark, when free_bytes is above it
  /// A movable allocation's: the free CMA pages counted in free_bytes (which it may take); nullopt when none.
  std::optional<uint64_t> cma_bytes;
};
[[nodiscard]] std::optional<ZoneNotExhausted> order0_zone_not_exhausted(const OomEvent& event);
/// "598.8 MiB free", or with a movable allocation's CMA part: "598.8 MiB free (511.5 MiB of it in CMA pageblocks,
/// which a movable allocation may take)".
[[nodiscard]] std::string zone_free_said(const ZoneNotExhausted& n);
/// The same order-0 allocation's zone over 25 % above its min watermark, but holding highatomic-reserved
/// pageblocks (its buddy list's `H` blocks, or `reserved_highatomic:` above 0) that __zone_watermark_ok() takes
/// out of the free pages of every allocation but a high-order atomic one: with `reserved_highatomic:` printed,
/// only when taking it out leaves the zone at its min watermark (else order0_zone_not_exhausted() holds). The
/// free memory the allocation could use may then have been under the watermark (corpus 609). Sizes in bytes.
struct HighatomicHeld {
  std::string zone;
  uint64_t free_bytes = 0;   ///< the zone's free less its free CMA pages
  uint64_t min_bytes = 0;
  std::optional<uint64_t> high_bytes;
  std::optional<uint64_t> reserved_highatomic_bytes;  ///< as printed (4.14+), else unknown
  uint64_t highatomic_only_free_bytes = 0;            ///< Zone::buddy_highatomic_only_bytes
};
[[nodiscard]] std::optional<HighatomicHeld> highatomic_reserve(const OomEvent& event);
/// The same order-0 allocation's zone, the allocation not movable (no __GFP_MOVABLE in its gfp_mask), over 25 %
/// above its min watermark with its free CMA pages but at it without them: most of the free memory lay in CMA
/// pageblocks (the contiguous area reserved for device DMA, `cma=`, a device tree's `linux,cma`), which
/// __zone_watermark_ok() takes out for every allocation but a movable one (corpus 690, 691). Sizes in bytes.
struct CmaHeld {
  std::string zone;
  std::string gfp_mask;         ///< its hex digits, as printed
  uint64_t free_bytes = 0;      ///< the zone's free, CMA included
  uint64_t free_cma_bytes = 0;  ///< of it in CMA pageblocks
  uint64_t min_bytes = 0;
};
[[nodiscard]] std::optional<CmaHeld> cma_held_free(const OomEvent& event);

/// Linux 2.4's page-fault OOM kill `VM: killing process NAME` (arch/*/mm/fault.c,
/// label out_of_memory:), the only kill line that prints no pid: the kernel
/// killed the task whose page fault found no memory. 2.4 had no memory
/// cgroups, cpusets or memory policies, so the whole machine ran out.
[[nodiscard]] bool linux24_fault_kill(const OomEvent& event);

/// A kill whose kill lines are all `Out of Memory: Killed process N (comm).` (capital M: mm/oom_kill.c of Linux
/// 2.2, 2.4 and early 2.6, before the kill line took its constraint's message) or 2.4's `VM: killing process`
/// (linux24_fault_kill()). These kernels had no memory cgroups (2.6.25): no cgroup limit was hit, the machine's
/// memory ran out. The constraint the kernel would print is not said (early 2.6 had cpusets): only "not a cgroup".
[[nodiscard]] bool pre_memcg_kill(const OomEvent& event);

/// OpenVZ/Virtuozzo's container OOM (kernel/bc/oom_kill.c out_of_memory_in_ub()): a kill line
/// `Out of memory in UB N: OOM killed process …`. The id N of the beancounter (the container's set of
/// memory limits) whose own limit ran out; nullopt for any other kill.
[[nodiscard]] std::optional<std::string> openvz_beancounter(const OomEvent& event);

/// A kill line or selection says `(oom_kill_allocating_task)`.
[[nodiscard]] bool kills_allocating_task(const OomEvent& event);
/// The kill line's pid is lower than the selection's (`Kill process 996 … or sacrifice child`, `Killed process
/// 918`): not a child the chosen task forked (a child's pid is higher than its parent's), but the process the
/// chosen thread belongs to (the selection names a thread: vm.oom_kill_allocating_task's allocating thread, a
/// thread of ≤4.x's select_bad_process(); the kill line names its process's first thread) or a child of that
/// process.
[[nodiscard]] bool killed_below_selected_pid(const OomEvent& event);

/// The constraint is global only because the call trace shows out_of_memory()
/// called by the page allocator (a header-only excerpt): no oom-kill:
/// constraint, Mem-Info, memcg (`limit of host`), kill or selection line. The kernel takes that path
/// for cpuset and NUMA memory-policy limits too, so it may not be the machine.
/// (SysRq-f is always global: moom_callback() has no constraint.)
[[nodiscard]] bool global_unconfirmed(const OomEvent& event);

/// The constraint is global, but nothing in the report proves the whole
/// machine ran out: an `Out of memory:` kill line, a Mem-Info block and the
/// page allocator's call trace are printed for cpuset and NUMA
/// memory-policy OOMs too (out_of_memory(), dump_header(): show_mem()).
/// Proof is `constraint=CONSTRAINT_NONE` (4.19+ oom-kill: line) or a ≤4.18
/// `cpuset=… mems_allowed=…` header covering every node a Mem-Info zone
/// with memory is on. (SysRq-f and the panics stay global.)
[[nodiscard]] bool global_unproven(const OomEvent& event);
/// A "no killable processes" report said to be global only because the
/// kernel panicked after it (4.19+ `System is deadlocked on memory`, ≤4.18
/// the panic is that line itself): out_of_memory() panics there for every
/// OOM but a memcg or SysRq one, cpuset and memory-policy OOMs included, so
/// the panic proves "not a cgroup limit", not "the machine".
[[nodiscard]] bool no_killable_global_unproven(const OomEvent& event);

/// An allocation of order ≥ 1 (not SysRq, not a memcg charge) whose report
/// shows no exhausted zone: no Mem-Info, or none of its DMA32/Normal/Movable
/// zones within 25 % of its min watermark. Free memory may then have been
/// too fragmented to hold the block rather than used up.
struct HighOrder {
  int order = 0;
  std::optional<uint64_t> bytes;  ///< page size << order; nullopt when the page size was not printed
  bool meminfo = false;  ///< Mem-Info zone lines were read (and show no exhausted zone)
};
[[nodiscard]] std::optional<HighOrder> high_order_unexhausted(const OomEvent& event);
/// The block's size for a sentence: its bytes, or its pages when the page size is unknown.
[[nodiscard]] std::string block_size_text(const HighOrder& high);
/// A victim's file-rss or shmem-rss the sentence names beside its anon-rss: larger than it and 64 MiB or more.
[[nodiscard]] bool named_beside_anon(const std::optional<uint64_t>& bytes, uint64_t anon_bytes);

/// A page fault's OOM (OomEvent::pagefault_oom) while Mem-Info shows at least
/// a tenth of the RAM free: the fault failed for another reason than RAM
/// running out. {free, RAM} bytes; nullopt otherwise.
struct FaultWithRamFree {
  uint64_t free_bytes = 0;
  uint64_t ram_bytes = 0;
};
[[nodiscard]] std::optional<FaultWithRamFree> pagefault_with_ram_free(const OomEvent& event,
                                                                      const ExplainContext& context);

/// The first of `names` printed in the report's `Memory cgroup stats`
/// lines (v1 `total_shmem` before `shmem`, v2 names), bytes; nullopt when
/// none was printed (never 0 for unknown).
[[nodiscard]] std::optional<uint64_t> memcg_stat(const MemcgInfo& memcg,
                                                 std::initializer_list<std::string_view> names);

/// cgroup v1: `memory+swap:` usage at its limit while `memory:` usage is
/// under its own: the memsw counter failed the charge (try_charge()).
[[nodiscard]] bool memsw_bound(const MemcgInfo& memcg);

/// The Tasks-state table is the one dump_header() printed after the
/// report's header: the header was seen, no row was dropped and every name
/// was read. Otherwise only the rows shown are known (a table without its
/// start, rows elided by the poster).
[[nodiscard]] bool task_table_whole(const OomEvent& event);

/// A name the kernel printed says PyTorch runs here: a `pt_` thread name
/// (pt_main_thread, pt_autograd_N, pt_data_worker) or torchrun, or three or
/// more python processes of one name (DataLoader workers).
[[nodiscard]] bool training_evidence(const OomEvent& event);

/// The report shows PyTorch DataLoader workers themselves: a `pt_data_worker`
/// task (PyTorch 2.1+ names each worker so), or `torch_shm_manager` (its comm
/// cut to 15 bytes: it serves the tensors workers pass) beside ≥3 python
/// tasks of one name. Same-name python tasks alone are no sign: torchrun's
/// and DeepSpeed's ranks are such tasks too, and no workers.
[[nodiscard]] bool dataloader_evidence(const OomEvent& event);

/// The task that wrote the cgroup's limit (OomEvent::limit_lowered), i.e. the
/// trigger: "openrc-run.sh (pid 14070)", else "a process".
[[nodiscard]] std::string limit_writer(const OomEvent& event);

/// Clamp to the JSON-safe integer range (2^53).
[[nodiscard]] int64_t as_figure(uint64_t value);

/// The check with this id, or nullptr.
[[nodiscard]] const Check* find_check(const std::vector<Check>& checks, std::string_view id);
/// The check's figure of this name, or nullopt when it has none.
[[nodiscard]] std::optional<int64_t> find_figure(const Check& check, std::string_view name);

}  // namespace oomlens::detail
