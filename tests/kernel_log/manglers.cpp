// Manglers (see manglers.h). Line-level rewrites of a whole log text.
#include "manglers.h"

#include <fmt/format.h>

#include <cmath>

#include "kernel_log/prefix.h"

namespace oomlens::mangle {
namespace {

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    out.emplace_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) {
    out += l;
    out += '\n';
  }
  return out;
}

// Number of bytes of a line, counting a UTF-8 sequence as one column.
size_t columns(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Byte offset of column `col` (never inside a UTF-8 sequence).
size_t byte_at_column(std::string_view s, size_t col) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (n == col) return i;
    ++n;
  }
  return s.size();
}

// The line split into what a wrapper printed and the kernel text.
struct Split {
  std::string prefix;
  std::string text;
  bool has_prefix = false;
  bool continuation = false;  // unprefixed indented line
  std::optional<double> mono;
  bool decoded = false;  // text was decoded (JSON, escapes): leave the line alone
};

Split split_prefix(const std::string& raw) {
  NormalizedLine n;
  normalize_line(raw, n);
  Split s;
  s.has_prefix = n.has_prefix;
  s.continuation = n.continuation;
  s.mono = n.prefix.monotonic_s;
  if (!n.owned.empty() || n.text.data() < raw.data() || n.text.data() > raw.data() + raw.size()) {
    s.decoded = true;
    s.text = raw;
    return s;
  }
  size_t off = static_cast<size_t>(n.text.data() - raw.data());
  if (n.has_prefix) {
    s.prefix = raw.substr(0, off);
    s.text = raw.substr(off);
  } else {
    s.text = raw;  // keep the kernel's own indentation
  }
  return s;
}

std::string wall_parts(double t, bool month_name, char frac_sep, const char* zone) {
  long secs = static_cast<long>(t);
  long usec = static_cast<long>(std::llround((t - static_cast<double>(secs)) * 1e6)) % 1000000;
  long day = 7 + (secs / 86400) % 20;
  long h = (21 + secs / 3600) % 24, m = (43 + secs / 60) % 60, sc = secs % 60;
  if (month_name) return fmt::format("May {:2} {:02}:{:02}:{:02}", day, h, m, sc);
  std::string w = fmt::format("2024-05-{:02}T{:02}:{:02}:{:02}", day, h, m, sc);
  if (frac_sep) w += fmt::format("{}{:06}", frac_sep, usec);
  return w + zone;
}

std::string make_prefix(Prefix style, double t, size_t index) {
  switch (style) {
    case Prefix::none: return {};
    case Prefix::iso_comma: return wall_parts(t, false, ',', "+02:00") + " ";
    case Prefix::bare_kernel: return "kernel: ";
    case Prefix::syslog: return wall_parts(t, true, 0, "") + " host1 kernel: ";
    case Prefix::short_iso: return wall_parts(t, false, 0, "+0200") + " host1 kernel: ";
    case Prefix::short_precise: {
      long usec = static_cast<long>(std::llround((t - std::floor(t)) * 1e6)) % 1000000;
      std::string w = wall_parts(t, true, 0, "");
      if (w[4] == ' ') w[4] = '0';  // journalctl prints "May 07"
      return fmt::format("{}.{:06} host1 kernel: ", w, usec);
    }
    case Prefix::short_monotonic: return fmt::format("[{:12.6f}] host1 kernel: ", t);
    case Prefix::rfc5424: return "<4>1 " + wall_parts(t, false, '.', "+02:00") + " host1 kernel - - - ";
    case Prefix::mixed: {
      static constexpr Prefix kCycle[] = {Prefix::syslog, Prefix::iso_comma, Prefix::short_monotonic,
                                          Prefix::rfc5424, Prefix::short_precise, Prefix::short_iso};
      return make_prefix(kCycle[index % std::size(kCycle)], t, index);
    }
  }
  return {};
}

