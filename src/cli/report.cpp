// `oomlens report FILE.jsonl`: re-print the summary of a run record.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "diagnose/verdict_from_record.h"
#include "diagnose/verdict_json.h"
#include "logsource/kmsg.h"
#include "monitor/kernel_watch.h"
#include "monitor/record.h"
#include "proc/proc.h"
#include "render/record_text.h"
#include "render/run_data.h"
#include "render/run_page.h"
#include "util/file.h"
#include "util/exit_status.h"
#include "util/fd.h"
#include "util/strerror_tr.h"
#include "util/i18n.h"
#include "util/message.h"

namespace oomlens::cli {
namespace {

// Every kill line now in ROOT/dev/kmsg (empty when unreadable).
std::vector<diagnose::TreeKill> live_kernel_kills(const std::string& root) {
  std::vector<diagnose::TreeKill> out;
  KmsgOptions ko;
  ko.root = root;
  ko.from_start = true;
  struct Collect final : LogSink {
    std::vector<diagnose::TreeKill>* out;
    oomline::KillJoiner kills;
    void text(std::string_view) override {}
    void record(std::string_view m, const RecordMeta& meta) override {
      if (auto j = kills.feed(m)) {
        diagnose::TreeKill t = diagnose::tree_kill_from(monitor::kernel_kill_from(*j));
        t.kmsg_seq = meta.kmsg_seq;
        out->push_back(std::move(t));
      }
    }
    void gap(std::string_view) override {}
    void end() override {}
  } sink;
  sink.out = &out;
  (void)read_kmsg(ko, sink);
  return out;
}

}  // namespace

void add_report(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kReportText);
  cmd->allow_extras(false);  // the app allows extras for `run` only
  auto file = std::make_shared<std::string>();
  auto json_out = std::make_shared<bool>(false);
  auto html_out = std::make_shared<bool>(false);
  auto root = std::make_shared<std::string>("/");
  cmd->add_option("record", *file, "record written by `oomlens run` (.jsonl; - reads stdin)")->required()->type_name("FILE");
  cmd->add_flag("--json", *json_out, "print the verdict line as JSON");
  cmd->add_flag("--html", *html_out, "write one self-contained HTML page (a run record or a sweep document) to stdout")
      ->excludes("--json");
  // The live boot's id and kernel log, for a record without a verdict line.
  cmd->add_option("--root", *root, "Root of the system's files (for tests)")->group("");
  cmd->callback([file, json_out, html_out, root, status]() {
    const std::string path = *file == "-" ? std::string("/dev/stdin") : *file;
    std::optional<monitor::Record> rec;
    if (*html_out) {
      // A sweep document (one JSON object, small) or a record (JSON Lines,
      // any size): the first kSweepDocumentMaxBytes decide; a longer input
      // is a record, read on from there line by line (monitor/record.h).
      constexpr size_t kSweepDocumentMaxBytes = size_t{4} << 20;
      UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
      if (!fd) {
        print_error("report", "cannot read {}: {}", *file, tr_strerror(errno));
        *status = kExitUsage;
        return;
      }
      std::string head;
      bool whole = false, failed = false;
      char buf[64 * 1024];
      while (head.size() <= kSweepDocumentMaxBytes) {
        ssize_t n = ::read(fd.get(), buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          whole = true;
          failed = n < 0;
          break;
        }
        head.append(buf, static_cast<size_t>(n));
      }
      if (failed) {
        print_error("report", "cannot read {}: {}", *file, tr_strerror(errno));
        *status = kExitUsage;
        return;
      }
      if (whole) {
        fd.reset();
        auto doc = nlohmann::json::parse(head, nullptr, false);
        if (!doc.is_discarded() && render::is_sweep_document(doc)) {
          std::string page = render::sweep_page_html(render::sweep_data(doc));
          std::fwrite(page.data(), 1, page.size(), stdout);
          *status = 0;
          return;
        }
        rec = monitor::parse_record(head);
      } else {
        rec = monitor::read_record_fd(fd.get(), head);
        fd.reset();
        std::string().swap(head);
      }
    } else {
      auto r = monitor::read_record(path);
      if (!r) {
        print_error("report", r.error());
        *status = kExitUsage;
        return;
      }
      rec = std::move(*r);
    }
    if (!rec->header && rec->samples.empty() && !rec->verdict) {
      print_error("report", "{} is not an oomlens run record", *file);
      for (auto& n : rec->notes) fmt::print(stderr, "  {}\n", n);
      *status = kExitUsage;
      return;
    }
    // No verdict (oomlens was killed): rebuild one from the record's events
    // and, on the same boot, the live kernel log joined by pid and sequence.
    bool rebuilt = false;
    if (!rec->verdict && rec->header) {
      std::vector<diagnose::TreeKill> live;
      const auto hb = rec->header->find("boot_id");  // null when the run could not read it
      if (auto boot = proc::read_boot_id(join_root(*root, "/proc"));
          boot && hb != rec->header->end() && hb->is_string() && *hb == *boot)
        live = live_kernel_kills(*root);
      auto rv = diagnose::verdict_from_record(*rec->header, rec->events, live);
      if (rv.verdict) {
        auto vj = diagnose::verdict_to_json(*rv.verdict);
        vj["evidence"].push_back(rv.note);
        rec->verdict = vj;
        rebuilt = true;
        rec->notes.push_back(N_("no verdict line (oomlens ended before the job did): the verdict above is rebuilt"));
      } else {
        rec->notes.push_back(rv.note);
      }
    }
    if (*html_out) {
      std::string page = render::run_page_html(render::run_plot_data(*rec));
      std::fwrite(page.data(), 1, page.size(), stdout);
    } else if (*json_out) {
      fmt::print("{}\n", rec->verdict ? rec->verdict->dump() : "null");
    } else {
      fmt::print("{}", render::record_summary(*rec));
    }
    *status = rec->verdict && !rebuilt ? 0 : kExitNoVerdict;
  });
}

}  // namespace oomlens::cli
