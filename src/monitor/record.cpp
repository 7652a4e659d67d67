// Run record writer and reader (see record.h).
#include "monitor/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "util/fd.h"
#include "util/safe_open.h"

namespace oomlens::monitor {

namespace {
// The output's error, said of the record.
SystemError record_error(const std::string& path, const SystemError& e) {
  return SystemError{e.errnum, "cannot write record " + path + ": " + e.what, e.advice};
}
}  // namespace

Status RecordWriter::open(const std::string& path) {
  auto f = open_output(path, OutputMode::truncate);
  if (!f) return record_error(path, f.error());
  fd_.reset(f->fd);
  path_ = f->path;
  regular_ = f->regular;
  return kOk;
}

Status RecordWriter::create_new(const std::string& path) {
  auto f = create_unique(path);
  if (!f) return record_error(path, f.error());
  fd_.reset(f->fd);
  path_ = f->path;
  regular_ = f->regular;
  return kOk;
}

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
