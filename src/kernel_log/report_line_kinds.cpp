// Which kind of line a bare kernel text is, as the assembler and the scanner
// ask it: one that opens a report (line_opens_report()), a record of its own,
// the start of a Mem-Info line, a Tasks-table row (report_assembler.h), and
// the no-killable, panic and SysRq lines (report_building.h).
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_building.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

bool is_no_killable(std::string_view t) {
  return t.find("Out of memory and no killable processes") != std::string_view::npos;
}

std::optional<std::string_view> panic_text(std::string_view t) {
  constexpr std::string_view kPanic = "Kernel panic - not syncing: ";
  size_t p = t.find(kPanic);
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view msg = trim(t.substr(p + kPanic.size()));
  // A writer's quote around the line (crash's `PANIC: "Kernel panic - not syncing: …"`, corpus 900; a code span)
  // closes after the message: no part of it.
  if (p > 0 && (t[p - 1] == '"' || t[p - 1] == '\'' || t[p - 1] == '`') && ends_with(msg, t.substr(p - 1, 1)))
    msg = trim_right(msg.substr(0, msg.size() - 1));
  return msg;
}

bool is_oom_panic(std::string_view msg) {
  return msg.find("of memory") != std::string_view::npos || msg.find("on memory") != std::string_view::npos ||
         msg.find("panic_on_oom") != std::string_view::npos;
}

namespace {

// The messages out_of_memory() and check_panic_on_oom() panic with (mm/oom_kill.c, 2.6 to 6.x).
constexpr std::string_view kOomPanics[] = {
    "Out of memory: system-wide panic_on_oom is enabled", "Out of memory: compulsory panic_on_oom is enabled",
    "Out of memory: panic_on_oom is selected", "Out of memory and no killable processes...",
    "System is deadlocked on memory"};

// `a` and `b` the same once their spaces are out.
bool equal_but_spaces(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < a.size() && a[i] == ' ') ++i;
    while (j < b.size() && b[j] == ' ') ++j;
    if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
    if (a[i++] != b[j++]) return false;
  }
}

}  // namespace

// A viewer's cut of one (`… system-wide panic_on_oom is...` at 100 columns, corpus 803) that only one of them begins
// with is that one, since the kernel prints no other; any other cut stays as cut.
std::string complete_cut_panic(std::string_view stump) {
  std::string_view only;
  int n = 0;
  for (std::string_view m : kOomPanics)
    if (!stump.empty() && starts_with(m, stump)) only = m, ++n;
  return std::string(n == 1 ? only : stump);
}

// A panic line a mail client word-wrapped (`… not syncing: System is` / `deadlocked on memory`, corpus 843) comes
// rejoined without the space its break took, since whether a break was at a space the text does not tell: a message
// that is one of the kernel's once the spaces are out is that one; any other stays as read.
std::string oom_panic_message(std::string_view msg, bool truncated) {
  if (truncated) return complete_cut_panic(msg);
  for (std::string_view m : kOomPanics)
    if (msg != m && equal_but_spaces(msg, m)) return std::string(m);
  return std::string(msg);
}

bool is_sysrq(std::string_view t) { return t.find("Manual OOM execution") != std::string_view::npos; }

bool is_meminfo_head(std::string_view t) { return t == "Mem-Info:" || t == "Mem-info:"; }

bool is_show_free_areas_head(std::string_view t) {
  // `DMA per-cpu:`, `Node 0 DMA32 per-cpu:` (2.6.x, before the `Mem-info:` line existed or when it is not in the
  // paste), `Free pages:        2856kB (0kB HighMem)` (2.6.5-2.6.13), `Active:57185 inactive:57079 dirty:0 …` (2.6.x).
  if (ends_with(t, " per-cpu:")) {
    std::string_view zone = t.substr(0, t.size() - 9);
    if (starts_with(zone, "Node ")) {
      zone.remove_prefix(5);
      size_t d = 0;
      while (d < zone.size() && is_digit(zone[d])) ++d;
      if (d == 0 || d >= zone.size() || zone[d] != ' ') return false;
      zone.remove_prefix(d + 1);
    }
    return zone == "DMA" || zone == "DMA32" || zone == "Normal" || zone == "HighMem" || zone == "Movable";
  }
  if (starts_with(t, "Free pages: ")) return ends_with(t, "HighMem)");
  // 2.6.28+: `active_anon:N inactive_anon:N isolated_anon:N`, after a `Mem-Info:` line a poster elided (`[...]`).
  if (starts_with(t, "active_anon:") && t.size() > 12 && is_digit(t[12])) return t.find(" inactive_anon:") != std::string_view::npos;
  return starts_with(t, "Active:") && t.size() > 7 && is_digit(t[7]) && t.find(" inactive:") != std::string_view::npos;
}

