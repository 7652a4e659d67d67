#include "cli/explain_output.h"

#include <fmt/core.h>

#include <cstdio>
#include <iterator>
#include <utility>

#include "diagnose/cgroup_owner.h"
#include "render/json.h"
#include "render/log_page.h"
#include "util/i18n.h"
#include "util/message.h"

namespace oomlens::cli {

namespace {

void write_out(const std::string& s) { std::fwrite(s.data(), 1, s.size(), stdout); }

}  // namespace

ExplainOutput::ExplainOutput(ExplainFormat format, TextStyle style, const EventFilter& filter)
    : format_(format), style_(style), filter_{filter} {
  if (filter.last) ring_ = *filter.last;
  if (format == ExplainFormat::html) ring_ = std::min(ring_.value_or(kHtmlMaxEvents), kHtmlMaxEvents);
}

void ExplainOutput::add(OomEvent&& event) {
  if (event.memcg && !event.memcg->owner) event.memcg->owner = decode_memcg_owner(*event.memcg);
  // The checks across events (RecentKills: a repeat kill, a run of small kills) are taken now, in read order,
  // against the kills read before: a held event needs no record of them later, so only the last ones are kept
  // (memory stays bounded on a log of many kills).
  Explanation repeat;
  kills_.check_then_keep(event, repeat);
  if (!filter_.accept(event)) return;
  if (lookup_ && event.memcg) lookup_owner_names(*event.memcg, *lookup_, &event.notes);
  ++passed_;
  if (!ring_) {
    emit(event, std::move(repeat));
    return;
  }
  held_.push_back(std::move(event));
  held_earlier_.push_back(std::move(repeat));
  if (held_.size() > *ring_) {
    held_.pop_front();
    held_earlier_.pop_front();
  }
}

Explanation ExplainOutput::explained(const OomEvent& event, Explanation&& repeat) const {
  Explanation x = explain(event, context_);
  x.checks.insert(x.checks.end(), std::make_move_iterator(repeat.checks.begin()),
                  std::make_move_iterator(repeat.checks.end()));
  x.advice.insert(x.advice.begin(), std::make_move_iterator(repeat.advice.begin()),
                  std::make_move_iterator(repeat.advice.end()));
  return x;
}

void ExplainOutput::emit(const OomEvent& event, Explanation&& repeat) {
  const Explanation x = explained(event, std::move(repeat));
  switch (format_) {
    case ExplainFormat::json:
      write_out(json_stream_event(event, &x, shown_ == 0));
      break;
    case ExplainFormat::summary:
      fmt::print("{}\n", render_summary_line(event));
      break;
    case ExplainFormat::text:
      if (shown_ > 0) fmt::print("\n");
      fmt::print("{}", render_event_text(event, x, style_));
      break;
    case ExplainFormat::html:
      break;  // the page is written whole by finish()
  }
  ++shown_;
}

void ExplainOutput::finish(const std::vector<SourceResult>& sources, std::vector<ParseWarning>& warnings,
                           const std::map<std::string, LineKeeper>& kept) {
  if (filter_.untimed > 0)
    warnings.push_back({"", 0, trf("{} event(s) without a wall-clock time were left out by --since/--until",
                                   filter_.untimed)});
  if (format_ == ExplainFormat::html) {
    const uint64_t wanted = filter_.filter.last ? std::min<uint64_t>(passed_, *filter_.filter.last) : passed_;
    if (wanted > held_.size())
      warnings.push_back({"", 0, trf("{} earlier event(s) left out of the page: it holds the last {}",
                                     wanted - held_.size(), kHtmlMaxEvents)});
    std::vector<OomEvent> events(std::make_move_iterator(held_.begin()), std::make_move_iterator(held_.end()));
    held_.clear();
    std::vector<Explanation> explanations;
    explanations.reserve(events.size());
    for (size_t i = 0; i < events.size(); ++i) explanations.push_back(explained(events[i], std::move(held_earlier_[i])));
    held_earlier_.clear();
    shown_ = events.size();
    write_out(render::log_page_html(events, explanations, raw_lines_of(events, kept)));
    return;
  }
  for (size_t i = 0; i < held_.size(); ++i) emit(held_[i], std::move(held_earlier_[i]));
  held_.clear();
  held_earlier_.clear();
  if (format_ == ExplainFormat::json) write_out(json_stream_tail(sources, warnings, shown_ > 0));
  if (format_ == ExplainFormat::text && shown_ == 0) print_error("explain", "no OOM-killer report found");
}

}  // namespace oomlens::cli
