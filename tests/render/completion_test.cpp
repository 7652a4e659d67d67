#include "render/completion.h"

#include <gtest/gtest.h>

namespace oomlens {
namespace {

CommandSpec sample() {
  CommandSpec explain{"explain", "Explain OOM reports", {}, ValueKind::file, {}};
  explain.options = {{{"--json"}, ValueKind::none, {}, "Print JSON"},
                     {{"--verbose", "-v"}, ValueKind::none, {}, "More [notes]: it's verbose"},
                     {{"--color"}, ValueKind::choice, {"auto", "always", "never"}, "Colour"},
                     {{"--since"}, ValueKind::text, {}, "Only after TIME"}};
  CommandSpec run{"run", "Run a job", {{{"--record"}, ValueKind::file, {}, "Record file"}}, ValueKind::command, {}};
  return {"oomlens", "oomlens", {{{"--version"}, ValueKind::none, {}, "Version"}}, ValueKind::none, {explain, run}};
}

TEST(Completion, ParseShell) {
  EXPECT_EQ(parse_shell("bash"), Shell::bash);
  EXPECT_EQ(parse_shell("zsh"), Shell::zsh);
  EXPECT_EQ(parse_shell("fish"), Shell::fish);
  EXPECT_FALSE(parse_shell("tcsh"));
  EXPECT_FALSE(parse_shell(""));
}

TEST(Completion, BashListsSubcommandsOptionsAndValues) {
  const std::string s = render_completion(sample(), Shell::bash);
  EXPECT_NE(s.find("complete -F _oomlens oomlens"), std::string::npos);
  EXPECT_NE(s.find("explain|run) sub="), std::string::npos);
  EXPECT_NE(s.find("opts='--json --verbose -v --color --since'"), std::string::npos);
  EXPECT_NE(s.find("--color) COMPREPLY=($(compgen -W 'auto always never'"), std::string::npos);
  EXPECT_NE(s.find("--since) :; return ;;"), std::string::npos);  // a value, nothing to offer
  EXPECT_NE(s.find("--record) compopt -o filenames"), std::string::npos);
  EXPECT_NE(s.find("positional=command"), std::string::npos);
}

TEST(Completion, ZshQuotesDescriptions) {
  const std::string s = render_completion(sample(), Shell::zsh);
  EXPECT_EQ(s.rfind("#compdef oomlens\n", 0), 0u);
  // [ and ] escaped inside the description, ' closed and reopened.
  EXPECT_NE(s.find("'--verbose[More \\[notes\\]: it'\\''s verbose]'"), std::string::npos);
  EXPECT_NE(s.find("'--color[Colour]:value:(auto always never)'"), std::string::npos);
  EXPECT_NE(s.find("'*:argument:_files'"), std::string::npos);
  EXPECT_NE(s.find("'explain:Explain OOM reports'"), std::string::npos);
  EXPECT_NE(s.find("'*::arguments:_normal'"), std::string::npos);
}

TEST(Completion, FishOneLinePerOption) {
  const std::string s = render_completion(sample(), Shell::fish);
  EXPECT_NE(s.find("complete -c oomlens -n __fish_use_subcommand -a explain -d 'Explain OOM reports'"),
            std::string::npos);
  EXPECT_NE(s.find("complete -c oomlens -n '__fish_seen_subcommand_from explain' -l verbose -s v -d "
                   "'More [notes]: it\\'s verbose'"),
            std::string::npos);
  EXPECT_NE(s.find("-l color -r -f -a 'auto always never'"), std::string::npos);
  EXPECT_NE(s.find("-l record -r -F"), std::string::npos);
}

TEST(Completion, LongDescriptionsAreCutAtABlank) {
  CommandSpec root{"oomlens", "", {}, ValueKind::none, {}};
  root.options.push_back({{"--x"}, ValueKind::none, {}, std::string(60, 'a') + " " + std::string(60, 'b')});
  const std::string s = render_completion(root, Shell::fish);
  EXPECT_NE(s.find("-d '" + std::string(60, 'a') + "...'"), std::string::npos);
}

}  // namespace
}  // namespace oomlens
