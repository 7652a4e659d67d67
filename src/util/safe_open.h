#pragma once
// Opening the files oomlens writes (as root, often in shared directories)
// so that nobody can redirect them: the one way to create an output file.
//
// - A name oomlens chose (the record's default name) is created with
//   O_CREAT|O_EXCL|O_NOFOLLOW, never opened if it exists: a symlink or file
//   planted under that name makes oomlens take the next name
//   (`NAME-1.EXT`, `NAME-2.EXT`, …) instead of writing through it.
// - A name the user gave is opened with O_NOFOLLOW (a symlink as its last
//   component is refused, ELOOP) and must be a regular file, a FIFO (opened
//   for writing, so it waits for a reader) or the null device; anything
//   else (a directory, a terminal, a disk, a socket) is refused before it
//   is opened, and checked again on the open descriptor (fstat), so a swap
//   between the check and the open is caught.
// Errors are util/result.h SystemErrors whose message names the path.
#include <sys/types.h>

#include <string>

#include "util/result.h"

namespace oomlens {

/// An open descriptor (O_WRONLY|O_CLOEXEC, blocking) and the path it was opened as.
struct OutputFile {
  int fd = -1;
  std::string path;
  bool regular = true;  ///< false for a FIFO or /dev/null (nothing to read back)
};

enum class OutputMode {
  truncate,  ///< a regular file that exists is emptied (after the checks)
  append,    ///< writes go to its end (O_APPEND)
};

/// Creates `path` new (O_CREAT|O_EXCL|O_NOFOLLOW, `mode` before umask); on
/// EEXIST tries `STEM-1.EXT` … `STEM-<max_suffix>.EXT` (the extension is what
/// follows the last '.' of the last component; none: `-N` is appended).
/// The error is the last open's (EEXIST when every name was taken).
[[nodiscard]] Result<OutputFile> create_unique(const std::string& path, mode_t mode = 0644, int max_suffix = 99);

/// Opens the user-given `path` for writing (see the file comment): created
/// if missing (`mode` before umask), never through a symlink, only a regular
/// file, a FIFO or /dev/null. Errors: ELOOP (a symlink), EINVAL (another
/// kind of file), and open(2)'s own. A standard-stream alias (/dev/stdout,
/// /dev/stderr, /dev/fd/N, /proc/self/fd/N: the kernel's links) is written
/// through a copy of that descriptor, never truncated, `regular` false.
[[nodiscard]] Result<OutputFile> open_output(const std::string& path, OutputMode how = OutputMode::truncate,
                                            mode_t mode = 0644);

/// `path` with `-N` inserted before its extension: ("a/b.jsonl", 2) → "a/b-2.jsonl",
/// ("a.b/c", 1) → "a.b/c-1" (pure; used by create_unique).
[[nodiscard]] std::string suffixed_path(const std::string& path, int n);

}  // namespace oomlens
