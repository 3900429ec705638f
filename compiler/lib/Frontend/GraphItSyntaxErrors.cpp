//===- GraphItSyntaxErrors.cpp - Wording GraphIt syntax errors ------------===//
//
// ANTLR knows which tokens could have come; a person wants to know what is
// missing. The expected set is reduced to its core (tokens that would only
// continue the expression just parsed, like operators, are dropped) and then
// named by category: a statement, an expression, a type, a declaration, or
// the few tokens left. A missing ';' is placed right after the previous
// token, as clang does, and a missing 'end' or ')' gets a note at its opener.
//
//===----------------------------------------------------------------------===//
#include "SyntaxDescribers.h"

#include "GraphItParser.h"

#include <optional>

using namespace polyc;
using antlr4::Token;
using polyc_grammar::GraphItParser;

namespace {

class GraphItErrorWording {
public:
  explicit GraphItErrorWording(const SyntaxErrorContext &error)
      : error(error), types(error.parser.getVocabulary()), offending(error.offending),
        atEOF(!offending || offending->getType() == Token::EOF) {
    for (const char *op : {".", "[", "(", "^", "*", "/", "+", "-", "==", "!=", "<", "<=",
                           ">", ">=", "xor", "and", "or", "=", "+=", "-=", "*=", "/="})
      continuation.add(ssize_t(types[op]));
    continuation.add(ssize_t(GraphItParser::MIN_ASSIGN));
    continuation.add(ssize_t(GraphItParser::MAX_ASSIGN));
    core = error.expected.subtract(continuation);
    if (core.isEmpty())
      core = error.expected;
  }

  SyntaxMessage describe() {
    if (error.predictionStart && error.predictionStart != offending)
      return failedLookahead();
    if (auto m = unclosedBlock())
      return *m;
    if (core.contains(types[";"]))
      return missingSemicolon();
    SyntaxMessage m{where(), expectation(), {}, {}};
    addBracketNote(m);
    // The argument loop has already ended when ')' is matched; a ',' would
    // have been fine too.
    if (m.text == "expected ')'" && isCallParen(m.noteLoc))
      m.text = "expected ',' or ')'";
    return m;
  }

private:
  const SyntaxErrorContext &error;
  TokenTypes types;
  Token *offending;
  bool atEOF;
  antlr4::misc::IntervalSet continuation, core;

  bool expects(const char *spelling) const { return core.contains(types[spelling]); }
  // Categories are recognised on the whole set: '(' and '-' start
  // expressions but are also continuation tokens.
  bool mayStartWith(const char *spelling) const {
    return error.expected.contains(types[spelling]);
  }

  // At the offending token; at end of file, right after the last token, so
  // that the message shows the line where the text stopped.
  llvm::SMLoc where() const {
    if (atEOF)
      if (Token *prev = previousToken(error.parser, offending))
        return error.locator.end(prev);
    return error.locator.start(offending);
  }
  bool offendingIs(const char *spelling) const {
    return !atEOF && offending->getType() == types[spelling];
  }

  // The innermost construct closed by 'end' that the parse is inside.
  antlr4::ParserRuleContext *openBlock() const {
    for (antlr4::tree::ParseTree *p = error.ctx; p; p = p->parent)
      if (dynamic_cast<GraphItParser::FuncDeclContext *>(p) ||
          dynamic_cast<GraphItParser::IfStmtContext *>(p) ||
          dynamic_cast<GraphItParser::WhileStmtContext *>(p) ||
          dynamic_cast<GraphItParser::DoWhileStmtContext *>(p) ||
          dynamic_cast<GraphItParser::ForStmtContext *>(p) ||
          dynamic_cast<GraphItParser::ElementDeclContext *>(p))
        return static_cast<antlr4::ParserRuleContext *>(p);
    return nullptr;
  }

  // The keyword that opened a block (`func` of `export func`).
  Token *openerKeyword(antlr4::ParserRuleContext *block) const {
    Token *start = block->getStart();
    if (start && start->getType() == types["export"])
      if (Token *next = error.parser.getTokenStream()->get(start->getTokenIndex() + 1))
        return next;
    return start;
  }

  // `end` expected but the file ended, or a new top-level declaration began.
  std::optional<SyntaxMessage> unclosedBlock() const {
    if (!expects("end"))
      return std::nullopt;
    bool topLevelStarts = offendingIs("func") || offendingIs("element") ||
                          offendingIs("extern") || offendingIs("export");
    if (!atEOF && !topLevelStarts)
      return std::nullopt;
    antlr4::ParserRuleContext *block = openBlock();
    if (!block)
      return std::nullopt;
    Token *opener = openerKeyword(block);
    std::string keyword = error.locator.text(opener).str();
    return SyntaxMessage{where(), "expected 'end' to close '" + keyword + "'",
                         error.locator.start(opener), "to match this '" + keyword + "'"};
  }

