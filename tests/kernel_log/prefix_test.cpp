// One test per log prefix style recognised by normalize_line().
#include "kernel_log/prefix.h"
#include "kernel_log/prefix_parts.h"

#include <gtest/gtest.h>

namespace oomlens {
namespace {

struct Norm {
  NormalizedLine n;
  explicit Norm(std::string_view raw, std::optional<int> year = std::nullopt) { normalize_line(raw, n, year); }
};

TEST(Prefix, RawDmesgAnyWidth) {
  Norm a("[ 1234.567890] Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 1 (a)");
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 1234.56789);
  Norm b("[1751856.433101] x");
  EXPECT_DOUBLE_EQ(*b.n.prefix.monotonic_s, 1751856.433101);
  EXPECT_EQ(b.n.text, "x");
}

// A line cut by a viewer is marked, its stump dropped; a line of `...`
// alone (a poster's elision, a MIPS stack dump's own end) is no cut line.
TEST(Prefix, AWholeLineOfDotsIsNoCut) {
  Norm cut("[ 1.000000] Killed process 1 (a) total-vm:1234kB, anon-rss:56...");
  EXPECT_TRUE(cut.n.truncated);
  EXPECT_EQ(cut.n.text, "Killed process 1 (a) total-vm:1234kB");
  for (const char* raw : {"...", "          ...", "[ 2.000000] ...", "\xE2\x80\xA6"}) {
    Norm n(raw);
    EXPECT_FALSE(n.n.truncated) << raw;
    EXPECT_EQ(n.n.text, "") << raw;
  }
}

// A line of one word cut inside it (`oom-kill:constraint=...`, corpus 120):
// the word up to its first ':' stays (`oom-kill:`), the cut field goes.
TEST(Prefix, AOneWordLineCutKeepsItsKey) {
  Norm cut("[  134.428097] oom-kill:constraint=...");
  EXPECT_TRUE(cut.n.truncated);
  EXPECT_EQ(cut.n.text, "oom-kill:");
  Norm bare("[  134.428097] abcdef...");
  EXPECT_TRUE(bare.n.truncated);
  EXPECT_EQ(bare.n.text, "");
}

TEST(Prefix, CallerId) {
  Norm a("[  123.456789][ T1234] sed invoked oom-killer: gfp_mask=0x0");
  EXPECT_EQ(a.n.text, "sed invoked oom-killer: gfp_mask=0x0");
  Norm b("[  123.456789][    C3] foo");
  EXPECT_EQ(b.n.text, "foo");
  // The id as printk keeps it (the pid, or 0x80000000 + the CPU: interrupt context), read from the prefix.
  using prefix_parts::printk_caller_in;
  EXPECT_EQ(printk_caller_in("[  123.456789][ T1234] "), 1234u);
  EXPECT_EQ(printk_caller_in("[  123.456789][    C3] "), 0x80000003u);
  EXPECT_EQ(printk_caller_in("[ 9999.000001][T12345678] "), 12345678u);
  EXPECT_EQ(printk_caller_in("Jul  6 06:45:01 host01 kernel: [   71.146532][ T9694] "), 9694u);
  EXPECT_EQ(printk_caller_in("6,1234,5678901,-,caller=T42;"), 42u);
  EXPECT_FALSE(printk_caller_in("[  123.456789] "));
  EXPECT_FALSE(printk_caller_in("[ T1234] "));  // no time before it: a task row's pid column or the like
  EXPECT_FALSE(printk_caller_in("[  123.456789][ T12x] "));
  EXPECT_FALSE(printk_caller_in("6,1234,5678901,-;"));
}

TEST(Prefix, DmesgTAnyLocale) {
  // A `dmesg -T` line, its text, and its wall time (none: stamp stripped, not read).
  const struct {
    const char* raw;
    const char* text;
    std::optional<std::string> wall;
  } lines[] = {
      {"[Sun Mar 30 08:24:00 2025] oom-kill:constraint=CONSTRAINT_NONE", "oom-kill:constraint=CONSTRAINT_NONE",
       "2025-03-30T08:24:00"},
      {"[Di Aug 12 03:54:03 2025] x", "x", "2025-08-12T03:54:03"},
      {"[月  1月 26 10:00:01 2026] y", "y", "2026-01-26T10:00:01"},
      // zh_CN (issue 19): weekday 四 (Thursday), numeric month 12月, day padded.
      {"[四 12月  1 03:14:56 2026] v", "v", "2026-12-01T03:14:56"},
      {"[日 3月 29 23:59:59 2026] Out of memory: Killed process 1 (a)", "Out of memory: Killed process 1 (a)",
       "2026-03-29T23:59:59"},
      {"[四 13月  1 03:14:56 2026] u", "u", std::nullopt},  // no 13th month: stripped, no wall
      {"[dim. 19 avril 12:00:00 2026] z", "z", "2026-04-19T12:00:00"},
      {"[xx yy 19 12:00:00 2026] w", "w", std::nullopt},  // unknown month: stripped, no wall
  };
  for (const auto& l : lines) {
    const Norm n(l.raw);
    EXPECT_EQ(n.n.text, l.text) << l.raw;
    EXPECT_EQ(n.n.prefix.wall, l.wall) << l.raw;
  }
}

TEST(Prefix, DmesgX) {
  Norm a("kern  :err   : [ 5.000000] Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.prefix.level, 3);
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 5.0);
}

TEST(Prefix, TalosctlDmesgAndACollectorsLabel) {
  // talosctl dmesg: node address, `facility: level:` padded on the left, a bracketed RFC 3339 stamp.
  Norm a("10.0.0.2: kern:    info: [2025-06-04T04:51:57.572293906Z]: memory: usage 4194304kB, limit 4194304kB");
  EXPECT_EQ(a.n.text, "memory: usage 4194304kB, limit 4194304kB");
  EXPECT_EQ(a.n.prefix.host, "10.0.0.2");
  EXPECT_EQ(a.n.prefix.level, 6);
  EXPECT_EQ(a.n.prefix.wall, "2025-06-04T04:51:57.572293906Z");
  Norm b(" kern: warning: [2025-05-18T15:40:20.654322542Z]:  </TASK>");
  EXPECT_EQ(b.n.text, "</TASK>");
  EXPECT_EQ(b.n.prefix.level, 4);
  // The NixOS test driver's `machine # ` and pdsh's `node: ` before a printk time.
  Norm c("server # [   65.169904] systemd invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0");
  EXPECT_EQ(c.n.text, "systemd invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0");
  EXPECT_EQ(c.n.prefix.host, "server");
  EXPECT_DOUBLE_EQ(*c.n.prefix.monotonic_s, 65.169904);
  Norm d("node01: [ 12.500000] Out of memory: Killed process 1 (a)");
  EXPECT_EQ(d.n.text, "Out of memory: Killed process 1 (a)");
  EXPECT_EQ(d.n.prefix.host, "node01");
  // Kernel text that looks like a label is left alone: no stamp follows it.
  Norm e("CPU: 0 PID: 1 Comm: systemd Not tainted 5.10.36 #1-NixOS");
  EXPECT_FALSE(e.n.has_prefix);
  EXPECT_EQ(e.n.text, "CPU: 0 PID: 1 Comm: systemd Not tainted 5.10.36 #1-NixOS");
  Norm f("RIP: 0010:[<ffffffff8113b1a6>]  [<ffffffff8113b1a6>] out_of_memory+0x1a6/0x4c0");
  EXPECT_FALSE(f.n.has_prefix);
}

TEST(Prefix, PagesAndVendorsOwnStamps) {
  // A syslog template with the year after the time, and a stray `: ` before the printk time.
  Norm a("Dec 27 09:19:05 2013 kernel: : [277622.359064] squid invoked oom-killer: gfp_mask=0x42d0, order=3", 2025);
  EXPECT_EQ(a.n.text, "squid invoked oom-killer: gfp_mask=0x42d0, order=3");
  EXPECT_EQ(a.n.prefix.wall, "2013-12-27T09:19:05");
  EXPECT_FALSE(a.n.prefix.year_inferred);
  EXPECT_FALSE(a.n.prefix.host);
  // A vendor kernel's CPU before the time (`[2-3219.1870]`).
  Norm b("[2-3219.1870] vd-net-config invoked oom-killer: gfp_mask=0x80d0, order=0");
  EXPECT_EQ(b.n.text, "vd-net-config invoked oom-killer: gfp_mask=0x80d0, order=0");
  EXPECT_DOUBLE_EQ(*b.n.prefix.monotonic_s, 3219.187);
  // A web page's numbered list before a `<4>[ts]` prefix.
  Norm c("  1. <4>[12345.342532] systemd-journal invoked oom-killer: gfp_mask=0x800d0");
  EXPECT_EQ(c.n.text, "systemd-journal invoked oom-killer: gfp_mask=0x800d0");
  EXPECT_EQ(c.n.prefix.level, 4);
  Norm d("1. Killed process 1 (a)");  // no stamp follows: the text is left alone
  EXPECT_EQ(d.n.text, "1. Killed process 1 (a)");
  // A viewer's line numbers (`cat -n`, `less -N`) before the printk time: the number goes and the time reads.
  Norm e("  2 [625328.156297] Out of memory: Killed process 1597132 (eclipse.exe) total-vm:8069004kB");
  EXPECT_EQ(e.n.text, "Out of memory: Killed process 1597132 (eclipse.exe) total-vm:8069004kB");
  EXPECT_DOUBLE_EQ(*e.n.prefix.monotonic_s, 625328.156297);
  Norm f("12\t[ 5.5] Killed process 7 (a)");  // cat -n's tab
  EXPECT_DOUBLE_EQ(*f.n.prefix.monotonic_s, 5.5);
  Norm g("3 [ 1189]     0  1189    28230       13      59      244         -1000 sshd");  // no time in the brackets
  EXPECT_FALSE(g.n.prefix.monotonic_s);
  EXPECT_EQ(g.n.text, "3 [ 1189]     0  1189    28230       13      59      244         -1000 sshd");
}

TEST(Prefix, AndroidLogcatThreadtime) {
  // logcat's `MM-DD HH:MM:SS.mmm  PID  TID L TAG: ` (no year): a blank tag, the kernel's text after it.
  Norm a("07-11 20:47:41.300   156   156 W       : kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0", 2022);
  EXPECT_TRUE(a.n.has_prefix);
  EXPECT_EQ(a.n.text, "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0");
  EXPECT_EQ(a.n.prefix.wall, "2022-07-11T20:47:41.300");
  EXPECT_TRUE(a.n.prefix.year_inferred);
  EXPECT_EQ(a.n.prefix.level, 4);
  // logd split the kernel's `Call trace:` at its colon into a tag and an empty message: the text is whole again.
  Norm b("07-11 20:47:41.300   156   156 I Call trace:  ", 2022);
  EXPECT_EQ(b.n.text, "Call trace:");
  EXPECT_EQ(b.n.prefix.level, 6);
  Norm c("07-11 20:47:41.300   156   156 I         : out_of_memory+0x200/0x528");
  EXPECT_EQ(c.n.text, "out_of_memory+0x200/0x528");
  EXPECT_FALSE(c.n.prefix.wall);  // no year to give it
  Norm d("07-11 20:47:41.300 kernel: x");  // no pid, tid and level: not logcat
  EXPECT_NE(d.n.text, "x");
}

TEST(Prefix, CloudLoggingTextPayload) {
  // A serial console exported as JSON: the console's whole line, its line end escaped once more.
  Norm a(R"(    "textPayload": "[195998.443208] node invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0\\r\\n",)");
  EXPECT_TRUE(a.n.has_prefix);
  EXPECT_EQ(a.n.text, "node invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0");
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 195998.443208);
  Norm b(R"("textPayload": "[ 12.5] Killed process 7 (a)\r\n")");  // an unescaped line end
  EXPECT_EQ(b.n.text, "Killed process 7 (a)");
  Norm c(R"("textPayload": "[ 12.5] Out of memory: Killed proc)");  // cut inside the value
  EXPECT_EQ(c.n.text, "Out of memory: Killed proc");
  Norm d(R"("insertId": "7710",)");
  EXPECT_FALSE(d.n.has_prefix);
}

