// Checks the parser against every real report of the shared corpus
// ($OOMLENS_SHARED_DIR/corpus, facts in oracles.json, semantics in its README).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernel_log/report_scanner.h"
#include "support/ci.h"
#include "support/files.h"

namespace oomlens {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::slurp;

std::optional<uint64_t> kb_bytes(const json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<uint64_t>() * 1024;
}

std::string strip_note(std::string s) {  // "path (from …)" → "path"
  auto p = s.find(" (");
  return p == std::string::npos ? s : s.substr(0, p);
}

void check_file(const std::string& name, const json& o, const std::vector<OomEvent>& events) {
  SCOPED_TRACE(name);
  std::vector<const Victim*> victims;
  for (const auto& e : events)
    for (const auto& v : e.victims) victims.push_back(&v);
  ASSERT_EQ(victims.size(), o.at("kills").size()) << "victim count";
  for (const auto& k : o.at("kills")) {
    int64_t pid = k.at("pid").get<int64_t>();
    SCOPED_TRACE("victim " + std::to_string(pid));
    const Victim* v = nullptr;
    for (auto* c : victims)
      if (c->pid == pid) v = c;
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->comm, k.at("comm").get<std::string>());
    EXPECT_EQ(v->total_vm_bytes, kb_bytes(k, "total_vm_kb"));
    EXPECT_EQ(v->anon_rss_bytes, kb_bytes(k, "anon_rss_kb"));
    EXPECT_EQ(v->file_rss_bytes, kb_bytes(k, "file_rss_kb"));
    EXPECT_EQ(v->shmem_rss_bytes, kb_bytes(k, "shmem_rss_kb"));
    EXPECT_EQ(v->pgtables_bytes, kb_bytes(k, "pgtables_kb"));
    if (k.at("uid").is_null()) { EXPECT_FALSE(v->uid); }
    else { EXPECT_EQ(v->uid, k["uid"].get<uint32_t>()); }
    if (k["oom_score_adj"].is_null()) {
      EXPECT_FALSE(v->oom_score_adj);
    } else {
      EXPECT_EQ(v->oom_score_adj, k["oom_score_adj"].get<int>());
      bool table = k.contains("adj_source") && k["adj_source"].get<std::string>().rfind("task table", 0) == 0;
      EXPECT_EQ(v->oom_score_adj_source, std::optional<std::string>(table ? "task_table" : "kill_line"));
    }
    if (k.contains("selected_score")) { EXPECT_EQ(v->selected_score, k["selected_score"].get<uint64_t>()); }
    else { EXPECT_FALSE(v->selected_score); }
    if (k.contains("reaper")) {
      ASSERT_TRUE(v->reaped);
      EXPECT_EQ(v->reaped->anon_rss_bytes, k["reaper"][0].get<uint64_t>() * 1024);
      EXPECT_EQ(v->reaped->file_rss_bytes, k["reaper"][1].get<uint64_t>() * 1024);
      EXPECT_EQ(v->reaped->shmem_rss_bytes, k["reaper"][2].get<uint64_t>() * 1024);
    } else {
      EXPECT_FALSE(v->reaped);
    }
    EXPECT_EQ(v->printed_twice, k.value("printed_twice", false));
  }

  // Constraint: every event that claims one agrees; at least one claims it.
  std::string c = o["constraint"].get<std::string>();
  if (c.rfind("not determinable", 0) == 0) {
    for (const auto& e : events) EXPECT_FALSE(e.constraint);
  } else if (c.rfind("n/a", 0) == 0) {
    bool found = false;
    for (const auto& e : events) found = found || (e.kind == EventKind::panic && !e.constraint);
    EXPECT_TRUE(found) << "a panic event without constraint";
  } else {
    Constraint want = c.rfind("global", 0) == 0 ? Constraint::global : Constraint::memcg;
    ASSERT_TRUE(c.rfind("global", 0) == 0 || c.rfind("memcg", 0) == 0) << c;
    bool any = false;
    for (const auto& e : events) {
      if (e.constraint) { EXPECT_EQ(*e.constraint, want); }
      any = any || e.constraint == want;
    }
    EXPECT_TRUE(any);
  }

