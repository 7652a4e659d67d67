#pragma once
// Reading test inputs: a fixture, a record, the shared corpus.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/paths.h"

namespace oomlens::testing {

/// The whole of `path` ("" when it cannot be read: the test's assertion says what was missing).
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The shared corpus of real OOM reports with its oracles.json:
/// $OOMLENS_SHARED_DIR/corpus, else ../shared/corpus beside the checkout
/// (shared_dir(): the unit-test binary only).
inline std::filesystem::path shared_corpus_dir() {
  const char* env = std::getenv("OOMLENS_SHARED_DIR");
  return std::filesystem::path(env ? env : shared_dir()) / "corpus";
}

}  // namespace oomlens::testing
