// Following the journal (see journal_follow.h).
#include "logsource/journal_follow.h"

#include <systemd/sd-journal.h>

#include <cerrno>

#include <fmt/core.h>

#include "logsource/journal_entry.h"
#include "logsource/source_util.h"
#include "util/i18n.h"

namespace oomlens {

JournalFollower::JournalFollower(JournalFollowOptions options) : options_(std::move(options)) {
  result_.name = "journal";
}

JournalFollower::~JournalFollower() {
  if (j_) sd_journal_close(j_);
}

bool JournalFollower::open() {
  int rc = 0;
  if (!options_.directory.empty()) {
    rc = sd_journal_open_directory(&j_, options_.directory.c_str(), 0);
  } else if (options_.root.empty() || options_.root == "/") {
    rc = sd_journal_open(&j_, SD_JOURNAL_LOCAL_ONLY);
  } else {
    rc = sd_journal_open_directory(&j_, options_.root.c_str(), SD_JOURNAL_OS_ROOT);
  }
  if (rc < 0) {
    j_ = nullptr;
    result_.error = SystemError{-rc, "", rc == -EACCES || rc == -EPERM ? journal_permission_advice() : ""};
    return false;
  }
  sd_journal_set_data_threshold(j_, 0);  // whole fields, however long
  static constexpr std::string_view kKernel = "_TRANSPORT=kernel";
  rc = sd_journal_add_match(j_, kKernel.data(), kKernel.size());
  if (rc >= 0) rc = options_.from_start ? sd_journal_seek_head(j_) : sd_journal_seek_tail(j_);
  // After seek_tail, previous() lands on the last entry, so next() returns
  // only entries written from now on.
  if (rc >= 0 && !options_.from_start) rc = sd_journal_previous(j_);
  if (rc >= 0) rc = sd_journal_get_fd(j_);
  if (rc < 0) {
    result_.error = SystemError{-rc, "journal"};
    sd_journal_close(j_);
    j_ = nullptr;
    return false;
  }
  fd_ = rc;
  result_.used = true;
  return true;
}

uint64_t JournalFollower::read_available(LogSink& sink) {
  if (!j_) return 0;
  // Consumes the inotify events (new entries, rotation, new files).
  (void)sd_journal_process(j_);
  uint64_t n = 0;
  int rc = 0;
  JournalEntryReader entry(options_.utc);
  while ((rc = sd_journal_next(j_)) > 0) {
    if (entry.deliver(j_, sink)) ++n;
  }
  if (rc < 0) {
    const std::string why = fmt::format(N_("reading the journal failed: {}"), strerror_en(-rc));
    if (result_.notes.size() < 16) result_.notes.push_back(why);
    sink.gap(why);
  }
  result_.records += n;
  return n;
}

}  // namespace oomlens
