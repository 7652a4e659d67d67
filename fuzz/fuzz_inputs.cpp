// libFuzzer entry for what users and clients type: the CLI's size,
// percentage and duration parsers (`run --limit`, `guard`'s --warn/--act,
// --budget, --grace) and the daemon's own part of an HTTP request (the
// --listen address, the loopback check, /events?limit=N). The input is
// split at NUL bytes; each piece goes to every parser. None may crash, and
// an accepted value must be in its documented range.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "guard/options.h"
#include "supervise/job_cgroup.h"
#include "util/size_option.h"
#include "watch/http_route.h"

namespace {

void one(std::string_view s) {
  if (auto spec = oomlens::supervise::parse_limit_spec(s)) {
    if (spec->percent && !(*spec->percent > 0 && *spec->percent <= 100)) std::abort();
    if (spec->bytes && *spec->bytes == 0) std::abort();
    (void)oomlens::supervise::resolve_limit(*spec, uint64_t{1} << 34);
  } else if (spec.error().what.empty()) {
    std::abort();  // a refused --limit always says why
  }
  auto pct = oomlens::guard::parse_percent("--act", s);
  if (pct && !(*pct > 0 && *pct <= 1)) std::abort();
  auto budget = oomlens::parse_size_option("--budget", s);
  if (budget && *budget == 0) std::abort();
  auto dur = oomlens::guard::parse_duration("--grace", s, true);
  if (dur && *dur && !(**dur >= 0 && **dur <= 86400)) std::abort();

  std::string host;
  int port = -1;
  if (oomlens::watch::parse_listen(std::string(s), &host, &port) && (port < 0 || port > 65535 || host.empty()))
    std::abort();
  (void)oomlens::watch::is_loopback_host(s);
  if (auto n = oomlens::watch::parse_count_param(s); n && s.empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  one(text);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\0', start);
    if (end == std::string_view::npos) end = text.size();
    one(text.substr(start, end - start));
    start = end + 1;
  }
  return 0;
}
