#pragma once
// The last bytes of the job's stderr (default 64 KiB), kept while every byte
// is passed through unchanged, so the verdict can see Python's
// `MemoryError`, `CUDA out of memory` or PyTorch's
// `DataLoader worker (pid N) is killed by signal: Killed.`.
#include <cstddef>
#include <string>
#include <string_view>

namespace oomlens::supervise {

class StderrTail {
 public:
  explicit StderrTail(size_t capacity_bytes = 64 * 1024) : cap_(capacity_bytes) {}
  void append(std::string_view bytes);
  /// The kept bytes, oldest first (at most capacity; may start mid-line).
  [[nodiscard]] std::string_view text() const {
    std::string_view v(buf_);
    return v.size() > cap_ ? v.substr(v.size() - cap_) : v;
  }
  [[nodiscard]] size_t total_bytes() const { return total_; }

 private:
  size_t cap_;
  size_t total_ = 0;
  std::string buf_;
};

}  // namespace oomlens::supervise