  auto find_memcg = [&](auto pred) {
    for (const auto& e : events)
      if (e.memcg && pred(*e.memcg)) return true;
    return false;
  };
  if (!o["memcg"].is_null()) {
    std::string want = strip_note(o["memcg"].get<std::string>());
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.oom_memcg == want; })) << want;
    if (o.contains("task_memcg")) {
      std::string t = o["task_memcg"].get<std::string>();
      if (t.rfind("(same as memcg)", 0) == 0) t = want;
      EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.task_memcg == t; })) << t;
    }
  } else if (o.contains("task_memcg")) {
    std::string t = o["task_memcg"].get<std::string>();
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.task_memcg == t; })) << t;
  }
  if (!o["limit_kb"].is_null()) {
    uint64_t l = o["limit_kb"].get<uint64_t>() * 1024;
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) {
      return m.limit_bytes == l && m.limit_state == LimitState::limited;
    }));
  }
  if (o.contains("usage_kb")) {
    uint64_t u = o["usage_kb"].get<uint64_t>() * 1024;
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.usage_bytes == u; }));
  }
  if (o.contains("failcnt")) {
    uint64_t f = o["failcnt"].get<uint64_t>();
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.failcnt == f; }));
  }
  if (o.contains("memsw_limit_kb")) {
    uint64_t l = o["memsw_limit_kb"].get<uint64_t>() * 1024;
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.memsw_limit_bytes == l; }));
  }
  if (o.contains("kmem_limit_kb")) {  // only the unlimited sentinel occurs in the corpus
    EXPECT_TRUE(find_memcg([&](const MemcgInfo& m) { return m.kmem_usage_bytes && !m.kmem_limit_bytes; }));
  }

  if (o["trigger"].is_null()) {
    for (const auto& e : events) EXPECT_FALSE(e.trigger);
  } else {
    const json& t = o["trigger"];
    const Trigger* tr = nullptr;
    for (const auto& e : events)
      if (e.trigger && e.trigger->comm == t.at("comm").get<std::string>()) tr = &*e.trigger;
    ASSERT_NE(tr, nullptr) << "trigger " << t.at("comm");
    if (t.at("pid").is_null()) { EXPECT_FALSE(tr->pid); }
    else { EXPECT_EQ(tr->pid, t["pid"].get<int64_t>()); }
    if (t.contains("gfp")) { EXPECT_EQ(tr->gfp_mask, t["gfp"].get<std::string>()); }
    if (t.contains("order")) { EXPECT_EQ(tr->order, t["order"].get<int>()); }
    if (t.contains("oom_score_adj")) { EXPECT_EQ(tr->oom_score_adj, t["oom_score_adj"].get<int>()); }
    if (t.contains("oom_adj")) { EXPECT_EQ(tr->oom_adj, t["oom_adj"].get<int>()); }
    if (t.contains("nodemask")) { EXPECT_EQ(tr->nodemask, t["nodemask"].get<std::string>()); }
  }

  if (o.contains("selected")) {
    for (const auto& s : o["selected"]) {
      bool found = false;
      for (const auto& e : events)
        for (const auto& sel : e.selected)
          if (sel.pid == s["pid"].get<int64_t>() && sel.comm == s["comm"].get<std::string>() &&
              sel.score == s["score"].get<uint64_t>()) {
            found = true;
            if (e.victims.empty()) { EXPECT_EQ(e.kind, EventKind::selected_no_kill); }
            for (const auto& row : e.tasks)
              if (row.pid == sel.pid) { EXPECT_EQ(row.oom_score_adj, s["oom_score_adj"].get<int>()); }
          }
      EXPECT_TRUE(found) << "selected " << s["pid"];
    }
  }
  if (o.contains("selected_without_kill")) {
    for (const auto& pid : o["selected_without_kill"]) {
      bool found = false;
      for (const auto& e : events)
        if (e.kind == EventKind::selected_no_kill)
          for (const auto& sel : e.selected) found = found || sel.pid == pid.get<int64_t>();
      EXPECT_TRUE(found) << "selected_no_kill " << pid;
    }
  }
  if (o.value("no_killable", false)) {
    bool found = false;
    for (const auto& e : events) found = found || e.kind == EventKind::no_killable;
    EXPECT_TRUE(found);
  }
  if (o.contains("panic")) {
    bool found = false;
    for (const auto& e : events) found = found || e.panic_message == o["panic"].get<std::string>();
    EXPECT_TRUE(found) << o["panic"];
  }
  if (o.contains("table_rows")) {
    for (const auto& r : o["table_rows"]) {
      bool found = false;
      for (const auto& e : events)
        for (const auto& row : e.tasks)
          found = found || (row.pid == r[0].get<int64_t>() && row.comm == r[1].get<std::string>() &&
                            row.oom_score_adj == r[2].get<int>());
      EXPECT_TRUE(found) << r.dump();
    }
  }
}

std::string chunked_summary(const std::string& text, size_t chunk) {
  std::vector<OomEvent> events;
  ReportScanner s(ScanOptions{}, [&](OomEvent&& e) { events.push_back(std::move(e)); });
  for (size_t i = 0; i < text.size(); i += chunk) s.feed_text(std::string_view(text).substr(i, chunk));
  s.finish();
  std::string out;
  for (const auto& e : events) {
    out += std::to_string(e.lines.first) + "-" + std::to_string(e.lines.last) + ":";
    for (const auto& v : e.victims) out += (v.pid ? std::to_string(*v.pid) : "?") + ",";
    out += ";";
  }
  return out;
}

TEST(Corpus, EveryOracleMatches) {
  fs::path dir = testing::shared_corpus_dir();
  if (!fs::exists(dir / "oracles.json"))
    OOMLENS_SKIP_UNLESS_CI("shared corpus not found at " << dir << " (set OOMLENS_SHARED_DIR)");
  json oracles = json::parse(slurp(dir / "oracles.json"));
  size_t checked = 0;
  for (const auto& [name, o] : oracles.items()) {
    std::string text = slurp(dir / name);
    ASSERT_FALSE(text.empty()) << name;
    ScanOptions opt;
    opt.source_name = name;
    auto events = parse_log_text(text, opt);
    check_file(name, o, events);
    for (const auto& e : events) EXPECT_EQ(e.source, name);
    // Chunk borders anywhere must not change the result.
    std::string whole = chunked_summary(text, text.size());
    for (size_t chunk : {1, 7, 64, 1000}) EXPECT_EQ(chunked_summary(text, chunk), whole) << name << " chunk " << chunk;
    ++checked;
  }
  EXPECT_EQ(checked, 20u);
}

}  // namespace
}  // namespace oomlens
