// Decoding and reading the preload's site tables (sites/reader.h).
#include "sites/reader.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "sites/table.h"
#include "util/fd.h"
#include "util/i18n.h"

namespace oomlens::sites {

namespace {

std::optional<std::string> string_at(std::string_view strings, uint32_t off) {
  if (off == 0 || off >= strings.size()) return std::nullopt;
  auto end = strings.find('\0', off);
  if (end == std::string_view::npos) return std::nullopt;
  return std::string(strings.substr(off, end - off));
}

std::string fixed_string(const char* p, size_t cap) { return std::string(p, strnlen(p, cap)); }

}  // namespace

Result<ProcessSites> decode_table(std::string_view bytes) {
  if (bytes.size() < sizeof(Header)) return SystemError{0, N_("too short for a table header")};
  Header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  if (h.magic != kMagic) return SystemError{0, N_("no table (the process ended before its table was made, or not a table)")};
  if (h.layout != kLayout)
    return SystemError{0, N_("a table of another oomlens version")};
  if (bytes.size() < kFileBytes) return SystemError{0, N_("truncated table")};
  const uint32_t active = h.peak_active & 1;
  ProcessSites p{.pid = h.pid, .ppid = h.ppid, .interval_bytes = h.interval_bytes, .flags = h.flags,
                 .peak_bytes = h.peak_bytes[active], .live_bytes = h.live_bytes, .samples = h.samples,
                 .dropped = h.dropped, .exe = fixed_string(h.exe, sizeof h.exe),
                 .python_version = fixed_string(h.python_version, sizeof h.python_version), .stacks = {}};
  const uint32_t n = std::min(h.nstacks, kMaxStacks);
  const uint32_t npeak = std::min(h.peak_nstacks[active], n);
  std::string_view strings = bytes.substr(kStringsOffset, std::min<uint64_t>(h.strings_used, kStringBytes));
  for (uint32_t i = 0; i < n; ++i) {
    StackMeta m;
    std::memcpy(&m, bytes.data() + kStacksOffset + uint64_t{i} * sizeof(StackMeta), sizeof m);
    SiteStack s;
    std::memcpy(&s.live_bytes, bytes.data() + kLiveOffset + 8ull * i, 8);
    if (i < npeak) std::memcpy(&s.peak_bytes, bytes.data() + kPeakOffset + 8ull * (active * kMaxStacks + i), 8);
    for (uint32_t f = 0; f < std::min(m.nframes, kMaxFrames); ++f) {
      const Frame& fr = m.frames[f];
      SiteFrame sf;
      sf.function = string_at(strings, fr.function);
      sf.file = string_at(strings, fr.file);
      sf.object = string_at(strings, fr.object);
      if (fr.line > 0) sf.line = fr.line;
      sf.addr = fr.addr;
      s.frames.push_back(std::move(sf));
    }
    p.stacks.push_back(std::move(s));
  }
  return p;
}

Result<SitesDir> read_sites_dir(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return system_error("open " + dir);
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d))
    if (std::strncmp(e->d_name, "sites.", 6) == 0) names.emplace_back(e->d_name);
  ::closedir(d);
  std::sort(names.begin(), names.end());
  SitesDir out;
  for (auto& name : names) {
    std::string path = dir + "/" + name;
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    struct stat st {};
    if (!fd || ::fstat(fd.get(), &st) != 0) {
      out.notes.push_back(name + ": " + N_("cannot be read"));
      continue;
    }
    if (st.st_size == 0) {
      out.notes.push_back(name + ": " + N_("empty (the preload could not reserve its table: disk full?); no sites for that process"));
      continue;
    }
    void* m = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd.get(), 0);
    fd.reset();  // the mapping keeps the file
    if (m == MAP_FAILED) {
      out.notes.push_back(name + ": " + N_("cannot be mapped"));
      continue;
    }
    auto t = decode_table(std::string_view(static_cast<const char*>(m), static_cast<size_t>(st.st_size)));
    ::munmap(m, static_cast<size_t>(st.st_size));
    if (t) out.tables.push_back(std::move(*t));
    else out.notes.push_back(name + ": " + t.error().message());
  }
  return out;
}

}  // namespace oomlens::sites
