// The anchor prefilter (kernel_log/anchor_search.cpp) gives the same offset
// at every width: AVX2 (when this CPU has it), SSE2, and byte by byte. Random
// text with anchors and near-misses planted at every alignment, so a candidate
// falls at each lane, across block edges and in the tail.
#include "kernel_log/anchor_search.h"
#include "kernel_log/anchor_simd.h"
#include "kernel_log/evidence_words.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace oomlens {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// Random printable text of 0-299 bytes with three of `planted` inserted at random offsets.
std::string text_with_planted(std::mt19937& rng, const std::vector<std::string>& planted) {
  std::uniform_int_distribution<int> byte(' ', '~');
  std::string text(static_cast<size_t>(rng() % 300), ' ');
  for (char& c : text) c = static_cast<char>(byte(rng));
  for (int k = 0; k < 3; ++k) {
    const size_t at = rng() % (text.size() + 1);
    text.insert(at, planted[rng() % planted.size()]);
  }
  return text;
}

TEST(AnchorSearch, EveryWidthFindsTheSameFirstAnchor) {
  const std::vector<std::string> planted = {
      "invoked oom-killer:", "oom-kill:constraint=", "Killed process 1", "reaped process 2", "Kill process 3",
      "VM: killing process x", "Out of memory: ", "Memory cgroup out of memory", "Memory limit reached",
      "Manual OOM execution", "Task in /a killed", "memory: usage 1kB", " out_of_memory+0x1",
      "uid  tgid total_vm      rss", "tgid    total_vm", "[   1234]     0  1234 ", "[1234567]    -2 ",
      "Tasks state (memory values in pages):",
      // near-misses: the SIMD bytes match, the full check does not
      "oom-kilL", "Xilled process", "of_memory", "Memory foo", "Task inX", "ymm: usage ", "Manual OOm", "Tasks state (memory values)", "Tasks stats",
      "tgidtotal_vm", " pid total_vm", "[   1234]:", "[ 12.3456]  0", "[  12a34]  0"};
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> byte(' ', '~');
  size_t checked = 0, found = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text(static_cast<size_t>(rng() % 200), ' ');
    for (char& c : text) c = static_cast<char>(byte(rng));
    size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    text.insert(at, planted[rng() % planted.size()]);
    size_t want = anchor_detail::find_anchor_width(text.data(), text.size(), 1);
    EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 16), want) << text;
    if (anchor_detail::have_avx2()) {
      EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 32), want) << text;
    }
    EXPECT_EQ(find_anchor(text.data(), text.size()), want) << text;
    // With the Tasks-table row among the anchors (find_anchor_or_row()).
    const size_t want_rows = anchor_detail::find_anchor_width(text.data(), text.size(), 1, true);
    EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 16, true), want_rows) << text;
    if (anchor_detail::have_avx2()) {
      EXPECT_EQ(anchor_detail::find_anchor_width(text.data(), text.size(), 32, true), want_rows) << text;
    }
    EXPECT_EQ(find_anchor_or_row(text.data(), text.size()), want_rows) << text;
    EXPECT_LE(want_rows, want);
    ++checked;
    found += want != text.size();
  }
  EXPECT_EQ(checked, 3000u);
  EXPECT_GT(found, 1000u);  // the planted anchors are found, not only the near-misses skipped
}

