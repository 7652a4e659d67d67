#pragma once
// Streaming decoders for compressed logs: gzip (ISA-L's inflate when built
// with libisal, else zlib), xz (liblzma) and zstd (libzstd), chosen by the
// input's magic bytes, never by the file name (logrotate's `compresscmd` may
// be any of them, and stdin has no name).
//
// Memory: the decoder's own state only (zlib ~7 KiB + a 32 KiB window,
// ISA-L ~40 KiB, xz up to its dictionary: 8 MiB for `xz -6`, the default;
// zstd up to its window: 8 MiB at levels up to 19). Output goes into the
// caller's buffer.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace oomlens {

enum class Compression { none, gzip, xz, zstd };

/// The format whose magic `head` starts with: gzip 1f 8b (RFC 1952), xz
/// fd 37 7a 58 5a 00, zstd 28 b5 2f fd (RFC 8878, a frame). `none` for
/// anything else, including a `head` too short to tell.
[[nodiscard]] Compression detect_compression(std::string_view head);

/// "gzip", "xz", "zstd" or "plain".
[[nodiscard]] const char* compression_name(Compression c);

/// The outcome of one Decoder::step().
struct DecodeStep {
  enum class Status {
    more,        ///< call again (more input or output space needed)
    member_end,  ///< a gzip member / xz stream / zstd frame ended here
    truncated,   ///< input ended inside a member
    corrupt,     ///< invalid data; `message` says what the library said
  };
  Status status = Status::more;
  size_t produced = 0;  ///< bytes written to `out`
  std::string message;
};

class Decoder {
 public:
  virtual ~Decoder() = default;
  /// Decodes from `in` (consumed bytes are removed from its front) into
  /// `out[0, cap)`. `input_eof`: no input follows what `in` holds.
  virtual DecodeStep step(std::string_view& in, bool input_eof, char* out, size_t cap) = 0;
  /// Starts the next member (after member_end).
  virtual void reset() = 0;
  /// What decodes, for --verbose: "ISA-L inflate", "zlib inflate", "liblzma", "libzstd".
  [[nodiscard]] virtual const char* engine() const = 0;
};

/// A decoder for `c` (not `none`); nullptr when its library cannot
/// initialise (out of memory). gzip uses ISA-L when oomlens was built with
/// it, unless the environment variable OOMLENS_GZIP is `zlib` (tests compare
/// the two; users can fall back).
[[nodiscard]] std::unique_ptr<Decoder> make_decoder(Compression c);

}  // namespace oomlens
