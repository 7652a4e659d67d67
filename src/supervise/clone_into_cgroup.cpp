// The names of how the job entered its cgroup, and of clone3's errors (see clone_into_cgroup.h).
#include "supervise/clone_into_cgroup.h"

#include <cerrno>
#include <string>

namespace oomlens::supervise {

std::string errno_name(int err) {
  switch (err) {
    case ENOSYS: return "ENOSYS";
    case E2BIG: return "E2BIG";
    case EINVAL: return "EINVAL";
    case EBADF: return "EBADF";
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case EBUSY: return "EBUSY";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case ENOENT: return "ENOENT";
    case EROFS: return "EROFS";
    case EAGAIN: return "EAGAIN";
    case ENOMEM: return "ENOMEM";
    default: return "errno " + std::to_string(err);
  }
}

std::string clone3_error_text(const SystemError& error) {
  if (error.what == kClone3What) return errno_name(error.errnum);
  return error.what + ": " + errno_name(error.errnum);
}

}  // namespace oomlens::supervise
