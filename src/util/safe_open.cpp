// Output files that cannot be redirected (see safe_open.h).
#include "util/safe_open.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>

#include "util/fd.h"

namespace oomlens {
namespace {

/// Regular files, FIFOs and the null device (char 1:3, drivers/char/mem.c) are
/// outputs; a terminal, disk, socket or directory is not.
bool acceptable(const struct stat& st) {
  if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode)) return true;
  return S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 && minor(st.st_rdev) == 3;
}

SystemError refused(const std::string& path, const struct stat& st) {
  if (S_ISLNK(st.st_mode)) return SystemError{ELOOP, path + " is a symbolic link; oomlens does not write through one"};
  return SystemError{EINVAL, path + " is not a regular file, a FIFO or /dev/null; oomlens does not write to it"};
}

}  // namespace

std::string suffixed_path(const std::string& path, int n) {
  const size_t slash = path.rfind('/');
  const size_t base = slash == std::string::npos ? 0 : slash + 1;
  size_t dot = path.rfind('.');
  if (dot == std::string::npos || dot <= base) dot = path.size();  // no extension (or a dot file)
  return path.substr(0, dot) + "-" + std::to_string(n) + path.substr(dot);
}

Result<OutputFile> create_unique(const std::string& path, mode_t mode, int max_suffix) {
  int err = 0;
  for (int n = 0; n <= max_suffix; ++n) {
    std::string name = n == 0 ? path : suffixed_path(path, n);
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd >= 0) return OutputFile{fd, std::move(name), true};
    err = errno;
    if (err != EEXIST) return system_error("create " + name, err);
  }
  return system_error("create " + path + " (and " + std::to_string(max_suffix) + " suffixed names)", err);
}

namespace {
/// The descriptor a standard-stream alias names (/dev/stdout, /dev/stderr,
/// /dev/fd/N, /proc/self/fd/N), or -1. These are the kernel's own links in
/// root-owned directories, not something another user can plant.
int stream_alias_fd(const std::string& path) {
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* dir : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string d = dir;
    if (path.size() > d.size() && path.compare(0, d.size(), d) == 0 &&
        path.find_first_not_of("0123456789", d.size()) == std::string::npos && path.size() - d.size() <= 6)
      return std::stoi(path.substr(d.size()));
  }
  return -1;
}
}  // namespace

Result<OutputFile> open_output(const std::string& path, OutputMode how, mode_t mode) {
  struct stat st {};
  if (const int alias = stream_alias_fd(path); alias >= 0) {
    // Written through a copy of the descriptor, as the shell's >&N would:
    // never truncated, any kind of file but a directory.
    UniqueFd fd(::fcntl(alias, F_DUPFD_CLOEXEC, 3));
    if (!fd) return system_error("open " + path);
    if (::fstat(fd.get(), &st) != 0 || S_ISDIR(st.st_mode))
      return SystemError{EISDIR, path + " is not a file oomlens can write"};
    return OutputFile{fd.release(), path, false};  // a stream: nothing to read back
  }
  if (::lstat(path.c_str(), &st) == 0 && !acceptable(st)) return refused(path, st);
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (how == OutputMode::append ? O_APPEND : 0);
  UniqueFd fd;
  do fd.reset(::open(path.c_str(), flags, mode));
  while (!fd && errno == EINTR);  // a FIFO's open waits for a reader
  if (!fd) {
    if (errno == ELOOP) return SystemError{ELOOP, path + " is a symbolic link; oomlens does not write through one"};
    return system_error("open " + path);
  }
  if (::fstat(fd.get(), &st) != 0 || !acceptable(st)) {
    const int e = errno;
    if (!acceptable(st)) return refused(path, st);
    return system_error("fstat " + path, e);
  }
  if (how == OutputMode::truncate && S_ISREG(st.st_mode) && ::ftruncate(fd.get(), 0) != 0) {
    const int e = errno;
    return system_error("truncate " + path, e);
  }
  return OutputFile{fd.release(), path, S_ISREG(st.st_mode)};
}

}  // namespace oomlens
