// libFuzzer entry for the parse layer: parse_log_text on the whole input, and
// the same bytes fed through ReportScanner in two chunks split at a
// data-dependent point. Both must not crash and must find the same events.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto whole = oomlens::parse_log_text(text);

  size_t split = size == 0 ? 0 : (static_cast<size_t>(data[0]) * 257 + (size > 1 ? data[1] : 0)) % (size + 1);
  size_t chunked = 0;
  size_t victims = 0;
  oomlens::ReportScanner scanner(oomlens::ScanOptions{}, [&](oomlens::OomEvent&& e) {
    ++chunked;
    victims += e.victims.size();
  });
  scanner.feed_text(text.substr(0, split));
  scanner.feed_text(text.substr(split));
  scanner.finish();

  size_t whole_victims = 0;
  for (const auto& e : whole) whole_victims += e.victims.size();
  // Lines up to 1 MiB are never cut, so chunking must not change the result.
  if (size < (1u << 20) && (chunked != whole.size() || victims != whole_victims)) std::abort();
  return 0;
}
