// The signal_generate tracepoint's lines (see signal_generate.h).
#include "trace/signal_generate.h"

#include "trace/event_format.h"

#include <string>

#include "util/text.h"

namespace oomlens::trace {
namespace {

// `key=VALUE` where VALUE runs to the next blank (numbers only).
std::optional<int64_t> field(std::string_view body, std::string_view key) {
  size_t p = 0;
  while (true) {
    p = body.find(key, p);
    if (p == std::string_view::npos) return std::nullopt;
    if (p == 0 || body[p - 1] == ' ') break;
    p += key.size();
  }
  auto rest = body.substr(p + key.size());
  return text::parse_i64(rest.substr(0, rest.find(' ')));
}

}  // namespace

std::optional<SignalGenerate> parse_signal_generate_line(std::string_view line) {
  auto tl = parse_trace_line(line);
  if (!tl || tl->event != "signal_generate") return std::nullopt;
  std::string_view body = tl->body;
  SignalGenerate ev;
  ev.sender_tid = tl->tid;
  ev.sender_comm = std::string(tl->task);
  ev.ts_s = tl->ts_s;

  auto sig = text::as_int(field(body, "sig="));
  auto err = text::as_int(field(body, "errno="));
  auto code = text::as_int(field(body, "code="));
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
  auto pid = field(after, "pid=");
  if (!pid) return std::nullopt;
  ev.target_pid = *pid;
  if (auto g = text::as_int(field(after, "grp="))) ev.group = *g != 0;
  ev.result = text::as_int(field(after, "res="));
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
