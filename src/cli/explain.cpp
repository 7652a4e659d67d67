// `oomlens explain`: find every OOM report in kernel logs and explain it.
// The whole job, step by step:
//   1. read:    saved files (plain/gzip/stdin), or the live sources merged
//   2. parse:   one ReportScanner per source (streaming, prefiltered)
//   3. decide:  merge duplicates, decode cgroup owners, filter, explain
//   4. render:  text, --summary or --json
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>

#include "cgroup/cgroup.h"
#include "cli/commands.h"
#include "cli/explain_html.h"
#include "cli/explain_output.h"
#include "cli/subcommand_text.h"
#include "diagnose/cgroup_owner.h"
#include "diagnose/event_filter.h"
#include "diagnose/explain.h"
#include "diagnose/merge.h"
#include "diagnose/owner_lookup.h"
#include "diagnose/userspace_evidence.h"
#include "kernel_log/evidence_words.h"
#include "kernel_log/report_scanner.h"
#include "logsource/file_reader.h"
#include "logsource/journal.h"
#include "logsource/live_sources.h"
#include "proc/proc.h"
#include "render/json.h"
#include "render/log_page.h"
#include "render/text.h"
#include "util/exit_status.h"
#include "util/i18n.h"
#include "util/message.h"
#include "util/file.h"

namespace oomlens::cli {
namespace {


struct ExplainArgs {
  std::vector<std::string> files;
  bool json = false;
  bool html = false;
  bool summary = false;
  bool verbose = false;
  std::string since, until, comm, cgroup, color = "auto", root = "/", sources = "kmsg,journal,files";
  std::optional<int64_t> pid;
  std::optional<size_t> last;
  std::vector<std::string> boots;
};

/// A LogSink that owns its scanner and hands on each event it finds.
class CollectingSink final : public LogSink {
 public:
  CollectingSink(ScanOptions options, ReportScanner::EventSink on_event, std::vector<ParseWarning>* warnings,
                 LineKeeper* lines = nullptr)
      : source_(options.source_name),
        scanner_(std::move(options),
                 [this, on_event = std::move(on_event)](OomEvent&& e) {
                   ++events_;
                   // A user-space killer that signalled the victim in the lines read so far (every line up to the
                   // first report, the lines with a kill word after it).
                   diagnose::attach_userspace_kills(e, evidence_.daemon_kills());
                   // What systemd's lines of a unit are tied to at end() (its kill in the unit's cgroup).
                   if (!e.victims.empty() && kills_seen_.size() < kMaxKillsSeen)
                     kills_seen_.push_back(diagnose::kill_seen(e));
                   on_event(std::move(e));
                 }),
        inner_(scanner_),
        warnings_(warnings),
        lines_(lines) {
    // The scanner's anchor sweep finds the evidence's lines too (one pass over the input).
    scanner_.set_watch(&evidence_);
  }
  void text(std::string_view chunk) override {
    if (lines_) lines_->feed(chunk);
    // After the first report the sweep finds the kill words alone (what end() says beside reports; every word
    // costs more to look for, and the other sentences are said only of an input without a report).
    if (events_ > 0 && !kills_only_) {
      scanner_.set_watch(&evidence_, evidence_words::Watched::kills);
      kills_only_ = true;
    }
    inner_.text(chunk);
  }
  void record(std::string_view m, const RecordMeta& meta) override { inner_.record(m, meta); }
  bool wants_meta(std::string_view m) override { return inner_.wants_meta(m); }
  std::optional<uint64_t> text_newlines() const override { return inner_.text_newlines(); }
  void gap(std::string_view why) override { inner_.gap(why); }
  // A journal's earlyoom, systemd-oomd, nohang or systemd line: read as the evidence's, numbered among the kernel's.
  void program_line(std::string_view line) override { evidence_.line_at(line, scanner_.pass_line()); }
  void end() override {
    if (lines_) lines_->finish();
    inner_.end();
    const auto& w = scanner_.warnings();
    warnings_->insert(warnings_->end(), w.begin(), w.end());
    // What the text shows beside the kernel's reports: a user-space killer's kill, systemd's `oom-kill` result
    // (said with reports too); with no report also Slurm's OOM count, systemd's unit sentence, memory.high
    // throttling (each of which says that the kernel's report is not in this text).
    evidence_.finish();
    // systemd's lines of a unit beside the kernel's kills say which kill they are tied to.
    for (const auto& x : evidence_.found()) {
      if (events_ != 0 && !x.kill) continue;
      std::string tied = events_ == 0 ? std::string() : diagnose::systemd_beside_kills(x, kills_seen_);
      warnings_->push_back({source_, x.line, tied.empty() ? x.message : std::move(tied)});
    }
  }

