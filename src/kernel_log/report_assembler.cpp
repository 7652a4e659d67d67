// The report state machine (see report_assembler.h). Which line may open,
// join or close a report follows the print order of kernel_oom_formats.md §1:
// header → cpuset/stack → memcg lines or Mem-Info → table → summary →
// selection → kill(s) → group kills → (asynchronous) reaper.
// This file holds feed(), one line at a time; opening and closing a report
// and the events waiting for their reaper line are in
// report_assembler_events.cpp, the line kinds in report_line_kinds.cpp,
// rejoining broken lines in report_rejoin.cpp, Mem-Info in meminfo_detail.cpp.
#include "kernel_log/report_assembler.h"

#include <algorithm>
#include <functional>
#include <utility>
#include <optional>
#include <string>
#include <string_view>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_building.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

// See report_building.h.
bool summary_names_kill(const oomline::KillLine& k, const oomline::Summary& sum) {
  if (!sum.task || sum.task->empty()) return false;
  // A kill line printed without its name (corpus 891) is named by the summary, which prints the victim's.
  const bool named = *sum.task == k.comm || (!sum.pid && !sum.uid && k.comm.starts_with(*sum.task)) ||
                     (k.comm.empty() && k.pid > 0 && readable_comm(*sum.task));
  return named && (!sum.pid || *sum.pid == k.pid);
}

using namespace oomlens::text;
using Building = ReportAssembler::Building;

