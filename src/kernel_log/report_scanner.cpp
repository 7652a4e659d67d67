// Placeholder until the assembler lands.
#include "kernel_log/report_scanner.h"
