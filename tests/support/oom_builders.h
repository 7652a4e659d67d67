#pragma once
// Hand-built OomEvents for tests, with fluent setters: what a test states
// is the figures of the report it stands for, not the struct's plumbing.
//
//   OomEvent e = EventOf(EventKind::kill)
//                    .constraint(Constraint::memcg, "CONSTRAINT_MEMCG")
//                    .memcg(MemcgOf("/docker/abc").limited(32 * GiB, 32 * GiB).failcnt(1273))
//                    .victim(VictimOf(25684, "python3").uid(1000).rss(40 * GiB, 28 * GiB, 12 * MiB, 0))
//                    .task(TaskOf(25684, "python3").rss(28 * GiB));
//
// Sizes are bytes (write `59264 * KiB` for a report's kB, `N * 4096` for
// pages); each setter sets only the fields it names.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens::testing {

inline constexpr uint64_t KiB = 1024;
inline constexpr uint64_t MiB = 1024 * KiB;
inline constexpr uint64_t GiB = 1024 * MiB;

/// A kill line's victim.
class VictimOf {
 public:
  VictimOf(std::optional<int64_t> pid, std::string comm) {
    v_.pid = pid;
    v_.comm = std::move(comm);
  }
  VictimOf& uid(uint32_t u) { v_.uid = u; return *this; }
  /// total-vm, anon-rss, file-rss and shmem-rss (nullopt: not printed).
  VictimOf& rss(std::optional<uint64_t> total_vm, std::optional<uint64_t> anon, std::optional<uint64_t> file,
                std::optional<uint64_t> shmem = std::nullopt) {
    v_.total_vm_bytes = total_vm;
    v_.anon_rss_bytes = anon;
    v_.file_rss_bytes = file;
    v_.shmem_rss_bytes = shmem;
    return *this;
  }
  VictimOf& pgtables(uint64_t b) { v_.pgtables_bytes = b; return *this; }
  /// oom_score_adj as the 5.x kill line prints it.
  VictimOf& adj_on_kill_line(int adj) {
    v_.oom_score_adj = adj;
    v_.oom_score_adj_source = "kill_line";
    return *this;
  }
  VictimOf& adj(int adj) { v_.oom_score_adj = adj; return *this; }
  VictimOf& message(std::string m) { v_.message = std::move(m); return *this; }
  VictimOf& line(uint64_t n) { v_.line = n; return *this; }
  VictimOf& reaped(Reaped r) { v_.reaped = r; return *this; }
  VictimOf& printed_twice() { v_.printed_twice = true; return *this; }
  operator Victim() const { return v_; }  // NOLINT: converts where a Victim is wanted

 private:
  Victim v_;
};

/// A row of the report's task table.
class TaskOf {
 public:
  TaskOf(int64_t pid, std::string comm) {
    r_.pid = pid;
    r_.comm = std::move(comm);
  }
  TaskOf& uid(uint32_t u) { r_.uid = u; return *this; }
  TaskOf& tgid(int64_t t) { r_.tgid = t; return *this; }
  TaskOf& total_vm(uint64_t b) { r_.total_vm_bytes = b; return *this; }
  TaskOf& rss(uint64_t b) { r_.rss_bytes = b; return *this; }
  /// 6.8+'s columns (rss_anon, rss_file, rss_shmem) in place of rss.
  TaskOf& rss_split(uint64_t anon, uint64_t file, uint64_t shmem) {
    r_.rss_anon_bytes = anon;
    r_.rss_file_bytes = file;
    r_.rss_shmem_bytes = shmem;
    return *this;
  }
  TaskOf& pgtables(uint64_t b) { r_.pgtables_bytes = b; return *this; }
  TaskOf& swap(uint64_t b) { r_.swap_bytes = b; return *this; }
  TaskOf& adj(int a) { r_.oom_score_adj = a; return *this; }
  operator TaskRow() const { return r_; }  // NOLINT

 private:
  TaskRow r_;
};

