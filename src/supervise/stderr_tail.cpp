#include "supervise/stderr_tail.h"

namespace oomlens::supervise {

void StderrTail::append(std::string_view b) {
  total_ += b.size();
  if (b.size() >= cap_) {
    buf_.assign(b.substr(b.size() - cap_));
    return;
  }
  buf_.append(b);
  // Trim in bulk once past twice the capacity: amortised O(1) per byte.
  if (buf_.size() > 2 * cap_) buf_.erase(0, buf_.size() - cap_);
}

}  // namespace oomlens::supervise
