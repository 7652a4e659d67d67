// Worker-pool memory by figures (see worker_memory.h).
#include "diagnose/worker_memory.h"

#include <fmt/core.h>

#include <algorithm>

#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::diagnose {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;
/// Below this mean USS per worker (or a tenth of the parent's anon, if more),
/// the workers hold next to nothing of their own: they share.
constexpr uint64_t kSharedFloorBytes = 16 * kMiB;
constexpr uint64_t kLimitStepBytes = 64 * kMiB;

uint64_t sub0(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

uint32_t most_alive_at_once(const std::vector<WorkerMemory>& ws) {
  uint32_t best = 0;
  for (const auto& w : ws) {
    uint32_t n = 0;
    for (const auto& o : ws)
      if (o.first_seen_s <= w.first_seen_s && (!o.gone_s || *o.gone_s > w.first_seen_s)) ++n;
    best = std::max(best, n);
  }
  return best;
}

// "needs at least X; a limit of Y or num_workers ≤ N fits".
std::string sizing(const WorkerDiagnosis& d) {
  // One format of optional clauses, each a msgid (i18n::retranslate
  // translates the whole when it is shown).
  const std::string need = format_bytes(d.need_bytes);
  const char* growing = d.still_growing ? N_(" (what the workers held when last measured, still growing: more)") : "";
  const std::string limit = d.fitting_limit_bytes ? fmt::format(N_("; a limit of {}"), format_bytes(*d.fitting_limit_bytes))
                                                  : std::string();
  const std::string fits = d.fitting_workers ? *d.fitting_workers == 0
                                                   ? std::string(N_(" or num_workers=0 (load in the main process) fits"))
                                                   : fmt::format(N_(" or num_workers ≤ {} fits"), *d.fitting_workers)
                           : d.fitting_limit_bytes ? std::string(N_(" fits"))
                                                   : std::string();
  const char* that = d.still_growing ? N_(" that much") : "";
  return d.concurrent == 1
             ? fmt::format(N_("with {} worker the job needs at least {}{}{}{}{}"), d.concurrent, need, growing, limit, fits, that)
             : fmt::format(N_("with {} workers the job needs at least {}{}{}{}{}"), d.concurrent, need, growing, limit, fits,
                           that);
}

}  // namespace

const char* worker_cause_name(WorkerCause c) {
  switch (c) {
    case WorkerCause::own_allocations: return "own_allocations";
    case WorkerCause::copy_on_read: return "copy_on_read";
    case WorkerCause::shared: return "shared";
    case WorkerCause::unknown: break;
  }
  return "unknown";
}

