#pragma once
// Prometheus text exposition format 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): families
// with `# HELP` and `# TYPE` lines, then samples `name{label="value"} v`.
// Pure rendering; what the metrics mean is decided in watch/metrics.h.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oomlens::prom {

using Labels = std::vector<std::pair<std::string, std::string>>;

struct Sample {
  std::string suffix;  ///< appended to the family name ("" for gauges/counters' own name)
  Labels labels;
  double value = 0;
};

struct Family {
  std::string name;  ///< [a-zA-Z_:][a-zA-Z0-9_:]*; counters end in `_total`
  std::string type;  ///< "counter", "gauge", "untyped"
  std::string help;
  std::vector<Sample> samples;
};

/// Escapes a label value: `\` → `\\`, `"` → `\"`, newline → `\n`; invalid
/// UTF-8 bytes become U+FFFD; the result is cut to `max_bytes` on a
/// character boundary.
[[nodiscard]] std::string escape_label_value(std::string_view v, size_t max_bytes = 128);
/// HELP text escaping: `\` → `\\`, newline → `\n`.
[[nodiscard]] std::string escape_help(std::string_view v);
/// A sample value: integers exactly (up to 2^53), else shortest round-trip
/// form; NaN/Inf as `NaN`, `+Inf`, `-Inf`.
[[nodiscard]] std::string format_value(double v);
/// The whole exposition; families without samples are left out.
[[nodiscard]] std::string render(const std::vector<Family>& families);

/// The content type to serve it with.
inline constexpr const char* kContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace oomlens::prom
