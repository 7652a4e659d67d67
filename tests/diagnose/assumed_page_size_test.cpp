// Sizes read from task-table pages when the page size is not in the log (no kill-line kB beside the row, no buddy
// list): the parser assumes 4 KiB (OomEvent::page_size_assumed, with a note), and what explain says from those
// pages carries the assumption. Corpus 553, a 16 KiB-page loongarch64 kernel, came out 4x too low as a bare fact.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

EventOf reaped_victim_with_rows(bool assumed) {
  return EventOf(EventKind::kill)
      .constraint(Constraint::memcg)
      .page_size(4096, assumed)
      .victim(VictimOf(2983827, "prometheus"))
      .task(TaskOf(2983827, "prometheus").rss(6553600ull * 4096))
      .task(TaskOf(12, "pause").rss(4096));
}

TEST(AssumedPageSize, SummaryGivesTheRowsPagesAndTheBytesAsAnAssumption) {
  const Explanation x = explain(reaped_victim_with_rows(true));
  EXPECT_THAT(x.summary, HasSubstr("its task-table row shows 6553600 pages resident, 25.0 GiB if a page is 4 KiB"));
  const Check* c = find(x, "largest_task_rows_shown");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("(sizes at an assumed 4 KiB page: the page size is not in the log)."));
}

TEST(AssumedPageSize, AKnownPageSizeIsSaidAsBytesOnly) {
  const Explanation x = explain(reaped_victim_with_rows(false));
  EXPECT_THAT(x.summary, HasSubstr("its task-table row shows 25.0 GiB resident"));
  EXPECT_THAT(everything(x), Not(HasSubstr("assumed")));
}

}  // namespace
}  // namespace oomlens
