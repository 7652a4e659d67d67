// Run record writer and reader (see record.h).
#include "monitor/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/fd.h"
#include "util/safe_open.h"

namespace oomlens::monitor {

std::optional<std::string> RecordWriter::open(const std::string& path) {
  auto f = open_output(path, OutputMode::truncate);
  if (!f) return "cannot write record " + path + ": " + f.error().message();
  fd_.reset(f->fd);
  path_ = f->path;
  regular_ = f->regular;
  return std::nullopt;
}

std::optional<std::string> RecordWriter::create_new(const std::string& path) {
  auto f = create_unique(path);
  if (!f) return "cannot write record " + path + ": " + f.error().message();
  fd_.reset(f->fd);
  path_ = f->path;
  regular_ = f->regular;
  return std::nullopt;
}

void RecordWriter::write(const nlohmann::json& line, bool sync) {
  if (!fd_) return;
  std::string s = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  s += '\n';
  if (!write_all(fd_.get(), s.data(), s.size())) {
    if (!error_) error_ = std::string("record write failed: ") + std::strerror(errno);
    return;
  }
  bytes_ += s.size();
  if (sync) ::fdatasync(fd_.get());
}

}  // namespace oomlens::monitor
