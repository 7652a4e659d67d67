// Tracepoint print formats (trace/event_format.h) and mark_victim events
// (trace/oom_trace.h), on the real 6.18 format file and older layouts.
#include <gtest/gtest.h>

#include "trace/event_format.h"
#include "trace/oom_trace.h"
#include "trace/signal_generate.h"

namespace oomlens::trace {
namespace {

// /sys/kernel/tracing/events/oom/mark_victim/format on this machine (6.18).
constexpr std::string_view kFormat618 =
    "name: mark_victim\n"
    "ID: 609\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:int pid;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc char[] comm;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned long total_vm;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long anon_rss;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long file_rss;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long shmem_rss;\toffset:40;\tsize:8;\tsigned:0;\n"
    "\tfield:uid_t uid;\toffset:48;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned long pgtables;\toffset:56;\tsize:8;\tsigned:0;\n"
    "\tfield:short oom_score_adj;\toffset:64;\tsize:2;\tsigned:1;\n"
    "\n"
    "print fmt: \"pid=%d comm=%s total-vm=%lukB anon-rss=%lukB file-rss:%lukB shmem-rss:%lukB uid=%u "
    "pgtables=%lukB oom_score_adj=%hd\", REC->pid, __get_str(comm), REC->total_vm, REC->anon_rss, "
    "REC->file_rss, REC->shmem_rss, REC->uid, REC->pgtables, REC->oom_score_adj\n";

// Before 6.14 (include/trace/events/oom.h): the pid only.
constexpr std::string_view kFormatOld =
    "name: mark_victim\nID: 501\nformat:\n\tfield:int pid;\toffset:8;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"pid=%d\", REC->pid\n";

TEST(EventFormat, ParsesTheRealMarkVictimFormat) {
  auto f = parse_event_format(kFormat618);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->name, "mark_victim");
  EXPECT_EQ(f->id, 609);
  ASSERT_EQ(f->fields.size(), 9u);  // common_* left out
  EXPECT_EQ(f->fields[1], "comm");
  ASSERT_EQ(f->pieces.size(), 9u);
  EXPECT_EQ(f->pieces[0].literal, "pid=");
  EXPECT_EQ(f->pieces[1].field, "comm");
  EXPECT_EQ(f->pieces[1].conversion, 's');
  EXPECT_EQ(f->pieces[4].literal, "kB file-rss:");  // the ':' separator
  EXPECT_EQ(f->pieces[8].field, "oom_score_adj");
  EXPECT_EQ(f->pieces[8].conversion, 'd');
  EXPECT_EQ(f->tail, "");
}

TEST(EventFormat, MatchesALineAndItsFieldsMixEqualsAndColons) {
  auto f = parse_event_format(kFormat618);
  ASSERT_TRUE(f);
  auto line = parse_trace_line(
      " oomlens-test-bu-41234   [001] d..1.  5012.345678: mark_victim: pid=41234 comm=oomlens test-bu "
      "total-vm=12345kB anon-rss=7936kB file-rss:1024kB shmem-rss:0kB uid=0 pgtables=60kB oom_score_adj=0");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->task, "oomlens-test-bu");
  EXPECT_EQ(line->tid, 41234);
  ASSERT_TRUE(line->ts_s);
  EXPECT_NEAR(*line->ts_s, 5012.345678, 1e-9);
  EXPECT_EQ(line->event, "mark_victim");
  auto fields = match_event_body(*f, line->body);
  ASSERT_TRUE(fields);
  auto v = mark_victim_from(*fields);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->pid, 41234);
  EXPECT_EQ(v->comm, "oomlens test-bu");  // a comm with a blank
  EXPECT_EQ(v->total_vm_kb, 12345u);
  EXPECT_EQ(v->anon_rss_kb, 7936u);
  EXPECT_EQ(v->file_rss_kb, 1024u);
  EXPECT_EQ(v->shmem_rss_kb, 0u);
  EXPECT_EQ(v->uid, 0u);
  EXPECT_EQ(v->pgtables_kb, 60u);
  EXPECT_EQ(v->oom_score_adj, 0);
}

TEST(EventFormat, AnOlderKernelGivesThePidOnly) {
  auto f = parse_event_format(kFormatOld);
  ASSERT_TRUE(f);
  auto fields = match_event_body(*f, "pid=77");
  ASSERT_TRUE(fields);
  auto v = mark_victim_from(*fields);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->pid, 77);
  EXPECT_FALSE(v->comm);
  EXPECT_FALSE(v->anon_rss_kb);  // unknown is null, never 0
  EXPECT_FALSE(v->oom_score_adj);
}

