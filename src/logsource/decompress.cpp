#include "logsource/decompress.h"

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#if defined(OOMLENS_HAVE_ISAL)
#include <isa-l/igzip_lib.h>
#endif

namespace oomlens {

Compression detect_compression(std::string_view head) {
  const auto starts = [head](std::string_view magic) { return head.starts_with(magic); };
  using namespace std::string_view_literals;
  if (starts("\x1f\x8b"sv)) return Compression::gzip;
  if (starts("\xfd\x37\x7a\x58\x5a\x00"sv)) return Compression::xz;
  if (starts("\x28\xb5\x2f\xfd"sv)) return Compression::zstd;
  return Compression::none;
}

const char* compression_name(Compression c) {
  switch (c) {
    case Compression::gzip: return "gzip";
    case Compression::xz: return "xz";
    case Compression::zstd: return "zstd";
    case Compression::none: break;
  }
  return "plain";
}

namespace {

using Status = DecodeStep::Status;

// zlib and liblzma count in uInt / size_t; one step never takes more than this.
constexpr size_t kMaxStep = UINT_MAX / 2;

class ZlibDecoder final : public Decoder {
 public:
  ZlibDecoder() { ok_ = inflateInit2(&zs_, 16 + MAX_WBITS) == Z_OK; }  // gzip wrapper only
  ~ZlibDecoder() override { inflateEnd(&zs_); }
  [[nodiscard]] bool ok() const { return ok_; }
  DecodeStep step(std::string_view& in, bool input_eof, char* out, size_t cap) override {
    DecodeStep s;
    zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs_.avail_in = static_cast<uInt>(std::min(in.size(), kMaxStep));
    zs_.next_out = reinterpret_cast<Bytef*>(out);
    zs_.avail_out = static_cast<uInt>(std::min(cap, kMaxStep));
    const uInt before = zs_.avail_in;
    const uInt room = zs_.avail_out;
    const int rc = inflate(&zs_, Z_NO_FLUSH);
    in.remove_prefix(before - zs_.avail_in);
    s.produced = room - zs_.avail_out;
    if (rc == Z_STREAM_END) {
      s.status = Status::member_end;
    } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
      s.status = Status::corrupt;
      s.message = zs_.msg ? zs_.msg : "data error";
    } else if (rc == Z_MEM_ERROR) {
      s.status = Status::corrupt;
      s.message = "out of memory while inflating";
    } else if (input_eof && in.empty() && s.produced == 0) {
      s.status = Status::truncated;  // no progress possible and no more input
    }
    return s;
  }
  void reset() override { inflateReset(&zs_); }
  [[nodiscard]] const char* engine() const override { return "zlib inflate"; }

 private:
  z_stream zs_{};
  bool ok_ = false;
};

#if defined(OOMLENS_HAVE_ISAL)
class IsalDecoder final : public Decoder {
 public:
  IsalDecoder() : st_(std::make_unique<inflate_state>()) { reset(); }
  DecodeStep step(std::string_view& in, bool input_eof, char* out, size_t cap) override {
    DecodeStep s;
    st_->next_in = reinterpret_cast<uint8_t*>(const_cast<char*>(in.data()));
    st_->avail_in = static_cast<uint32_t>(std::min(in.size(), kMaxStep));
    st_->next_out = reinterpret_cast<uint8_t*>(out);
    st_->avail_out = static_cast<uint32_t>(std::min(cap, kMaxStep));
    const uint32_t before = st_->avail_in;
    const uint32_t room = st_->avail_out;
    const int rc = isal_inflate(st_.get());
    in.remove_prefix(before - st_->avail_in);
    s.produced = room - st_->avail_out;
    if (rc < 0 || rc == ISAL_NEED_DICT) {
      s.status = Status::corrupt;
      s.message = rc == ISAL_INCORRECT_CHECKSUM ? "incorrect data check" : "invalid compressed data";
    } else if (st_->block_state == ISAL_BLOCK_FINISH) {
      s.status = Status::member_end;
    } else if (input_eof && in.empty() && s.produced == 0) {  // no progress, no more input
      s.status = Status::truncated;
    }
    return s;
  }
  void reset() override {
    isal_inflate_init(st_.get());
    st_->crc_flag = ISAL_GZIP;  // parse the gzip header, check the CRC-32 trailer
  }
  [[nodiscard]] const char* engine() const override { return "ISA-L inflate"; }

