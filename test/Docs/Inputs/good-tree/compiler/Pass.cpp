// Prefetching pays where the random reads hit the L3
// (docs/benchmark-log/2026-11-29-run.md).
const char *version = "2026-11-29"; // a date outside a comment is code's business
