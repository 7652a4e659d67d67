#include "logsource/file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <memory>

#include <fmt/core.h>

#include "logsource/source_util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace oomlens {

bool is_gzip_magic(std::string_view head) {
  return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f &&
         static_cast<unsigned char>(head[1]) == 0x8b;
}

size_t count_newlines(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  size_t n = 0;
#if defined(__SSE2__)
  // Per-byte counters: a match compares to 0xff (-1), subtracting it adds 1.
  // Flushed with SAD into 64-bit sums before a byte counter can overflow.
  const __m128i nl = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (end - p >= 16) {
    __m128i acc = zero;
    for (int i = 0; i < 255 && end - p >= 16; ++i, p += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
    }
    const __m128i sums = _mm_sad_epu8(acc, zero);
    n += static_cast<size_t>(_mm_cvtsi128_si64(sums)) +
         static_cast<size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  return n + static_cast<size_t>(std::count(p, end, '\n'));
}

namespace {

/// read(2) retried on EINTR; returns bytes read, 0 at EOF, -1 with errno.
ssize_t read_some(int fd, char* buf, size_t len) {
  for (;;) {
    const ssize_t n = ::read(fd, buf, len);
    if (n >= 0 || errno != EINTR) return n;
  }
}

/// Delivers text and keeps the line count.
class Counter {
 public:
  explicit Counter(LogSink& sink) : sink_(sink) {}
  void deliver(const char* data, size_t len) {
    if (len == 0) return;
    const std::string_view chunk(data, len);
    newlines_ += count_newlines(chunk);
    bytes_ += len;
    last_ = chunk.back();
    sink_.text(chunk);
  }
  [[nodiscard]] uint64_t lines() const { return newlines_ + (bytes_ > 0 && last_ != '\n' ? 1 : 0); }
  [[nodiscard]] uint64_t bytes() const { return bytes_; }

 private:
  LogSink& sink_;
  uint64_t newlines_ = 0;
  uint64_t bytes_ = 0;
  char last_ = '\n';
};

/// Records a problem after some text was delivered: a note, a gap, and an
/// error only when nothing could be read at all.
void damaged(SourceResult& result, LogSink& sink, const Counter& counter, const std::string& what) {
  if (counter.bytes() == 0) {
    result.error = what;
    return;
  }
  const std::string note =
      fmt::format("{}: {} after {} bytes of text; the rest of the file is lost", result.name, what,
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
      damaged(result, sink, counter, fmt::format("read error ({})", errno_text(errno)));
      return;
    }
    have = static_cast<size_t>(n);
  }
}

void read_gzip(int fd, char* in, size_t cap, size_t have, Counter& counter, SourceResult& result,
               LogSink& sink) {
  auto out = std::make_unique_for_overwrite<char[]>(cap);
  z_stream zs{};
  // 16 + MAX_WBITS: gzip wrapper only (we saw its magic).
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
    result.error = "cannot initialise zlib";
    return;
  }
  zs.next_in = reinterpret_cast<Bytef*>(in);
  zs.avail_in = static_cast<uInt>(have);
  bool in_stream = true;  // inside a gzip member (not at a member boundary)
  bool input_eof = false;
  for (;;) {
    if (zs.avail_in == 0 && !input_eof) {
      const ssize_t n = read_some(fd, in, cap);
      if (n < 0) {
        damaged(result, sink, counter, fmt::format("read error ({})", errno_text(errno)));
        break;
      }
      if (n == 0) {
        input_eof = true;
      } else {
        zs.next_in = reinterpret_cast<Bytef*>(in);
        zs.avail_in = static_cast<uInt>(n);
      }
    }
    if (!in_stream) {  // between members: more input must be another member
      if (zs.avail_in == 0 && input_eof) break;
      if (zs.avail_in == 0) continue;
      if (zs.avail_in >= 2 && !is_gzip_magic({reinterpret_cast<char*>(zs.next_in), 2})) {
        result.notes.push_back(
            fmt::format("{}: trailing bytes after the gzip data were ignored", result.name));
        break;
      }
      inflateReset(&zs);
      in_stream = true;
    }
    zs.next_out = reinterpret_cast<Bytef*>(out.get());
    zs.avail_out = static_cast<uInt>(cap);
    const int rc = inflate(&zs, Z_NO_FLUSH);
    counter.deliver(out.get(), cap - zs.avail_out);
    if (rc == Z_STREAM_END) {
      in_stream = false;
    } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
      damaged(result, sink, counter,
              fmt::format("the gzip data is corrupt ({})", zs.msg ? zs.msg : "data error"));
      break;
    } else if (rc == Z_MEM_ERROR) {
      damaged(result, sink, counter, "out of memory while inflating");
      break;
    } else if (rc == Z_BUF_ERROR && input_eof && zs.avail_in == 0) {
      // No progress possible and no more input: the member ends early.
      damaged(result, sink, counter, "the gzip file is truncated");
      break;
    }
    // Z_OK / Z_BUF_ERROR: loop; more input or output space is needed.
  }
  inflateEnd(&zs);
}

}  // namespace

SourceResult read_log_fd(int fd, const std::string& name, LogSink& sink,
                         const FileReadOptions& options) {
  SourceResult result;
  result.name = name;
  struct stat st {};
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      result.error = errno_text(EISDIR);
      return result;
    }
    if (S_ISREG(st.st_mode)) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  }
  const size_t cap = std::max<size_t>(options.chunk_bytes, 64);
  auto buf = std::make_unique_for_overwrite<char[]>(cap);
  // Fill at least the two magic bytes (a pipe may deliver one byte at a time).
  size_t have = 0;
  while (have < 2) {
    const ssize_t n = read_some(fd, buf.get() + have, cap - have);
    if (n < 0) {
      result.error = errno_text(errno);
      if (errno == EACCES || errno == EPERM) result.advice = file_permission_advice(name);
      return result;
    }
    if (n == 0) break;
    have += static_cast<size_t>(n);
  }
  result.used = true;
  Counter counter(sink);
  if (is_gzip_magic({buf.get(), have})) {
    read_gzip(fd, buf.get(), cap, have, counter, result, sink);
  } else {
    read_plain(fd, buf.get(), cap, have, counter, result, sink);
  }
  result.records = counter.lines();
  if (result.error && counter.bytes() == 0) result.used = false;
  return result;
}

SourceResult read_log_file(const std::string& path, LogSink& sink, const FileReadOptions& options) {
  if (path == "-") return read_log_fd(STDIN_FILENO, "-", sink, options);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int err = errno;
    SourceResult result;
    result.name = path;
    result.error = errno_text(err);
    if (err == EACCES || err == EPERM) result.advice = file_permission_advice(path);
    return result;
  }
  SourceResult result = read_log_fd(fd, path, sink, options);
  ::close(fd);
  return result;
}

}  // namespace oomlens
