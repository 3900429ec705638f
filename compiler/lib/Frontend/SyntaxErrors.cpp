//===- SyntaxErrors.cpp - Syntax errors as located diagnostics ------------===//
#include "SyntaxErrors.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace polyc;
using antlr4::Token;

//===----------------------------------------------------------------------===//
// TokenLocator
//===----------------------------------------------------------------------===//

TokenLocator::TokenLocator(llvm::SourceMgr &sources, unsigned bufferId)
    : bufferText(sources.getMemoryBuffer(bufferId)->getBuffer()) {}

llvm::SMLoc TokenLocator::atOffset(size_t offset) const {
  return llvm::SMLoc::getFromPointer(bufferText.data() + std::min(offset, bufferText.size()));
}

llvm::SMLoc TokenLocator::start(const Token *token) const {
  return token ? atOffset(token->getStartIndex()) : atOffset(bufferText.size());
}

llvm::SMLoc TokenLocator::end(const Token *token) const {
  if (!token || token->getType() == Token::EOF)
    return start(token);
  size_t stop = token->getStopIndex();
  return stop == INVALID_INDEX ? start(token) : atOffset(stop + 1);
}

llvm::StringRef TokenLocator::text(const Token *token) const {
  if (!token || token->getType() == Token::EOF)
    return "";
  size_t begin = token->getStartIndex(), stop = token->getStopIndex();
  if (begin >= bufferText.size() || stop == INVALID_INDEX || stop < begin)
    return "";
  return bufferText.slice(begin, std::min(stop + 1, bufferText.size()));
}

//===----------------------------------------------------------------------===//
// FirstErrorStrategy
//===----------------------------------------------------------------------===//

void FirstErrorStrategy::reportError(antlr4::Parser *parser,
                                     const antlr4::RecognitionException &e) {
  if (reported)
    return;
  reported = true;
  Token *offending = e.getOffendingToken() ? e.getOffendingToken() : parser->getCurrentToken();
  antlr4::misc::IntervalSet expected;
  try {
    expected = e.getExpectedTokens();
  } catch (...) {
    // Without an expected set the describer falls back to "unexpected token".
  }
  auto *ctx = dynamic_cast<antlr4::ParserRuleContext *>(e.getCtx());
  if (!ctx)
    ctx = parser->getContext();
  SyntaxErrorContext context{*parser, offending, expected, ctx, locator};
  if (auto *noViable = dynamic_cast<const antlr4::NoViableAltException *>(&e))
    context.predictionStart = noViable->getStartToken();
  SyntaxMessage message = describe(context);
  diags.error(message.loc, message.text);
  if (!message.note.empty())
    diags.note(message.noteLoc, message.note);
}

void FirstErrorStrategy::recover(antlr4::Parser *, std::exception_ptr) {
  throw antlr4::ParseCancellationException();
}

// Instead of conjuring or deleting a token, fail the rule so that reportError
// sees the mismatch with the rule's expected set.
Token *FirstErrorStrategy::recoverInline(antlr4::Parser *parser) {
  throw antlr4::InputMismatchException(parser);
}

// DefaultErrorStrategy::sync deletes a stray token at loop and block starts
// and carries on; we stop there instead, while the expected set still lists
// everything that could have come (statements *and* 'end', say).
void FirstErrorStrategy::sync(antlr4::Parser *parser) {
  const antlr4::atn::ATN &atn = parser->getATN();
  size_t state = parser->getState();
  if (state >= atn.states.size())
    return;
  antlr4::atn::ATNState *s = atn.states[state];
  size_t la = parser->getTokenStream()->LA(1);
  antlr4::misc::IntervalSet next = atn.nextTokens(s);
  if (next.contains(Token::EPSILON) || next.contains(la))
    return;
  switch (s->getStateType()) {
  case antlr4::atn::ATNState::BLOCK_START:
  case antlr4::atn::ATNState::STAR_BLOCK_START:
  case antlr4::atn::ATNState::PLUS_BLOCK_START:
  case antlr4::atn::ATNState::STAR_LOOP_ENTRY:
  case antlr4::atn::ATNState::PLUS_LOOP_BACK:
  case antlr4::atn::ATNState::STAR_LOOP_BACK:
    throw antlr4::InputMismatchException(parser);
  default:
    return;
  }
}

//===----------------------------------------------------------------------===//
// Lexical errors
//===----------------------------------------------------------------------===//

