// run --sites: the table decoder, the directory reader, the preload
// checks, the top-site choice and its text (pure), on built tables.
#include <elf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "diagnose/peak_sites.h"
#include "render/sites_text.h"
#include "sites/elf_check.h"
#include "sites/reader.h"
#include "sites/table.h"
#include "support/fixture_tree.h"

namespace {

using namespace oomlens;
using nlohmann::json;

// A table as the preload writes it: stack 1 = two Python frames, stack 2 =
// one native frame; live and peak columns set; peak half 1 active.
std::string make_table() {
  std::string b(sites::kFileBytes, '\0');
  sites::Header h{};
  h.magic = sites::kMagic;
  h.layout = sites::kLayout;
  h.pid = 582;
  h.ppid = 1;
  h.interval_bytes = 524288;
  h.nstacks = 3;
  h.peak_active = 1;
  h.peak_nstacks[1] = 3;
  h.peak_bytes[0] = 1;  // the stale half: never read
  h.peak_bytes[1] = 700 << 20;
  h.live_bytes = 10 << 20;
  h.flags = sites::kFlagPythonStacks;
  std::strcpy(h.exe, "/usr/bin/python3.11");
  std::strcpy(h.python_version, "3.11.2");
  const char strings[] = "\0train.py\0<listcomp>\0main\0/usr/lib/libtorch_cpu.so\0";
  h.strings_used = sizeof strings - 1;
  std::memcpy(b.data(), &h, sizeof h);
  std::memcpy(b.data() + sites::kStringsOffset, strings, sizeof strings - 1);
  auto put_stack = [&](uint32_t i, std::vector<sites::Frame> frames) {
    sites::StackMeta m{};
    m.nframes = static_cast<uint32_t>(frames.size());
    for (size_t k = 0; k < frames.size(); ++k) m.frames[k] = frames[k];
    std::memcpy(b.data() + sites::kStacksOffset + i * sizeof m, &m, sizeof m);
  };
  put_stack(1, {{10, 1, 0, 41, 0}, {21, 1, 0, 52, 0}});
  put_stack(2, {{0, 0, 26, -1, 0x1234}});
  auto put64 = [&](uint64_t off, int64_t v) { std::memcpy(b.data() + off, &v, 8); };
  put64(sites::kLiveOffset + 8, 8 << 20);
  put64(sites::kLiveOffset + 16, 2 << 20);
  put64(sites::kPeakOffset + 8 * (sites::kMaxStacks + 1), 612 << 20);
  put64(sites::kPeakOffset + 8 * (sites::kMaxStacks + 2), 88 << 20);
  put64(sites::kPeakOffset + 8 * 1, 5);  // the inactive half
  return b;
}

TEST(Sites, DecodesATable) {
  auto t = sites::decode_table(make_table());
  ASSERT_TRUE(t) << t.error().message();
  EXPECT_EQ(t->pid, 582);
  EXPECT_EQ(t->peak_bytes, 700 << 20);
  EXPECT_EQ(t->python_version, "3.11.2");
  ASSERT_EQ(t->stacks.size(), 3u);
  EXPECT_TRUE(t->stacks[0].frames.empty());
  EXPECT_EQ(t->stacks[1].peak_bytes, 612 << 20);
  EXPECT_EQ(t->stacks[1].live_bytes, 8 << 20);
  ASSERT_EQ(t->stacks[1].frames.size(), 2u);
  EXPECT_EQ(*t->stacks[1].frames[0].file, "train.py");
  EXPECT_EQ(*t->stacks[1].frames[0].function, "<listcomp>");
  EXPECT_EQ(*t->stacks[1].frames[0].line, 41);
  EXPECT_FALSE(t->stacks[1].frames[0].object);
  const auto& nat = t->stacks[2].frames.at(0);
  EXPECT_EQ(*nat.object, "/usr/lib/libtorch_cpu.so");
  EXPECT_FALSE(nat.function);
  EXPECT_FALSE(nat.line);
  EXPECT_EQ(nat.addr, 0x1234u);
}

TEST(Sites, BadTablesAreErrorsNotCrashes) {
  EXPECT_FALSE(sites::decode_table(""));
  EXPECT_FALSE(sites::decode_table(std::string(sites::kFileBytes, '\0')));  // no magic: died before its table
  std::string t = make_table();
  EXPECT_FALSE(sites::decode_table(std::string_view(t).substr(0, sites::kStringsOffset)));  // truncated
  // Offsets past the strings in use, and a frame count past the maximum, read as nothing.
  sites::StackMeta m{};
  m.nframes = 1000;
  m.frames[0] = {0xfffffff0u, 999999, 0, 3, 0};
  std::memcpy(t.data() + sites::kStacksOffset + sizeof m, &m, sizeof m);
  auto r = sites::decode_table(t);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->stacks[1].frames.size(), sites::kMaxFrames);
  EXPECT_FALSE(r->stacks[1].frames[0].function);
  EXPECT_FALSE(r->stacks[1].frames[0].file);
}

