// /proc parsers and readers (see proc.h).
#include "proc/proc.h"
#include "util/file.h"
#include "util/ascii.h"
#include "util/text.h"

#include <dirent.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <vector>

namespace oomlens::proc {
namespace {

using text::next_line;
using text::take_u64;
using text::trim;
using text::trim_left;

// The rest of the line after "Key:" at the start of a line, or nullopt.
std::optional<std::string_view> line_value(std::string_view text, std::string_view key) {
  while (!text.empty()) {
    std::string_view line = next_line(text);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ':')
      return trim(line.substr(key.size() + 1));
  }
  return std::nullopt;
}

// kv_field() of each key into its field.
using KvFields = std::initializer_list<std::pair<std::string_view, std::optional<uint64_t>*>>;
void fill_kv(std::string_view text, KvFields fields) {
  for (auto [key, out] : fields) *out = kv_field(text, key);
}

template <typename T>
std::optional<T> to_int(std::string_view s) {
  T v{};
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr == s.data()) return std::nullopt;
  return v;
}

std::string pid_path(const std::string& root, int pid, std::string_view file) {
  return root + "/" + std::to_string(pid) + "/" + std::string(file);
}

}  // namespace

std::optional<uint64_t> kv_field(std::string_view text, std::string_view key) {
  auto v = line_value(text, key);
  if (!v) return std::nullopt;
  uint64_t n = 0;
  auto r = std::from_chars(v->data(), v->data() + v->size(), n);
  if (r.ec != std::errc{} || r.ptr == v->data()) return std::nullopt;
  std::string_view unit = trim(std::string_view(r.ptr, static_cast<size_t>(v->data() + v->size() - r.ptr)));
  if (unit == "kB") {
    if (n > (UINT64_MAX >> 10)) return std::nullopt;
    return n << 10;
  }
  if (!unit.empty()) return std::nullopt;
  return n;
}

Meminfo parse_meminfo(std::string_view t) {
  Meminfo m;
  fill_kv(t, {{"MemTotal", &m.mem_total_bytes},
              {"MemFree", &m.mem_free_bytes},
              {"MemAvailable", &m.mem_available_bytes},
              {"SwapTotal", &m.swap_total_bytes},
              {"SwapFree", &m.swap_free_bytes},
              {"Shmem", &m.shmem_bytes},
              {"CommitLimit", &m.commit_limit_bytes},
              {"Committed_AS", &m.committed_as_bytes}});
  return m;
}

std::optional<Meminfo> read_meminfo(const std::string& proc_root) {
  auto t = read_file(proc_root + "/meminfo");
  if (!t) return std::nullopt;
  return parse_meminfo(*t);
}

PidStatus parse_pid_status(std::string_view t) {
  PidStatus s;
  if (auto n = line_value(t, "Name")) s.name = std::string(*n);
  if (auto p = line_value(t, "PPid")) s.ppid = to_int<int64_t>(*p);
  if (auto u = line_value(t, "Uid")) s.uid = to_int<uint32_t>(*u);
  fill_kv(t, {{"VmRSS", &s.vm_rss_bytes},
              {"RssAnon", &s.rss_anon_bytes},
              {"RssFile", &s.rss_file_bytes},
              {"RssShmem", &s.rss_shmem_bytes},
              {"VmSwap", &s.vm_swap_bytes}});
  auto hex_mask = [&](std::string_view key) -> std::optional<uint64_t> {
    auto c = line_value(t, key);
    uint64_t mask = 0;
    if (!c) return std::nullopt;
    auto r = std::from_chars(c->data(), c->data() + c->size(), mask, 16);
    if (r.ec != std::errc{} || r.ptr == c->data()) return std::nullopt;
    return mask;
  };
  s.sig_cgt = hex_mask("SigCgt");
  s.cap_eff = hex_mask("CapEff");
  if (auto n = line_value(t, "NSpid")) {
    size_t levels = 0;
    for (std::string_view rest = *n; !(rest = trim_left(rest)).empty(); ++levels)
      if (!take_u64(rest)) return s;  // not a list of pids: unknown
    s.ns_pid_levels = levels;
  }
  return s;
}

std::optional<PidStatus> read_pid_status(int pid, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, "status"));
  if (!t || t->empty()) return std::nullopt;
  return parse_pid_status(*t);
}

SmapsRollup parse_smaps_rollup(std::string_view t) {
  SmapsRollup r;
  fill_kv(t, {{"Rss", &r.rss_bytes},
              {"Pss", &r.pss_bytes},
              {"Pss_Anon", &r.pss_anon_bytes},
              {"Pss_File", &r.pss_file_bytes},
              {"Pss_Shmem", &r.pss_shmem_bytes},
              {"Swap", &r.swap_bytes},
              {"SwapPss", &r.swap_pss_bytes}});
  auto pc = kv_field(t, "Private_Clean"), pd = kv_field(t, "Private_Dirty");
  if (pc && pd) r.uss_bytes = *pc + *pd;
  return r;
}

