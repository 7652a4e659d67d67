// `oomlens run`: traced OOM victims joined to the run's kills (see traced_kills.h).
#include "run/traced_kills.h"

#include <utility>

#include "util/units.h"

namespace oomlens::run {

void add_traced_figures(diagnose::TreeKill& k, const trace::MarkVictim& v) {
  k.traced = true;
  if (!k.anon_rss_bytes) k.anon_rss_bytes = kb_to_bytes(v.anon_rss_kb);
  k.file_rss_bytes = kb_to_bytes(v.file_rss_kb);
  k.shmem_rss_bytes = kb_to_bytes(v.shmem_rss_kb);
  k.total_vm_bytes = kb_to_bytes(v.total_vm_kb);
  k.pgtables_bytes = kb_to_bytes(v.pgtables_kb);
  k.oom_score_adj = v.oom_score_adj;
}

diagnose::TreeKill unseen_traced_kill(const trace::MarkVictim& v, std::optional<diagnose::TreeKill> logged) {
  diagnose::TreeKill k = logged ? std::move(*logged) : diagnose::TreeKill{};
  k.pid = v.pid;
  if (k.comm.empty()) k.comm = v.comm.value_or(std::string());
  k.role = "other";
  add_traced_figures(k, v);
  return k;
}

}  // namespace oomlens::run
