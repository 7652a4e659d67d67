#include "logsource/file_reader.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/core.h>

#include "logsource/chunk_pipe.h"
#include "logsource/decompress.h"
#include "logsource/source_util.h"
#include "util/fd.h"
#include "util/newlines.h"
#include "util/i18n.h"

namespace oomlens {

namespace {

/// read(2) retried on EINTR; returns bytes read, 0 at EOF, -1 with errno.
ssize_t read_some(int fd, char* buf, size_t len) {
  for (;;) {
    const ssize_t n = ::read(fd, buf, len);
    if (n >= 0 || errno != EINTR) return n;
  }
}

/// Delivers text and keeps the line count: the sink's own count of the
/// newlines delivered when it keeps one (LogSink::text_newlines(), a
/// scanner's), else a count here.
class Counter {
 public:
  explicit Counter(LogSink& sink) : sink_(sink), sink_base_(sink.text_newlines()) {}
  void deliver(const char* data, size_t len) {
    if (len == 0) return;
    const std::string_view chunk(data, len);
    if (!sink_base_) newlines_ += count_newlines(chunk);
    bytes_ += len;
    last_ = chunk.back();
    sink_.text(chunk);
  }
  [[nodiscard]] uint64_t lines() const {
    const uint64_t newlines = sink_base_ ? sink_.text_newlines().value_or(*sink_base_) - *sink_base_ : newlines_;
    return newlines + (bytes_ > 0 && last_ != '\n' ? 1 : 0);
  }
  [[nodiscard]] uint64_t bytes() const { return bytes_; }

 private:
  LogSink& sink_;
  const std::optional<uint64_t> sink_base_;  // the sink's count before this file's text; nullopt: counted here
  uint64_t newlines_ = 0;
  uint64_t bytes_ = 0;
  char last_ = '\n';
};

/// Records a problem after some text was delivered: a note, a gap, and an
/// error only when nothing could be read at all.
void damaged(SourceResult& result, LogSink& sink, const Counter& counter, const std::string& what) {
  if (counter.bytes() == 0) {
    result.error = SystemError{0, what};
    return;
  }
  const std::string note =
      fmt::format(N_("{}: {} after {} bytes of text; the rest of the file is lost"), result.name, what,
                  counter.bytes());
  result.notes.push_back(note);
  sink.gap(note);
}

void read_plain(int fd, char* buf, size_t cap, size_t have, Counter& counter, SourceResult& result,
                LogSink& sink) {
  for (;;) {
    counter.deliver(buf, have);
    const ssize_t n = read_some(fd, buf, cap);
    if (n == 0) return;
    if (n < 0) {
      damaged(result, sink, counter, fmt::format(N_("read error ({})"), strerror_en(errno)));
      return;
    }
    have = static_cast<size_t>(n);
  }
}

/// Where decoded text goes: a buffer to fill, then how much was filled.
struct DecodeOutput {
  virtual ~DecodeOutput() = default;
  virtual char* buffer() = 0;
  virtual void emit(size_t len) = 0;
};

/// Why decoding stopped early ("the gzip file is truncated"), or nullopt.
using DecodeFailure = std::optional<std::string>;

/// Decodes a compressed stream (members one after another, as `gzip -d`,
/// `xz -d` and `zstd -d` do) into `out`. Adds the "trailing bytes" note.
DecodeFailure decode_stream(Compression c, Decoder& decoder, int fd, char* in, size_t cap, size_t have,
                            DecodeOutput& out, std::vector<std::string>& notes) {
  std::string_view pending(in, have);
  bool in_member = true;  // inside a member (not at a member boundary)
  bool input_eof = false;
  char* buf = out.buffer();
  for (;;) {
    if (pending.empty() && !input_eof) {
      const ssize_t n = read_some(fd, in, cap);
      if (n < 0) return fmt::format(N_("read error ({})"), strerror_en(errno));
      input_eof = n == 0;
      pending = std::string_view(in, static_cast<size_t>(n));
    }
    if (!in_member) {  // between members: more input must be another member
      if (pending.empty()) {
        if (input_eof) return std::nullopt;
        continue;
      }
      if (pending.size() < 6 && !input_eof) {  // too short to see a magic: top up
        std::memmove(in, pending.data(), pending.size());
        const ssize_t n = read_some(fd, in + pending.size(), cap - pending.size());
        if (n < 0) return fmt::format(N_("read error ({})"), strerror_en(errno));
        input_eof = n == 0;
        pending = std::string_view(in, pending.size() + static_cast<size_t>(n));
        continue;
      }
      if (detect_compression(pending) != c) {
        notes.push_back(fmt::format(N_("trailing bytes after the {} data were ignored"), compression_name(c)));
        return std::nullopt;
      }
      decoder.reset();
      in_member = true;
    }
    const DecodeStep step = decoder.step(pending, input_eof, buf, cap);
    if (step.produced > 0) {
      out.emit(step.produced);
      buf = out.buffer();
    }
    switch (step.status) {
      case DecodeStep::Status::more: break;
      case DecodeStep::Status::member_end: in_member = false; break;
      case DecodeStep::Status::truncated: return fmt::format(N_("the {} file is truncated"), compression_name(c));
      case DecodeStep::Status::corrupt:
        return fmt::format(N_("the {} data is corrupt ({})"), compression_name(c), step.message);
    }
  }
}

/// Decoding on the calling thread, straight into the sink.
struct DirectOutput final : DecodeOutput {
  DirectOutput(Counter& c, size_t cap) : counter(c), buf(std::make_unique_for_overwrite<char[]>(cap)) {}
  char* buffer() override { return buf.get(); }
  void emit(size_t len) override { counter.deliver(buf.get(), len); }
  Counter& counter;
  std::unique_ptr<char[]> buf;
};

/// Decoding on a second thread, through a pipe of 4 chunks.
struct PipeOutput final : DecodeOutput {
  explicit PipeOutput(ChunkPipe& p) : pipe(p) {}
  char* buffer() override { return current ? current : (current = pipe.acquire()); }
  void emit(size_t len) override {
    pipe.publish(len);
    current = nullptr;
  }
  ChunkPipe& pipe;
  char* current = nullptr;
};

/// Whether a second CPU may run the decoder while this one scans.
bool two_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return ::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 1;
}

/// Decodes and delivers a compressed file: on a second thread when there is
/// a second CPU (inflate and scanning overlap; memory: 4 chunks), else here.
void read_compressed(Compression c, int fd, char* in, size_t cap, size_t have, Counter& counter,
                     SourceResult& result, LogSink& sink) {
  std::unique_ptr<Decoder> decoder = make_decoder(c);
  if (!decoder) {
    result.error = SystemError{0, fmt::format(N_("cannot initialise the {} decoder"), compression_name(c))};
    return;
  }
  const bool threaded = two_cpus();
  result.notes.push_back(fmt::format(N_("{} data, decoded by {}{}"), compression_name(c), decoder->engine(),
                                     threaded ? " on a second thread" : ""));
  std::vector<std::string> notes;
  DecodeFailure failure;
  if (threaded) {
    ChunkPipe pipe(4, cap);
    std::thread producer([&] {
      PipeOutput out(pipe);
      failure = decode_stream(c, *decoder, fd, in, cap, have, out, notes);
      pipe.close();
    });
    while (const auto chunk = pipe.next()) counter.deliver(chunk->data(), chunk->size());
    producer.join();
  } else {
    DirectOutput out(counter, cap);
    failure = decode_stream(c, *decoder, fd, in, cap, have, out, notes);
  }
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  if (failure) damaged(result, sink, counter, *failure);
}

}  // namespace

