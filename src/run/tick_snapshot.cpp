// `oomlens run`: the run's peaks, updated by each tick (run/tick_snapshot.h).
#include "run/tick_snapshot.h"

namespace oomlens::run {

void Peaks::update(const monitor::Sample& s) {
  auto mx = [](std::optional<uint64_t>& a, std::optional<uint64_t> b) {
    if (b && (!a || *b > *a)) { a = b; return true; }
    return false;
  };
  // A racy PSS pass over-counts the survivors (ProcessTree::refresh_smaps):
  // never a PSS peak. What the cgroup and the tree's RSS show is unaffected.
  if (!s.racy && s.tree.pss_bytes && (!tree_pss_bytes() || *s.tree.pss_bytes > *tree_pss_bytes())) {
    tree_pss_peak = s.tree;
    tree_pss_t_s = s.t_s;
    tree_pss_peak_stale = monitor::pss_stale(s.tree, &s.cgroup);
  }
  // The memory peak's time, from what is read fresh every tick: the
  // cgroup's usage (charged at allocation), else the tree's RSS. Not
  // memory.stat's anon+shmem: it is read at 2 Hz (cached between) and its
  // per-CPU counters lag, so it still shows exited workers' pages at the
  // tick that measured the survivors' PSS.
  std::optional<uint64_t> mem = s.cgroup.usage_bytes;
  if (!mem && s.tree.rss_bytes) mem = s.tree.rss_bytes;
  if (mem && (!memory_peak_bytes || *mem > *memory_peak_bytes)) {
    memory_peak_bytes = mem;
    memory_peak_t_s = s.t_s;
    memory_peak_pss(s);
  }
  if (!s.racy && s.tree.pss_bytes) {
    last_pss_tree = s.tree;
    last_pss_t_s = s.t_s;
  }
  if (!s.racy && s.tree.pss_anon_bytes && s.tree.pss_shmem_bytes)
    mx(tree_anon_shmem_pss_bytes, *s.tree.pss_anon_bytes + *s.tree.pss_shmem_bytes);
  mx(cgroup_usage_bytes, s.cgroup.usage_bytes);
  if (s.cgroup.anon_bytes && s.cgroup.shmem_bytes)
    mx(cgroup_anon_shmem_bytes, *s.cgroup.anon_bytes + *s.cgroup.shmem_bytes);
}

// The PSS in hand at the memory peak: this sample's own unless its pass was
// racy (never a PSS of anything), else the last clean one, as old as it is.
// Stale by monitor::pss_stale, or when the cgroup's usage (read every tick,
// unlike memory.stat's anon+shmem, cached at 2 Hz) grew by more than
// kPssStaleGrowth of that PSS since its pass: a worker that filled 96 MiB
// and exited between two clean passes shows only there (measured: "fresh"
// at 0.4 s old beside a peak tree anon+shmem PSS 29 % below the cgroup's).
void Peaks::memory_peak_pss(const monitor::Sample& s) {
  std::optional<monitor::TreeTotals> then;
  if (!s.racy) {
    then = s.tree;
  } else if (last_pss_tree) {
    then = *last_pss_tree;
    then->rss_bytes = s.tree.rss_bytes;
    then->pss_age_s = s.t_s - last_pss_t_s + then->pss_age_s.value_or(0);
  }
  if (!then || !then->pss_bytes) {
    pss_age_at_memory_peak_s.reset();
    pss_stale_at_memory_peak = false;
    return;
  }
  pss_age_at_memory_peak_s = then->pss_age_s;
  pss_stale_at_memory_peak = monitor::pss_stale(*then, &s.cgroup);
  const auto at_pass = then->cgroup_usage_at_pss_bytes;
  const bool read_here = !s.racy && s.pss_fresh;
  if (!read_here && s.cgroup.usage_bytes && at_pass &&
      monitor::grew_past_pss(*at_pass, *s.cgroup.usage_bytes, monitor::pss_weight_bytes(*then)))
    pss_stale_at_memory_peak = true;
}

bool Peaks::tree_pss_stale() const {
  if (tree_pss_peak_stale) return true;
  if (!pss_stale_at_memory_peak) return false;
  const auto usage_at = tree_pss_peak ? tree_pss_peak->cgroup_usage_at_pss_bytes : std::nullopt;
  if (!usage_at || !memory_peak_bytes || !tree_pss_bytes()) return true;
  // Lifted only when that pass saw both the usage and the anon+shmem
  // within 5 % of their peaks (usage counts page cache, anon+shmem not:
  // measured, usage within 5 % beside an anon+shmem peak 6.4 % above).
  const uint64_t pss = tree_anon_shmem_pss_bytes.value_or(*tree_pss_bytes());
  if (monitor::grew_past_pss(*usage_at, *memory_peak_bytes, pss)) return true;
  if (!cgroup_anon_shmem_bytes) return false;  // no memory.stat: the usage alone
  const auto& anon_shmem_at = tree_pss_peak->cgroup_anon_shmem_at_pss_bytes;
  return !anon_shmem_at || monitor::grew_past_pss(*anon_shmem_at, *cgroup_anon_shmem_bytes, pss);
}

}  // namespace oomlens::run
