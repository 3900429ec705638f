//===- SyntaxDescribers.h - Wording syntax errors per grammar ---*- C++ -*-===//
#ifndef POLYC_FRONTEND_SYNTAXDESCRIBERS_H
#define POLYC_FRONTEND_SYNTAXDESCRIBERS_H

#include "SyntaxErrors.h"

namespace polyc {

/// "expected ';' after statement", "expected 'end' to close 'while'", ...
SyntaxMessage describeGraphItSyntaxError(const SyntaxErrorContext &error);

/// "expected '->' after 'program'", "expected ';' after schedule statement", ...
SyntaxMessage describeScheduleSyntaxError(const SyntaxErrorContext &error);

} // namespace polyc

#endif