std::string foreign_line(size_t i) {
  if (i % 2 == 0)
    return "May  7 21:43:54 host1 dockerd[812]: time=\"2024-05-07T21:43:54.118Z\" level=info "
           "msg=\"ignoring event\" container=4f1c module=libcontainerd namespace=moby "
           "topic=/tasks/delete type=\"*events.TaskDelete\"";
  return "May  7 21:43:54 host1 systemd[1]: docker-4f1c.scope: A process of this unit has been "
         "killed by the OOM killer.";
}

}  // namespace

std::string hard_wrap(std::string_view text, size_t width) {
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) {
    std::string_view rest = l;
    while (columns(rest) > width) {
      size_t b = byte_at_column(rest, width);
      out.emplace_back(rest.substr(0, b));
      rest.remove_prefix(b);
    }
    out.emplace_back(rest);
  }
  return join_lines(out);
}

std::string inline_pad_wrap(std::string_view text, size_t width) {
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) {
    std::string_view rest = l;
    std::string line;
    while (columns(rest) > width) {
      size_t b = byte_at_column(rest, width);
      line += rest.substr(0, b);
      line += std::string(8, ' ');  // the terminal's padding of the wrapped row
      rest.remove_prefix(b);
    }
    line += rest;
    out.push_back(std::move(line));
  }
  return join_lines(out);
}

std::string flowed(std::string_view text, size_t width) {
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) {
    std::string_view rest = l;
    while (rest.size() > width) {
      size_t sp = rest.rfind(' ', width - 1);
      if (sp == std::string_view::npos || sp == 0) break;
      out.emplace_back(rest.substr(0, sp + 1));  // soft break: the line keeps its trailing space
      rest.remove_prefix(sp + 1);
    }
    out.emplace_back(rest);
  }
  return join_lines(out);
}

std::string reflow_indent(std::string_view text) {
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) {
    std::string_view rest = l;
    bool first = true;
    int pieces = 0;
    while (rest.size() > 70 && pieces < 2) {
      size_t sp = rest.rfind(' ', 69);
      if (sp == std::string_view::npos || sp < 20) break;
      out.push_back((first ? "" : "    ") + std::string(rest.substr(0, sp)));
      rest.remove_prefix(sp + 1);
      first = false;
      ++pieces;
    }
    out.push_back((first ? "" : "    ") + std::string(rest));
  }
  return join_lines(out);
}

std::string truncate(std::string_view text, size_t width, std::string_view marker) {
  std::vector<std::string> out;
  size_t mcols = columns(marker);
  for (auto& l : split_lines(text)) {
    if (columns(l) <= width) {
      out.push_back(l);
      continue;
    }
    out.push_back(l.substr(0, byte_at_column(l, width - mcols)) + std::string(marker));
  }
  return join_lines(out);
}

std::vector<size_t> long_lines(std::string_view text, size_t width) {
  std::vector<size_t> out;
  auto lines = split_lines(text);
  for (size_t i = 0; i < lines.size(); ++i)
    if (columns(lines[i]) > width) out.push_back(i + 1);
  return out;
}

std::string reverse_lines(std::string_view text) {
  auto lines = split_lines(text);
  std::vector<std::string> out(lines.rbegin(), lines.rend());
  return join_lines(out);
}

std::string quote(std::string_view text, std::string_view marker) {
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) out.push_back(std::string(marker) + l);
  return join_lines(out);
}

std::string quoted_printable(std::string_view text) {
  // RFC 2045 §6.7: '=' and non-ASCII as =XX, lines at most 76 with soft breaks.
  std::string out;
  for (auto& l : split_lines(text)) {
    std::string enc;
    for (unsigned char c : l) {
      if (c == '=' || c >= 0x7f || (c < 0x20 && c != '\t')) enc += fmt::format("={:02X}", c);
      else enc += static_cast<char>(c);
    }
    size_t col = 0;
    for (size_t i = 0; i < enc.size();) {
      size_t len = enc[i] == '=' ? 3 : 1;
      if (col + len > 75) {
        out += "=\n";
        col = 0;
      }
      out.append(enc, i, len);
      col += len;
      i += len;
    }
    out += '\n';
  }
  return out;
}

