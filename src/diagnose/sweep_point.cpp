#include "diagnose/sweep_point.h"

#include "diagnose/sweep_fit.h"

namespace oomlens::diagnose {
namespace {

using nlohmann::json;

std::optional<uint64_t> u64(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return std::nullopt;
  double v = j[key].get<double>();
  return v >= 0 ? std::optional<uint64_t>(static_cast<uint64_t>(v)) : std::nullopt;
}

}  // namespace

PointFigures point_figures(const monitor::Record& rec) {
  PointFigures f;
  std::vector<double> t, y;
  for (auto& s : rec.samples) {
    const json& cg = s.contains("cgroup") ? s["cgroup"] : json();
    auto a = u64(cg, "anon_bytes"), sh = u64(cg, "shmem_bytes");
    if (a) {
      t.push_back(s["t_s"].get<double>());
      y.push_back(static_cast<double>(*a + sh.value_or(0)));
    }
  }
  f.still_rising = still_rising(t, y);
  if (!rec.verdict) return f;
  const json& v = *rec.verdict;
  f.cause = v.value("cause", std::string());
  f.summary = v.value("summary", std::string());
  f.oom_killed = f.cause == "oom_killed" || f.cause == "worker_oom_killed";
  if (v.contains("peak")) {
    const json& p = v["peak"];
    f.peak_pss_bytes = u64(p, "tree_pss_bytes");
    if (p.contains("tree_pss_t_s") && p["tree_pss_t_s"].is_number()) f.t_peak_s = p["tree_pss_t_s"].get<double>();
    f.peak_anon_shmem_bytes = u64(p, "cgroup_anon_shmem_bytes");
    if (!f.peak_anon_shmem_bytes) f.peak_anon_shmem_bytes = u64(p, "tree_anon_shmem_pss_bytes");
    f.cgroup_peak_bytes = u64(p, "cgroup_usage_bytes");
  }
  f.limit_bytes = u64(v, "limit_bytes");
  if (v.contains("exit") && v["exit"].contains("shell_status") && v["exit"]["shell_status"].is_number_integer())
    f.shell_status = v["exit"]["shell_status"].get<int>();
  if (v.contains("procs") && v["procs"].is_array())
    for (auto& pr : v["procs"]) {
      auto pk = u64(pr, "peak_pss_bytes");
      const std::string role = pr.value("role", std::string());
      if (role == "main") f.main_peak_pss_bytes = pk;
      if (role == "worker") {
        ++f.workers;
        if (pk && (!f.worker_peak_pss_bytes || *pk > *f.worker_peak_pss_bytes)) f.worker_peak_pss_bytes = pk;
      }
    }
  return f;
}

}  // namespace oomlens::diagnose
