// Rejoining records a terminal, a mail client or a person broke over several
// lines (issue 12, class 1), inside an open report only. The last recognised
// line is kept while it looks incomplete for its kind (a header without its
// trailing oom_score_adj, a kill line cut inside its figures, a row without
// its name, …); an unrecognised line that follows is appended to it and the
// joined text replaces what the piece gave.
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_building.h"
#include "util/ascii.h"
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

// 2.4 to 2.6.9 end the kill line with a period after the comm
// (`Out of Memory: Killed process 2592 (mysql).`, mm/oom_kill.c): nothing of
// the record follows it, so a line after it is no wrapped rest.
bool ends_with_period_after_comm(std::string_view t) {
  const size_t p = t.find("illed process ");
  return p != std::string_view::npos && t.find(").", p) != std::string_view::npos;
}

}  // namespace

bool piece_complete(Building::Piece kind, std::string_view t) {
  using P = Building::Piece;
  switch (kind) {
    // oom_score_adj= ends the header from 2.6.36; older ones end with oomkilladj= (≤2.6.31, and OpenVZ/Virtuozzo's
    // header) or oom_adj= (2.6.32–2.6.35: "oom: move oom_adj value from task_struct to signal_struct" renamed it).
    case P::header:
      return ends_with_int_field(t, "oom_score_adj=") || ends_with_int_field(t, "oomkilladj=") ||
             ends_with_int_field(t, "oom_adj=");
    case P::kill:
      if (ends_with_period_after_comm(t)) return true;
      if (t.find("pgtables:") != std::string_view::npos || t.find(" UID:") != std::string_view::npos)
        return ends_with_int_field(t, "oom_score_adj:");
      return ends_with(t, "kB") && t.find("file-rss:") != std::string_view::npos;
    case P::summary: return ends_with_int_field(t, ",uid=");
    case P::row: {
      auto r = oomline::parse_row(t);
      return r && !r->comm.empty();
    }
    case P::counter: return ends_with_int_field(t, "failcnt ");
    case P::stack: {  // dump_stack_print_info() ends it with the release after the taint words (`… Not tainted 4.4.0-119 #143`)
      auto s = oomline::parse_stack_line(t);
      return s && s->release;
    }
    case P::reaper: return ends_with(t, "kB") && t.find("shmem-rss:") != std::string_view::npos;
    // A path has no end marker: joined only on a clear break, or after a
    // bare `Task in` (a reflow's break before its paths).
    case P::task_in:
      return t != "Task in";
    case P::panic: {  // the OOM panics of oom_kill.c/panic.c end so (`…processes...`, `…on memory`)
      const std::string_view msg = panic_text(t).value_or(t);  // a writer's closing quote is none of it
      for (std::string_view end : {"...", "memory", "is enabled", "is selected"})
        if (ends_with(msg, end)) return true;
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
      if (b.summary_task_to_come && s.task) {
        b.summary_task_to_come = false;
        if (b.kills.size() == 1 && !summary_names_kill(b.kills.front().kill, s)) {  // another report's: unknown
          b.summary.reset();
          b.summary_line.reset();
          return true;
        }
      }
      b.summary = std::move(s);
      return true;
    }
    case P::row: {
      auto r = oomline::parse_row(joined);
      if (!r || (!r->comm.empty() && !joined_comm_fits(r->comm))) return false;
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
      if (b.chosen_reaped && b.chosen_reaped_pid == r->pid) {
        b.chosen_reaped = oomline::reaped_bytes(*r);
        b.chosen_reaped_comm = r->comm;  // the whole line's name (a cut first piece left it unknown)
        return true;
      }
      return false;
    }
    case P::panic: {
      const auto msg = panic_text(joined);
      if (!msg) return false;
      b.panic_message = oom_panic_message(*msg, false);
      if (joined.find("Out of memory and no killable processes") != std::string_view::npos) b.no_killable = true;
      return true;
    }
    case P::other:
    case P::none: return false;
  }
  return false;
}

