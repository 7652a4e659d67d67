// `journalctl -o verbose` records (see journal_verbose.h).
#include "kernel_log/journal_verbose.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>

#include "util/ascii.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

std::optional<uint64_t> hex_u64(std::string_view s) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

void set_wall(RecordMeta& meta, std::optional<uint64_t> usec) {
  if (meta.wall || !usec || *usec == 0) return;
  std::string w = format_rfc3339(*usec);
  if (!w.empty()) meta.wall = std::move(w);
}

// A journal id as journald prints it (sd_id128_to_string()): 32 lowercase hex digits.
bool is_id128(std::string_view s) {
  return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) { return is_xdigit(c) && ascii_lower(c) == c; });
}

}  // namespace

bool is_message_field(std::string_view raw) {
  return !raw.empty() && is_space(raw[0]) && starts_with(trim_left(raw), "MESSAGE=");
}

VerboseLine read_verbose_line(std::string_view raw, RecordMeta& meta) {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (!raw.empty() && is_space(raw[0])) {  // `    KEY=value`
    const std::string_view f = trim_left(raw);
    const size_t eq = f.find('=');
    if (eq == std::string_view::npos || eq == 0) return VerboseLine::other;
    for (size_t i = 0; i < eq; ++i)
      if (!((f[i] >= 'A' && f[i] <= 'Z') || (f[i] >= '0' && f[i] <= '9') || f[i] == '_')) return VerboseLine::other;
    const std::string_view key = f.substr(0, eq), value = f.substr(eq + 1);
    if (key == "__REALTIME_TIMESTAMP") {
      set_wall(meta, parse_u64(value));
    } else if (key == "_SOURCE_MONOTONIC_TIMESTAMP") {
      if (auto v = parse_u64(value); v && !meta.monotonic_s) meta.monotonic_s = static_cast<double>(*v) / 1e6;
    } else if (key == "_BOOT_ID") {
      if (is_id128(value) && !meta.boot_id) meta.boot_id = std::string(value);
    } else if (key == "_HOSTNAME") {
      if (!value.empty() && !meta.host) meta.host = std::string(value);
    }
    return VerboseLine::field;
  }
  // `Thu 2023-02-02 11:49:13.015489 CET [s=…;i=…;b=…;m=…;t=…;x=…]`: the cursor ends the line.
  const std::string_view l = trim_right(raw);
  const size_t open = l.rfind(" [s=");
  if (open == std::string_view::npos || l.back() != ']') return VerboseLine::other;
  std::optional<uint64_t> t;
  std::string_view b;
  for (std::string_view rest = l.substr(open + 2, l.size() - open - 3); !rest.empty();) {
    const size_t semi = rest.find(';');
    const std::string_view kv = rest.substr(0, semi);
    rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
    if (kv.size() < 2 || kv[1] != '=') return VerboseLine::other;
    if (kv[0] == 't') t = hex_u64(kv.substr(2));
    else if (kv[0] == 'b') b = kv.substr(2);
  }
  if (!t) return VerboseLine::other;
  set_wall(meta, t);
  if (is_id128(b) && !meta.boot_id) meta.boot_id = std::string(b);
  return VerboseLine::cursor;
}

}  // namespace oomlens
