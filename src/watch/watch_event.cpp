// Renderings of watch events (see watch_event.h).
#include "watch/watch_event.h"

#include <fmt/core.h>

#include <ctime>

#include "util/format.h"
#include "util/i18n.h"
#include "render/json.h"
#include "util/sanitize.h"
#include "util/time.h"

namespace oomlens::watch {
namespace {

// UNIX_MS as the local time `YYYY-MM-DD HH:MM:SS`.
std::string local_time(int64_t unix_ms) {
  std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string rfc3339_utc(int64_t unix_ms) { return format_rfc3339(static_cast<uint64_t>(unix_ms) * 1000, 0, 3); }

// The names JSON and --exec's environment use, in each enum's order
// (watch_event.h).
constexpr const char* kEvidenceNames[] = {"log", "counter_only", "tracepoint"};
constexpr const char* kEmitTypeNames[] = {"event", "update", "summary"};

template <class Enum, size_t N>
const char* name_of(Enum e, const char* const (&names)[N]) {
  const auto i = static_cast<size_t>(e);
  return i < N ? names[i] : names[0];
}

// Kernel-chosen text (comm, paths) reaching a terminal or an environment.
std::string clean(std::string_view s) {
  std::string out = sanitize_utf8(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

}  // namespace

const char* evidence_name(Evidence e) { return name_of(e, kEvidenceNames); }

const char* constraint_label(const OomEvent& e) { return e.constraint ? constraint_name(*e.constraint) : "unknown"; }

const char* emit_type_name(EmitType t) { return name_of(t, kEmitTypeNames); }

std::string burst_summary_text(const BurstSummary& s) {
  std::string owners;
  for (const auto& [k, n] : s.kills_by_owner) owners += fmt::format("{}{} {}", owners.empty() ? "" : ", ", clean(k), n);
  return fmt::format(
      "burst: {} more OOM event{} ({} kill{}{}) summarised here instead of one by one{}; every kill is "
      "still counted in the metrics{}",
      s.events, s.events == 1 ? "" : "s", s.kills, s.kills == 1 ? "" : "s",
      s.counter_only_events ? fmt::format(", {} event(s) counter_only", s.counter_only_events) : std::string(),
      s.updates ? fmt::format(" ({} update(s) left out)", s.updates) : std::string(),
      owners.empty() ? std::string() : "; kills by cgroup owner: " + owners);
}

namespace {

// burst_summary_text() for a person: English as it is (its plurals), else
// the catalogue's sentence, whose language has no plural endings.
std::string burst_summary_line(const BurstSummary& s) {
  if (i18n::language() == "en") return burst_summary_text(s);
  std::string owners;
  for (const auto& [k, n] : s.kills_by_owner) owners += fmt::format("{}{} {}", owners.empty() ? "" : tr(", "), clean(k), n);
  return trf("burst: {} more OOM event(s) ({} kill(s){}) summarised here instead of one by one{}; every kill is still "
             "counted in the metrics{}",
             s.events, s.kills,
             s.counter_only_events ? trf(", {} event(s) counter_only", s.counter_only_events) : std::string(),
             s.updates ? trf(" ({} update(s) left out)", s.updates) : std::string(),
             owners.empty() ? std::string() : trf("; kills by cgroup owner: {}", owners));
}

}  // namespace

nlohmann::json watch_event_json(const WatchEvent& w) {
  if (w.type == EmitType::summary && w.summary) {
    const BurstSummary& s = *w.summary;
    nlohmann::json j;
    j["type"] = "summary";
    j["kills"] = s.kills;
    j["events"] = s.events;
    j["updates"] = s.updates;
    j["counter_only_events"] = s.counter_only_events;
    j["first_detected_at"] = rfc3339_utc(s.first_unix_ms);
    j["last_detected_at"] = rfc3339_utc(s.last_unix_ms);
    j["detected_at"] = rfc3339_utc(w.detected_unix_ms);
    nlohmann::json by_owner = nlohmann::json::object(), by_comm = nlohmann::json::object();
    for (const auto& [k, n] : s.kills_by_owner) by_owner[sanitize_utf8(k)] = n;
    for (const auto& [k, n] : s.kills_by_comm) by_comm[sanitize_utf8(k)] = n;
    j["kills_by_cgroup_owner"] = std::move(by_owner);
    j["kills_by_comm"] = std::move(by_comm);
    j["summary"] = burst_summary_text(s);
    j["capture_notes"] = nlohmann::json::array();
    return j;
  }
  nlohmann::json j = event_to_json(w.event, &w.explanation);
  j["type"] = emit_type_name(w.type);
  j["evidence"] = evidence_name(w.evidence);
  j["kills"] = w.kills;
  j["detected_at"] = rfc3339_utc(w.detected_unix_ms);
  nlohmann::json notes = nlohmann::json::array();
  for (const auto& n : w.capture_notes) notes.push_back(sanitize_utf8(n));
  j["capture_notes"] = std::move(notes);
  if (!w.id.empty()) j["event_id"] = w.id;
  if (!w.sources.empty()) j["evidence_sources"] = w.sources;
  if (w.report) j["report"] = *w.report;
  if (w.report_missing_reason) j["report_missing_reason"] = sanitize_utf8(*w.report_missing_reason);
  if (w.killed_monotonic_s) j["killed_monotonic_s"] = *w.killed_monotonic_s;
  if (w.detected_monotonic_s) j["detected_monotonic_s"] = *w.detected_monotonic_s;
  if (const auto& c = w.cgroup_at_kill) {
    auto opt = [](const std::optional<uint64_t>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    j["cgroup_at_kill"] = {{"path", sanitize_utf8(c->path)}, {"limit_bytes", opt(c->limit_bytes)},
                           {"usage_bytes", opt(c->usage_bytes)}, {"oom_kill", opt(c->oom_kill)}, {"oom", opt(c->oom)}};
  }
  return j;
}

std::string watch_event_line(const WatchEvent& w) {
  std::string when = local_time(w.detected_unix_ms);
  if (w.type == EmitType::summary && w.summary)
    return fmt::format("{}  {}", when, burst_summary_line(*w.summary));
  if (w.type == EmitType::update) {
    std::string parts;
    for (const auto& v : w.event.victims) {
      if (!v.reaped) continue;
      if (!parts.empty()) parts += tr("; ");
      parts += trf("{} (pid {}): oom_reaper left anon-rss {}", clean(v.comm), v.pid ? std::to_string(*v.pid) : "?",
                   v.reaped->anon_rss_bytes ? format_bytes(*v.reaped->anon_rss_bytes) : "?");
    }
    return fmt::format("{}  {}", when, trf("update: {}", parts));
  }
  return fmt::format("{}  {}", when,
                     clean(w.summary_text.empty() ? retranslate(w.explanation.summary) : w.summary_text));
}

std::vector<std::pair<std::string, std::string>> watch_event_env(const WatchEvent& w) {
  std::vector<std::pair<std::string, std::string>> env;
  const OomEvent& e = w.event;
  env.emplace_back("OOMLENS_TYPE", emit_type_name(w.type));
  if (w.type == EmitType::summary && w.summary) {
    env.emplace_back("OOMLENS_KILLS", std::to_string(w.summary->kills));
    env.emplace_back("OOMLENS_SUMMARY", clean(burst_summary_text(*w.summary)));
    return env;
  }
  env.emplace_back("OOMLENS_EVIDENCE", evidence_name(w.evidence));
  env.emplace_back("OOMLENS_KIND", event_kind_name(e.kind));
  env.emplace_back("OOMLENS_CONSTRAINT", constraint_label(e));
  env.emplace_back("OOMLENS_KILLS", std::to_string(w.kills));
  if (!e.victims.empty()) {
    const Victim& v = e.victims.front();
    if (v.pid) env.emplace_back("OOMLENS_PID", std::to_string(*v.pid));
    env.emplace_back("OOMLENS_COMM", clean(v.comm));
    if (v.anon_rss_bytes) env.emplace_back("OOMLENS_ANON_RSS_BYTES", std::to_string(*v.anon_rss_bytes));
  }
  if (e.memcg) {
    const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
    if (path) env.emplace_back("OOMLENS_CGROUP", clean(*path));
    if (e.memcg->owner) {
      env.emplace_back("OOMLENS_OWNER_KIND", clean(e.memcg->owner->kind));
      env.emplace_back("OOMLENS_OWNER", clean(e.memcg->owner->id));
    }
  }
  if (e.kmsg_seq) env.emplace_back("OOMLENS_KMSG_SEQ", std::to_string(*e.kmsg_seq));
  if (e.host) env.emplace_back("OOMLENS_HOST", clean(*e.host));
  if (e.boot_id) env.emplace_back("OOMLENS_BOOT_ID", clean(*e.boot_id));
  env.emplace_back("OOMLENS_SUMMARY", clean(w.explanation.summary));
  return env;
}

namespace {
void redact(nlohmann::json& j) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k == "cmdline" || k == "command_line" || k == "argv") it.value() = "[redacted]";
      else redact(it.value());
    }
  } else if (j.is_array()) {
    for (auto& x : j) redact(x);
  }
}
}  // namespace

nlohmann::json redact_event_json(nlohmann::json event) {
  if (event.is_object()) event.erase("tasks");
  redact(event);
  return event;
}

Explanation counter_only_explanation(const OomEvent& e, uint64_t kills) {
  Explanation x;
  // English (it goes to JSON), marked for the catalogue: watch_event_line() retranslates it.
  const std::string where = e.memcg && e.memcg->task_memcg
                                ? fmt::format(N_("in memory cgroup {}"), *e.memcg->task_memcg)
                                : N_("outside any memory cgroup the counters name (root cgroup, or one already removed)");
  x.summary = fmt::format(N_("The kernel counted {} OOM kill(s) {} whose report is not in the log (lines lost to a "
                             "kmsg overflow or the kernel's rate limit of 10 reports per 5 s)."),
                          kills, where);
  x.advice.push_back(N_("Look for the victims in the job's or container's exit status (137 = SIGKILL)."));
  return x;
}

void explain_into(WatchEvent& w, const OomEvent& e, const ExplainContext& ctx, RecentKills* kills) {
  {
    const i18n::EnglishScope english;
    w.explanation = explain(e, ctx);
    if (kills) kills->check_then_keep(e, w.explanation);  // appends the checks, puts their advice first
  }
  w.summary_text = i18n::language() == "en" ? std::string() : explain(e, ctx).summary;
}

}  // namespace oomlens::watch
