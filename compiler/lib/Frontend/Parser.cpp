//===- Parser.cpp - Parsing algorithm and schedule files ------------------===//
//
// Both entry points run the same steps: lex the whole buffer and report
// lexical errors; parse with FirstErrorStrategy (one located, worded syntax
// error) inside a nesting limit; then build the AST from the clean parse tree.
// Nothing here lets an exception escape: the ANTLR runtime throws for its own
// control flow, and anything unexpected becomes an "internal error".
//
//===----------------------------------------------------------------------===//
#include "polyc/Frontend/Parser.h"

#include "ASTBuilder.h"
#include "ByteCharStream.h"
#include "LeakFreeLexer.h"
#include "NestingLimit.h"
#include "ScheduleBuilder.h"
#include "SyntaxDescribers.h"
#include "SyntaxErrors.h"

#include "GraphItLexer.h"
#include "GraphItParser.h"
#include "ScheduleLexer.h"
#include "ScheduleParser.h"

using namespace polyc;
using polyc_grammar::GraphItLexer;
using polyc_grammar::GraphItParser;
using polyc_grammar::ScheduleLexer;
using polyc_grammar::ScheduleParser;

namespace {

// Runs lexer and parser of one grammar over buffer bufferId and hands the
// parse tree to `build`; returns whatever `build` returns, or `failure`.
template <typename Lexer, typename Parser, typename Result, typename ParseFn, typename BuildFn>
Result parseBuffer(unsigned bufferId, DiagnosticEngine &diags, SyntaxDescriber describe,
                   ParseFn parse, BuildFn build, Result failure) {
  llvm::SourceMgr &sources = diags.sourceManager();
  if (bufferId == 0 || bufferId > sources.getNumBuffers()) {
    diags.error("internal error: no source buffer " + llvm::Twine(bufferId));
    return failure;
  }
  try {
    const llvm::MemoryBuffer *buffer = sources.getMemoryBuffer(bufferId);
    TokenLocator locator(sources, bufferId);
    ByteCharStream input(buffer->getBuffer(), buffer->getBufferIdentifier());

    LeakFreeLexer<Lexer> lexer(&input);
    LexerErrorListener lexerErrors(diags, locator);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&lexerErrors);
    antlr4::CommonTokenStream tokens(&lexer);
    unsigned errorsBefore = diags.errorCount();
    InvalidTokenTypes invalid{Lexer::INVALID_CHAR, Lexer::UNTERMINATED_STRING,
                              Lexer::UNTERMINATED_BLOCK_COMMENT};
    if (!reportInvalidTokens(tokens, invalid, diags, locator) ||
        diags.errorCount() != errorsBefore)
      return failure;

    DepthLimitedParser<Parser> parser(&tokens);
    parser.removeErrorListeners();
    auto strategy = std::make_shared<FirstErrorStrategy>(diags, locator, std::move(describe));
    parser.setErrorHandler(strategy);
    try {
      auto *tree = parse(parser);
      if (strategy->hadError())
        return failure;
      return build(tree, locator);
    } catch (antlr4::ParseCancellationException &) {
      return failure; // the strategy has reported the error
    } catch (NestingTooDeep &tooDeep) {
      diags.error(locator.start(tooDeep.token),
                  "nesting is too deep: the parser allows " + llvm::Twine(kMaxNesting) +
                      " nested grammar rules, which is about " +
                      llvm::Twine(kMaxNesting / 3) +
                      " levels of parentheses or blocks (a level takes two or three)");
      return failure;
    }
  } catch (const std::exception &e) {
    diags.error(llvm::Twine("internal error while parsing: ") + e.what());
  } catch (...) {
    diags.error("internal error while parsing");
  }
  return failure;
}

} // namespace

std::unique_ptr<Program> polyc::parseProgram(unsigned bufferId, DiagnosticEngine &diags) {
  return parseBuffer<GraphItLexer, GraphItParser>(
      bufferId, diags, describeGraphItSyntaxError,
      [](GraphItParser &parser) { return parser.program(); },
      [&diags](GraphItParser::ProgramContext *tree, const TokenLocator &locator) {
        return ASTBuilder(diags, locator).build(tree);
      },
      std::unique_ptr<Program>());
}

std::optional<ScheduleFile> polyc::parseSchedule(unsigned bufferId, DiagnosticEngine &diags) {
  return parseBuffer<ScheduleLexer, ScheduleParser>(
      bufferId, diags, describeScheduleSyntaxError,
      [](ScheduleParser &parser) { return parser.schedule(); },
      [&diags](ScheduleParser::ScheduleContext *tree, const TokenLocator &locator) {
        return ScheduleBuilder(diags, locator).build(tree);
      },
      std::optional<ScheduleFile>());
}