bool is_show_mem_tail_line(std::string_view t) {
  for (std::string_view head : {"Free swap ", "Free swap:", "Total swap ", "Swap cache stats: "})
    if (starts_with(t, head)) return true;
  size_t i = 0;
  while (i < t.size() && is_digit(t[i])) ++i;
  if (i == 0 || i == t.size() || t[i] != ' ') return false;
  const std::string_view rest = t.substr(i + 1);
  for (std::string_view tail : {"total pagecache pages", "pages in swap cache", "pages RAM", "pages reserved",
                                "pages HighMem/MovableOnly"})
    if (rest == tail) return true;
  return false;
}

bool is_zone_watermark_line(std::string_view t) {
  if (starts_with(t, "Node ")) {
    t.remove_prefix(5);
    size_t d = 0;
    while (d < t.size() && is_digit(t[d])) ++d;
    if (d == 0 || d >= t.size() || t[d] != ' ') return false;
    t.remove_prefix(d + 1);
  }
  const size_t sp = t.find(' ');
  if (sp == std::string_view::npos) return false;
  const std::string_view zone = t.substr(0, sp);
  if (zone != "DMA" && zone != "DMA32" && zone != "Normal" && zone != "HighMem" && zone != "Movable") return false;
  const std::string_view rest = t.substr(sp + 1);
  return starts_with(rest, "free:") && rest.size() > 5 && is_digit(rest[5]) && rest.find(" min:") != std::string_view::npos;
}

bool is_alloc_failure(std::string_view t) {
  constexpr std::string_view kFailure = "page allocation failure";
  const size_t p = t.find(kFailure);
  if (p == std::string_view::npos) return false;
  // Its rest may be wrapped to the next line (`Xorg: page allocation failure:` + `order:0, mode:…`).
  const std::string_view rest = trim_right(t.substr(p + kFailure.size()));
  return rest == ":" || rest == "." || starts_with(rest, ": order:") || starts_with(rest, ". order:");
}

bool poster_elision(std::string_view t) {
  t = trim(t);
  if (t == "--") return true;  // grep's group separator (-A/-B/-C): lines left out between two windows
  // Markdown emphasis around the note (`***<long process list wall of text>***`, `**[...]**`, corpus 655).
  while (t.size() >= 2 && (t.front() == '*' || t.front() == '_') && t.back() == t.front())
    t = trim(t.substr(1, t.size() - 2));
  // A phrase in angle brackets standing for lines left out (`<long process list wall of text>`): the kernel
  // prints no line of lower-case words in `<…>` (its own bracketed words are one upper-case word: `<TASK>`, `<IRQ>`).
  if (t.size() >= 2 && t.front() == '<' && t.back() == '>') {
    const std::string_view in = trim(t.substr(1, t.size() - 2));
    const bool words = in.find(' ') != std::string_view::npos &&
                       std::all_of(in.begin(), in.end(), [](char c) {
                         return (c >= 'a' && c <= 'z') || c == ' ' || c == ',' || c == '\'' || c == '-' || c == '.';
                       });
    if (words) return true;
  }
  if (t.size() >= 2 && ((t.front() == '[' && t.back() == ']') || (t.front() == '(' && t.back() == ')') ||
                        (t.front() == '<' && t.back() == '>')))
    t = trim(t.substr(1, t.size() - 2));
  bool dots = false;
  std::string word;
  for (size_t i = 0; i < t.size();) {
    if (t[i] == '.') {
      dots = true;
      ++i;
    } else if (t.substr(i, 3) == "\u2026") {  // U+2026 HORIZONTAL ELLIPSIS
      dots = true;
      i += 3;
    } else if (t[i] == ' ') {
      ++i;
    } else if (t[i] >= 'a' && t[i] <= 'z') {
      word += t[i++];
    } else {
      return false;
    }
  }
  if (word.empty()) return dots;
  for (std::string_view w : {"snip", "snipped", "cut", "omitted", "skipped", "trimmed", "elided"})
    if (word == w) return true;
  return false;
}

