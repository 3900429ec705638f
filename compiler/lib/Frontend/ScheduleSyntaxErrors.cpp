//===- ScheduleSyntaxErrors.cpp - Wording schedule syntax errors ----------===//
#include "SyntaxDescribers.h"

#include "ScheduleParser.h"

using namespace polyc;
using antlr4::Token;
using polyc_grammar::ScheduleParser;

SyntaxMessage polyc::describeScheduleSyntaxError(const SyntaxErrorContext &error) {
  TokenTypes types(error.parser.getVocabulary());
  const antlr4::misc::IntervalSet &expected = error.expected;
  auto expects = [&](const char *spelling) { return expected.contains(types[spelling]); };
  Token *offending = error.offending;
  bool atEOF = !offending || offending->getType() == Token::EOF;
  llvm::SMLoc here = error.locator.start(offending);

  if (expects(";")) {
    Token *prev = previousToken(error.parser, offending);
    return {prev ? error.locator.end(prev) : here,
            "expected ';' after schedule statement", {}, {}};
  }
  if (expects("program")) {
    if (atEOF)
      return {here, "unexpected end of file", {}, {}};
    return {here, "expected a schedule statement: program->function(arguments);", {}, {}};
  }
  if (expects("->"))
    return {here, "expected '->' after 'program'", {}, {}};
  if (expects(":")) {
    Token *prev = previousToken(error.parser, offending);
    return {prev ? error.locator.end(prev) : here, "expected ':' after 'schedule'", {}, {}};
  }
  if (expected.contains(size_t(ScheduleParser::ID)) && expected.size() == 1)
    return {here, "expected a schedule function name after '->'", {}, {}};
  if (expected.contains(size_t(ScheduleParser::STRING)) && expected.contains(size_t(ScheduleParser::INT)))
    return {here, "expected an argument: a string, a number or a {\"...\"} list", {}, {}};

  SyntaxMessage m{here, "", {}, {}};
  std::vector<std::string> names;
  for (ssize_t type : expected.toList())
    names.push_back(types.displayName(static_cast<size_t>(type)));
  if (!names.empty() && names.size() <= 3)
    m.text = "expected " + joinAlternatives(names);
  else
    m.text = atEOF ? "unexpected end of file"
                   : "unexpected token " + quoteToken(error.locator, offending);
  for (auto [open, close] : {std::pair{"(", ")"}, {"{", "}"}}) {
    if (!expects(close))
      continue;
    if (Token *opener = unmatchedOpener(error.parser, offending, types[open], types[close])) {
      m.noteLoc = error.locator.start(opener);
      m.note = std::string("to match this '") + open + "'";
    }
    break;
  }
  return m;
}
