// Worker-pool memory by figures (see worker_memory.h).
#include "diagnose/worker_memory.h"

#include <fmt/core.h>

#include <algorithm>

#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::diagnose {
namespace {

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

// 1-2-5 steps, at least 1 s: an interval a user reads at a glance.
double round_interval(double s) {
  double best = 1;
  for (double m = 1; m <= 1e6; m *= 10)
    for (double k : {1.0, 2.0, 5.0})
      if (k * m <= s) best = k * m;
  return best;
}

uint64_t uss_at(const std::vector<WorkerMemory::PrivatePoint>& ser, double t) {
  uint64_t v = ser.front().uss_bytes;
  for (const auto& p : ser)
    if (p.t_s <= t) v = p.uss_bytes;
  return v;
}

std::string signed_bytes(int64_t b) {
  return (b < 0 ? "-" : "+") + format_bytes(static_cast<uint64_t>(b < 0 ? -b : b));
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// Epochs as worker generations, else growth per fixed interval (see
// WorkerGrowth). `priv`: each worker's private memory, as in the means.
void analyse_growth(const WorkerPool& pool, const std::vector<std::vector<size_t>>& gens,
                    const std::vector<uint64_t>& priv, WorkerDiagnosis& d) {
  const uint64_t floor_bytes = std::max<uint64_t>(4 * kMiB, d.private_per_worker_bytes / 20);
  if (gens.size() >= 2) {
    std::vector<std::string> figs;
    for (const auto& g : gens) {
      WorkerEpoch e;
      e.start_s = pool.workers[g.front()].first_seen_s;
      e.workers = static_cast<uint32_t>(g.size());
      uint64_t sum = 0;
      for (size_t j : g) sum += priv[j];
      e.private_per_worker_bytes = sum / g.size();
      d.epochs.push_back(e);
      figs.push_back(format_bytes(e.private_per_worker_bytes));
    }
    // With 3 or more, the last epoch is left out of the growth: the job's
    // end (a kill, most often, for a memory cause) may cut it short.
    const size_t last = d.epochs.size() >= 3 ? d.epochs.size() - 2 : d.epochs.size() - 1;
    const int64_t change = static_cast<int64_t>(d.epochs[last].private_per_worker_bytes) -
                           static_cast<int64_t>(d.epochs.front().private_per_worker_bytes);
    d.growth_per_epoch_bytes = change / static_cast<int64_t>(last);
    d.growth = *d.growth_per_epoch_bytes > 0 && static_cast<uint64_t>(*d.growth_per_epoch_bytes) >= floor_bytes
                   ? WorkerGrowth::growing
                   : WorkerGrowth::levelled;
    d.growth_evidence =
        d.growth == WorkerGrowth::growing
            ? fmt::format(N_("per epoch (the workers restarted {} times), private memory per worker: {}: {} per epoch"),
                          d.epochs.size() - 1, joined(figs), signed_bytes(*d.growth_per_epoch_bytes))
            : fmt::format(N_("per epoch (the workers restarted {} times), private memory per worker: {}: rebuilt each "
                             "epoch, not growing across epochs"),
                          d.epochs.size() - 1, joined(figs));
    return;
  }
  // Each worker's points up to the main process's end (orphans idle after it).
  std::vector<std::vector<WorkerMemory::PrivatePoint>> series;
  for (const auto& w : pool.workers) {
    series.emplace_back();
    for (const auto& p : w.private_series)
      if (!pool.main_end_s || p.t_s <= *pool.main_end_s) series.back().push_back(p);
  }
  double life = 0;
  for (const auto& ser : series)
    if (ser.size() >= 2) life = std::max(life, ser.back().t_s - ser.front().t_s);
  if (life < 2) return;
  d.interval_s = round_interval(life / 4);
  const auto steps = static_cast<size_t>(life / d.interval_s);
  for (size_t k = 0; k < steps; ++k) {
    int64_t sum = 0;
    int64_t n = 0;
    for (const auto& ser : series) {
      if (ser.size() < 2) continue;
      const double t0 = ser.front().t_s + static_cast<double>(k) * d.interval_s;
      if (t0 + d.interval_s > ser.back().t_s + 1e-9) continue;  // not a whole interval of its life
      sum += static_cast<int64_t>(uss_at(ser, t0 + d.interval_s)) - static_cast<int64_t>(uss_at(ser, t0));
      ++n;
    }
    if (n) d.growth_per_interval_bytes.push_back(sum / n);
  }
  if (d.growth_per_interval_bytes.empty()) return;
  const int64_t last = d.growth_per_interval_bytes.back();
  d.growth = last > 0 && static_cast<uint64_t>(last) >= floor_bytes ? WorkerGrowth::growing : WorkerGrowth::levelled;
  std::vector<std::string> figs;
  for (auto g : d.growth_per_interval_bytes) figs.push_back(signed_bytes(g));
  d.growth_evidence = d.growth == WorkerGrowth::growing
                          ? fmt::format(N_("private memory per worker every {:.0f} s: {}: still growing when last measured"),
                                        d.interval_s, joined(figs))
                          : fmt::format(N_("private memory per worker every {:.0f} s: {}: levelled off"), d.interval_s,
                                        joined(figs));
}

}  // namespace

std::vector<std::vector<size_t>> worker_generations(const std::vector<WorkerLife>& lives) {
  std::vector<size_t> order(lives.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return lives[a].first_seen_s < lives[b].first_seen_s; });
  std::vector<std::vector<size_t>> gens;
  double gen_end = -1;
  bool gen_open = false;
  for (size_t i : order) {
    const auto& w = lives[i];
    if (gens.empty() || (!gen_open && w.first_seen_s + 0.05 >= gen_end)) {
      gens.push_back({});
      gen_end = -1;
    }
    gens.back().push_back(i);
    gen_open = false;
    for (size_t j : gens.back()) {
      const auto& o = lives[j];
      if (!o.gone_s) gen_open = true;
      else gen_end = std::max(gen_end, *o.gone_s);
    }
  }
  return gens;
}

