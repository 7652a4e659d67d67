// Line parsers of the OOM report (see oom_lines.h): the task table's header
// and rows.
#include "kernel_log/oom_lines.h"

#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::oomline {
namespace {
using namespace oomlens::text;
}  // namespace

bool starts_table_header(std::string_view s) {
  if (s.empty() || s[0] != '[') return false;
  size_t close = s.find(']');
  return close != std::string_view::npos && trim(s.substr(1, close - 1)) == "pid";
}

std::optional<std::vector<std::string>> parse_table_header(std::string_view s) {
  if (!starts_table_header(s)) return std::nullopt;
  size_t close = s.find(']');
  std::vector<std::string> cols;
  std::string_view t = s.substr(close + 1);
  for (std::string_view tok = take_token(t); !tok.empty(); tok = take_token(t)) cols.emplace_back(tok);
  if (cols.size() < 3 || cols.back() != "name") return std::nullopt;
  return cols;
}

std::string without_pads(std::string_view t, std::string_view keep) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size();) {
    size_t e = i;
    while (e < t.size() && t[e] == ' ') ++e;
    if (e - i >= 4) {
      out.append(keep);
      i = e;
      continue;
    }
    if (e > i) {
      out.append(t.substr(i, e - i));
      i = e;
      continue;
    }
    out.push_back(t[i++]);
  }
  return out;
}

std::optional<RowLine> parse_row(std::string_view s) {
  if (s.empty() || s[0] != '[') return std::nullopt;
  size_t close = s.find(']');
  if (close == std::string_view::npos) return std::nullopt;
  auto pid = parse_i64(trim(s.substr(1, close - 1)));
  if (!pid) return std::nullopt;
  RowLine r;
  r.pid = *pid;
  std::string_view t = s.substr(close + 1);
  for (;;) {
    std::string_view before = t;
    std::string_view tok = take_token(t);
    if (tok.empty()) break;
    auto n = parse_i64(tok);
    if (!n) {
      // A comm holds no run of 4 spaces: that is a terminal's pad inside it
      // (`systemd-jou        rnal`), dropped.
      r.comm = without_pads(trim(before));
      break;
    }
    r.numbers.push_back(*n);
  }
  if (r.numbers.size() < 3) return std::nullopt;
  // A quoted-printable soft line break (`=` ending a mail's line) that no
  // decoder removed: the comm is on the next line, not `=`.
  if (r.comm == "=") r.comm.clear();
  return r;
}


}  // namespace oomlens::oomline
