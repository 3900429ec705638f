//===- InlineSchedule.h - The single-file algorithm + schedule form -*- C++ -*-===//
//
// A .gt file may carry its schedule: the algorithm, a line holding only
// `schedule:`, then schedule statements. The driver and the fuzz target both
// load a file this way.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_INLINESCHEDULE_H
#define POLYC_FRONTEND_INLINESCHEDULE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace polyc {

/// The offset of the line that holds only `schedule:` (surrounding blanks
/// allowed), or npos. A comment or string mentioning it is no split.
size_t findInlineSchedule(llvm::StringRef text);

struct ProgramBuffers {
  unsigned algorithm = 0;      // SourceMgr buffer of the algorithm
  unsigned inlineSchedule = 0; // of the `schedule:` section; 0 when there is none
};

/// Adds a .gt file to `sources`. Without a `schedule:` line the file is the
/// algorithm buffer. With one, the algorithm buffer holds the text before that
/// line, and the schedule buffer (same name) the whole file with the
/// algorithm's lines blanked, so that locations in both match the file.
ProgramBuffers addProgramBuffers(llvm::SourceMgr &sources,
                                 std::unique_ptr<llvm::MemoryBuffer> file);

} // namespace polyc

#endif