std::optional<SmapsRollup> read_smaps_rollup(int pid, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, "smaps_rollup"));
  if (!t || t->empty()) return std::nullopt;
  return parse_smaps_rollup(*t);
}

std::optional<PidStat> parse_pid_stat(std::string_view t) {
  size_t open = t.find('(');
  size_t close = t.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return std::nullopt;
  PidStat s;
  auto pid = to_int<int64_t>(trim(t.substr(0, open)));
  if (!pid) return std::nullopt;
  s.pid = *pid;
  s.comm = std::string(t.substr(open + 1, close - open - 1));
  // Fields after the comm, numbered from 3 (state).
  std::string_view rest = t.substr(close + 1);
  int field = 3;
  size_t pos = 0;
  while (pos < rest.size() && field <= 52) {
    while (pos < rest.size() && rest[pos] == ' ') ++pos;
    size_t end = rest.find(' ', pos);
    if (end == std::string_view::npos) end = rest.size();
    std::string_view tok = trim(rest.substr(pos, end - pos));
    if (tok.empty()) break;
    if (field == 3) s.state = tok[0];
    else if (field == 4) s.ppid = to_int<int64_t>(tok).value_or(0);
    else if (field == 9) s.flags = to_int<uint32_t>(tok).value_or(0);
    else if (field == 14) s.utime_ticks = to_int<uint64_t>(tok).value_or(0);
    else if (field == 15) s.stime_ticks = to_int<uint64_t>(tok).value_or(0);
    else if (field == 22) s.start_time_ticks = to_int<uint64_t>(tok).value_or(0);
    else if (field == 24) s.rss_pages = to_int<uint64_t>(tok);
    else if (field == 52) s.exit_code = to_int<int>(tok);
    ++field;
    pos = end;
  }
  if (field <= 22) return std::nullopt;  // truncated
  return s;
}

std::optional<PidStat> read_pid_stat(int pid, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, "stat"));
  if (!t) return std::nullopt;
  return parse_pid_stat(*t);
}

std::optional<uint64_t> parse_vmstat_oom_kill(std::string_view text) {
  constexpr std::string_view kKey = "oom_kill ";
  while (!text.empty())
    if (std::string_view line = next_line(text); line.starts_with(kKey)) return text::parse_u64(line.substr(kKey.size()));
  return std::nullopt;
}

std::optional<uint64_t> read_vmstat_oom_kill(const std::string& proc_root) {
  auto text = read_file(proc_root + "/vmstat");
  if (!text) return std::nullopt;
  return parse_vmstat_oom_kill(*text);
}

Pressure parse_pressure(std::string_view t) {
  Pressure p;
  while (!t.empty()) {
    std::string_view line = next_line(t);
    bool some = line.starts_with("some ");
    bool full = line.starts_with("full ");
    if (!some && !full) continue;
    PsiLine l;
    bool ok = true;
    auto num = [&](std::string_view key) -> std::optional<std::string_view> {
      size_t k = line.find(key);
      if (k == std::string_view::npos) return std::nullopt;
      size_t s = k + key.size();
      size_t e = line.find(' ', s);
      return line.substr(s, e == std::string_view::npos ? std::string_view::npos : e - s);
    };
    auto d = [&](std::string_view key, double* out) {
      auto v = num(key);
      if (!v) { ok = false; return; }
      std::string tmp(*v);
      char* endp = nullptr;
      *out = std::strtod(tmp.c_str(), &endp);
      if (endp == tmp.c_str()) ok = false;
    };
    d("avg10=", &l.avg10);
    d("avg60=", &l.avg60);
    d("avg300=", &l.avg300);
    if (auto v = num("total=")) {
      auto tot = to_int<uint64_t>(*v);
      if (tot) l.total_us = *tot; else ok = false;
    } else {
      ok = false;
    }
    if (!ok) continue;
    (some ? p.some : p.full) = l;
  }
  return p;
}

std::optional<Pressure> read_pressure(const std::string& path) {
  auto t = read_file(path);
  if (!t) return std::nullopt;
  return parse_pressure(*t);
}

std::optional<int> parse_pid_int(std::string_view text) { return to_int<int>(trim(text)); }

std::optional<int> read_pid_int(int pid, std::string_view file, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, file));
  if (!t) return std::nullopt;
  return parse_pid_int(*t);
}

std::optional<std::string> read_environ(int pid, const std::string& proc_root, size_t cap) {
  return read_file(pid_path(proc_root, pid, "environ"), cap);
}

