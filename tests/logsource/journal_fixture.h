#pragma once
// The fixture journal of the journal tests: an export-format stream of two
// boots (kernel and other transports), written to a real journal file by
// systemd-journal-remote.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens::testing {

inline constexpr const char* kBootA = "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb";
inline constexpr const char* kBootB = "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b";  // the fixture root's boot_id

inline std::string export_field(std::string_view name, std::string_view value) {
  if (value.find('\n') == std::string_view::npos) {
    return std::string(name) + "=" + std::string(value) + "\n";
  }
  // Journal export format: binary-safe fields are NAME\n, le64 size, data, \n.
  std::string out = std::string(name) + "\n";
  uint64_t size = value.size();
  char le[8];
  for (int i = 0; i < 8; ++i) le[i] = static_cast<char>((size >> (8 * i)) & 0xff);
  out.append(le, 8);
  out += value;
  out += "\n";
  return out;
}

/// The export-format stream the fixture journal is made of: boot A (older)
/// with one kernel and one cron entry; boot B with two kernel entries (one a
/// multi-line MESSAGE without _SOURCE_MONOTONIC_TIMESTAMP) and a stdout one.
inline std::string fixture_export() {
  struct Entry {
    const char* boot;
    uint64_t realtime_usec;
    uint64_t monotonic_usec;
    const char* transport;
    std::string message;
    std::optional<uint64_t> source_monotonic_usec;
    std::optional<int> priority;
  };
  const Entry entries[] = {
      {kBootA, 1700000000000000, 1000000, "kernel", "boot A kernel line", 900000, 6},
      {kBootA, 1700000001000000, 2000000, "syslog", "cron: not a kernel line", std::nullopt, 6},
      {kBootB, 1700100000000000, 6100000, "kernel",
       "stress invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0", 6000000, 4},
      {kBootB, 1700100001000000, 6200000, "kernel", "Mem-Info:\nactive_anon:1 inactive_anon:2",
       std::nullopt, std::nullopt},
      {kBootB, 1700100002000000, 6300000, "stdout", "an app's stdout line", std::nullopt, 6},
  };
  std::string out;
  for (const Entry& e : entries) {
    out += export_field("__REALTIME_TIMESTAMP", std::to_string(e.realtime_usec));
    out += export_field("__MONOTONIC_TIMESTAMP", std::to_string(e.monotonic_usec));
    out += export_field("_BOOT_ID", e.boot);
    out += export_field("_TRANSPORT", e.transport);
    out += export_field("_HOSTNAME", "box");
    if (e.priority) out += export_field("PRIORITY", std::to_string(*e.priority));
    if (e.source_monotonic_usec) {
      out += export_field("_SOURCE_MONOTONIC_TIMESTAMP", std::to_string(*e.source_monotonic_usec));
    }
    out += export_field("MESSAGE", e.message);
    out += "\n";
  }
  return out;
}

inline std::optional<std::string> journal_remote() {
  for (const char* p : {"/lib/systemd/systemd-journal-remote", "/usr/lib/systemd/systemd-journal-remote"}) {
    if (::access(p, X_OK) == 0) return std::string(p);
  }
  return std::nullopt;
}

/// Writes a journal made of `data` (export format; default the fixture's)
/// to `path` (must end in .journal) with systemd-journal-remote; false when
/// the tool is missing or fails.
inline bool make_journal(const std::filesystem::path& path, const std::string& data = fixture_export()) {
  const auto tool = journal_remote();
  if (!tool) return false;
  const std::string cmd = *tool + " -o '" + path.string() + "' - >/dev/null 2>&1";
  FILE* p = ::popen(cmd.c_str(), "w");
  if (p == nullptr) return false;
  const bool wrote = std::fwrite(data.data(), 1, data.size(), p) == data.size();
  const int status = ::pclose(p);
  return wrote && status == 0 && std::filesystem::exists(path);
}

}  // namespace oomlens::testing
