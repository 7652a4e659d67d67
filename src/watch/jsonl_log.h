#pragma once
// The daemon's --log: an append-only JSON Lines file, reopened on SIGHUP
// (logrotate moves it away). One write(2) per line: O_APPEND keeps lines
// whole for log shippers reading along.
#include <string>
#include <string_view>

#include "util/fd.h"
#include "util/result.h"

namespace oomlens::watch {

class JsonlLog {
 public:
  /// (Re)opens PATH for appending: a regular file, never through a symlink
  /// (util/safe_open.h). On an error the file held stays open.
  [[nodiscard]] Status open(const std::string& path);
  /// Appends LINE (its newline included) when a file is open. Error: the
  /// path with write(2)'s errno.
  [[nodiscard]] Status write(std::string_view line);
  [[nodiscard]] bool is_open() const { return static_cast<bool>(fd_); }

 private:
  std::string path_;
  UniqueFd fd_;
};

}  // namespace oomlens::watch
