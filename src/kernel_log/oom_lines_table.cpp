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
  // `pid ]   uid  tgid …`: the `[ ` a dmesg took for its stamp's start (a kernel that prints no printk time, read
  // by a dmesg that takes a record's leading `[…]` for one: `[    0.000000] pid ]   uid …`).
  if (!s.empty() && s[0] != '[') return starts_with(s, "pid ]") || starts_with(s, "pid  ]");
  if (s.empty()) return false;
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

std::optional<int64_t> pid_read_as_stamp(std::string_view cell) {
  const size_t dot = cell.find('.');
  if (dot == std::string_view::npos || cell.substr(dot + 1) != "000000") return std::nullopt;
  auto n = parse_i64(cell.substr(0, dot));
  if (!n || *n <= 0) return std::nullopt;
  return n;
}

bool row_body_of_pid(std::string_view t, int64_t pid) {
  // `     0 19392     5485 …`: uid, then tgid == pid, then more.
  std::string_view rest = t;
  if (rest.empty() || rest[0] != ' ') return false;
  const std::string_view uid = take_token(rest);
  const std::string_view tgid = take_token(rest);
  if (uid.empty() || !parse_i64(uid) || rest.empty() || rest[0] != ' ') return false;
  const auto g = parse_i64(tgid);
  return g && *g == pid;
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
  const std::string_view cell = trim(s.substr(1, close - 1));
  auto pid = parse_i64(cell);
  // `[19392.000000]     0 19392 …`: the `[pid]` cell a dmesg read as a stamp (a kernel that prints no printk
  // time: the dmesg takes a record's leading `[…]` for one and prints it with a zero fraction). A row only when
  // its tgid, the second figure, is that pid.
  const bool stamp_cell = !pid && pid_read_as_stamp(cell).has_value();
  if (stamp_cell) pid = pid_read_as_stamp(cell);
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
      // (`systemd-jou        rnal`), dropped. Unless the text before the pad
      // is as long as a comm gets (15 bytes, TASK_COMM_LEN - 1) and the
      // rejoined one would be longer: then the pad ends the comm and what
      // follows is a terminal's residue (`amazon-ssm-agen      7`), not its rest.
      const std::string_view name = trim(before);
      r.comm = without_pads(name);
      if (const size_t pad = name.find("    "); pad != std::string_view::npos && r.comm.size() > kMaxCommBytes) {
        const std::string_view first = trim(name.substr(0, pad));
        if (!first.empty() && first.size() <= kMaxCommBytes) r.comm = std::string(first);
      }
      break;
    }
    r.numbers.push_back(*n);
  }
  if (r.numbers.size() < 3) return std::nullopt;
  if (stamp_cell && r.numbers[1] != r.pid) return std::nullopt;
  // A quoted-printable soft line break (`=` ending a mail's line) that no
  // decoder removed: the comm is on the next line, not `=`.
  if (r.comm == "=") r.comm.clear();
  return r;
}


}  // namespace oomlens::oomline