// `Tainted: [C]=CRAP, [O]=OOT_MODULE`: the taint flags' names, which dump_stack_print_info() prints on a line of
// their own after the `CPU:` line since 6.12 (corpus 797), never a wrapped rest of it.
bool line_is_record(std::string_view t) {
  return line_opens_report(t) || oomline::parse_reaper(t) || oomline::parse_counter(t) ||
         oomline::parse_stack_line(t) || oomline::parse_cpuset(t) || is_meminfo_head(t) || line_is_table_row(t) ||
         starts_with(t, "Tasks state") || starts_with(t, "Call Trace") || starts_with(t, "Hardware name:") ||
         starts_with(t, "Tainted: [") ||
         oomline::parse_workqueue(t) || oomline::parse_group_kill(t);
}

// A line of a dump_stack() block between its first line and an OOM frame:
// a frame (`func+0x…`, `[<addr>] …`, `? …`, ARM's `a from b+0x…`), `<TASK>`,
// or a hex dump (MIPS `Stack : 8041… …`, ARM `9fa0: 0000… …`).
bool line_is_stack_text(std::string_view t) {
  if (t.empty()) return false;
  if (t.find("+0x") != std::string_view::npos || starts_with(t, "[<") || starts_with(t, "? ") || t == "<TASK>" ||
      starts_with(t, "Stack : ") || starts_with(t, "Exception stack("))
    return true;
  std::string_view r = t;
  for (std::string_view w = take_token(r); !w.empty(); w = take_token(r)) {
    if (w.back() == ':') w.remove_suffix(1);
    if (w.size() < 4 || w.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos) return false;
  }
  return true;
}

bool line_starts_meminfo(std::string_view t) {
  for (std::string_view head : {"Mem-Info:", "Mem-info:", "Free swap", "Total swap", "lowmem_reserve[]", "Swap cache stats", "Swap cache: add ",
                                "Unreclaimable slab info", "Tasks state", "Node "})
    if (starts_with(t, head)) return true;
  size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i > 0)  // `N pages RAM`, `N pages in swap cache`, `N total pagecache pages`
    return t.find(" pages", i) == i || ends_with(t, " total pagecache pages");
  while (i < t.size() && ((t[i] >= 'a' && t[i] <= 'z') || t[i] == '_')) ++i;  // `active_anon:7355653 …`
  if (!(i > 1 && i + 1 < t.size() && t[i] == ':' && t[i + 1] >= '0' && t[i + 1] <= '9')) return false;
  // Page counts, without a unit: `rss:0kB, shmem-rss:0kB` is a kill or reaper line's wrapped rest.
  size_t j = i + 1;
  while (j < t.size() && t[j] >= '0' && t[j] <= '9') ++j;
  return t.substr(j, 2) != "kB";
}

bool line_is_meminfo(std::string_view t) {
  // A zone's buddy lists without the node (`DMA: 142*4kB (UEC) 161*8kB …`, show_free_areas()).
  const size_t colon = t.find(": ");
  if (colon != std::string_view::npos && colon + 2 < t.size() && t[colon + 2] >= '0' && t[colon + 2] <= '9' &&
      t.find('*', colon) != std::string_view::npos && t.find("kB", colon) != std::string_view::npos)
    return true;
  ReportAssembler::Building scratch;  // section none: a `key:N` line counts only through line_starts_meminfo
  return line_starts_meminfo(t) || meminfo_line(scratch, t);
}

bool line_is_meminfo_piece(std::string_view t) {
  bool figure = false;
  std::string_view r = t;
  const auto kb = [](std::string_view w) { return ends_with(w, "kB") && all_digits(w.substr(0, w.size() - 2)); };
  for (std::string_view w = take_token(r); !w.empty(); w = take_token(r)) {
    if (w == "=" || w == "yes" || w == "no") continue;
    if (w == "all_unreclaimable?") {  // a zone line's last field, no other line's
      figure = true;
      continue;
    }
    if (w.size() > 2 && w.front() == '(' && w.back() == ')') {  // `(UEM)`: the migrate types of a buddy list
      for (char c : w.substr(1, w.size() - 2))
        if (c < 'A' || c > 'Z') return false;
      continue;
    }
    if (const size_t star = w.find('*'); star != std::string_view::npos) {  // `13*16kB`
      if (!all_digits(w.substr(0, star)) || !kb(w.substr(star + 1))) return false;
      figure = true;
      continue;
    }
    if (kb(w)) {
      figure = true;
      continue;
    }
    const size_t colon = w.find(':');  // `present:8388604kB`, `pages_scanned:5761247`
    if (colon == 0 || colon == std::string_view::npos) return false;
    for (char c : w.substr(0, colon))
      if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
    const std::string_view v = w.substr(colon + 1);
    if (!all_digits(v) && !kb(v)) return false;
    figure = true;
  }
  return figure;
}

