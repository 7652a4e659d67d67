#include "render/json.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "../diagnose/event_fixtures.h"
#include "support/ci.h"
#include "util/sanitize.h"
#include "support/paths.h"

namespace oomlens {
namespace {

using nlohmann::json;
using namespace fixtures;
namespace fs = std::filesystem;

constexpr uint64_t kMaxSafe = uint64_t{1} << 53;

/// Every event field set, with hostile strings and a limit sentinel.
OomEvent everything_set() {
  OomEvent e = k8s_oom_group();
  e.time.wall = "2025-08-12T03:54:03+02:00";
  e.trigger->pid = 4242;
  e.trigger->oom_adj = -17;
  e.trigger->comm = "bad\xff\xc3name";
  e.memcg->hierarchy = "v1";
  e.memcg->swap_usage_bytes = 0;
  e.memcg->swap_limit_bytes = 9007199254740988ull * 1024;  // PAGE_COUNTER_MAX
  e.memcg->swap_limit_state = LimitState::limited;
  e.memcg->memsw_usage_bytes = 4 * GiB;
  e.memcg->memsw_limit_bytes = 4 * GiB;
  e.memcg->memsw_failcnt = 42;
  e.memcg->swap_failcnt = 5;
  e.memcg->kmem_usage_bytes = 0;
  e.memcg->kmem_limit_bytes = 9007199254740988ull * 1024;
  e.memcg->stats = {{"rss", 4 * GiB}, {"cache", 24 * KiB}, {"huge", UINT64_MAX}};
  e.mem_info = MemInfo{1 * MiB, 0, 0, 16 * GiB, 100 * MiB, 1 * GiB, 2 * GiB, 10 * MiB, 50 * MiB, 30 * MiB};
  e.victims[0].reaped = Reaped{0, 0, 92 * KiB};
  e.victims[0].selected_score = 969;
  e.victims[0].line = 12;
  e.victims[0].comm = "\xe2\x82";  // truncated
  e.selected.push_back(Selected{22609, "node", 969, "Memory cgroup out of memory"});
  e.chosen = ChosenTask{22609, "node", 0};
  TaskRow r;
  r.pid = 22609;
  r.uid = 0;
  r.tgid = 22609;
  r.total_vm_bytes = 9923620 * KiB;
  r.rss_bytes = 4 * GiB;
  r.rss_anon_bytes = 4 * GiB;
  r.rss_file_bytes = 23132 * KiB;
  r.rss_shmem_bytes = 0;
  r.pgtables_bytes = 10964 * KiB;
  r.swap_bytes = UINT64_MAX;  // garbage: must become null, not a huge number
  r.oom_score_adj = 969;
  r.oom_adj = 15;
  r.comm = "node";
  e.tasks.push_back(r);
  e.lines = {100, 180};
  e.panic_message = "none\x80";
  e.page_size_bytes = 4096;
  e.host = "host1";
  e.boot_id = "0123456789abcdef0123456789abcdef";
  e.kmsg_seq = 123456;
  e.source = "/var/log/kern.log";
  e.notes = {"2 lines lost", "bad \xc0\xaf note"};
  return e;
}

json whole_document(const std::vector<OomEvent>& events) {
  std::vector<Explanation> xs;
  for (const OomEvent& e : events) xs.push_back(explain(e));
  std::vector<SourceResult> sources(2);
  sources[0].name = "kmsg";
  sources[0].error = SystemError{EACCES, "", "run with sudo"};
  sources[1].name = "/var/log/kern.log";
  sources[1].used = true;
  sources[1].records = 5000;
  sources[1].notes = {"rotated \xff"};
  std::vector<ParseWarning> warnings = {{"/var/log/kern.log", 17, "unparsable \xfe line"}};
  return explain_document(events, xs, sources, warnings);
}

void walk(const json& j, const std::function<void(const json&)>& f) {
  f(j);
  if (j.is_structured())
    for (const auto& item : j) walk(item, f);
}

/// Validates with Debian's python3-jsonschema. Skips when it is missing,
/// except under CI=true where the test must run.
void validate_against_schema(const json& doc) {
  if (std::system("/usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1") != 0)
    OOMLENS_SKIP_UNLESS_CI("python3-jsonschema not installed");
  const fs::path schema = fs::path(oomlens::testing::source_dir()) / "docs/schema/event.schema.json";
  const fs::path tmp = fs::temp_directory_path() /
                       ("oomlens_json_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                        ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json");
  {
    std::ofstream out(tmp);
    out << doc.dump(2);
  }
  const std::string cmd =
      "/usr/bin/python3 -c 'import json,jsonschema,sys; "
      "jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])), "
      "cls=jsonschema.Draft202012Validator)' '" +
      schema.string() + "' '" + tmp.string() + "' 2>&1";
  std::string output;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
    const int rc = pclose(p);
    EXPECT_EQ(rc, 0) << output.substr(0, 4000);
  } else {
    ADD_FAILURE() << "popen failed";
  }
  fs::remove(tmp);
}

TEST(Json, EverythingNullValidates) {
  std::vector<OomEvent> events(4);
  events[1].kind = EventKind::selected_no_kill;
  events[2].kind = EventKind::no_killable;
  events[3].kind = EventKind::panic;
  events.push_back(OomEvent{});
  events.back().memcg = MemcgInfo{};
  events.back().mem_info = MemInfo{};
  events.back().trigger = Trigger{};
  events.back().victims.push_back(Victim{});
  events.back().selected.push_back(Selected{});
  events.back().chosen = ChosenTask{};
  events.back().tasks.push_back(TaskRow{});
  const json doc = explain_document(events, {}, {}, {});
  EXPECT_TRUE(doc["events"][4]["victims"][0]["pid"].is_null());  // unknown (Linux 2.4), never 0
  EXPECT_TRUE(doc["events"][4]["chosen"]["pid"].is_null());
  EXPECT_TRUE(doc["events"][4]["memcg"]["memsw_failcnt"].is_null());
  EXPECT_TRUE(doc["events"][4]["memcg"]["swap_failcnt"].is_null());
  EXPECT_TRUE(doc["events"][0]["chosen"].is_null());
  EXPECT_TRUE(doc["events"][0]["explanation"].is_null());
  EXPECT_TRUE(doc["events"][4]["memcg"]["limit_bytes"].is_null());
  EXPECT_EQ(doc["events"][4]["memcg"]["limit_state"], "unknown");
  EXPECT_TRUE(doc["events"][4]["victims"][0]["anon_rss_bytes"].is_null());
  validate_against_schema(doc);
}

TEST(Json, EverythingSetValidates) {
  const json doc = whole_document({everything_set(), docker_python_memcg(), arch_doxygen_global(), sysrq_forced(),
                                   no_killable_panic(), sysrq_panic_on_oom(), selected_apache(), bare_kill_line(),
                                   dataloader_workers(), docker_multikill()});
  EXPECT_EQ(doc["schema_version"], "1.9");
  EXPECT_EQ(doc["events"][0]["chosen"]["pid"], 22609);
  EXPECT_EQ(doc["events"][0]["memcg"]["memsw_failcnt"], 42);
  EXPECT_EQ(doc["events"][0]["memcg"]["swap_failcnt"], 5);
  validate_against_schema(doc);
}

// A source's error keeps its JSON wording: the errno text (what beyond
// opening the source first, when there is one), the advice apart.
TEST(Json, SourceErrorAndAdviceKeepTheirFields) {
  const json doc = whole_document({});
  const json& kmsg = doc["source"][0];
  EXPECT_EQ(kmsg.at("error"), "Permission denied");
  EXPECT_EQ(kmsg.at("advice"), "run with sudo");
  EXPECT_TRUE(doc["source"][1]["error"].is_null());
  EXPECT_TRUE(doc["source"][1]["advice"].is_null());
  std::vector<SourceResult> one(1);
  one[0].name = "journal";
  one[0].error = SystemError{ENOENT, "/var/log/journal"};
  const json j = explain_document_tail(one, {});
  EXPECT_EQ(j["source"][0]["error"], "/var/log/journal: No such file or directory");
  EXPECT_TRUE(j["source"][0]["advice"].is_null());
}

TEST(Json, FieldsAndUnits) {
  const json e = event_to_json(docker_python_memcg(), nullptr);
  EXPECT_EQ(e.at("kind"), "kill");
  EXPECT_EQ(e.at("constraint"), "memcg");
  EXPECT_EQ(e.at("memcg").at("limit_bytes"), 32 * GiB);
  EXPECT_EQ(e.at("memcg").at("limit_state"), "limited");
  EXPECT_EQ(e.at("memcg").at("owner").at("kind"), "docker");
  EXPECT_EQ(e.at("memcg").at("stats").at("file"), 100 * MiB);
  EXPECT_EQ(e.at("victims").at(0).at("anon_rss_bytes"), static_cast<uint64_t>(28.3 * GiB));
  EXPECT_EQ(e.at("time").at("wall"), "2025-08-12T03:54:03+02:00");
  EXPECT_DOUBLE_EQ(e.at("time").at("monotonic_s").get<double>(), 514.682838);
  EXPECT_TRUE(e.at("explanation").is_null());
  EXPECT_TRUE(e.at("mem_info").is_null());
}

// Issue 12, item 7: a year the log did not print is a guess, and the JSON
// says so as well as the note.
TEST(Json, AGuessedYearIsFlagged) {
  OomEvent e = docker_python_memcg();
  EXPECT_EQ(event_to_json(e, nullptr)["time"]["year_inferred"], false);
  e.time.year_inferred = true;
  EXPECT_EQ(event_to_json(e, nullptr)["time"]["year_inferred"], true);
  e.time.wall.reset();  // no wall clock: nothing to have guessed
  EXPECT_TRUE(event_to_json(e, nullptr)["time"]["year_inferred"].is_null());
}

TEST(Json, SentinelsBecomeNullAndUnlimited) {
  const json e = event_to_json(everything_set(), nullptr);
  EXPECT_TRUE(e.at("memcg").at("swap_limit_bytes").is_null());
  EXPECT_EQ(e.at("memcg").at("swap_limit_state"), "unlimited");
  EXPECT_TRUE(e.at("memcg").at("kmem_limit_bytes").is_null());
  EXPECT_FALSE(e.at("memcg").at("stats").contains("huge"));
  EXPECT_TRUE(e.at("tasks").at(0).at("swap_bytes").is_null());
}

TEST(Json, NoNumberAboveTwoToThe53) {
  const json doc = whole_document({everything_set(), dataloader_workers()});
  walk(doc, [](const json& j) {
    if (j.is_number_unsigned()) {
      EXPECT_LE(j.get<uint64_t>(), kMaxSafe);
    } else if (j.is_number_integer()) {
      EXPECT_LE(j.get<int64_t>(), static_cast<int64_t>(kMaxSafe));
      EXPECT_GE(j.get<int64_t>(), -static_cast<int64_t>(kMaxSafe));
    }
  });
}

TEST(Json, InvalidUtf8IsReplacedAndDumpNeverThrows) {
  const json doc = whole_document({everything_set()});
  std::string text;
  ASSERT_NO_THROW(text = doc.dump());
  EXPECT_TRUE(is_valid_utf8(text));
  const json& ev = doc["events"][0];
  EXPECT_EQ(ev.at("trigger").at("comm"), "bad\xEF\xBF\xBD\xEF\xBF\xBDname");
  EXPECT_EQ(ev.at("victims").at(0).at("comm"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(doc["warnings"][0]["line"], 17);
}

TEST(Json, ExplanationShape) {
  const OomEvent e = docker_python_memcg();
  const Explanation x = explain(e);
  const json j = event_to_json(e, &x);
  EXPECT_EQ(j.at("explanation").at("summary"), x.summary);
  EXPECT_EQ(j.at("explanation").at("checks").at(0).at("id"), "victim_anon_vs_limit");
  EXPECT_EQ(j.at("explanation").at("checks").at(0).at("level"), "warn");
  EXPECT_EQ(j.at("explanation").at("checks").at(0).at("figures").at("limit_bytes"), 32 * GiB);
  EXPECT_FALSE(j.at("explanation").at("advice").empty());
}

// --json is written as it goes (issue 21, item 3): byte for byte the
// document's dump(2), with no event, one, and several.
TEST(Json, StreamedDocumentIsTheWholeDocumentByteForByte) {
  std::vector<SourceResult> sources(1);
  sources[0].name = "kern.log";
  sources[0].used = true;
  const std::vector<ParseWarning> warnings = {{"kern.log", 3, "a warning"}};
  const std::vector<OomEvent> all = {everything_set(), docker_python_memcg(), bare_kill_line()};
  for (size_t n = 0; n <= all.size(); ++n) {
    std::vector<OomEvent> events(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
    std::vector<Explanation> xs;
    for (const OomEvent& e : events) xs.push_back(explain(e));
    std::string streamed;
    for (size_t i = 0; i < n; ++i) streamed += json_stream_event(events[i], &xs[i], i == 0);
    streamed += json_stream_tail(sources, warnings, n > 0);
    EXPECT_EQ(streamed, explain_document(events, xs, sources, warnings).dump(2) + "\n") << n << " events";
  }
}

TEST(Json, DroppedTaskRowsAreCounted) {
  OomEvent e = docker_python_memcg();
  json j = event_to_json(e, nullptr);
  EXPECT_EQ(j["tasks_dropped"], 0);
  EXPECT_TRUE(j["tasks_dropped_rss_bytes"].is_null());
  e.tasks_dropped = 5;
  e.tasks_dropped_rss_bytes = 40 * MiB;
  j = event_to_json(e, nullptr);
  EXPECT_EQ(j["tasks_dropped"], 5);
  EXPECT_EQ(j["tasks_dropped_rss_bytes"], 40 * MiB);
}

}  // namespace
}  // namespace oomlens
