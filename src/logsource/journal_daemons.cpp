// Userspace OOM killers' journal entries (see journal_daemons.h).
#include "logsource/journal_daemons.h"

#include <systemd/sd-journal.h>

#include <cstring>
#include <string_view>

#include "util/strerror_tr.h"

namespace oomlens {
namespace {

std::string field(sd_journal* j, const char* name) {
  const void* data = nullptr;
  size_t len = 0;
  if (sd_journal_get_data(j, name, &data, &len) < 0) return {};
  std::string_view s(static_cast<const char*>(data), len);
  auto eq = s.find('=');
  return eq == std::string_view::npos ? std::string() : std::string(s.substr(eq + 1));
}

}  // namespace

DaemonMessages read_killer_daemon_messages(uint64_t since_usec, uint64_t until_usec, size_t max_entries) {
  DaemonMessages out;
  sd_journal* j = nullptr;
  int r = sd_journal_open(&j, SD_JOURNAL_LOCAL_ONLY);
  if (r < 0) {
    out.note = std::string("cannot open the journal: ") + strerror_en(-r);
    return out;
  }
  for (const char* m : {"SYSLOG_IDENTIFIER=earlyoom", "SYSLOG_IDENTIFIER=systemd-oomd", "SYSLOG_IDENTIFIER=nohang"}) {
    sd_journal_add_match(j, m, 0);
    sd_journal_add_disjunction(j);
  }
  out.read = true;
  if (sd_journal_seek_realtime_usec(j, since_usec) < 0) {
    out.note = "cannot seek in the journal";
    out.read = false;
  } else {
    while (out.messages.size() < max_entries && sd_journal_next(j) > 0) {
      uint64_t t = 0;
      if (sd_journal_get_realtime_usec(j, &t) < 0) continue;
      if (t < since_usec) continue;
      if (t > until_usec) break;
      out.messages.push_back({field(j, "SYSLOG_IDENTIFIER"), field(j, "MESSAGE"), t});
    }
  }
  sd_journal_close(j);
  return out;
}

}  // namespace oomlens
