// `run --sites` (run/sites.h).
#include "run/sites.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fmt/core.h>
#include <fmt/format.h>

#include "diagnose/peak_sites.h"
#include "util/sanitize.h"
#include "sites/elf_check.h"
#include "sites/reader.h"
#include "sites/table.h"
#include "util/file.h"
#include "util/i18n.h"

namespace oomlens::run {

using nlohmann::json;

std::optional<std::string> find_sites_library(const std::string& exe) {
  std::string dir = exe.substr(0, exe.rfind('/') == std::string::npos ? 0 : exe.rfind('/'));
  for (const char* rel : {"/lib/oomlens/preload/liboomlens-sites.so", "/../lib/oomlens/preload/liboomlens-sites.so"}) {
    std::string p = dir + rel;
    if (::access(p.c_str(), R_OK) == 0) return p;
  }
  return std::nullopt;
}

std::string append_preload(const std::string& old, const std::string& lib) {
  if (old.empty()) return lib;
  // ld.so splits on spaces and colons.
  size_t start = 0;
  while (start <= old.size()) {
    size_t end = old.find_first_of(" :", start);
    if (old.substr(start, end == std::string::npos ? std::string::npos : end - start) == lib) return old;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return old + " " + lib;
}

std::string without_sites_note(const SystemError& why) {
  return fmt::format(N_("--sites: {}; running without sites"), why.message());
}

Status SitesRun::prepare(const std::string& record_path, const std::vector<std::string>& argv) {
  auto st = prepare_dir(record_path, argv);
  if (!st) notes_.push_back(without_sites_note(st.error()));
  return st;
}

Status SitesRun::prepare_dir(const std::string& record_path, const std::vector<std::string>& argv) {
  auto lib = find_sites_library(own_executable().value_or(""));
  if (!lib) return SystemError{0, N_("liboomlens-sites.so was not found next to oomlens")};
  if (!argv.empty())
    if (auto why = sites::preload_blocker_for_command(argv[0])) return SystemError{0, argv[0] + ": " + *why};
  std::string dir = record_path + ".sites";
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return system_error(fmt::format(N_("cannot make {}"), dir));
  char abs[4096];
  if (dir[0] != '/' && ::getcwd(abs, sizeof abs)) dir = std::string(abs) + "/" + dir;
  dir_ = dir;
  lib_ = *lib;
  active_ = true;
  return kOk;
}

void SitesRun::set_env() {
  if (!active_) return;
  if (const char* old = std::getenv("LD_PRELOAD")) old_preload_ = old;
  ::setenv("LD_PRELOAD", append_preload(old_preload_.value_or(""), lib_).c_str(), 1);
  ::setenv(sites::kDirEnv, dir_.c_str(), 1);
  ::setenv(sites::kLibEnv, lib_.c_str(), 1);
}

void SitesRun::restore_env() {
  if (!active_) return;
  if (old_preload_) ::setenv("LD_PRELOAD", old_preload_->c_str(), 1);
  else ::unsetenv("LD_PRELOAD");
  ::unsetenv(sites::kDirEnv);
  ::unsetenv(sites::kLibEnv);
}

void SitesRun::add_to_verdict(json& verdict, const std::map<int, std::string>& roles) {
  if (!active_) {
    if (!notes_.empty()) verdict["sites"] = {{"processes", json::array()}, {"notes", notes_}};
    return;
  }
  auto d = sites::read_sites_dir(dir_);
  if (!d) {
    notes_.push_back(d.error().message());
    verdict["peak_sites"] = json::array();
    verdict["sites"] = {{"processes", json::array()}, {"notes", notes_}, {"dir", dir_}};
    return;
  }
  for (auto& n : d->notes) notes_.push_back(n);
  if (d->tables.empty()) notes_.push_back(N_("no process of the job left a table (did it run a dynamically linked program?)"));
  // Said once per Python version, however many processes ran it.
  std::map<std::string, std::vector<int>> unsupported;
  for (auto& t : d->tables)
    if (t.flags & sites::kFlagPythonUnsupported) unsupported[t.python_version].push_back(t.pid);
  for (auto& [version, pids] : unsupported)
    notes_.push_back(fmt::format(N_("Python {} is not a version whose frames the preload can walk (CPython 3.11 only): "
                                    "native stacks only (pid {})"), version, fmt::join(pids, ", ")));
  for (auto& t : d->tables) {
    if (t.flags & sites::kFlagStacksFull)
      notes_.push_back(fmt::format(N_("pid {}: more distinct stacks than the table holds; the rest are under [other stacks]"), t.pid));
  }
  if (!sites::symbolize(d->tables)) notes_.push_back(N_("addr2line (binutils) could not be run: native frames without file:line"));
  auto top = diagnose::top_peak_sites(d->tables, roles);
  // The source line of each Python site's innermost frame, when readable.
  std::map<std::string, std::string> sources;
  for (auto& s : top) {
    // The innermost Python frame (a torch op's native frames come first), or the innermost frame.
    const sites::SiteFrame* f = s.frames.empty() ? nullptr : &s.frames[0];
    for (auto& fr : s.frames)
      if (!fr.object) {
        f = &fr;
        break;
      }
    if (!f || !f->file || !f->line) continue;
    const std::string key = *f->file + ":" + std::to_string(*f->line);
    if (sources.count(key)) continue;
    auto text = read_file(*f->file, 4u << 20);
    if (!text) continue;
    size_t pos = 0;
    for (int l = 1; l < *f->line && pos != std::string::npos; ++l) {
      pos = text->find('\n', pos);
      if (pos != std::string::npos) ++pos;
    }
    if (pos == std::string::npos || pos >= text->size()) continue;
    std::string line = text->substr(pos, text->find('\n', pos) - pos);
    auto b = line.find_first_not_of(" \t");
    if (b == std::string::npos) continue;
    line = line.substr(b);
    if (line.size() > 80) line = line.substr(0, 77) + "...";
    sources[key] = sanitize_utf8(line);  // a source file need not be UTF-8
  }
  verdict["peak_sites"] = diagnose::peak_sites_json(top, sources);
  json summary = diagnose::sites_summary_json(d->tables, roles, notes_);
  summary["dir"] = dir_;
  verdict["sites"] = summary;
}

}  // namespace oomlens::run
