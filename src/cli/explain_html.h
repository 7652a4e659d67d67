#pragma once
// `explain --html`: the raw lines of each report, kept while the files are
// read once (the page links every event to its lines).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"
#include "render/log_page.h"

namespace oomlens::cli {

/// Splits text chunks into lines (1-based, as the scanner counts them) and
/// keeps them, up to kMaxBytes per source; later lines are not kept.
class LineKeeper {
 public:
  static constexpr size_t kMaxBytes = size_t{64} << 20;
  void feed(std::string_view chunk);
  void finish();
  [[nodiscard]] const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::string partial_;
  std::vector<std::string> lines_;
  size_t bytes_ = 0;
};

/// Each event's lines (OomEvent::lines of OomEvent::source) from the kept text.
[[nodiscard]] std::vector<render::RawLines> raw_lines_of(const std::vector<OomEvent>& events,
                                                         const std::map<std::string, LineKeeper>& kept);

}  // namespace oomlens::cli
