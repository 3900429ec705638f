//===- NestingLimit.h - Bounding recursion on hostile input -----*- C++ -*-===//
//
// ANTLR parsers and the AST builder recurse once per nesting level, so
// `((((...` or a thousand nested `if`s would overflow the stack. Real
// programs nest a few dozen levels; past kMaxNesting the front end reports
// "nesting too deep" instead. Everything after the front end (Sema, printers,
// code generation) recurses over the AST and relies on this bound.
//
// The same wrapper also installs StrictPredictionSimulator (see below).
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_NESTINGLIMIT_H
#define POLYC_FRONTEND_NESTINGLIMIT_H

#include "SharedPredictionCaches.h"

#include "antlr4-runtime.h"

namespace polyc {

/// Parser rule invocations (and AST builder levels) allowed at once. Each
/// level of parentheses or blocks costs two or three rule invocations.
constexpr unsigned kMaxNesting = 1000;

/// Thrown out of the parse when the limit is hit.
struct NestingTooDeep {
  antlr4::Token *token;
};

/// When every alternative of a decision fails, ANTLR's prediction picks one
/// that could have ended the enclosing rule, so `x = 1 + ;` fails later as
/// "expected ';'" at the '+'. Without that fallback the parser reports
/// NoViableAlt at the token where every alternative died (the ';'), which is
/// where the mistake is.
class StrictPredictionSimulator : public antlr4::atn::ParserATNSimulator {
public:
  using antlr4::atn::ParserATNSimulator::ParserATNSimulator;

protected:
  size_t getAltThatFinishedDecisionEntryRule(antlr4::atn::ATNConfigSet *) override {
    return antlr4::atn::ATN::INVALID_ALT_NUMBER;
  }
};

/// A generated parser that counts its rule invocation depth and predicts
/// with StrictPredictionSimulator.
template <typename GeneratedParser> class DepthLimitedParser : public GeneratedParser {
public:
  explicit DepthLimitedParser(antlr4::TokenStream *input) : GeneratedParser(input) {
    // setInterpreter deletes the generated parser's simulator; the generated
    // destructor deletes ours.
    this->setInterpreter(new StrictPredictionSimulator(
        this, this->getATN(), Caches::decisionDFAs(this->getATN()), Caches::contextCache()));
  }
  using GeneratedParser::enterRecursionRule;

  void enterRule(antlr4::ParserRuleContext *ctx, size_t state, size_t rule) override {
    checkDepth(ctx);
    GeneratedParser::enterRule(ctx, state, rule);
  }

  void enterRecursionRule(antlr4::ParserRuleContext *ctx, size_t state, size_t rule,
                          int precedence) override {
    checkDepth(ctx);
    GeneratedParser::enterRecursionRule(ctx, state, rule, precedence);
  }

private:
  using Caches = SharedPredictionCaches<GeneratedParser>;

  // The context chain is the rule invocation stack (left-recursive rules
  // reuse one level per operator chain), so its length is the depth.
  void checkDepth(antlr4::ParserRuleContext *ctx) {
    unsigned depth = 0;
    for (antlr4::tree::ParseTree *p = ctx; p; p = p->parent)
      if (++depth > kMaxNesting)
        throw NestingTooDeep{this->getCurrentToken()};
  }
};

} // namespace polyc

#endif
