// torchrun's and Ray's words about a lost process (see launcher.h).
#include "diagnose/launcher.h"
#include "util/i18n.h"
#include "util/text.h"

#include <fmt/core.h>

#include <algorithm>

namespace oomlens::diagnose {
namespace {

// The `rank      : 1 (local_rank: 1)` line nearest before `at` in the same block.
void rank_before(std::string_view t, size_t at, RankSignal* out) {
  const size_t from = at > 600 ? at - 600 : 0;
  const size_t p = t.substr(from, at - from).rfind("rank ");
  if (p == std::string_view::npos) return;
  std::string_view rest = t.substr(from + p + 5);
  rest = text::trim_left(rest);
  if (rest.empty() || rest.front() != ':') return;
  rest = text::trim_left(rest.substr(1));
  out->rank = text::as_int(text::leading_i64(rest));
  if (size_t lr = rest.substr(0, 40).find("local_rank:"); lr != std::string_view::npos)
    out->local_rank = text::as_int(text::leading_i64(text::trim_left(rest.substr(lr + 11))));
}

}  // namespace

LauncherFindings scan_launcher_stderr(std::string_view t) {
  LauncherFindings f;
  constexpr std::string_view sig = "Signal ";
  constexpr std::string_view by = "received by PID ";
  for (size_t p = t.find(sig); p != std::string_view::npos; p = t.find(sig, p + 1)) {
    auto s = text::as_int(text::leading_i64(t.substr(p + sig.size())));
    const size_t line_end = t.find('\n', p);
    std::string_view line = t.substr(p, line_end == std::string_view::npos ? std::string_view::npos : line_end - p);
    const size_t b = line.find(by);
    if (!s || b == std::string_view::npos) continue;
    auto pid = text::leading_i64(line.substr(b + by.size()));
    if (!pid) continue;
    if (std::any_of(f.rank_signals.begin(), f.rank_signals.end(), [&](auto& r) { return r.pid == *pid; })) continue;
    RankSignal r;
    r.pid = *pid;
    r.sig = *s;
    rank_before(t, p, &r);
    f.rank_signals.push_back(r);
  }
  constexpr std::string_view ray = "Task was killed due to the node running low on memory";
  if (size_t p = t.find(ray); p != std::string_view::npos) {
    const size_t start = t.rfind('\n', p);
    const size_t s = start == std::string_view::npos ? 0 : start + 1;
    const size_t e = t.find('\n', p);
    std::string_view line = t.substr(s, e == std::string_view::npos ? std::string_view::npos : e - s);
    f.ray_oom = std::string(line.substr(0, 200));
  }
  return f;
}

std::string rank_clause(std::optional<int> rank, std::optional<int> local_rank) {
  if (!rank) return local_rank ? fmt::format(N_(" local_rank {}"), *local_rank) : "";
  return local_rank ? fmt::format(N_(" rank {} (local_rank {})"), *rank, *local_rank) : fmt::format(N_(" rank {}"), *rank);
}

}  // namespace oomlens::diagnose
