// Newest-first detection (see newest_first.h).
#include "kernel_log/newest_first.h"

#include <vector>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"
#include "util/text.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

// A line printed before the kill in print order, other than the header and
// the summary/selection (which need a pid check).
bool printed_before_kill(std::string_view t) {
  return line_is_table_row(t) || starts_with(t, "Tasks state") || oomline::parse_counter(t) ||
         oomline::parse_task_in(t) || oomline::parse_stats_header(t) || t == "Mem-Info:" ||
         oomline::parse_stack_line(t) || oomline::parse_cpuset(t) || starts_with(t, "Call Trace:");
}


// The last lines of a report without a kill: `no killable processes`, an OOM panic.
bool is_end_without_kill(std::string_view t) {
  return t.find("Out of memory and no killable processes") != std::string_view::npos ||
         (t.find("Kernel panic - not syncing: ") != std::string_view::npos &&
          (t.find("of memory") != std::string_view::npos || t.find("on memory") != std::string_view::npos ||
           t.find("panic_on_oom") != std::string_view::npos));
}

}  // namespace

bool may_open_newest_first(std::string_view bare) {
  return oomline::parse_kill(bare) || oomline::parse_reaper(bare) || is_end_without_kill(bare);
}

namespace {
constexpr int64_t kNoPid = -1;
}  // namespace

NewestFirst detect_newest_first(std::string_view text, size_t line_start, bool final,
                                std::optional<int> default_year) {
  NewestFirst out;
  std::vector<int64_t> kill_pids;
  NormalizedLine n;
  bool reversed = false, seen_outcome_line = false;
  size_t pos = line_start, count = 0, last_end = 0, last_count = 0;
  while (count < kNewestFirstLookahead + 1) {
    if (pos >= text.size()) {
      if (!final) out.order = NewestFirst::Order::undecided;
      else if (reversed) out.order = NewestFirst::Order::reversed, out.end = last_end, out.lines = last_count;
      return out;
    }
    size_t eol = text.find('\n', pos);
    size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    normalize_line(text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos), n, default_year);
    ++count;
    pos = next;
    if (n.foreign || n.text.empty()) continue;
    std::string_view t = trim(n.text);
    // Two records glued on one line (`…shmem-rss:92kBMay  7 22:41:13 host kernel: uwsgi invoked
    // oom-killer: …`): the second one's header after the first's outcome means forward order.
    if (size_t g = t.find(" kernel: "); g != std::string_view::npos && oomline::parse_header(t.substr(g + 9)))
      return out;
    oomline::Summary sum;
    if (auto k = oomline::parse_kill(t)) {
      if (reversed || seen_outcome_line) break;  // the next (older) report, or forward order
      kill_pids.push_back(k->pid);
    } else if (oomline::parse_reaper(t)) {
      if (reversed) break;
    } else if (is_end_without_kill(t)) {
      if (reversed || seen_outcome_line) break;
      kill_pids.push_back(kNoPid);
    } else if (oomline::parse_header(t)) {
      if (!reversed) return out;  // the next report's header: forward order
      out.order = NewestFirst::Order::reversed;
      out.end = next;
      out.lines = count;
      return out;
    } else if (oomline::parse_summary(t, sum)) {
      for (auto p : kill_pids) reversed = reversed || (sum.pid && *sum.pid == p);
      seen_outcome_line = true;
    } else if (auto s = oomline::parse_select(t)) {
      for (auto p : kill_pids) reversed = reversed || s->pid == p;
      seen_outcome_line = true;
    } else if (printed_before_kill(t)) {
      if (kill_pids.empty()) return out;  // a reaper line alone, then something else
      bool stack = oomline::parse_stack_line(t) || starts_with(t, "Call Trace:");
      bool only_panic = true;
      for (auto p : kill_pids) only_panic = only_panic && p == kNoPid;
      if (stack && only_panic) continue;  // a panic prints its own stack after it
      reversed = true;
    } else {
      continue;
    }
    if (reversed) last_end = next, last_count = count;
  }
  if (reversed) out.order = NewestFirst::Order::reversed, out.end = last_end, out.lines = last_count;
  return out;
}

}  // namespace oomlens