TEST(Prefix, TimeOfDayAloneBeforeTheKernelTag) {
  // A post that shortened its syslog lines to `HH:MM:SS kernel: `: no date, so no wall time.
  Norm a("04:35:56 kernel: sshpiperd invoked oom-killer");
  EXPECT_TRUE(a.n.has_prefix);
  EXPECT_EQ(a.n.text, "sshpiperd invoked oom-killer");
  EXPECT_FALSE(a.n.prefix.wall);
  Norm b("04:36:00.123 kernel: Out of memory: Killed process 7 (a)");
  EXPECT_EQ(b.n.text, "Out of memory: Killed process 7 (a)");
  // Without the tag after it a time of day is the line's own text.
  Norm c("04:36:00 Killed process 7 (a)");
  EXPECT_FALSE(c.n.has_prefix);
  EXPECT_EQ(c.n.text, "04:36:00 Killed process 7 (a)");
  Norm d("25:61:00 kernel: x");
  EXPECT_FALSE(d.n.has_prefix);
}

TEST(Prefix, SyslogSpaceAndZeroPadded) {
  Norm a("Sep  5 11:05:35 host1 kernel: [1751856.433101] Task in /a killed as a result of limit of /a", 2013);
  EXPECT_EQ(a.n.text, "Task in /a killed as a result of limit of /a");
  EXPECT_EQ(a.n.prefix.host, "host1");
  EXPECT_EQ(a.n.prefix.wall, "2013-09-05T11:05:35");
  EXPECT_FALSE(a.n.foreign);
  Norm b("May 07 21:43:54 host1 kernel: Killed process 1 (R)");
  EXPECT_EQ(b.n.text, "Killed process 1 (R)");
  EXPECT_FALSE(b.n.prefix.wall);  // no year known
  Norm glued("Dec 20 15:32:34 MyVMkernel: [497806.660728] e2guardian invoked oom-killer: x");
  EXPECT_EQ(glued.n.prefix.host, "MyVM");
  EXPECT_EQ(glued.n.text, "e2guardian invoked oom-killer: x");
}

