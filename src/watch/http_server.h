#pragma once
// A small HTTP server seam over cpp-httplib (Debian libcpp-httplib-dev),
// so only one translation unit compiles the library. GET routes only.
//
// Threads: httplib runs its accept loop in start()'s thread and serves
// requests from a pool of kWorkers threads with 5 s read/write timeouts, so
// a slow or hung client holds one worker for at most that long and never
// touches the capture thread.
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace oomlens::watch {

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};
using HttpParams = std::multimap<std::string, std::string>;

class HttpServer {
 public:
  static constexpr int kWorkers = 4;
  HttpServer();
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  void get(const std::string& path, std::function<HttpResponse(const HttpParams&)> handler);
  /// Binds HOST:PORT (PORT 0: a free port). SO_REUSEADDR only, never
  /// SO_REUSEPORT, so a second daemon on the same port fails here. Returns
  /// the bound port, or -1 with *error ("Address already in use", …).
  int bind(const std::string& host, int port, std::string* error);
  /// Serves in a background thread.
  void start();
  /// Stops serving and joins the thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Splits `HOST:PORT` / `[V6]:PORT`; false when malformed.
bool parse_listen(const std::string& spec, std::string* host, int* port);

}  // namespace oomlens::watch
