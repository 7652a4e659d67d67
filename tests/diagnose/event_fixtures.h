#pragma once
// Hand-built OomEvents for the diagnose and render tests. Those named after
// a corpus file (../shared/corpus) carry that report's figures (kB × 1024,
// pages × 4096), so the explanations are checked against real reports even
// before the parser exists.
#include <cstdint>

#include "diagnose/cgroup_owner.h"
#include "kernel_log/oom_event.h"

namespace oomlens::fixtures {

inline constexpr uint64_t KiB = 1024;
inline constexpr uint64_t MiB = 1024 * KiB;
inline constexpr uint64_t GiB = 1024 * MiB;

/// A Docker container hitting its 32 GiB limit (the summary example).
inline OomEvent docker_python_memcg() {
  OomEvent e;
  e.kind = EventKind::kill;
  e.time.monotonic_s = 514.682838;
  e.time.wall = "2025-08-12T03:54:03+02:00";
  e.constraint = Constraint::memcg;
  e.constraint_printed = "CONSTRAINT_MEMCG";
  e.trigger = Trigger{"python3", 25684, "0xcc0(GFP_KERNEL)", 0, 0, std::nullopt, "(null)", "/", "0"};
  MemcgInfo m;
  m.oom_memcg = "/docker/3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd";
  m.task_memcg = m.oom_memcg;
  m.usage_bytes = 32 * GiB;
  m.limit_bytes = 32 * GiB;
  m.limit_state = LimitState::limited;
  m.failcnt = 1273;
  m.hierarchy = "v2";
  m.swap_usage_bytes = 0;
  m.swap_limit_bytes = 0;
  m.swap_limit_state = LimitState::limited;
  m.stats = {{"anon", 30 * GiB}, {"file", 100 * MiB}};
  m.owner = decode_cgroup_owner(*m.oom_memcg);
  e.memcg = m;
  Victim v;
  v.pid = 25684;
  v.comm = "python3";
  v.uid = 1000;
  v.total_vm_bytes = 40 * GiB;
  v.anon_rss_bytes = static_cast<uint64_t>(28.3 * GiB);
  v.file_rss_bytes = 12 * MiB;
  v.shmem_rss_bytes = 0;
  v.pgtables_bytes = 60 * MiB;
  v.oom_score_adj = 0;
  v.oom_score_adj_source = "kill_line";
  v.message = "Memory cgroup out of memory";
  v.line = 40;
  e.victims.push_back(v);
  e.lines = {1, 40};
  e.page_size_bytes = 4096;
  e.source = "kern.log";
  return e;
}

/// 03-arch-6.1-global-doxygen-reaper.log
inline OomEvent arch_doxygen_global() {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::global;
  e.constraint_printed = "CONSTRAINT_NONE";
  e.trigger = Trigger{"doxygen", 473206, "0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", 0, 0,
                      std::nullopt, "(null)", "/", "0"};
  MemcgInfo m;
  m.task_memcg = "/user.slice/user-504.slice/session-2.scope";
  m.owner = decode_cgroup_owner(*m.task_memcg);
  e.memcg = m;
  MemInfo mi;
  mi.free_bytes = 34629 * 4096ull;
  mi.free_swap_bytes = 84 * KiB;
  mi.total_swap_bytes = 25165820 * KiB;
  mi.ram_bytes = 4115400 * 4096ull;
  e.mem_info = mi;
  Victim v;
  v.pid = 473206;
  v.comm = "doxygen";
  v.uid = 504;
  v.total_vm_bytes = 30290680 * KiB;
  v.anon_rss_bytes = 9234320 * KiB;
  v.file_rss_bytes = 4 * KiB;
  v.shmem_rss_bytes = 0;
  v.pgtables_bytes = 59264 * KiB;
  v.oom_score_adj = 0;
  v.oom_score_adj_source = "kill_line";
  v.reaped = Reaped{0, 0, 0};
  v.message = "Out of memory";
  e.victims.push_back(v);
  e.lines = {1, 174};
  return e;
}

/// A global OOM on a machine without swap (15.5 GiB RAM).
inline OomEvent global_no_swap() {
  OomEvent e = arch_doxygen_global();
  e.mem_info->ram_bytes = static_cast<uint64_t>(15.5 * GiB);
  e.mem_info->total_swap_bytes = 0;
  e.mem_info->free_swap_bytes = 0;
  e.victims[0].anon_rss_bytes = static_cast<uint64_t>(8.8 * GiB);
  return e;
}

/// 08-k8s-cgroupv2-oomgroup-dupkill-grep-filtered.log
inline OomEvent k8s_oom_group() {
  OomEvent e;
  e.time.monotonic_s = 2993.794008;
  e.constraint = Constraint::memcg;
  e.constraint_printed = "CONSTRAINT_MEMCG";
  e.trigger = Trigger{"Thread-2", std::nullopt, "0xcc0(GFP_KERNEL)", 0, 969, std::nullopt, "(null)",
                      "cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope", "0"};
  MemcgInfo m;
  m.oom_memcg = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice";
  m.task_memcg = *m.oom_memcg + "/cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope";
  m.usage_bytes = 4194304 * KiB;
  m.limit_bytes = 4194304 * KiB;
  m.limit_state = LimitState::limited;
  m.failcnt = 1273284;
  m.owner = decode_cgroup_owner(*m.oom_memcg);
  e.memcg = m;
  Victim v;
  v.pid = 22609;
  v.comm = "node";
  v.uid = 0;
  v.total_vm_bytes = 9923620 * KiB;
  v.anon_rss_bytes = 4116684 * KiB;
  v.file_rss_bytes = 23132 * KiB;
  v.shmem_rss_bytes = 0;
  v.pgtables_bytes = 10964 * KiB;
  v.oom_score_adj = 969;
  v.oom_score_adj_source = "kill_line";
  v.printed_twice = true;
  v.message = "Memory cgroup out of memory";
  e.victims.push_back(v);
  return e;
}

/// 10-docker-for-linux-1001: four python3 kills in one memcg.
inline OomEvent docker_multikill() {
  OomEvent e;
  e.time.wall = "2021-05-15T23:09:27";
  e.time.monotonic_s = 514.682838;
  e.constraint = Constraint::memcg;
  for (int64_t pid : {15617, 15674, 15623, 15694}) {
    Victim v;
    v.pid = pid;
    v.comm = "python3";
    v.total_vm_bytes = 11892 * KiB;
    v.anon_rss_bytes = 4292 * KiB;
    v.file_rss_bytes = 3428 * KiB;
    v.shmem_rss_bytes = 0;
    v.message = "Memory cgroup out of memory";
    e.victims.push_back(v);
  }
  return e;
}

/// 02-ubuntu2110-5.13-sysrq-forced.log
inline OomEvent sysrq_forced() {
  OomEvent e;
  e.constraint = Constraint::global;
  e.constraint_printed = "CONSTRAINT_NONE";
  e.sysrq = true;
  e.trigger = Trigger{"kworker/0:2", 735, "0xcc0(GFP_KERNEL)", -1, 0, std::nullopt, "(null)", "/", "0"};
  Victim v;
  v.pid = 651;
  v.comm = "unattended-upgr";
  v.uid = 0;
  v.total_vm_bytes = 108020 * KiB;
  v.anon_rss_bytes = 8380 * KiB;
  v.file_rss_bytes = 12548 * KiB;
  v.shmem_rss_bytes = 0;
  v.pgtables_bytes = 104 * KiB;
  v.oom_score_adj = 0;
  e.victims.push_back(v);
  return e;
}

/// 24-tempesta-1789-5.10-no-killable-deadlocked-panic.log
inline OomEvent no_killable_panic() {
  OomEvent e;
  e.kind = EventKind::no_killable;
  e.time.monotonic_s = 3893.943876;
  e.constraint = Constraint::global;
  e.panic_message = "System is deadlocked on memory";
  return e;
}

/// 23-sonic-2988-debian-3.16-sysrq-panic-on-oom-compulsory.log
inline OomEvent sysrq_panic_on_oom() {
  OomEvent e;
  e.kind = EventKind::panic;
  e.time.monotonic_s = 910.113950;
  e.sysrq = true;
  e.panic_message = "Out of memory: compulsory panic_on_oom is enabled";
  return e;
}

/// 05-lkml2013-3.2-memcg-apache2-syslog.log: selection without kill line.
inline OomEvent selected_apache() {
  OomEvent e;
  e.kind = EventKind::selected_no_kill;
  e.constraint = Constraint::memcg;
  MemcgInfo m;
  m.oom_memcg = "/1066";
  m.task_memcg = "/1066/uid";
  m.hierarchy = "v1";
  e.memcg = m;
  e.selected.push_back(Selected{1046, "apache2", 1000, "Memory cgroup out of memory"});
  return e;
}

/// 29-systemd-6966: a bare pre-5.1 kill line, constraint unknown.
inline OomEvent bare_kill_line() {
  OomEvent e;
  e.time.wall = "2017-08-18T03:19:11";
  Victim v;
  v.pid = 7748;
  v.comm = "python";
  v.total_vm_bytes = 12907828 * KiB;
  v.anon_rss_bytes = 11500204 * KiB;
  v.file_rss_bytes = 0;
  e.victims.push_back(v);
  TaskRow row;
  row.pid = 7747;
  row.uid = 0;
  row.tgid = 7748;
  row.total_vm_bytes = 3226957 * 4096ull;
  row.rss_bytes = 2875051 * 4096ull;
  row.pgtables_bytes = 5692 * 4096ull;
  row.swap_bytes = 0;
  row.oom_score_adj = 0;
  row.comm = "python";
  e.tasks.push_back(row);
  e.page_size_bytes = 4096;
  e.page_size_assumed = true;
  return e;
}

/// 8 DataLoader-like python3 workers under a global OOM.
inline OomEvent dataloader_workers() {
  OomEvent e = global_no_swap();
  e.victims[0].comm = "python3";
  e.victims[0].pid = 2001;
  e.trigger->comm = "python3";
  e.trigger->pid = 2005;
  for (int i = 0; i < 8; ++i) {
    TaskRow r;
    r.pid = 2000 + i;
    r.tgid = r.pid;
    r.rss_bytes = static_cast<uint64_t>(2.75 * GiB);
    r.comm = "python3";
    r.oom_score_adj = 0;
    e.tasks.push_back(r);
  }
  TaskRow sshd;
  sshd.pid = 800;
  sshd.rss_bytes = 5 * MiB;
  sshd.comm = "sshd";
  e.tasks.push_back(sshd);
  return e;
}

}  // namespace oomlens::fixtures
