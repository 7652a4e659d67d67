// Task exits from taskstats (see taskstats.h).
#include "proc/taskstats.h"

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/taskstats.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>

#include "util/file.h"

namespace oomlens::proc {
namespace {

constexpr size_t kNlHdr = NLMSG_ALIGN(sizeof(nlmsghdr));
constexpr size_t kGenlHdr = GENL_HDRLEN;

size_t align4(size_t n) { return (n + 3) & ~size_t{3}; }

template <typename T>
T load(std::string_view b, size_t off) {
  T v{};
  std::memcpy(&v, b.data() + off, sizeof(T));
  return v;
}

/// Calls f(type, payload) for each attribute in `b`; false when one overruns.
template <typename F>
bool each_attr(std::string_view b, F&& f) {
  size_t off = 0;
  while (off + sizeof(nlattr) <= b.size()) {
    const auto len = load<uint16_t>(b, off + offsetof(nlattr, nla_len));
    const auto type = static_cast<uint16_t>(load<uint16_t>(b, off + offsetof(nlattr, nla_type)) & NLA_TYPE_MASK);
    if (len < sizeof(nlattr) || off + len > b.size()) return false;
    f(type, b.substr(off + NLA_HDRLEN, len - NLA_HDRLEN));
    off += align4(len);
  }
  return true;
}

/// A field of struct taskstats when the struct sent is long enough for it.
template <typename T>
std::optional<T> field(std::string_view st, size_t off) {
  if (off + sizeof(T) > st.size()) return std::nullopt;
  return load<T>(st, off);
}

void fill_from_stats(std::string_view st, TaskExit* e) {
  e->version = field<uint16_t>(st, offsetof(taskstats, version)).value_or(0);
  e->exit_code = field<uint32_t>(st, offsetof(taskstats, ac_exitcode)).value_or(0);
  e->ppid = field<uint32_t>(st, offsetof(taskstats, ac_ppid)).value_or(0);
  if (offsetof(taskstats, ac_comm) + TS_COMM_LEN <= st.size()) {
    std::string_view c = st.substr(offsetof(taskstats, ac_comm), TS_COMM_LEN);
    e->comm = std::string(c.substr(0, c.find('\0')));
  }
  if (auto kb = field<uint64_t>(st, offsetof(taskstats, hiwater_rss))) e->hiwater_rss_bytes = *kb * 1024;
  // ac_tgid arrived with version 12: a shorter or older struct has none.
  if (e->version >= 12) e->tgid = field<uint32_t>(st, offsetof(taskstats, ac_tgid));
  if (!e->pid) e->pid = field<uint32_t>(st, offsetof(taskstats, ac_pid)).value_or(0);
}

}  // namespace

std::vector<TaskExit> parse_taskstats_datagram(std::string_view d, uint16_t family) {
  std::vector<TaskExit> out;
  size_t off = 0;
  while (off + sizeof(nlmsghdr) <= d.size()) {
    const auto len = load<uint32_t>(d, off + offsetof(nlmsghdr, nlmsg_len));
    const auto type = load<uint16_t>(d, off + offsetof(nlmsghdr, nlmsg_type));
    if (len < sizeof(nlmsghdr) || len > d.size() - off) break;
    std::string_view msg = d.substr(off, len);
    off += NLMSG_ALIGN(len);
    if (type != family || msg.size() < kNlHdr + kGenlHdr) continue;
    if (load<uint8_t>(msg, kNlHdr + offsetof(genlmsghdr, cmd)) != TASKSTATS_CMD_NEW) continue;
    TaskExit e;
    bool have_stats = false;
    bool ok = each_attr(msg.substr(kNlHdr + kGenlHdr), [&](uint16_t t, std::string_view p) {
      if (t == TASKSTATS_TYPE_AGGR_TGID) {
        e.group_dead = true;  // its stats are the group's delay totals: the task's part says the rest
        return;
      }
      if (t != TASKSTATS_TYPE_AGGR_PID) return;
      (void)each_attr(p, [&](uint16_t n, std::string_view q) {
        if (n == TASKSTATS_TYPE_PID && q.size() >= 4) e.pid = load<uint32_t>(q, 0);
        if (n == TASKSTATS_TYPE_STATS) {
          fill_from_stats(q, &e);
          have_stats = true;
        }
      });
    });
    if (!ok) break;
    if (have_stats && e.pid) out.push_back(std::move(e));
  }
  return out;
}

std::optional<uint16_t> parse_genl_family_id(std::string_view r) {
  if (r.size() < kNlHdr + kGenlHdr) return std::nullopt;
  const auto len = load<uint32_t>(r, offsetof(nlmsghdr, nlmsg_len));
  if (load<uint16_t>(r, offsetof(nlmsghdr, nlmsg_type)) != GENL_ID_CTRL || len > r.size() || len < kNlHdr + kGenlHdr)
    return std::nullopt;
  std::optional<uint16_t> id;
  (void)each_attr(r.substr(kNlHdr + kGenlHdr, len - kNlHdr - kGenlHdr), [&](uint16_t t, std::string_view p) {
    if (t == CTRL_ATTR_FAMILY_ID && p.size() >= 2) id = load<uint16_t>(p, 0);
  });
  return id;
}

namespace {

/// One generic-netlink request: header, command, one string attribute.
std::string genl_request(uint16_t type, uint8_t cmd, uint16_t attr, std::string_view value, bool ack) {
  const size_t alen = NLA_HDRLEN + value.size() + 1;
  std::string m(kNlHdr + kGenlHdr + align4(alen), '\0');
  nlmsghdr h{};
  h.nlmsg_len = static_cast<uint32_t>(m.size());
  h.nlmsg_type = type;
  h.nlmsg_flags = static_cast<uint16_t>(NLM_F_REQUEST | (ack ? NLM_F_ACK : 0));
  h.nlmsg_seq = 1;
  std::memcpy(m.data(), &h, sizeof h);
  genlmsghdr g{};
  g.cmd = cmd;
  g.version = 1;
  std::memcpy(m.data() + kNlHdr, &g, sizeof g);
  nlattr a{};
  a.nla_len = static_cast<uint16_t>(alen);
  a.nla_type = attr;
  std::memcpy(m.data() + kNlHdr + kGenlHdr, &a, sizeof a);
  std::memcpy(m.data() + kNlHdr + kGenlHdr + NLA_HDRLEN, value.data(), value.size());
  return m;
}

/// Sends `req` and reads answers until `done` takes one (at most 64
/// datagrams: exits may be queued before a registration's ACK; those are
/// kept in *early).
template <typename Done>
Result<std::string> transact(int fd, const std::string& req, const char* what, Done&& done) {
  if (::send(fd, req.data(), req.size(), 0) < 0) return system_error(std::string("taskstats: send ") + what);
  std::string buf(65536, '\0');
  for (int i = 0; i < 64; ++i) {
    ssize_t n;
    do n = ::recv(fd, buf.data(), buf.size(), 0);
    while (n < 0 && errno == EINTR);
    if (n < 0) return system_error(std::string("taskstats: recv ") + what);
    std::string_view d(buf.data(), static_cast<size_t>(n));
    if (done(d)) return std::string(d);
  }
  return SystemError{0, std::string("taskstats: no answer to ") + what};
}

/// The errno an NLMSG_ERROR answer carries (0 is an ACK); nullopt for another answer.
std::optional<int> nl_error(std::string_view r) {
  if (r.size() < kNlHdr + sizeof(int) || load<uint16_t>(r, offsetof(nlmsghdr, nlmsg_type)) != NLMSG_ERROR)
    return std::nullopt;
  return -load<int>(r, kNlHdr);
}

}  // namespace

Result<TaskstatsListener> TaskstatsListener::open(const std::string& sys_root) {
  TaskstatsListener l;
  l.fd_.reset(::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC));
  if (!l.fd_) return system_error("taskstats: socket(AF_NETLINK, NETLINK_GENERIC)");
  sockaddr_nl sa{};
  sa.nl_family = AF_NETLINK;
  if (::bind(l.fd_.get(), reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) return system_error("taskstats: bind");
  // A burst of exits between two drains: 4 MiB holds about 4,000 messages
  // (SO_RCVBUFFORCE, past rmem_max, needs CAP_NET_ADMIN, as registering does).
  const int rcvbuf = 4 << 20;
  if (::setsockopt(l.fd_.get(), SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof rcvbuf) != 0)
    (void)::setsockopt(l.fd_.get(), SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
  auto fam = transact(l.fd_.get(),
                      genl_request(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, CTRL_ATTR_FAMILY_NAME, TASKSTATS_GENL_NAME, false),
                      "CTRL_CMD_GETFAMILY", [](std::string_view) { return true; });
  if (!fam) return fam.error();
  if (auto e = nl_error(*fam); e && *e) return system_error("taskstats: no TASKSTATS netlink family", *e);
  auto id = parse_genl_family_id(*fam);
  if (!id) return SystemError{0, "taskstats: no family id in the controller's answer"};
  l.family_ = *id;
  auto possible = read_file(sys_root + "/devices/system/cpu/possible", 4096);
  l.cpumask_ = possible ? possible->substr(0, possible->find('\n')) : std::string();
  if (l.cpumask_.empty()) {
    const long n = ::sysconf(_SC_NPROCESSORS_CONF);
    l.cpumask_ = "0-" + std::to_string(n > 1 ? n - 1 : 0);
  }
  auto reg = transact(l.fd_.get(),
                      genl_request(l.family_, TASKSTATS_CMD_GET, TASKSTATS_CMD_ATTR_REGISTER_CPUMASK, l.cpumask_, true),
                      "register", [&](std::string_view d) {
                        if (nl_error(d)) return true;
                        for (auto& e : parse_taskstats_datagram(d, l.family_)) l.early_.push_back(std::move(e));
                        return false;
                      });
  if (!reg) return reg.error();
  if (auto e = nl_error(*reg); e && *e) return system_error("taskstats: register for the exits of CPUs " + l.cpumask_, *e);
  l.buf_.assign(65536, '\0');
  return l;
}

TaskstatsListener::~TaskstatsListener() {
  if (!fd_ || cpumask_.empty()) return;
  auto req = genl_request(family_, TASKSTATS_CMD_GET, TASKSTATS_CMD_ATTR_DEREGISTER_CPUMASK, cpumask_, false);
  (void)::send(fd_.get(), req.data(), req.size(), MSG_DONTWAIT);  // the kernel also drops a closed listener
}

std::vector<TaskExit> TaskstatsListener::drain(size_t max_datagrams) {
  std::vector<TaskExit> out = std::move(early_);
  early_.clear();
  if (!fd_) return out;
  for (size_t i = 0; i < max_datagrams; ++i) {
    ssize_t n = ::recv(fd_.get(), buf_.data(), buf_.size(), MSG_DONTWAIT);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == ENOBUFS) {  // the queue overflowed: some exits are lost; the socket goes on
        ++overflows_;
        continue;
      }
      break;  // EAGAIN: drained
    }
    auto v = parse_taskstats_datagram(std::string_view(buf_.data(), static_cast<size_t>(n)), family_);
    for (auto& e : v) out.push_back(std::move(e));
  }
  return out;
}

}  // namespace oomlens::proc
