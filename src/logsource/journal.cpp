#include "logsource/journal.h"

#include <fcntl.h>
#include <systemd/sd-journal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <filesystem>
#include <memory>
#include <system_error>

#include <fmt/core.h>

#include "logsource/journal_entry.h"
#include "logsource/source_util.h"
#include "proc/proc.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/i18n.h"

namespace oomlens {

std::optional<BootSelector> parse_boot_selector(std::string_view text) {
  if (text.empty()) return BootSelector::current();
  int value = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc() && p == text.data() + text.size()) {
    if (value <= 0) return BootSelector{BootSelector::Kind::relative, value, {}};
    return BootSelector{BootSelector::Kind::absolute, value, {}};
  }
  if (const auto id = proc::normalize_boot_id(text)) return BootSelector{BootSelector::Kind::id, 0, *id};
  return std::nullopt;
}

std::vector<std::string> resolve_boots(const std::vector<JournalBoot>& boots,
                                       const std::optional<std::string>& anchor,
                                       const std::vector<BootSelector>& selectors,
                                       std::vector<std::string>* notes) {
  const auto size = static_cast<int64_t>(boots.size());
  int64_t current = size - 1;
  bool anchor_missing = false;
  if (anchor) {
    const auto it = std::find_if(boots.begin(), boots.end(),
                                 [&](const JournalBoot& b) { return b.boot_id == *anchor; });
    current = it == boots.end() ? size : it - boots.begin();
    anchor_missing = it == boots.end();
  }
  std::vector<std::string> out;
  const auto add = [&out](const std::string& id) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  };
  for (const BootSelector& s : selectors) {
    if (s.kind == BootSelector::Kind::id) {
      add(s.id);
      continue;
    }
    const int64_t index = s.kind == BootSelector::Kind::relative ? current + s.offset : s.offset - 1;
    if (index >= 0 && index < size) {
      add(boots[static_cast<size_t>(index)].boot_id);
    } else if (anchor_missing && index == size) {
      add(*anchor);  // the live boot, which the journal does not hold: selects nothing
      if (notes) notes->push_back("the journal holds no entries of the current boot");
    } else if (notes) {
      notes->push_back(fmt::format(N_("boot {}{} is not in the journal ({} boots)"),
                                   s.kind == BootSelector::Kind::relative && s.offset > 0 ? "+" : "",
                                   s.offset, size));
    }
  }
  return out;
}

namespace {

struct JournalCloser {
  void operator()(sd_journal* j) const { sd_journal_close(j); }
};
using JournalPtr = std::unique_ptr<sd_journal, JournalCloser>;

/// *.journal files (and journald's rotated `*.journal~`) under the
/// journal directories of `root`, one machine-id level deep.
std::vector<std::string> find_journal_files(const std::string& root, bool* denied) {
  std::vector<std::string> out;
  for (const char* dir : {"/var/log/journal", "/run/log/journal"}) {
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(join_root(root, dir), ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      if (it.depth() > 1) it.disable_recursion_pending();
      const std::string name = it->path().filename().string();
      if ((name.ends_with(".journal") || name.ends_with(".journal~")) &&
          it->is_regular_file(ec)) {
        out.push_back(it->path().string());
      }
    }
    if (ec == std::errc::permission_denied) *denied = true;  // a directory we may not list
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// True when `dir` or a subdirectory of it holds a *.journal / *.journal~ file.
bool holds_journal_files(const std::string& dir) {
  std::error_code ec;
  std::filesystem::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 0) it.disable_recursion_pending();
    const std::string name = it->path().filename().string();
    if (name.ends_with(".journal") || name.ends_with(".journal~")) return true;
  }
  return false;
}

bool readable(const std::string& path, int* err) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) *err = errno;
  return static_cast<bool>(fd);
}

struct Opened {
  JournalPtr journal;
  std::optional<std::string> anchor;  ///< the current boot, for resolve_boots()
};

/// Opens the journal the options name, or fills `result` with why not.
Opened open_journal(const JournalOptions& options, SourceResult& result) {
  Opened out;
  sd_journal* j = nullptr;
  int rc = 0;
  std::vector<std::string> files = options.files;
  if (!options.directory.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(options.directory, ec)) {
      result.error = SystemError{ENOENT, options.directory};
      return out;
    }
    if (!holds_journal_files(options.directory)) {
      result.error = SystemError{0, fmt::format(N_("{}: a directory that holds no journal files"), options.directory)};
      return out;
    }
    rc = sd_journal_open_directory(&j, options.directory.c_str(), 0);
  } else {
    const bool system = files.empty();
    if (system) {
      bool denied = false;
      files = find_journal_files(options.root, &denied);
      if (files.empty() && denied) {
        result.error = SystemError{EACCES, "", journal_permission_advice()};
        return out;
      }
      if (files.empty()) {
        result.notes.push_back(fmt::format(
            N_("no journal: no *.journal files under {} or {} (journald not running, or "
            "Storage=none)"),
            join_root(options.root, "/var/log/journal"), join_root(options.root, "/run/log/journal")));
        return out;
      }
      out.anchor = read_boot_id(options.root);
    }
    std::vector<std::string> ok;
    std::vector<std::string> denied;
    for (const std::string& f : files) {
      int err = 0;
      if (readable(f, &err)) {
        ok.push_back(f);
      } else if (err == EACCES || err == EPERM) {
        denied.push_back(f);
      } else if (!system) {
        result.error = SystemError{err, f};
        return out;
      }
    }
    if (ok.empty()) {
      result.error = denied.empty() ? SystemError{0, "no readable journal files"}
                                    : SystemError{EACCES, "", journal_permission_advice()};
      return out;
    }
    if (!denied.empty()) {
      result.notes.push_back(fmt::format(N_("{} of {} journal files are not readable (e.g. {}): {}"),
                                         denied.size(), files.size(), denied.front(),
                                         journal_permission_advice()));
    }
    if (system && (options.root == "/" || options.root.empty())) {
      rc = sd_journal_open(&j, SD_JOURNAL_LOCAL_ONLY);
    } else {
      std::vector<const char*> argv;
      for (const std::string& f : ok) argv.push_back(f.c_str());
      argv.push_back(nullptr);
      rc = sd_journal_open_files(&j, argv.data(), 0);
    }
  }
  if (rc < 0) {
    result.error = SystemError{-rc, "", rc == -EACCES || rc == -EPERM ? journal_permission_advice() : ""};
    return out;
  }
  out.journal.reset(j);
  sd_journal_set_data_threshold(j, 0);  // whole fields, however long
  return out;
}

