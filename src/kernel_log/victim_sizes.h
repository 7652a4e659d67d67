#pragma once
// A victim's sizes from figures the kernel prints in kB, under the same
// names in a kill line (oomline::KillLine, mm/oom_kill.c:
// __oom_kill_process()) and in the oom:mark_victim tracepoint
// (trace::MarkVictim, include/trace/events/oom.h).
#include "kernel_log/oom_event.h"
#include "util/units.h"

namespace oomlens {

/// Sets `v`'s total_vm, anon/file/shmem rss and pgtables in bytes from
/// KbFigures' total_vm_kb, anon_rss_kb, file_rss_kb, shmem_rss_kb and
/// pgtables_kb. Unknown, or too large for bytes: nullopt.
template <class KbFigures>
void set_sizes_from_kb(Victim& v, const KbFigures& kb) {
  v.total_vm_bytes = kb_to_bytes(kb.total_vm_kb);
  v.anon_rss_bytes = kb_to_bytes(kb.anon_rss_kb);
  v.file_rss_bytes = kb_to_bytes(kb.file_rss_kb);
  v.shmem_rss_bytes = kb_to_bytes(kb.shmem_rss_kb);
  v.pgtables_bytes = kb_to_bytes(kb.pgtables_kb);
}

}  // namespace oomlens
