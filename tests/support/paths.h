#pragma once
// Where the tests find the source tree and the programs they run.
//
// The absolute paths are compiled into one generated translation unit per
// test binary (tests/CMakeLists.txt, `oomlens_test_paths`), not passed as
// compile definitions: every other test object's compile line is then the
// same in every clone, and ccache (CCACHE_BASEDIR) reuses it from another
// clone. Each function returns a string literal (safe in static initialisers).
#include <string>
#include <string_view>

namespace oomlens::testing {

/// The source tree (CMAKE_SOURCE_DIR): absolute, no trailing slash.
[[nodiscard]] const char* source_dir();
/// `rel` (starting with "/") under source_dir(): source_path("/docs/oomlens.md").
[[nodiscard]] inline std::string source_path(std::string_view rel) { return std::string(source_dir()).append(rel); }
/// The `oomlens` executable the tests run (both test binaries).
[[nodiscard]] const char* oomlens_binary();
/// The shared directory beside the checkout (`<source>/../shared`, unit tests only).
[[nodiscard]] const char* shared_dir();
/// tools/oomlens-test-sites (unit tests only).
[[nodiscard]] const char* test_sites_binary();
/// tools/oomlens-test-leaker and oomlens-test-burst (live tests only).
[[nodiscard]] const char* leaker_binary();
[[nodiscard]] const char* burst_binary();

}  // namespace oomlens::testing
