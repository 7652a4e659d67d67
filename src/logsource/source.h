#pragma once
// Log sources: where kernel log text comes from (read layer).
//
// Each reader pushes what it reads into a ReportScanner and returns how it
// went; none parses OOM reports itself. Every reader takes a root path or an
// explicit file so tests run on fixture trees.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel_log/report_scanner.h"

namespace oomlens {

/// The outcome of reading one source.
struct SourceResult {
  std::string name;          ///< "kmsg", "journal", "/var/log/kern.log.2.gz", "-"
  bool used = false;         ///< something was read from it
  uint64_t records = 0;      ///< lines or records read
  std::optional<std::string> error;   ///< why it could not be read (e.g. "Permission denied")
  std::optional<std::string> advice;  ///< what fixes that (sudo, `adm` group, …)
  std::vector<std::string> notes;     ///< e.g. "records 1200-1260 were overwritten (EPIPE)"
};

}  // namespace oomlens
