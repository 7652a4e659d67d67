#pragma once
// A throwaway directory tree for reader tests (fixture /proc, /sys, /dev),
// removed when the object dies.
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include <unistd.h>

namespace oomlens::testing {

class FixtureTree {
 public:
  /// 0755, so a test that drops to `nobody` can enter it.
  FixtureTree() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "oomlens-fixture-XXXXXX").string();
    root_ = ::mkdtemp(tmpl.data()) ? tmpl : std::string();
    std::error_code ec;
    if (!root_.empty()) std::filesystem::permissions(root_, std::filesystem::perms(0755), ec);
  }
  ~FixtureTree() {
    std::error_code ec;
    if (!root_.empty()) std::filesystem::remove_all(root_, ec);
  }
  FixtureTree(const FixtureTree&) = delete;
  FixtureTree& operator=(const FixtureTree&) = delete;

  const std::string& root() const { return root_; }
  std::filesystem::path path() const { return root_; }
  /// Writes ROOT/rel (parents created), content as given (binary-safe).
  void write(const std::string& rel, const std::string& content) const {
    std::filesystem::path p = std::filesystem::path(root_) / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
  }
  /// Writes each {name, content} of `files` as ROOT/dir/name.
  void write_files(const std::string& dir,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> files) const {
    for (const auto& [name, content] : files) write(dir + "/" + std::string(name), std::string(content));
  }
  void mkdir(const std::string& rel) const { std::filesystem::create_directories(std::filesystem::path(root_) / rel); }
  void remove(const std::string& rel) const {
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(root_) / rel, ec);
  }

 private:
  std::string root_;
};

}  // namespace oomlens::testing
