#pragma once
// Number and name formatting shared by the renderers, the verdict and the guard.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens {

/// Bytes in binary units with one decimal: "512 B", "4.0 KiB", "812.0 MiB",
/// "28.3 GiB", "1.5 TiB". The unit is chosen after rounding, so 1023.97 MiB
/// prints as "1.0 GiB", never "1024.0 MiB".
[[nodiscard]] std::string format_bytes(uint64_t bytes);

/// format_bytes() of |bytes| (rounded to whole bytes) with "-" before a
/// negative amount and, when `plus`, "+" before the others: a slope or a
/// difference ("+12.3 MiB", "-512 B"). NaN, infinities and 2^64 bytes or
/// more print as "?".
[[nodiscard]] std::string format_signed_bytes(double bytes, bool plus = true);

/// `bytes` in one given binary unit (`unit_bytes`: 1024^k, k = 1..6; others
/// print in B) with `decimals` (0-6) digits after the point: "256 MiB",
/// "1.5 GiB". For scales whose labels share a unit (chart axes); a lone
/// size is format_bytes()'s.
[[nodiscard]] std::string format_bytes_in(double bytes, uint64_t unit_bytes, int decimals);

/// Shortens every run of 32 or more hex digits (container ids) to its first
/// 12 digits followed by "…", as `docker ps` does: "/docker/3f2a9c…".
[[nodiscard]] std::string shorten_ids(std::string_view path);

/// "HH:MM:SS" with "YYYY-MM-DD " before it when the RFC 3339 `wall` has a
/// date, from the first 19 characters of `wall`; when `wall` is unknown or
/// not RFC 3339, "[12345.678 s after boot]" from `monotonic_s`; "[time unknown]"
/// when neither is known.
[[nodiscard]] std::string format_event_time(const std::optional<std::string>& wall,
                                            std::optional<double> monotonic_s);

/// A signal's name, e.g. "SIGKILL" (strsignal's text is a description and
/// not stable); "signal N" for one without a name here.
[[nodiscard]] std::string signal_name(int sig);

}  // namespace oomlens
