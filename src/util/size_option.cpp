#include "util/size_option.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/core.h>

#include "util/i18n.h"
#include "util/text.h"

namespace oomlens {

namespace {

// The multiplier of a unit in any case: B, or K, M, G, T alone or with B or
// iB, each binary (1024); 0 when `unit` names none.
double unit_bytes(std::string_view unit) {
  if (unit.empty() || text::equals_ascii_ci(unit, "b")) return 1;
  constexpr std::string_view kPrefixes = "kmgt";
  const size_t power = kPrefixes.find(text::ascii_lower(unit[0]));
  const std::string_view rest = unit.substr(1);
  if (power == std::string_view::npos ||
      !(rest.empty() || text::equals_ascii_ci(rest, "b") || text::equals_ascii_ci(rest, "ib")))
    return 0;
  return std::ldexp(1.0, 10 * static_cast<int>(power + 1));
}

}  // namespace

Result<uint64_t> parse_size_option(std::string_view option, std::string_view text) {
  const std::string s(text::trim(text));
  char* end = nullptr;
  const double v = s.empty() ? 0 : std::strtod(s.c_str(), &end);
  if (s.empty() || end == s.c_str() || !std::isfinite(v))
    return input_error(fmt::format(N_("{} '{}' is not a size (e.g. 500M, 2G, 1.5GiB)"), option, s));
  if (v <= 0) return input_error(fmt::format(N_("{} '{}' must be above zero"), option, s));
  const std::string_view unit = text::trim(std::string_view(end));
  const double mult = unit_bytes(unit);
  if (mult == 0)
    return input_error(fmt::format(N_("{} '{}' has an unknown unit '{}' (use K, M, G or T)"), option, s, unit));
  const double bytes = v * mult;
  if (bytes < 1 || bytes > 1.8e19)  // 2^64 is about 1.845e19
    return input_error(fmt::format(N_("{} '{}' is out of range (at most 16 EiB)"), option, s));
  return static_cast<uint64_t>(bytes);
}

}  // namespace oomlens