bool line_is_show_mem(std::string_view t) {
  // `Tasks state` starts dump_tasks()'s table (a memcg OOM prints one too), no line of show_mem()'s.
  if (starts_with(t, "Tasks state")) return false;
  if (line_starts_meminfo(t) || is_show_free_areas_head(t)) return true;
  // line_is_meminfo()'s other lines, as show_mem() starts them: a count (`430115 reserved pages`) or a zone without
  // its node (`DMA free:…`, `Normal: 3*4kB …`, `HighMem: empty`); not another driver's `…, 0 pages freed, …`.
  const bool zone = starts_with(t, "DMA") || starts_with(t, "Normal") || starts_with(t, "HighMem") ||
                    starts_with(t, "Movable");
  return (zone || (!t.empty() && is_digit(t[0]))) && line_is_meminfo(t);
}

bool line_is_memcg_stat(std::string_view t) {
  auto kv = oomline::parse_stat_kv(t);
  if (!kv) return false;
  // memory_stat_format() (mm/memcontrol.c) keys, as prefixes; none is a Mem-Info line's (`key:N`).
  static constexpr std::string_view kKeys[] = {
      "anon", "file", "kernel", "pagetables", "sec_pagetables", "percpu", "sock", "vmalloc", "shmem", "zswap",
      "swapcached", "inactive_", "active_", "unevictable", "slab", "workingset_", "pg", "thp_", "hugetlb"};
  for (std::string_view k : kKeys)
    if (starts_with(kv->first, k)) return true;
  return false;
}

bool is_tasks_state(std::string_view t) { return starts_with(t, "Tasks state (memory values in pages)"); }

bool line_is_table_row(std::string_view text) {
  return oomline::parse_row(text).has_value() || oomline::parse_table_header(text).has_value();
}

namespace {
// A column name dump_tasks() prints in some kernel (2.6.x to 6.x), `name` aside.
bool dump_tasks_column(std::string_view c) {
  static constexpr std::array<std::string_view, 13> kColumns = {
      "uid",      "tgid",          "total_vm", "rss", "nr_ptes",  "nr_pmds",  "pgtables_bytes",
      "swapents", "oom_score_adj", "oom_adj",  "cpu", "rss_anon", "rss_file"};
  return c == "rss_shmem" || std::find(kColumns.begin(), kColumns.end(), c) != kColumns.end();
}
}  // namespace

std::optional<std::vector<std::string>> table_columns(std::string_view t, bool truncated) {
  auto cols = oomline::parse_table_header(t);
  if (cols || !truncated || !oomline::starts_table_header(t)) return cols;
  std::string_view rest = t.substr(t.find(']') + 1);
  std::vector<std::string> known;
  for (std::string_view tok = take_token(rest); !tok.empty(); tok = take_token(rest)) known.emplace_back(tok);
  if (known.empty() || known[0] != "uid") return std::nullopt;  // dump_tasks()'s first column in every kernel
  known.emplace_back();
  return known;
}

bool unmarked_cut_table_header(std::string_view t) {
  if (oomline::parse_table_header(t) || !oomline::starts_table_header(t)) return false;
  std::string_view rest = t.substr(t.find(']') + 1);
  std::vector<std::string_view> known;
  for (std::string_view tok = take_token(rest); !tok.empty(); tok = take_token(rest)) known.push_back(tok);
  return !known.empty() && known[0] == "uid" && std::all_of(known.begin(), known.end(), dump_tasks_column);
}

bool line_opens_report(std::string_view t) {
  if (oomline::parse_header(t) || oomline::parse_kill(t) || oomline::parse_select(t)) return true;
  if (oomline::parse_vm_killing(t)) return true;
  oomline::Summary s;
  if (oomline::parse_summary(t, s)) return true;
  if (oomline::parse_task_in(t) || oomline::parse_stats_header(t) || is_no_killable(t) || is_sysrq(t))
    return true;
  if (starts_with(t, "Memory limit reached of cgroup ")) return true;
  if (oomline::first_memcg_counter(oomline::parse_counter(t))) return true;
  auto p = panic_text(t);
  return p && is_oom_panic(*p);
}

}  // namespace oomlens
