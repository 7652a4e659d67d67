// Line parsers of the OOM report (see oom_lines.h). Comms may contain spaces
// and parentheses, so every parser anchors on the fixed text around them and
// takes the comm greedily up to the last anchor occurrence. This file: the
// header and the lines around it (allocation stall, cpuset, CPU/stack line,
// trace frames); the others: oom_lines_kill.cpp (kill and selection lines),
// oom_lines_outcome.cpp (reaper, `oom-kill:` summary, tasks not killed, group
// kill), oom_lines_memcg.cpp (memcg usage, `Task in`, memcg stats),
// oom_lines_table.cpp (the task table); oom_lines_parts.h their shared helpers.
#include "kernel_log/oom_lines.h"

#include <algorithm>

#include "kernel_log/oom_lines_parts.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::oomline {
namespace {

using namespace oomlens::text;

// Value of `key=` up to the next ", " (header fields).
std::optional<std::string> header_field(std::string_view s, std::string_view key) {
  size_t p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view v = s.substr(p + key.size());
  size_t e = v.find(", ");
  v = trim(v.substr(0, e));
  if (!v.empty() && v.back() == ',') v.remove_suffix(1);  // the line was cut after the comma
  if (v.empty()) return std::nullopt;
  return std::string(v);
}

}  // namespace

// A gfp_mask as printed: `0xHEX`, then `(FLAG|FLAG…)` (%pGg, 4.7+) or
// nothing. A terminal's or a mail client's break inside the flags leaves a
// space there (`__GFP_ZE RO`), which no flag holds: dropped. A page that lost
// the `, ` after the mask (`0x800d0order=0`) leaves the next field glued:
// the mask ends before it. Anything else in the flags (a viewer's `...`, a
// quote's `>`) makes the mask unknown, never a value read from a stump.
namespace {
std::optional<std::string> clean_gfp_mask(std::string_view v) {
  if (v.size() < 3 || v[0] != '0' || v[1] != 'x') return std::nullopt;
  size_t i = 2;
  while (i < v.size() && is_xdigit(v[i])) ++i;
  if (i == 2) return std::nullopt;
  std::string out(v.substr(0, i));
  std::string_view rest = v.substr(i);
  if (rest.empty() || starts_with(rest, "order=") || starts_with(rest, "nodemask=")) return out;
  if (rest[0] != '(' || rest.back() != ')') return std::nullopt;
  out += '(';
  for (char c : rest.substr(1, rest.size() - 2)) {
    if (c == ' ') continue;
    if (!is_alnum(c) && c != '_' && c != '|') return std::nullopt;
    out += c;
  }
  out += ')';
  return out;
}
}  // namespace

namespace {
// OpenVZ/Virtuozzo's oom_report_invocation(): `%d (%s) invoked %s oom-killer: gfp 0x%x order %d oomkilladj=%d`,
// the type `loc` (a container's beancounter: out_of_memory_in_ub()), `glob` (out_of_memory()) or `PF`
// (pagefault_out_of_memory(), gfp and order 0: unknown). Words, never `key=`, before oomkilladj. A pid or comm
// the text lost (a cut, a wrap) is unknown, the rest is still read.
std::optional<Header> parse_openvz_header(std::string_view s) {
  constexpr std::string_view kAnchor = " oom-killer: gfp ";
  const size_t a = s.find(kAnchor);
  if (a == std::string_view::npos) return std::nullopt;
  std::string_view before = s.substr(0, a);
  const size_t sp = before.rfind(' ');
  if (sp == std::string_view::npos) return std::nullopt;
  const std::string_view type = before.substr(sp + 1);
  if (type.empty() || type.size() > 8 || !std::all_of(type.begin(), type.end(), [](char c) { return is_alpha(c); }))
    return std::nullopt;
  before = before.substr(0, sp);
  constexpr std::string_view kInvoked = ") invoked";
  if (!ends_with(before, kInvoked)) return std::nullopt;
  before.remove_suffix(kInvoked.size());
  Header h;
  // `<pid> (<comm>`: the comm up to the last `) invoked` (a comm may hold `)`), at most 15 bytes (TASK_COMM_LEN).
  if (const size_t open = before.find(" ("); open != std::string_view::npos) {
    std::string_view pid_text = before.substr(0, open);
    const std::string_view comm = before.substr(open + 2);
    const size_t start = pid_text.find_last_not_of("0123456789");
    if (start != std::string_view::npos) pid_text = pid_text.substr(start + 1);
    if (!pid_text.empty() && pid_text.size() <= 10 && !comm.empty() && comm.size() <= 15) {
      std::string_view t = pid_text;
      h.pid = take_i64(t);
      h.comm = std::string(comm);
    }
  }
  std::string_view rest = s.substr(a + kAnchor.size());
  std::string_view mask = take_token(rest);
  h.gfp_mask = clean_gfp_mask(mask);
  if (take_token(rest) == "order") {
    std::string_view t = trim_left(rest);
    h.order = to_int(take_i64(t));
  }
  h.oom_adj = to_int(field_int(rest, "oomkilladj="));
  return h;
}
}  // namespace

