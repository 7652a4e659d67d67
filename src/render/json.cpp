#include "render/json.h"

#include <cmath>

#include "util/sanitize.h"

namespace oomlens {
namespace {

using nlohmann::json;

constexpr uint64_t kMaxSafe = uint64_t{1} << 53;

json str(const std::string& s) { return sanitize_utf8(s); }
json opt_str(const std::optional<std::string>& s) { return s ? str(*s) : json(nullptr); }

json u64(const std::optional<uint64_t>& v) {
  if (!v || *v > kMaxSafe) return nullptr;
  return *v;
}
json i64(const std::optional<int64_t>& v) {
  if (!v || *v > static_cast<int64_t>(kMaxSafe) || *v < -static_cast<int64_t>(kMaxSafe)) return nullptr;
  return *v;
}
// For fields the schema does not allow to be null: clamp into range.
uint64_t clamp_u64(uint64_t v) { return v > kMaxSafe ? kMaxSafe : v; }
int64_t clamp_i64(int64_t v) {
  constexpr auto kMax = static_cast<int64_t>(kMaxSafe);
  return v > kMax ? kMax : (v < -kMax ? -kMax : v);
}
template <typename T>
json opt_int(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}
json opt_double(const std::optional<double>& v) {
  if (!v || !std::isfinite(*v) || *v < 0) return nullptr;
  return *v;
}
json bounded(const std::optional<int>& v, int lo, int hi) {
  if (!v || *v < lo || *v > hi) return nullptr;
  return *v;
}

json constraint_json(const std::optional<Constraint>& c) {
  if (!c) return nullptr;
  return constraint_name(*c);
}

const char* state_name(LimitState s) {
  switch (s) {
    case LimitState::limited: return "limited";
    case LimitState::unlimited: return "unlimited";
    case LimitState::unknown: return "unknown";
  }
  return "unknown";
}

/// A limit and its state; a "limited" value beyond 2^53 bytes is the
/// kernel's no-limit sentinel and becomes null + "unlimited".
void put_limit(json& j, const char* value_key, const char* state_key, const std::optional<uint64_t>& limit,
               LimitState state) {
  if (limit && *limit > kMaxSafe) {
    j[value_key] = nullptr;
    if (state_key) j[state_key] = "unlimited";
    return;
  }
  j[value_key] = state == LimitState::unlimited ? json(nullptr) : u64(limit);
  if (state_key) j[state_key] = state_name(state);
}

json enum_or_null(const std::optional<std::string>& s, std::initializer_list<const char*> allowed) {
  if (!s) return nullptr;
  for (const char* a : allowed)
    if (*s == a) return *s;
  return nullptr;
}

json owner_json(const std::optional<CgroupOwner>& o) {
  if (!o) return nullptr;
  static const std::initializer_list<const char*> kKinds = {"docker", "kubernetes", "systemd", "slurm",
                                                            "lxc",    "podman",     "containerd"};
  json kind = enum_or_null(o->kind, kKinds);
  if (kind.is_null()) return nullptr;  // outside the schema's vocabulary: better unknown than wrong
  return {{"kind", kind},
          {"id", str(o->id)},
          {"pod_uid", opt_str(o->pod_uid)},
          {"container_id", opt_str(o->container_id)},
          {"qos_class", enum_or_null(o->qos_class, {"guaranteed", "burstable", "besteffort"})},
          {"job_id", opt_str(o->job_id)},
          {"step", opt_str(o->step)},
          {"uid", i64(o->uid)},
          {"user", opt_str(o->user)},
          {"name", opt_str(o->name)},
          {"image", opt_str(o->image)},
          {"pod_name", opt_str(o->pod_name)},
          {"pod_namespace", opt_str(o->pod_namespace)},
          {"runtime", enum_or_null(o->runtime, {"containerd", "cri-o", "docker"})},
          {"sandbox", o->pod_name ? json(o->sandbox) : json(nullptr)}};
}

json trigger_json(const std::optional<Trigger>& t) {
  if (!t) return nullptr;
  // 2.6.10–2.6.18's header names no task (oomline::parse_header()): null, never "".
  return {{"comm", t->comm.empty() ? json(nullptr) : str(t->comm)},
          {"pid", i64(t->pid)},
          {"gfp_mask", opt_str(t->gfp_mask)},
          {"order", bounded(t->order, -1, 64)},
          {"oom_score_adj", bounded(t->oom_score_adj, -1000, 1000)},
          {"oom_adj", bounded(t->oom_adj, -17, 15)},
          {"nodemask", opt_str(t->nodemask)},
          {"cpuset", opt_str(t->cpuset)},
          {"mems_allowed", opt_str(t->mems_allowed)},
          {"workqueue", opt_str(t->workqueue)},
          {"work_function", opt_str(t->work_function)}};
}

json memcg_json(const std::optional<MemcgInfo>& m) {
  if (!m) return nullptr;
  json j = {{"oom_memcg", opt_str(m->oom_memcg)}, {"task_memcg", opt_str(m->task_memcg)},
            {"usage_bytes", u64(m->usage_bytes)}, {"failcnt", u64(m->failcnt)},
            {"swap_usage_bytes", u64(m->swap_usage_bytes)}, {"memsw_usage_bytes", u64(m->memsw_usage_bytes)},
            {"kmem_usage_bytes", u64(m->kmem_usage_bytes)}};
  put_limit(j, "limit_bytes", "limit_state", m->limit_bytes, m->limit_state);
  put_limit(j, "swap_limit_bytes", "swap_limit_state", m->swap_limit_bytes, m->swap_limit_state);
  j["swap_failcnt"] = u64(m->swap_failcnt);
  // v1 memsw/kmem limits have no state field: the sentinel is just null.
  j["memsw_limit_bytes"] = u64(m->memsw_limit_bytes);
  j["memsw_failcnt"] = u64(m->memsw_failcnt);
  j["kmem_limit_bytes"] = u64(m->kmem_limit_bytes);
  j["hierarchy"] = enum_or_null(m->hierarchy, {"v1", "v2"});
  json stats = json::object();
  for (const auto& [name, value] : m->stats) {
    if (value <= kMaxSafe) stats[sanitize_utf8(name)] = value;
  }
  j["stats"] = std::move(stats);
  j["owner"] = owner_json(m->owner);
  return j;
}

json mem_info_json(const std::optional<MemInfo>& m) {
  if (!m) return nullptr;
  return {{"free_bytes", u64(m->free_bytes)},
          {"free_swap_bytes", u64(m->free_swap_bytes)},
          {"total_swap_bytes", u64(m->total_swap_bytes)},
          {"ram_bytes", u64(m->ram_bytes)},
          {"reserved_bytes", u64(m->reserved_bytes)},
          {"active_anon_bytes", u64(m->active_anon_bytes)},
          {"inactive_anon_bytes", u64(m->inactive_anon_bytes)},
          {"shmem_bytes", u64(m->shmem_bytes)},
          {"slab_unreclaimable_bytes", u64(m->slab_unreclaimable_bytes)},
          {"active_file_bytes", u64(m->active_file_bytes)},
          {"inactive_file_bytes", u64(m->inactive_file_bytes)},
          {"slab_bytes", u64(m->slab_bytes)},
          {"pagetables_bytes", u64(m->pagetables_bytes)}};
}

json victim_json(const Victim& v) {
  json reaped = nullptr;
  if (v.reaped) {
    reaped = {{"anon_rss_bytes", u64(v.reaped->anon_rss_bytes)},
              {"file_rss_bytes", u64(v.reaped->file_rss_bytes)},
              {"shmem_rss_bytes", u64(v.reaped->shmem_rss_bytes)}};
  }
  return {{"pid", v.pid ? json(clamp_i64(*v.pid)) : json(nullptr)},
          {"comm", str(v.comm)},
          {"uid", opt_int(v.uid)},
          {"total_vm_bytes", u64(v.total_vm_bytes)},
          {"anon_rss_bytes", u64(v.anon_rss_bytes)},
          {"file_rss_bytes", u64(v.file_rss_bytes)},
          {"shmem_rss_bytes", u64(v.shmem_rss_bytes)},
          {"pgtables_bytes", u64(v.pgtables_bytes)},
          {"oom_score_adj", bounded(v.oom_score_adj, -1000, 1000)},
          {"oom_score_adj_source", enum_or_null(v.oom_score_adj_source, {"kill_line", "task_table"})},
          {"selected_score", u64(v.selected_score)},
          {"reaped", reaped},
          {"printed_twice", v.printed_twice ? json(*v.printed_twice) : json(nullptr)},
          {"message", opt_str(v.message)},
          {"line", u64(v.line)}};
}

json chosen_json(const std::optional<ChosenTask>& c) {
  if (!c) return nullptr;
  return {{"pid", c->pid ? json(clamp_i64(*c->pid)) : json(nullptr)}, {"comm", str(c->comm)}, {"uid", opt_int(c->uid)}};
}

json selected_json(const Selected& s) {
  return {{"pid", clamp_i64(s.pid)}, {"comm", str(s.comm)}, {"score", u64(s.score)}, {"message", opt_str(s.message)}};
}

json task_json(const TaskRow& t) {
  return {{"pid", clamp_i64(t.pid)},
          {"uid", opt_int(t.uid)},
          {"tgid", i64(t.tgid)},
          {"total_vm_bytes", u64(t.total_vm_bytes)},
          {"rss_bytes", u64(t.rss_bytes)},
          {"rss_anon_bytes", u64(t.rss_anon_bytes)},
          {"rss_file_bytes", u64(t.rss_file_bytes)},
          {"rss_shmem_bytes", u64(t.rss_shmem_bytes)},
          {"pgtables_bytes", u64(t.pgtables_bytes)},
          {"swap_bytes", u64(t.swap_bytes)},
          {"oom_score_adj", bounded(t.oom_score_adj, -1000, 1000)},
          {"oom_adj", bounded(t.oom_adj, -17, 15)},
          {"comm", str(t.comm)}};
}

json explanation_json(const Explanation* x) {
  if (!x) return nullptr;
  json checks = json::array();
  for (const Check& c : x->checks) {
    json figures = json::object();
    for (const auto& [name, value] : c.figures) figures[sanitize_utf8(name)] = clamp_i64(value);
    checks.push_back({{"id", str(c.id)},
                      {"level", c.level == CheckLevel::warn ? "warn" : "info"},
                      {"message", str(c.message)},
                      {"figures", std::move(figures)}});
  }
  json advice = json::array();
  for (const std::string& a : x->advice) advice.push_back(str(a));
  return {{"summary", str(x->summary)}, {"checks", std::move(checks)}, {"advice", std::move(advice)}};
}

json string_array(const std::vector<std::string>& v) {
  json a = json::array();
  for (const auto& s : v) a.push_back(str(s));
  return a;
}

json alloc_stall_json(const std::optional<AllocStall>& s) {
  if (!s) return nullptr;
  return {{"comm", str(s->comm)},
          {"stall_ms", clamp_u64(s->stall_ms)},
          {"order", s->order ? json(*s->order) : json(nullptr)},
          {"line", u64(s->line)}};
}

}  // namespace

nlohmann::json event_to_json(const OomEvent& e, const Explanation* explanation) {
  json victims = json::array(), selected = json::array(), tasks = json::array();
  for (const Victim& v : e.victims) victims.push_back(victim_json(v));
  for (const Selected& s : e.selected) selected.push_back(selected_json(s));
  for (const TaskRow& t : e.tasks) tasks.push_back(task_json(t));
  return {{"kind", event_kind_name(e.kind)},
          {"time",
           {{"monotonic_s", opt_double(e.time.monotonic_s)},
            {"wall", opt_str(e.time.wall)},
            {"year_inferred", e.time.wall ? json(e.time.year_inferred) : json(nullptr)}}},
          {"constraint", constraint_json(e.constraint)},
          {"constraint_printed", opt_str(e.constraint_printed)},
          {"trigger", trigger_json(e.trigger)},
          {"memcg", memcg_json(e.memcg)},
          {"mem_info", mem_info_json(e.mem_info)},
          {"victims", std::move(victims)},
          {"selected", std::move(selected)},
          {"chosen", chosen_json(e.chosen)},
          {"tasks", std::move(tasks)},
          {"tasks_dropped", clamp_u64(e.tasks_dropped)},
          {"tasks_dropped_rss_bytes", u64(e.tasks_dropped_rss_bytes)},
          {"lines", {{"first", clamp_u64(e.lines.first)}, {"last", clamp_u64(e.lines.last)}}},
          {"sysrq", e.sysrq},
          {"limit_lowered", limit_file_name(e.limit_lowered) ? json(limit_file_name(e.limit_lowered)) : json(nullptr)},
          {"panic_message", opt_str(e.panic_message)},
          {"alloc_stall", alloc_stall_json(e.alloc_stall)},
          {"page_size_bytes", u64(e.page_size_bytes)},
          {"page_size_assumed", e.page_size_assumed},
          {"host", opt_str(e.host)},
          {"boot_id", opt_str(e.boot_id)},
          {"kmsg_seq", u64(e.kmsg_seq)},
          {"source", opt_str(e.source)},
          {"notes", string_array(e.notes)},
          {"explanation", explanation_json(explanation)}};
}

nlohmann::json explain_document(const std::vector<OomEvent>& events, const std::vector<Explanation>& explanations,
                                const std::vector<SourceResult>& sources, const std::vector<ParseWarning>& warnings) {
  json doc = explain_document_tail(sources, warnings);
  json& evs = doc["events"];
  for (size_t i = 0; i < events.size(); ++i)
    evs.push_back(event_to_json(events[i], i < explanations.size() ? &explanations[i] : nullptr));
  return doc;
}

nlohmann::json explain_document_tail(const std::vector<SourceResult>& sources,
                                     const std::vector<ParseWarning>& warnings) {
  json src = json::array();
  for (const SourceResult& s : sources) {
    src.push_back({{"name", str(s.name)},
                   {"used", s.used},
                   {"records", clamp_u64(s.records)},
                   {"error", s.error ? str(source_error_text(*s.error)) : json(nullptr)},
                   {"advice", s.error && !s.error->advice.empty() ? str(s.error->advice) : json(nullptr)},
                   {"notes", string_array(s.notes)}});
  }
  json warns = json::array();
  for (const ParseWarning& w : warnings) {
    warns.push_back({{"source", str(w.source)},
                     {"line", clamp_u64(w.line)},
                     {"message", str(w.message)}});
  }
  return {{"schema_version", kSchemaVersion}, {"source", std::move(src)}, {"events", json::array()},
          {"warnings", std::move(warns)}};
}

// The document's keys are sorted ("events" first), so its events can be
// written before the rest is known, as dump(2) would have written them.
std::string json_stream_event(const OomEvent& event, const Explanation* explanation, bool first) {
  const std::string one = event_to_json(event, explanation).dump(2);
  std::string out = first ? "{\n  \"events\": [\n    " : ",\n    ";
  out.reserve(out.size() + one.size() + one.size() / 8);
  for (char c : one) {
    out += c;
    if (c == '\n') out += "    ";
  }
  return out;
}

std::string json_stream_tail(const std::vector<SourceResult>& sources, const std::vector<ParseWarning>& warnings,
                             bool any_event) {
  std::string doc = explain_document_tail(sources, warnings).dump(2) + "\n";
  if (!any_event) return doc;
  static constexpr std::string_view kEmpty = "\"events\": []";
  const size_t at = doc.find(kEmpty);
  return "\n  ]" + doc.substr(at + kEmpty.size());
}

}  // namespace oomlens
