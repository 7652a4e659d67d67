#include "diagnose/verdict_json.h"
#include "util/json_opt.h"

#include <cmath>

namespace oomlens::diagnose {
namespace {
using util::opt;
}  // namespace

nlohmann::json tree_kill_to_json(const TreeKill& k) {
  return {{"pid", k.pid}, {"comm", k.comm}, {"role", k.role}, {"kmsg_seq", opt(k.kmsg_seq)},
          {"constraint", opt(k.constraint)}, {"oom_memcg", opt(k.oom_memcg)},
          {"limit_bytes", opt(k.limit_bytes)}, {"anon_rss_bytes", opt(k.anon_rss_bytes)},
          {"peak_pss_bytes", opt(k.peak_pss_bytes)},
          {"pss_age_s", k.pss_age_s ? nlohmann::json(std::round(*k.pss_age_s * 10) / 10) : nlohmann::json(nullptr)},
          {"full_report", k.full_report},
          {"rank", opt(k.rank)}, {"local_rank", opt(k.local_rank)},
          {"traced", k.traced}, {"file_rss_bytes", opt(k.file_rss_bytes)},
          {"shmem_rss_bytes", opt(k.shmem_rss_bytes)}, {"total_vm_bytes", opt(k.total_vm_bytes)},
          {"pgtables_bytes", opt(k.pgtables_bytes)}, {"oom_score_adj", opt(k.oom_score_adj)}};
}

nlohmann::json worker_memory_to_json(const WorkerDiagnosis& d) {
  nlohmann::json epochs = nlohmann::json::array();
  for (const auto& e : d.epochs)
    epochs.push_back({{"start_s", std::round(e.start_s * 10) / 10}, {"workers", e.workers},
                      {"private_per_worker_bytes", e.private_per_worker_bytes}});
  return {{"cause", worker_cause_name(d.cause)},
          {"concurrent_workers", d.concurrent},
          {"still_growing", d.still_growing},
          {"private_per_worker_bytes", d.private_per_worker_bytes},
          {"own_per_worker_bytes", d.own_per_worker_bytes},
          {"copied_per_worker_bytes", d.copied_per_worker_bytes},
          {"need_bytes", d.need_bytes},
          {"fitting_limit_bytes", opt(d.fitting_limit_bytes)},
          {"fitting_workers", opt(d.fitting_workers)},
          {"cause_epoch", opt(d.cause_epoch)},
          {"growth", worker_growth_name(d.growth)},
          {"epochs", epochs},
          {"growth_per_epoch_bytes", opt(d.growth_per_epoch_bytes)},
          {"interval_s", d.growth_per_interval_bytes.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.interval_s)},
          {"growth_per_interval_bytes", d.growth_per_interval_bytes},
          {"main_anon_per_epoch_bytes", d.main_anon_per_epoch_bytes},
          {"main_growth_per_epoch_bytes", opt(d.main_growth_per_epoch_bytes)},
          {"main_growing", d.main_growing},
          {"main_limit_epoch", opt(d.main_limit_epoch)}};
}

nlohmann::json verdict_to_json(const Verdict& v) {
  nlohmann::json j = {{"type", "verdict"},
          {"cause", v.cause},
          {"secondary_causes", v.secondary_causes},
          {"evidence", v.evidence},
          {"confidence", v.confidence},
          {"summary", v.summary},
          {"victim_pid", opt(v.victim_pid)},
          {"signal_sender", v.signal_sender ? signal_sender_to_json(*v.signal_sender) : nlohmann::json(nullptr)},
          {"advice", v.advice}};
  if (v.worker_memory) j["worker_memory"] = worker_memory_to_json(*v.worker_memory);
  if (v.workers_pss) {
    const auto& w = *v.workers_pss;
    j["workers_pss"] = {{"workers_at_once", w.workers}, {"peak_pss_bytes", w.peak_pss_bytes},
                        {"t_s", std::round(w.t_s * 10) / 10}, {"epoch", opt(w.epoch)}, {"epochs", w.epochs}};
  }
  if (v.main_growth) {
    const auto& g = *v.main_growth;
    j["main_growth"] = {{"growth_bytes_per_s", std::round(g.growth_bytes_per_s)},
                        {"from_s", std::round(g.from_s * 10) / 10}, {"to_s", std::round(g.to_s * 10) / 10},
                        {"from_anon_bytes", g.from_bytes}, {"to_anon_bytes", g.to_bytes},
                        {"limit_t_s", g.limit_t_s ? nlohmann::json(std::round(*g.limit_t_s * 10) / 10) : nlohmann::json(nullptr)}};
  }
  return j;
}

}  // namespace oomlens::diagnose
