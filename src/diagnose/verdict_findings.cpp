// What the verdict reads besides the kills (see verdict.h): the patterns of
// the job's stderr, its workers' PSS and start method, a live log's kill
// line as a kill of the job.
#include "diagnose/verdict.h"
#include "monitor/kernel_watch.h"

#include <algorithm>
#include <charconv>

namespace oomlens::diagnose {
namespace {

bool contains(std::string_view h, std::string_view n) { return h.find(n) != std::string_view::npos; }

}  // namespace

TreeKill tree_kill_from(const monitor::KernelKill& k) {
  TreeKill t;
  t.pid = k.pid;
  t.comm = k.comm;
  t.kmsg_seq = k.kmsg_seq;
  t.constraint = k.constraint;
  t.oom_memcg = k.oom_memcg;
  t.anon_rss_bytes = k.anon_rss_bytes;
  return t;
}

namespace {

// "1.17 GiB" (numpy's _ArrayMemoryError text: B, KiB, MiB, GiB, TiB, PiB).
std::optional<uint64_t> numpy_size(std::string_view rest) {
  double v = 0;
  auto r = std::from_chars(rest.data(), rest.data() + rest.size(), v);
  if (r.ec != std::errc{} || !(v >= 0)) return std::nullopt;
  std::string_view unit = rest.substr(static_cast<size_t>(r.ptr - rest.data()));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  static const std::pair<std::string_view, double> units[] = {
      {"PiB", 1125899906842624.0}, {"TiB", 1099511627776.0}, {"GiB", 1073741824.0},
      {"MiB", 1048576.0},          {"KiB", 1024.0},          {"B", 1.0}};
  for (auto& [u, m] : units)
    if (unit.substr(0, u.size()) == u) return static_cast<uint64_t>(v * m);
  return std::nullopt;
}

// The exception line ending the last Python traceback: the first line after
// "Traceback (most recent call last):" that is not indented.
std::string last_python_exception(std::string_view t) {
  constexpr std::string_view tb = "Traceback (most recent call last):";
  size_t p = t.rfind(tb);
  if (p == std::string_view::npos) return "";
  size_t pos = t.find('\n', p);
  while (pos != std::string_view::npos && pos + 1 < t.size()) {
    size_t start = pos + 1;
    size_t nl = t.find('\n', start);
    std::string_view line = t.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    if (!line.empty() && line.front() != ' ' && line.front() != '\t') {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
      return std::string(line.substr(0, 200));
    }
    pos = nl;
  }
  return "";
}

}  // namespace

StderrFindings scan_stderr(std::string_view t) {
  StderrFindings f;
  f.numpy_memory_error = contains(t, "_ArrayMemoryError") || contains(t, "Unable to allocate ");
  f.python_memory_error = contains(t, "\nMemoryError") || t.substr(0, 11) == "MemoryError" ||
                          contains(t, "_ArrayMemoryError") || contains(t, "Error: MemoryError");
  f.torch_cpu_alloc = contains(t, "DefaultCPUAllocator: can't allocate memory") ||
                      contains(t, "DefaultCPUAllocator: not enough memory");
  f.bad_alloc = contains(t, "std::bad_alloc");
  f.enomem = contains(t, "Cannot allocate memory");
  f.cuda_oom = contains(t, "CUDA out of memory") || contains(t, "torch.cuda.OutOfMemoryError") ||
               contains(t, "CUDA error: out of memory");
  f.shm_bus_error = contains(t, "Bus error") && contains(t, "shared memory");
  f.worker_bus_error = contains(t, "Unexpected bus error encountered in worker");
  constexpr std::string_view tried = "you tried to allocate ";
  if (size_t p = t.rfind(tried); p != std::string_view::npos) {
    auto rest = t.substr(p + tried.size());
    uint64_t n = 0;
    if (std::from_chars(rest.data(), rest.data() + rest.size(), n).ec == std::errc{}) f.requested_bytes = n;
  }
  constexpr std::string_view unable = "Unable to allocate ";
  if (size_t p = t.rfind(unable); !f.requested_bytes && p != std::string_view::npos) {
    f.requested_bytes = numpy_size(t.substr(p + unable.size()));
    f.requested_approx = f.requested_bytes.has_value();
  }
  constexpr std::string_view key = "DataLoader worker (pid ";
  for (size_t p = t.find(key); p != std::string_view::npos; p = t.find(key, p + 1)) {
    auto rest = t.substr(p + key.size());
    int64_t pid = 0;
    auto r = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (r.ec != std::errc{} || !contains(rest.substr(0, 80), "killed by signal")) continue;
    if (std::find(f.dataloader_killed_pids.begin(), f.dataloader_killed_pids.end(), pid) == f.dataloader_killed_pids.end())
      f.dataloader_killed_pids.push_back(pid);
    if (contains(rest.substr(0, 80), "signal: Bus error") &&
        std::find(f.dataloader_bus_error_pids.begin(), f.dataloader_bus_error_pids.end(), pid) ==
            f.dataloader_bus_error_pids.end())
      f.dataloader_bus_error_pids.push_back(pid);
  }
  if (!f.dataloader_bus_error_pids.empty()) f.worker_bus_error = true;
  f.python_exception = last_python_exception(t);
  return f;
}

std::optional<WorkersPssAtOnce> workers_pss_at_once(const std::vector<WorkerPss>& ws) {
  std::optional<WorkersPssAtOnce> best;
  for (const auto& w : ws) {
    const double t = w.first_seen_s;
    WorkersPssAtOnce now;
    now.t_s = t;
    for (const auto& o : ws)  // alive at t, as diagnose_workers counts workers alive at once
      if (o.first_seen_s <= t && (!o.gone_s || *o.gone_s > t)) {
        ++now.workers;
        now.peak_pss_bytes += o.peak_pss_bytes;
      }
    if (!best || now.peak_pss_bytes > best->peak_pss_bytes ||
        (now.peak_pss_bytes == best->peak_pss_bytes && t >= best->t_s))
      best = now;
  }
  if (!best) return std::nullopt;
  std::vector<WorkerLife> lives;
  for (const auto& w : ws) lives.push_back({w.first_seen_s, w.gone_s});
  const auto gens = worker_generations(lives);
  best->epochs = static_cast<uint32_t>(gens.size());
  if (gens.size() >= 2)
    for (size_t g = 0; g < gens.size(); ++g)
      for (size_t j : gens[g])
        if (ws[j].first_seen_s == best->t_s) best->epoch = static_cast<uint32_t>(g + 1);
  return best;
}

std::optional<std::string> worker_start_method(std::string_view w, std::string_view m) {
  if (contains(w, "multiprocessing.spawn") || contains(w, "multiprocessing_spawn")) return "spawn";
  if (contains(w, "multiprocessing.forkserver")) return "forkserver";
  if (!w.empty() && w == m) return "fork";
  return std::nullopt;
}

}  // namespace oomlens::diagnose
