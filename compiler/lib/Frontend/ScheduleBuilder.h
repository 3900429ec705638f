//===- ScheduleBuilder.h - Schedule parse tree to ScheduleFile --*- C++ -*-===//
#ifndef POLYC_FRONTEND_SCHEDULEBUILDER_H
#define POLYC_FRONTEND_SCHEDULEBUILDER_H

#include "SyntaxErrors.h"

#include "ScheduleParser.h"

#include "polyc/Schedule/ScheduleAST.h"

#include <optional>

namespace polyc {

/// Flattens every `program->f(...)->g(...);` chain into ScheduleCalls, in
/// source order, decoding string arguments and recognising "argv[N]".
class ScheduleBuilder {
public:
  ScheduleBuilder(DiagnosticEngine &diags, const TokenLocator &locator)
      : diags(diags), locator(locator) {}

  /// std::nullopt when a literal could not be read (reported).
  std::optional<ScheduleFile> build(polyc_grammar::ScheduleParser::ScheduleContext *tree);

private:
  DiagnosticEngine &diags;
  const TokenLocator &locator;
  bool failed = false;

  ScheduleArg buildArg(polyc_grammar::ScheduleParser::ArgContext *ctx);
  std::string decodeString(antlr4::Token *token);
};

} // namespace polyc

#endif
