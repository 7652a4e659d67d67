#pragma once
// A bounded pipe of byte chunks between two threads: a decoder thread fills
// buffers, the reading thread hands them to the scanner. Memory is `slots`
// buffers of `cap` bytes, allocated once; the producer waits while all are
// full, the consumer while none is. One producer, one consumer.
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace oomlens {

class ChunkPipe {
 public:
  ChunkPipe(size_t slots, size_t cap) : cap_(cap) {
    for (size_t i = 0; i < slots; ++i) slots_.push_back({std::make_unique_for_overwrite<char[]>(cap), 0});
  }
  [[nodiscard]] size_t capacity() const { return cap_; }

  /// Producer: a buffer of capacity() bytes to fill; waits while every
  /// buffer is published and not yet released by the consumer.
  char* acquire() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return filled_ < slots_.size(); });
    return slots_[(read_ + filled_) % slots_.size()].data.get();
  }
  /// Producer: the buffer from acquire() holds `len` bytes.
  void publish(size_t len) {
    std::lock_guard lock(m_);
    slots_[(read_ + filled_) % slots_.size()].len = len;
    ++filled_;
    cv_.notify_all();
  }
  /// Producer: nothing more follows.
  void close() {
    std::lock_guard lock(m_);
    closed_ = true;
    cv_.notify_all();
  }

  /// Consumer: releases the chunk returned before, then waits for the next;
  /// nullopt once the producer closed the pipe and every chunk was taken.
  std::optional<std::string_view> next() {
    std::unique_lock lock(m_);
    if (holding_) {
      read_ = (read_ + 1) % slots_.size();
      --filled_;
      holding_ = false;
      cv_.notify_all();
    }
    cv_.wait(lock, [&] { return filled_ > 0 || closed_; });
    if (filled_ == 0) return std::nullopt;
    holding_ = true;
    const Slot& s = slots_[read_];
    return std::string_view(s.data.get(), s.len);
  }

 private:
  struct Slot {
    std::unique_ptr<char[]> data;
    size_t len;
  };
  size_t cap_;
  std::vector<Slot> slots_;
  std::mutex m_;
  std::condition_variable cv_;
  size_t read_ = 0;    // the oldest published slot
  size_t filled_ = 0;  // published and not released (including the one held)
  bool holding_ = false;
  bool closed_ = false;
};

}  // namespace oomlens