// journalctl prints the month in the user's locale (zen-kernel/zen-kernel#223:
// `июл 24 01:01:37 PC kernel: …`; systemd/systemd#32304: `avril 16 21:08:50`).
TEST(Prefix, SyslogLocalizedMonth) {
  Norm ru("июл 24 01:01:37 host1 kernel: Out of memory: Killed process 4959 (Xorg)", 2021);
  EXPECT_EQ(ru.n.text, "Out of memory: Killed process 4959 (Xorg)");
  EXPECT_EQ(ru.n.prefix.host, "host1");
  EXPECT_EQ(ru.n.prefix.wall, "2021-07-24T01:01:37");
  Norm fr("avril 16 21:08:50 host1 systemd-oomd[93234]: Killed /user.slice", 2024);
  EXPECT_TRUE(fr.n.foreign);
  EXPECT_EQ(fr.n.prefix.wall, "2024-04-16T21:08:50");
  Norm may("мая  3 10:00:00 host1 kernel: x", 2024);
  EXPECT_EQ(may.n.prefix.wall, "2024-05-03T10:00:00");
  // Kernel text that starts like a month name is not a stamp.
  Norm out("Out of memory: Killed process 1 (a)");
  EXPECT_FALSE(out.n.has_prefix);
  EXPECT_EQ(out.n.text, "Out of memory: Killed process 1 (a)");
}

