#include "render/owner_name.h"

#include "util/format.h"

namespace oomlens {

std::string owner_name(const CgroupOwner& o) {
  if (o.pod_name)  // Kubernetes, named from the runtime's state
    return (o.pod_namespace ? *o.pod_namespace + "/" : "") + *o.pod_name + (o.name ? "/" + *o.name : "");
  if (o.name) return *o.name;
  return shorten_ids(o.id);
}

}  // namespace oomlens