std::string html_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string dmesg_color(std::string_view text) {
  // `dmesg --color=always` (util-linux): the stamp green, the text up to the
  // first `: ` (dmesg's "subsystem") yellow, each span closed by SGR 0.
  std::vector<std::string> out;
  for (auto& l : split_lines(text)) {
    Split s = split_prefix(l);
    if (s.decoded || l.empty()) {
      out.push_back(l);
      continue;
    }
    std::string line;
    if (!s.prefix.empty()) line = "\x1b[32m" + s.prefix + "\x1b[0m";
    size_t colon = s.text.find(": ");
    if (colon != std::string::npos)
      line += "\x1b[33m" + s.text.substr(0, colon + 2) + "\x1b[0m" + s.text.substr(colon + 2);
    else
      line += s.text;
    out.push_back(line);
  }
  return join_lines(out);
}

std::string grep_color(std::string_view text) {
  // `grep --color=always -e oom -e Killed`: each match wrapped in GNU grep's
  // SGR start and erase-in-line sequences.
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (size_t i = 0; i < text.size();) {
    std::string_view rest = text.substr(i);
    std::string_view hit = rest.starts_with("oom") ? "oom" : rest.starts_with("Killed") ? "Killed" : "";
    if (hit.empty()) {
      out += text[i++];
      continue;
    }
    out += "\x1b[01;31m\x1b[K";
    out += hit;
    out += "\x1b[m\x1b[K";
    i += hit.size();
  }
  return out;
}

std::string retab(std::string_view text) {
  // `unexpand -a` (an editor's retab): two or more spaces that end at a tab
  // stop (every 8 columns) become one tab.
  std::string out;
  out.reserve(text.size());
  size_t col = 0, pending = 0;
  for (char c : text) {
    if (c == ' ') {
      ++pending;
      if (++col % 8 == 0) {
        out += pending >= 2 ? std::string("\t") : std::string(pending, ' ');
        pending = 0;
      }
      continue;
    }
    out.append(pending, ' ');
    pending = 0;
    out += c;
    col = c == '\n' ? 0 : col + 1;
  }
  out.append(pending, ' ');
  return out;
}

std::string nbsp_runs(std::string_view text) {
  // A web page's or an HTML mail's copy of a run of blanks (`&nbsp; &nbsp;`, so that HTML does not fold it): in
  // a run of two or more spaces, every other one, from the first, is a no-break space (UTF-8 C2 A0).
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != ' ') {
      out += text[i++];
      continue;
    }
    size_t run = 0;
    while (i + run < text.size() && text[i + run] == ' ') ++run;
    for (size_t k = 0; k < run; ++k) out += run >= 2 && k % 2 == 0 ? "\xC2\xA0" : " ";
    i += run;
  }
  return out;
}

std::string reprefix(std::string_view text, Prefix style) {
  std::vector<std::string> out;
  bool prev_prefixed = false;
  size_t index = 0;
  for (auto& l : split_lines(text)) {
    Split s = split_prefix(l);
    if (s.decoded && !s.has_prefix && style != Prefix::none) {  // e.g. a `#012`-escaped line
      out.push_back(make_prefix(style, 100.0 + static_cast<double>(index) * 0.000125, index) + l);
      ++index;
      continue;
    }
    if (s.decoded || (!s.has_prefix && prev_prefixed)) {
      out.push_back(l);  // a wrapped piece (after prefixed lines) never had a prefix
      continue;
    }
    prev_prefixed = s.has_prefix || prev_prefixed;
    double t = s.mono.value_or(100.0 + static_cast<double>(index) * 0.000125);
    std::string body = s.text;
    if (style != Prefix::none) {
      size_t i = 0;  // keep the kernel's text, not its indentation, after a prefix
      while (i < body.size() && body[i] == ' ') ++i;
      body = body.substr(i);
    }
    out.push_back(make_prefix(style, t, index) + body);
    ++index;
  }
  return join_lines(out);
}