// A comm glued before a syslog stamp (a joined record: `qubes.SetMonito` +
// `May  7 …`) is no localized month (`set`, Portuguese September): the word
// has a capital after a small letter. A locale's own words still are.
TEST(Prefix, AWordGluedBeforeAStampIsNoMonthName) {
  Norm glued("SetMonitoMay  7 21:43:21 host1 kernel: [ 1026]  1000 Xorg", 2024);
  EXPECT_FALSE(glued.n.has_prefix);
  Norm digit("Set2May  7 21:43:21 host1 kernel: x", 2024);
  EXPECT_FALSE(digit.n.has_prefix);
  Norm pt("set 16 21:08:50 host1 kernel: x", 2024);
  EXPECT_EQ(pt.n.prefix.wall, "2024-09-16T21:08:50");
  Norm fr("juil. 16 21:08:50 host1 kernel: x", 2024);
  EXPECT_EQ(fr.n.prefix.wall, "2024-07-16T21:08:50");
  Norm de("Mär 16 21:08:50 host1 kernel: x", 2024);
  EXPECT_EQ(de.n.prefix.wall, "2024-03-16T21:08:50");
}

TEST(Prefix, ForeignProgramsAreNotKernel) {
  Norm a("Jan 12 03:04:05 web1 dockerd[812]: Killed process 5 (x) total-vm:1kB");
  EXPECT_TRUE(a.n.foreign);
  Norm b("Jan 12 03:04:05 web1 systemd[1]: foo.service: A process of this unit has been killed by the OOM killer.");
  EXPECT_TRUE(b.n.foreign);
  Norm c("Jan 12 03:04:05 web1 kernel: [ 12.000000] systemd[1]: Started foo");
  EXPECT_FALSE(c.n.foreign);
  EXPECT_EQ(c.n.text, "systemd[1]: Started foo");
}