 private:
  std::unique_ptr<inflate_state> st_;
};
#endif

class XzDecoder final : public Decoder {
 public:
  XzDecoder() { reset(); }
  ~XzDecoder() override { lzma_end(&xs_); }
  [[nodiscard]] bool ok() const { return ok_; }
  DecodeStep step(std::string_view& in, bool input_eof, char* out, size_t cap) override {
    DecodeStep s;
    xs_.next_in = reinterpret_cast<const uint8_t*>(in.data());
    xs_.avail_in = std::min(in.size(), kMaxStep);
    xs_.next_out = reinterpret_cast<uint8_t*>(out);
    xs_.avail_out = std::min(cap, kMaxStep);
    const size_t before = xs_.avail_in;
    const size_t room = xs_.avail_out;
    const lzma_ret rc = lzma_code(&xs_, input_eof ? LZMA_FINISH : LZMA_RUN);
    in.remove_prefix(before - xs_.avail_in);
    s.produced = room - xs_.avail_out;
    if (rc == LZMA_STREAM_END) {
      s.status = Status::member_end;
    } else if (rc == LZMA_BUF_ERROR && input_eof && in.empty()) {
      s.status = Status::truncated;
    } else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
      s.status = Status::corrupt;
      s.message = rc == LZMA_MEM_ERROR ? "out of memory" : rc == LZMA_DATA_ERROR ? "data error"
                  : rc == LZMA_FORMAT_ERROR ? "not xz data" : "corrupt xz data";
    }
    return s;
  }
  void reset() override {
    lzma_end(&xs_);
    xs_ = LZMA_STREAM_INIT;
    // No memory limit beyond the file's own dictionary; one stream per call.
    ok_ = lzma_stream_decoder(&xs_, UINT64_MAX, 0) == LZMA_OK;
  }
  [[nodiscard]] const char* engine() const override { return "liblzma"; }

 private:
  lzma_stream xs_ = LZMA_STREAM_INIT;
  bool ok_ = false;
};

class ZstdDecoder final : public Decoder {
 public:
  ZstdDecoder() : ds_(ZSTD_createDStream()) {}
  ~ZstdDecoder() override { ZSTD_freeDStream(ds_); }
  [[nodiscard]] bool ok() const { return ds_ != nullptr; }
  DecodeStep step(std::string_view& in, bool input_eof, char* out, size_t cap) override {
    DecodeStep s;
    ZSTD_inBuffer ib{in.data(), in.size(), 0};
    ZSTD_outBuffer ob{out, cap, 0};
    const size_t rc = ZSTD_decompressStream(ds_, &ob, &ib);
    in.remove_prefix(ib.pos);
    s.produced = ob.pos;
    if (ZSTD_isError(rc)) {
      s.status = Status::corrupt;
      s.message = ZSTD_getErrorName(rc);
    } else if (rc == 0) {
      s.status = Status::member_end;
    } else if (input_eof && in.empty() && ob.pos < cap) {
      s.status = Status::truncated;  // it wants input and there is none
    }
    return s;
  }
  void reset() override { ZSTD_DCtx_reset(ds_, ZSTD_reset_session_only); }
  [[nodiscard]] const char* engine() const override { return "libzstd"; }

 private:
  ZSTD_DStream* ds_;
};

template <typename D>
std::unique_ptr<Decoder> checked() {
  auto d = std::make_unique<D>();
  if (!d->ok()) return nullptr;
  return d;
}

}  // namespace

std::unique_ptr<Decoder> make_decoder(Compression c) {
  switch (c) {
    case Compression::gzip: {
#if defined(OOMLENS_HAVE_ISAL)
      const char* force = std::getenv("OOMLENS_GZIP");
      if (force == nullptr || std::strcmp(force, "zlib") != 0) return std::make_unique<IsalDecoder>();
#endif
      return checked<ZlibDecoder>();
    }
    case Compression::xz: return checked<XzDecoder>();
    case Compression::zstd: return checked<ZstdDecoder>();
    case Compression::none: break;
  }
  return nullptr;
}

}  // namespace oomlens
