#pragma once
// Hand-built OomEvents for the diagnose and render tests. Those named after
// a corpus file (../shared/corpus) carry that report's figures (kB × 1024,
// pages × 4096), so the explanations are checked against real reports even
// before the parser exists.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"
#include "kernel_log/report_scanner.h"
#include "support/oom_builders.h"

namespace oomlens::fixtures {

using testing::EventOf;
using testing::GiB;
using testing::KiB;
using testing::MemcgOf;
using testing::MiB;
using testing::TaskOf;
using testing::VictimOf;

/// The check `id` of `x`, or nullptr. It points into `x`: keep `x` alive.
/// The one event `text` gives (parse_log_text() with default options); expects exactly one, else an empty event.
inline OomEvent only_event(const std::string& text) {
  auto events = parse_log_text(text, {});
  EXPECT_EQ(events.size(), 1u);
  return events.empty() ? OomEvent{} : std::move(events.front());
}

inline const Check* find(const Explanation& x, const std::string& id) {
  for (const Check& c : x.checks)
    if (c.id == id) return &c;
  return nullptr;
}

/// Every advice line of `x`, each ending in '\n'.
inline std::string advice(const Explanation& x) {
  std::string all;
  for (const auto& a : x.advice) all += a + "\n";
  return all;
}

/// The summary, every check's message and every advice line of `x`.
inline std::string everything(const Explanation& x) {
  std::string all = x.summary + "\n";
  for (const auto& c : x.checks) all += c.message + "\n";
  return all + advice(x);
}

/// m with its owner decoded from the OOM memcg (else the task's), as the parser does.
inline MemcgInfo owned(const MemcgOf& m) {
  MemcgInfo info = m;
  info.owner = decode_cgroup_owner(info.oom_memcg ? *info.oom_memcg : *info.task_memcg);
  return info;
}

/// A Docker container hitting its 32 GiB limit (the summary example).
inline OomEvent docker_python_memcg() {
  return EventOf(EventKind::kill)
      .at(514.682838)
      .wall("2025-08-12T03:54:03+02:00")
      .constraint(Constraint::memcg, "CONSTRAINT_MEMCG")
      .trigger(Trigger{"python3", 25684, "0xcc0(GFP_KERNEL)", 0, 0, std::nullopt, "(null)", "/", "0"})
      .memcg(owned(MemcgOf("/docker/3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd")
                       .limited(32 * GiB, 32 * GiB)
                       .failcnt(1273)
                       .hierarchy("v2")
                       .swap(0, 0)
                       .stats({{"anon", 30 * GiB}, {"file", 100 * MiB}})))
      .victim(VictimOf(25684, "python3")
                  .uid(1000)
                  .rss(40 * GiB, static_cast<uint64_t>(28.3 * GiB), 12 * MiB, 0)
                  .pgtables(60 * MiB)
                  .adj_on_kill_line(0)
                  .message("Memory cgroup out of memory")
                  .line(40))
      .lines(1, 40)
      .page_size(4096)
      .source("kern.log");
}

/// 03-arch-6.1-global-doxygen-reaper.log
inline OomEvent arch_doxygen_global() {
  MemInfo mi;
  mi.free_bytes = 34629 * 4096ull;
  mi.free_swap_bytes = 84 * KiB;
  mi.total_swap_bytes = 25165820 * KiB;
  mi.ram_bytes = 4115400 * 4096ull;
  return EventOf(EventKind::kill)
      .constraint(Constraint::global, "CONSTRAINT_NONE")
      .trigger(Trigger{"doxygen", 473206, "0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO)", 0, 0, std::nullopt,
                       "(null)", "/", "0"})
      .memcg(owned(MemcgOf().task("/user.slice/user-504.slice/session-2.scope")))
      .mem_info(mi)
      .victim(VictimOf(473206, "doxygen")
                  .uid(504)
                  .rss(30290680 * KiB, 9234320 * KiB, 4 * KiB, 0)
                  .pgtables(59264 * KiB)
                  .adj_on_kill_line(0)
                  .reaped(Reaped{0, 0, 0})
                  .message("Out of memory"))
      .lines(1, 174);
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
  const std::string pod =
      "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice";
  const std::string container = "cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope";
  return EventOf()
      .at(2993.794008)
      .constraint(Constraint::memcg, "CONSTRAINT_MEMCG")
      .trigger(Trigger{"Thread-2", std::nullopt, "0xcc0(GFP_KERNEL)", 0, 969, std::nullopt, "(null)", container, "0"})
      .memcg(owned(MemcgOf(pod).task(pod + "/" + container).limited(4194304 * KiB, 4194304 * KiB).failcnt(1273284)))
      .victim(VictimOf(22609, "node")
                  .uid(0)
                  .rss(9923620 * KiB, 4116684 * KiB, 23132 * KiB, 0)
                  .pgtables(10964 * KiB)
                  .adj_on_kill_line(969)
                  .printed_twice()
                  .message("Memory cgroup out of memory"));
}

/// 10-docker-for-linux-1001: four python3 kills in one memcg.
inline OomEvent docker_multikill() {
  EventOf e;
  e.wall("2021-05-15T23:09:27").at(514.682838).constraint(Constraint::memcg);
  for (int64_t pid : {15617, 15674, 15623, 15694})
    e.victim(VictimOf(pid, "python3")
                 .rss(11892 * KiB, 4292 * KiB, 3428 * KiB, 0)
                 .message("Memory cgroup out of memory"));
  return e;
}

/// 02-ubuntu2110-5.13-sysrq-forced.log
inline OomEvent sysrq_forced() {
  return EventOf()
      .constraint(Constraint::global, "CONSTRAINT_NONE")
      .sysrq()
      .trigger(Trigger{"kworker/0:2", 735, "0xcc0(GFP_KERNEL)", -1, 0, std::nullopt, "(null)", "/", "0"})
      .victim(VictimOf(651, "unattended-upgr")
                  .uid(0)
                  .rss(108020 * KiB, 8380 * KiB, 12548 * KiB, 0)
                  .pgtables(104 * KiB)
                  .adj(0));
}

/// 24-tempesta-1789-5.10-no-killable-deadlocked-panic.log
inline OomEvent no_killable_panic() {
  return EventOf(EventKind::no_killable)
      .at(3893.943876)
      .constraint(Constraint::global)
      .panic("System is deadlocked on memory");
}

/// 23-sonic-2988-debian-3.16-sysrq-panic-on-oom-compulsory.log
inline OomEvent sysrq_panic_on_oom() {
  return EventOf(EventKind::panic).at(910.113950).sysrq().panic("Out of memory: compulsory panic_on_oom is enabled");
}

/// 05-lkml2013-3.2-memcg-apache2-syslog.log: selection without kill line.
inline OomEvent selected_apache() {
  return EventOf(EventKind::selected_no_kill)
      .constraint(Constraint::memcg)
      .memcg(MemcgOf("/1066").task("/1066/uid").hierarchy("v1"))
      .selected(Selected{1046, "apache2", 1000, "Memory cgroup out of memory"});
}

/// 29-systemd-6966: a bare pre-5.1 kill line, constraint unknown.
inline OomEvent bare_kill_line() {
  return EventOf()
      .wall("2017-08-18T03:19:11")
      .victim(VictimOf(7748, "python").rss(12907828 * KiB, 11500204 * KiB, 0))
      .task(TaskOf(7747, "python")
                .uid(0)
                .tgid(7748)
                .total_vm(3226957 * 4096ull)
                .rss(2875051 * 4096ull)
                .pgtables(5692 * 4096ull)
                .swap(0)
                .adj(0))
      .page_size(4096, /*assumed=*/true);
}

/// 8 DataLoader-like python3 workers under a global OOM, with the
/// torch_shm_manager (comm cut to 15 bytes) that serves their tensors.
inline OomEvent dataloader_workers() {
  OomEvent e = global_no_swap();
  e.victims[0].comm = "python3";
  e.victims[0].pid = 2001;
  e.trigger->comm = "python3";
  e.trigger->pid = 2005;
  for (int64_t pid = 2000; pid < 2008; ++pid)
    e.tasks.push_back(TaskOf(pid, "python3").tgid(pid).rss(static_cast<uint64_t>(2.75 * GiB)).adj(0));
  e.tasks.push_back(TaskOf(800, "sshd").rss(5 * MiB));
  e.tasks.push_back(TaskOf(2010, "torch_shm_manag").rss(2 * MiB));
  return e;
}

}  // namespace oomlens::fixtures