TEST(Sites, ReadsADirectoryAndNotesAnEmptyFile) {
  oomlens::testing::FixtureTree t;
  const std::string dir = t.root();
  t.write("sites.582", make_table());
  t.write("sites.583", "");  // the preload could not reserve it (full disk)
  auto d = sites::read_sites_dir(dir);
  ASSERT_TRUE(d);
  ASSERT_EQ(d->tables.size(), 1u);
  ASSERT_EQ(d->notes.size(), 1u);
  EXPECT_NE(d->notes[0].find("sites.583: empty"), std::string::npos);
  EXPECT_FALSE(sites::read_sites_dir(dir + "/missing"));
}

TEST(Sites, TopSitesAndTheirText) {
  auto t = sites::decode_table(make_table());
  ASSERT_TRUE(t);
  std::vector<sites::ProcessSites> tables{*t};
  auto top = diagnose::top_peak_sites(tables, {{582, "main"}});
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].bytes, 612 << 20);
  json v;
  v["peak_sites"] = diagnose::peak_sites_json(top, {{"train.py:41", "kept.append(torch.ones(1 << 20))"}});
  EXPECT_EQ(v["peak_sites"][0]["frames"][0]["source"], "kept.append(torch.ones(1 << 20))");
  EXPECT_TRUE(v["peak_sites"][1]["frames"][0]["file"].is_null());
  auto lines = render::peak_sites_lines(v);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "main pid 582: 612.0 MiB at train.py:41 kept.append(torch.ones(1 << 20)) \u2190 train.py:52 main");
  EXPECT_EQ(lines[1], "main pid 582: 88.0 MiB at ? in libtorch_cpu.so");
  // A native frame symbolised with debug information.
  json f = {{"function", "grab"}, {"file", "/src/a.c"}, {"line", 4}, {"object", "/bin/a"}, {"source", nullptr}};
  EXPECT_EQ(render::site_frame_text(f, true), "grab (a.c:4)");
  // Under 1 % of the process's peak: not named.
  EXPECT_EQ(diagnose::top_peak_sites(tables, {}, 8, 0.2).size(), 1u);
  EXPECT_TRUE(render::peak_sites_lines(json::object()).empty());
}

// The tree's lines (each stack summed over the processes) and the advice
// when the same stack holds memory in several workers.
TEST(Sites, TreeLinesAndPerWorkerAdvice) {
  auto frame = [](const char* fn, int line) {
    return json{{"function", fn}, {"file", "/job/train.py"}, {"line", line}, {"object", nullptr}, {"source", nullptr}};
  };
  json get = json::array({frame("DS.__getitem__", 12)}), loop = json::array({frame("main", 40)});
  json v;
  v["peak_sites"] = json::array({{{"pid", 10}, {"role", "main"}, {"bytes", 300 << 20}, {"frames", loop}},
                                 {{"pid", 11}, {"role", "worker"}, {"bytes", 100 << 20}, {"frames", get}},
                                 {{"pid", 12}, {"role", "worker"}, {"bytes", 100 << 20}, {"frames", get}},
                                 {{"pid", 12}, {"role", "worker"}, {"bytes", 1 << 20}, {"frames", json::array()}}});
  auto lines = render::peak_sites_lines(v);
  ASSERT_GE(lines.size(), 6u);
  EXPECT_EQ(lines[0], "tree: 300.0 MiB at train.py:40 main (in 1 of 3 processes, each at its own peak)");
  EXPECT_EQ(lines[1], "tree: 200.0 MiB at train.py:12 DS.__getitem__ (in 2 of 3 processes, each at its own peak)");
  EXPECT_EQ(lines[2], "main pid 10: 300.0 MiB at train.py:40 main");
  EXPECT_EQ(lines.back().rfind("sites: each of 2 workers holds its own 100.0 MiB at train.py:12 DS.__getitem__ (200.0 MiB in all)", 0), 0u)
      << lines.back();
  // One process: no tree lines, no advice.
  for (int i = 0; i < 3; ++i) v["peak_sites"].erase(1);
  EXPECT_EQ(render::peak_sites_lines(v), std::vector<std::string>{"main pid 10: 300.0 MiB at train.py:40 main"});
}