std::string join_records(std::string_view text) {
  auto lines = split_lines(reprefix(text, Prefix::syslog));
  std::vector<std::string> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    bool both = i + 1 < lines.size() && split_prefix(lines[i]).has_prefix && split_prefix(lines[i + 1]).has_prefix;
    if (i % 5 == 1 && both) {
      out.push_back(lines[i] + lines[i + 1]);
      ++i;
    } else {
      out.push_back(lines[i]);
    }
  }
  return join_lines(out);
}

std::string interleave_foreign(std::string_view text) {
  std::vector<std::string> out;
  size_t since_header = 1000, inserted = 0;
  for (auto& l : split_lines(text)) {
    bool indented = !l.empty() && (l[0] == ' ' || l[0] == '\t');
    if (since_header < 80 && since_header % 7 == 1 && !indented) out.push_back(foreign_line(inserted++));
    out.push_back(l);
    if (l.find(" invoked oom-killer:") != std::string::npos) since_header = 0;
    else ++since_header;
  }
  return join_lines(out);
}

const std::vector<Mangler>& all() {
  static const std::vector<Mangler> kAll = {
      {"wrap72", [](std::string_view t) { return hard_wrap(t, 72); }, Loss::none, false},
      {"wrap80", [](std::string_view t) { return hard_wrap(t, 80); }, Loss::none, false},
      {"wrap80_inline_pad", [](std::string_view t) { return inline_pad_wrap(t, 80); }, Loss::none, false},
      {"flowed72", [](std::string_view t) { return flowed(t, 72); }, Loss::none, false},
      {"reflow_indent", reflow_indent, Loss::none, false},
      {"truncate100_dots", [](std::string_view t) { return truncate(t, 100, "..."); }, Loss::cut, false, 100},
      {"truncate120_ellipsis", [](std::string_view t) { return truncate(t, 120, "…"); }, Loss::cut, false, 120},
      {"reverse", reverse_lines, Loss::none, false},
      {"quote", [](std::string_view t) { return quote(t, "> "); }, Loss::none, false},
      {"quote_nested", [](std::string_view t) { return quote(t, "> > "); }, Loss::none, false},
      {"quoted_printable", quoted_printable, Loss::none, false},
      {"html_escape", html_escape, Loss::none, false},
      {"dmesg_color", dmesg_color, Loss::none, false},
      {"grep_color", grep_color, Loss::none, false},
      {"retab", retab, Loss::none, false},
      {"nbsp_runs", nbsp_runs, Loss::none, false},
      {"join_records", join_records, Loss::none, true},
      {"interleave_foreign", interleave_foreign, Loss::none, false},
      {"strip_prefix", [](std::string_view t) { return reprefix(t, Prefix::none); }, Loss::none, true},
      {"iso_comma", [](std::string_view t) { return reprefix(t, Prefix::iso_comma); }, Loss::none, true},
      {"bare_kernel", [](std::string_view t) { return reprefix(t, Prefix::bare_kernel); }, Loss::none, true},
      {"syslog", [](std::string_view t) { return reprefix(t, Prefix::syslog); }, Loss::none, true},
      {"short_iso", [](std::string_view t) { return reprefix(t, Prefix::short_iso); }, Loss::none, true},
      {"short_precise", [](std::string_view t) { return reprefix(t, Prefix::short_precise); }, Loss::none, true},
      {"short_monotonic", [](std::string_view t) { return reprefix(t, Prefix::short_monotonic); }, Loss::none, true},
      {"rfc5424", [](std::string_view t) { return reprefix(t, Prefix::rfc5424); }, Loss::none, true},
      {"mixed_prefixes", [](std::string_view t) { return reprefix(t, Prefix::mixed); }, Loss::none, true},
  };
  return kAll;
}

}  // namespace oomlens::mangle
