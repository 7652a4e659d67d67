// Advice (advice.cpp) about causes: rule 3's task-table rows, rule 4a's
// kernel-side causes (each its check and its sentence), a cgroup's shared memory.
#include <fmt/core.h>

#include "diagnose/advice_rules.h"
#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {

// A figure in bytes as people read it (`1.2 GiB`); nullopt when the check has none (unknown is never "0 B").
std::optional<std::string> bytes_figure(const Check& c, std::string_view name) {
  const auto v = find_figure(c, name);
  if (!v || *v < 0) return std::nullopt;
  return format_bytes(static_cast<uint64_t>(*v));
}

// v1 `cache` counts shmem: when most of it is shmem (`sh` bytes), the rest was no page cache but files in a tmpfs
// (/dev/shm) or shm segments.
std::string shm_cap_advice(uint64_t sh) {
  return trf("Shared memory held {} of the cgroup (its `shmem` stat: files in /dev/shm or another tmpfs, shm segments), "
             "beside the processes' anonymous memory: it is no page cache that reclaim could drop, and stays charged "
             "until deleted. Have the job delete what it no longer needs (PyTorch's `file_system` sharing strategy "
             "leaves a file per shared tensor) and cap /dev/shm below the limit (Docker's `--shm-size`), or raise the "
             "limit for both.",
             format_bytes(sh));
}

// A memcg's shmem is most of what its page-cache count holds (v1 `cache`
// and v2 `file` count shmem) and at least 10 % of its limit: what the
// victim's anon did not fill is shared memory, not page cache.
bool shmem_is_most_of_the_rest(const MemcgInfo& m, uint64_t shmem) {
  const auto cache = memcg_stat(m, {"total_cache", "cache", "file"});
  const auto limit = effective_limit_bytes(m);
  return cache && limit && *limit > 0 && shmem * 2 >= *cache && shmem * 10 >= *limit;
}

// Rule 3 with task-table rows (no_killable_task's figures). Rows that are not oom_score_adj -1000 were passed
// over for another reason: oom_badness() skips a task whose memory an earlier kill's reaper freed (MMF_OOM_SKIP)
// or one in vfork(), and an exiting task has no memory left to count (corpus 240: node, 999, in a crio cgroup).
// Rows that held little of RAM (of the limit) would free little if they were killable (corpus 307: sshd and
// systemd-udevd, 1.4 MiB together): "make one killable" then fights the evidence.
constexpr uint64_t kRowsLittlePercent = 10;
std::string no_killable_rows_advice(const OomEvent& e, const std::vector<Check>& checks,
                                    const ExplainContext& context) {
  const Check* c = find_check(checks, "no_killable_task");
  const int64_t exempt = c ? find_figure(*c, "exempt_count").value_or(-1) : -1;  // -1: the adj column not read
  const int64_t rows = c ? find_figure(*c, "task_count").value_or(-1) : -1;     // -1: no count
  const bool memcg = e.constraint == Constraint::memcg;
  const std::string where = memcg ? tr("the cgroup's memory.stat (page cache, tmpfs and shm files, kernel memory)")
                                  : tr("Mem-Info (slab, shmem and tmpfs, hugetlb, reserved and CMA pages) and the "
                                       "call trace of what was allocating");
  if (exempt >= 0 && exempt < rows) {
    std::string names;
    int listed = 0;
    for (const TaskRow& row : e.tasks) {
      if (!row.oom_score_adj || *row.oom_score_adj == -1000 || listed == 3) continue;
      names += (listed++ ? ", " : "") + trf("{} (pid {}, oom_score_adj {})", row.comm, row.pid, *row.oom_score_adj);
    }
    if (rows == 1)
      return trf("The one task listed was not protected (oom_score_adj above -1000: {}), yet the kernel did not "
                 "kill it. It passes over a task whose memory the OOM reaper already freed after an earlier kill, a task "
                 "in vfork() and an exiting one: look for an earlier kill of this pid in the log. Changing "
                 "oom_score_adj would not help.",
                 names);
    return trf("Not every task listed was protected (oom_score_adj above -1000 in {} of the {} rows: {}), yet the kernel "
               "killed none. It passes over a task whose memory the OOM reaper already freed after an earlier kill, "
               "a task in vfork() and an exiting one: look for earlier kills of these pids in the log. Changing "
               "oom_score_adj would not help.",
               rows - exempt, rows, names);
  }
  const auto rss = c ? find_figure(*c, "rows_rss_bytes") : std::nullopt;
  if (rss && rows >= 2 && task_table_whole(e)) {  // a table whose start is cut may hide larger rows
    const auto held = static_cast<uint64_t>(*rss);
    const auto whole = memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, context);
    if (whole && *whole > 0 && held * 100 < *whole * kRowsLittlePercent)
      return trf("The {} tasks listed held {} RSS together, {} % of {} ({}): making them killable would free little. "
                 "What filled the memory is held outside processes: look at {}.",
                 rows, format_bytes(held), held * 100 / *whole, memcg ? tr("the cgroup's limit") : tr("RAM"),
                 format_bytes(*whole), where);
    if (!whole && held < kShareUnknownBytes)
      return trf("The {} tasks listed held {} RSS together and the report prints no {}: above {}, making them "
                 "killable would free little, and what filled the memory is held outside processes: look at {}. "
                 "Below it, let one of them be killable or give them less memory.",
                 rows, format_bytes(held), memcg ? tr("limit of the cgroup") : tr("RAM"), format_bytes(held * 100),
                 where);
  }
  return tr("List the processes with oom_score_adj -1000 (e.g. systemd OOMScoreAdjust=-1000): when only they hold "
            "memory, nothing can be killed. Let one of them be killable or give them less memory.");
}

