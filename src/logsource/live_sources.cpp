#include "logsource/live_sources.h"

#include <sys/stat.h>

#include <ctime>

#include <fmt/core.h>

#include "logsource/file_reader.h"
#include "logsource/kmsg.h"
#include "logsource/source_util.h"
#include "logsource/syslog_files.h"
#include "util/file.h"
#include "util/i18n.h"

namespace oomlens {

namespace {

void set_newest_year(PlannedSource& src) {
  time_t newest = 0;
  for (const std::string& p : src.paths) {
    struct stat st {};
    if (::stat(p.c_str(), &st) == 0 && st.st_mtime > newest) newest = st.st_mtime;
  }
  if (newest == 0) return;
  struct tm tm {};
  if (localtime_r(&newest, &tm) == nullptr) return;
  src.default_year = tm.tm_year + 1900;
  src.latest_s = static_cast<double>(newest);
}

}  // namespace

std::vector<PlannedSource> plan_live_sources(const LiveOptions& options) {
  std::vector<PlannedSource> plan;
  if (options.kmsg) {
    plan.push_back({PlannedSource::Kind::kmsg, "kmsg", {join_root(options.root, "/dev/kmsg")}, {}, {}});
  }
  if (options.journal) plan.push_back({PlannedSource::Kind::journal, "journal", {}, {}, {}});
  if (options.syslog_files) {
    std::vector<LogSeries> series = list_syslog_files(options.root);
    if (series.empty()) {
      plan.push_back({PlannedSource::Kind::files, join_root(options.root, "/var/log/kern.log"), {}, {}, {}});
    }
    for (LogSeries& s : series) {
      PlannedSource src{PlannedSource::Kind::files, s.base, std::move(s.paths), {}, std::move(s.skipped)};
      set_newest_year(src);
      plan.push_back(std::move(src));
    }
  }
  return plan;
}

std::vector<SourceResult> read_planned_sources(const std::vector<PlannedSource>& plan,
                                               const LiveOptions& options,
                                               const SinkFactory& make_sink) {
  std::vector<SourceResult> results;
  for (const PlannedSource& src : plan) {
    if (src.kind == PlannedSource::Kind::files && src.paths.empty()) {
      SourceResult r;
      r.name = src.name;
      r.notes.push_back(fmt::format(N_("no syslog files (kern.log, messages) under {}"),
                                    join_root(options.root, "/var/log")));
      for (const std::string& s : src.skipped) r.notes.push_back("skipped " + s);
      results.push_back(std::move(r));
      continue;
    }
    std::unique_ptr<LogSink> sink = make_sink(src);
    if (!sink) continue;  // the caller does not want this source
    switch (src.kind) {
      case PlannedSource::Kind::kmsg: {
        KmsgOptions k;
        k.root = options.root;
        if (!src.paths.empty()) k.path = src.paths.front();
        results.push_back(read_kmsg(k, *sink));
        break;
      }
      case PlannedSource::Kind::journal: {
        JournalOptions j;
        j.root = options.root;
        j.boots = options.journal_boots;
        j.utc = options.utc;
        results.push_back(read_journal(j, *sink));
        break;
      }
      case PlannedSource::Kind::files: {
        for (const std::string& path : src.paths) results.push_back(read_log_file(path, *sink));
        for (const std::string& s : src.skipped) results.back().notes.push_back("skipped " + s);
        break;
      }
    }
    sink->end();
  }
  return results;
}

std::vector<SourceResult> read_live_sources(const LiveOptions& options,
                                            const SinkFactory& make_sink) {
  return read_planned_sources(plan_live_sources(options), options, make_sink);
}

}  // namespace oomlens
