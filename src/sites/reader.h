#pragma once
// Reading the allocation-site tables that liboomlens-sites.so left in a
// run's sites directory (sites/table.h has the layout), after the job
// ended however it ended.
//
// decode_table() is pure (bytes of one `sites.<pid>` file); read_sites_dir()
// maps each file of the directory and decodes it; symbolize() fills in
// native frames' function, file and line from the objects' debug
// information (addr2line, binutils), after the run, never in the job.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace oomlens::sites {

struct SiteFrame {
  std::optional<std::string> function;  ///< null when unknown
  std::optional<std::string> file;      ///< source file; null for a native frame not symbolised
  std::optional<int> line;              ///< null when unknown
  std::optional<std::string> object;    ///< the ELF file of a native frame; null for a Python frame
  uint64_t addr = 0;                    ///< native: the return address as a link address of `object`
};

struct SiteStack {
  std::vector<SiteFrame> frames;  ///< innermost first; empty for "[other stacks]"
  int64_t live_bytes = 0;         ///< at the end (sampled estimate)
  int64_t peak_bytes = 0;         ///< at the process's peak (sampled estimate)
};

struct ProcessSites {
  int pid = 0, ppid = 0;
  uint64_t interval_bytes = 0;  ///< the mean sampling interval
  uint32_t flags = 0;           ///< sites/table.h kFlag*
  int64_t peak_bytes = 0;       ///< the live total at the process's peak
  int64_t live_bytes = 0;       ///< the live total at the end
  uint64_t samples = 0, dropped = 0;
  std::string exe, python_version;
  std::vector<SiteStack> stacks;  ///< stack 0 is "[other stacks]"
};

/// Decodes one table. Errors (errnum 0): too short, bad magic or version,
/// sizes that disagree with this build's layout. Offsets out of range give
/// null strings, never a read past the end.
[[nodiscard]] Result<ProcessSites> decode_table(std::string_view bytes);

struct SitesDir {
  std::vector<ProcessSites> tables;
  /// One sentence per file that held no table ("sites.123: empty (the
  /// preload could not reserve its file: disk full?)", decode errors).
  std::vector<std::string> notes;
};

/// Every `sites.<pid>` file of `dir`. Error: the directory cannot be opened.
[[nodiscard]] Result<SitesDir> read_sites_dir(const std::string& dir);

/// Symbolises the native frames of `tables` in place: one addr2line
/// process per object with unresolved frames (bounded to 4 s each). Objects
/// that are gone or have no debug information keep their dynamic symbol
/// (or null) and null file/line. Returns false when addr2line is missing.
bool symbolize(std::vector<ProcessSites>& tables);

}  // namespace oomlens::sites
