//===- SyntaxErrors.h - Syntax errors as located diagnostics ----*- C++ -*-===//
//
// The machinery both grammars share to turn ANTLR's recognition errors into
// clang-style diagnostics:
//  - TokenLocator maps tokens to SMLocs of the buffer being parsed.
//  - FirstErrorStrategy reports the first syntax error and stops the parse:
//    ANTLR's recovery produces follow-on errors that are mostly noise, and a
//    wrong "expected" message is worse than one good one.
//  - A SyntaxDescriber (one per grammar) words the message from the expected
//    token set and the rule stack ("expected ';' after statement").
//  - reportInvalidTokens reports what the lexer could not make sense of.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_SYNTAXERRORS_H
#define POLYC_FRONTEND_SYNTAXERRORS_H

#include "polyc/Support/Diagnostics.h"

#include "antlr4-runtime.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace polyc {

class TokenLocator {
public:
  TokenLocator(llvm::SourceMgr &sources, unsigned bufferId);

  llvm::SMLoc start(const antlr4::Token *token) const;
  /// Just past the token's last character: where a missing ';' goes.
  llvm::SMLoc end(const antlr4::Token *token) const;
  llvm::SMLoc atOffset(size_t offset) const;
  llvm::StringRef text(const antlr4::Token *token) const;
  llvm::StringRef buffer() const { return bufferText; }

private:
  llvm::StringRef bufferText;
};

/// Everything a describer needs to word one syntax error.
struct SyntaxErrorContext {
  antlr4::Parser &parser;
  antlr4::Token *offending;
  antlr4::misc::IntervalSet expected;
  antlr4::ParserRuleContext *ctx; // innermost rule being parsed
  const TokenLocator &locator;
  /// For a failed prediction, the token where it started. When it is not the
  /// offending token, `expected` describes the start, not the offending
  /// token, and describers fall back to wording from the tokens themselves.
  antlr4::Token *predictionStart = nullptr;
};

struct SyntaxMessage {
  llvm::SMLoc loc;
  std::string text;
  llvm::SMLoc noteLoc; // optional "to match this '('" note
  std::string note;
};

using SyntaxDescriber = std::function<SyntaxMessage(const SyntaxErrorContext &)>;

class FirstErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  FirstErrorStrategy(DiagnosticEngine &diags, const TokenLocator &locator,
                     SyntaxDescriber describe)
      : diags(diags), locator(locator), describe(std::move(describe)) {}

  void reportError(antlr4::Parser *parser, const antlr4::RecognitionException &e) override;
  void recover(antlr4::Parser *parser, std::exception_ptr e) override;
  antlr4::Token *recoverInline(antlr4::Parser *parser) override;
  void sync(antlr4::Parser *parser) override;

  bool hadError() const { return reported; }

private:
  DiagnosticEngine &diags;
  const TokenLocator &locator;
  SyntaxDescriber describe;
  bool reported = false;
};

/// The lexers turn every stray character into an INVALID_CHAR token, so they
/// report nothing themselves; this listener only guards against the runtime
/// reporting something anyway.
class LexerErrorListener : public antlr4::BaseErrorListener {
public:
  LexerErrorListener(DiagnosticEngine &diags, const TokenLocator &locator)
      : diags(diags), locator(locator) {}
  void syntaxError(antlr4::Recognizer *recognizer, antlr4::Token *offendingSymbol,
                   size_t line, size_t charPositionInLine, const std::string &msg,
                   std::exception_ptr e) override;

private:
  DiagnosticEngine &diags;
  const TokenLocator &locator;
};

/// Token types the grammars reserve for lexical errors.
struct InvalidTokenTypes {
  size_t invalidChar;
  size_t unterminatedString;
  size_t unterminatedComment;
};

/// Reports every lexical error token of the stream; true when there were none.
bool reportInvalidTokens(antlr4::CommonTokenStream &tokens, const InvalidTokenTypes &types,
                         DiagnosticEngine &diags, const TokenLocator &locator);

//===----------------------------------------------------------------------===//
// Helpers for describers
//===----------------------------------------------------------------------===//

/// Token types of a grammar's keywords and punctuation, by spelling.
class TokenTypes {
public:
  explicit TokenTypes(const antlr4::dfa::Vocabulary &vocabulary);
  /// The type of the literal token `spelling` ("end", ";"), or 0.
  size_t operator[](llvm::StringRef spelling) const;
  /// "'end'", "identifier", "end of file", ...
  std::string displayName(size_t type) const;

private:
  const antlr4::dfa::Vocabulary &vocabulary;
  std::map<std::string, size_t, std::less<>> bySpelling;
};

/// "'x'", or "end of file".
std::string quoteToken(const TokenLocator &locator, const antlr4::Token *token);

/// "'a', 'b' or 'c'".
std::string joinAlternatives(const std::vector<std::string> &names);

/// The token before `token` in the stream (comments and spaces are not
/// tokens), or null at the start.
antlr4::Token *previousToken(antlr4::Parser &parser, const antlr4::Token *token);

/// The nearest `open` before `token` that no `close` matches, or null.
antlr4::Token *unmatchedOpener(antlr4::Parser &parser, const antlr4::Token *token,
                               size_t open, size_t close);

} // namespace polyc

#endif
