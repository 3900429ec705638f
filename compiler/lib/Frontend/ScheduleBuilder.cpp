//===- ScheduleBuilder.cpp - Schedule parse tree to ScheduleFile ----------===//
#include "ScheduleBuilder.h"

#include <limits>

using namespace polyc;
using P = polyc_grammar::ScheduleParser;

std::optional<ScheduleFile> ScheduleBuilder::build(P::ScheduleContext *tree) {
  if (!tree)
    return std::nullopt;
  ScheduleFile file;
  for (P::StatementContext *statement : tree->statement()) {
    for (P::CallContext *call : statement->call()) {
      ScheduleCall c;
      c.function = locator.text(call->ID()->getSymbol()).str();
      c.loc = locator.start(call->ID()->getSymbol());
      for (P::ArgContext *arg : call->arg())
        c.args.push_back(buildArg(arg));
      file.calls.push_back(std::move(c));
    }
  }
  if (failed)
    return std::nullopt;
  return file;
}

// "argv[N]": the N-th command-line argument of the generated program.
static std::optional<int64_t> argvIndex(llvm::StringRef s) {
  if (!s.consume_front("argv[") || !s.consume_back("]"))
    return std::nullopt;
  int64_t n = 0;
  if (s.empty() || s.getAsInteger(10, n) || n < 0)
    return std::nullopt;
  return n;
}

ScheduleArg ScheduleBuilder::buildArg(P::ArgContext *ctx) {
  ScheduleArg arg;
  arg.loc = locator.start(ctx->getStart());
  if (auto *s = dynamic_cast<P::StringArgContext *>(ctx)) {
    arg.text = decodeString(s->STRING()->getSymbol());
    if (auto n = argvIndex(arg.text)) {
      arg.kind = ScheduleArg::Argv;
      arg.intValue = *n;
    } else {
      arg.kind = ScheduleArg::String;
    }
  } else if (auto *i = dynamic_cast<P::IntArgContext *>(ctx)) {
    arg.kind = ScheduleArg::Int;
    arg.text = (i->sign ? "-" : "") + locator.text(i->INT()->getSymbol()).str();
    if (llvm::StringRef(arg.text).getAsInteger(10, arg.intValue)) {
      diags.error(arg.loc, "integer argument '" + arg.text + "' is too large");
      failed = true;
    }
  } else if (auto *f = dynamic_cast<P::FloatArgContext *>(ctx)) {
    arg.kind = ScheduleArg::Float;
    arg.text = (f->sign ? "-" : "") + locator.text(f->FLOAT()->getSymbol()).str();
    if (llvm::StringRef(arg.text).getAsDouble(arg.floatValue)) {
      diags.error(arg.loc, "number argument '" + arg.text + "' is out of range");
      failed = true;
    }
  } else if (auto *l = dynamic_cast<P::ListArgContext *>(ctx)) {
    arg.kind = ScheduleArg::List;
    for (antlr4::tree::TerminalNode *s : l->STRING()) {
      arg.list.push_back(decodeString(s->getSymbol()));
      arg.listLocs.push_back(locator.start(s->getSymbol()));
    }
  }
  return arg;
}

std::string ScheduleBuilder::decodeString(antlr4::Token *token) {
  llvm::StringRef raw = locator.text(token);
  if (raw.size() < 2)
    return "";
  llvm::StringRef body = raw.drop_front().drop_back();
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size()) {
      char c = body[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += body[i];
    }
  }
  return out;
}
