#pragma once
// Reading a log file or stdin, plain or compressed (gzip, xz, zstd), in
// fixed-size chunks.
//
// Memory is two buffers of `chunk_bytes` (the read buffer and, compressed,
// the output buffer) plus the decoder's state (logsource/decompress.h),
// whatever the file size: the file is never loaded whole and never mapped.
// Plain files go through read(2) with POSIX_FADV_SEQUENTIAL. The format is
// detected by its magic bytes (detect_compression()), not by the name, so
// pipes (`cat kern.log.2.gz | oomlens explain -`) work too; concatenated
// members (gzip members, xz streams, zstd frames) are read one after
// another, as `gzip -d` does. A note names the decoder (--verbose).
//
// Errors, in SourceResult:
//  - cannot open: error = its errno (source_error_text(): "No such file or
//    directory", "Permission denied", …); EACCES/EPERM add advice
//    (file_permission_advice()).
//  - a directory: error EISDIR ("Is a directory").
//  - an empty file: used = true, records = 0 (an empty log is a valid log).
//  - a truncated or corrupt compressed stream: what was inflated before the damage
//    is delivered; a note says what happened and sink.gap() is called so an
//    open report is not mistaken for a complete one. `error` is set only when
//    nothing at all could be read.
//  - a read error in the middle: same as corrupt gzip (note + gap).
// Binary garbage is passed through unchanged: the scanner copes.
//
// The reader never calls sink.end(): whoever owns the sink does, so several
// files (e.g. kern.log.2.gz, kern.log.1, kern.log) can feed one sink in order
// and a report split by log rotation is still assembled.
#include <cstddef>
#include <string>
#include <string_view>

#include "logsource/source.h"

namespace oomlens {

struct FileReadOptions {
  /// Size of the read buffer (and of the inflate buffer for gzip). 256 KiB
  /// keeps a chunk in L2 while the scanner walks it.
  size_t chunk_bytes = 256 * 1024;
};

/// Reads `path` ("-" = standard input) into `sink.text()`.
/// `records` counts lines (a last line without '\n' counts too).
/// SourceResult::name is `path` as given.
[[nodiscard]] SourceResult read_log_file(const std::string& path, LogSink& sink,
                                         const FileReadOptions& options = {});

/// Reads an already-open descriptor (not closed here); `name` is used in
/// results and notes. read_log_file() is this plus open(2) and its errors.
[[nodiscard]] SourceResult read_log_fd(int fd, const std::string& name, LogSink& sink,
                                       const FileReadOptions& options = {});

}  // namespace oomlens