TEST(Prefix, Iso8601AndShortIso) {
  Norm a("2026-09-19T17:27:56.877003+00:00 host kernel: Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.prefix.wall, "2026-09-19T17:27:56.877003+00:00");
  EXPECT_EQ(a.n.prefix.host, "host");
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 1 (a)");
  Norm b("2024-01-02T03:04:05+0000 host kernel: x");
  EXPECT_EQ(b.n.prefix.wall, "2024-01-02T03:04:05+00:00");
  EXPECT_EQ(b.n.text, "x");
}

// dmesg --time-format iso (util-linux: `,` before the microseconds) prints the kernel's text right after its
// stamp: its first words are never a host and a tag (`Call` and `Trace:`), and the line is the kernel's. A
// `kernel:` field after such a stamp is still the tag; a `.` stamp (rsyslog, journalctl) keeps its host and tag.
TEST(Prefix, DmesgIsoStampIsFollowedByTheKernelsText) {
  for (const std::string_view text : {"Call Trace:", "Hardware name: QEMU Standard PC", "Call trace:",
                                      "Mem-Info:", "Tasks state (memory values in pages):"}) {
    const std::string line = "2024-05-01T10:00:00,123456+02:00 " + std::string(text);
    Norm a(line);
    EXPECT_EQ(a.n.text, text) << line;
    EXPECT_FALSE(a.n.prefix.host) << line;
    EXPECT_FALSE(a.n.foreign) << line;
    EXPECT_EQ(a.n.prefix.wall, "2024-05-01T10:00:00.123456+02:00") << line;
  }
  Norm k("2024-05-01T10:00:00,123456+02:00 host1 kernel: Call Trace:");
  EXPECT_EQ(k.n.text, "Call Trace:");
  EXPECT_EQ(k.n.prefix.host, "host1");
  Norm bare("2024-05-01T10:00:00,123456+02:00 kernel: Call Trace:");
  EXPECT_EQ(bare.n.text, "Call Trace:");
  EXPECT_FALSE(bare.n.foreign);
  Norm dot("2024-05-01T10:00:00.123456+02:00 myhost dockerd[12]: Call Trace:");
  EXPECT_TRUE(dot.n.foreign);
  EXPECT_EQ(dot.n.prefix.host, "myhost");
  Norm iso("2024-05-01T10:00:00.123456+00:00 host kernel: Call Trace:");
  EXPECT_EQ(iso.n.text, "Call Trace:");
  EXPECT_EQ(iso.n.prefix.host, "host");
}

TEST(Prefix, JournalctlShortMonotonic) {
  Norm a("[ 1234.567890] host kernel: Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 1 (a)");
  EXPECT_EQ(a.n.prefix.host, "host");
  Norm hw("[ 1.000000] Hardware name: QEMU");  // kernel text that looks like "x y:"
  EXPECT_EQ(hw.n.text, "Hardware name: QEMU");
  EXPECT_FALSE(hw.n.prefix.host);
}

TEST(Prefix, JournalJson) {
  Norm a(R"({"MESSAGE":"Out of memory: Killed process 7 (a b)\nsecond","_TRANSPORT":"kernel","_SOURCE_MONOTONIC_TIMESTAMP":"1500000","__REALTIME_TIMESTAMP":"1700000000000000","_HOSTNAME":"h","PRIORITY":"3"})");
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 7 (a b)\nsecond");
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 1.5);
  EXPECT_EQ(a.n.prefix.wall, "2023-11-14T22:13:20.000000Z");
  EXPECT_EQ(a.n.prefix.host, "h");
  EXPECT_EQ(a.n.prefix.level, 3);
  EXPECT_FALSE(a.n.foreign);
  Norm b(R"J({"MESSAGE":"Killed process 1 (x)","_TRANSPORT":"stdout","SYSLOG_IDENTIFIER":"app"})J");
  EXPECT_TRUE(b.n.foreign);
  Norm bad(R"({"MESSAGE": broken)");
  EXPECT_FALSE(bad.n.has_prefix);
}

TEST(Prefix, KmsgRecordAndEscapes) {
  Norm a("6,1234,5678901,-;Mem-Info:\\x0aactive_anon:1");
  EXPECT_EQ(a.n.prefix.kmsg_seq, 1234u);
  EXPECT_EQ(a.n.prefix.level, 6);
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 5.678901);
  EXPECT_EQ(a.n.text, "Mem-Info:\nactive_anon:1");
}