namespace {

// A kill line printed twice is known only when both copies were read; when what came right after the first was
// lost, the second copy may have been lost with it (RawKill::printed_twice, nullopt).
void copy_unknown(RawKill& k) {
  if (k.printed_twice != true) k.printed_twice = std::nullopt;
}

// Whether the kill line of `pid` goes on, after its `(comm)`, with a record that was not split from it and may
// be its second copy: the same kill message (`… (jserver). Jul         19 05:19:24 host01 kernel: Out of Memory:
// Killed process 2368 …`, a stamp a pad broke), or, on a line a viewer cut (`truncated`), anything after 2.6's
// `(comm).`, which ends that kill line (`… (jserver). Jul 19 05:19:24 host...`).
bool unread_record_after_kill(std::string_view t, int64_t pid, bool truncated) {
  size_t k = t.find("illed process ");
  if (k == std::string_view::npos) k = t.find("ill process ");
  if (k == std::string_view::npos) return false;
  const size_t close = t.find(')', k);
  if (close == std::string_view::npos) return false;
  const std::string_view after = t.substr(close + 1);
  if (truncated && starts_with(after, ". ") && !trim(after.substr(2)).empty()) return true;
  return after.find("illed process " + std::to_string(pid) + " ") != std::string_view::npos;
}

// Unrecognised lines tolerated inside a report before its outcome (stack
// traces, zone lists …) and after it (interleaved lines before group kills).
constexpr uint64_t kQuietBeforeOutcome = 1500;
constexpr uint64_t kQuietAfterOutcome = 12;

// A report opened at its call trace and not yet confirmed (Building::
// stack_confirmed()) ends after this many: a dump_stack() block with its
// registers is some 60 lines at most.
constexpr uint64_t kQuietUnconfirmedStack = 100;
// A report is printed within milliseconds; a later line belongs elsewhere.
constexpr double kMaxGapAfterOutcomeS = 5.0;
// Before its outcome a report's printing can be slowed by a console (printk waits for a serial line: a large
// task table at 9600 baud takes minutes), but not paused for a quarter of an hour between two of its lines, even
// with a poster's `...` eliding the lines between: a record stamped that much later than the open report's last
// stamped line is another report's (corpus 883: a header at 53283.57, `...`, a kill at 56966.20).
constexpr double kMaxGapBeforeOutcomeS = 900.0;

// `systemd[1]: Stopping Journal Service...`: a program's message written to
// /dev/kmsg (systemd while journald restarts) among the report's lines. No
// kernel line of a report starts `name[pid]: `, so its `...` is its own text,
// never a viewer's cut of a report field.
bool is_program_kmsg(std::string_view t) {
  const size_t open = t.find('[');
  if (open == 0 || open == std::string_view::npos || open > 32) return false;
  const size_t close = t.find("]: ", open);
  if (close == std::string_view::npos || !parse_i64(t.substr(open + 1, close - open - 1))) return false;
  for (const char c : t.substr(0, open))
    if (!is_alnum(c) && c != '_' && c != '-' && c != '.' && c != '@' && c != '/')
      return false;
  return true;
}

// Every record inside an open report counts, taken or not (stack lines,
// unknown lines): a gap means the ring lost records, nothing else.
void track_seq(Building& b, const LogicalLine& l) {
  if (!l.prefix || !l.prefix->kmsg_seq) return;
  const uint64_t seq = *l.prefix->kmsg_seq;
  if (b.last_seq && seq > *b.last_seq + 1 && !l.prefix->seq_gaps_reported)
    b.notes.push_back(std::to_string(seq - *b.last_seq - 1) +
                      " kernel records inside this report were lost (kmsg sequence gap)");
  if (!b.last_seq || seq > *b.last_seq) b.last_seq = seq;
}

// A selection line; cut (by a viewer, or a mail's wrap before `score`: `kill process 3500 (x-session-manag)`)
// it gives the pid, and the comm when its `)` is there.
std::optional<oomline::SelectLine> select_or_stump(std::string_view t, bool truncated) {
  if (auto s = oomline::parse_select(t)) return s;
  auto stump = oomline::parse_select_stump(t);
  // Whole, it must name a comm the kernel could print (TASK_COMM_LEN 16): not `… sharing same memory` with
  // a poster's `(...snipped...)` run into it.
  if (!stump || (!truncated && (stump->comm.empty() || stump->comm.size() > 15))) return std::nullopt;
  return stump;
}

// `l` is printk-stamped within a few seconds of the report's time (its header's): the same dump.
bool in_header_burst(const Building& b, const LogicalLine& l) {
  if (!l.prefix) return false;
  const LinePrefix& p = *l.prefix;
  if (b.time.monotonic_s && p.monotonic_s) {
    const double d = *p.monotonic_s - *b.time.monotonic_s;
    return d >= 0 && d <= 5.0;
  }
  // Wall stamps: the same second (`YYYY-MM-DDTHH:MM:SS`, whatever fraction follows).
  return b.time.wall && p.wall && b.time.wall->size() >= 19 && p.wall->size() >= 19 &&
         b.time.wall->compare(0, 19, *p.wall, 0, 19) == 0;
}

void take_time(Building& b, const LogicalLine& l) {
  // Opened before a table header (start_from_table()): the time is the
  // header's, the one line found wherever the block starts (a wrap or the
  // newest-first order moves its start).
  // Without a table header (a paste of rows alone) the earliest line's time
  // is kept aside (whichever order they come in: newest-first text) for
  // finalize_event().
  if (!l.prefix) return;
  const LinePrefix& p = *l.prefix;
  // A printk stamp of 0.000000 on a report's line is no time: a dmesg's filler for a record the kernel stamped with
  // none (no OOM killer runs before the clock does).
  const std::optional<double> mono = p.monotonic_s && *p.monotonic_s > 0 ? p.monotonic_s : std::nullopt;
  if (b.from_table && (b.time_from_line ? l.number < b.time_from_line : !b.columns_line)) {
    EventTime& e = b.earliest;
    if (mono && (!e.monotonic_s || *mono < *e.monotonic_s)) e.monotonic_s = mono;
    if (p.wall && (!e.wall || *p.wall < *e.wall)) {
      e.wall = p.wall;
      e.year_inferred = p.year_inferred;
    }
    if (!b.host && p.host) b.host = p.host;
    return;
  }
  if (!b.time.monotonic_s && mono) b.time.monotonic_s = mono;
  if (!b.time.wall && p.wall) {
    b.time.wall = p.wall;
    b.time.year_inferred = p.year_inferred;
  }
  if (!b.host && p.host) b.host = p.host;
  // The report's first record is its lowest sequence number, whichever order the text gives them in (newest-first).
  if (p.kmsg_seq && (!b.kmsg_seq || *p.kmsg_seq < *b.kmsg_seq)) b.kmsg_seq = p.kmsg_seq;
  if (!b.boot_id && p.boot_id) b.boot_id = p.boot_id;
  track_seq(b, l);
  if (mono) b.last_mono = mono;
}

// A selection or kill line the report already holds, verbatim: a paste
// that quotes them again. Stamps that differ make it another line. A
// selection repeats once its pid was killed (a parent selected again after
// a child was sacrificed in its place is a new selection); a kill repeats
// when stamped the same to the microsecond, or after its selection's repeat
// (a memory.oom.group kill prints the victim's kill line twice).
// The text's hash without its blanks: a terminal's pad inside a token (`sacr        ifice`) or a wrap's indent makes
// no other line (FNV-1a).
size_t hash_without_blanks(std::string_view t) {
  uint64_t h = 14695981039346656037ULL;
  for (const char c : t)
    if (c != ' ' && c != '\t') h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return static_cast<size_t>(h);
}

Building::OutcomeLine outcome_line(const LogicalLine& line, std::string_view t, int64_t pid) {
  Building::OutcomeLine o{pid, hash_without_blanks(t), std::nullopt, 0, false, line.number};
  if (!line.prefix) return o;
  o.monotonic_s = line.prefix->monotonic_s;
  if (const auto& w = line.prefix->wall) {
    o.wall_hash = std::hash<std::string_view>{}(*w) | 1;
    o.wall_fraction = w->find('.') != std::string::npos;
  }
  return o;
}

// Two kill lines of one task: the same pid, and the same name when the writer masked the pid (unknown, 0).
bool same_kill_task(const oomline::KillLine& a, const oomline::KillLine& b) {
  return a.pid == b.pid && (a.pid != 0 || a.comm == b.comm);
}

// Two kill lines print at least one size in common, and every size and the uid both print are the same (a figure
// one of them lacks does not count; lines of ≤2.6.x that print no size never agree).
bool figures_agree(const oomline::KillLine& a, const oomline::KillLine& b) {
  return sizes_agree({{a.total_vm_kb, b.total_vm_kb}, {a.anon_rss_kb, b.anon_rss_kb}, {a.file_rss_kb, b.file_rss_kb},
                      {a.shmem_rss_kb, b.shmem_rss_kb}, {a.pgtables_kb, b.pgtables_kb}}) &&
         !(a.uid && b.uid && *a.uid != *b.uid);
}

bool repeats_outcome(Building& b, const LogicalLine& line, std::string_view t, int64_t pid, bool selection) {
  if (b.outcome_lines.empty()) return false;
  const Building::OutcomeLine p = outcome_line(line, t, pid);
  for (const auto& o : b.outcome_lines) {
    if (o.pid != pid || o.text_hash != p.text_hash) continue;
    if ((o.monotonic_s && p.monotonic_s && *o.monotonic_s != *p.monotonic_s) ||
        (o.wall_hash && p.wall_hash && o.wall_hash != p.wall_hash))
      return false;
    // A wall time of whole seconds is too coarse to tell a kill printed twice from its quote.
    const bool same_stamp = (o.monotonic_s && p.monotonic_s) || (o.wall_hash && p.wall_hash && o.wall_fraction);
    if (selection) {
      for (const auto& k : b.kills)
        if (k.kill.pid == pid) return b.repeating = true;
      // The same selection again straight after itself, before any kill, on the same physical line (a copy ran
      // the records together: corpus 602, 2.6.20's `kill process 12475 (qemu) score 7899 or a child` twice, then
      // its kill line twice): one choice, printed twice. On lines of their own, unstamped, the same selection
      // twice is the killer choosing the same parent again (corpus 615: `hald` twice, its children killed).
      return b.kills.empty() && &o == &b.outcome_lines.back() && o.number == p.number &&
             (same_stamp || (!o.monotonic_s && !o.wall_hash));
    }
    return same_stamp || b.repeating;
  }
  return false;
}

// The note for oomline::parse_not_killed()'s line (render/note_text.cpp translates each).
std::string not_killed_note(const oomline::NotKilled& n) {
  using W = oomline::NotKilled::Why;
  const std::string who = n.pid ? "pid " + std::to_string(*n.pid) + " (" + n.comm + ")" : std::string();
  switch (n.why) {
    case W::disabled:
      return "the OOM killer chose " + who + ", but killing it is disabled (by " + n.by +
             ", OpenVZ): it was not killed, and the killer chose again";
    case W::no_mm:
      return "the OOM killer chose " + who + ", but it had already released its memory (no mm, OpenVZ): it was not "
             "killed";
    case W::dry_run:
      return "the OOM killer would have killed " + who + " but did not (the kernel was set to only report it): no "
             "process was killed for this choice";
    case W::ub_oom_ended:
      return "the OOM of OpenVZ beancounter " + std::to_string(n.ub.value_or(-1)) + " ended: `" + n.reason + "`";
  }
  return {};
}

void note_outcome(Building& b, const LogicalLine& line, std::string_view t, int64_t pid) {
  b.outcome_lines.push_back(outcome_line(line, t, pid));
}

// A cgroup v2 memory.stat line (`file_dirty 303247360`) in a report whose `swap: usage …` counter (v2 prints it,
// v1 prints `memory+swap:`) came and whose stats header did not: its key is one of memory.stat's byte counts.
bool v2_stats_without_header(const Building& b, std::string_view t) {
  if (b.section != Building::Section::none || !b.stats.empty() || !b.rows.empty() ||
      b.has_outcome())
    return false;
  if (std::none_of(b.counters.begin(), b.counters.end(), [](const oomline::CounterLine& c) { return c.name == "swap"; }))
    return false;
  const auto kv = oomline::parse_stat_kv(t);
  if (!kv) return false;
  static constexpr std::string_view kKeys[] = {
      "anon", "file", "kernel", "kernel_stack", "pagetables", "sec_pagetables", "percpu", "sock", "vmalloc", "shmem",
      "zswap", "zswapped", "file_mapped", "file_dirty", "file_writeback", "swapcached", "anon_thp", "file_thp",
      "shmem_thp", "inactive_anon", "active_anon", "inactive_file", "active_file", "unevictable",
      "slab_reclaimable", "slab_unreclaimable", "slab"};
  return std::find(std::begin(kKeys), std::end(kKeys), kv->first) != std::end(kKeys);
}

/// A zone's buddy list outside a Mem-Info block (parse_buddy_list(), its zone one the kernel names: a poster's
/// `Total: 3*4kB` is not one): the page size it gives recorded in `b`; false when `t` is not one.
bool buddy_list_alone(Building& b, std::string_view t) {
  const auto head = parse_buddy_list(t);
  if (!head) return false;
  const std::string_view z = head->zone;
  if (z != "DMA" && z != "DMA32" && z != "Normal" && z != "HighMem" && z != "Movable") return false;
  if (!b.buddy_page_kb) b.buddy_page_kb = head->page_kb;
  return true;
}

// dump_oom_summary() prints a report's `oom-kill:` line before its kill line. One straight after a report's only kill
// (the last record read, its wrapped rest aside; no summary of its own before), naming that victim (task= its comm,
// pid= its pid when printed), is that kill's summary out of the kernel's order (a poster who wrote the kill first,
// corpus 630): the report's. A task= ending the line without the pid= the kernel prints after it may be cut there
// (its rest on the next line): a start of the victim's comm names it too. A later report's summary names the task
// it chose then, whose kill follows it; a summary printing another pid, or after another record, still opens a
// report of its own.
// A piece ending in `,` before the `task=` every summary prints (its rest on the next line) does not name the
// task yet: it is taken as that kill's (Building::summary_task_to_come) until its rest says.
// One a viewer or its poster cut (`...`) before its task= names no task and never will: it is taken as that kill's
// when its constraint is the one the kill line's message says (CONSTRAINT_MEMCG for `Memory cgroup out of memory`,
// another for `Out of memory`), a writer's order (corpus 871); one that says another stays a report of its own.
// A summary stamped (printk time or wall clock) after a kill the text gives no stamp comes from another copy of the
// log (a page's bare sample kill line, then its dmesg form with the summary, corpus 902): it opens a report of its
// own, and the two kills are then read as one kill quoted twice (kills_copied()).
bool summary_of_kill_before(const Building& b, const oomline::Summary& sum, const LogicalLine& line,
                            std::string_view t) {
  if (b.kills.size() != 1 || b.summary || !b.selected.empty() || b.last_record != Building::Piece::kill) return false;
  const bool line_stamped = line.prefix && (line.prefix->monotonic_s || line.prefix->wall);
  if (line_stamped && !b.time.monotonic_s && !b.time.wall) return false;
  const bool truncated = line.truncated;
  if (!sum.task && !sum.pid && !truncated && ends_with(trim_right(t), ",")) return true;
  // (Printk-stamped after the kill, it is a later report's, whose header was lost: dump_oom_summary() prints before
  // the kill line, so a writer's reordering keeps the summary's stamp at or before the kill's.)
  const bool stamped_after_kill =
      line.prefix && line.prefix->monotonic_s && b.last_mono && *line.prefix->monotonic_s > *b.last_mono;
  if (!sum.task && !sum.pid && truncated && !stamped_after_kill && sum.constraint && b.kills.front().kill.message) {
    const bool memcg_kill = *b.kills.front().kill.message == "Memory cgroup out of memory";
    const bool memcg_summary = *sum.constraint == "CONSTRAINT_MEMCG";
    const bool global_kill = *b.kills.front().kill.message == "Out of memory";
    if ((memcg_kill && memcg_summary) || (global_kill && !memcg_summary)) return true;
  }
  // Cut before its task= (a viewer's or the writer's `...`, corpus 904), it names no task, but printk-stamped the
  // same as the kill it follows it is that kill's: a later report's summary follows that report's header, Mem-Info
  // and task table, never within the kill's own stamp with nothing between.
  if (!sum.task && !sum.pid && (truncated || sum.elided || ends_in_ellipsis(trim_right(t))) && line.prefix &&
      line.prefix->monotonic_s &&
      b.last_mono && *line.prefix->monotonic_s == *b.last_mono)
    return true;
  return sum.task && !sum.task->empty() && summary_names_kill(b.kills.front().kill, sum);
}

}  // namespace

