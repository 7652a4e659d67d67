// The signal_generate tracepoint's lines (see signal_generate.h).
#include "trace/signal_generate.h"

#include <charconv>
#include <string>

namespace oomlens::trace {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <class T>
std::optional<T> to_num(std::string_view s) {
  T v{};
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// `key=VALUE` where VALUE runs to the next blank (numbers only).
template <class T>
std::optional<T> field(std::string_view body, std::string_view key) {
  size_t p = 0;
  while (true) {
    p = body.find(key, p);
    if (p == std::string_view::npos) return std::nullopt;
    if (p == 0 || body[p - 1] == ' ') break;
    p += key.size();
  }
  auto rest = body.substr(p + key.size());
  return to_num<T>(rest.substr(0, rest.find(' ')));
}

// The seconds in "...  d..1. 23016.616155" (the header's last token).
std::optional<double> timestamp(std::string_view head) {
  head = trim(head);
  auto sp = head.find_last_of(' ');
  auto tok = sp == std::string_view::npos ? head : head.substr(sp + 1);
  auto dot = tok.find('.');
  if (dot == std::string_view::npos) {
    auto whole = to_num<uint64_t>(tok);
    return whole ? std::optional(static_cast<double>(*whole)) : std::nullopt;
  }
  auto s = to_num<uint64_t>(tok.substr(0, dot));
  auto frac = tok.substr(dot + 1);
  auto f = to_num<uint64_t>(frac);
  if (!s || !f || frac.size() > 12) return std::nullopt;
  double scale = 1;
  for (size_t i = 0; i < frac.size(); ++i) scale *= 10;
  return static_cast<double>(*s) + static_cast<double>(*f) / scale;
}

}  // namespace

std::optional<SignalGenerate> parse_signal_generate_line(std::string_view line) {
  constexpr std::string_view marker = ": signal_generate: ";
  auto m = line.find(marker);
  if (m == std::string_view::npos || trim(line).starts_with("#")) return std::nullopt;
  std::string_view head = line.substr(0, m);
  std::string_view body = trim(line.substr(m + marker.size()));

  SignalGenerate ev;
  // Header: "TASK-PID [CPU] FLAGS TIMESTAMP", or with the `record-tgid`
  // option "TASK-PID (TGID) [CPU] ...". The TASK may hold blanks and
  // dashes: the pid is after the last '-' before " [" / " (".
  auto cpu = head.find(" [");
  if (cpu == std::string_view::npos) return std::nullopt;
  auto task = head.substr(0, cpu);
  if (auto tg = task.find(" ("); tg != std::string_view::npos) task = task.substr(0, tg);
  task = trim(task);
  auto dash = task.rfind('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto tid = to_num<int64_t>(task.substr(dash + 1));
  if (!tid) return std::nullopt;
  ev.sender_tid = *tid;
  ev.sender_comm = std::string(task.substr(0, dash));
  if (ev.sender_comm == "<...>") ev.sender_comm.clear();
  ev.ts_s = timestamp(head.substr(cpu));

  auto sig = field<int>(body, "sig=");
  auto err = field<int>(body, "errno=");
  auto code = field<int>(body, "code=");
  if (!sig || !err || !code) return std::nullopt;
  ev.sig = *sig;
  ev.err = *err;
  ev.code = *code;
  // comm=%s may hold blanks: it runs to the last " pid=".
  auto c = body.find(" comm=");
  auto p = body.rfind(" pid=");
  if (c == std::string_view::npos || p == std::string_view::npos || p < c) return std::nullopt;
  ev.target_comm = std::string(body.substr(c + 6, p - (c + 6)));
  auto after = body.substr(p + 1);
  auto pid = field<int64_t>(after, "pid=");
  if (!pid) return std::nullopt;
  ev.target_pid = *pid;
  if (auto g = field<int>(after, "grp=")) ev.group = *g != 0;
  ev.result = field<int>(after, "res=");
  return ev;
}

std::vector<SignalGenerate> parse_signal_trace(std::string_view text) {
  std::vector<SignalGenerate> out;
  while (!text.empty()) {
    auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    if (auto ev = parse_signal_generate_line(line)) out.push_back(std::move(*ev));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

std::string_view fatal_signal_filter() {
  return "sig==1||sig==2||sig==3||sig==6||sig==9||sig==10||sig==12||sig==15||sig==24";
}

std::string result_name(int res) {
  switch (res) {
    case 0: return "delivered";
    case 1: return "ignored";
    case 2: return "already_pending";
    case 3: return "overflow_fail";
    case 4: return "lose_info";
    default: return "res=" + std::to_string(res);
  }
}

}  // namespace oomlens::trace