// 2.6.11-2.6.18's header, which names no task: `oom-killer: gfp_mask=0xd2` (2.6.11), `oom-killer:
// gfp_mask=0x201d2, order=0` (2.6.16). The whole line, the mask bare hex (flag names came with 4.8): a modern
// header wrapped after `invoked` keeps its `(GFP_…)` names or more fields after the order (corpus 294).
static std::optional<Header> parse_comm_less_header(std::string_view s) {
  s = trim(s);
  constexpr std::string_view kLead = "oom-killer: gfp_mask=0x";
  if (!starts_with(s, kLead)) return std::nullopt;
  std::string_view rest = s.substr(kLead.size() - 2);
  size_t n = 2;
  while (n < rest.size() && is_xdigit(rest[n])) ++n;
  if (n == 2) return std::nullopt;
  Header h;
  h.gfp_mask = std::string(rest.substr(0, n));
  rest = rest.substr(n);
  if (rest.empty()) return h;
  if (!starts_with(rest, ", order=")) return std::nullopt;
  rest.remove_prefix(8);
  const auto order = take_i64(rest);
  if (!order) return std::nullopt;
  // A poster's note after the header, past blanks (` (==> __GFP_HIGHMEM, …)`, spaced with non-breaking spaces by a
  // mail client: corpus 621): the kernel's line ended at the order. A wrapped modern header goes on with `, `.
  if (!rest.empty()) {
    constexpr std::string_view kNbsp = "\xC2\xA0";  // U+00A0 in UTF-8
    size_t i = 0;
    for (;;) {
      if (i < rest.size() && rest[i] == ' ') ++i;
      else if (rest.substr(i, kNbsp.size()) == kNbsp) i += kNbsp.size();
      else break;
    }
    if (i == 0 || i >= rest.size() || rest[i] != '(') return std::nullopt;
  }
  h.order = to_int(order);
  return h;
}

namespace {
// The summary fields a poster glued after an elision in a condensed header (Header::summary_fields): the text after
// the first elision in `rest` (past its dots, blanks and commas) when it starts with a summary key.
std::optional<std::string> glued_summary_fields(std::string_view rest) {
  const size_t at = find_ellipsis(rest);
  if (at == std::string_view::npos) return std::nullopt;
  size_t e = at + (starts_with(rest.substr(at), kEllipsis) ? kEllipsis.size() : kThreeDots.size());
  while (e < rest.size() && (rest[e] == '.' || rest[e] == ' ' || rest[e] == ','))
    ++e;
  const std::string_view fields = trim_right(rest.substr(e));
  if (fields.empty() || !at_summary_key(fields)) return std::nullopt;
  return std::string(fields);
}
}  // namespace

