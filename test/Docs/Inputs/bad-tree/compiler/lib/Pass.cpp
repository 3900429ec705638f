// A pass whose comments carry a timing log.
// Measured 2026-11-29: 36.0 against 39.5 ms.
int x = 0; // inline, 2025-01-31
const char *when = "2026-11-29"; /* a block comment
   opened on the line above, dated 2024-12-01 */
// docs/benchmark-log/2026-11-30-missing-run.md has the numbers.