/// The memory cgroup facts of a memcg report.
class MemcgOf {
 public:
  MemcgOf() = default;
  /// oom_memcg = task_memcg = path (task() names another task cgroup).
  explicit MemcgOf(std::string path) {
    m_.oom_memcg = path;
    m_.task_memcg = std::move(path);
  }
  MemcgOf& oom(std::optional<std::string> p) { m_.oom_memcg = std::move(p); return *this; }
  MemcgOf& task(std::optional<std::string> p) { m_.task_memcg = std::move(p); return *this; }
  /// `memory: usage U, limit L`, the limit a real one.
  MemcgOf& limited(uint64_t usage, uint64_t limit) {
    m_.limit_state = LimitState::limited;
    return usage_and_limit(usage, limit);
  }
  /// Usage and limit alone, the limit's state left unknown (limited() says
  /// it is a real one).
  MemcgOf& usage_and_limit(uint64_t usage, uint64_t limit) {
    m_.usage_bytes = usage;
    m_.limit_bytes = limit;
    return *this;
  }
  /// v1 `kmem: usage`.
  MemcgOf& kmem(uint64_t usage) { m_.kmem_usage_bytes = usage; return *this; }
  MemcgOf& failcnt(uint64_t n) { m_.failcnt = n; return *this; }
  MemcgOf& memsw(uint64_t usage, uint64_t limit) {
    m_.memsw_usage_bytes = usage;
    m_.memsw_limit_bytes = limit;
    return *this;
  }
  /// v2 `swap:` usage and limit, the limit a real one.
  MemcgOf& swap(uint64_t usage, uint64_t limit) {
    m_.swap_usage_bytes = usage;
    m_.swap_limit_bytes = limit;
    m_.swap_limit_state = LimitState::limited;
    return *this;
  }
  MemcgOf& hierarchy(std::string h) { m_.hierarchy = std::move(h); return *this; }
  MemcgOf& stats(std::vector<std::pair<std::string, uint64_t>> s) { m_.stats = std::move(s); return *this; }
  MemcgOf& owner(std::optional<CgroupOwner> o) { m_.owner = std::move(o); return *this; }
  operator MemcgInfo() const { return m_; }  // NOLINT
  const MemcgInfo& info() const { return m_; }

 private:
  MemcgInfo m_;
};

/// An OomEvent; converts to one where an OomEvent is wanted.
class EventOf {
 public:
  explicit EventOf(EventKind kind = EventKind::kill) { e_.kind = kind; }
  EventOf& at(std::optional<double> monotonic_s) { e_.time.monotonic_s = monotonic_s; return *this; }
  EventOf& wall(std::optional<std::string> w) { e_.time.wall = std::move(w); return *this; }
  EventOf& boot_id(std::optional<std::string> id) { e_.boot_id = std::move(id); return *this; }
  EventOf& constraint(Constraint c, std::optional<std::string> printed = std::nullopt) {
    e_.constraint = c;
    e_.constraint_printed = std::move(printed);
    return *this;
  }
  EventOf& trigger(Trigger t) { e_.trigger = std::move(t); return *this; }
  EventOf& memcg(MemcgInfo m) { e_.memcg = std::move(m); return *this; }
  EventOf& mem_info(MemInfo m) { e_.mem_info = std::move(m); return *this; }
  EventOf& victim(Victim v) { e_.victims.push_back(std::move(v)); return *this; }
  EventOf& selected(Selected s) { e_.selected.push_back(std::move(s)); return *this; }
  EventOf& task(TaskRow r) { e_.tasks.push_back(std::move(r)); return *this; }
  /// The kernel's `VM_FAULT_OOM` path (pagefault_out_of_memory()).
  EventOf& pagefault() { e_.pagefault_oom = true; return *this; }
  EventOf& sysrq() { e_.sysrq = true; return *this; }
  /// A memcg OOM invoked by a write to the limit below the usage (memory_max_write).
  EventOf& limit_lowered(LimitWrite w = LimitWrite::memory_max) { e_.limit_lowered = w; return *this; }
  EventOf& panic(std::string message) { e_.panic_message = std::move(message); return *this; }
  EventOf& lines(uint64_t first, uint64_t last) { e_.lines = {first, last}; return *this; }
  EventOf& page_size(uint64_t b, bool assumed = false) {
    e_.page_size_bytes = b;
    e_.page_size_assumed = assumed;
    return *this;
  }
  EventOf& source(std::string s) { e_.source = std::move(s); return *this; }
  operator OomEvent() const { return e_; }  // NOLINT
  const OomEvent& event() const { return e_; }

 private:
  OomEvent e_;
};

}  // namespace oomlens::testing