std::optional<Header> parse_header(std::string_view s) {
  constexpr std::string_view kAnchor = " invoked oom-killer:";
  size_t p = s.find(kAnchor);
  if (p == std::string_view::npos) {
    if (auto h = parse_comm_less_header(s)) return h;
    // A header a poster condensed, its fields elided right after the anchor without its colon (`pt_data_worker
    // invoked oom-killer ... oom_memcg=/jupyter-children`, corpus 627): the comm, and the summary fields glued after
    // the elision; the mask and order unknown. Read only when the elision ends the line or summary fields follow it
    // (a sentence that says a task `invoked oom-killer...` goes on in words).
    constexpr std::string_view kCondensed = " invoked oom-killer";
    if (const size_t c = s.find(kCondensed); c != std::string_view::npos && c > 0 && c <= 15) {
      const std::string_view rest = s.substr(c + kCondensed.size());
      const std::string_view after = trim_left(rest);
      if (find_ellipsis(after) == 0 && after.size() > 0) {
        Header h;
        h.comm = std::string(s.substr(0, c));
        h.summary_fields = glued_summary_fields(after);
        std::string_view tail = after;
        while (!tail.empty() && (tail.front() == '.' || tail.front() == ' ')) tail.remove_prefix(1);
        if (starts_with(tail, kEllipsis)) tail.remove_prefix(kEllipsis.size());
        if (h.summary_fields || trim(tail).empty()) return h;
      }
    }
    return parse_openvz_header(s);
  }
  Header h;
  // A comm is at most 15 bytes (TASK_COMM_LEN): a longer "comm" is the rest
  // of something else (a broken JSON record, an unknown prefix), unknown.
  // So is one that starts a journal JSON object (`{"MESSAGE":"b`, a wrapped record).
  if (p <= 15 && s.substr(0, 2) != "{\"") h.comm = std::string(s.substr(0, p));
  // A syslog prefix the reader does not know (a poster's masked time, `Jun 1 XX:XX:XX host kernel: httpd invoked
  // oom-killer: …`) still ends in the `kernel: ` tag, which no comm holds: the comm is what follows the last one.
  if (p > 15) {
    constexpr std::string_view kTag = "kernel: ";
    const size_t k = s.substr(0, p).rfind(kTag);
    if (k != std::string_view::npos && p - (k + kTag.size()) <= 15 && p > k + kTag.size())
      h.comm = std::string(s.substr(k + kTag.size(), p - k - kTag.size()));
  }
  std::string_view rest = s.substr(p + kAnchor.size());
  h.gfp_mask = header_field(rest, "gfp_mask=");
  // A gfp mask never holds ',' (flags are joined by '|'): a rejoined
  // `gfp_mask=0xd0,` + `order=0` ends at the comma.
  if (h.gfp_mask) h.gfp_mask = h.gfp_mask->substr(0, h.gfp_mask->find(','));
  if (h.gfp_mask) h.gfp_mask = clean_gfp_mask(*h.gfp_mask);
  if (size_t n = rest.find("nodemask="); n != std::string_view::npos) {
    std::string_view v = rest.substr(n + 9);
    size_t e = v.find(", order=");
    if (e == std::string_view::npos) e = v.find(",  order=");
    if (e == std::string_view::npos) e = v.find(",order=");  // a rejoined soft break that lost its space
    h.nodemask = std::string(trim(v.substr(0, e)));
  }
  h.order = to_int(field_int(rest, "order="));
  h.oom_adj = to_int(field_int(rest, "oom_adj="));
  if (!h.oom_adj) h.oom_adj = to_int(field_int(rest, "oomkilladj="));  // ≤2.6.31's name for it
  h.oom_score_adj = to_int(field_int(rest, "oom_score_adj="));
  h.summary_fields = glued_summary_fields(rest);
  return h;
}

std::optional<Header> parse_header_cut(std::string_view s) {
  constexpr std::string_view kAnchor = " invoked oom-killer";
  s = trim(s);
  if (s.size() <= kAnchor.size() || s.substr(s.size() - kAnchor.size()) != kAnchor) return std::nullopt;
  const size_t p = s.size() - kAnchor.size();
  if (p > 15) return std::nullopt;  // TASK_COMM_LEN, as parse_header
  Header h;
  h.comm = std::string(s.substr(0, p));
  return h;
}

std::optional<AllocStall> parse_alloc_stall(std::string_view s) {
  s = trim(s);
  constexpr std::string_view kWords = ": page allocation stall";
  const size_t p = s.find(kWords);
  if (p == std::string_view::npos || p == 0 || p > 15) return std::nullopt;  // TASK_COMM_LEN-1 bytes of comm
  std::string_view rest = s.substr(p + kWords.size());
  if (starts_with(rest, "s")) rest.remove_prefix(1);
  if (!starts_with(rest, " for ")) return std::nullopt;
  rest.remove_prefix(5);
  const auto ms = take_sized(rest, "ms");
  if (!ms) return std::nullopt;
  AllocStall a;
  a.comm = std::string(s.substr(0, p));
  a.stall_ms = *ms;
  a.order = to_int(field_int(rest, "order:"));
  return a;
}

std::optional<CpusetLine> parse_cpuset(std::string_view s) {
  size_t c = s.find(" cpuset=");
  size_t m = s.rfind(" mems_allowed=");
  if (c == std::string_view::npos || m == std::string_view::npos || m < c) return std::nullopt;
  // The node list (`0`, `0-1`, `0,2-3`) ends the kernel's line: a poster's `(...snipped...)` a wrap joined
  // after it is not part of it.
  std::string_view mems = trim(s.substr(m + 14));
  size_t n = 0;
  while (n < mems.size() && (is_digit(mems[n]) || mems[n] == ',' || mems[n] == '-')) ++n;
  if (n > 0) mems = mems.substr(0, n);
  return CpusetLine{std::string(s.substr(0, c)), std::string(s.substr(c + 8, m - c - 8)), std::string(mems)};
}