namespace {

// Lowmem exhausted: a 64-bit kernel (its words name low memory, not the Normal
// zone: on 32-bit ARM the low zone may be DMA, corpus 843); when CMA held the zone's free pages
// (the lowmem check's zone_free_cma_bytes), a smaller CMA area first.
std::string lowmem_advice(const Check& c) {
  const auto cma = bytes_figure(c, "zone_free_cma_bytes"), free = bytes_figure(c, "zone_free_bytes"),
             usable = bytes_figure(c, "zone_usable_bytes"), min = bytes_figure(c, "zone_min_bytes");
  if (find_figure(c, "zone_free_cma_bytes").value_or(-1) <= 0)  // no CMA reading: 0 means it does not apply
    return tr("Run a 64-bit kernel: on 32-bit, kernel data must fit in under 1 GiB of low memory whatever the RAM. "
              "Until then reduce what fills lowmem (many processes' page tables, a large page cache's buffer heads, "
              "slab): a memory limit on a job does not protect low memory.");
  if (!free || !usable || !min)
    return tr("Reserve less CMA (the `cma=` kernel parameter, or the size of the device tree's `linux,cma` "
              "reserved-memory node): the low-memory zone's free pages were CMA, which the kernel's own allocations "
              "cannot use. Or run a 64-bit kernel, whose kernel data is not confined to low memory.");
  return trf("Reserve less CMA (the `cma=` kernel parameter, or the size of the device tree's `linux,cma` "
             "reserved-memory node): {} of the low-memory zone's {} free was CMA, which the kernel's own allocations cannot use, leaving {} under the {} min watermark. "
             "Or run a 64-bit kernel, whose kernel data is not confined to low memory.",
             *cma, *free, *usable, *min);
}

std::string hugetlb_advice(const Check& c) {
  const auto free = bytes_figure(c, "hugetlb_free_bytes"), total = bytes_figure(c, "hugetlb_total_bytes");
  if (!free || !total)
    return tr("Reserve fewer hugetlb pages (vm.nr_hugepages, hugepages= on the kernel command line): reserved pages "
              "left unused are unavailable to everything else.");
  return trf("Reserve fewer hugetlb pages (vm.nr_hugepages, hugepages= on the kernel command line): "
             "{} of the reserved {} was unused and unavailable to everything else.",
             *free, *total);
}

std::string high_order_advice(const Check& c) {
  // The block's size as the check says it: its pages when the log prints no page size (never "0 B").
  const auto order = find_figure(c, "order");
  if (!order)
    return tr("A high-order allocation needs contiguous free memory. If memory was fragmented rather than used up: "
              "keep more of it free (raise vm.min_free_kbytes), let the kernel compact it (CONFIG_COMPACTION, off "
              "when the report prints `COMPACTION is disabled!!!`; vm.compaction_proactiveness), and see which "
              "caller asks for such blocks (the call trace).");
  HighOrder block{static_cast<int>(*order), std::nullopt, false};
  if (const auto b = find_figure(c, "allocation_bytes")) block.bytes = static_cast<uint64_t>(*b);
  return trf("An order-{} allocation needs {} of contiguous free memory. If memory was fragmented rather "
             "than used up: keep more of it free (raise vm.min_free_kbytes), let the kernel compact it "
             "(CONFIG_COMPACTION, off when the report prints `COMPACTION is disabled!!!`; "
             "vm.compaction_proactiveness), and see which caller asks for such blocks (the call trace).",
             block.order, block_size_text(block));
}

// shmem_dominant. Mem-Info's or the cgroup's shmem (figure ram_bytes or usage_bytes): files in tmpfs and SysV
// segments, which outlive their users; a cgroup's are the files its job wrote (/dev/shm, capped by Docker's
// --shm-size), charged to it until deleted. The victim's own shmem-rss (neither figure: corpus 176, postgres 83.9 GiB;
// 292): a segment a running process maps, such as a database's shared buffers, is in use, not stale: its size is
// that program's setting.
std::string shmem_advice_general(const Check& c);
std::string shmem_advice(const Check& c) {
  // A PyTorch job's (figure pytorch: 1 by its processes' names, 2 a python victim): the DataLoader's workers hand
  // each batch to the main process as tensors in shared memory (files in /dev/shm), so that is where it sits.
  if (const auto torch = find_figure(c, "pytorch")) {
    // Kubernetes named only for a pod's cgroup (figure kubernetes): elsewhere the word would be no fact of this kill.
    // One sentence, the container's /dev/shm an argument.
    const std::string where = find_figure(c, "kubernetes")
        ? std::string(tr("In a Kubernetes pod /dev/shm is an emptyDir with `medium: Memory` (if the pod mounts one; "
                         "else the runtime's 64 MiB tmpfs), and what is written there counts against the container's "
                         "memory limit: leave room for it in the limit or set the emptyDir's `sizeLimit`."))
        : std::string(tr("In a container /dev/shm is a tmpfs of its own, charged to the container's memory limit: "
                         "Docker's `--shm-size` sets its size (64 MiB unless set)."));
    const std::string shm = trf("PyTorch's DataLoader workers hand each batch to the main process through shared "
                                "memory (files in /dev/shm), so fewer workers (`num_workers`) or a smaller "
                                "`prefetch_factor` keep fewer batches there, and batches the main process keeps (a "
                                "list of outputs) stay there. {}",
                                where);
    if (*torch == 1) return shm;
    return trf("{} If this is a PyTorch job: {}", shmem_advice_general(c), shm);
  }
  return shmem_advice_general(c);
}
// shmem_advice() of any other job's shared memory.
std::string shmem_advice_general(const Check& c) {
  if (find_figure(c, "usage_bytes"))  // a cgroup's shmem stat: files its processes wrote to a tmpfs
    return tr("Delete the files the job left in /dev/shm (or another tmpfs: `df -h -t tmpfs`; SysV segments: `ipcs "
              "-m`) and have it remove what it no longer needs: they stay charged to the cgroup whoever is killed, "
              "and are not page cache that reclaim could drop. Cap them below the limit (a container's /dev/shm: "
              "Docker's `--shm-size`; a tmpfs mount's size=) so a full /dev/shm fails a write instead of OOM-killing "
              "the job.");
  if (find_figure(c, "ram_bytes"))
    return tr("Look for large files in tmpfs (`df -h -t tmpfs`, /dev/shm, /run, /tmp if tmpfs) and SysV segments "
              "(`ipcs -m`); delete what is stale and cap the mounts with size=: killing a process does not free them.");
  const auto shmem = bytes_figure(c, "shmem_bytes");
  if (find_figure(c, "display_server") && shmem)  // its shmem-rss is graphics buffers (shmem_dominant's sentence)
    return trf("The victim, a display server, held {} of graphics buffers: find the client that made them grow (the "
               "window or program open when memory ran out, such as an image viewer, a browser or a game; `xrestop` "
               "lists an X server's pixmaps per client) and close or update it; if they grow with no client to blame, "
               "update the graphics driver and Mesa.",
               *shmem);
  if (!shmem)
    return tr("The victim mapped shared memory: a segment a running program uses (a database's shared buffers such "
              "as PostgreSQL's shared_buffers, a POSIX shm or memfd region) is sized by that program's setting: make "
              "it fit the RAM (or the limit) beside everything else. Large files in tmpfs (`df -h -t tmpfs`, "
              "/dev/shm) and SysV segments (`ipcs -m`) are the other place to look: killing a process does not free "
              "them.");
  return trf("The victim mapped {} of shared memory: a segment a running program uses (a database's shared buffers "
             "such as PostgreSQL's shared_buffers, a POSIX shm or memfd region) is sized by that program's setting: "
             "make it fit the RAM (or the limit) beside everything else. Large files in tmpfs (`df -h -t tmpfs`, "
             "/dev/shm) and SysV segments (`ipcs -m`) are the other place to look: killing a process does not free "
             "them.",
             *shmem);
}

// init (pid 1) killed by a memory.oom.group kill, or with a victim that shared its memory (check init_killed's
// `shared_mm` figure).
std::string init_killed_advice(const Check& c) {
  if (find_figure(c, "shared_mm"))
    return tr("Update the kernel: newer ones spare init among the processes that share a victim's memory. Until "
              "then, keep what init vfork()s from growing large (busybox init vfork()s its children), "
              "or run memory-hungry jobs under their own limit: init's death panics the whole machine.");
  return tr("Keep the machine's init (pid 1) out of cgroups that have a memory limit and memory.oom.group set, or "
            "update the kernel (newer ones spare init in a group kill): its death panics the whole machine.");
}

std::string processes_hold_little_advice(const Check& c) {
  // A cgroup v2 whose dirty pages filled its limit: its writeback already throttles per cgroup (corpus 618).
  if (find_figure(c, "limit_bytes").value_or(-1) > 0 && find_figure(c, "cgroup_v2"))
    return tr("Dirty page cache filled the cgroup's limit, not the processes: making the job use less memory or "
              "killing it does not help. The writer outran writeback: have it write in bounded chunks with fsync "
              "(or O_DIRECT), lower vm.dirty_bytes and vm.dirty_background_bytes well under the limit, or leave room "
              "for the cache in the limit.");
  if (find_figure(c, "limit_bytes").value_or(-1) > 0)  // a memcg's: its limit is known
    return tr("Page cache filled the cgroup's limit, not the processes: making the job use less memory or "
              "killing it does not help. If the pages are dirty, the writer outran writeback: have it "
              "write in bounded chunks with fsync (or O_DIRECT), lower vm.dirty_bytes and "
              "vm.dirty_background_bytes well under the limit, or move to cgroup v2, whose per-cgroup "
              "writeback throttles a cgroup's dirty pages (cgroup v1 does not); otherwise leave room for "
              "the cache in the limit.");
  if (const auto rest = find_figure(c, "unaccounted_bytes"))  // processes_hold_little's kernel reading
    return trf("The kernel held {} that no Mem-Info counter accounts for (not processes, page cache or slab): a "
               "driver or kernel subsystem allocated it, often a leak. Limiting, killing or protecting processes does "
               "not help: see which one grows (/proc/meminfo's MemTotal against the sum of its parts, VmallocUsed, "
               "/proc/vmallocinfo; the call trace's allocator), and update or fix that driver or kernel, or report it "
               "to its maintainers.",
               format_bytes(static_cast<uint64_t>(*rest)));
  return tr("Processes held little memory, so limiting or killing them does not help: look at what the "
            "kernel holds (Mem-Info: slab_unreclaimable, pagetables, hugetlb pages, shmem; `slabtop`, "
            "/proc/meminfo) and at drivers and kernel updates.");
}

// Rule 4a, in this order: a kernel-side cause's check and its advice, a
// fixed sentence (`text`) or one made of the check's figures (`say`).
struct CauseAdvice {
  std::string_view check;
  const char* text;
  std::string (*say)(const Check& c);
};
constexpr CauseAdvice kCauseAdvice[] = {
    {"kernel_booting",
     N_("Give the booting kernel more memory: a kdump (crash) kernel has only its `crashkernel=` reservation, which "
        "the drivers of a large machine can outgrow, so raise it (`crashkernel=512M` or more) or leave the drivers it "
        "does not need out of the kdump kernel (its command line and initramfs); otherwise give the machine or VM "
        "more RAM or look at a `mem=` boot option. The call trace names the driver that was allocating."),
     nullptr},
    {"lowmem_exhausted", nullptr, lowmem_advice},
    {"lowmem_unknown",
     N_("Read the report's `Normal free:… min:…` line in the full log (`dmesg`, /var/log/kern.log): free at or under "
        "min means the kernel's low memory ran out, which a memory limit on a job does not prevent; run a 64-bit "
        "kernel, or reduce what fills lowmem (many processes' page tables, a large page cache's buffer heads, slab)."),
     nullptr},
    {"reserved_dominant",
     N_("Most of the RAM was reserved and never reached the page allocator: see what reserves it before limiting or "
        "killing processes. A kdump (crash) kernel boots in its `crashkernel=` area only: a larger one gives it room; "
        "otherwise look at `mem=`/`memmap=` boot options, firmware-reserved memory, or a boot that ran out before "
        "its memory was initialised."),
     nullptr},
    {"slab_unreclaimable_dominant",
     N_("Find what allocates the largest slab caches (`slabtop`, /proc/slabinfo, kmemleak, a recent driver or kernel "
        "update) and fix or update it: a kernel memory leak is not cured by killing, limiting or protecting "
        "processes."),
     nullptr},
    {"slab_dominant",
     N_("Find what allocates the largest slab caches (`slabtop`, /proc/slabinfo, a recent driver or kernel update) "
        "and fix or update it: kernel objects that reclaim could not free are not cured by killing, limiting or "
        "protecting processes."),
     nullptr},
    {"unevictable_dominant",
     N_("Find what locks memory (`grep -e VmLck -e Name /proc/*/status`, `ipcs -m` for SHM_LOCK, ramfs mounts) and "
        "have it lock less, or cap it with `ulimit -l` (RLIMIT_MEMLOCK, a unit's LimitMEMLOCK=): locked pages stay "
        "in RAM whatever the swap, so killing or limiting other processes does not free them."),
     nullptr},
    {"movable_only_nodes",
     N_("Bind the job to at least one node with a Normal zone (cpuset.mems, numactl --membind, the container's "
        "--cpuset-mems): the kernel's own and most user allocations cannot be served from movable-only nodes."),
     nullptr},
    {"hugetlb_reserved", nullptr, hugetlb_advice},
    {"shmem_dominant", nullptr, shmem_advice},
    {"memcg_kmem_dominant",
     N_("Find which kernel objects fill the cgroup (cgroup v1 memory.kmem.slabinfo, v2 memory.stat slab_*; "
        "`slabtop`): often the inodes and dentries of the many files a job touches. Raising the limit only postpones "
        "the OOM while they grow; old cgroup v1 kernels reclaim such objects poorly (update, or move to cgroup v2)."),
     nullptr},
    {"high_order_allocation", nullptr, high_order_advice},
    {"cma_held_free",
     N_("Reserve less CMA (the `cma=` kernel parameter, or the size of the device tree's `linux,cma` reserved-memory "
        "node) if the devices need less, and find what holds the memory outside it (the task table's largest rows; "
        "Mem-Info: slab, pagetables; pages no counter shows belong to a driver): the kernel's own allocations cannot "
        "use CMA's free pages, so the free figure is no room for them."),
     nullptr},
    {"zone_free_above_watermark",
     N_("Memory was free again right after the allocation failed: the kill came in a brief shortage, while memory "
        "was being freed. Keep more memory free for such bursts (raise vm.min_free_kbytes), and update an old kernel: "
        "before 4.7 the page allocator called the OOM killer as soon as one reclaim pass freed nothing, while newer "
        "ones retry as long as reclaim makes progress."),
     nullptr},
    {"processes_hold_little", nullptr, processes_hold_little_advice},
    {"init_killed", nullptr, init_killed_advice},
    {"memcg_limit_zero",
     N_("Give the cgroup a real limit (memory.max, v1 memory.limit_in_bytes) or remove it: with a limit of 0 nothing "
        "can run in it."),
     nullptr},
    {"oom_kill_allocating_task",
     N_("vm.oom_kill_allocating_task=1 kills whichever task allocated last, often an innocent one: set it to 0 to let "
        "the kernel kill the task that uses the most memory."),
     nullptr},
};
}  // namespace

void add_cause_advice(const std::vector<Check>& checks, std::vector<std::string>& out) {
  // A booting kernel's slab and reserved pages are its start-up's, no leak and no area to look into: its own advice.
  const bool booting = find_check(checks, "kernel_booting");
  for (const CauseAdvice& a : kCauseAdvice) {
    if (booting && (a.check == "reserved_dominant" || a.check == "slab_unreclaimable_dominant" ||
                    a.check == "slab_dominant"))
      continue;
    if (const Check* c = find_check(checks, a.check)) out.push_back(a.say ? a.say(*c) : std::string(tr(a.text)));
  }
}

}  // namespace oomlens::detail