std::vector<JournalBoot> boots_of(sd_journal* j) {
  std::vector<std::string> ids;
  if (sd_journal_query_unique(j, "_BOOT_ID") >= 0) {
    const void* data = nullptr;
    size_t len = 0;
    SD_JOURNAL_FOREACH_UNIQUE(j, data, len) {
      std::string_view v(static_cast<const char*>(data), len);
      if (v.starts_with("_BOOT_ID=")) ids.emplace_back(v.substr(9));
    }
  }
  std::vector<JournalBoot> boots;
  for (const std::string& id : ids) {
    sd_journal_flush_matches(j);
    const std::string match = "_BOOT_ID=" + id;
    if (sd_journal_add_match(j, match.data(), match.size()) < 0) continue;
    uint64_t t = 0;
    if (sd_journal_seek_head(j) >= 0 && sd_journal_next(j) > 0 &&
        sd_journal_get_realtime_usec(j, &t) >= 0) {
      if (auto norm = proc::normalize_boot_id(id)) boots.push_back({*norm, t});
    }
  }
  sd_journal_flush_matches(j);
  std::sort(boots.begin(), boots.end(), [](const JournalBoot& a, const JournalBoot& b) {
    return a.first_realtime_usec < b.first_realtime_usec;
  });
  return boots;
}

}  // namespace

JournalInput journal_input_kind(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return JournalInput::directory;
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!fd) return JournalInput::other;
  char head[8];
  const ssize_t n = ::pread(fd.get(), head, sizeof head, 0);  // fails on a pipe: not a journal
  return n == 8 && std::string_view(head, 8) == "LPKSHHRH" ? JournalInput::file : JournalInput::other;
}

std::vector<JournalBoot> list_journal_boots(const JournalOptions& options) {
  SourceResult ignored;
  Opened opened = open_journal(options, ignored);
  if (!opened.journal) return {};
  return boots_of(opened.journal.get());
}

SourceResult read_journal(const JournalOptions& options, LogSink& sink) {
  SourceResult result;
  result.name = "journal";
  Opened opened = open_journal(options, result);
  sd_journal* j = opened.journal.get();
  if (j == nullptr) return result;

  std::vector<std::string> boot_ids;
  if (!options.boots.empty()) {
    boot_ids = resolve_boots(boots_of(j), opened.anchor, options.boots, &result.notes);
    if (boot_ids.empty()) return result;  // nothing selected (notes say why)
  }
  sd_journal_flush_matches(j);
  const std::string transport = "_TRANSPORT=kernel";
  int rc = sd_journal_add_match(j, transport.data(), transport.size());
  if (options.programs) {  // (kernel OR one of the programs) AND (a selected boot)
    if (rc >= 0) rc = sd_journal_add_disjunction(j);
    for (const std::string_view program : kProgramIdentifiers) {  // same field: OR
      const std::string m = "SYSLOG_IDENTIFIER=" + std::string(program);
      if (rc >= 0) rc = sd_journal_add_match(j, m.data(), m.size());
    }
    if (rc >= 0 && !boot_ids.empty()) rc = sd_journal_add_conjunction(j);
  }
  for (const std::string& id : boot_ids) {  // same field: OR; other fields: AND
    const std::string m = "_BOOT_ID=" + id;
    if (rc >= 0) rc = sd_journal_add_match(j, m.data(), m.size());
  }
  if (rc < 0) {
    result.error = SystemError{-rc, N_("journal match failed")};
    return result;
  }
  result.used = true;
  rc = sd_journal_seek_head(j);
  JournalEntryReader entry(options.utc, options.programs);
  while (rc >= 0 && (rc = sd_journal_next(j)) > 0) {
    if (!entry.read(j)) continue;
    if (!entry.kernel()) {
      entry.deliver_program(j, sink);
      continue;
    }
    entry.deliver_read(j, sink);
    ++result.records;
  }
  if (rc < 0) {
    const std::string why = fmt::format(N_("reading the journal stopped: {}"), strerror_en(-rc));
    result.notes.push_back(why);
    sink.gap(why);
  }
  return result;
}

}  // namespace oomlens
