#pragma once
// `run --sites` (docs/run.md, "Allocation sites"): preloading
// liboomlens-sites.so into the job, and reading what it left after the job
// ended. The tables live in RECORD.sites/ beside the record.
//
// Environment change: LD_PRELOAD gains the library at its end (a user's
// own LD_PRELOAD is kept, first); OOMLENS_SITES_DIR names the directory;
// OOMLENS_SITES_LIB the library (the preload adds both back for a child
// whose environment dropped them). Set in oomlens only around the spawn.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/result.h"

namespace oomlens::run {

/// Where liboomlens-sites.so is, relative to the oomlens binary `exe`:
/// EXE_DIR/lib/oomlens/preload (the build tree) or
/// EXE_DIR/../lib/oomlens/preload (installed). nullopt when neither holds it.
[[nodiscard]] std::optional<std::string> find_sites_library(const std::string& exe);

/// LD_PRELOAD's new value: `old` (may be empty) with `lib` appended
/// (space-separated, as ld.so reads it); unchanged when `lib` is already there. Pure.
[[nodiscard]] std::string append_preload(const std::string& old, const std::string& lib);

/// The note (said once, recorded in the verdict's `sites.notes`) for a run
/// that goes on without sites because of `why`: "--sites: WHY; running
/// without sites" (English: a person's line retranslate()s it). Pure.
[[nodiscard]] std::string without_sites_note(const SystemError& why);

class SitesRun {
 public:
  /// Prepares the directory for `record_path` and checks the command. The
  /// error says why the run goes on without sites: the library was not
  /// found, the command cannot take the preload (errnum 0), or the mkdir of
  /// the directory failed (its errno); without_sites_note() of it is said
  /// and recorded.
  [[nodiscard]] Status prepare(const std::string& record_path, const std::vector<std::string>& argv);
  [[nodiscard]] bool active() const { return active_; }
  /// Sets the job's environment in this process (just before the spawn)...
  void set_env();
  /// ...and restores oomlens's own right after it.
  void restore_env();
  /// After the job: the verdict's `peak_sites` and `sites` (roles: pid -> role).
  void add_to_verdict(nlohmann::json& verdict, const std::map<int, std::string>& roles);
  [[nodiscard]] const std::string& dir() const { return dir_; }

 private:
  [[nodiscard]] Status prepare_dir(const std::string& record_path, const std::vector<std::string>& argv);
  bool active_ = false;
  std::string dir_, lib_;
  std::optional<std::string> old_preload_;
  std::vector<std::string> notes_;
};

}  // namespace oomlens::run
