// Prometheus text exposition (see prometheus.h).
#include "render/prometheus.h"

#include <fmt/core.h>

#include <cmath>

#include "util/sanitize.h"

namespace oomlens::prom {

std::string escape_label_value(std::string_view v, size_t max_bytes) {
  std::string clean = sanitize_utf8(v);
  if (clean.size() > max_bytes) {
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(clean[cut]) & 0xC0) == 0x80) --cut;  // not mid-character
    clean.resize(cut);
  }
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string escape_help(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string format_value(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  if (std::fabs(v) < 9007199254740992.0 && v == std::trunc(v)) return fmt::format("{}", static_cast<int64_t>(v));
  return fmt::format("{}", v);
}

std::string render(const std::vector<Family>& families) {
  std::string out;
  for (const Family& f : families) {
    if (f.samples.empty()) continue;
    out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", f.name, escape_help(f.help), f.name, f.type);
    for (const Sample& s : f.samples) {
      out += f.name;
      out += s.suffix;
      if (!s.labels.empty()) {
        out += '{';
        bool first = true;
        for (const auto& [k, v] : s.labels) {
          if (!first) out += ',';
          first = false;
          out += k;
          out += "=\"";
          out += escape_label_value(v);
          out += '"';
        }
        out += '}';
      }
      out += ' ';
      out += format_value(s.value);
      out += '\n';
    }
  }
  return out;
}

}  // namespace oomlens::prom
