#include "logsource/journal_entry.h"

#include <charconv>

#include "logsource/source_util.h"

namespace oomlens {
namespace {

template <typename T>
std::optional<T> number(std::string_view s) {
  T v{};
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

/// The value of `field` when `data` is `NAME=value` with NAME == `name`.
bool take(std::string_view data, std::string_view name, std::string_view* value) {
  if (data.size() <= name.size() || data[name.size()] != '=' || !data.starts_with(name)) return false;
  *value = data.substr(name.size() + 1);
  return true;
}

}  // namespace

bool JournalEntryReader::read(sd_journal* j) {
  bool has_message = false;
  has_host_ = false;
  source_monotonic_usec_.reset();
  priority_.reset();
  const void* data = nullptr;
  size_t len = 0;
  kernel_ = true;
  int wanted = transport_ ? 5 : 4;
  sd_journal_restart_data(j);
  while (wanted > 0 && sd_journal_enumerate_available_data(j, &data, &len) > 0) {
    const std::string_view d(static_cast<const char*>(data), len);
    std::string_view v;
    // One switch on the first byte: most fields are none of these four.
    switch (d.empty() ? '\0' : d[0]) {
      case 'M':
        if (take(d, "MESSAGE", &v)) message_.assign(v), has_message = true, --wanted;
        break;
      case 'P':
        if (take(d, "PRIORITY", &v)) {
          if (auto p = number<int>(v); p && *p >= 0 && *p <= 7) priority_ = *p;
          --wanted;
        }
        break;
      case '_':
        if (take(d, "_HOSTNAME", &v)) {
          host_.assign(v), has_host_ = true, --wanted;
        } else if (take(d, "_SOURCE_MONOTONIC_TIMESTAMP", &v)) {
          source_monotonic_usec_ = number<uint64_t>(v);
          --wanted;
        } else if (transport_ && take(d, "_TRANSPORT", &v)) {
          kernel_ = v == "kernel";
          --wanted;
        }
        break;
      default: break;
    }
  }
  return has_message;
}

RecordMeta JournalEntryReader::meta(sd_journal* j) const {
  RecordMeta meta;
  uint64_t mono = 0;
  sd_id128_t boot{};
  const bool header = sd_journal_get_monotonic_usec(j, &mono, &boot) >= 0;
  if (source_monotonic_usec_) {
    meta.monotonic_s = static_cast<double>(*source_monotonic_usec_) / 1e6;
  } else if (header) {
    meta.monotonic_s = static_cast<double>(mono) / 1e6;
  }
  if (header) {
    char id[SD_ID128_STRING_MAX];
    meta.boot_id = std::string(sd_id128_to_string(boot, id));
  }
  uint64_t realtime = 0;
  if (sd_journal_get_realtime_usec(j, &realtime) >= 0) {
    const int64_t offset = utc_ ? 0 : local_utc_offset_s(static_cast<int64_t>(realtime / 1000000));
    meta.wall = format_rfc3339(realtime, offset);
  }
  if (has_host_) meta.host = host_;
  meta.level = priority_;
  return meta;
}

void JournalEntryReader::deliver_program(sd_journal* j, LogSink& sink) const {
  const auto field = [j](const char* name) -> std::string_view {
    const void* data = nullptr;
    size_t len = 0;
    if (sd_journal_get_data(j, name, &data, &len) < 0) return {};
    const std::string_view d(static_cast<const char*>(data), len);
    const size_t eq = d.find('=');
    return eq == std::string_view::npos ? std::string_view() : d.substr(eq + 1);
  };
  // Each view from sd_journal_get_data() is valid until the next call: copied into the prefix at once.
  const RecordMeta m = meta(j);
  std::string prefix = m.wall.value_or("");
  if (m.host) prefix += (prefix.empty() ? "" : " ") + *m.host;
  prefix += (prefix.empty() ? "" : " ") + std::string(field("SYSLOG_IDENTIFIER"));
  std::string pid(field("_PID"));
  if (pid.empty()) pid = field("SYSLOG_PID");
  if (!pid.empty()) prefix += "[" + pid + "]";
  prefix += ": ";
  std::string_view rest = message_;
  for (;;) {
    const size_t nl = rest.find('\n');
    sink.program_line(prefix + std::string(rest.substr(0, nl)));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
}

void JournalEntryReader::deliver_read(sd_journal* j, LogSink& sink) const {
  if (sink.wants_meta(message_)) {
    sink.record(message_, meta(j));
  } else {
    sink.record(message_, RecordMeta{});
  }
}

bool JournalEntryReader::deliver(sd_journal* j, LogSink& sink) {
  if (!read(j)) return false;
  deliver_read(j, sink);
  return true;
}

}  // namespace oomlens