// find_anchor_watching() (the anchor sweep that finds the evidence words in the same pass: AVX2's nibble
// buckets and its four-byte head filter, SSE2's pairs, byte by byte) gives find_anchor()'s offset, and before it
// the offset of every evidence word, at every width. The words and their near-misses are planted at every
// alignment, a few to a text.
TEST(AnchorSearch, TheWatchingSweepFindsTheAnchorAndEveryWordBeforeIt) {
  std::vector<std::string> planted = {
      "invoked oom-killer:", "Killed process 1", "Out of memory: ", "Memory cgroup out of memory", "Task in /a",
      "memory: usage 1kB", "uid  tgid total_vm", "[   1234]     0  1234 ", "Tasks state (memory values in pages):",
      "out_of_memory+0x1a", "Manual OOM",
      // the evidence words
      "high 5", "oom-kill event", "oom_kill events", "OOM killer", "sending SIGTERM", "killing process 7",
      "Killed /a.slice", "oomd killed 2", "Kill 'com.a'", "Killing 'x'", "Sending SIGKILL to cgroup",
      "{\"status\":\"oom\",", "<Signals.SIGKILL: 9>", "signal 9 (SIGKILL)", "TaskOOM", "\"OOMKilled\": true",
      // near-misses: a word's first and fourth byte (or the nibbles' aliases of them), not the word
      "highX", "oom_kilL", "OOM_killer", "sendinG SIG", "Killed  /", "Kill \"", "oomd_killed", "Sending cookies",
      "hush", "kill", "port ", "Sending SIGKILL to cgrouq", "or=\"DENIED\"", "sock_TCP", "OUT (ino", "g xhci_h",
      "of_memorial", "oo long", "otplug", "SIGKILL: 8", "gnal 8"};
  for (const evidence_words::Word& w : evidence_words::kWords) planted.emplace_back(w.text);  // every word
  std::mt19937 rng(29);
  size_t words_found = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string text = text_with_planted(rng, planted);
    for (const bool rows : {false, true}) {
      const size_t want = rows ? find_anchor_or_row(text.data(), text.size()) : find_anchor(text.data(), text.size());
      // The words before the anchor, position by position.
      std::vector<size_t> want_words;
      for (size_t i = 0; i < want; ++i)
        if (find_evidence_word(text.data(), i, i + 1 + 40 > text.size() ? text.size() : i + 1 + 40) == i)
          want_words.push_back(i);
      for (const size_t width : {size_t{1}, size_t{16}, size_t{32}}) {
        if (width == 32 && !anchor_detail::have_avx2()) continue;
        std::vector<size_t> words;
        EXPECT_EQ(anchor_detail::find_anchor_watching_width(text.data(), text.size(), width, rows, words,
                                                            evidence_words::Watched::every_word),
                  want)
            << width << ' ' << text;
        EXPECT_EQ(words, want_words) << width << ' ' << text;
      }
      std::vector<size_t> words;
      EXPECT_EQ(find_anchor_watching(text.data(), text.size(), rows, words), want) << text;
      words_found += words.size();
    }
  }
  EXPECT_GT(words_found, 1000u);
}

// Whether a kill word (evidence_words.h kWords with a kill_pair) starts at text[i].
bool kill_word_at(const std::string& text, size_t i) {
  for (const evidence_words::Word& w : evidence_words::kWords)
    if (w.kill_pair != 0 && text.compare(i, w.text.size(), w.text) == 0) return true;
  return false;
}

// The sweep after an input's first report (Watched::kills: anchor_simd.h AnchorKillPairs) gives find_anchor()'s
// offset, and before it the offset of every kill word and of no other word, at every width.
TEST(AnchorSearch, TheKillsSweepFindsTheAnchorAndEveryKillWordBeforeIt) {
  std::vector<std::string> planted = {"invoked oom-killer:", "Killed process 1", "Out of memory: ", "Task in /a",
                                      "Memory cgroup out of memory", "[   1234]     0  1234 ",
                                      // near-misses of the kill pairs
                                      "sending SIGN", "Sending cookies", "killing  process", "Killed  /", "Kill \"",
                                      "oomd_killed", "kill", "Send sig", "Killing \""};
  for (const evidence_words::Word& w : evidence_words::kWords) planted.emplace_back(w.text);  // every word
  std::mt19937 rng(31);
  size_t kills_found = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string text = text_with_planted(rng, planted);
    for (const bool rows : {false, true}) {
      const size_t want = rows ? find_anchor_or_row(text.data(), text.size()) : find_anchor(text.data(), text.size());
      std::vector<size_t> want_words;
      for (size_t i = 0; i < want; ++i)
        if (kill_word_at(text, i)) want_words.push_back(i);
      for (const size_t width : {size_t{1}, size_t{16}, size_t{32}}) {
        if (width == 32 && !anchor_detail::have_avx2()) continue;
        std::vector<size_t> words;
        EXPECT_EQ(anchor_detail::find_anchor_watching_width(text.data(), text.size(), width, rows, words,
                                                            evidence_words::Watched::kills),
                  want)
            << width << ' ' << text;
        EXPECT_EQ(words, want_words) << width << ' ' << text;
      }
      std::vector<size_t> words;
      EXPECT_EQ(find_anchor_watching(text.data(), text.size(), rows, words, evidence_words::Watched::kills), want);
      kills_found += words.size();
    }
  }
  EXPECT_GT(kills_found, 500u);
}
#endif

