#pragma once
// The drawing an output file asks for by its name (`plot -o run.svg`,
// `sweep -o peaks.html`): the one check of an output's extension, so every
// subcommand that draws accepts the same names.
#include <optional>
#include <string_view>

#include "util/text.h"

namespace oomlens::render {

enum class DrawingFormat {
  svg,   ///< the SVG alone
  html,  ///< a self-contained HTML page holding it
};

/// The format `path` names by its extension, in any ASCII case (`run.svg`,
/// `RUN.HTML`); nullopt for any other name and for a bare extension
/// (`.svg`: no file name before it). Pure.
[[nodiscard]] inline std::optional<DrawingFormat> drawing_format(std::string_view path) {
  const auto named = [path](std::string_view ext) {
    return path.size() > ext.size() && text::ends_with_ascii_ci(path, ext);
  };
  if (named(".svg")) return DrawingFormat::svg;
  if (named(".html")) return DrawingFormat::html;
  return std::nullopt;
}

}  // namespace oomlens::render