// kernel/printk/printk.c prints `,caller=T…` (CONFIG_PRINTK_CALLER) and may
// print other `,key=value` fields after the flags: the header is as long as they make it.
TEST(Prefix, KmsgRecordWithFieldsAfterTheFlags) {
  const std::string_view raw = "6,1234,5678,-,caller=T1234567;Out of memory: Killed process 7 (a)";
  Norm a(raw);
  ASSERT_TRUE(a.n.has_prefix);
  EXPECT_EQ(a.n.prefix.kmsg_seq, 1234u);
  EXPECT_EQ(a.n.prefix.level, 6);
  EXPECT_DOUBLE_EQ(*a.n.prefix.monotonic_s, 0.005678);
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 7 (a)");
  const size_t semi = raw.find(';');
  EXPECT_EQ(prefix_parts::printk_caller_in(raw.substr(0, semi + 1)), 1234567u);
  Norm b("4,9,10,c,caller=C3,origin=x_y;Mem-Info:");
  ASSERT_TRUE(b.n.has_prefix);
  EXPECT_EQ(b.n.text, "Mem-Info:");
  EXPECT_EQ(prefix_parts::printk_caller_in("4,9,10,c,caller=C3,origin=x_y;"), 0x80000003u);
  // Not such a header: no flags, a field without '=' or a key, a space inside.
  for (const char* bad : {"6,1,2,;x", "6,1,2,-,caller;x", "6,1,2,-,=T1;x", "6,1,2,-,caller=T 1;x"}) {
    Norm c(bad);
    EXPECT_FALSE(c.n.prefix.kmsg_seq) << bad;
  }
}

TEST(Prefix, PriorityAndVmwareWrapper) {
  Norm a("<6>[ 1.5] x");
  EXPECT_EQ(a.n.prefix.level, 6);
  EXPECT_EQ(a.n.text, "x");
  Norm v("2023-12-04T10:49:30.127Z In(05) vcpu-5 - Guest: <6>[39291577.009360] Tasks state (memory values in pages):");
  EXPECT_EQ(v.n.text, "Tasks state (memory values in pages):");
  EXPECT_EQ(v.n.prefix.wall, "2023-12-04T10:49:30.127Z");
  EXPECT_DOUBLE_EQ(*v.n.prefix.monotonic_s, 39291577.00936);
}

TEST(Prefix, RsyslogEscapes) {
  Norm a("Jan  1 00:00:00 h kernel: active_anon:1 inactive_anon:2#012 active_file:3#011x");
  EXPECT_EQ(a.n.text, "active_anon:1 inactive_anon:2\n active_file:3\tx");
}

TEST(Prefix, QuotesIndentAndContinuation) {
  Norm q("> [ 1.0] Killed process 1 (a)");
  EXPECT_EQ(q.n.text, "Killed process 1 (a)");
  Norm c("               active_file:72396 inactive_file:89296");
  EXPECT_TRUE(c.n.continuation);
  EXPECT_EQ(c.n.text, "active_file:72396 inactive_file:89296");
  Norm bare("sed invoked oom-killer: gfp_mask=0x201da, order=0");
  EXPECT_FALSE(bare.n.has_prefix);
  EXPECT_FALSE(bare.n.continuation);
}

// OpenWrt logread (corpus 44, 55): ctime stamp with the year, facility.level, tag.
TEST(Prefix, OpenWrtLogread) {
  Norm k("Mon Mar 31 16:58:31 2025 kern.warn kernel: [  393.582422] v2ray invoked oom-killer: gfp_mask=0x140cca");
  EXPECT_EQ(k.n.text, "v2ray invoked oom-killer: gfp_mask=0x140cca");
  EXPECT_EQ(k.n.prefix.wall, "2025-03-31T16:58:31");
  EXPECT_FALSE(k.n.prefix.year_inferred);
  EXPECT_EQ(k.n.prefix.level, 4);
  EXPECT_DOUBLE_EQ(*k.n.prefix.monotonic_s, 393.582422);
  EXPECT_FALSE(k.n.foreign);
  Norm d("Mon Apr 12 18:29:38 2021 daemon.info v2ray[4723]: A unified platform for anti-censorship.");
  EXPECT_TRUE(d.n.foreign);
  Norm pad("Thu Apr  1 01:02:03 2021 kern.err kernel: x");
  EXPECT_EQ(pad.n.text, "x");
  EXPECT_EQ(pad.n.prefix.wall, "2021-04-01T01:02:03");
  Norm no("Mon Mar 31 16:58:31 2025 nofacility.warn kernel: x");  // not logread: left as it is
  EXPECT_EQ(no.n.prefix.wall, std::nullopt);
}