// Every word of evidence_words.h's kWords (the list the searches are built from, so a word added there is tested
// here), at every offset of a block: find_evidence_word() finds it and no near-miss; the watching sweeps find it
// (the kills' sweep a kill word only), and not its near-miss.
TEST(AnchorSearch, EachEvidenceWordOfTheTableAtEveryOffset) {
  for (const evidence_words::Word& w : evidence_words::kWords) {
    const std::string word(w.text);
    for (size_t pad = 0; pad < 70; ++pad) {
      // No anchor before the word: Slurm's `oom-kill event` and systemd's `oom-kill'` are anchors themselves.
      const std::string text = std::string(pad, '.') + "Sending cookies kill hush " + word + " tail of the line";
      const size_t at = pad + 26;
      EXPECT_EQ(find_evidence_word(text.data(), 0, text.size()), at) << word << ' ' << pad;
      std::string miss = text;
      miss[at + word.size() - 2] ^= 0x20;  // a byte near its end in the other case (a space to NUL)
      EXPECT_EQ(find_evidence_word(miss.data(), 0, miss.size()), miss.size()) << miss;
      const bool anchor = find_anchor(text.data(), text.size()) == at;
      for (const auto which : {evidence_words::Watched::every_word, evidence_words::Watched::kills}) {
        const bool said = which == evidence_words::Watched::every_word || w.kill_pair != 0;
        std::vector<size_t> words;
        const size_t a = find_anchor_watching(text.data(), text.size(), false, words, which);
        EXPECT_EQ(a, anchor ? at : text.size()) << word << ' ' << pad;
        EXPECT_EQ(words, (said && !anchor ? std::vector<size_t>{at} : std::vector<size_t>{})) << word << ' ' << pad;
        words.clear();
        if (find_anchor(miss.data(), miss.size()) == miss.size()) {
          EXPECT_EQ(find_anchor_watching(miss.data(), miss.size(), false, words, which), miss.size()) << miss;
          EXPECT_TRUE(words.empty()) << miss;
        }
      }
    }
  }
}

// find_evidence_word() finds each word, and no near-miss, at every offset of a block.
TEST(AnchorSearch, EachEvidenceWordAtEveryOffset) {
  for (const std::string word : {"high ", "oom-kill event", "oom_kill event", "OOM killer", "sending SIG",
                                 "killing process ", "Killed /", "oomd killed ", "Kill '", "Killing '",
                                 "Send SIG", "Sending SIG", "oom-kill'"}) {
    for (size_t pad = 0; pad < 70; ++pad) {
      const std::string text = std::string(pad, '.') + "Sending cookies kill hush " + word + " tail of the line";
      EXPECT_EQ(find_evidence_word(text.data(), 0, text.size()), pad + 26) << word << ' ' << pad;
      std::string miss = text;
      miss[pad + 26 + word.size() - 2] ^= 0x20;  // a byte near its end in the other case (a space to NUL)
      EXPECT_EQ(find_evidence_word(miss.data(), 0, miss.size()), miss.size()) << miss;
    }
  }
}

// The Tasks table's header (mm/oom_kill.c dump_tasks(), 2.6 to 6.x column sets)
// is an anchor at its `otal_vm`; `total_vm` elsewhere is not.
TEST(AnchorSearch, TheTaskTableHeader) {
  for (std::string header : {"[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name",
                             "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
                             "[ pid ]   uid  tgid total_vm      rss cpu oom_adj oom_score_adj name"}) {
    const std::string text = std::string(100, 'x') + "\n" + header + "\n";
    EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("otal_vm")) << header;
  }
  for (std::string other : {"vm.total_vm = 1", "tgid total_vmx", "pid  total_vm", "tgid_total_vm"}) {
    const std::string text = std::string(100, 'x') + " " + other + std::string(40, ' ');
    if (other == "tgid total_vmx") {  // the header's words are enough: the rest is not checked
      EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("otal_vm")) << other;
      continue;
    }
    EXPECT_EQ(find_anchor(text.data(), text.size()), text.size()) << other;
  }
}

// dump_tasks()'s first line (4.19+, printed only in an OOM report) is an anchor of its own: a paste cut right
// after it still shows a report (corpus 421).
TEST(AnchorSearch, TheTasksStateLine) {
  const std::string text = std::string(100, 'x') + "\nDec 23 21:21:28 kernel: Tasks state (memory values in pages):\n";
  EXPECT_EQ(find_anchor(text.data(), text.size()), text.find("Tasks state"));
  for (std::string other : {"Tasks state:", "Tasks stats (memory values in pages):", "Task state (memory values"}) {
    const std::string t = std::string(100, 'x') + " " + other + std::string(40, ' ');
    EXPECT_EQ(find_anchor(t.data(), t.size()), t.size()) << other;
  }
}

}  // namespace
}  // namespace oomlens
