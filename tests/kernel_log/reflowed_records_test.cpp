// Syslog text a mail client re-flowed as prose (issue 12, class 1; corpus
// 235): the records run into each other, one record starting in the middle of
// a physical line, a prefix broken over two lines. Each record is read whole
// again, at the line number its start is on, whatever the chunk borders.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

const std::vector<std::string_view> kRecords = {
    "Jul  6 06:45:01 host01 kernel: [78748.106803] X invoked oom-killer: gfp_mask=0xd0, order=0, oom_adj=0",
    "Jul  6 06:45:01 host01 kernel: [78748.106808] Pid: 3068, comm: X Not tainted 2.6.31-rc2 #1",
    "Jul  6 06:45:01 host01 kernel: [78748.106811] Call Trace:",
    "Jul  6 06:45:01 host01 kernel: [78748.106834]  [<c107e949>] out_of_memory+0x59/0xc0",
    "Jul  6 06:45:01 host01 kernel: [78748.106837]  [<c1081d17>] __alloc_pages_nodemask+0x4f7/0x510",
    "Jul  6 06:45:01 host01 kernel: [78748.121332] Out of memory: kill process 2385 (mysqld) score 15451 or a child",
    "Jul  6 06:45:01 host01 kernel: [78748.121334] Killed process 2385 (mysqld)",
    "Jul  6 06:45:01 host01 kernel: [78748.137525] Killed process 30192 (spamd)",
};

// The records as one paragraph broken at the last space before `width`
// columns, each line quoted with `> ` (as a mail client sends a reply).
std::string reflow(const std::vector<std::string_view>& records, size_t width) {
  std::string all;
  for (auto r : records) {
    if (!all.empty()) all += ' ';
    all += r;
  }
  std::string out;
  size_t pos = 0;
  while (pos < all.size()) {
    size_t end = pos + width;
    if (end >= all.size()) {
      end = all.size();
    } else {
      size_t sp = all.rfind(' ', end);
      if (sp != std::string::npos && sp > pos) end = sp;
    }
    out += "> ";
    out.append(all, pos, end - pos);
    out += '\n';
    pos = end < all.size() && all[end] == ' ' ? end + 1 : end;
  }
  return out;
}

void expect_report(const std::vector<OomEvent>& ev, const std::string& why) {
  ASSERT_EQ(ev.size(), 2u) << why;
  const OomEvent& e = ev[0];
  ASSERT_TRUE(e.trigger) << why;
  EXPECT_EQ(e.trigger->comm, "X") << why;
  EXPECT_EQ(e.trigger->pid, 3068) << why;
  EXPECT_EQ(e.trigger->gfp_mask, "0xd0") << why;
  EXPECT_EQ(e.trigger->order, 0) << why;
  EXPECT_EQ(e.trigger->oom_adj, 0) << why;
  ASSERT_EQ(e.victims.size(), 1u) << why;
  EXPECT_EQ(e.victims[0].pid, 2385) << why;
  EXPECT_EQ(e.victims[0].comm, "mysqld") << why;
  ASSERT_EQ(ev[1].victims.size(), 1u) << why;
  EXPECT_EQ(ev[1].victims[0].pid, 30192) << why;
  EXPECT_EQ(ev[1].victims[0].comm, "spamd") << why;
}

TEST(ReflowedRecords, RecordsStartingMidLineAreReadWhole) {
  for (size_t width : {62, 72, 76}) {
    const std::string t = reflow(kRecords, width);
    expect_report(parse_log_text(t, ScanOptions{"t", 2009}), "width " + std::to_string(width));
  }
}

// Quoting a web page escaped (`&gt; `): the same records (each record's start
// is found past the one before, though its prefix reads only decoded).
TEST(ReflowedRecords, EscapedQuotingGivesTheSame) {
  std::string t = reflow(kRecords, 72), escaped;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '>') escaped += "&gt;";
    else escaped += t[i];
  }
  expect_report(parse_log_text(escaped, ScanOptions{"t", 2009}), "escaped");
}

TEST(ReflowedRecords, LineNumbersAreThoseOfThePhysicalLines) {
  const std::string t = reflow(kRecords, 72);
  const auto ev = parse_log_text(t, ScanOptions{"t", 2009});
  ASSERT_EQ(ev.size(), 2u);
  // The spamd kill's record starts on the line where its `Jul` is.
  const size_t at = t.find("Jul  6 06:45:01 host01 kernel: [78748.137525]");
  ASSERT_NE(at, std::string::npos);
  const uint64_t line = 1 + static_cast<uint64_t>(std::count(t.begin(), t.begin() + static_cast<long>(at), '\n'));
  EXPECT_EQ(ev[1].lines.first, line);
  EXPECT_EQ(ev[0].lines.first, 1u);
}

TEST(ReflowedRecords, ChunkBordersChangeNothing) {
  // More than the probe's first 64 KiB, so paragraphs reach the scanner chunk by chunk.
  std::string t;
  while (t.size() < (100u << 10)) t += reflow(kRecords, 72) + ">\n";
  const auto whole = parse_log_text(t, ScanOptions{"t", 2009});
  ASSERT_EQ(whole.size() % 2, 0u);
  ASSERT_GE(whole.size(), 2u * 90);
  for (size_t chunk : {1000, 4096, 65536}) {
    const auto ev = testing::parse_chunked(t, chunk);
    ASSERT_EQ(ev.size(), whole.size()) << chunk;
    for (size_t i = 0; i + 1 < ev.size(); i += 2)
      expect_report({ev[i], ev[i + 1]}, "chunk " + std::to_string(chunk) + " event " + std::to_string(i));
  }
}

// Many records in one quoted paragraph (each after the first goes out with the
// paragraph's quoting, read with it, not inserted into the paragraph): every
// report read, each at the physical line its record starts on.
TEST(ReflowedRecords, AQuotedParagraphOfManyRecordsKeepsEachRecordsLine) {
  std::vector<std::string_view> many;
  for (int i = 0; i < 60; ++i) many.insert(many.end(), kRecords.begin(), kRecords.end());
  const std::string t = reflow(many, 72);
  ASSERT_EQ(t.find("\n>\n"), std::string::npos);  // one paragraph
  const auto ev = parse_log_text(t, ScanOptions{"t", 2009});
  ASSERT_EQ(ev.size(), 120u);
  size_t at = 0;
  for (size_t i = 0; i < ev.size(); i += 2) {
    expect_report({ev[i], ev[i + 1]}, "event " + std::to_string(i));
    // The spamd kill's stamp, a token a re-flow never breaks; its record starts at the `Jul` before it.
    at = t.find("[78748.137525]", at + 1);
    ASSERT_NE(at, std::string::npos);
    const size_t start = t.rfind("Jul", at);
    const uint64_t line = 1 + static_cast<uint64_t>(std::count(t.begin(), t.begin() + static_cast<long>(start), '\n'));
    EXPECT_EQ(ev[i + 1].lines.first, line) << i;
  }
}

// The same records one a line: read as they are (no line is joined to the next).
TEST(ReflowedRecords, WholeLinesAreNotJoined) {
  std::string t;
  for (auto r : kRecords) {
    t += r;
    t += '\n';
  }
  expect_report(parse_log_text(t, ScanOptions{"t", 2009}), "whole lines");
}

}  // namespace
}  // namespace oomlens
