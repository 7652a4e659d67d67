#pragma once
// Shell completion scripts (bash, zsh, fish) for `oomlens`, rendered from
// a plain description of its command line. The description is built from
// the CLI11 App (cli/completion.cpp), so the scripts list exactly the
// options the binary accepts; the build generates them
// (`oomlens --generate-completion bash|zsh|fish`) and installs them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oomlens {

/// What an option's value (or a positional argument) is, for completion.
enum class ValueKind {
  none,     // a flag: takes no value
  text,     // free text (a size, a time, a pid): nothing to complete
  file,     // a file name
  dir,      // a directory name
  choice,   // one of `choices`
  command,  // a command name, then its arguments (`run -- CMD ARGS`)
};

struct OptionSpec {
  std::vector<std::string> names;  // "--json", "-v": long and short, with dashes
  ValueKind value = ValueKind::none;
  std::vector<std::string> choices;  // ValueKind::choice
  std::string description;           // one line
};

struct CommandSpec {
  std::string name;  // "oomlens", "explain"
  std::string description;
  std::vector<OptionSpec> options;  // visible options only (no test-only ones)
  /// What words that are not options are (ValueKind::none: nothing).
  ValueKind positional = ValueKind::none;
  std::vector<CommandSpec> subcommands;
};

enum class Shell { bash, zsh, fish };

/// "bash", "zsh", "fish" → Shell; nullopt for anything else.
[[nodiscard]] std::optional<Shell> parse_shell(std::string_view name);

/// The completion script for `root` (the program; its subcommands one level
/// deep) in the given shell's own format: bash `complete -F`, a zsh
/// `#compdef` function with `_arguments`, fish `complete -c` lines. Pure.
[[nodiscard]] std::string render_completion(const CommandSpec& root, Shell shell);

}  // namespace oomlens
