// libFuzzer entry for the parse layer: parse_log_text on the whole input, and
// the same bytes fed through ReportScanner in two chunks split at a
// data-dependent point. Both must not crash and must find the same events.
// The same bytes as a tracefs `format` file and as trace_pipe lines, matched
// against that format and against the real oom:mark_victim format (6.18).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "trace/event_format.h"
#include "trace/signal_generate.h"

namespace {

constexpr std::string_view kMarkVictimFormat =
    "name: mark_victim\nID: 609\nformat:\n\tfield:int pid;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc char[] comm;\toffset:12;\tsize:4;\tsigned:0;\n\n"
    "print fmt: \"pid=%d comm=%s total-vm=%lukB anon-rss=%lukB file-rss:%lukB shmem-rss:%lukB uid=%u "
    "pgtables=%lukB oom_score_adj=%hd\", REC->pid, __get_str(comm), REC->total_vm, REC->anon_rss, "
    "REC->file_rss, REC->shmem_rss, REC->uid, REC->pgtables, REC->oom_score_adj\n";

void fuzz_trace(std::string_view text) {
  static const auto real = oomlens::trace::parse_event_format(kMarkVictimFormat);
  if (!real || real->pieces.size() != 9) std::abort();
  auto own = oomlens::trace::parse_event_format(text);
  while (!text.empty()) {
    auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    (void)oomlens::trace::parse_signal_generate_line(line);
    auto tl = oomlens::trace::parse_trace_line(line);
    for (std::string_view body : {line, tl ? tl->body : std::string_view{}}) {
      if (auto f = oomlens::trace::match_event_body(*real, body)) (void)oomlens::trace::field_number(*f, "pid");
      if (own) (void)oomlens::trace::match_event_body(*own, body);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz_trace(text);
  auto whole = oomlens::parse_log_text(text);

  size_t split = size == 0 ? 0 : (static_cast<size_t>(data[0]) * 257 + (size > 1 ? data[1] : 0)) % (size + 1);
  size_t chunked = 0;
  size_t victims = 0;
  oomlens::ReportScanner scanner(oomlens::ScanOptions{}, [&](oomlens::OomEvent&& e) {
    ++chunked;
    victims += e.victims.size();
  });
  scanner.feed_text(text.substr(0, split));
  scanner.feed_text(text.substr(split));
  scanner.finish();

  size_t whole_victims = 0;
  for (const auto& e : whole) whole_victims += e.victims.size();
  // Lines up to 1 MiB are never cut, so chunking must not change the result.
  if (size < (1u << 20) && (chunked != whole.size() || victims != whole_victims)) std::abort();
  return 0;
}
