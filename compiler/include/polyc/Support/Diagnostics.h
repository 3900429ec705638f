//===- Diagnostics.h - clang-style diagnostics -----------------*- C++ -*-===//
//
// Every user-facing problem goes through a DiagnosticEngine, which prints
// through llvm::SourceMgr: "file:line:col: error: message", the source line
// and a caret. Errors are counted so that a phase can report several and the
// driver can stop before the next phase. Past an error limit (clang's
// -ferror-limit) the engine says so once and prints nothing more; a source
// line too long or not text (a binary file given as a program) is shown as a
// window around the column, so a diagnostic never echoes megabytes.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SUPPORT_DIAGNOSTICS_H
#define POLYC_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace polyc {

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(llvm::SourceMgr &sources) : sources(sources) {}

  void error(llvm::SMLoc loc, const llvm::Twine &message);
  void warning(llvm::SMLoc loc, const llvm::Twine &message);
  void note(llvm::SMLoc loc, const llvm::Twine &message);
  /// An error about the input as a whole (no location), e.g. a missing file.
  void error(const llvm::Twine &message);

  unsigned errorCount() const { return errors; }
  bool hadError() const { return errors != 0; }
  llvm::SourceMgr &sourceManager() { return sources; }

  /// Errors printed before the engine stops printing (0: no limit).
  void setErrorLimit(unsigned limit) { errorLimit = limit; }
  /// Whether the limit was reached: a phase may stop looking for more.
  bool stoppedPrinting() const { return stopped; }

private:
  void print(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind, const llvm::Twine &message);
  /// Counts an error; false once past the limit (after saying so once).
  bool admitError();

  llvm::SourceMgr &sources;
  unsigned errors = 0;
  unsigned errorLimit = 0;
  bool stopped = false;
};

} // namespace polyc

#endif