  std::string afterWhat() const {
    for (antlr4::tree::ParseTree *p = error.ctx; p; p = p->parent) {
      if (dynamic_cast<GraphItParser::GlobalDeclContext *>(p) ||
          dynamic_cast<GraphItParser::ExternVarDeclContext *>(p))
        return "declaration";
      if (dynamic_cast<GraphItParser::ExternFuncDeclContext *>(p))
        return "extern function declaration";
      if (dynamic_cast<GraphItParser::StmtContext *>(p))
        return "statement";
    }
    return "statement";
  }

  SyntaxMessage missingSemicolon() const {
    Token *prev = previousToken(error.parser, offending);
    llvm::SMLoc loc = prev ? error.locator.end(prev) : error.locator.start(offending);
    if (core.size() == 1)
      return {loc, "expected ';' after " + afterWhat(), {}, {}};
    return {loc, "expected " + listTokens(core), {}, {}};
  }

  std::string listTokens(const antlr4::misc::IntervalSet &set) const {
    std::vector<std::string> names;
    for (ssize_t type : set.toList())
      names.push_back(types.displayName(static_cast<size_t>(type)));
    return joinAlternatives(names);
  }

  bool startsStatement() const { return mayStartWith("var") && mayStartWith("while"); }
  bool startsExpression() const {
    return error.expected.contains(size_t(GraphItParser::ID)) &&
           error.expected.contains(size_t(GraphItParser::INT)) && mayStartWith("(") &&
           mayStartWith("not");
  }
  bool startsType() const { return mayStartWith("int") && mayStartWith("vertexset"); }
  bool atTopLevel() const { return mayStartWith("element") && mayStartWith("func"); }

  std::string expectation() const {
    if (atTopLevel()) {
      if (offendingIs("end"))
        return "unexpected 'end' outside of any block";
      return "expected a declaration ('element', 'const', 'var', 'extern' or 'func')";
    }
    if (startsStatement()) {
      std::vector<std::string> what{"statement"};
      for (const char *closer : {"elif", "else", "end"})
        if (expects(closer))
          what.push_back(std::string("'") + closer + "'");
      return "expected " + joinAlternatives(what);
    }
    if (startsExpression())
      return "expected expression";
    if (startsType())
      return "expected type";
    if (!core.isEmpty() && core.size() <= 4)
      return "expected " + listTokens(core);
    if (atEOF)
      return "unexpected end of file";
    return "unexpected token " + quoteToken(error.locator, offending);
  }

  // Every alternative died at `offending`, some tokens after the decision
  // began; the expected set is that of the decision, so word the message
  // from the tokens around the failure instead.
  SyntaxMessage failedLookahead() const {
    Token *prev = previousToken(error.parser, offending);
    if (prev && needsOperandAfter(prev->getType()))
      return {where(), "expected expression", {}, {}};
    Token *paren = unmatchedOpener(error.parser, offending, types["("], types[")"]);
    Token *bracket = unmatchedOpener(error.parser, offending, types["["], types["]"]);
    if (paren && (!bracket || paren->getTokenIndex() > bracket->getTokenIndex())) {
      bool isCall = isCallParen(error.locator.start(paren));
      return {where(), isCall ? "expected ',' or ')'" : "expected ')'",
              error.locator.start(paren), "to match this '('"};
    }
    if (bracket)
      return {where(), "expected ']'", error.locator.start(bracket), "to match this '['"};
    if (atEOF)
      return {where(), "unexpected end of file", {}, {}};
    return {where(), "unexpected token " + quoteToken(error.locator, offending), {}, {}};
  }

  bool isCallParen(llvm::SMLoc parenLoc) const {
    Token *paren = unmatchedOpener(error.parser, offending, types["("], types[")"]);
    if (!paren || error.locator.start(paren) != parenLoc)
      return false;
    Token *before = previousToken(error.parser, paren);
    return before && (before->getType() == GraphItParser::ID || before->getType() == types["}"] ||
                      before->getType() == types[")"]);
  }

  // Tokens that an expression must follow.
  bool needsOperandAfter(size_t type) const {
    if (continuation.contains(type) && type != types["."] && type != types["("] &&
        type != types["["])
      return true; // binary and assignment operators
    for (const char *leader : {"(", "[", ",", "not", "print", "println", "delete", "if",
                               "elif", "while", "in", ":"})
      if (type == types[leader])
        return true;
    return false;
  }

  void addBracketNote(SyntaxMessage &m) const {
    for (auto [open, close] : {std::pair{"(", ")"}, {"[", "]"}, {"{", "}"}}) {
      if (!expects(close))
        continue;
      if (Token *opener = unmatchedOpener(error.parser, offending, types[open], types[close])) {
        m.noteLoc = error.locator.start(opener);
        m.note = std::string("to match this '") + open + "'";
      }
      return;
    }
  }
};

} // namespace

SyntaxMessage polyc::describeGraphItSyntaxError(const SyntaxErrorContext &error) {
  return GraphItErrorWording(error).describe();
}
