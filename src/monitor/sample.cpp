// Samples and their record form (see sample.h).
#include "monitor/sample.h"
#include "util/json_opt.h"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>

#include <charconv>
#include <cmath>

#include "cgroup/memcg_files.h"
#include "proc/proc.h"
#include "util/file.h"

namespace oomlens::monitor {
namespace {

using util::opt;

}  // namespace

TreeTotals tree_totals(const std::vector<TrackedProc>& procs, double t_s) {
  TreeTotals t;
  auto add = [](std::optional<uint64_t>& sum, const std::optional<uint64_t>& v, bool& missing) {
    if (!v) { missing = true; return; }
    sum = sum.value_or(0) + *v;
  };
  bool miss_pss = false, miss_anon = false, miss_file = false, miss_shmem = false, miss_uss = false, miss_swap = false;
  for (auto& p : procs) {
    if (p.gone_s) continue;
    ++t.procs;
    if (p.status && p.status->vm_rss_bytes) t.rss_bytes += *p.status->vm_rss_bytes;
    if (!p.smaps) { miss_pss = true; continue; }
    add(t.pss_bytes, p.smaps->pss_bytes, miss_pss);
    add(t.pss_anon_bytes, p.smaps->pss_anon_bytes, miss_anon);
    add(t.pss_file_bytes, p.smaps->pss_file_bytes, miss_file);
    add(t.pss_shmem_bytes, p.smaps->pss_shmem_bytes, miss_shmem);
    add(t.uss_bytes, p.smaps->uss_bytes, miss_uss);
    add(t.swap_pss_bytes, p.smaps->swap_pss_bytes, miss_swap);
    double age = t_s - p.smaps_t_s.value_or(t_s);
    t.pss_age_s = std::max(t.pss_age_s.value_or(0), age);
  }
  // A process whose PSS was never read makes the sum a floor, not a total:
  // still give it (the process just appeared), but a missing split field
  // (pre-5.3 kernel) makes that split unknown.
  (void)miss_pss;
  if (miss_anon) t.pss_anon_bytes.reset();
  if (miss_file) t.pss_file_bytes.reset();
  if (miss_shmem) t.pss_shmem_bytes.reset();
  if (miss_uss) t.uss_bytes.reset();
  if (miss_swap) t.swap_pss_bytes.reset();
  return t;
}

bool pss_stale(const TreeTotals& t, const CgroupSample* cg) {
  if (!t.pss_bytes || !t.pss_age_s || t.rss_at_pss_bytes == 0 || *t.pss_age_s < kPssStaleMinAgeS) return false;
  if (static_cast<double>(t.rss_bytes) > static_cast<double>(t.rss_at_pss_bytes) * (1 + kPssStaleGrowth)) return true;
  if (!cg || !cg->anon_bytes || !cg->shmem_bytes || !t.cgroup_anon_shmem_at_pss_bytes) return false;
  return grew_past_pss(*t.cgroup_anon_shmem_at_pss_bytes, *cg->anon_bytes + *cg->shmem_bytes, pss_weight_bytes(t));
}

uint64_t pss_weight_bytes(const TreeTotals& t) {
  return t.pss_anon_bytes && t.pss_shmem_bytes ? *t.pss_anon_bytes + *t.pss_shmem_bytes : t.pss_bytes.value_or(0);
}

bool grew_past_pss(uint64_t then, uint64_t now, uint64_t pss) {
  return now > then && static_cast<double>(now - then) > static_cast<double>(pss) * kPssStaleGrowth;
}

namespace {
void set_memory_stat(const cgroup::MemoryStat& m, CgroupSample* out) {
  out->anon_bytes = m.anon_bytes;
  out->shmem_bytes = m.shmem_bytes;
  out->file_bytes = m.file_bytes;
}
}  // namespace

CgroupSample read_cgroup_sample(const cgroup::MemoryHierarchy& h, const std::string& dir, bool with_limit,
                                bool with_stat) {
  CgroupSample c;
  c.usage_bytes = cgroup::read_usage_bytes(h.version, dir);
  c.peak_bytes = cgroup::read_peak_bytes(h.version, dir);
  // Per-cgroup PSI exists only on v2 (a v1 hierarchy has no memory.pressure).
  if (const char* pressure = cgroup::memcg_file(h.version, cgroup::MemcgFile::pressure))
    if (auto ps = proc::read_pressure(dir + pressure)) {
      if (ps->some) c.psi_some_avg10 = ps->some->avg10, c.psi_some_total_us = ps->some->total_us;
      if (ps->full) c.psi_full_avg10 = ps->full->avg10, c.psi_full_total_us = ps->full->total_us;
    }
  if (with_stat)
    if (auto st = cgroup::read_memory_stat(h.version, dir)) set_memory_stat(*st, &c);
  if (!with_limit) {
    c.oom_kill = cgroup::oom_kill_count(h.version, dir);
    return c;
  }
  auto lim = cgroup::tightest_limit(h, dir);
  if (lim.bytes) {
    c.limit_bytes = lim.bytes;
    c.limit_state = "limited";
  } else if (lim.unlimited) {
    c.limit_state = "unlimited";
  }
  c.oom_kill = cgroup::oom_kill_count(h.version, dir);
  return c;
}

bool CgroupReader::read_file(File f, bool reopen) {
  if (!fds_[f] && reopen) {
    // The one reader's file names (cgroup/memcg_files.h), held open here.
    static constexpr cgroup::MemcgFile kFile[kFiles] = {cgroup::MemcgFile::usage, cgroup::MemcgFile::peak,
                                                       cgroup::MemcgFile::stat, cgroup::MemcgFile::oom_kill,
                                                       cgroup::MemcgFile::pressure};
    const char* name = cgroup::memcg_file(h_.version, kFile[f]);
    if (!name) return false;  // v1 has no per-cgroup PSI
    fds_[f].reset(::open((dir_ + name).c_str(), O_RDONLY | O_CLOEXEC));
    if (!fds_[f] && f == oom && h_.version == cgroup::Version::v2)  // before 5.2: no memory.events.local
      fds_[f].reset(::open((dir_ + cgroup::memcg_file(h_.version, cgroup::MemcgFile::events)).c_str(), O_RDONLY | O_CLOEXEC));
  }
  if (!fds_[f]) return false;
  // memory.stat is ~1.5 KiB (v2) / ~1 KiB (v1): 8 KiB holds it whole, read
  // in one pread (reserved); a longer one is cut at its last whole line
  // rather than misread.
  constexpr size_t kMax = 8192;
  buf_.reserve(kMax);
  auto text = reread_fd(fds_[f].get(), buf_, kMax);
  if (!text) {  // the cgroup was removed: reopen at the next with_limit read
    fds_[f].reset();
    return false;
  }
  std::string_view v = *text;
  if (v.size() == kMax) v = v.substr(0, v.rfind('\n') + 1);
  text_len_ = v.size();
  return true;
}

CgroupSample CgroupReader::read(bool with_limit, bool with_stat) {
  CgroupSample c;
  auto u64 = [this] { return cgroup::parse_u64_value(std::string_view(buf_.data(), text_len_)); };
  if (read_file(usage, with_limit)) c.usage_bytes = u64();
  if (with_limit) peak_ = read_file(peak, true) ? u64() : std::nullopt;
  c.peak_bytes = peak_;
  if (with_limit && h_.version == cgroup::Version::v2)
    pressure_ = read_file(pressure, true) ? std::optional(proc::parse_pressure(std::string_view(buf_.data(), text_len_)))
                                          : std::nullopt;
  if (pressure_ && pressure_->some)
    c.psi_some_avg10 = pressure_->some->avg10, c.psi_some_total_us = pressure_->some->total_us;
  if (pressure_ && pressure_->full)
    c.psi_full_avg10 = pressure_->full->avg10, c.psi_full_total_us = pressure_->full->total_us;
  if (with_stat && read_file(stat, with_limit || !fds_[stat]))
    set_memory_stat(cgroup::parse_memory_stat(h_.version, std::string_view(buf_.data(), text_len_)), &c);
  if (read_file(oom, with_limit)) c.oom_kill = cgroup::keyed_value(std::string_view(buf_.data(), text_len_), "oom_kill");
  if (with_limit) {
    auto lim = cgroup::tightest_limit(h_, dir_);
    if (lim.bytes) {
      c.limit_bytes = lim.bytes;
      c.limit_state = "limited";
    } else if (lim.unlimited) {
      c.limit_state = "unlimited";
    }
  }
  return c;
}

SystemSample read_system_sample(const std::string& proc_root, const std::string& shm_dir) {
  SystemSample s;
  if (auto mi = proc::read_meminfo(proc_root)) {
    s.mem_available_bytes = mi->mem_available_bytes;
    s.swap_free_bytes = mi->swap_free_bytes;
  }
  if (auto ps = proc::read_pressure(proc_root + "/pressure/memory")) {
    if (ps->some) s.psi_some_avg10 = ps->some->avg10;
    if (ps->full) s.psi_full_avg10 = ps->full->avg10;
  }
  read_shm_usage(shm_dir, &s);
  return s;
}

void read_shm_usage(const std::string& shm_dir, SystemSample* s) {
  struct statvfs vfs {};
  if (::statvfs(shm_dir.c_str(), &vfs) == 0) {
    s->shm_size_bytes = static_cast<uint64_t>(vfs.f_blocks) * vfs.f_frsize;
    s->shm_used_bytes = static_cast<uint64_t>(vfs.f_blocks - vfs.f_bfree) * vfs.f_frsize;
  }
}

const std::vector<std::string>& proc_columns() {
  static const std::vector<std::string> cols = {
      "pid", "rss_anon_bytes", "rss_file_bytes", "rss_shmem_bytes", "swap_bytes",
      "pss_bytes", "pss_anon_bytes", "pss_file_bytes", "pss_shmem_bytes", "uss_bytes", "pss_age_s"};
  return cols;
}

nlohmann::json sample_json(const Sample& s, const std::vector<TrackedProc>& procs, bool with_procs) {
  using nlohmann::json;
  json j;
  j["type"] = "sample";
  j["t_s"] = std::round(s.t_s * 1000) / 1000;
  j["tree"] = {{"pss_bytes", opt(s.tree.pss_bytes)},
               {"pss_anon_bytes", opt(s.tree.pss_anon_bytes)},
               {"pss_file_bytes", opt(s.tree.pss_file_bytes)},
               {"pss_shmem_bytes", opt(s.tree.pss_shmem_bytes)},
               {"uss_bytes", opt(s.tree.uss_bytes)},
               {"rss_bytes", s.tree.rss_bytes},
               {"swap_pss_bytes", opt(s.tree.swap_pss_bytes)},
               {"procs", s.tree.procs},
               {"pss_age_s", s.tree.pss_age_s ? json(std::round(*s.tree.pss_age_s * 10) / 10) : json(nullptr)},
               {"pss_stale", pss_stale(s.tree, &s.cgroup)}};
  j["cgroup"] = {{"usage_bytes", opt(s.cgroup.usage_bytes)},
                 {"anon_bytes", opt(s.cgroup.anon_bytes)},
                 {"shmem_bytes", opt(s.cgroup.shmem_bytes)},
                 {"peak_bytes", opt(s.cgroup.peak_bytes)},
                 {"limit_bytes", opt(s.cgroup.limit_bytes)},
                 {"limit_state", s.cgroup.limit_state},
                 {"oom_kill", opt(s.cgroup.oom_kill)},
                 {"psi_some_avg10", opt(s.cgroup.psi_some_avg10)},
                 {"psi_full_avg10", opt(s.cgroup.psi_full_avg10)},
                 {"psi_some_total_us", opt(s.cgroup.psi_some_total_us)},
                 {"psi_full_total_us", opt(s.cgroup.psi_full_total_us)}};
  j["system"] = {{"mem_available_bytes", opt(s.system.mem_available_bytes)},
                 {"swap_free_bytes", opt(s.system.swap_free_bytes)},
                 {"psi_some_avg10", opt(s.system.psi_some_avg10)},
                 {"psi_full_avg10", opt(s.system.psi_full_avg10)},
                 {"shm_used_bytes", opt(s.system.shm_used_bytes)}};
  if (s.racy) j["racy"] = true;
  if (with_procs) {
    json rows = json::array();
    for (auto& p : procs) {
      if (p.gone_s) continue;
      json r = json::array();
      r.push_back(p.pid);
      const auto* st = p.status ? &*p.status : nullptr;
      r.push_back(st ? opt(st->rss_anon_bytes) : json(nullptr));
      r.push_back(st ? opt(st->rss_file_bytes) : json(nullptr));
      r.push_back(st ? opt(st->rss_shmem_bytes) : json(nullptr));
      r.push_back(st ? opt(st->vm_swap_bytes) : json(nullptr));
      const auto* sm = p.smaps ? &*p.smaps : nullptr;
      r.push_back(sm ? opt(sm->pss_bytes) : json(nullptr));
      r.push_back(sm ? opt(sm->pss_anon_bytes) : json(nullptr));
      r.push_back(sm ? opt(sm->pss_file_bytes) : json(nullptr));
      r.push_back(sm ? opt(sm->pss_shmem_bytes) : json(nullptr));
      r.push_back(sm ? opt(sm->uss_bytes) : json(nullptr));
      r.push_back(p.smaps_t_s ? json(std::round((s.t_s - *p.smaps_t_s) * 10) / 10) : json(nullptr));
      rows.push_back(std::move(r));
    }
    j["procs"] = std::move(rows);
  }
  return j;
}

}  // namespace oomlens::monitor