const char* worker_growth_name(WorkerGrowth g) {
  switch (g) {
    case WorkerGrowth::levelled: return "levelled";
    case WorkerGrowth::growing: return "growing";
    case WorkerGrowth::unknown: break;
  }
  return "unknown";
}

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
  std::vector<uint64_t> privs, owns, copies;
  std::vector<bool> growing;
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
    privs.push_back(private_bytes);
    owns.push_back(o);
    growing.push_back(w.growing_at_last_pass);
    copies.push_back(forked ? private_bytes - o : sub0(sub0(private_bytes, w.first_uss_bytes), o));
  }
  // The cause and the sizing rest on the epoch that matters: the one whose
  // workers held the most together (the peak; a later one, on a tie), not
  // a mean over epochs that may differ (a cache that appears in epoch 3).
  std::vector<WorkerLife> lives;
  for (const auto& w : pool.workers) lives.push_back({w.first_seen_s, w.gone_s});
  const auto gens = worker_generations(lives);
  size_t at = 0;
  uint64_t most = 0;
  for (size_t g = 0; g < gens.size(); ++g) {
    uint64_t sum = 0;
    for (size_t j : gens[g]) sum += privs[j];
    if (sum >= most) most = sum, at = g;
  }
  std::vector<size_t> used;
  if (gens.size() >= 2) {
    used = gens[at];
    d.cause_epoch = static_cast<uint32_t>(at + 1);
  } else {
    for (size_t j = 0; j < pool.workers.size(); ++j) used.push_back(j);
  }
  uint64_t priv = 0, own = 0, copied = 0;
  for (size_t j : used) {
    priv += privs[j];
    own += owns[j];
    copied += copies[j];
    d.still_growing |= growing[j];
  }
  const uint64_t n = used.size();
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
  analyse_growth(pool, gens, privs, d);
  const std::string each = format_bytes(d.private_per_worker_bytes);
  const std::string parent_s = format_bytes(parent);

  // Workers still copying their parent's pages when last measured (an OOM
  // kill cuts the copying short, often before it reaches a tenth of a large
  // parent) are not "shared": their private memory was on its way up.
  const bool copying = d.still_growing && d.copied_per_worker_bytes >= d.own_per_worker_bytes &&
                       d.copied_per_worker_bytes >= kSharedFloorBytes;
  // Each cause: its evidence, and advice that ends with the sizing.
  auto conclude = [&d]<typename... A>(WorkerCause cause, std::string evidence,
                                      fmt::format_string<const A&..., std::string> advice, const A&... args) {
    d.cause = cause;
    d.evidence = std::move(evidence);
    d.advice = fmt::format(advice, args..., sizing(d));
  };
  if (d.private_per_worker_bytes < std::max(kSharedFloorBytes, parent / 10) && !copying)
    conclude(WorkerCause::shared,
             fmt::format(N_("the workers held {} private each and shared the rest with the main process "
                            "({} anonymous): the Dataset's data was not copied"),
                         each, parent_s),
             N_("the memory is in the main process ({}), not in the workers: fewer workers or numpy "
                "arrays will not free it; shrink what the main process holds, or {}"),
             parent_s);
  else if (pool.start_method && !forked)  // spawn/forkserver: each worker unpickles its own Dataset
    conclude(WorkerCause::own_allocations,
             fmt::format(N_("each {} worker held {} private: a pickled copy of the Dataset, not shared pages"),
                         pool.start_method.value_or("non-fork"), each),
             N_("each worker unpickles a full copy of the Dataset: shrink what the Dataset holds, or load "
                "lazily from files; {}"));
  else {
    // Private memory the workers allocated themselves, or pages they shared
    // with the main process turned private: whichever is the larger part.
    const bool own = d.own_per_worker_bytes >= d.copied_per_worker_bytes;
    conclude(own ? WorkerCause::own_allocations : WorkerCause::copy_on_read,
             fmt::format(fmt::runtime(own ? N_("each worker held {} private, {} of it allocated by the worker itself "
                                               "(its anonymous memory grew by that much), while the main process "
                                               "held {}: not copy-on-read")
                                          : N_("each worker held {} private, {} of it pages it had shared with the "
                                               "main process ({} anonymous) turned private, not memory it "
                                               "allocated: copy-on-read")),
                         each, format_bytes(own ? d.own_per_worker_bytes : d.copied_per_worker_bytes), parent_s),
             fmt::runtime(own ? N_("each worker builds its own data (a cache filled in `__getitem__` or "
                                   "`worker_init_fn`): bound it (a size-capped cache), or build it once in the main "
                                   "process before the DataLoader starts so forked workers share it; {}")
                              : N_("reading Python objects (a list or dict in the Dataset) writes their refcounts and "
                                   "copies their pages into every worker: hold the data in numpy arrays or tensors "
                                   "(one buffer, no per-item objects); `persistent_workers=True` does not help, it "
                                   "keeps the copies alive across epochs; {}")));
  }
  if (d.cause_epoch)
    d.evidence = fmt::format(N_("{} (from epoch {} of {}, whose workers held the most)"), d.evidence, *d.cause_epoch,
                             gens.size());
  // The advice must fit the growth: a cache that grows for as long as its
  // long-lived workers live is bounded or dropped, not only sized; workers
  // that rebuild the same each epoch are a fixed cost per worker (the
  // sizing fits them), and more each epoch is data that grows with it.
  const bool per_epoch = d.epochs.size() >= 2;
  if (d.growth == WorkerGrowth::growing && per_epoch && d.cause != WorkerCause::shared)
    d.growth_advice = fmt::format(N_("each epoch's workers held {} more per worker than the last: what they build or copy "
                                     "grows with the epochs (a cache keyed by the epoch, or data the main process adds "
                                     "each epoch): cap it, or the job needs more every epoch"),
                                  format_bytes(static_cast<uint64_t>(*d.growth_per_epoch_bytes)));
  else if (d.growth == WorkerGrowth::growing && !per_epoch && d.cause == WorkerCause::own_allocations) {
    int64_t sum = 0;
    for (auto g : d.growth_per_interval_bytes) sum += g;
    const auto mean = static_cast<uint64_t>(std::max<int64_t>(0, sum / static_cast<int64_t>(d.growth_per_interval_bytes.size())));
    d.growth_advice = fmt::format(N_("the workers' own memory grew {} every {:.0f} s for as long as they lived: an "
                                     "unbounded cache in long-lived workers (`persistent_workers=True` keeps it across "
                                     "epochs): cap its size (an LRU of N items), or let the workers restart each epoch "
                                     "(`persistent_workers=False`) so it is dropped; no limit fits a cache that never "
                                     "stops growing"),
                                  format_bytes(mean), d.interval_s);
  } else if (d.growth == WorkerGrowth::levelled && per_epoch && d.cause == WorkerCause::own_allocations)
    d.growth_advice = fmt::format(N_("the workers rebuild the same {} each epoch: a fixed cost per worker, which the "
                                     "sizing above covers"),
                                  format_bytes(d.private_per_worker_bytes));
  diagnose_main_growth(pool, d);
  return d;
}

}  // namespace oomlens::diagnose
