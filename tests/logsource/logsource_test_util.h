#pragma once
// Test helpers for the read layer: a LogSink that records what it is given,
// fixture trees (support/fixture_tree.h), gzip writing, and running a function as `nobody`.
#include <fcntl.h>
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>
#include <lzma.h>
#include <sys/mman.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logsource/source.h"
#include "support/ci.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens::testing {

struct RecordedRecord {
  std::string message;
  RecordMeta meta;
};

/// Records everything a reader delivers.
class RecordingSink final : public LogSink {
 public:
  void text(std::string_view chunk) override {
    all_text += chunk;
    ++text_calls;
  }
  void record(std::string_view message, const RecordMeta& meta) override {
    records.push_back({std::string(message), meta});
  }
  void program_line(std::string_view line) override { program_lines.emplace_back(line); }
  void gap(std::string_view why) override { gaps.emplace_back(why); }
  void end() override { ++ends; }

  std::string all_text;
  size_t text_calls = 0;
  std::vector<RecordedRecord> records;
  std::vector<std::string> program_lines;
  std::vector<std::string> gaps;
  int ends = 0;
};

/// "ERROR|ADVICE" of a reader's result as explain prints them
/// (source_error_text(), the advice; "|" when there is no error): what a
/// test run as `nobody` hands back to the parent.
inline std::string error_and_advice(const SourceResult& r) {
  return r.error ? source_error_text(*r.error) + "|" + r.error->advice : "|";
}

inline std::filesystem::path fixture_root() {
  return std::filesystem::path(oomlens::testing::source_dir()) / "tests/fixtures/logsource/root";
}

/// Writes `content` to `path` as a gzip file (zlib's gzwrite, default level).
inline void write_gzip(const std::filesystem::path& path, std::string_view content) {
  gzFile f = gzopen(path.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (!content.empty()) gzwrite(f, content.data(), static_cast<unsigned>(content.size()));
  gzclose(f);
}

/// Compresses `content` in memory into one gzip member.
inline std::string gzip_bytes(std::string_view content) {
  z_stream zs{};
  deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&zs, content.size()) + 64, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(content.data()));
  zs.avail_in = static_cast<uInt>(content.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

/// Compresses `content` into one xz stream (preset 0: fast to make; the
/// decoder's path does not depend on the preset).
inline std::string xz_bytes(std::string_view content) {
  std::string out(lzma_stream_buffer_bound(content.size()), '\0');
  size_t pos = 0;
  if (lzma_easy_buffer_encode(0, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(content.data()),
                              content.size(), reinterpret_cast<uint8_t*>(out.data()), &pos,
                              out.size()) != LZMA_OK)
    std::abort();
  out.resize(pos);
  return out;
}

/// Compresses `content` into one zstd frame (level 3, zstd's default).
inline std::string zstd_bytes(std::string_view content) {
  std::string out(ZSTD_compressBound(content.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), content.data(), content.size(), 3);
  if (ZSTD_isError(n)) std::abort();
  out.resize(n);
  return out;
}

/// An anonymous in-memory file holding `content`, at offset 0 (the caller closes it).
inline int memory_file(std::string_view content) {
  const int fd = ::memfd_create("oomlens-test", MFD_CLOEXEC);
  if (fd < 0) std::abort();
  if (::write(fd, content.data(), content.size()) != static_cast<ssize_t>(content.size())) std::abort();
  ::lseek(fd, 0, SEEK_SET);
  return fd;
}

inline void write_file(const std::filesystem::path& path, std::string_view content) {
  std::filesystem::create_directories(path.parent_path());
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) std::abort();
  size_t off = 0;
  while (off < content.size()) {
    const ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n <= 0) std::abort();
    off += static_cast<size_t>(n);
  }
  ::close(fd);
}

/// A copy of the fixture root in a temp dir, plus var/log/kern.log.2.gz
/// (generated here, not committed: the repository holds no binaries).
inline void make_fixture_root(const std::filesystem::path& dest) {
  std::filesystem::copy(fixture_root(), dest, std::filesystem::copy_options::recursive);
  write_gzip(dest / "var/log/kern.log.2.gz",
             "Nov 28 10:00:00 box kernel: [ 1.000000] kern.log.2.gz first line\n"
             "Nov 28 10:00:01 box kernel: [ 2.000000] kern.log.2.gz last line\n");
}

inline bool running_as_root() { return ::geteuid() == 0; }

/// Runs `fn` in a child process that dropped to uid/gid 65534 (nobody) and
/// returns what it returned; nullopt when the drop is not possible (not root).
/// Lets a root test see real EACCES/EPERM errors.
inline std::optional<std::string> run_as_nobody(const std::function<std::string()>& fn) {
  if (!running_as_root()) return std::nullopt;
  int fds[2];
  if (::pipe(fds) != 0) return std::nullopt;
  const pid_t pid = ::fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    ::close(fds[0]);
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) _exit(3);
    const std::string out = fn();
    const ssize_t n = ::write(fds[1], out.data(), out.size());
    _exit(n == static_cast<ssize_t>(out.size()) ? 0 : 4);
  }
  ::close(fds[1]);
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return out;
}

}  // namespace oomlens::testing
