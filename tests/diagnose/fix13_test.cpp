// h-fix13: issue 12's known misses closed by a general rule each; each test names its corpus file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "diagnose/killer_daemon_log.h"
#include "diagnose/userspace_evidence.h"
#include "kernel_log/report_scanner.h"
#include "support/files.h"
#include "support/paths.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using diagnose::parse_earlyoom_escalation;
using diagnose::userspace_evidence_line;
using diagnose::UserspaceEvidenceScan;

std::string corpus(const std::string& name) { return testing::slurp(testing::source_path("/tests/corpus/" + name)); }

// Corpus 792: earlyoom 1.3+ sends SIGTERM first, then, its victim still alive, `escalating to SIGKILL after 2.4
// seconds` (kill.c): the second signal is told, and given to the SIGTERM's victim.
TEST(Fix13, EarlyoomEscalationToSigkill) {
  EXPECT_EQ(parse_earlyoom_escalation("escalating to SIGKILL after 2.4 seconds"), "2.4");
  EXPECT_EQ(parse_earlyoom_escalation("earlyoom[812]: escalating to SIGKILL after 0.500 seconds"), "0.500");
  EXPECT_FALSE(parse_earlyoom_escalation("escalating to SIGKILL after a while"));
  EXPECT_FALSE(parse_earlyoom_escalation("sent SIGKILL after 3 seconds"));
  EXPECT_THAT(userspace_evidence_line("escalating to SIGKILL after 2.4 seconds"),
              HasSubstr("earlyoom, a user-space OOM killer, escalated to SIGKILL"));

  UserspaceEvidenceScan watch;
  size_t events = 0;
  ReportScanner scanner({}, [&](OomEvent&&) { ++events; });
  scanner.set_watch(&watch);
  scanner.feed_text(corpus("792-earlyoom-131-userspace-sigterm-escalating-to-sigkill-python3-no-kernel-report-negative.log"));
  scanner.finish();
  watch.finish();
  EXPECT_EQ(events, 0u);
  const auto& kills = watch.daemon_kills();
  ASSERT_EQ(kills.size(), 2u);
  EXPECT_EQ(kills[0].signal, "SIGTERM");
  EXPECT_EQ(kills[1].signal, "SIGKILL");
  EXPECT_EQ(kills[1].pid, 12006);
  EXPECT_EQ(kills[1].name, "python3");
  bool told = false;
  for (const auto& f : watch.found()) told = told || f.message.find("escalated to SIGKILL") != std::string::npos;
  EXPECT_TRUE(told);
  // An escalation with no SIGTERM before it names nobody's kill.
  UserspaceEvidenceScan alone;
  ReportScanner s2({}, [](OomEvent&&) {});
  s2.set_watch(&alone);
  s2.feed_text("escalating to SIGKILL after 2.4 seconds\n");
  s2.finish();
  alone.finish();
  EXPECT_TRUE(alone.daemon_kills().empty());
}

}  // namespace
}  // namespace oomlens