 private:
  std::string source_;
  uint64_t events_ = 0;
  bool kills_only_ = false;  // the watch finds the kill words alone (after the first report)
  diagnose::UserspaceEvidenceScan evidence_;
  std::vector<diagnose::KillSeen> kills_seen_;  // the kills read, the first kMaxKillsSeen
  static constexpr size_t kMaxKillsSeen = 4096;
  ReportScanner scanner_;
  ScannerSink inner_;
  std::vector<ParseWarning>* warnings_;
  LineKeeper* lines_;
};

// The year for syslog stamps that print none, and the latest time a record
// can have: the file's modification time (now for stdin).
void set_file_year(const std::string& path, ScanOptions& so) {
  struct stat st {};
  time_t t = std::time(nullptr);
  if (path != "-" && ::stat(path.c_str(), &st) == 0) t = st.st_mtime;
  std::tm tm{};
  if (!localtime_r(&t, &tm)) return;
  so.default_year = tm.tm_year + 1900;
  so.latest_s = static_cast<double>(t);
}

std::optional<int> read_int_file(const std::string& path) {
  auto t = read_file(path);
  if (!t) return std::nullopt;
  try {
    return std::stoi(*t);
  } catch (...) {
    return std::nullopt;
  }
}

// Which sources were read (live reads only, one line), their errors with
// the advice that fits, and with --verbose their notes.
void print_sources(const std::vector<SourceResult>& results, bool list, bool verbose) {
  if (list) {
    std::string line;
    for (const auto& r : results) {
      if (!line.empty()) line += ", ";
      line += trf("{} ({})", r.name,
                  r.error ? std::string(tr("unreadable")) : r.used ? trf("{} records", r.records) : std::string(tr("none")));
    }
    print_error("explain", "sources: {}", line);
  }
  // The sources' errors, advice and notes are English (they go into JSON):
  // retranslated here.
  for (const auto& r : results) {
    if (r.error) {
      print_error("explain", "{}: {}", r.name, retranslate(source_error_text(*r.error)));
      if (!r.error->advice.empty()) print_error("explain", "  {}", retranslate(r.error->advice));
    }
    if (verbose)
      for (const auto& n : r.notes) print_error("explain", "  {}: {}", r.name, retranslate(n));
  }
}

int run_explain(const ExplainArgs& a) {
  // JSON is never translated (util/i18n.h): its sentences stay English.
  std::optional<i18n::EnglishScope> english;
  if (a.json) english.emplace();
  // Filters first: a bad --since must fail before any reading.
  EventFilter filter;
  const int64_t now = static_cast<int64_t>(std::time(nullptr));
  for (auto [text, out, name] : {std::tuple{&a.since, &filter.since_unix_s, "--since"},
                                 std::tuple{&a.until, &filter.until_unix_s, "--until"}}) {
    if (text->empty()) continue;
    *out = parse_time_spec(*text, now);
    if (!*out) {
      print_error("explain",
                  "{}: cannot read '{}' as a time (use 2025-08-12T03:54:03Z, "
                  "'2025-08-12 03:54', @EPOCH, -2h or '1d ago')",
                  name, *text);
      return kExitUsage;
    }
  }
  filter.pid = a.pid;
  if (!a.comm.empty()) filter.comm = a.comm;
  if (!a.cgroup.empty()) filter.cgroup = a.cgroup;
  filter.last = a.last;

  // --boot: the live journal reads the current and previous boot unless
  // told; a journal given as FILE is read whole, as journalctl --file is.
  std::vector<BootSelector> boots;
  for (const auto& b : a.boots) {
    if (b == "all") {
      boots.clear();
      break;
    }
    auto sel = parse_boot_selector(b);
    if (!sel) {
      print_error("explain", "--boot: '{}' is not 'all', an offset like -1, or a boot id", b);
      return kExitUsage;
    }
    boots.push_back(*sel);
  }

  // 1-4. Read, parse, decide and render, one event at a time (cli/
  // explain_output.h): saved files stream; the live sources are merged in a
  // bounded window first (diagnose/merge.h MergeWindow).
  const ExplainFormat format = a.html      ? ExplainFormat::html
                               : a.json    ? ExplainFormat::json
                               : a.summary ? ExplainFormat::summary
                                           : ExplainFormat::text;
  TextStyle style;
  style.color = a.color == "always" || (a.color == "auto" && ::isatty(1) && !std::getenv("NO_COLOR"));
  ExplainOutput output(format, style, filter);
  std::vector<ParseWarning> warnings;
  std::vector<SourceResult> results;
  std::map<std::string, LineKeeper> kept;  // --html: each file's lines, for the raw-line links
  const bool live = a.files.empty();
  if (live) {
    LiveOptions lo;
    lo.root = a.root;
    lo.kmsg = a.sources.find("kmsg") != std::string::npos;
    lo.journal = a.sources.find("journal") != std::string::npos;
    lo.syslog_files = a.sources.find("files") != std::string::npos;
    if (!a.boots.empty()) lo.journal_boots = boots;
    MergeWindow window;
    results = read_live_sources(lo, [&](const PlannedSource& s) -> std::unique_ptr<LogSink> {
      ScanOptions so;
      so.source_name = s.name;
      so.default_year = s.default_year;
      so.latest_s = s.latest_s;
      return std::make_unique<CollectingSink>(so, [&window](OomEvent&& e) { window.add(std::move(e)); }, &warnings);
    });
    std::vector<OomEvent> events = window.finish();
    if (window.dropped() > 0)
      warnings.push_back({"", 0, trf("{} older report(s) left out: the live merge holds the newest {} (give the "
                                     "log files as FILE to read every report)",
                                     window.dropped(), MergeWindow::kMaxEvents)});
    ExplainContext ctx;
    ctx.overcommit_memory = read_int_file(a.root + "/proc/sys/vm/overcommit_memory");
    if (auto mi = proc::read_meminfo(a.root + "/proc")) ctx.mem_total_bytes = mi->mem_total_bytes;
    output.set_live(ctx, OwnerLookup{a.root, default_docker_root()});
    print_sources(results, !a.json && !a.html, a.verbose);
    if (std::none_of(results.begin(), results.end(), [](const SourceResult& r) { return r.used; })) {
      print_error("explain", "nothing could be read{}", tr(" from the kernel log (see above)"));
      return kExitUsage;
    }
    for (OomEvent& e : events) output.add(std::move(e));
  } else {
    for (const auto& path : a.files) {
      ScanOptions so;
      so.source_name = path;
      set_file_year(path, so);
      CollectingSink sink(so, [&output](OomEvent&& e) { output.add(std::move(e)); }, &warnings,
                          a.html ? &kept[path] : nullptr);
      const JournalInput kind = path == "-" ? JournalInput::other : journal_input_kind(path);
      if (kind == JournalInput::other) {
        results.push_back(read_log_file(path, sink));
      } else {
        JournalOptions jo;
        (kind == JournalInput::directory ? jo.directory : jo.files.emplace_back()) = path;
        jo.boots = boots;
        jo.programs = true;  // the user-space killers' and systemd's lines beside the kernel's (evidence_)
        results.push_back(read_journal(jo, sink));
        results.back().name = path;
      }
      sink.end();
    }
    print_sources(results, false, a.verbose);
    if (std::none_of(results.begin(), results.end(), [](const SourceResult& r) { return r.used; })) {
      print_error("explain", "nothing could be read{}", "");
      return kExitUsage;
    }
  }
  output.finish(results, warnings, kept);
  if (!a.json)
    for (const auto& w : warnings)
      print_error("explain", "warning: {}{}{}", w.source.empty() ? "" : w.source,
                  w.line ? fmt::format(":{}", w.line) : "", w.source.empty() ? w.message : ": " + w.message);
  std::fflush(stdout);
  return output.shown() == 0 ? kExitNone : kExitFound;
}

}  // namespace

void add_explain(CLI::App& app, int* status) {
  auto args = std::make_shared<ExplainArgs>();
  auto* cmd = declare_subcommand(app, kExplainText);
  cmd->add_option("files", args->files, "Saved kernel logs (plain, .gz, .xz, .zst), journal files or directories, - for stdin")->type_name("FILE");
  cmd->add_flag("--json", args->json, "Print one JSON document (docs/schema/event.schema.json)");
  auto* json_flag = cmd->get_option("--json");
  cmd->add_flag("--html", args->html,
                "Print one self-contained HTML page: timeline, filters, explanations, charts, raw lines")
      ->excludes(json_flag);
  cmd->add_flag("--summary", args->summary, "Print one line per event")->excludes("--html");
  cmd->add_flag("-v,--verbose", args->verbose, "Also print each source's notes (gaps, skipped files)");
  cmd->add_option("--since", args->since, "Only events at or after TIME (RFC 3339, @EPOCH, -2h, '1d ago')");
  cmd->add_option("--until", args->until, "Only events at or before TIME");
  cmd->add_option("--pid", args->pid, "Only events where PID was a victim, selected or the trigger");
  cmd->add_option("--comm", args->comm, "Only events where NAME was a victim, selected or the trigger");
  cmd->add_option("--cgroup", args->cgroup, "Only events whose oom_memcg or task_memcg contains TEXT");
  cmd->add_option("--last", args->last, "Only the last N events (after the other filters)")
      ->check(CLI::Range(size_t{1}, size_t{1000000}));  // a bound a user can read (not 1.8e308 in digits)
  cmd->add_option("--boot", args->boots,
                  "Journal boots: all, 0 (current), -1 (previous), or a boot id "
                  "(default: 0 and -1 of the live journal; all of a FILE)")
      ->allow_extra_args(false);  // one value per --boot, so FILEs may follow it
  cmd->add_option("--source", args->sources, "Live sources, comma-separated: kmsg,journal,files");
  cmd->add_option("--color", args->color, "Colour: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--root", args->root, "Root of the system's files (for tests)")->group("");
  cmd->callback([args, status]() { *status = run_explain(*args); });
}

}  // namespace oomlens::cli
