#include "logsource/syslog_files.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <tuple>

#include "logsource/source_util.h"
#include "util/file.h"
#include "util/ascii.h"

namespace oomlens {

namespace {

uint64_t to_u64(std::string_view s) {
  uint64_t v = 0;
  for (const char c : s) {
    if (v > UINT64_MAX / 10 - 10) return UINT64_MAX;  // absurd rotation numbers sort oldest
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v;
}

bool has_unsupported_compression(std::string_view s) {
  for (const std::string_view ext : {".bz2", ".lz4", ".Z", ".lzma"}) {
    if (s.ends_with(ext)) return true;
  }
  return false;
}

}  // namespace

LogSeries order_rotated_names(std::string_view base, const std::vector<std::string>& names) {
  // Sort key: (group, number) with group 0 = numbered copies (number negated
  // so higher = older = first), 1 = dated copies, 2 = the live file.
  std::vector<std::tuple<int, int64_t, std::string>> keyed;
  LogSeries series;
  series.base = std::string(base);
  for (const std::string& name : names) {
    const std::string_view n = name;
    if (n == base) {
      keyed.emplace_back(2, 0, name);
      continue;
    }
    if (!n.starts_with(base) || n.size() <= base.size()) continue;
    const char sep = n[base.size()];
    if (sep != '.' && sep != '-') continue;
    std::string_view rest = n.substr(base.size() + 1);
    if (has_unsupported_compression(rest)) {
      series.skipped.push_back(name + " (only gzip, xz and zstd compression are supported)");
      continue;
    }
    for (const std::string_view ext : {".gz", ".xz", ".zst"}) {
      if (rest.ends_with(ext)) rest.remove_suffix(ext.size());
    }
    if (!text::all_digits(rest)) continue;  // kern.log.old, kern.log.swp, …: not ours
    if (sep == '.') {
      const uint64_t num = to_u64(rest);
      keyed.emplace_back(0, -static_cast<int64_t>(std::min<uint64_t>(num, INT64_MAX)), name);
    } else if (rest.size() == 8 || rest.size() == 10) {  // YYYYMMDD or YYYYMMDDHH
      keyed.emplace_back(1, static_cast<int64_t>(to_u64(rest)), name);
    }
  }
  std::sort(keyed.begin(), keyed.end());
  for (auto& k : keyed) series.paths.push_back(std::move(std::get<2>(k)));
  return series;
}

std::vector<LogSeries> list_syslog_files(std::string_view root,
                                         const std::vector<std::string>& bases) {
  const std::string dir = join_root(root, "/var/log");
  std::vector<std::string> names;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    names.push_back(it->path().filename().string());
  }
  std::vector<LogSeries> out;
  for (const std::string& base : bases) {
    LogSeries series = order_rotated_names(base, names);
    if (series.paths.empty() && series.skipped.empty()) continue;
    series.base = dir + "/" + base;
    for (std::string& p : series.paths) p = dir + "/" + p;
    out.push_back(std::move(series));
  }
  return out;
}

}  // namespace oomlens
