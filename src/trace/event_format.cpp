// Tracepoint print formats and trace lines (see event_format.h).
#include "trace/event_format.h"

#include <charconv>
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::trace {
namespace {

using text::trim;

bool ident_char(char c) { return text::is_alnum(c) || c == '_'; }

// The field an argument prints: `REC->name`, `__get_str(name)`, else the one
// `REC->name` inside an expression (`__print_flags(REC->f, …)`), else "".
std::string arg_field(std::string_view arg) {
  arg = trim(arg);
  for (std::string_view fn : {"__get_str(", "__get_dynamic_array(", "__get_rel_str("}) {
    if (arg.starts_with(fn) && arg.ends_with(")")) return std::string(trim(arg.substr(fn.size(), arg.size() - fn.size() - 1)));
  }
  auto p = arg.find("REC->");
  if (p == std::string_view::npos || arg.find("REC->", p + 5) != std::string_view::npos) return "";
  size_t b = p + 5, e = b;
  while (e < arg.size() && ident_char(arg[e])) ++e;
  return std::string(arg.substr(b, e - b));
}

// Splits the argument list at top-level commas.
std::vector<std::string_view> split_args(std::string_view s) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (c == ',' && depth == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start < s.size() && !trim(s.substr(start)).empty()) out.push_back(s.substr(start));
  return out;
}

// The quoted format string at the start of `s` (escapes undone), and where it ends.
std::optional<std::pair<std::string, size_t>> quoted(std::string_view s) {
  if (s.empty() || s.front() != '"') return std::nullopt;
  std::string out;
  for (size_t i = 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') return std::pair{out, i + 1};
    if (c == '\\' && i + 1 < s.size()) {
      char n = s[++i];
      out += n == 'n' ? '\n' : n == 't' ? '\t' : n;
    } else {
      out += c;
    }
  }
  return std::nullopt;
}

// Splits a printf format into literals and conversions (fields filled later).
void split_format(std::string_view f, EventFormat& out) {
  std::string lit;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      lit += f[i];
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '%') {
      lit += '%';
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < f.size() && std::string_view("-+ #0").find(f[j]) != std::string_view::npos) ++j;
    while (j < f.size() && (text::is_digit(f[j]) || f[j] == '*' || f[j] == '.')) ++j;
    while (j < f.size() && std::string_view("hlLqjzt").find(f[j]) != std::string_view::npos) ++j;
    if (j >= f.size()) break;  // a dangling '%': the rest is not a conversion
    FormatPiece p;
    p.literal = std::move(lit);
    lit.clear();
    p.conversion = f[j];
    if (f[j] == 'p')  // the kernel's %pS, %pI4, …: letters after the p
      while (j + 1 < f.size() && text::is_alnum(f[j + 1])) ++j;
    out.pieces.push_back(std::move(p));
    i = j;
  }
  out.tail = std::move(lit);
}

}  // namespace

std::optional<EventFormat> parse_event_format(std::string_view text) {
  EventFormat ev;
  std::optional<std::string_view> print;
  while (!text.empty()) {
    auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    auto t = trim(line);
    if (t.starts_with("name:")) {
      ev.name = std::string(trim(t.substr(5)));
    } else if (t.starts_with("ID:")) {
      auto v = trim(t.substr(3));
      int64_t id = 0;
      auto r = std::from_chars(v.data(), v.data() + v.size(), id);
      if (r.ec == std::errc{} && r.ptr == v.data() + v.size()) ev.id = id;
    } else if (t.starts_with("field:")) {
      // "field:TYPE NAME[N];\toffset:…": the name is the last word before ';'.
      auto decl = t.substr(6, t.find(';') == std::string_view::npos ? std::string_view::npos : t.find(';') - 6);
      decl = trim(decl);
      auto sp = decl.find_last_of(" \t*");  // "__data_loc char[] comm", "char comm[16]"
      auto name = sp == std::string_view::npos ? decl : decl.substr(sp + 1);
      if (auto br = name.find('['); br != std::string_view::npos) name = name.substr(0, br);
      if (!name.empty() && !name.starts_with("common_")) ev.fields.emplace_back(name);
    } else if (t.starts_with("print fmt:")) {
      print = trim(t.substr(10));
    }
  }
  if (!print) return std::nullopt;
  auto q = quoted(*print);
  if (!q) return std::nullopt;
  split_format(q->first, ev);
  auto rest = trim(print->substr(q->second));
  if (rest.starts_with(",")) rest.remove_prefix(1);
  auto args = split_args(rest);
  for (size_t i = 0; i < ev.pieces.size() && i < args.size(); ++i) ev.pieces[i].field = arg_field(args[i]);
  return ev;
}

