// Whether LD_PRELOAD can reach a program (sites/elf_check.h).
#include "sites/elf_check.h"

#include <elf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "util/file.h"
#include "util/i18n.h"

namespace oomlens::sites {

std::optional<std::string> preload_blocker(std::string_view head, unsigned mode) {
  if (mode & (S_ISUID | S_ISGID))
    return std::string(N_("it is setuid/setgid, and the dynamic loader ignores LD_PRELOAD for such programs"));
  if (head.size() < sizeof(Elf64_Ehdr) || std::memcmp(head.data(), ELFMAG, SELFMAG) != 0) return std::nullopt;
  if (static_cast<unsigned char>(head[EI_CLASS]) != ELFCLASS64) return std::nullopt;
  Elf64_Ehdr eh;
  std::memcpy(&eh, head.data(), sizeof eh);
  if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN) return std::nullopt;
  bool interp = false;
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    uint64_t off = eh.e_phoff + uint64_t{i} * eh.e_phentsize;
    if (eh.e_phentsize < sizeof(Elf64_Phdr) || off + sizeof(Elf64_Phdr) > head.size()) return std::nullopt;
    Elf64_Phdr ph;
    std::memcpy(&ph, head.data() + off, sizeof ph);
    interp |= ph.p_type == PT_INTERP;
  }
  if (!interp)  // static, static-pie included
    return std::string(N_("it is statically linked: no dynamic loader reads LD_PRELOAD"));
  return std::nullopt;
}

std::optional<std::string> preload_blocker_for_command(const std::string& argv0) {
  std::string path;
  if (argv0.find('/') != std::string::npos) {
    path = argv0;
  } else if (const char* pp = std::getenv("PATH")) {
    std::string_view rest(pp);
    while (true) {
      auto c = rest.find(':');
      std::string dir(rest.substr(0, c));
      std::string cand = (dir.empty() ? "." : dir) + "/" + argv0;
      if (::access(cand.c_str(), X_OK) == 0) {
        path = cand;
        break;
      }
      if (c == std::string_view::npos) break;
      rest.remove_prefix(c + 1);
    }
  }
  if (path.empty()) return std::nullopt;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  auto head = read_file(path, 4096);
  if (!head) return std::nullopt;
  return preload_blocker(*head, st.st_mode);
}

}  // namespace oomlens::sites
