#include "util/file.h"
#include "util/fd.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace oomlens {

std::optional<std::string> read_file(const std::string& path, size_t max_bytes) {
  return read_file_at(AT_FDCWD, path.c_str(), max_bytes);
}

std::optional<std::string> read_file_at(int dirfd, const char* name, size_t max_bytes) {
  const UniqueFd fd(::openat(dirfd, name, O_RDONLY | O_CLOEXEC));
  if (!fd) return std::nullopt;
  std::string out;
  char buf[4096];
  while (out.size() < max_bytes) {
    const ssize_t n = ::read(fd.get(), buf, std::min(sizeof buf, max_bytes - out.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

std::optional<std::string_view> reread_fd(int fd, std::string& buf, size_t max_bytes) {
  if (buf.capacity() < 4096) buf.reserve(4096);
  buf.resize(std::min(buf.capacity(), max_bytes));
  size_t got = 0;
  while (got < buf.size()) {
    const ssize_t n = ::pread(fd, buf.data() + got, buf.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      buf.clear();
      return std::nullopt;
    }
    got += static_cast<size_t>(n);
    if (got < buf.size() || n == 0) break;                           // a short read: the whole file
    if (buf.size() < max_bytes) buf.resize(std::min(buf.size() * 2, max_bytes));  // full: there may be more
  }
  buf.resize(got);
  return std::string_view(buf);
}

Status write_file(const std::string& path, std::string_view value) {
  const UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
  if (!fd) {
    const int e = errno;
    return system_error("cannot open " + path, e);
  }
  errno = 0;
  const ssize_t n = ::write(fd.get(), value.data(), value.size());
  if (n < 0 || static_cast<size_t>(n) != value.size()) {
    const int e = n < 0 && errno != 0 ? errno : EIO;
    return system_error("cannot write '" + std::string(value) + "' to " + path, e);
  }
  return kOk;
}

Result<std::string> own_executable() {
  std::string buf(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size());
  if (n <= 0 || static_cast<size_t>(n) >= buf.size())
    return system_error("readlink /proc/self/exe", n <= 0 ? errno : ENAMETOOLONG);
  buf.resize(static_cast<size_t>(n));
  return buf;
}

std::string join_root(std::string_view root, std::string_view rel) {
  std::string out(root);
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  if (out == "/") out.clear();
  if (rel.empty() || rel.front() != '/') out += '/';
  out += rel;
  return out;
}

}  // namespace oomlens
