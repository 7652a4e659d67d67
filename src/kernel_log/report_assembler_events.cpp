// A report's life around the line-by-line state machine (report_assembler.cpp):
// opening it (with the table rows kept from before it, or at its dump_stack()
// block), closing it into an OomEvent, and the closed events that wait for
// their reaper line (kReaperWindowLines) before they are emitted; reaper lines
// seen before their kill (newest-first text) wait for it.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_building.h"
#include "util/time.h"

namespace oomlens {

struct ReportAssembler::Waiting {
  OomEvent event;
  uint64_t closed_line = 0;
  // fold_group_kill() joined a memory.oom.group kill's members to it: the time of the last kill line it took.
  std::optional<EventTime> group_last;
};

namespace {

constexpr size_t kMaxWaiting = 64;
// A reaper line seen before its kill (newest-first text) waits this many
// lines for it; a kill of the same pid later than that is another process.
constexpr uint64_t kEarlyReaperLines = 64;
constexpr size_t kMaxEarlyReapers = 16;
// A reaper line names a report's unprinted kill (reaps_this_report()) within this many seconds of the report's
// last stamped line: mm/oom_kill.c wakes the reaper from the kill, and the report is printed within milliseconds.
constexpr double kReaperAfterReportS = 5.0;

// Only the header (and its stack) of a report: no outcome, table, Mem-Info, memcg lines or summary.
bool header_only(const OomEvent& e) {
  return e.kind == EventKind::incomplete && e.victims.empty() && e.selected.empty() && e.tasks.empty() &&
         !e.mem_info && !e.memcg && !e.chosen && !e.panic_message;
}

// A report is printed within a few seconds (kMaxGapAfterOutcomeS in report_assembler.cpp).
constexpr double kSameReportS = 5.0;

// A header-only excerpt a poster's prose ended (report_assembler.cpp: a header, a blank line, a paragraph), then
// a report body read without its header (from its Mem-Info block, table or call trace), printk-stamped at most
// kSameReportS after that header on the same host (corpus 660: the header at 9750.060, `I left out some`, the
// Mem-Info tail at 9750.484 and the kill at 9750.492): one report, its header and its body pasted apart. Without
// both stamps the order of the two excerpts is unknown (a newest-first text puts an older report's body there,
// corpus 358): kept apart. `body_mono`: the body's first stamped line's time.
bool body_of_header_excerpt(const OomEvent& header, const OomEvent& body, std::optional<double> body_mono) {
  if (!header_only(header) || !header.trigger || header.trigger->comm.empty()) return false;
  if (body.trigger && !(body.trigger->header_missing && body.trigger->comm == header.trigger->comm)) return false;
  if (header.host && body.host && *header.host != *body.host) return false;
  if (!header.time.monotonic_s || !body_mono) return false;
  const double gap = *body_mono - *header.time.monotonic_s;
  return gap >= 0 && gap <= kSameReportS;
}

// Kill lines only: no header, summary, selection, table, Mem-Info or memcg lines of its own.
bool kills_only(const OomEvent& e) {
  return !e.victims.empty() && !e.trigger && !e.memcg && !e.mem_info && e.tasks.empty() && e.selected.empty() &&
         !e.chosen && !e.panic_message;
}

// Whether `b` was printed after `a`, by stamps that tell: printk times, or wall clocks of one format with a fraction
// of a second (rsyslog's RFC 3339 to the microsecond). nullopt when they do not tell.
std::optional<bool> printed_after(const EventTime& a, const EventTime& b) {
  if (a.monotonic_s && b.monotonic_s) return *b.monotonic_s > *a.monotonic_s;
  const auto fine = [](const std::optional<std::string>& w) { return w && w->size() > 20 && (*w)[19] == '.'; };
  if (fine(a.wall) && fine(b.wall) && a.wall->size() == b.wall->size()) return *b.wall > *a.wall;
  return std::nullopt;
}

// Two events of one kill burst: within a second (a group's kills are printed within milliseconds), on one host,
// of one constraint where both say.
bool one_burst(const OomEvent& a, const OomEvent& b) {
  if (a.host && b.host && *a.host != *b.host) return false;
  if (a.constraint && b.constraint && *a.constraint != *b.constraint) return false;
  if (a.time.monotonic_s && b.time.monotonic_s) return std::abs(*b.time.monotonic_s - *a.time.monotonic_s) <= 1.0;
  return a.time.wall && b.time.wall && a.time.wall->substr(0, 19) == b.time.wall->substr(0, 19);
}

// `body` takes the header excerpt's trigger, time and first line (body_of_header_excerpt()).
void join_header_excerpt(OomEvent&& header, OomEvent& body) {
  Trigger t = std::move(*header.trigger);
  if (body.trigger) {  // its stack line's pid and cpuset stay
    if (!t.pid) t.pid = body.trigger->pid;
    if (!t.cpuset) t.cpuset = body.trigger->cpuset;
    if (!t.mems_allowed) t.mems_allowed = body.trigger->mems_allowed;
  }
  body.trigger = std::move(t);
  body.sysrq = body.sysrq || header.sysrq;
  body.time = header.time;
  if (header.kmsg_seq && (!body.kmsg_seq || *header.kmsg_seq < *body.kmsg_seq)) body.kmsg_seq = header.kmsg_seq;
  body.lines.first = std::min(body.lines.first, header.lines.first);
  std::erase_if(body.notes, [](const std::string& n) { return n.find("is not in the input: it is read") != n.npos; });
  body.notes.emplace_back("the report's header and its body are two excerpts with the poster's text between them, "
                          "joined by their printk times (seconds apart on one boot)");
}

// The same report pasted twice: a post quotes a report's first lines, then gives the whole dmesg (or the
// reverse). Two headers with the same trigger fields (and host, if both print one): with printk stamps on both, the same stamp (to the
// microsecond; distinct OOMs never share one) is one header printed once. Without them a repeat cannot be told
// from another OOM of the same task by time, so only a bare copy (the header lines alone, no `CPU: … PID:` line)
// of a fuller one (its pid read) at the same wall clock, if any, is taken for a repeat: a grep of header lines
// stays one event per line.
enum class Repeat { none, same_stamp, bare_copy };
Repeat repeated_header(const OomEvent& a, const OomEvent& b) {
  // A field printed on one copy only (a host, a wall clock) says nothing against the repeat.
  const auto differ = [](const auto& x, const auto& y) { return x && y && x != y; };
  if (differ(a.host, b.host) || !a.trigger || !b.trigger) return Repeat::none;
  const Trigger& x = *a.trigger;
  const Trigger& y = *b.trigger;
  if (x.comm != y.comm || x.gfp_mask != y.gfp_mask || x.order != y.order || x.oom_score_adj != y.oom_score_adj ||
      (x.pid && y.pid && x.pid != y.pid))
    return Repeat::none;
  if (a.time.monotonic_s && b.time.monotonic_s)
    return a.time.monotonic_s == b.time.monotonic_s ? Repeat::same_stamp : Repeat::none;
  // Wall clocks to the second (one copy may print fractions or a zone the other does not).
  if (a.time.wall && b.time.wall && a.time.wall->substr(0, 19) != b.time.wall->substr(0, 19)) return Repeat::none;
  return !x.pid != !y.pid ? Repeat::bare_copy : Repeat::none;
}

// A header-only report `late` read after `outcome`, a report with a kill or selection but no header of its own,
// is that report's header when the post put it after the outcome (a quote of the kill, then "with this right
// before it:" the header): printk stamps on both say `late` was printed first, at most kLateHeaderBeforeOutcomeS
// before the outcome's report (dump_header() prints the header, the stack, Mem-Info and the table, then the kill,
// within milliseconds, or seconds on a slow console), and a host, boot or wall clock printed on both agrees (a
// wall clock to the second: within that window too; another boot's uptimes are alike). Without
// stamps the order cannot be told: a header after a kill is the next report's.
constexpr double kLateHeaderBeforeOutcomeS = 5.0;
bool header_of_outcome(const OomEvent& outcome, const OomEvent& late) {
  const auto differ = [](const auto& x, const auto& y) { return x && y && x != y; };
  if (!header_only(late) || !late.trigger || outcome.trigger || (outcome.victims.empty() && outcome.selected.empty()))
    return false;
  if (differ(outcome.host, late.host) || differ(outcome.boot_id, late.boot_id)) return false;
  if (!outcome.time.monotonic_s || !late.time.monotonic_s) return false;
  const double before = *outcome.time.monotonic_s - *late.time.monotonic_s;
  if (before < 0 || before > kLateHeaderBeforeOutcomeS) return false;
  // Wall clocks printed on both (a syslog or `dmesg -T` prefix, often to the second) must agree: another boot's
  // header, its uptime alike, was printed hours or days away.
  if (outcome.time.wall && late.time.wall) {
    const auto at = parse_rfc3339(*outcome.time.wall);
    const auto late_at = parse_rfc3339(*late.time.wall);
    if (at && late_at && (*late_at > *at + 1.0 || *at - *late_at > kLateHeaderBeforeOutcomeS + 1.0)) return false;
  }
  return true;
}

// Folds the header-only report `late` into `outcome` (header_of_outcome()): its trigger, what its call trace said
// of the constraint when the outcome's report said nothing, and its time (a report's time is its header's); the
// notes that said the one had no header and the other no outcome go.
void fold_late_header(OomEvent& outcome, OomEvent&& late) {
  const auto starts = [](const std::string& note, std::string_view with) { return note.rfind(with, 0) == 0; };
  std::erase_if(outcome.notes, [&](const std::string& n) {
    return starts(n, kNoteNoHeaderBeforeKill) || starts(n, kNoteNoHeaderBeforeSelection);
  });
  const bool constraint_from_late = !outcome.constraint && late.constraint;
  for (std::string& n : late.notes) {
    if (starts(n, kNoteNoKillLine) || (starts(n, "constraint ") && !constraint_from_late)) continue;
    if (std::find(outcome.notes.begin(), outcome.notes.end(), n) == outcome.notes.end())
      outcome.notes.push_back(std::move(n));
  }
  outcome.notes.push_back("its `invoked oom-killer` header comes after it in the text (line " +
                          std::to_string(late.lines.first) +
                          "), stamped before it: read as this report's header (the lines were pasted out of print "
                          "order)");
  if (constraint_from_late) {
    outcome.constraint = late.constraint;
    outcome.constraint_printed = std::move(late.constraint_printed);
  }
  outcome.trigger = std::move(late.trigger);
  outcome.memcg_stack = outcome.memcg_stack || late.memcg_stack;
  outcome.pagefault_oom = outcome.pagefault_oom || late.pagefault_oom;
  outcome.reclaim_oom = outcome.reclaim_oom || late.reclaim_oom;
  outcome.sysrq = outcome.sysrq || late.sysrq;
  if (outcome.limit_lowered == LimitWrite::none) outcome.limit_lowered = late.limit_lowered;
  if (!outcome.alloc_stall) outcome.alloc_stall = std::move(late.alloc_stall);
  if (!outcome.host) outcome.host = std::move(late.host);
  if (!outcome.boot_id) outcome.boot_id = std::move(late.boot_id);
  const bool year_inferred = outcome.time.year_inferred;
  if (!late.time.wall) late.time.wall = std::move(outcome.time.wall);
  outcome.time = std::move(late.time);
  outcome.time.year_inferred = outcome.time.year_inferred || year_inferred;
  if (late.kmsg_seq && (!outcome.kmsg_seq || *late.kmsg_seq < *outcome.kmsg_seq)) outcome.kmsg_seq = late.kmsg_seq;
  outcome.lines.last = std::max(outcome.lines.last, late.lines.last);
}

KillSizes sizes_of(const Victim& v) {
  return {v.total_vm_bytes, v.anon_rss_bytes, v.file_rss_bytes, v.shmem_rss_bytes, v.pgtables_bytes};
}

// Every size both print the same, at least one of them printed by both.
bool same_sizes(const KillSizes& a, const KillSizes& b) {
  return sizes_agree({{a.total_vm_bytes, b.total_vm_bytes}, {a.anon_rss_bytes, b.anon_rss_bytes},
                      {a.file_rss_bytes, b.file_rss_bytes}, {a.shmem_rss_bytes, b.shmem_rss_bytes},
                      {a.pgtables_bytes, b.pgtables_bytes}});
}

// Two kill records of one process with the same figures: the pid and name, and every figure the kill line prints
// on both the same, at least one size among them (a bare `Killed process N (comm)` of ≤2.6.x tells nothing). Either
// printing of a victim's kill line counts (Victim::reprinted: memory.oom.group kills it again and prints the sizes
// of that moment, corpus 758).
bool same_kill_record(const Victim& a, const Victim& b) {
  if (!a.pid || a.pid != b.pid || a.comm != b.comm) return false;
  if (a.uid && b.uid && *a.uid != *b.uid) return false;
  if (a.oom_score_adj_source == "kill_line" && b.oom_score_adj_source == "kill_line" &&
      a.oom_score_adj != b.oom_score_adj)
    return false;
  return same_sizes(sizes_of(a), sizes_of(b)) || (b.reprinted && same_sizes(sizes_of(a), *b.reprinted)) ||
         (a.reprinted && same_sizes(*a.reprinted, sizes_of(b)));
}

// `copy`'s kills all printed again in `full` (same_kill_record()), and nothing of the two says two printings: not
// two headers (two invocations of the killer), not two printk stamps or wall clocks that differ, not two hosts.
// A pid is killed once: the same kill record twice in one text is one kill quoted twice (corpus 620: syzbot's
// unstamped `> ` excerpt of the kill and its reaper, then the full stamped report).
bool kills_copied(const OomEvent& copy, const OomEvent& full) {
  if (copy.victims.empty() || (copy.trigger && full.trigger)) return false;
  const auto differ = [](const auto& x, const auto& y) { return x && y && x != y; };
  if (differ(copy.host, full.host) || differ(copy.time.monotonic_s, full.time.monotonic_s)) return false;
  if (copy.time.wall && full.time.wall && copy.time.wall->substr(0, 19) != full.time.wall->substr(0, 19)) return false;
  for (const Victim& v : copy.victims)
    if (std::none_of(full.victims.begin(), full.victims.end(), [&](const Victim& w) { return same_kill_record(v, w); }))
      return false;
  return true;
}

// How much of a report an event holds beyond its kills: the copy that keeps more is the one kept.
int report_parts(const OomEvent& e) {
  return static_cast<int>(e.trigger.has_value()) + static_cast<int>(e.memcg.has_value()) +
         static_cast<int>(e.mem_info.has_value()) + static_cast<int>(!e.tasks.empty()) +
         static_cast<int>(!e.selected.empty()) + static_cast<int>(e.chosen.has_value()) +
         static_cast<int>(e.constraint.has_value()) + static_cast<int>(e.victims.size());
}

// `keep` takes what only `copy` read of the same kills (its reaper line, a score, a figure its own printing lacks:
// a writer's cut, corpus 902), and a note.
void fold_copy(OomEvent& keep, const OomEvent& copy) {
  for (Victim& v : keep.victims)
    for (const Victim& c : copy.victims) {
      if (!same_kill_record(v, c)) continue;
      if (!v.reaped) v.reaped = c.reaped;
      for (auto field : {&Victim::total_vm_bytes, &Victim::anon_rss_bytes, &Victim::file_rss_bytes,
                         &Victim::shmem_rss_bytes, &Victim::pgtables_bytes})
        if (!(v.*field)) v.*field = c.*field;
      if (!v.uid) v.uid = c.uid;
      if (!v.selected_score) {
        v.selected_score = c.selected_score;
        v.selected_score_legacy = c.selected_score_legacy;
      }
      if (c.line)
        keep.notes.push_back("the kill line of pid " + std::to_string(*v.pid) + " (" + v.comm +
                             ") is in the text twice, with the same figures (line " + std::to_string(*c.line) +
                             " too): one kill quoted twice, read once");
    }
}

}  // namespace

ReportAssembler::ReportAssembler(std::string source_name, Emit emit)
    : source_(std::move(source_name)), emit_(std::move(emit)) {}

ReportAssembler::~ReportAssembler() = default;

bool ReportAssembler::open() const { return cur_ != nullptr; }

bool ReportAssembler::sysrq_alone() const { return cur_ && cur_->sysrq && !cur_->has_content && !cur_->header; }

void ReportAssembler::preload_rows(const std::vector<LogicalLine>& rows, bool append) {
  if (!append) prelude_.clear();
  for (const auto& r : rows) {
    LogicalLine copy = r;
    copy.prefix = nullptr;
    prelude_.emplace_back(copy, std::string(r.text));
  }
}

void ReportAssembler::start(const LogicalLine& line) {
  // feed() notes a line a viewer cut in the open report before it knows the line opens the next one (a writer's
  // condensed kills, each ending in `...`, corpus 771): the cut is the new report's, never the one it closes.
  bool cut_here = line.truncated;
  if (cur_ && !cur_->cut_lines.empty() && cur_->cut_lines.back() == line.number && cur_->lines.last < line.number) {
    cur_->cut_lines.pop_back();
    cut_here = true;
  }
  if (cur_) close();
  cur_ = std::make_unique<Building>();
  ++opened_;
  cur_->lines.first = line.number;
  if (cut_here) cur_->cut_lines.push_back(line.number);
  cur_->caller_id = caller_of(line);
  cur_->alloc_stall = std::move(pending_stall_);
  pending_stall_.reset();
  absorb_prelude();
}

// A poster's header cut to `X invoked oom-killer` on a line with no prefix is read only as the header of the report
// the next line opens with its `oom-kill:` summary or kill line (corpus 889: a fenced stump, then the summary): a
// sentence that ends so is followed by prose, not by a record; one line apart, or later, the two are not one report.
void ReportAssembler::adopt_bare_stump(const LogicalLine& line) {
  auto stump = std::exchange(bare_stump_, std::nullopt);
  if (!cur_ || !stump || stump->second + 1 != line.number || cur_->header) return;
  cur_->header = std::move(stump->first);
  cur_->lines.first = stump->second;
}

void ReportAssembler::adopt_rows(const std::vector<LogicalLine>& rows) {
  if (!cur_) return;
  preload_rows(rows);
  absorb_prelude();
}

void ReportAssembler::absorb_prelude() {
  for (auto& [pl, text] : prelude_) {
    if (auto row = oomline::parse_row(text)) {
      if (cur_->lines.first > pl.number) cur_->lines.first = pl.number;
      row->truncated = pl.truncated;  // a viewer's cut: only the leading columns are known
      if (row->comm.empty() && !row->truncated) cur_->wrapped_row = RawRow{*row, pl.number};
      else cur_->rows.push_back(RawRow{*row, pl.number});
    } else if (auto cols = table_columns(text, pl.truncated)) {
      if (cur_->lines.first > pl.number) cur_->lines.first = pl.number;
      cur_->columns = *cols;
      cur_->columns_line = pl.number;
    } else if (line_is_memcg_stat(text)) {  // look_back(): memory.stat's last line before `Tasks state`
      cur_->memcg_stat_before_table = true;
    } else if (auto st = oomline::parse_stack_line(text); st && !cur_->stack) {
      // look_back(): the CPU line right above the rows (a paste that left out what lay between): the stack line.
      if (cur_->lines.first > pl.number) cur_->lines.first = pl.number;
      cur_->stack = std::move(*st);
    } else if (cur_->wrapped_row) {  // the wrapped rest of a row (` 0 python`)
      const std::string joined = join_wrapped_row(*cur_->wrapped_row, text);
      if (auto row2 = oomline::parse_row(joined); row2 && joined_comm_fits(row2->comm))
        cur_->rows.push_back(RawRow{*row2, cur_->wrapped_row->line});
      cur_->wrapped_row.reset();
    }
  }
  prelude_.clear();
}

void ReportAssembler::start_from_stack(uint64_t first_line, bool time_from_first, bool mid_trace) {
  close();
  prelude_.clear();
  pending_stall_.reset();
  cur_ = std::make_unique<Building>();
  ++opened_;
  cur_->lines.first = first_line;
  cur_->headerless = true;
  cur_->time_from_first = time_from_first;
  cur_->mid_trace = mid_trace;
}

void ReportAssembler::start_from_table(uint64_t first_line, bool meminfo, bool memcg_stat, uint64_t time_from_line) {
  close();
  LogicalLine at;
  at.number = first_line;
  start(at);  // with the rows a look-back kept
  cur_->from_table = true;
  // Mem-Info is printed for non-memcg OOMs only; a table alone tells neither.
  cur_->meminfo = meminfo && !memcg_stat;
  cur_->memcg_stat_before_table = memcg_stat;
  cur_->time_from_line = time_from_line;
  cur_->section = Building::Section::meminfo;
}

void ReportAssembler::close() {
  if (!cur_) return;
  // Another trace through out_of_memory(), or a lone SysRq-f line (its report not printed yet): no report.
  if ((cur_->headerless && !cur_->stack_confirmed()) || sysrq_alone()) {
    cur_.reset();
    return;
  }
  if (cur_->wrapped_row) cur_->rows.push_back(*cur_->wrapped_row);
  const bool body_without_header = !cur_->header && (cur_->from_table || cur_->headerless);
  const std::optional<double> body_mono =
      cur_->earliest.monotonic_s ? cur_->earliest.monotonic_s : cur_->time.monotonic_s;
  OomEvent ev = finalize_event(std::move(*cur_), source_);
  cur_.reset();
  if (body_without_header && !waiting_.empty() && body_of_header_excerpt(waiting_.back().event, ev, body_mono)) {
    join_header_excerpt(std::move(waiting_.back().event), ev);
    waiting_.pop_back();
  }
  // A header pasted again (repeated_header()): a copy that holds only the header (and its stack) goes, the fuller
  // one stays: the one with more than a header, else the one with its pid, else the one of more lines.
  if (!waiting_.empty()) {
    const OomEvent& prev = waiting_.back().event;
    if (const Repeat r = repeated_header(prev, ev); r != Repeat::none) {
      const auto fuller = [](const OomEvent& e, const OomEvent& other) {
        if (header_only(e) != header_only(other)) return !header_only(e);
        if (!e.trigger->pid != !other.trigger->pid) return e.trigger->pid.has_value();
        return e.lines.last - e.lines.first >= other.lines.last - other.lines.first;
      };
      const bool keep_new = fuller(ev, prev);
      const OomEvent& dropped = keep_new ? prev : ev;
      if (header_only(dropped) && (r == Repeat::same_stamp || !dropped.trigger->pid)) {
        if (!keep_new) return;
        waiting_.pop_back();
      }
    }
  }
  if (!waiting_.empty() && header_of_outcome(waiting_.back().event, ev)) {
    fold_late_header(waiting_.back().event, std::move(ev));
    return;
  }
  if (fold_group_kill(ev)) return;
  // The same kill quoted twice (kills_copied()): one event, the copy with more of the report kept, where the first
  // copy stood. A pid is killed once, so a copy need not be the report right before (corpus 652: a dmesg tail's five
  // kills, then the same five from /var/log/messages); the nearest earlier one still waiting is taken.
  for (auto w = waiting_.rbegin(); w != waiting_.rend(); ++w) {
    OomEvent& prev = w->event;
    const bool prev_copy = kills_copied(prev, ev), ev_copy = kills_copied(ev, prev);
    if (!prev_copy && !ev_copy) continue;
    const bool keep_new = prev_copy && (!ev_copy || report_parts(ev) > report_parts(prev));
    if (keep_new) {
      fold_copy(ev, prev);
      w->closed_line = std::max(w->closed_line, ev.lines.last);
      prev = std::move(ev);
    } else {
      fold_copy(prev, ev);
    }
    return;
  }
  uint64_t last = ev.lines.last;
  waiting_.push_back(Waiting{std::move(ev), last});
  while (waiting_.size() > kMaxWaiting) {
    emit_(std::move(waiting_.front().event));
    waiting_.pop_front();
  }
}

void ReportAssembler::expire(uint64_t line_number) {
  while (!waiting_.empty() && waiting_.front().closed_line + kReaperWindowLines < line_number) {
    emit_(std::move(waiting_.front().event));
    waiting_.pop_front();
  }
}

void ReportAssembler::finish() {
  close();
  while (!waiting_.empty()) {
    emit_(std::move(waiting_.front().event));
    waiting_.pop_front();
  }
}

size_t ReportAssembler::flush(bool include_incomplete) {
  if (cur_ && (include_incomplete || cur_->has_outcome())) close();
  size_t n = 0;
  while (!waiting_.empty()) {
    emit_(std::move(waiting_.front().event));
    waiting_.pop_front();
    ++n;
  }
  return n;
}

// A memory.oom.group kill whose `Tasks in PATH are going to be killed due to memory.oom.group set` line is not in
// the text (a filter dropped it, corpus 812): a report's victim, then kill lines of other tasks with the victim's
// message and nothing of a report of their own, then the victim's kill line again, stamped after them. The kernel
// kills the group's tasks after the victim, the victim once more among them (oom_kill_memcg_member()); a quote of
// the victim's kill keeps its stamp, which is before the others'. The others and the repeat join the victim's
// report. `ev` is the closing event (the repeat); true when it was folded.
bool ReportAssembler::fold_group_kill(OomEvent& ev) {
  if (!kills_only(ev)) return false;
  // The group's tasks after the victim's second line (victim, X, victim, Y: the cgroup's scan reaches the victim
  // among them): kill lines only, of tasks the report has not killed, with its victim's message, printed after the
  // report's kills within the burst, join the report folded already.
  if (!waiting_.empty() && waiting_.back().group_last) {
    OomEvent& report = waiting_.back().event;
    const Victim& first = report.victims.front();
    const bool member = one_burst(report, ev) && printed_after(*waiting_.back().group_last, ev.time) == true &&
                        std::all_of(ev.victims.begin(), ev.victims.end(), [&](const Victim& v) {
                          return v.pid && v.message == first.message &&
                                 std::none_of(report.victims.begin(), report.victims.end(),
                                              [&](const Victim& r) { return r.pid == v.pid; });
                        });
    if (member) {
      for (Victim& v : ev.victims) report.victims.push_back(std::move(v));
      constexpr std::string_view kNote = "after the victim's kill line, ";
      for (std::string& n : report.notes)
        if (n.starts_with(kNote)) n = std::string(kNote) + std::to_string(report.victims.size() - 1) + n.substr(n.find(' ', kNote.size()));
      report.lines.last = std::max(report.lines.last, ev.lines.last);
      waiting_.back().closed_line = std::max(waiting_.back().closed_line, ev.lines.last);
      waiting_.back().group_last = ev.time;
      return true;
    }
  }
  if (ev.victims.size() != 1 || !ev.victims[0].pid) return false;
  const Victim& again = ev.victims[0];
  size_t members = 0;
  OomEvent* report = nullptr;
  for (auto w = waiting_.rbegin(); w != waiting_.rend(); ++w, ++members) {
    OomEvent& e = w->event;
    const auto it = std::find_if(e.victims.begin(), e.victims.end(),
                                 [&](const Victim& v) { return v.pid == again.pid && v.comm == again.comm; });
    if (it != e.victims.end()) {
      if (it->message != again.message || (it->total_vm_bytes && again.total_vm_bytes &&
                                           *it->total_vm_bytes != *again.total_vm_bytes))
        return false;
      report = &e;
      break;
    }
    // A member: kill lines only, of tasks the report has not killed, printed with the victim's message.
    if (!kills_only(e) || printed_after(e.time, ev.time) != true) return false;
    for (const Victim& v : e.victims)
      if (v.message != again.message) return false;
  }
  if (!report || members == 0 || !one_burst(*report, ev)) return false;
  for (size_t i = 0; i < members; ++i) {
    const OomEvent& m = waiting_[waiting_.size() - members + i].event;
    if (!one_burst(*report, m) || printed_after(m.time, report->time) == true) return false;
  }
  for (size_t i = 0; i < members; ++i)
    for (Victim& v : waiting_[waiting_.size() - members + i].event.victims)
      if (std::none_of(report->victims.begin(), report->victims.end(), [&](const Victim& r) { return r.pid == v.pid; }))
        report->victims.push_back(std::move(v));
  for (Victim& v : report->victims)
    if (v.pid == again.pid) v.printed_twice = true;
  report->lines.last = std::max(report->lines.last, ev.lines.last);
  report->notes.push_back("after the victim's kill line, " + std::to_string(report->victims.size() - 1) +
                          " other task(s) killed and the victim's kill line again (line " +
                          std::to_string(again.line.value_or(ev.lines.first)) +
                          "): a memory.oom.group kill, its `Tasks in … memory.oom.group set` line not in the text");
  waiting_.erase(waiting_.end() - static_cast<std::ptrdiff_t>(members), waiting_.end());
  waiting_.back().closed_line = std::max(waiting_.back().closed_line, ev.lines.last);
  waiting_.back().group_last = ev.time;
  return true;
}

void ReportAssembler::gap(std::string_view why) {
  if (cur_) cur_->notes.push_back("lines were lost inside this report: " + std::string(why));
  close();
}

bool ReportAssembler::attach_reaper(const LogicalLine& line, std::string_view text) {
  auto r = oomline::parse_reaper(text);
  if (!r) return false;
  const Reaped reaped = oomline::reaped_bytes(*r);
  if (cur_) {
    for (auto& k : cur_->kills)
      if (k.kill.pid == r->pid && !k.reaped) {
        k.reaped = reaped;
        return true;
      }
  }
  for (auto it = waiting_.rbegin(); it != waiting_.rend(); ++it)
    for (auto& v : it->event.victims)
      if (v.pid == r->pid && !v.reaped) {
        v.reaped = reaped;
        return true;
      }
  // A reaper line whose kill was not seen: in newest-first text the kill follows.
  if (early_reapers_.size() >= kMaxEarlyReapers) early_reapers_.erase(early_reapers_.begin());
  early_reapers_.push_back(EarlyReaper{r->pid, reaped, line.number});
  return true;
}

bool ReportAssembler::mark_reap_failed(int64_t pid) {
  bool found = false;
  if (cur_)
    for (auto& k : cur_->kills)
      if (k.kill.pid == pid) found = k.reap_failed = true;
  for (auto it = waiting_.rbegin(); !found && it != waiting_.rend(); ++it)
    for (auto& v : it->event.victims)
      if (v.pid == pid) found = v.reap_failed = true;
  return found;
}

bool ReportAssembler::reaps_this_report(const LogicalLine& line, int64_t pid) const {
  if (!cur_ || !(cur_->reaps_unprinted_kill() || cur_->reaps_listed_task(pid))) return false;
  for (const Waiting& w : waiting_)
    for (const Victim& v : w.event.victims)
      if (v.pid == pid) return false;  // an earlier report's victim, reaped late
  // The reaper runs right after the kill: a line stamped later than the report's burst is another report's.
  return !(cur_->last_mono && line.prefix && line.prefix->monotonic_s &&
           *line.prefix->monotonic_s - *cur_->last_mono > kReaperAfterReportS);
}

void ReportAssembler::take_early_reaper(int64_t pid, std::optional<Reaped>& reaped, uint64_t line) {
  for (auto it = early_reapers_.begin(); it != early_reapers_.end();) {
    const uint64_t d = it->line > line ? it->line - line : line - it->line;
    if (d > kEarlyReaperLines) {
      it = early_reapers_.erase(it);
    } else if (it->pid == pid && !reaped) {
      reaped = it->reaped;
      it = early_reapers_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace oomlens
