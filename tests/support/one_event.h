#pragma once
// The one OOM event a test's log text holds.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"

namespace oomlens::testing {

/// The single event parse_log_text() makes of `text`. Holding none or
/// several fails the test where it stands (as ASSERT_EQ(events.size(), 1u)
/// would): the exception ends the test body and gtest reports it.
inline OomEvent one_event(std::string_view text, const ScanOptions& options = {}) {
  std::vector<OomEvent> events = parse_log_text(text, options);
  if (events.size() != 1) throw std::runtime_error(std::to_string(events.size()) + " events in the text, not 1");
  return std::move(events.front());
}

/// The events of `text` fed to one ReportScanner in chunks of `size` bytes
/// (a chunk border may fall anywhere: the scanner must give what
/// parse_log_text() gives).
inline std::vector<OomEvent> parse_chunked(std::string_view text, size_t size) {
  std::vector<OomEvent> out;
  ReportScanner s({}, [&](OomEvent&& e) { out.push_back(std::move(e)); });
  for (size_t i = 0; i < text.size(); i += size) s.feed_text(text.substr(i, size));
  s.finish();
  return out;
}

}  // namespace oomlens::testing