void LexerErrorListener::syntaxError(antlr4::Recognizer *recognizer, Token *, size_t,
                                     size_t, const std::string &, std::exception_ptr) {
  llvm::SMLoc loc = locator.atOffset(locator.buffer().size());
  if (auto *lexer = dynamic_cast<antlr4::Lexer *>(recognizer))
    loc = locator.atOffset(lexer->tokenStartCharIndex);
  diags.error(loc, "invalid input");
}

static std::string describeInvalidChar(llvm::StringRef text) {
  if (text == "#")
    return "invalid label: a label is written '#name#' directly before a statement";
  unsigned char c = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
  if (c >= 0x80)
    return "invalid character in source (only ASCII is allowed outside strings and comments)";
  if (llvm::isPrint(c))
    return std::string("invalid character '") + char(c) + "'";
  std::string hex;
  llvm::raw_string_ostream(hex) << llvm::format("invalid character 0x%02x", c);
  return hex;
}

bool polyc::reportInvalidTokens(antlr4::CommonTokenStream &tokens,
                                const InvalidTokenTypes &types, DiagnosticEngine &diags,
                                const TokenLocator &locator) {
  tokens.fill();
  bool clean = true;
  size_t previousInvalidEnd = INVALID_INDEX;
  for (Token *token : tokens.getTokens()) {
    size_t type = token->getType();
    if (type == types.invalidChar) {
      // One report per run of stray bytes (a UTF-8 character is several).
      bool continuesRun = previousInvalidEnd == token->getStartIndex();
      previousInvalidEnd = token->getStopIndex() + 1;
      if (!continuesRun)
        diags.error(locator.start(token), describeInvalidChar(locator.text(token)));
      clean = false;
      continue;
    }
    previousInvalidEnd = INVALID_INDEX;
    if (type == types.unterminatedString) {
      diags.error(locator.start(token), "missing terminating '\"' character");
      clean = false;
    } else if (type == types.unterminatedComment) {
      diags.error(locator.start(token), "unterminated '%{' comment");
      clean = false;
    }
  }
  return clean;
}

//===----------------------------------------------------------------------===//
// Helpers for describers
//===----------------------------------------------------------------------===//

TokenTypes::TokenTypes(const antlr4::dfa::Vocabulary &vocabulary) : vocabulary(vocabulary) {
  for (size_t type = 1; type <= vocabulary.getMaxTokenType(); ++type) {
    std::string name = vocabulary.getLiteralName(type);
    llvm::StringRef literal(name);
    if (literal.size() >= 2 && literal.front() == '\'' && literal.back() == '\'')
      bySpelling.emplace(literal.drop_front().drop_back().str(), type);
  }
}

size_t TokenTypes::operator[](llvm::StringRef spelling) const {
  auto it = bySpelling.find(spelling);
  return it == bySpelling.end() ? 0 : it->second;
}

std::string TokenTypes::displayName(size_t type) const {
  if (type == Token::EOF)
    return "end of file";
  std::string literal = vocabulary.getLiteralName(type);
  if (!literal.empty())
    return literal;
  std::string symbolicName = vocabulary.getSymbolicName(type);
  llvm::StringRef symbolic(symbolicName);
  if (symbolic == "ID")
    return "identifier";
  if (symbolic == "INT")
    return "integer";
  if (symbolic == "FLOAT")
    return "number";
  if (symbolic == "STRING")
    return "string";
  if (symbolic == "LABEL")
    return "label";
  if (symbolic == "MIN_ASSIGN")
    return "'min='";
  if (symbolic == "MAX_ASSIGN")
    return "'max='";
  return symbolic.lower();
}

std::string polyc::quoteToken(const TokenLocator &locator, const Token *token) {
  if (!token || token->getType() == Token::EOF)
    return "end of file";
  return "'" + locator.text(token).str() + "'";
}

std::string polyc::joinAlternatives(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

Token *polyc::previousToken(antlr4::Parser &parser, const Token *token) {
  if (!token)
    return nullptr;
  size_t index = token->getTokenIndex();
  if (index == INVALID_INDEX || index == 0)
    return nullptr;
  return parser.getTokenStream()->get(index - 1);
}

Token *polyc::unmatchedOpener(antlr4::Parser &parser, const Token *token, size_t open,
                              size_t close) {
  if (!token || token->getTokenIndex() == INVALID_INDEX)
    return nullptr;
  antlr4::TokenStream *tokens = parser.getTokenStream();
  unsigned depth = 0;
  for (size_t i = token->getTokenIndex(); i-- > 0;) {
    Token *t = tokens->get(i);
    if (t->getType() == close) {
      ++depth;
    } else if (t->getType() == open) {
      if (depth == 0)
        return t;
      --depth;
    }
  }
  return nullptr;
}