std::optional<StackLine> parse_stack_line(std::string_view s) {
  StackLine out;
  std::string_view comm;
  // ` PID: 1 Comm: init Not tainted …`: a `CPU: N PID:` line whose first bytes a console dropped (corpus 402, a
  // boot log whose serial console lost bytes elsewhere too).
  const std::string_view lost_cpu = trim_left(s);
  if (starts_with(s, "CPU: ") || starts_with(lost_cpu, "PID: ")) {
    const std::string_view line = starts_with(s, "CPU: ") ? s : lost_cpu;
    size_t p = starts_with(line, "PID: ") ? 0 : line.find(" PID: ");
    size_t c = line.find(" Comm:");
    if (p == std::string_view::npos || c == std::string_view::npos || c < p) return std::nullopt;
    std::string_view t = line.substr(p == 0 ? 5 : p + 6);
    auto pid = take_i64(t);
    if (!pid) return std::nullopt;
    out.pid = *pid;
    // ` Comm:` ends the line a wrap broke after it (its comm empty until the rest is
    // joined), and a join without a space glues the comm to it (`Comm:Worker-31`).
    comm = trim_left(line.substr(c + 6));
  } else if (starts_with(s, "Pid: ")) {
    std::string_view t = s.substr(5);
    auto pid = take_i64(t);
    if (!pid || !starts_with(t, ", comm: ")) return std::nullopt;
    out.pid = *pid;
    comm = t.substr(8);
  } else if (starts_with(s, "Process ")) {
    // s390's dump_stack() (≤3.x): `Process basename (pid: 30555, task: 000000007baa6838, ksp: 0000000063867968)`
    // after its `CPU: 0 Not tainted 2.6.28 #1` line, which names no task (corpus 606). An x86 oops's
    // `Process X (pid: N, threadinfo …, task …)` is not this (no `task: … ksp:`).
    const size_t open = s.find(" (pid: ");
    if (open == std::string_view::npos || open <= 8) return std::nullopt;
    std::string_view t = s.substr(open + 7);
    auto pid = take_i64(t);
    if (!pid || !starts_with(t, ", task: ") || t.find(", ksp: ") == std::string_view::npos) return std::nullopt;
    out.pid = *pid;
    out.comm = std::string(s.substr(8, open - 8));
    return out;
  } else {
    return std::nullopt;
  }
  // The comm (%.20s) is followed by the taint/kdump words; it may hold spaces.
  size_t end = comm.size();
  for (std::string_view stop : {" Not tainted", " Tainted:", " Kdump:", " Kdump: loaded"}) {
    size_t e = comm.find(stop);
    if (e != std::string_view::npos && e < end) end = e;
  }
  if (end == comm.size()) end = std::min(comm.find(' '), comm.size());
  out.comm = std::string(comm.substr(0, end));
  // The release follows the taint words (`Not tainted 4.4.0-119-generic #143`, `Tainted: P OE 4.15.0-1023-azure`,
  // RHEL's `Tainted: G ------------ T 3.10.0-327.el7.x86_64`): its first word that starts `N.N`.
  for (std::string_view rest = comm.substr(end); !rest.empty();) {
    std::string_view word = take_token(rest);
    if (word.empty()) break;
    if (!is_digit(word[0])) continue;
    auto major = take_i64(word);
    if (!major || !starts_with(word, ".")) continue;
    word.remove_prefix(1);
    auto minor = take_i64(word);
    if (!minor || *major > 99 || *minor > 999) continue;
    if (!word.empty() && word[0] != '.' && word[0] != '-' && word[0] != '+') continue;
    out.release = std::pair<int, int>(static_cast<int>(*major), static_cast<int>(*minor));
    out.ppc64_release = word.find(".ppc64") != std::string_view::npos;
    break;
  }
  return out;
}

std::optional<WorkqueueLine> parse_workqueue(std::string_view s) {
  if (!starts_with(s, "Workqueue: ")) return std::nullopt;
  std::string_view rest = s.substr(11);
  const std::string_view name = take_token(rest);
  const std::string_view function = take_token(rest);
  // A function is a C symbol (`%ps`; `0x…` when it has none): a word of letters, digits, `_` and `.` (`.cold`).
  if (name.empty() || function.empty() ||
      function.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") !=
          std::string_view::npos)
    return std::nullopt;
  // The ` [module]` after a module's function is not kept: a mail's or a terminal's wrap moves it to the next line
  // (corpus 454 re-flowed), and the function alone names the work.
  return WorkqueueLine{std::string(name), std::string(function)};
}

bool frame_names(std::string_view t, std::string_view name) {
  for (size_t p = t.find(name); p != std::string_view::npos; p = t.find(name, p + 1)) {
    const char before = p == 0 ? ' ' : t[p - 1];
    const char after = p + name.size() < t.size() ? t[p + name.size()] : ' ';
    if ((before == ' ' || before == '(') && (after == '+' || after == '.' || (before == '(' && after == ')')))
      return true;
  }
  return false;
}

bool is_oom_frame(std::string_view t) {
  return frame_names(t, "out_of_memory") || frame_names(t, "mem_cgroup_out_of_memory") ||
         frame_names(t, "pagefault_out_of_memory");
}

}  // namespace oomlens::oomline
