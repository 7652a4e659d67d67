// Raw lines for `explain --html` (see explain_html.h).
#include "cli/explain_html.h"

namespace oomlens::cli {

void LineKeeper::feed(std::string_view chunk) {
  while (!chunk.empty()) {
    size_t nl = chunk.find('\n');
    if (nl == std::string_view::npos) {
      if (bytes_ < kMaxBytes) partial_ += chunk;
      return;
    }
    if (bytes_ < kMaxBytes) partial_ += chunk.substr(0, nl);
    bytes_ += partial_.size() + 1;
    lines_.push_back(bytes_ <= kMaxBytes ? std::move(partial_) : std::string());
    partial_.clear();
    chunk.remove_prefix(nl + 1);
  }
}

void LineKeeper::finish() {
  if (!partial_.empty()) lines_.push_back(std::move(partial_));
  partial_.clear();
}

std::vector<render::RawLines> raw_lines_of(const std::vector<OomEvent>& events,
                                           const std::map<std::string, LineKeeper>& kept) {
  std::vector<render::RawLines> out(events.size());
  for (size_t i = 0; i < events.size(); ++i) {
    const auto& e = events[i];
    auto it = e.source ? kept.find(*e.source) : kept.end();
    if (it == kept.end() || e.lines.first == 0) continue;
    const auto& lines = it->second.lines();
    for (uint64_t n = e.lines.first; n <= e.lines.last && n <= lines.size(); ++n)
      out[i].lines.push_back({n, lines[n - 1]});
  }
  return out;
}

}  // namespace oomlens::cli
