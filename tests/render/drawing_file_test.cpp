#include "render/drawing_file.h"

#include <gtest/gtest.h>

namespace oomlens::render {
namespace {

// plot -o and sweep -o accept the same names: .svg or .html in any case, a file name before it.
TEST(DrawingFormat, IsTheOutputsExtensionInAnyCase) {
  EXPECT_EQ(drawing_format("run.svg"), DrawingFormat::svg);
  EXPECT_EQ(drawing_format("out/RUN.SVG"), DrawingFormat::svg);
  EXPECT_EQ(drawing_format("peaks.html"), DrawingFormat::html);
  EXPECT_EQ(drawing_format("peaks.Html"), DrawingFormat::html);
  EXPECT_EQ(drawing_format(".svg"), std::nullopt);  // no name before it
  EXPECT_EQ(drawing_format("run.png"), std::nullopt);
  EXPECT_EQ(drawing_format("run.svg.gz"), std::nullopt);
  EXPECT_EQ(drawing_format("-"), std::nullopt);  // plot's stdout is its own case
  EXPECT_EQ(drawing_format(""), std::nullopt);
}

}  // namespace
}  // namespace oomlens::render
