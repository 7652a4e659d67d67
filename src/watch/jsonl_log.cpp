// The daemon's JSON Lines log (see jsonl_log.h).
#include "watch/jsonl_log.h"

#include <unistd.h>

#include "util/safe_open.h"

namespace oomlens::watch {

Status JsonlLog::open(const std::string& path) {
  path_ = path;
  auto f = open_output(path, OutputMode::append, 0640);
  if (!f) return f.error();
  fd_.reset(f->fd);
  return kOk;
}

Status JsonlLog::write(std::string_view line) {
  if (!fd_) return kOk;
  if (::write(fd_.get(), line.data(), line.size()) < 0) return system_error("write " + path_);
  return kOk;
}

}  // namespace oomlens::watch