bool starts_table_line(std::string_view t) {
  if (oomline::starts_table_header(t)) return true;
  const size_t close = t.find(']');
  return !t.empty() && t[0] == '[' && close != std::string_view::npos && parse_i64(trim(t.substr(1, close - 1)));
}

void ReportAssembler::start_at_cut_selection(const LogicalLine& line) {
  start(line);
  if (cur_->cut_lines.empty() || cur_->cut_lines.back() != line.number) cur_->cut_lines.push_back(line.number);
  cur_->has_content = true;
  cur_->lines.last = line.number;
  take_time(*cur_, line);
}

// A panic line printed by one of the report's victims (its printk caller id `T<pid>` is a killed task's pid).
namespace {
bool victims_panic(const ReportAssembler::Building& b, const LogicalLine& line) {
  const auto caller = caller_of(line);
  if (!caller || *caller >= 0x80000000u || !panic_text(trim(line.text))) return false;  // C<cpu>: no task's
  return std::any_of(b.kills.begin(), b.kills.end(), [&](const RawKill& k) { return k.kill.pid == *caller; });
}
}  // namespace

bool ReportAssembler::feed(const LogicalLine& line) {
  std::string_view t = line.text;
  // A table of any length is held in at most twice kMaxTaskRows rows.
  if (cur_ && cur_->rows.size() >= 2 * kMaxTaskRows) bound_task_rows(*cur_, kMaxTaskRows, true);
  // One task prints a report (under oom_lock), so with printk caller ids a line of another caller than
  // the report's opening line (or header) is not the open report's: one that opens a report is the next
  // report's (this one was cut: a paste's `(...snipped...)`); any other (another pid's message inside the
  // report) is passed over as a foreign line. The oom_reaper kthread's line is read as such; a SysRq-f
  // report is printed by a worker after its writer's `Manual OOM execution` line. A victim's own panic is read too:
  // a killed task that exits panics in its own context, its pid its caller id (`Attempted to kill init!` when a
  // memory.oom.group kill took pid 1, corpus 545).
  bool other_task = false;
  if (cur_ && cur_->caller_id && caller_of(line) && *cur_->caller_id != *caller_of(line) && !line.foreign &&
      !(cur_->sysrq && !cur_->header) && !oomline::parse_reaper(trim(t)) && !victims_panic(*cur_, line)) {
    if (line_opens_report(trim(t))) close();
    else other_task = true;
  }
  if (line.foreign || other_task) {
    if (cur_ && ++cur_->quiet > (cur_->has_outcome() ? kQuietAfterOutcome : kQuietBeforeOutcome)) close();
    prelude_.clear();
    pending_stall_.reset();
    return open();
  }
  // A report is printed in one burst: a late line after the outcome starts anew (before it, a much later one,
  // unless the report printed its summary: the kill follows it straight from the same function).
  if (cur_ && (cur_->has_outcome() || !cur_->summary) && cur_->last_mono && line.prefix && line.prefix->monotonic_s &&
      *line.prefix->monotonic_s - *cur_->last_mono >
          (cur_->has_outcome() ? kMaxGapAfterOutcomeS : kMaxGapBeforeOutcomeS))
    close();
  // Nor do printk times run backwards inside one: a record that opens a report, stamped well before
  // the open report's first line, is another boot's or another machine's (a log export merging hosts).
  if (cur_ && cur_->time.monotonic_s && line.prefix && line.prefix->monotonic_s &&
      *cur_->time.monotonic_s - *line.prefix->monotonic_s > kMaxGapAfterOutcomeS && line_opens_report(trim(t)))
    close();

  if (cur_ && cur_->no_killable && !cur_->panic_message && !line.foreign && cur_->last_mono && line.prefix &&
      line.prefix->monotonic_s && *line.prefix->monotonic_s >= *cur_->last_mono && !line.truncated) {
    const std::string_view bare = trim(t);
    // SysRq-f's moom_callback() says `OOM request ignored. No task eligible` after the warning: no memcg OOM.
    if (starts_with(bare, "OOM request ignored")) cur_->sysrq = true;
    else if (!bare.empty() && !is_no_killable(bare) && !panic_text(bare)) cur_->went_on_after_no_killable = true;
  }
  if (cur_ && line.continuation) {
    Building& b = *cur_;
    if (b.wrapped_row) {
      const std::string joined = join_wrapped_row(*b.wrapped_row, trim(t));
      if (auto row = oomline::parse_row(joined); row && joined_comm_fits(row->comm)) {
        b.rows.push_back(RawRow{*row, b.wrapped_row->line});
        b.wrapped_row.reset();
        b.lines.last = line.number;
        // The row reads whole, but a second wrap may have cut its name (a terminal's line re-wrapped by a mail
        // client: `… 366        ` + ` 0 45056 0 0 stre` + `ss`, corpus 804): only a comm's rest
        // (rest_of_comm(): a short word the 15-byte comm has room for) continues it, never a poster's `# [...]`.
        b.piece = Building::Piece::row;
        b.piece_text = joined;
        b.piece_first_width = 0;
        b.piece_last_width = 0;
        b.piece_soft = false;
        b.piece_pad = false;
        return true;
      }
      b.rows.push_back(*b.wrapped_row);
      b.wrapped_row.reset();
    }
  }
  t = trim(t);
  // A terminal's pad inside a token (`0,glob        al_oom`, issue 12): no
  // kernel line of a report but a table's (tasks, unreclaimable slab) holds
  // a run of 4 spaces inside it. Nor a row's rest (`228537    95491   3 …`,
  // after `[ 1046]  1066  1046`): it starts with a number. Nor a table
  // header's (`total_vm      rss …` after `[ pid ]   uid  tgid`).
  std::string unpadded;
  // A table header's rest holds column names only: a line whose first word ends in `:` (`oom_reaper: reaped
  // process 29918         (python)`, right after the table header in a `grep oom`, corpus 438) is a record.
  const std::string_view first_word = t.substr(0, t.find(' '));
  const bool table_rest = cur_ && cur_->piece == Building::Piece::other && starts_table_line(cur_->piece_text) &&
                          first_word.find(':') == std::string_view::npos;
  if (t.size() > 40 && t[0] != '[' && !(t[0] >= '0' && t[0] <= '9') && !(cur_ && cur_->in_slab_table) && !table_rest &&
      t.find("    ") != std::string_view::npos) {
    unpadded = unpadded_record(t);
    t = unpadded;
  }
  // `line` with the text before it rejoined (`joined`), fed as one record.
  // The line is noted as rejoined in the report the joined record lands in: one it opens when it starts the next
  // (a selection whose rest opened corpus 619's second report), else the open one.
  auto feed_joined = [&](const std::string& joined) {
    const uint64_t opened = opened_;
    LogicalLine whole = line;
    whole.text = joined;
    whole.continuation = false;
    const bool open = feed(whole);
    if (cur_ && (opened_ == opened || cur_->lines.first == line.number)) cur_->joined_lines.push_back(line.number);
    return open;
  };
  if (cur_ && cur_->piece == Building::Piece::other && cur_->piece_short) {
    // An indented rest (a reflow's) may complete it as any record would (`Memory cgroup stats for` + `    /path: …`).
    if (!line.continuation) cur_->piece = Building::Piece::none;
    // `CPU 0/KVM` + `cpuset=vcpu0 mems_allowed=0-1`: a comm and its cpuset line's rest.
    if (!line.prefixed && starts_with(t, "cpuset=") && !cur_->cpuset) {
      std::string joined = cur_->piece_text;
      joined += ' ';
      joined += t;
      if (oomline::parse_cpuset(joined)) {
        cur_->piece = Building::Piece::none;
        return feed_joined(joined);
      }
    }
    // `…or sacrifice child Kil` + `led process 2157 (java) …`: a kill glued after
    // its selection (feed_line() splits them), then wrapped inside its first word,
    // or after it at a space (`…child Killed ` + `process 9682, UID 27, …`).
    if (!line.prefixed && !line.continuation && !t.empty() && !line_is_record(t)) {
      std::string joined = cur_->piece_text;
      if (cur_->piece_soft) joined += ' ';
      joined += t;
      if (oomline::parse_kill(joined) && !oomline::parse_kill(t) && starts_with("Killed process", cur_->piece_text)) {
        cur_->piece = Building::Piece::none;
        return feed_joined(joined);
      }
    }
  }
  if (cur_ && cur_->piece == Building::Piece::other) {
    // Two unrecognised pieces that together are a record (`Out of memory: Killed pro` + `cess …`).
    cur_->piece = Building::Piece::none;
    // A kill or selection line whose message began on the line before
    // (`Memory cgroup out of` + `memory: Kill process …`): its own message is
    // unknown; the joined text gives it when the kernel prints it so.
    if (!t.empty() && !line.prefixed && t[0] >= 'a' && t[0] <= 'z' && t.find("ill process ") != std::string_view::npos) {
      std::string joined = cur_->piece_text;
      if (line.continuation || cur_->piece_soft) joined += ' ';
      joined += t;
      auto msg_of = [](std::string_view x) -> std::optional<std::string> {
        if (auto m = oomline::outcome_message(x)) return m;
        if (auto k = oomline::parse_kill_stump(x)) return k->message;  // its figures on the next line
        return std::nullopt;
      };
      // Its own message is none, or the joined one's last word (`memory`).
      const auto own = msg_of(t), longer = msg_of(joined);
      if (longer && (!own || oomline::message_extends(*longer, *own))) return feed_joined(joined);
    }
    // A v2 memory.stat line broken at its space (`anon` + `    4280025088`).
    if (cur_->section == Building::Section::stats && !t.empty() && !line.prefixed &&
        (line.continuation || cur_->piece_soft)) {
      const std::string joined = cur_->piece_text + ' ' + std::string(t);
      if (oomline::parse_stat_kv(joined)) return feed_joined(joined);
    }
    // A record the assembler keeps no piece of (`Hardware name: …`) is whole: nothing is glued to it.
    if (!t.empty() && !line.prefixed && !line_is_record(t) && !line_is_record(cur_->piece_text)) {
      std::string joined = cur_->piece_text;
      if (line.continuation || cur_->piece_soft) joined += ' ';
      joined += t;
      if (line_is_record(joined)) return feed_joined(joined);
    }
  }
  if (cur_ && cur_->stats_path_next) {
    // `Memory cgroup stats for` + `    /kubepods/…: cache:…` (a reflow): the path and stats are its.
    cur_->stats_path_next = false;
    if ((line.continuation || cur_->stats_path_soft) && !line.prefixed && !t.empty() && t[0] == '/') {
      std::string joined = "Memory cgroup stats for ";
      joined += t;
      if (auto sh = oomline::parse_stats_header(joined); sh && !sh->path.empty()) {
        cur_->stats_path.reset();  // the header's path was unknown; this is it
        return feed_joined(joined);
      }
    }
  }
  if (cur_ && rejoin(*cur_, line, t)) return true;
  if (cur_ && line.truncated && !is_program_kmsg(t)) {
    cur_->cut_lines.push_back(line.number);
    // A record glued after a kill line on its physical line, and cut there by a viewer (`… (jserver). Jul 19
    // 05:19:24 host01 kernel: Out of Memo…`): it may be the kill's second copy, whether it was printed twice is unknown.
    if (!cur_->kills.empty() && line.number == cur_->kills.back().line) copy_unknown(cur_->kills.back());
  }
  // A stamped header, then a poster's prose paragraph: the report goes on only at a kernel line stamped in the
  // header's burst (corpus 689: a document quoting one report in sections, every line of one second); a line
  // without a stamp, or another time, leaves the header an excerpt of its own (corpus 358), and is read on its own
  // below (a kill there is a report of its own, never lost).
  if (cur_ && cur_->prose_after_header && !t.empty() && (line.prefixed || line_is_record(t))) {
    if (!line.prefixed || !in_header_burst(*cur_, line)) {
      close();
    } else {
      cur_->prose_after_header = false;
      cur_->blank_since_header = false;
    }
  }
  using P = Building::Piece;
  P piece = P::none;
  bool no_time = false;  // a line whose time is not the report's
  uint64_t stack_after_selection_line = 0;  // this line is a dump's CPU line after the selection
  std::optional<oomline::KillLine> kill_stump;  // cut or wrapped inside the comm
  if (!oomline::parse_kill(t)) kill_stump = oomline::parse_kill_stump(t);

  auto header = oomline::parse_header(t);
  if (!header && line.prefixed) header = oomline::parse_header_cut(t);  // `… invoked oom-killer` cut there
  // Without a prefix of its own such a stump opens no report (it may be prose), but after the
  // outcome it ends the open one: what follows (a table) is the next report's or no report's.
  if (!header && cur_ && cur_->has_outcome() && oomline::parse_header_cut(t)) {
    close();
    return false;
  }
  if (!header && !line.prefixed && !line.truncated)
    if (auto st = oomline::parse_header_cut(t)) bare_stump_.emplace(std::move(*st), line.number);
  // warn_alloc()'s `<comm>: page allocation failure: …` after the outcome starts another dump: its `CPU: … Comm:`
  // line, stack and Mem-Info are its own, never the trigger or the body of the report before it (corpus 449: Xorg's
  // shmem page failed in the second tail was killed; its CPU line had been taken as the OOM's trigger).
  // So does one after the report's whole Mem-Info (its `N pages RAM` tail) when no outcome came (a header-only
  // report, then a second example: corpus 699, where in:imklog's failure and its own Mem-Info followed; oom_kill.c
  // prints one Mem-Info, before the table): the failure's show_mem would otherwise replace the report's swap and
  // free figures. A failure line inside the report's Mem-Info is another CPU's line interleaved: passed over.
  if (cur_ && (cur_->has_outcome() || (cur_->meminfo && cur_->ram_pages)) && is_alloc_failure(t)) {
    close();
    return false;
  }
  if (auto& h = header) {
    if (cur_ && (cur_->has_content || cur_->header || cur_->headerless)) close();
    if (!cur_) start(line);
    cur_->caller_id = caller_of(line);  // the task that prints the report (a SysRq-f one's worker)
    // A poster's condensed quote: the report's `oom-kill:` fields glued after an elision in its header line.
    if (oomline::Summary sum; h->summary_fields && oomline::parse_summary_fields(*h->summary_fields, sum)) {
      cur_->summary_line = line.number;
      cur_->summary = std::move(sum);
      cur_->summary_cut = line.truncated;
    }
    cur_->header = std::move(*h);
    cur_->has_content = true;
    piece = P::header;
    // Only a header printed with its fields: one cut before them (`X invoked oom-killer:`) has its rest to come.
    cur_->bare_header_line = t.find("gfp_mask=") != std::string_view::npos ? line.number : 0;
    cur_->blank_since_header = false;
  } else if (auto k = kill_stump ? kill_stump : oomline::parse_kill(t)) {
    const int64_t kill_pid = k->pid;
    // A kill line a viewer or the poster cut (`anon-rss:14282608kB, ...`): the cut fields are unknown, its UID
    // among them, whatever word the cut left last (corpus 562).
    if (line.truncated) k->cut = true;
    if (cur_ && repeats_outcome(*cur_, line, t, kill_pid, false)) {
      if (line.number > cur_->lines.last) cur_->lines.last = line.number;
      cur_->piece = line.truncated ? P::none : P::kill;  // its wrapped rest repeats too
      cur_->piece_text.assign(t);
      cur_->piece_first_width = line.prefixed ? 0 : t.size();
      cur_->piece_last_width = 0;
      cur_->piece_soft = line.soft_break;
      return true;
    }
    bool joins = false;
    if (cur_) {
      for (auto& prev : cur_->kills)
        if (same_kill_task(prev.kill, *k)) {
          joins = true;
          // A cut printing that agrees with the first on every figure both show cannot be told from a quote of
          // it (a viewer cut both at another column, corpus 751 through truncate100_dots): unknown, not twice.
          if ((prev.kill.cut || k->cut) && figures_agree(prev.kill, *k)) {
            if (prev.printed_twice != true) prev.printed_twice = std::nullopt;
            continue;
          }
          prev.printed_twice = true;
          if (!prev.again) prev.again = *k;
        }
      // The first kill of a report (its selection may name the parent), or
      // further members of a memory.oom.group kill. A report that found no
      // killable task or panicked has ended: out_of_memory() returns (or the
      // machine stops) without a kill, so a kill after it is a later OOM's
      // (corpus 514: an LTP run's panic, then a kill from the next boot).
      if (!joins) joins = (cur_->kills.empty() && !cur_->no_killable && !cur_->panic_message) || cur_->group_kill;
      if (joins) {
        bool dup = false;
        for (auto& prev : cur_->kills) dup = dup || same_kill_task(prev.kill, *k);
        if (!dup) cur_->kills.push_back(RawKill{std::move(*k), line.number, false, std::nullopt});
      }
    }
    if (!joins) {
      start(line);
      adopt_bare_stump(line);
      cur_->kills.push_back(RawKill{std::move(*k), line.number, false, std::nullopt});
    }
    if (auto& last = cur_->kills.back(); last.kill.pid == kill_pid && unread_record_after_kill(t, kill_pid, line.truncated))
      copy_unknown(last);
    if (auto& last = cur_->kills.back(); cur_->chosen_reaped && cur_->chosen_reaped_pid == last.kill.pid)
      last.reaped = std::exchange(cur_->chosen_reaped, std::nullopt);  // its reaper line came first
    if (!early_reapers_.empty()) take_early_reaper(cur_->kills.back().kill.pid, cur_->kills.back().reaped, line.number);
    note_outcome(*cur_, line, t, kill_pid);
    cur_->has_content = true;
    // A cut kill line has no wrapped rest to come, but is still the last record read: its own summary after it
    // (a poster's kill first, corpus 630; 729 reversed) is the report's.
    if (!line.truncated) piece = P::kill;
    else cur_->last_record = P::kill;
  } else if (auto vm = oomline::parse_vm_killing(t)) {
    // Linux 2.4's page-fault OOM kill: this one line is the whole report.
    start(line);
    cur_->vm_killing = line.truncated ? std::string() : std::move(*vm);
    cur_->has_content = true;
    take_time(*cur_, line);
    close();
    return false;
  } else if (auto s = select_or_stump(t, line.truncated)) {
    if (cur_ && repeats_outcome(*cur_, line, t, s->pid, true)) {
      if (line.number > cur_->lines.last) cur_->lines.last = line.number;
      cur_->piece = P::none;
      return true;
    }
    if (!cur_ || cur_->has_outcome()) start(line);
    note_outcome(*cur_, line, t, s->pid);
    cur_->selected.push_back(std::move(*s));
    cur_->has_content = true;
  } else if (auto rp = oomline::parse_reaper(t)) {
    // The reaper of a task this report did not kill (an earlier report's, or
    // one whose kill is not in the text) is not a line of this report: it
    // neither extends it nor lends it a time.
    if (cur_ && !cur_->kills.empty()) {
      bool ours = false;
      for (const auto& k : cur_->kills) ours = ours || k.kill.pid == rp->pid;
      if (!ours) close();
    }
    if (cur_ && (cur_->reaps_chosen(rp->pid) || reaps_this_report(line, rp->pid))) {
      // The chosen task's kill, or this report's (no summary, no kill line printed): its line not in the text.
      cur_->chosen_reaped = oomline::reaped_bytes(*rp);
      cur_->chosen_reaped_pid = rp->pid;
      cur_->chosen_reaped_comm = rp->comm;
    } else {
      attach_reaper(line, t);  // `t` without a terminal's pads
    }
    if (!cur_) return false;
    if (!line.truncated) piece = P::reaper;
  } else if (const std::optional<int64_t> failed = oomline::parse_reaper_failed(t)) {
    // The reaper gave up on a victim: this report's or one still waiting; another's otherwise.
    if (!mark_reap_failed(*failed) || !cur_) return false;
    if (!line.truncated) piece = P::reaper;
  } else if (std::optional<int64_t> cut = line.truncated ? oomline::parse_reaper_cut(t) : std::nullopt;
             cut && cur_ && (cur_->reaps_chosen(*cut) || reaps_this_report(line, *cut))) {
    // The chosen task's (or this report's unprinted kill's) reaper line, cut before its figures: the kill, no
    // sizes; its name, unknown until a wrapped rest completes the line (report_rejoin.cpp).
    cur_->chosen_reaped = Reaped{};
    cur_->chosen_reaped_pid = *cut;
    cur_->chosen_reaped_comm.clear();
  } else if (oomline::Summary sum; oomline::parse_summary(t, sum)) {
    const bool after_kill = cur_ && cur_->has_outcome() && summary_of_kill_before(*cur_, sum, line, t);
    if (!cur_ || (cur_->has_outcome() && !after_kill) || cur_->summary) {
      start(line);
      adopt_bare_stump(line);
    }
    cur_->summary_task_to_come = after_kill && !sum.task;
    if (sum.elided && !line.truncated) cur_->cut_lines.push_back(line.number);
    cur_->summary_line = line.number;
    cur_->summary = std::move(sum);
    cur_->summary_cut = line.truncated;
    cur_->has_content = true;
    if (!line.truncated) piece = P::summary;
  } else if (cur_ && cur_->summary && oomline::parse_summary_continuation(t, *cur_->summary)) {
  } else if (auto g = oomline::parse_group_kill(t)) {
    if (!cur_) return false;
    cur_->group_kill = true;
    if (!cur_->group_kill_memcg && !g->empty()) cur_->group_kill_memcg = std::move(*g);
  } else if (auto ti = oomline::parse_task_in(t, line.truncated)) {
    if (!cur_ || cur_->has_outcome() || cur_->task_in) start(line);
    cur_->task_in = std::move(*ti);
    cur_->has_content = true;
    if (!line.truncated) piece = P::task_in;
  } else if (starts_with(t, "Memory limit reached of cgroup ")) {
    if (!cur_ || cur_->has_outcome()) start(line);
    cur_->limit_reached_memcg = std::string(trim(t.substr(31)));
    cur_->has_content = true;
  } else if (auto sh = oomline::parse_stats_header(t)) {
    if (!cur_ || cur_->has_outcome()) start(line);
    Building& b = *cur_;
    b.stats_path_next = !b.stats_path && sh->path.empty() && !sh->elided && !line.truncated;
    if (sh->elided && !line.truncated) b.cut_lines.push_back(line.number);
    b.stats_path_soft = line.soft_break;
    if (!b.stats_path) {  // the first block is the OOM memcg; the rest are its children
      b.stats_path = sh->path;
      b.stats = sh->kb_pairs;
      b.stats_v1_kb = !sh->kb_pairs.empty();
    }
    b.section = sh->kb_pairs.empty() && b.stats.empty() ? Building::Section::stats : Building::Section::none;
    b.has_content = true;
  } else if (is_no_killable(t)) {
    if (!cur_ || cur_->has_outcome()) start(line);
    cur_->no_killable = true;
    cur_->has_content = true;
    // ≤4.18: `Kernel panic - not syncing: Out of memory and no killable processes...`
    if (auto p = panic_text(t); p && !cur_->panic_message) {
      cur_->panic_message = oom_panic_message(*p, false);
      if (!line.truncated) piece = P::panic;
    }
  } else if (auto p = panic_text(t)) {
    if (!cur_) {
      if (!is_oom_panic(*p)) return false;
      start(line);
    }
    // out_of_memory() panics only so (panic_on_oom, no killable process): another panic after the outcome is
    // no line of the report but another task's, which printk caller ids show and a text without them does not:
    // the report has ended. Except do_exit()'s `Attempted to kill init!`: init dying of this kill (a group kill
    // took pid 1, corpus 545; init shared the victim's mm, `Kill process 1 (init) sharing same memory`, 623).
    if (!is_oom_panic(*p) && cur_->has_outcome() && !starts_with(*p, "Attempted to kill init!")) {
      close();
      return false;
    }
    if (!cur_->panic_message) {
      cur_->panic_message = oom_panic_message(*p, line.truncated);
      if (!line.truncated) piece = P::panic;
    }
    cur_->has_content = true;
  } else if (is_sysrq(t)) {
    if (cur_ && cur_->has_content) close();
    if (sysrq_alone()) cur_.reset();  // a SysRq-f before it that printed no report
    if (!cur_) start(line);
    cur_->sysrq = true;
  } else if (auto c = oomline::parse_counter(t); c && (cur_ || oomline::first_memcg_counter(c))) {
    // `memory:` is the memcg's first counter (mem_cgroup_print_oom_meminfo), printed only in a report:
    // with no report open, it starts one whose header was cut. After a kill or a selection a whole one (up to
    // its failcnt, nothing glued after it) is the next report's (a paste that snipped that report's header).
    const bool whole = c->failcnt && !t.empty() && t.back() >= '0' && t.back() <= '9';
    if (!cur_ || (cur_->has_outcome() && oomline::first_memcg_counter(*c) && whole)) start(line);
    cur_->counters.push_back(std::move(*c));
    cur_->has_content = true;
    cur_->section = Building::Section::none;
    if (!line.truncated) piece = P::counter;
  } else if (auto nk = oomline::parse_not_killed(t)) {
    // OpenVZ's lines of a chosen task left alive, or of a beancounter's OOM ending: inside a report, a note; they
    // open none (printed after its selection).
    if (!cur_) return false;
    cur_->notes.push_back(not_killed_note(*nk));
  } else if (!cur_) {
    // A row glued before the line that opens the report (`… auditdMay 12 …
    // kernel: Out of memory: Kill process …`, split by the scanner) is that report's.
    if (!prelude_.empty() && !line.truncated && oomline::parse_row(t)) {
      LogicalLine copy = line;
      copy.prefix = nullptr;
      prelude_.emplace_back(copy, std::string(t));
      return false;
    }
    prelude_.clear();
    pending_stall_.reset();
    return false;
  } else if (auto st = oomline::parse_stack_line(t)) {
    // dump_header() prints the CPU line (2.6: `Pid: N, comm: C`) before the outcome: one after the selection or
    // kill is another dump's (an NMI watchdog's after a 2.6.5 kill, corpus 522; a page allocation failure's
    // before the victim's reaper line), not this report's trigger, unless printk stamps put it before the
    // report's last line (pasted out of order). The report stays open for its reaper.
    const bool stamped_before = cur_->last_mono && line.prefix && line.prefix->monotonic_s &&
                                *line.prefix->monotonic_s < *cur_->last_mono;
    if (!cur_->stack && (!cur_->has_outcome() || stamped_before)) {
      cur_->stack = std::move(*st);
      if (!line.truncated) piece = P::stack;
    } else if (!cur_->stack && !cur_->header && !cur_->cpuset && !cur_->selected.empty() && cur_->kills.empty() &&
               !line.truncated) {
      // Whose it is, its trace tells (Building::stack_after_selection); the frames follow as unrecognised lines.
      cur_->stack_after_selection = std::move(*st);
      stack_after_selection_line = line.number;
    }
  } else if (auto wq = oomline::parse_workqueue(t)) {
    // print_worker_info() prints it right after the CPU and Hardware lines of the same dump_stack(): the stack
    // line's task's work. Cut by a viewer, its function may be a stump: not read.
    if (cur_->stack && !cur_->workqueue && !cur_->has_outcome() && !line.truncated) cur_->workqueue = std::move(*wq);
  } else if (auto cs = oomline::parse_cpuset(t)) {
    if (!cur_->cpuset) cur_->cpuset = std::move(*cs);
  } else if (line.truncated && cur_->headerless && !cur_->stack && line.number == cur_->lines.first) {
    // A headerless block's first line a viewer cut (start_at_stack(): the cpuset line, its stump the comm): its
    // values unknown, its time the report's; a cut frame of a paste opening inside the trace gives no time (the
    // report's is its first report line's, start_at_stack()).
    no_time = cur_->mid_trace;
  } else if (is_meminfo_head(t)) {
    // show_mem() after the outcome is another dump (SysRq-m, a page
    // allocation failure): oom_kill.c prints its Mem-Info before the kill.
    if (cur_->has_outcome()) {
      close();
      return false;
    }
    cur_->meminfo = true;
    cur_->section = Building::Section::meminfo;
  } else if (cur_->header && !cur_->meminfo && !cur_->has_outcome() && is_show_free_areas_head(t)) {
    // 2.6.x show_mem() right after the header (2.6.11's `oom-killer: gfp_mask=0xd2` then `DMA per-cpu:`):
    // Mem-info without its `Mem-info:` line, which only a machine-wide (not a memcg) OOM prints.
    cur_->meminfo = true;
    cur_->section = Building::Section::meminfo;
    meminfo_line(*cur_, t);
  } else if (cur_->header && !cur_->meminfo && !cur_->has_outcome() && is_zone_watermark_line(t)) {
    // A zone's `Normal free:… min:…` line after the header with the lines before it elided by the poster (corpus
    // 610: the trace, `[...]`, then the zones): Mem-Info without its head, which a memcg OOM does not print.
    cur_->meminfo = true;
    cur_->section = Building::Section::meminfo;
    meminfo_line(*cur_, t);
  } else if (cur_->header && !cur_->meminfo && !cur_->has_outcome() && is_show_mem_tail_line(t)) {
    // show_mem()'s tail after the header with the lines before it left out: Mem-Info without its head, which a
    // memcg OOM does not print (corpus 702: `grep -B5 -A2` kept the trace's start, then `Total swap = 0kB` and
    // `N pages RAM` after a `--`; corpus 712: `journalctl -k | grep -E "invoked oom-killer|Free swap|…"`).
    cur_->meminfo = true;
    cur_->section = Building::Section::meminfo;
    meminfo_line(*cur_, t);
  } else if (auto cols = table_columns(t, line.truncated)) {
    if (cur_->has_outcome()) cur_->table_after_outcome = true;
    cur_->columns = std::move(*cols);
    cur_->columns_line = line.number;
    cur_->section = Building::Section::table;
  } else if (auto row = oomline::parse_row(t)) {
    // dump_tasks() prints the table before the selection and the kill: a row
    // after them with no table header since is the next report's (a paste
    // that lacks its header), not this one's. Unless printk stamps both
    // (the 5 s gap above closes a late one): a row within the burst is the
    // report's own, pasted out of order; not after a poster's elision mark below the outcome (corpus 686:
    // `(...snipped...)` between a kill and the next report's rows, whose header the poster left out).
    const bool stamped_in_burst =
        cur_->last_mono && line.prefix && line.prefix->monotonic_s && !cur_->elided_after_outcome;
    if (cur_->has_outcome() && !cur_->table_after_outcome && !stamped_in_burst) {
      close();
      return false;
    }
    if (cur_->wrapped_row) cur_->rows.push_back(*cur_->wrapped_row), cur_->wrapped_row.reset();
    row->truncated = line.truncated;
    if (row->comm.empty() && !row->truncated) cur_->wrapped_row = RawRow{std::move(*row), line.number};
    else cur_->rows.push_back(RawRow{std::move(*row), line.number});
    if (!line.truncated) piece = P::row;
  } else if (cur_->section == Building::Section::stats && oomline::parse_stat_kv(t)) {
    auto kv = oomline::parse_stat_kv(t);
    cur_->stats.push_back(std::move(*kv));
    cur_->stats_v2 = true;
  } else if (v2_stats_without_header(*cur_, t)) {
    // cgroup v2 memory.stat lines whose `Memory cgroup stats for` line a poster elided (`...` around them: corpus
    // 618's `file_dirty 303247360`): after the `swap:` counter (v2's), before the table and the outcome.
    cur_->stats.push_back(std::move(*oomline::parse_stat_kv(t)));
    cur_->stats_v2 = true;
  } else if ((cur_->meminfo || cur_->from_table || cur_->section == Building::Section::meminfo) &&
             meminfo_line(*cur_, t)) {
    // A report opened at its table (start_from_table()) learns only now, newest-first, that
    // show_mem()'s machine-wide lines belong to it.
    if (cur_->from_table && !cur_->memcg_stat_before_table && !starts_with(t, "Tasks state")) cur_->meminfo = true;
  } else if (starts_with(t, "Tasks state") || ends_with(t, "callbacks suppressed")) {
  } else if (cur_->header && !cur_->has_outcome() && buddy_list_alone(*cur_, t)) {
    // show_free_areas()'s buddy lists with the rest of Mem-Info elided by the poster (corpus 510: the header, its
    // trace, `.....`, then `DMA: 1*4kB (U) …`): their order-0 block is the page size; nothing else of Mem-Info is read.
  } else {
    // A line no record parser takes, without a prefix of its own, cut short (`So much RAM need?...`) is the
    // poster's text among the records, not a record a viewer cut: its `...` says nothing of the report's fields.
    if (line.truncated && !line.prefixed && !cur_->cut_lines.empty() && cur_->cut_lines.back() == line.number)
      cur_->cut_lines.pop_back();
    if (cur_->has_outcome() && !line.prefixed && poster_elision(t)) cur_->elided_after_outcome = true;
    // SysRq-f's report follows its `Manual OOM execution` line at once (moom_callback runs on the next
    // work-queue pass). One that printed nothing more (a victim still exiting) leaves a lone line: any other
    // line after it means the next header is a report of its own, not a forced one.
    if (cur_->sysrq && !cur_->has_content && !cur_->header && !t.empty()) {
      cur_.reset();
      return false;
    }
    // A header that nothing of its report followed, then a poster's prose paragraph (a line of no record,
    // without a prefix, after a blank unprefixed line): the excerpt was the header alone. A kill after the prose may
    // be this report's or another's (newest-first text puts an older report's kill there, corpus 358):
    // not joined, its trigger unknown rather than guessed.
    if (cur_->bare_header_line && !cur_->has_outcome()) {
      if (t.empty()) {
        // A blank physical line (not a prefix alone, nor the empty record a glued prefix leaves).
        if (!line.prefixed) cur_->blank_since_header = true;
      } else if (line.prefixed || line.continuation || line_is_record(t) || line_is_stack_text(t)) {
        cur_->bare_header_line = 0;  // its body (a kernel line, a frame of its trace)
      } else if (cur_->blank_since_header) {
        // A stamped header: its next kernel line's stamp says whether the report goes on (corpus 689).
        if (!cur_->time.monotonic_s && !cur_->time.wall) {
          close();
          return false;
        }
        cur_->prose_after_header = true;
      }
    }
    note_stack_frame(*cur_, t);
    // A report opened at this line without its header (start_from_stack(): `Call Trace:`, `Hardware name:`),
    // nothing of its block before it: the report's first line, its time.
    if (cur_->time_from_first && line.number == cur_->lines.first) take_time(*cur_, line);  // its seq too
    else track_seq(*cur_, line);
    // Short pieces join only as a `CPU: N PID:` stump (a long prefix leaves the reflowed line little room),
    // or as a comm before its `cpuset=… mems_allowed=…` (cpuset_print_current_mems_allowed(), ≤4.18).
    cur_->piece = Building::Piece::other;
    cur_->piece_short = t.size() < 24 && !starts_with(t, "CPU: ");
    cur_->piece_text.assign(t);
    cur_->piece_first_width = line.prefixed ? 0 : t.size();
    cur_->piece_last_width = 0;
    cur_->piece_soft = line.soft_break;
    cur_->piece_pad = line.pad_break;
    const uint64_t quiet_limit = cur_->has_outcome()                                   ? kQuietAfterOutcome
                                 : cur_->headerless && !cur_->stack_confirmed() ? kQuietUnconfirmedStack
                                                                                : kQuietBeforeOutcome;
    if (++cur_->quiet > quiet_limit) {
      close();
      return false;
    }
    return true;
  }
  if (!cur_) return false;
  cur_->quiet = 0;
  if (line.number != stack_after_selection_line) cur_->stack_after_selection.reset();  // its dump has ended
  if (piece != P::header) cur_->bare_header_line = 0;
  if (line.number > cur_->lines.last) cur_->lines.last = line.number;
  if (line.number < cur_->lines.first) cur_->lines.first = line.number;
  if (no_time) track_seq(*cur_, line);
  else take_time(*cur_, line);
  cur_->piece = piece;
  if (piece != P::none) cur_->last_record = piece;
  if (piece != P::none) {
    cur_->piece_text.assign(t);
    cur_->piece_first_width = line.prefixed ? 0 : t.size();
    cur_->piece_last_width = 0;
    cur_->piece_soft = line.soft_break;
    cur_->piece_pad = line.pad_break;
  }
  return true;
}

}  // namespace oomlens
