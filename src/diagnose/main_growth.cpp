// The main process's growth per epoch (see worker_memory.h): a training loop
// that keeps what each step makes (loss tensors with their graph, outputs
// appended to a list) or a leak grows the main process epoch after epoch,
// and no worker or batch setting fixes that.
#include <fmt/core.h>

#include <algorithm>
#include <cstddef>
#include <optional>

#include "diagnose/worker_memory.h"
#include "util/format.h"
#include "util/slope.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::diagnose {
namespace {

std::string listed(const std::vector<uint64_t>& v, size_t n) {
  std::string s;
  for (size_t i = 0; i < n && i < v.size(); ++i) s += (s.empty() ? "" : ", ") + format_bytes(v[i]);
  return s;
}

// The Theil–Sen slope (bytes/s) of points [b, e), as the guard's forecast
// (util/slope.h): one transient buffer or a collection moves it little.
std::optional<double> theil_sen(const std::vector<WorkerPool::AnonPoint>& p, size_t b, size_t e) {
  return util::theil_sen_slope(p.begin() + static_cast<std::ptrdiff_t>(b), p.begin() + static_cast<std::ptrdiff_t>(e),
                               [](const WorkerPool::AnonPoint& a) {
                                 return std::pair<double, double>(a.t_s, static_cast<double>(a.rss_anon_bytes));
                               });
}

}  // namespace

std::optional<MainTimeGrowth> diagnose_main_growth_over_time(const MainCurve& c) {
  std::vector<WorkerPool::AnonPoint> pts;  // up to the end of its growth (a kill, the main's exit)
  for (const auto& p : c.series)
    if (!c.end_s || p.t_s <= *c.end_s) pts.push_back(p);
  // Growth ends at the wall: once its RssAnon is within 5 % of the limit
  // the job is held there (reclaim, then the kill; measured: 3 s flat at
  // 596 MiB of 600 MiB before the kill of a steady leak), which is no
  // plateau of its own. The curve stops at the first point there.
  if (c.limit_bytes)
    for (size_t i = 0; i < pts.size(); ++i)
      if (static_cast<double>(pts[i].rss_anon_bytes) >= 0.95 * static_cast<double>(*c.limit_bytes)) {
        pts.resize(i + 1);
        break;
      }
  if (pts.size() < 2) return std::nullopt;
  // The window: its measured life after the first third (start-up).
  const double skip_to = pts.front().t_s + (pts.back().t_s - pts.front().t_s) / 3;
  size_t b = 0;
  while (b < pts.size() && pts[b].t_s < skip_to) ++b;
  const size_t n = pts.size() - b;
  if (n < 6 || pts.back().t_s - pts[b].t_s < 10) return std::nullopt;
  const size_t mid = b + n / 2;
  const auto whole = theil_sen(pts, b, pts.size());
  const auto early = theil_sen(pts, b, mid);
  const auto late = theil_sen(pts, mid, pts.size());
  if (!whole || !early || !late || *whole <= 0 || *early <= 0 || *late <= 0 || *late < *early / 2) return std::nullopt;
  // The growth must go on to the end: over the window's last quarter (at
  // least its last 3 points) the slope is at least half the window's. A
  // start-up ramp that went flat for the last quarter of the window or more
  // (a slow dataset build, then training at a steady size, stopped or killed
  // later) passes the halves' test when the flat part is short, and is no
  // growth.
  const double tail_from = pts.back().t_s - (pts.back().t_s - pts[b].t_s) / 4;
  size_t q = pts.size() - std::min<size_t>(3, n);
  while (q > b && pts[q - 1].t_s >= tail_from) --q;
  const auto tail = theil_sen(pts, q, pts.size());
  if (!tail || *tail < *whole / 2) return std::nullopt;
  // Nor may it stall for a fifth of the window: a start-up ramp, a flat
  // stretch of training, then one batch too large (the kill) has a steep
  // last quarter, and no sustained growth. Flat: every point of the stretch
  // within max(4 MiB, a tenth of the window's rise at its slope), which a
  // steady growth stays in for a tenth of the window.
  const double span = pts.back().t_s - pts[b].t_s;
  const double band = std::max(4.0 * static_cast<double>(kMiB), 0.1 * *whole * span);
  for (size_t i = b; i < pts.size(); ++i) {
    auto lo = static_cast<double>(pts[i].rss_anon_bytes), hi = lo;
    for (size_t j = i + 1; j < pts.size(); ++j) {
      lo = std::min(lo, static_cast<double>(pts[j].rss_anon_bytes));
      hi = std::max(hi, static_cast<double>(pts[j].rss_anon_bytes));
      if (hi - lo > band) break;
      if (pts[j].t_s - pts[i].t_s >= span / 5) return std::nullopt;
    }
  }
  MainTimeGrowth g;
  g.from_s = pts[b].t_s;
  g.to_s = pts.back().t_s;
  g.from_bytes = pts[b].rss_anon_bytes;
  g.to_bytes = pts.back().rss_anon_bytes;
  g.growth_bytes_per_s = *whole;
  const double rise = *whole * (g.to_s - g.from_s);
  const auto floor_bytes = static_cast<double>(std::max<uint64_t>(8 * kMiB, g.from_bytes / 10));
  if (rise < floor_bytes || g.to_bytes <= g.from_bytes) return std::nullopt;
  std::string reach;
  if (c.limit_bytes) {
    g.limit_t_s = g.to_bytes >= *c.limit_bytes
                      ? g.to_s
                      : g.to_s + static_cast<double>(*c.limit_bytes - g.to_bytes) / g.growth_bytes_per_s;
    reach = fmt::format(N_("; at this rate it reaches the job's limit of {} {:.1f} min after the start"),
                        format_bytes(*c.limit_bytes), *g.limit_t_s / 60);
  }
  const auto per_min = static_cast<uint64_t>(g.growth_bytes_per_s * 60 + 0.5);
  g.advice = fmt::format(N_("the main process grew by {} per minute over {:.1f} min (its anonymous memory: {} at "
                            "{:.0f} s, {} at {:.0f} s){}: the program keeps what each step makes (losses kept as "
                            "tensors with their graph instead of `loss.item()`, outputs or tensors appended to a list, "
                            "a leak): drop them or keep plain numbers; no batch size or limit fits a job that grows for "
                            "as long as it runs"),
                         format_bytes(per_min), (g.to_s - g.from_s) / 60, format_bytes(g.from_bytes), g.from_s,
                         format_bytes(g.to_bytes), g.to_s, reach);
  return g;
}