std::vector<int> list_pids(const std::string& proc_root) {
  std::vector<int> pids;
  DIR* d = ::opendir(proc_root.c_str());
  if (!d) return pids;
  while (const dirent* e = ::readdir(d)) {
    const std::string_view name(e->d_name);
    int pid = 0;
    auto r = std::from_chars(name.data(), name.data() + name.size(), pid);
    if (r.ec == std::errc{} && r.ptr == name.data() + name.size() && pid > 0) pids.push_back(pid);
  }
  ::closedir(d);
  return pids;
}

std::string parse_comm(std::string_view text) {
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  return std::string(text);
}

std::optional<std::string> read_comm(int pid, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, "comm"), 64);
  if (!t) return std::nullopt;
  return parse_comm(*t);
}

std::optional<std::string> normalize_boot_id(std::string_view id) {
  std::string out;
  out.reserve(32);
  for (const char c : id) {
    if (c == '-' || c == ' ' || c == '\n' || c == '\t' || c == '\r') continue;
    if (!text::is_xdigit(c)) return std::nullopt;
    out += text::ascii_lower(c);
  }
  if (out.size() != 32) return std::nullopt;
  return out;
}

std::optional<std::string> parse_boot_id(std::string_view text) {
  text = oomlens::text::trim_right(text);
  // The dashes of "%pU" where it prints them; its 32 digits are normalize_boot_id()'s to check.
  if (text.size() != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-' ||
      !normalize_boot_id(text))
    return std::nullopt;
  return text::ascii_lower(text);
}

std::optional<std::string> read_boot_id(const std::string& proc_root) {
  auto t = read_file(proc_root + "/sys/kernel/random/boot_id", 128);
  return t ? parse_boot_id(*t) : std::nullopt;
}

std::string cmdline_text(std::string s) {
  while (!s.empty() && s.back() == '\0') s.pop_back();
  std::replace(s.begin(), s.end(), '\0', ' ');
  return s;
}

std::string read_cmdline(int pid, const std::string& proc_root, size_t cap) {
  return cmdline_text(read_file(pid_path(proc_root, pid, "cmdline"), cap).value_or(""));
}

std::vector<std::string> cmdline_args(std::string_view raw) {
  std::vector<std::string> args;
  while (!raw.empty()) {
    const size_t end = raw.find('\0');
    args.emplace_back(raw.substr(0, end));
    if (end == std::string_view::npos) break;
    raw.remove_prefix(end + 1);
  }
  return args;
}

std::vector<std::string> read_cmdline_args(int pid, const std::string& proc_root) {
  return cmdline_args(read_file(pid_path(proc_root, pid, "cmdline")).value_or(""));
}

std::optional<std::string_view> environ_var(std::string_view env, std::string_view key) {
  while (!env.empty()) {
    size_t end = env.find('\0');
    std::string_view kv = env.substr(0, end);
    if (kv.size() > key.size() && kv.substr(0, key.size()) == key && kv[key.size()] == '=')
      return kv.substr(key.size() + 1);
    if (end == std::string_view::npos) break;
    env.remove_prefix(end + 1);
  }
  return std::nullopt;
}

std::optional<int> environ_int(std::string_view env, std::string_view key) {
  auto v = environ_var(env, key);
  if (!v) return std::nullopt;
  return to_int<int>(*v);
}

MemoryRlimits parse_pid_limits(std::string_view text) {
  MemoryRlimits r;
  auto field = [](std::string_view w) -> std::optional<uint64_t> {
    uint64_t v = 0;
    auto res = std::from_chars(w.data(), w.data() + w.size(), v);
    if (res.ec != std::errc{} || res.ptr != w.data() + w.size()) return std::nullopt;  // "unlimited"
    return v;
  };
  auto words = [](std::string_view rest) {
    std::vector<std::string_view> ws;
    size_t i = 0;
    while (i < rest.size()) {
      while (i < rest.size() && rest[i] == ' ') ++i;
      size_t j = i;
      while (j < rest.size() && rest[j] != ' ') ++j;
      if (j > i) ws.push_back(rest.substr(i, j - i));
      i = j;
    }
    return ws;
  };
  while (!text.empty()) {
    std::string_view line = next_line(text);
    // The name column is 25 characters wide ("%-25s %-20s %-20s %-10s").
    for (auto [name, soft, hard] : {std::tuple{std::string_view("Max address space"), &r.as_soft_bytes, &r.as_hard_bytes},
                                    std::tuple{std::string_view("Max data size"), &r.data_soft_bytes, &r.data_hard_bytes}}) {
      if (line.substr(0, name.size()) != name) continue;
      auto ws = words(line.substr(name.size()));
      if (ws.size() >= 2) {
        *soft = field(ws[0]);
        *hard = field(ws[1]);
      }
    }
  }
  return r;
}

std::optional<MemoryRlimits> read_pid_limits(int pid, const std::string& proc_root) {
  auto t = read_file(pid_path(proc_root, pid, "limits"));
  if (!t) return std::nullopt;
  return parse_pid_limits(*t);
}

}  // namespace oomlens::proc
