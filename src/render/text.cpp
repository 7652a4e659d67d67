#include "render/text.h"

#include <fmt/core.h>

#include "util/format.h"
#include "render/note_text.h"
#include "render/owner_name.h"
#include "util/display_width.h"
#include "util/i18n.h"
#include "util/sanitize.h"

namespace oomlens {
namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[31m";
constexpr const char* kYellow = "\x1b[33m";
constexpr const char* kReset = "\x1b[0m";

struct Painter {
  bool on;
  std::string operator()(const char* code, const std::string& s) const {
    return on ? std::string(code) + s + kReset : s;
  }
};

const char* constraint_word(const std::optional<Constraint>& c) { return c ? constraint_name(*c) : "?"; }

/// A pid, or "?" when the log printed none (Linux 2.4's `VM: killing process`).
std::string pid_word(const std::optional<int64_t>& pid) { return pid ? std::to_string(*pid) : std::string("?"); }

/// "name 1.0 GiB" pieces joined by ", ", skipping unknown values.
struct Fields {
  std::string out;
  void add(const std::string& s) { out += (out.empty() ? "" : ", ") + s; }
  void bytes(const char* name, const std::optional<uint64_t>& v) {
    if (v) add(fmt::format("{} {}", tr(name), format_bytes(*v)));
  }
};

std::string victim_line(const Victim& v) {
  Fields f;
  f.bytes("anon-rss", v.anon_rss_bytes);
  f.bytes("file-rss", v.file_rss_bytes);
  f.bytes("shmem-rss", v.shmem_rss_bytes);
  f.bytes("total-vm", v.total_vm_bytes);
  f.bytes("pgtables", v.pgtables_bytes);
  if (v.oom_score_adj) f.add(fmt::format("oom_score_adj {}", *v.oom_score_adj));
  if (v.reaped && v.reaped->anon_rss_bytes)
    f.add(trf("reaped to anon-rss {}", format_bytes(*v.reaped->anon_rss_bytes)));
  std::string who = trf("{} (pid {}{})", printable(v.comm), pid_word(v.pid), v.uid ? trf(", uid {}", *v.uid) : "");
  return f.out.empty() ? who : who + tr(": ") + f.out;
}

std::string cgroup_line(const MemcgInfo& m) {
  std::string path = m.oom_memcg ? *m.oom_memcg : (m.task_memcg ? *m.task_memcg : std::string("?"));
  std::string s = printable(path);
  if (m.owner) s += fmt::format(" ({} {})", m.owner->kind, printable(owner_name(*m.owner)));
  Fields f;
  f.bytes(N_("usage"), m.usage_bytes);
  if (const auto limit = effective_limit_bytes(m)) f.bytes(N_("limit"), limit);
  else if (m.limit_state == LimitState::unlimited) f.add(tr("no limit"));
  else if (m.limit_state == LimitState::limited && m.limit_bytes == 0u) f.bytes(N_("limit"), m.limit_bytes);  // `limit 0kB`
  if (m.failcnt) f.add(fmt::format("failcnt {}", *m.failcnt));
  f.bytes(N_("swap"), m.swap_usage_bytes);
  f.bytes("memory+swap", m.memsw_usage_bytes);
  f.bytes("kmem", m.kmem_usage_bytes);
  if (!f.out.empty()) s += tr(": ") + f.out;
  if (m.oom_memcg && m.task_memcg && *m.task_memcg != *m.oom_memcg)
    s += trf("; victim in {}", printable(*m.task_memcg));
  return s;
}

std::string machine_line(const MemInfo& m) {
  Fields f;
  f.bytes("RAM", m.ram_bytes);
  f.bytes(N_("free"), m.free_bytes);
  if (m.total_swap_bytes && *m.total_swap_bytes == 0 && m.swapoff_unread_bytes)  // a swapoff running
    f.add(trf("swap being turned off, {} still in it", format_bytes(*m.swapoff_unread_bytes)));
  else if (m.total_swap_bytes && *m.total_swap_bytes == 0) f.add(tr("no swap"));
  else if (m.total_swap_bytes && m.free_swap_bytes)
    f.add(trf("swap {} free of {}", format_bytes(*m.free_swap_bytes), format_bytes(*m.total_swap_bytes)));
  else f.bytes(N_("swap"), m.total_swap_bytes);
  f.bytes("shmem", m.shmem_bytes);
  f.bytes(N_("unreclaimable slab"), m.slab_unreclaimable_bytes);
  f.bytes(N_("slab"), m.slab_bytes);  // ≤2.6.28: reclaimable and unreclaimable together
  f.bytes(N_("page tables"), m.pagetables_bytes);
  return f.out;
}

std::string trigger_line(const Trigger& t) {
  // 2.6.11-2.6.18's header (`oom-killer: gfp_mask=0xd2`) names no task.
  std::string s = t.comm.empty() ? std::string(tr("(task not named)")) : printable(t.comm);
  if (t.pid) s += fmt::format(" (pid {})", *t.pid);
  Fields f;
  if (t.gfp_mask) f.add("gfp_mask=" + printable(*t.gfp_mask));
  if (t.order) f.add(fmt::format("order={}", *t.order));
  if (t.oom_score_adj) f.add(fmt::format("oom_score_adj={}", *t.oom_score_adj));
  // A kworker's work (print_worker_info()'s `Workqueue:` line): which kernel work allocated.
  if (t.workqueue && t.work_function)
    f.add(trf("workqueue {}, work {}", printable(*t.workqueue), printable(*t.work_function)));
  return f.out.empty() ? s : s + tr(": ") + f.out;
}

std::string where_line(const OomEvent& e) {
  Fields f;
  if (e.source) f.add(printable(*e.source));
  if (e.lines.first > 0) {
    f.add(e.lines.last > e.lines.first ? trf("lines {}-{}", e.lines.first, e.lines.last)
                                       : trf("line {}", e.lines.first));
  }
  if (e.host) f.add(trf("host {}", printable(*e.host)));
  if (e.time.wall && e.time.monotonic_s) f.add(trf("{:.3f} s after boot", *e.time.monotonic_s));
  return f.out;
}

}  // namespace

std::string render_event_text(const OomEvent& e, const Explanation& x, const TextStyle& style) {
  const Painter paint{style.color};
  std::string out;
  const bool bad = e.kind == EventKind::panic || e.kind == EventKind::no_killable;
  out += paint(kBold, printable(format_event_time(e.time.wall, e.time.monotonic_s))) + "  " +
         paint(bad ? kRed : kBold, printable(x.summary)) + "\n";
  auto row = [&](const char* label, const std::string& value) {
    if (!value.empty()) out += "    " + pad_right(tr(label), 9) + value + "\n";
  };
  for (size_t i = 0; i < e.victims.size() && i < style.max_victims; ++i) row(N_("victim"), victim_line(e.victims[i]));
  if (e.victims.size() > style.max_victims)
    row("", trf("… and {} more", e.victims.size() - style.max_victims));
  if (e.victims.empty()) {
    for (const Selected& s : e.selected)
      row(N_("selected"), trf("{} (pid {}){}", printable(s.comm), s.pid,
                                      s.score ? trf(", score {}", *s.score) : ""));
    // The `oom-kill:` summary's task, its kill line not in the text.
    if (e.selected.empty() && e.chosen)
      row(N_("chosen"), trf("{} (pid {}{})", printable(e.chosen->comm.empty() ? "?" : e.chosen->comm),
                            pid_word(e.chosen->pid), e.chosen->uid ? trf(", uid {}", *e.chosen->uid) : ""));
  }
  if (e.memcg) row(N_("cgroup"), cgroup_line(*e.memcg));
  if (e.mem_info) row(N_("machine"), machine_line(*e.mem_info));
  if (e.trigger) row(N_("trigger"), trigger_line(*e.trigger));
  row(N_("where"), where_line(e));
  for (const std::string& n : e.notes) row(N_("note"), printable(note_text(n)));
  for (const Check& c : x.checks) {
    const bool warn = c.level == CheckLevel::warn;
    out += "  " + (warn ? paint(kYellow, "!") : std::string("-")) + " " + printable(c.message) + "\n";
  }
  for (const std::string& a : x.advice) out += "  > " + printable(a) + "\n";
  return out;
}

std::string render_summary_line(const OomEvent& e) {
  std::string who = "-";
  if (!e.victims.empty()) {
    who = fmt::format("{}({})", printable(e.victims.front().comm), pid_word(e.victims.front().pid));
    if (e.victims.size() > 1) who += fmt::format("+{}", e.victims.size() - 1);
  } else if (!e.selected.empty()) {
    who = fmt::format("{}({})", printable(e.selected.back().comm), e.selected.back().pid);
  }
  std::string line = fmt::format("{}  {}  {}  {}", printable(format_event_time(e.time.wall, e.time.monotonic_s)),
                                 event_kind_name(e.kind), constraint_word(e.constraint), who);
  if (!e.victims.empty()) {
    const auto& anon = e.victims.front().anon_rss_bytes;
    line += "  anon " + (anon ? format_bytes(*anon) : std::string("?"));
  }
  if (e.memcg) {
    if (const auto limit = effective_limit_bytes(*e.memcg)) line += trf("  limit {}", format_bytes(*limit));
    const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
    if (path && e.constraint == Constraint::memcg) line += "  " + printable(shorten_ids(*path));
  }
  if (e.constraint == Constraint::global && e.mem_info && e.mem_info->ram_bytes)
    line += "  ram " + format_bytes(*e.mem_info->ram_bytes);
  return line;
}

}  // namespace oomlens