namespace {

// A terminal's hard wrap inside a row's name (`… 0 systemd-jou` + `rnal`):
// a short word, not indented, that the kernel's 15-character comm still has
// room for. Not after a format=flowed soft break (that one breaks at a space).
bool rest_of_comm(const Building& b, const LogicalLine& line, std::string_view t) {
  if (line.continuation || b.piece_soft || b.rows.empty() || t.size() > 14) return false;
  return looks_like_comm_rest(t) && b.rows.back().row.comm.size() + t.size() <= 15;
}

// The rest of a `Task in … limit of PATH` line whose last path a wrap broke
// (`…limit of /kubepo` + `ds/pod951f…/0249…`): one word with a '/', after a
// line that ends in a path. The kernel prints nothing after that path, and a
// path has no spaces, so the rest joins without one (also when a reflow
// indented it, or no prefix tells the pieces apart).
bool rest_of_path(const Building& b, std::string_view t) {
  std::string_view piece = b.piece_text;
  if (t.empty() || t.find('/') == std::string_view::npos || piece.empty() || piece.back() == ' ') return false;
  for (char c : t)
    if (c == ' ' || c == '\t' || c == ':' || c == '=' || c == ',') return false;
  const size_t last_space = piece.rfind(' ');
  return last_space != std::string_view::npos && piece.substr(last_space + 1).starts_with('/');
}

// The labels of a kill line's figures, in the kernel's order.
constexpr std::string_view kKillLabels[] = {"total-vm:", "anon-rss:", "file-rss:", "shmem-rss:",
                                            "UID:",      "pgtables:", "oom_score_adj:"};

// How many of a kill line's figures were read.
int kill_figures(const oomline::KillLine& k) {
  return k.uid.has_value() + k.total_vm_kb.has_value() + k.anon_rss_kb.has_value() + k.file_rss_kb.has_value() +
         k.shmem_rss_kb.has_value() + k.pgtables_kb.has_value() + k.oom_score_adj.has_value();
}

// A kill line's wrapped rest: the rest of a cut number (`00 pgtables:…`, `-1000`) or of the name (`a) total-vm:…`,
// `(comm) total-vm:…` after a break at the pid), the fields after a break between them (`, file-rss:0kB`), or any
// text that with the line before reads a figure more (`dj:0` after `oom_score_a`, `B` after `pgtables:17728k`,
// `total-vm: 5889288kB, …` after a name). A writer's prose or code after a kill line missing its end
// (`oom_score_adj:` then `# 进行升配`, corpus 773; `total-vm:22GB` then `**Fix:** Rewrote …`, corpus 774) is none.
bool kill_rest(std::string_view piece, std::string_view joined, std::string_view t) {
  t = trim(t);
  if (t.empty()) return false;
  const char c = t[0];
  if (is_digit(c) || c == ',' || c == ':' || c == '(' || c == ')') return true;
  // A field's label (`anon-rss:830480k` after `total-vm:1059548kB,`), or a unit's rest (`B, file-rss:…` after
  // `anon-rss:830480k`, `kB, anon-rss:…` after `total-vm:53312244`): a terminal's or a reflow's break.
  for (std::string_view label : kKillLabels)
    if (starts_with(t, label)) return true;
  if (const std::string_view unit = starts_with(t, "kB") ? t.substr(2) : starts_with(t, "B") ? t.substr(1) : "x";
      unit.empty() || unit[0] == ',' || unit[0] == ' ')
    return true;
  if (c == '-' && t.size() > 1 && is_digit(t[1])) return true;
  if (const size_t close = t.find(')'); close != std::string_view::npos && close < oomline::kMaxCommBytes) return true;
  const auto before = oomline::parse_kill(piece);
  const auto after = oomline::parse_kill(joined);
  return before && after && kill_figures(*after) > kill_figures(*before);
}

}  // namespace

// A line with a terminal's pad inside a token (`0,glob        al_oom`), the
// pads taken out. The pad may have fallen at a space (`Kill         process`):
// a kill or selection line then reads only with one left there. Never a
// line with a path (`Task in …`), which a space would cut in two: one whose
// pad fell between its fixed words is kept as it is (parse_task_in() reads
// any run of spaces there). A kill
// line read both ways keeps the reading with more figures (`kB,        shmem-rss:`
// loses shmem-rss without the space; a space left inside a number loses
// that number instead, never changes it).
std::string unpadded_record(std::string_view t) {
  std::string unpadded = oomline::without_pads(t);
  std::string spaced = oomline::without_pads(t, " ");
  if (!line_is_record(unpadded)) {
    // A pad that replaced the space before a name (`reaped process 29918         (python)`, corpus 438).
    if (oomline::parse_select(spaced) || oomline::parse_kill(spaced) || oomline::parse_reaper(spaced)) return spaced;
    // A pad that fell at a space between a `Task in` line's words (`killed         as a result`), its paths
    // whole: parse_task_in() reads it as it is (a pad inside a path is taken out above, as in any token).
    if (auto ti = oomline::parse_task_in(t); ti && ti->task_memcg.find("    ") == std::string::npos &&
                                             ti->oom_memcg.find("    ") == std::string::npos)
      return std::string(t);
  } else if (auto a = oomline::parse_kill(unpadded)) {
    if (auto b = oomline::parse_kill(spaced); b && kill_figures(*b) > kill_figures(*a)) return spaced;
  }
  return unpadded;
}

// The wrapped rest of the last recognised line (report_rejoin.cpp): joined
// to it when that line looks incomplete (an indented piece, a format=flowed
// trailing space or a plain cut), or when it starts with ','. After a whole
// header, ARM's unprefixed, indented call trace (` out_of_memory from
// __alloc_pages…`) is a record of its own.
// A record hard-wrapped at a fixed width whose last line so far was exactly as wide as its first (both without a
// prefix, 40 bytes or more) may have been cut inside its last number: `…oom_score_adj:20` + `0` (corpus 546 at 80
// columns). It reads as whole, yet a line of digits alone after it is that number's rest (no kernel record is a
// bare number).
namespace {
bool cut_last_number(const Building& b, std::string_view t) {
  if (b.piece_first_width < 40 || b.piece_last_width != b.piece_first_width || t.empty() || t.size() > 20) return false;
  if (b.piece_text.empty() || b.piece_text.back() < '0' || b.piece_text.back() > '9') return false;
  for (char c : t)
    if (c < '0' || c > '9') return false;
  return true;
}
}  // namespace