std::optional<EventFields> match_event_body(const EventFormat& format, std::string_view body) {
  EventFields out;
  size_t pos = 0;
  const auto& ps = format.pieces;
  for (size_t i = 0; i < ps.size(); ++i) {
    if (body.substr(pos, ps[i].literal.size()) != ps[i].literal) return std::nullopt;
    pos += ps[i].literal.size();
    const std::string& next = i + 1 < ps.size() ? ps[i + 1].literal : format.tail;
    size_t end;
    if (next.empty() && i + 1 == ps.size()) {
      end = body.size();
    } else if (next.empty()) {  // two conversions back to back: a number ends where its digits do
      end = pos;
      while (end < body.size() && (text::is_alnum(body[end]) || body[end] == '-')) ++end;
    } else {
      end = i + 1 == ps.size() ? body.rfind(next) : body.find(next, pos);
      if (end == std::string_view::npos || end < pos) return std::nullopt;
    }
    out.emplace_back(ps[i].field, std::string(body.substr(pos, end - pos)));
    pos = end;
  }
  if (body.substr(pos) != format.tail) return std::nullopt;
  return out;
}

std::optional<TraceLine> parse_trace_line(std::string_view line) {
  if (trim(line).starts_with("#")) return std::nullopt;
  // "TASK-PID [CPU] FLAGS TIMESTAMP: EVENT: BODY"; with record-tgid
  // "TASK-PID (TGID) [CPU] …". TASK may hold blanks and dashes: the pid is
  // after the last '-' before " [" / " (".
  auto cpu = line.find(" [");
  if (cpu == std::string_view::npos) return std::nullopt;
  auto colon = line.find(": ", cpu);
  if (colon == std::string_view::npos) return std::nullopt;
  auto ev_end = line.find(": ", colon + 2);
  if (ev_end == std::string_view::npos) {
    if (!line.ends_with(":")) return std::nullopt;  // an event printed with an empty body
    ev_end = line.size() - 1;
  }
  TraceLine out;
  auto task = line.substr(0, cpu);
  if (auto tg = task.find(" ("); tg != std::string_view::npos) task = task.substr(0, tg);
  task = trim(task);
  auto dash = task.rfind('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto digits = task.substr(dash + 1);
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), out.tid);
  if (digits.empty() || r.ec != std::errc{} || r.ptr != digits.data() + digits.size()) return std::nullopt;
  out.task = task.substr(0, dash);
  if (out.task == "<...>") out.task = {};
  // The timestamp is the header's last token: "SECONDS.FRACTION".
  auto head = trim(line.substr(cpu, colon - cpu));
  auto sp = head.find_last_of(' ');
  auto tok = sp == std::string_view::npos ? head : head.substr(sp + 1);
  auto dot = tok.find('.');
  uint64_t whole = 0, frac = 0;
  auto w = std::from_chars(tok.data(), tok.data() + (dot == std::string_view::npos ? tok.size() : dot), whole);
  if (w.ec == std::errc{} && w.ptr == tok.data() + (dot == std::string_view::npos ? tok.size() : dot)) {
    double ts = static_cast<double>(whole);
    if (dot != std::string_view::npos) {
      auto f = tok.substr(dot + 1);
      auto fr = std::from_chars(f.data(), f.data() + f.size(), frac);
      if (f.size() <= 12 && fr.ec == std::errc{} && fr.ptr == f.data() + f.size()) {
        double scale = 1;
        for (size_t i = 0; i < f.size(); ++i) scale *= 10;
        out.ts_s = ts + static_cast<double>(frac) / scale;
      }
    } else {
      out.ts_s = ts;
    }
  }
  out.event = trim(line.substr(colon + 2, ev_end - colon - 2));
  out.body = ev_end + 2 <= line.size() ? trim(line.substr(ev_end + 2)) : std::string_view{};
  return out;
}

std::optional<int64_t> field_number(const EventFields& fields, std::string_view name) {
  for (const auto& [k, v] : fields) {
    if (k != name) continue;
    int64_t n = 0;
    auto r = std::from_chars(v.data(), v.data() + v.size(), n);
    if (r.ec != std::errc{} || r.ptr == v.data()) return std::nullopt;
    return n;
  }
  return std::nullopt;
}

}  // namespace oomlens::trace
