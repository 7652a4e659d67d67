// Verdicts rebuilt from a record (see verdict_from_record.h).
#include "diagnose/verdict_from_record.h"

#include <fmt/core.h>

#include <map>

#include "util/i18n.h"

namespace oomlens::diagnose {
namespace {

template <class T>
std::optional<T> get(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j[key].is_null()) return std::nullopt;
  try {
    return j[key].get<T>();
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace

RecordVerdict verdict_from_record(const nlohmann::json& header, const std::vector<nlohmann::json>& events,
                                  const std::vector<TreeKill>& live_kills) {
  RecordVerdict out;
  VerdictInput in;
  in.main_pid = get<int>(header, "main_pid").value_or(0);
  in.kernel_log_readable = get<bool>(header, "kernel_log_readable").value_or(false);
  if (auto l = get<nlohmann::json>(header, "limits")) in.limit_bytes = get<uint64_t>(*l, "limit_bytes");
  std::map<int64_t, std::string> roles;
  bool ended = false;
  uint64_t cg_increase = 0;
  for (auto& e : events) {
    auto kind = get<std::string>(e, "kind").value_or("");
    if (kind == "process_start") {
      if (auto pid = get<int64_t>(e, "pid")) roles[*pid] = get<std::string>(e, "role").value_or("other");
      const auto role = get<std::string>(e, "role");
      if (role == std::optional<std::string>("main")) in.main_comm = get<std::string>(e, "comm").value_or("");
      if (role == std::optional<std::string>("program")) ++in.program_count;
    } else if (kind == "main_exit") {
      ended = true;
      in.exited = get<bool>(e, "exited").value_or(false);
      in.exit_code = get<int>(e, "exit_code").value_or(0);
      in.term_signal = get<int>(e, "signal").value_or(0);
      in.exit_status_known = get<bool>(e, "exit_status_known").value_or(true);
    } else if (kind == "oom_kill") {
      TreeKill k;
      k.pid = get<int64_t>(e, "pid").value_or(0);
      k.comm = get<std::string>(e, "comm").value_or("?");
      k.role = get<std::string>(e, "role").value_or("other");
      k.kmsg_seq = get<uint64_t>(e, "kmsg_seq");
      k.constraint = get<std::string>(e, "constraint");
      k.oom_memcg = get<std::string>(e, "oom_memcg");
      k.limit_bytes = get<uint64_t>(e, "limit_bytes");
      k.anon_rss_bytes = get<uint64_t>(e, "anon_rss_bytes");
      k.peak_pss_bytes = get<uint64_t>(e, "peak_pss_bytes");
      k.pss_age_s = get<double>(e, "pss_age_s");
      k.rank = get<int>(e, "rank");
      k.local_rank = get<int>(e, "local_rank");
      in.kernel_kills.push_back(std::move(k));
    } else if (kind == "cgroup_oom_kill") {
      cg_increase += get<uint64_t>(e, "increase").value_or(0);
    }
  }
  const auto start_seq = get<uint64_t>(header, "kmsg_start_seq");
  size_t joined = 0;
  for (auto& k : live_kills) {
    if (!start_seq || !k.kmsg_seq || *k.kmsg_seq <= *start_seq) continue;
    auto it = roles.find(k.pid);
    if (it == roles.end()) continue;
    bool dup = false;
    for (auto& have : in.kernel_kills) dup |= have.pid == k.pid;
    if (dup) continue;
    TreeKill j = k;
    j.role = it->second;
    in.kernel_kills.push_back(std::move(j));
    ++joined;
  }
  in.cgroup_oom_kill_delta = cg_increase;
  if (!ended) {
    // The main process's end was never recorded; a kernel kill of it is
    // the one thing that still tells how it ended.
    bool main_killed = false;
    for (auto& k : in.kernel_kills) main_killed |= k.pid == in.main_pid;
    if (!main_killed) {
      out.note = in.kernel_kills.empty()
                     ? N_("the record ends before the job did (oomlens was killed or the machine stopped), and no "
                          "kernel OOM kill of the main process was found")
                     : N_("the record ends before the job did (oomlens was killed or the machine stopped), and no "
                          "kernel OOM kill of the main process was found; kernel OOM kills of its processes were");
      return out;
    }
    in.term_signal = 9;
  }
  out.verdict = decide_verdict(in);
  // One msgid per case: the note is stored in English and translated whole where shown.
  if (ended && !joined) out.note = N_("rebuilt from the record's events");
  else if (ended) out.note = fmt::format(N_("rebuilt from the record's events and {} kill(s) from the live kernel log"), joined);
  else if (!joined) out.note = N_("rebuilt from the record's events (the main process's exit was not recorded)");
  else
    out.note = fmt::format(N_("rebuilt from the record's events (the main process's exit was not recorded) and {} kill(s) "
                              "from the live kernel log"), joined);
  return out;
}

}  // namespace oomlens::diagnose
