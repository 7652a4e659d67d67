#pragma once
// Moved: the one output sanitiser is util/sanitize.h (issue 21, item 4).
#include "util/sanitize.h"