// gpud#70 (corpus 53): the poster replaced the host with `...`: no host.
TEST(Prefix, ElidedHostIsUnknown) {
  Norm a("Aug 30 06:58:55.050705 ... kernel: oom-kill:constraint=CONSTRAINT_MEMCG", 2024);
  EXPECT_EQ(a.n.text, "oom-kill:constraint=CONSTRAINT_MEMCG");
  EXPECT_FALSE(a.n.prefix.host);
  EXPECT_FALSE(a.n.foreign);
}

// Markdown pasted unrendered (corpus 45): inline code, or a fence glued to the line.
TEST(Prefix, MarkdownBackticks) {
  Norm a("`Dec 15 16:21:04 vps kernel: Out of memory: Killed process 1 (xray) total-vm:1kB`", 2023);
  EXPECT_EQ(a.n.text, "Out of memory: Killed process 1 (xray) total-vm:1kB");
  EXPECT_EQ(*a.n.prefix.host, "vps");
  Norm f("```[Sun Mar 30 08:24:00 2025] oom-kill:constraint=CONSTRAINT_NONE");
  EXPECT_EQ(f.n.text, "oom-kill:constraint=CONSTRAINT_NONE");
  Norm e("[1.0] Out of memory: Killed process 7 (p) oom_score_adj:0```");
  EXPECT_EQ(e.n.text, "Out of memory: Killed process 7 (p) oom_score_adj:0");
  // Blind set 11a (corpus 342 re-prefixed): the inline code opens after a prefix.
  Norm g("[ 12.500000] `Out of memory: Killed process 2 (sab) total-vm:10kB, anon-rss:5kB, `");
  EXPECT_EQ(g.n.text, "Out of memory: Killed process 2 (sab) total-vm:10kB, anon-rss:5kB,");
  Norm h("Dec  2 00:10:29 host02 kernel: `Out of memory: Killed process 2 (sab)", 2020);
  EXPECT_EQ(h.n.text, "Out of memory: Killed process 2 (sab)");
}

// Blind set 12a (corpus 363): Google Cloud Logging rows copied with their severity letter and RFC 3339 stamp.
TEST(Prefix, CloudLoggingSeverityLetterBeforeIsoStamp) {
  Norm a("A 2020-06-25T09:57:22.729902Z containerd invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE) ");
  EXPECT_EQ(a.n.text, "containerd invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE)");
  EXPECT_EQ(a.n.prefix.wall, "2020-06-25T09:57:22.729902Z");
  EXPECT_FALSE(a.n.prefix.level);
  Norm w("W 2021-01-02T03:04:05Z Out of memory: Killed process 7 (p)");
  EXPECT_EQ(w.n.text, "Out of memory: Killed process 7 (p)");
  EXPECT_EQ(w.n.prefix.level, 4);
  // Prose that starts with a capital and a year is no such row: nothing is taken.
  Norm prose("A 2020 report said the node ran out of memory");
  EXPECT_EQ(prose.n.text, "A 2020 report said the node ran out of memory");
  EXPECT_EQ(prose.n.prefix.wall, std::nullopt);
  Norm date_only("A 2020-06-25 meeting");
  EXPECT_EQ(date_only.n.text, "A 2020-06-25 meeting");
}

TEST(Prefix, NodeProblemDetectorMessage) {
  Norm a(R"J(    "message": "Memory cgroup out of memory: Killed process 1 (k) total-vm:1kB",)J");
  EXPECT_EQ(a.n.text, "Memory cgroup out of memory: Killed process 1 (k) total-vm:1kB");
}

TEST(Prefix, HostileBytesNeverCrash) {
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919) & 0xff);
  Norm a(garbage);
  Norm b("[");
  Norm c("[ 1.");
  Norm d("<");
  Norm e("1,2,3,");
  Norm f("Jan");
  Norm g("{");
  Norm h("2024-01-02T03:04:05");
  SUCCEED();
}

}  // namespace
}  // namespace oomlens