TEST(EventFormat, RejectsBodiesThatDoNotFollowTheFormat) {
  auto f = parse_event_format(kFormat618);
  ASSERT_TRUE(f);
  EXPECT_FALSE(match_event_body(*f, "pid=1 comm=x"));
  EXPECT_FALSE(match_event_body(*f, "sig=9 errno=0 code=128 comm=a pid=1 grp=1 res=0"));
  auto old = parse_event_format(kFormatOld);
  ASSERT_TRUE(old);
  auto fields = match_event_body(*old, "pid=abc");
  ASSERT_TRUE(fields);  // the text matches; the number does not
  EXPECT_FALSE(mark_victim_from(*fields));
  EXPECT_FALSE(parse_event_format("name: x\nformat:\n"));  // no print fmt
  EXPECT_FALSE(parse_event_format("print fmt: \"unterminated"));
  EXPECT_FALSE(parse_trace_line("# tracer: nop"));
  EXPECT_FALSE(parse_trace_line("garbage"));
}

TEST(EventFormat, PercentAndKernelPointerConversions) {
  auto f = parse_event_format("print fmt: \"%d%% at %pS [%s]\", REC->n, (void *)REC->ip, __get_str(name)\n");
  ASSERT_TRUE(f);
  ASSERT_EQ(f->pieces.size(), 3u);
  EXPECT_EQ(f->pieces[1].literal, "% at ");
  EXPECT_EQ(f->pieces[1].field, "ip");
  EXPECT_EQ(f->pieces[2].field, "name");
  EXPECT_EQ(f->tail, "]");
  auto m = match_event_body(*f, "50% at do_thing+0x10 [a b]");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)[2].second, "a b");
}

TEST(EventFormat, TheSignalParserSharesTheLineHeader) {
  auto s = parse_signal_generate_line(
      "  oomlens-test-bu-41230   [000] d..2.  5012.345600: signal_generate: sig=9 errno=0 code=128 "
      "comm=oomlens-test-bu pid=41234 grp=1 res=0");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->sig, 9);
  EXPECT_EQ(s->code, kSiKernel);
  EXPECT_EQ(s->target_pid, 41234);
  EXPECT_EQ(s->sender_tid, 41230);
}

// `run`'s buffer, read once at the end (SignalTrace): the `trace` file's
// header comments, signal_generate lines of every fatal signal, and the
// OOM killer's SIGKILL then mark_victim for each kill, in order.
TEST(EventFormat, MarkVictimsOfAWholeTraceBufferAndTheirKillSignals) {
  auto f = parse_event_format(kFormat618);
  ASSERT_TRUE(f);
  const std::string text =
      "# tracer: nop\n#\n# entries-in-buffer/entries-written: 5/5   #P:2\n#\n"
      "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
      "#              | |         |   |||||     |         |\n"
      "            bash-900     [001] d..1.  5010.000001: signal_generate: sig=15 errno=0 code=0 comm=sleep pid=901 grp=1 res=0\n"
      "  oomlens-test-le-41234   [000] d..2.  5012.345600: signal_generate: sig=9 errno=0 code=128 "
      "comm=oomlens-test-le pid=41234 grp=1 res=0\n"
      "  oomlens-test-le-41234   [000] d..1.  5012.345610: mark_victim: pid=41234 comm=oomlens-test-le "
      "total-vm=71300kB anon-rss=65280kB file-rss:2732kB shmem-rss:0kB uid=0 pgtables=180kB oom_score_adj=0\n"
      // An exiting task marked without a kill (task_will_free_mem): no SIGKILL before it.
      "          python-500     [001] d..1.  5020.000000: mark_victim: pid=502 comm=python "
      "total-vm=1kB anon-rss=1kB file-rss:0kB shmem-rss:0kB uid=1000 pgtables=4kB oom_score_adj=200\n"
      "          python-500     [001] d..1.  5020.1: mark_victim: pid=503 comm=python total-vm=cut";  // no '\n': cut short
  auto v = parse_mark_victims(text, *f, true);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].pid, 41234);
  EXPECT_EQ(v[0].signal, KillSignal::seen);
  EXPECT_EQ(v[0].anon_rss_kb, 65280u);
  EXPECT_EQ(v[0].file_rss_kb, 2732u);
  ASSERT_TRUE(v[0].ts_s);
  EXPECT_NEAR(*v[0].ts_s, 5012.34561, 1e-9);
  EXPECT_EQ(v[1].pid, 502);
  EXPECT_EQ(v[1].signal, KillSignal::absent);
  EXPECT_EQ(v[1].oom_score_adj, 200);
  // Without signal_generate the kill signal is unknown, never guessed.
  auto u = parse_mark_victims(text, *f, false);
  ASSERT_EQ(u.size(), 2u);
  EXPECT_EQ(u[0].signal, KillSignal::unknown);
  MarkVictimParser p(*f, true);
  std::vector<MarkVictim> out;
  p.on_line("  x-1 [000] d..1. 1.0: mark_victim: pid=zz", out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(p.unparsed(), 1u);
}

}  // namespace
}  // namespace oomlens::trace
