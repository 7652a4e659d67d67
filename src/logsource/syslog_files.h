#pragma once
// Finding the syslog daemon's kernel log files and their rotated copies.
//
// rsyslog (Debian/Ubuntu: /var/log/kern.log; RHEL/SUSE: /var/log/messages)
// writes kernel messages there; logrotate renames them to `kern.log.1`,
// `kern.log.2.gz`, … (higher number = older) or, with `dateext` (RHEL),
// `messages-20231112[.gz]`. Reading the copies oldest first and the live file
// last gives the lines in time order, so a report cut by a rotation is whole.
#include <string>
#include <string_view>
#include <vector>

namespace oomlens {

/// One base log and its rotated copies, in read order.
struct LogSeries {
  std::string base;                ///< e.g. "/var/log/kern.log" (under the root)
  std::vector<std::string> paths;  ///< full paths, oldest first, live file last
  /// Names that look like copies but cannot be read (e.g. `.bz2`: only
  /// gzip, xz and zstd are supported), with the reason, for the notes.
  std::vector<std::string> skipped;
};

/// The pure part: orders the directory entry names (base names, any order)
/// that belong to `base` (e.g. "kern.log"): `base.N[.gz|.xz|.zst]` by N descending,
/// then `base-YYYYMMDD[.gz|.xz|.zst]` by date ascending, then `base` itself. Names of
/// other files are ignored; unsupported compressions go to `skipped`.
/// The returned `paths` hold base names (no directory); `base` is as given.
[[nodiscard]] LogSeries order_rotated_names(std::string_view base,
                                            const std::vector<std::string>& names);

/// The default base names looked for under `<root>/var/log`.
inline const std::vector<std::string>& default_syslog_bases() {
  static const std::vector<std::string> bases{"kern.log", "messages"};
  return bases;
}

/// Lists `<root>/var/log` and returns one series per base that has at least
/// one file, with full paths. A missing or unreadable directory gives an
/// empty list (the caller reports "no syslog files").
[[nodiscard]] std::vector<LogSeries> list_syslog_files(
    std::string_view root = "/", const std::vector<std::string>& bases = default_syslog_bases());

}  // namespace oomlens
