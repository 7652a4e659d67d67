// Rejoining records a terminal, a mail client or a person broke over several
// lines (issue 12, class 1), inside an open report only. The last recognised
// line is kept while it looks incomplete for its kind (a header without its
// trailing oom_score_adj, a kill line cut inside its figures, a row without
// its name, …); an unrecognised line that follows is appended to it and the
// joined text replaces what the piece gave.
#include "kernel_log/report_building.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;
using Building = ReportAssembler::Building;

namespace {

bool ends_with_int_field(std::string_view t, std::string_view key) {
  size_t p = t.rfind(key);
  if (p == std::string_view::npos) return false;
  std::string_view v = t.substr(p + key.size());
  return parse_i64(v).has_value();
}

}  // namespace

bool piece_complete(Building::Piece kind, std::string_view t) {
  using P = Building::Piece;
  switch (kind) {
    case P::header:  // oomkilladj= (≤2.6.35), oom_adj= (2.6.36–3.6) end older headers
      return ends_with_int_field(t, "oom_score_adj=") || ends_with_int_field(t, "oomkilladj=") ||
             ends_with_int_field(t, "oom_adj=");
    case P::kill:
      if (t.find("pgtables:") != std::string_view::npos || t.find(" UID:") != std::string_view::npos)
        return ends_with_int_field(t, "oom_score_adj:");
      return ends_with(t, "kB") && t.find("file-rss:") != std::string_view::npos;
    case P::summary: return ends_with_int_field(t, ",uid=");
    case P::row: {
      auto r = oomline::parse_row(t);
      return r && !r->comm.empty();
    }
    case P::counter: return ends_with_int_field(t, "failcnt ");
    case P::stack:
      return t.find(" Tainted:") != std::string_view::npos || t.find(" Not tainted") != std::string_view::npos;
    case P::reaper: return ends_with(t, "kB") && t.find("shmem-rss:") != std::string_view::npos;
    // A path has no end marker: joined only on a clear break, or after a
    // bare `Task in` (a reflow's break before its paths).
    case P::task_in:
      return t != "Task in";
    case P::panic: {  // the OOM panics of oom_kill.c/panic.c end so (`…processes...`, `…on memory`)
      for (std::string_view end : {"...", "memory", "is enabled", "is selected"})
        if (ends_with(t, end)) return true;
      return false;
    }
    case P::other:
    case P::none: return true;
  }
  return true;
}

bool apply_joined(Building& b, Building::Piece kind, std::string_view joined) {
  using P = Building::Piece;
  switch (kind) {
    case P::header:
      if (auto h = oomline::parse_header(joined)) return b.header = std::move(*h), true;
      return false;
    case P::kill:
      if (auto k = oomline::parse_kill(joined); k && !b.kills.empty() && b.kills.back().kill.pid == k->pid)
        return b.kills.back().kill = std::move(*k), true;
      return false;
    case P::summary: {
      oomline::Summary s;
      if (!oomline::parse_summary(joined, s)) return false;
      b.summary = std::move(s);
      return true;
    }
    case P::row: {
      auto r = oomline::parse_row(joined);
      if (!r) return false;
      if (b.wrapped_row) {
        uint64_t line = b.wrapped_row->line;
        b.wrapped_row.reset();
        if (r->comm.empty()) b.wrapped_row = RawRow{std::move(*r), line};
        else b.rows.push_back(RawRow{std::move(*r), line});
        return true;
      }
      if (b.rows.empty() || b.rows.back().row.pid != r->pid) return false;
      b.rows.back().row = std::move(*r);
      return true;
    }
    case P::counter:
      if (auto c = oomline::parse_counter(joined); c && !b.counters.empty()) return b.counters.back() = std::move(*c), true;
      return false;
    case P::stack:
      if (auto s = oomline::parse_stack_line(joined)) return b.stack = std::move(*s), true;
      return false;
    case P::task_in:
      if (auto ti = oomline::parse_task_in(joined)) return b.task_in = std::move(*ti), true;
      return false;
    case P::reaper: {
      auto r = oomline::parse_reaper(joined);
      if (!r) return false;
      for (auto& k : b.kills)
        if (k.kill.pid == r->pid) {
          k.reaped = oomline::reaped_bytes(*r);
          return true;
        }
      if (b.chosen_reaped && b.chosen_reaped_pid == r->pid) return b.chosen_reaped = oomline::reaped_bytes(*r), true;
      return false;
    }
    case P::panic: {
      constexpr std::string_view kPanic = "Kernel panic - not syncing: ";
      size_t p = joined.find(kPanic);
      if (p == std::string_view::npos) return false;
      b.panic_message = std::string(trim(joined.substr(p + kPanic.size())));
      if (joined.find("Out of memory and no killable processes") != std::string_view::npos) b.no_killable = true;
      return true;
    }
    case P::other:
    case P::none: return false;
  }
  return false;
}

}  // namespace oomlens