SourceResult read_log_fd(int fd, const std::string& name, LogSink& sink,
                         const FileReadOptions& options) {
  SourceResult result;
  result.name = name;
  struct stat st {};
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      result.error = SystemError{EISDIR, ""};
      return result;
    }
    if (S_ISREG(st.st_mode)) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  }
  const size_t cap = std::max<size_t>(options.chunk_bytes, 64);
  auto buf = std::make_unique_for_overwrite<char[]>(cap);
  // Fill at least the six magic bytes of xz (a pipe may deliver one byte at a time).
  size_t have = 0;
  while (have < 6) {
    const ssize_t n = read_some(fd, buf.get() + have, cap - have);
    if (n < 0) {
      const int err = errno;
      result.error = SystemError{err, "", err == EACCES || err == EPERM ? file_permission_advice(name) : ""};
      return result;
    }
    if (n == 0) break;
    have += static_cast<size_t>(n);
  }
  result.used = true;
  Counter counter(sink);
  if (const Compression c = detect_compression({buf.get(), have}); c != Compression::none) {
    read_compressed(c, fd, buf.get(), cap, have, counter, result, sink);
  } else {
    read_plain(fd, buf.get(), cap, have, counter, result, sink);
  }
  result.records = counter.lines();
  if (result.error && counter.bytes() == 0) result.used = false;
  return result;
}

SourceResult read_log_file(const std::string& path, LogSink& sink, const FileReadOptions& options) {
  if (path == "-") return read_log_fd(STDIN_FILENO, "-", sink, options);
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY));
  if (!fd) {
    const int err = errno;
    SourceResult result;
    result.name = path;
    result.error = SystemError{err, "", err == EACCES || err == EPERM ? file_permission_advice(path) : ""};
    return result;
  }
  return read_log_fd(fd.get(), path, sink, options);
}

}  // namespace oomlens