std::optional<WorkerDiagnosis> diagnose_workers(const WorkerPool& pool) {
  if (pool.workers.empty() || !pool.parent_rss_anon_bytes) return std::nullopt;
  const uint64_t parent = *pool.parent_rss_anon_bytes;
  WorkerDiagnosis d;
  d.concurrent = std::max<uint32_t>(1, most_alive_at_once(pool.workers));
  const bool forked = pool.start_method == std::optional<std::string>("fork");
  uint64_t priv = 0, own = 0, copied = 0;
  for (const auto& w : pool.workers) {
    // A forked worker's RssAnon is what it inherited (at most the parent's
    // anon) plus what it mapped itself; USS beyond the parent's anon cannot
    // have been copied from it. Whatever else a forked worker holds private
    // was shared at the fork (a forked worker starts with next to no USS),
    // so a first pass taken late still counts its copies as copies.
    uint64_t o = std::max(sub0(w.peak_rss_anon_bytes, w.first_rss_anon_bytes), sub0(w.peak_uss_bytes, parent));
    if (forked) o = std::max(o, sub0(w.peak_rss_anon_bytes, parent));
    // RssAnon is read every tick, smaps_rollup (USS) only every few seconds:
    // a worker that filled a cache between the last pass and the kill grew
    // its RssAnon by more than its stale USS. What it allocated itself is
    // private, so its private share is at least that growth.
    const uint64_t private_bytes = std::max(w.peak_uss_bytes, o);
    priv += private_bytes;
    own += o;
    d.still_growing |= w.growing_at_last_pass;
    copied += forked ? private_bytes - o : sub0(sub0(private_bytes, w.first_uss_bytes), o);
  }
  const uint64_t n = pool.workers.size();
  d.private_per_worker_bytes = priv / n;
  d.own_per_worker_bytes = own / n;
  d.copied_per_worker_bytes = copied / n;
  d.need_bytes = parent + d.concurrent * d.private_per_worker_bytes;
  const uint64_t padded = d.need_bytes + d.need_bytes * 15 / 100;
  d.fitting_limit_bytes = (padded + kLimitStepBytes - 1) / kLimitStepBytes * kLimitStepBytes;
  if (pool.limit_bytes && d.private_per_worker_bytes > 0) {
    const uint64_t room = sub0(*pool.limit_bytes * 9 / 10, parent);
    const auto fit = static_cast<uint32_t>(room / d.private_per_worker_bytes);
    if (fit < d.concurrent) d.fitting_workers = fit;
  }
  const std::string each = format_bytes(d.private_per_worker_bytes);
  const std::string parent_s = format_bytes(parent);

  // Workers still copying their parent's pages when last measured (an OOM
  // kill cuts the copying short, often before it reaches a tenth of a large
  // parent) are not "shared": their private memory was on its way up.
  const bool copying = d.still_growing && d.copied_per_worker_bytes >= d.own_per_worker_bytes &&
                       d.copied_per_worker_bytes >= kSharedFloorBytes;
  if (d.private_per_worker_bytes < std::max(kSharedFloorBytes, parent / 10) && !copying) {
    d.cause = WorkerCause::shared;
    d.evidence = fmt::format(N_("the workers held {} private each and shared the rest with the main process "
                             "({} anonymous): the Dataset's data was not copied"),
                             each, parent_s);
    d.advice = fmt::format(N_("the memory is in the main process ({}), not in the workers: fewer workers or numpy "
                           "arrays will not free it; shrink what the main process holds, or {}"),
                           parent_s, sizing(d));
  } else if (pool.start_method && !forked) {
    d.cause = WorkerCause::own_allocations;  // spawn/forkserver: each worker unpickles its own Dataset
    d.evidence = fmt::format(N_("each {} worker held {} private: a pickled copy of the Dataset, not shared pages"),
                             pool.start_method.value_or("non-fork"), each);
    d.advice = fmt::format(N_("each worker unpickles a full copy of the Dataset: shrink what the Dataset holds, or load "
                           "lazily from files; {}"),
                           sizing(d));
  } else if (d.own_per_worker_bytes >= d.copied_per_worker_bytes) {
    d.cause = WorkerCause::own_allocations;
    d.evidence = fmt::format(N_("each worker held {} private, {} of it allocated by the worker itself (its anonymous "
                             "memory grew by that much), while the main process held {}: not copy-on-read"),
                             each, format_bytes(d.own_per_worker_bytes), parent_s);
    d.advice = fmt::format(N_("each worker builds its own data (a cache filled in `__getitem__` or `worker_init_fn`): "
                           "bound it (a size-capped cache), or build it once in the main process before the "
                           "DataLoader starts so forked workers share it; {}"),
                           sizing(d));
  } else {
    d.cause = WorkerCause::copy_on_read;
    d.evidence = fmt::format(N_("each worker held {} private, {} of it pages it had shared with the main process ({} "
                             "anonymous) turned private, not memory it allocated: copy-on-read"),
                             each, format_bytes(d.copied_per_worker_bytes), parent_s);
    d.advice = fmt::format(N_("reading Python objects (a list or dict in the Dataset) writes their refcounts and copies "
                           "their pages into every worker: hold the data in numpy arrays or tensors (one buffer, no "
                           "per-item objects); `persistent_workers=True` does not help, it keeps the copies alive "
                           "across epochs; {}"),
                           sizing(d));
  }
  return d;
}

}  // namespace oomlens::diagnose