void diagnose_main_growth(const WorkerPool& pool, WorkerDiagnosis& d) {
  if (d.epochs.size() < 2 || pool.parent_anon_series.empty()) return;
  // Its highest RssAnon in each epoch's window (from the epoch's start to
  // the next one's), up to the main process's end.
  for (size_t e = 0; e < d.epochs.size(); ++e) {
    const double from = d.epochs[e].start_s;
    const double to = e + 1 < d.epochs.size() ? d.epochs[e + 1].start_s : 1e300;
    std::optional<uint64_t> most;
    for (const auto& p : pool.parent_anon_series)
      if (p.t_s >= from && p.t_s < to && (!pool.main_end_s || p.t_s <= *pool.main_end_s))
        most = std::max(most.value_or(0), p.rss_anon_bytes);
    if (!most) return;  // an epoch without a figure: no per-epoch story
    d.main_anon_per_epoch_bytes.push_back(*most);
  }
  const auto& v = d.main_anon_per_epoch_bytes;
  // As for the workers: with 3 or more epochs the last, which the job's end
  // may cut short, is left out.
  const size_t last = v.size() >= 3 ? v.size() - 2 : v.size() - 1;
  const int64_t change = static_cast<int64_t>(v[last]) - static_cast<int64_t>(v.front());
  d.main_growth_per_epoch_bytes = change / static_cast<int64_t>(last);
  bool rising = true;
  for (size_t i = 1; i <= last; ++i) rising &= v[i] > v[i - 1];
  const uint64_t floor_bytes = std::max<uint64_t>(4 * kMiB, v.front() / 20);
  d.main_growing = rising && *d.main_growth_per_epoch_bytes > 0 &&
                   static_cast<uint64_t>(*d.main_growth_per_epoch_bytes) >= floor_bytes;
  if (!d.main_growing) return;
  const auto g = static_cast<uint64_t>(*d.main_growth_per_epoch_bytes);
  // The job at epoch e: the main process's first-epoch figure, e - 1
  // epochs of growth, and the workers' part as in the first epoch
  // (concurrent x its private per worker). Not the peak epoch's: workers
  // forked from a grown main process copy its new pages too (measured: 35
  // MiB per worker in epoch 1, 175 MiB in epoch 4), which is that growth
  // again, not a fixed cost.
  std::string reach;
  if (pool.limit_bytes) {
    const uint64_t workers = uint64_t{d.concurrent} * d.epochs.front().private_per_worker_bytes;
    const uint64_t base = v.front() + workers;
    const uint64_t k = base >= *pool.limit_bytes ? 1 : 1 + (*pool.limit_bytes - base + g - 1) / g;
    d.main_limit_epoch = static_cast<uint32_t>(std::min<uint64_t>(k, 1u << 30));
    reach = fmt::format(N_("; at this rate the job reaches its limit of {} in epoch {}"), format_bytes(*pool.limit_bytes),
                        *d.main_limit_epoch);
  }
  const std::string growth =
      fmt::format(N_("the main process grew by {} per epoch over {} epochs (its anonymous memory: {}){}: the training "
                     "loop keeps what each step makes (losses kept as tensors with their graph instead of "
                     "`loss.item()`, outputs or tensors appended to a list, a leak): drop them or keep plain numbers; "
                     "no batch size, worker count or limit fits a job that grows every epoch"),
                  format_bytes(g), last + 1, listed(v, last + 1), reach);
  // Instead of the batch/worker advice: what the workers hold is the same
  // each epoch, the main process is what grows. Workers that grow as well
  // keep their own growth line.
  d.advice = growth;
  if (d.growth != WorkerGrowth::growing) d.growth_advice.clear();
}

}  // namespace oomlens::diagnose
