// Bounded owner labels for /metrics (see metric_labels.h).
#include "watch/metric_labels.h"

#include <algorithm>
#include <vector>

#include "util/ascii.h"

namespace oomlens::watch {
namespace {

std::vector<std::string_view> components(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    size_t slash = path.find('/');
    std::string_view c = path.substr(0, slash);
    if (!c.empty()) out.push_back(c);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

}  // namespace

bool is_oomlens_run_cgroup(std::string_view path) {
  for (auto c : components(path))
    if (c.starts_with("oomlens-run-") && text::all_digits(c.substr(12))) return true;
  return false;
}

std::string systemd_unit_template(std::string_view unit) {
  size_t dot = unit.rfind('.');
  if (dot == std::string_view::npos) return std::string(unit);
  std::string_view stem = unit.substr(0, dot), suffix = unit.substr(dot);
  if (stem.starts_with("run-")) return "run-*" + std::string(suffix);
  if (stem.starts_with("session-") && text::all_digits(stem.substr(8))) return "session-*" + std::string(suffix);
  if (stem.starts_with("app-")) {
    if (size_t at = stem.rfind('@'); at != std::string_view::npos)
      return std::string(stem.substr(0, at)) + "@*" + std::string(suffix);
    if (size_t dash = stem.rfind('-'); dash != std::string_view::npos && text::all_digits(stem.substr(dash + 1)))
      return std::string(stem.substr(0, dash)) + "-*" + std::string(suffix);
  }
  return std::string(unit);
}

OwnerKey owner_labels(const OomEvent& e) {
  if (!e.memcg) return {"none", ""};
  const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
  const auto& o = e.memcg->owner;
  if (o && o->kind == "kubernetes") {
    // Looked up names (owner_lookup.h): a pod's containers are its spec's,
    // a fixed few; the id is new for every restart.
    if (o->pod_name) {
      std::string v = o->pod_namespace ? *o->pod_namespace + "/" + *o->pod_name : *o->pod_name;
      if (o->name) v += "/" + *o->name;
      return {o->kind, v};
    }
    return {o->kind, o->pod_uid.value_or(o->qos_class.value_or(o->id))};
  }
  if (o && o->kind == "slurm") return {o->kind, o->job_id.value_or(o->id)};
  if (path && is_oomlens_run_cgroup(*path)) return {"oomlens", "run"};
  if (o && o->kind == "systemd") {
    std::string unit = systemd_unit_template(o->id);
    if (unit == o->id || !path) return {o->kind, unit};
    // The slice it ran in (bounded: users, services), for the transient ones.
    auto parts = components(*path);
    for (size_t i = parts.size(); i-- > 1;)
      if (parts[i] == o->id && parts[i - 1].ends_with(".slice")) return {o->kind, std::string(parts[i - 1]) + "/" + unit};
    return {o->kind, unit};
  }
  if (o) return {o->kind, o->name.value_or(o->id)};
  if (path && *path != "/") return {"cgroup", *path};
  return {"none", ""};
}

}  // namespace oomlens::watch
