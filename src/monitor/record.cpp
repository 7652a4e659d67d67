// Run record writer and reader (see record.h).
#include "monitor/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "util/fd.h"
#include "util/safe_open.h"

namespace oomlens::monitor {

Status RecordWriter::adopt(const std::string& path, Result<OutputFile> opened) {
  if (!opened) return SystemError{opened.error().errnum, "cannot write record " + path + ": " + opened.error().what,
                                  opened.error().advice};
  fd_.reset(opened->fd);
  path_ = opened->path;
  regular_ = opened->regular;
  return kOk;
}

Status RecordWriter::open(const std::string& path) { return adopt(path, open_output(path, OutputMode::truncate)); }

Status RecordWriter::create_new(const std::string& path) { return adopt(path, create_unique(path)); }

void RecordWriter::write(const nlohmann::json& line, bool sync) {
  if (!fd_) return;
  std::string s = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  s += '\n';
  if (!write_all(fd_.get(), s.data(), s.size())) {
    if (!error_) error_ = system_error("record write failed");
    return;
  }
  bytes_ += s.size();
  if (sync) ::fdatasync(fd_.get());
}

}  // namespace oomlens::monitor
