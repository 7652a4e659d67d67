// The summary of a "no killable processes" report names the killer only as
// far as the report proves it (issue 12, item 8): a panic after it proves
// "not a cgroup limit", not "the machine" (out_of_memory() panics there for
// cpuset and memory-policy OOMs too).
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "support/oom_builders.h"

namespace oomlens {
namespace {

OomEvent no_killable(std::optional<Constraint> c, std::optional<std::string> panic) {
  testing::EventOf e(EventKind::no_killable);
  if (c) e.constraint(*c);
  if (panic) e.panic(std::move(*panic));
  return e;
}

TEST(CausesNoKillable, PanicIsNoProofOfAGlobalOom) {
  for (const char* panic : {"System is deadlocked on memory", "Out of memory and no killable processes..."}) {
    const std::string s = explain(no_killable(Constraint::global, std::string(panic))).summary;
    EXPECT_EQ(s.find("global"), std::string::npos) << s;
    EXPECT_NE(s.find("The OOM killer found no process it was allowed to kill (machine-wide or within a cpuset or "
                     "NUMA memory-policy limit"), std::string::npos) << s;
    EXPECT_NE(s.find(panic), std::string::npos) << s;
  }
}

TEST(CausesNoKillable, MemcgAndUnknownNeverSayGlobal) {
  const std::string memcg = explain(no_killable(Constraint::memcg, std::nullopt)).summary;
  EXPECT_NE(memcg.find("The memory-cgroup OOM killer found no process"), std::string::npos) << memcg;
  const std::string unknown = explain(no_killable(std::nullopt, std::nullopt)).summary;
  EXPECT_NE(unknown.find("The OOM killer found no process"), std::string::npos) << unknown;
  for (const std::string& s : {memcg, unknown}) {
    EXPECT_EQ(s.find("global"), std::string::npos) << s;
    EXPECT_EQ(s.find("machine"), std::string::npos) << s;
  }
}

TEST(CausesNoKillable, ProvenGlobalStaysGlobal) {
  OomEvent e = no_killable(Constraint::global, std::string("System is deadlocked on memory"));
  e.constraint_printed = "CONSTRAINT_NONE";
  const std::string s = explain(e).summary;
  EXPECT_NE(s.find("The kernel's global OOM killer found no process"), std::string::npos) << s;
}

}  // namespace
}  // namespace oomlens