// A line with its own prefix that can only be the rest of the record before it: the kernel starts no record with
// a kill line's figures (`total-vm:…`, or `(comm) total-vm:…` after a kill line cut after its pid) nor with a
// summary's field (`mems_allowed=…`, `task=…`), so such a text after a kill line without figures, or a summary, is
// that record's wrapped rest whatever prefix a re-prefixed copy gave it (a poster's indented sizes, corpus 626-636,
// through the prefix manglers).
bool prefixed_rest(Building::Piece kind, std::string_view piece_text, std::string_view t) {
  using P = Building::Piece;
  t = trim(t);
  if (kind == P::kill) {
    // Its figures from a label the line before did not print yet on (`anon-rss:…` after `total-vm:…kB,`).
    for (std::string_view label : kKillLabels)
      if (label != "oom_score_adj:" && starts_with(t, label)) return piece_text.find(label) == std::string_view::npos;
    const size_t close = t.find(") total-vm:");
    return !t.empty() && t[0] == '(' && close != std::string_view::npos && close <= 16 && !piece_text.empty() &&
           is_digit(piece_text.back()) && piece_text.find("total-vm:") == std::string_view::npos;
  }
  return kind == P::summary && oomline::at_summary_key(t);
}

bool rejoin(Building& b, const LogicalLine& line, std::string_view t) {
  using P = Building::Piece;
  if (b.piece == P::none || t.empty() || (line.prefixed && !prefixed_rest(b.piece, b.piece_text, t))) {
    b.piece = P::none;
    return false;
  }
  const P kind = b.piece;
  b.piece = P::none;
  // A line that looks whole is continued only by a ',' record (a summary's
  // continuation): a trailing space (a paste's, or format=flowed's) after a
  // whole header is no reason to swallow the call trace that follows.
  const bool path_rest = kind == P::task_in && rest_of_path(b, t);
  if (t[0] != ',' && piece_complete(kind, b.piece_text) && !(kind == P::row && rest_of_comm(b, line, t)) &&
      !path_rest && !cut_last_number(b, t))
    return false;
  if (line_is_record(t) || poster_elision(t)) return false;
  if (kind == P::summary && !oomline::summary_rest(t)) return false;  // prose after a cut summary
  std::string joined = b.piece_text;
  if (path_rest) {
    joined += t;
  } else if (b.piece_pad && kind != P::row) {  // the break fell inside a pad (a row's runs are its columns')
    joined += "    ";
    joined += t;
    joined = unpadded_record(joined);
  } else {
    // A re-prefixed rest of a kill line starts at its figures or its comm: the space before them is the kernel's.
    if (line.continuation || b.piece_soft || (line.prefixed && kind == P::kill)) joined += ' ';
    joined += line.prefixed ? trim(t) : t;
  }
  if (kind == P::kill && !path_rest && !kill_rest(b.piece_text, joined, t)) return false;  // prose after a cut kill line
  if (!apply_joined(b, kind, joined)) return false;
  // A rest a viewer cut (`anon-rss:14282608kB, ...`) leaves the kill line cut, as it would be on one line.
  if (kind == P::kill && line.truncated && !b.kills.empty()) b.kills.back().kill.cut = true;
  b.piece = kind;
  b.piece_text = std::move(joined);
  b.piece_last_width = line.prefixed ? 0 : t.size();
  b.piece_soft = line.soft_break;
  b.piece_pad = line.pad_break;
  b.joined_lines.push_back(line.number);
  if (line.number > b.lines.last) b.lines.last = line.number;
  if (line.number < b.lines.first) b.lines.first = line.number;  // newest-first, the rest comes before
  b.quiet = 0;
  return true;
}

bool looks_like_comm_rest(std::string_view t) {
  // `rpc` + `.statd`, `networkd` + `-dispat`; never a poster's `...`, `---[ end trace`, `hi all` or `Thanks!`.
  if (t.empty()) return false;
  bool alnum = false;
  for (char c : t) {
    if (c == ' ' || c == '\t' || c == ':' || c == '=' || c == '[' || c == ']' || c == '<' || c == '>') return false;
    alnum = alnum || is_alnum(c);
  }
  if (!alnum || (t[0] == '-' && t.size() > 1 && t[1] == '-')) return false;
  return t.back() != '!' && t.back() != '?' && t.back() != ',';  // a sentence's end, or a list's
}

bool joined_comm_fits(std::string_view comm) { return !comm.empty() && comm.size() <= oomline::kMaxCommBytes; }

// A table row a terminal wrapped (`[ 7899] 0 7899 … 1039052` then ` 0 python`),
// put back together as one row text.
std::string join_wrapped_row(const RawRow& r, std::string_view rest) {
  std::string joined = "[";
  joined += std::to_string(r.row.pid);
  joined += ']';
  for (auto n : r.row.numbers) {
    joined += ' ';
    joined += std::to_string(n);
  }
  joined += ' ';
  joined += rest;
  return joined;
}

}  // namespace oomlens
