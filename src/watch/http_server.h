#pragma once
// A small HTTP server seam over Debian's libmicrohttpd (libmicrohttpd-dev),
// so only one translation unit sees the library. GET and HEAD routes only.
//
// Threads: one internal epoll thread accepts and serves every connection
// (MHD_USE_EPOLL_INTERNALLY), so a slow client is a few KiB of state in
// that loop, never a blocked worker: /metrics answers while other sockets
// trickle (tests/daemon/hostile_clients.py). A second, idle thread enforces
// the head deadline (HttpLimits::head_deadline_s). Handlers run in the
// epoll thread: they must be quick (the daemon's take a mutex and copy).
//
// Bounds, all while the head is read (HttpLimits): each connection's
// memory pool holds the whole request head, so a head larger than
// memory_limit_bytes is answered 414/431 and closed without being read
// further; a head with more than max_headers fields gets 431; connections
// past max_connections (in all) or max_per_ip (from one address) are
// closed at accept; a connection idle for idle_timeout_s, or whose head is
// not complete head_deadline_s after it started, is closed. Pipelined
// requests are answered in order on one connection (HTTP/1.1 keep-alive).
#include <functional>
#include <memory>
#include <string>

#include "util/result.h"
#include "watch/http_route.h"

namespace oomlens::watch {

struct HttpLimits {
  size_t memory_limit_bytes = 8192;  ///< per connection: the request head and the response head
  unsigned max_headers = 100;        ///< header fields in one request
  unsigned max_connections = 512;    ///< open connections in all (epoll: no FD_SETSIZE bound)
  unsigned max_per_ip = 64;          ///< open connections from one client address
  unsigned idle_timeout_s = 10;      ///< no byte received or sent for this long: closed
  unsigned head_deadline_s = 10;     ///< from a connection's start (or its previous answer) to a whole head
};

class HttpServer {
 public:
  explicit HttpServer(HttpLimits limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Routes GET (and HEAD) of exactly `path`; other paths get 404, other
  /// methods 405. Register before start().
  void get(const std::string& path, std::function<HttpResponse(const HttpParams&)> handler);
  /// Binds HOST:PORT (a literal IPv4 or IPv6 address, or `localhost`; PORT
  /// 0: a free port). SO_REUSEADDR only, never SO_REUSEPORT, so a second
  /// daemon on the same port fails here. Returns the bound port. Errors:
  /// "not an IP address …" (errnum 0), or the call that failed ("bind",
  /// "listen", …) with its errno (EADDRINUSE: the port is taken).
  [[nodiscard]] Result<int> bind(const std::string& host, int port);
  /// Serves in background threads. Error (errnum 0) when the library
  /// cannot start.
  [[nodiscard]] Status start();
  /// Stops serving and joins the threads.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace oomlens::watch
