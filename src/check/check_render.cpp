// Text and JSON output of `oomlens check` (see audit.h, docs/check.md).
#include <fmt/core.h>

#include "check/audit.h"
#include "util/i18n.h"
#include "util/json_opt.h"
#include "util/sanitize.h"

namespace oomlens::check {
namespace {

using util::opt;

nlohmann::json processes(const std::vector<ProcessFact>& ps) {
  auto a = nlohmann::json::array();
  for (const auto& p : ps)
    a.push_back({{"pid", p.pid}, {"comm", sanitize_utf8(p.comm)}, {"cmdline", sanitize_utf8(p.cmdline)},
                 {"rss_bytes", opt(p.rss_bytes)}});
  return a;
}

}  // namespace

std::string render_text(const std::vector<Finding>& findings, bool color) {
  std::string out;
  int n[3] = {0, 0, 0};
  for (const auto& f : findings) {
    ++n[static_cast<int>(f.status)];
    const char* c = !color ? "" : f.status == Status::pass ? "\033[32m" : f.status == Status::warn ? "\033[33m" : "\033[31m";
    out += fmt::format("{}{}{}  {}: {}\n", c, status_name(f.status), color ? "\033[0m" : "", f.title, f.reason);
    if (!f.fix.empty()) out += trf("      fix: {}\n", f.fix);
  }
  // English counts: one warning, not "1 warnings".
  out += n[1] == 1 ? trf("{} passed, 1 warning, {} failed\n", n[0], n[2])
                   : trf("{} passed, {} warnings, {} failed\n", n[0], n[1], n[2]);
  return out;
}

nlohmann::json render_json(const SystemFacts& f, const std::vector<Finding>& findings) {
  nlohmann::json doc;
  auto arr = nlohmann::json::array();
  int n[3] = {0, 0, 0};
  for (const auto& x : findings) {
    ++n[static_cast<int>(x.status)];
    arr.push_back({{"id", x.id}, {"status", status_name(x.status)}, {"title", x.title},
                   {"reason", sanitize_utf8(x.reason)}, {"fix", x.fix.empty() ? nlohmann::json(nullptr) : nlohmann::json(sanitize_utf8(x.fix))}});
  }
  doc["findings"] = arr;
  doc["summary"] = {{"pass", n[0]}, {"warn", n[1]}, {"fail", n[2]}};
  nlohmann::json facts;
  facts["overcommit_memory"] = opt(f.overcommit_memory);
  facts["overcommit_ratio"] = opt(f.overcommit_ratio);
  facts["overcommit_kbytes"] = opt(f.overcommit_kbytes);
  facts["swappiness"] = opt(f.swappiness);
  facts["panic_on_oom"] = opt(f.panic_on_oom);
  facts["oom_kill_allocating_task"] = opt(f.oom_kill_allocating_task);
  facts["oom_dump_tasks"] = opt(f.oom_dump_tasks);
  facts["dmesg_restrict"] = opt(f.dmesg_restrict);
  facts["kmsg_readable"] = f.kmsg_readable;
  const auto& m = f.meminfo;
  facts["mem_total_bytes"] = m ? opt(m->mem_total_bytes) : nullptr;
  facts["mem_available_bytes"] = m ? opt(m->mem_available_bytes) : nullptr;
  facts["commit_limit_bytes"] = m ? opt(m->commit_limit_bytes) : nullptr;
  facts["committed_as_bytes"] = m ? opt(m->committed_as_bytes) : nullptr;
  facts["swap_total_bytes"] = m ? opt(m->swap_total_bytes) : nullptr;
  if (f.swaps) {
    auto s = nlohmann::json::array();
    for (const auto& d : *f.swaps)
      s.push_back({{"name", sanitize_utf8(d.name)}, {"type", d.type}, {"size_bytes", d.size_bytes}, {"used_bytes", d.used_bytes}});
    facts["swaps"] = s;
  } else {
    facts["swaps"] = nullptr;
  }
  auto z = nlohmann::json::array();
  for (const auto& d : f.zram) z.push_back({{"name", d.name}, {"disksize_bytes", d.disksize_bytes}});
  facts["zram"] = z;
  facts["psi_available"] = f.memory_pressure.has_value();
  facts["cgroup_version"] = f.cgroup_version.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.cgroup_version);
  facts["cgroup_path"] = f.cgroup_path ? nlohmann::json(sanitize_utf8(*f.cgroup_path)) : nlohmann::json(nullptr);
  facts["cgroup_limit_bytes"] = opt(f.cgroup_limit_bytes);
  facts["cgroup_usage_bytes"] = opt(f.cgroup_usage_bytes);
  facts["shm_present"] = f.shm_present;
  facts["shm_size_bytes"] = opt(f.shm_size_bytes);
  facts["shm_used_bytes"] = opt(f.shm_used_bytes);
  facts["unkillable"] = processes(f.unkillable);
  facts["oom_daemons"] = processes(f.oom_daemons);
  facts["ulimit_v_unlimited"] = f.ulimit_v_unlimited;
  facts["ulimit_v_bytes"] = opt(f.ulimit_v_bytes);
  doc["facts"] = facts;
  return doc;
}

}  // namespace oomlens::check
