#include "util/strerror_tr.h"

#include <cerrno>
#include <cstring>
#include <iterator>

#include <fmt/core.h>

#include "util/i18n.h"

namespace oomlens {
namespace {

// The errnos oomlens's own system calls can report (open/read/write of
// /proc, cgroupfs, tracefs, /dev/kmsg and the user's files; mkdir/rmdir of
// cgroups; fork/exec/kill/pidfd; sockets of the daemon), in glibc's words
// (string/_strerror.c via sysdeps/gnu/errlist.h; the unit test compares
// each with strerrordesc_np).
constexpr ErrnoMsgid kMsgids[] = {
    {EPERM, N_("Operation not permitted")},
    {ENOENT, N_("No such file or directory")},
    {ESRCH, N_("No such process")},
    {EINTR, N_("Interrupted system call")},
    {EIO, N_("Input/output error")},
    {ENXIO, N_("No such device or address")},
    {E2BIG, N_("Argument list too long")},
    {ENOEXEC, N_("Exec format error")},
    {EBADF, N_("Bad file descriptor")},
    {ECHILD, N_("No child processes")},
    {EAGAIN, N_("Resource temporarily unavailable")},
    {ENOMEM, N_("Cannot allocate memory")},
    {EACCES, N_("Permission denied")},
    {EFAULT, N_("Bad address")},
    {EBUSY, N_("Device or resource busy")},
    {EEXIST, N_("File exists")},
    {EXDEV, N_("Invalid cross-device link")},
    {ENODEV, N_("No such device")},
    {ENOTDIR, N_("Not a directory")},
    {EISDIR, N_("Is a directory")},
    {EINVAL, N_("Invalid argument")},
    {ENFILE, N_("Too many open files in system")},
    {EMFILE, N_("Too many open files")},
    {ENOTTY, N_("Inappropriate ioctl for device")},
    {ETXTBSY, N_("Text file busy")},
    {EFBIG, N_("File too large")},
    {ENOSPC, N_("No space left on device")},
    {EROFS, N_("Read-only file system")},
    {EMLINK, N_("Too many links")},
    {EPIPE, N_("Broken pipe")},
    {ERANGE, N_("Numerical result out of range")},
    {ENAMETOOLONG, N_("File name too long")},
    {ENOSYS, N_("Function not implemented")},
    {ENOTEMPTY, N_("Directory not empty")},
    {ELOOP, N_("Too many levels of symbolic links")},
    {ENODATA, N_("No data available")},
    {EOVERFLOW, N_("Value too large for defined data type")},
    {EOPNOTSUPP, N_("Operation not supported")},
    {EAFNOSUPPORT, N_("Address family not supported by protocol")},
    {EADDRINUSE, N_("Address already in use")},
    {EADDRNOTAVAIL, N_("Cannot assign requested address")},
    {ECONNREFUSED, N_("Connection refused")},
    {ETIMEDOUT, N_("Connection timed out")},
    {EDQUOT, N_("Disk quota exceeded")},
};

}  // namespace

std::string strerror_en(int errnum) {
  const char* english = ::strerrordesc_np(errnum);  // never translated, unlike strerror()
  return english ? std::string(english) : fmt::format("Unknown error {}", errnum);
}

std::string tr_strerror(int errnum) {
  const char* english = ::strerrordesc_np(errnum);  // static storage: tr() may return it
  return english ? std::string(tr(english)) : strerror_en(errnum);
}

const ErrnoMsgid* errno_msgids(size_t* count) {
  *count = std::size(kMsgids);
  return kMsgids;
}

}  // namespace oomlens