// A main process that grew every epoch: the growth advice names its
// largest stack at the peak (a list appended to in the loop); not when the
// main process did not grow, nor when that stack is a small part of it.
TEST(Sites, GrowingMainNamesItsLargestStack) {
  auto frame = [](const char* fn, int line) {
    return json{{"function", fn}, {"file", "/job/train.py"}, {"line", line}, {"object", nullptr}, {"source", nullptr}};
  };
  json v;
  v["peak_sites"] = json::array({{{"pid", 10}, {"role", "main"}, {"bytes", 600 << 20}, {"frames", json::array({frame("main", 41)})}},
                                 {{"pid", 10}, {"role", "main"}, {"bytes", 100 << 20}, {"frames", json::array({frame("load", 9)})}},
                                 {{"pid", 11}, {"role", "worker"}, {"bytes", 900 << 20}, {"frames", json::array({frame("w", 3)})}}});
  auto has_growth_line = [](const std::vector<std::string>& lines) {
    for (auto& l : lines)
      if (l.rfind("sites: the main process grew every epoch", 0) == 0) return l;
    return std::string();
  };
  EXPECT_EQ(has_growth_line(render::peak_sites_lines(v)), "");  // no worker_memory: no claim of growth
  v["worker_memory"] = {{"main_growing", false}};
  EXPECT_EQ(has_growth_line(render::peak_sites_lines(v)), "");
  v["worker_memory"]["main_growing"] = true;
  EXPECT_EQ(has_growth_line(render::peak_sites_lines(v)).rfind(
                "sites: the main process grew every epoch, and at its peak 600.0 MiB of it had been allocated at "
                "train.py:41 main: ", 0), 0u);
  v["peak_sites"][0]["bytes"] = 10 << 20;  // the largest main stack is now load's 100 MiB of 110: still named
  EXPECT_NE(has_growth_line(render::peak_sites_lines(v)).find("train.py:9 load"), std::string::npos);
  v["peak_sites"].erase(1);  // 10 MiB of 10 MiB: named (the whole main process)
  v["peak_sites"][0]["frames"] = json::array();  // no frames: nothing to name
  EXPECT_EQ(has_growth_line(render::peak_sites_lines(v)), "");
}

TEST(Sites, StaticAndSetuidProgramsCannotBePreloaded) {
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_type = ET_EXEC;
  eh.e_phoff = sizeof eh;
  eh.e_phentsize = sizeof(Elf64_Phdr);
  eh.e_phnum = 1;
  Elf64_Phdr ph{};
  ph.p_type = PT_LOAD;
  std::string head(reinterpret_cast<char*>(&eh), sizeof eh);
  head.append(reinterpret_cast<char*>(&ph), sizeof ph);
  auto why = sites::preload_blocker(head, 0755);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("statically linked"), std::string::npos);
  ph.p_type = PT_INTERP;
  head.replace(sizeof eh, sizeof ph, reinterpret_cast<char*>(&ph), sizeof ph);
  EXPECT_FALSE(sites::preload_blocker(head, 0755));
  EXPECT_NE(sites::preload_blocker(head, 04755)->find("setuid"), std::string::npos);
  EXPECT_FALSE(sites::preload_blocker("#!/bin/sh\n", 0755));  // a script: its interpreter decides
  EXPECT_FALSE(sites::preload_blocker_for_command("true"));  // /usr/bin/true is dynamic
}

}  // namespace
