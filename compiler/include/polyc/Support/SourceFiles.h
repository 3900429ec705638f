//===- SourceFiles.h - Reading programs and schedules, bounded --*- C++ -*-===//
//
// polyc reads whole files into memory. A program or schedule is a few
// kilobytes; a file that is not (a graph given by mistake, /dev/zero, an
// endless pipe) is refused once it passes kMaxSourceBytes, before polyc has
// allocated more than that, whether its size is known up front or not.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SUPPORT_SOURCEFILES_H
#define POLYC_SUPPORT_SOURCEFILES_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace polyc {

/// The largest program or schedule file polyc reads: 16 MiB.
constexpr uint64_t kMaxSourceBytes = uint64_t(16) << 20;

/// The contents of `path` (a regular file, a pipe, /dev/stdin, ...), or an
/// error that says why not in words for "cannot read '<path>': <error>".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readSourceFile(llvm::StringRef path, uint64_t maxBytes = kMaxSourceBytes);

} // namespace polyc

#endif
