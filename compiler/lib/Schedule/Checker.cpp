//===- Checker.cpp - Arguments, labels and vectors of schedule calls -----===//
#include "Checker.h"

#include "polyc/AST/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace polyc;
using namespace polyc::schedule;

namespace {

bool holdsEdgeTraversal(const Expr &e) {
  if (auto *call = llvm::dyn_cast<MethodCallExpr>(&e))
    if ((call->methodKind == Method::Apply || call->methodKind == Method::ApplyModified ||
         call->methodKind == Method::ApplyUpdatePriority) &&
        call->receiver && call->receiver->type.kind == Type::EdgeSet)
      return true;
  bool found = false;
  // forEachChild hands out mutable children; this walk only reads them.
  forEachChild(const_cast<Expr &>(e), [&](ExprPtr &child) {
    found = found || holdsEdgeTraversal(*child);
  });
  return found;
}

unsigned traitsOf(const Stmt &s) {
  unsigned traits = llvm::isa<ForStmt>(s) ? unsigned(IsForLoop) : 0u;
  forEachDirectExpr(const_cast<Stmt &>(s), [&](ExprPtr &e) {
    if (holdsEdgeTraversal(*e))
      traits |= HasEdgeTraversal;
  });
  return traits;
}

/// The closest of `candidates` to `word`, if it is a likely misspelling.
template <typename Range>
std::optional<std::string> closest(llvm::StringRef word, const Range &candidates) {
  std::optional<std::string> best;
  unsigned bestDistance = 3;
  for (const auto &candidate : candidates) {
    llvm::StringRef c(candidate);
    unsigned d = c.edit_distance(word, true, bestDistance);
    if (d < bestDistance && d < word.size()) {
      bestDistance = d;
      best = c.str();
    }
  }
  return best;
}

} // namespace

std::string polyc::schedule::joinSpellings(llvm::ArrayRef<OptionValue> values,
                                           bool supportedOnly) {
  std::string out;
  for (const OptionValue &v : values) {
    if (v.alias || (supportedOnly && !v.supported))
      continue;
    if (!out.empty())
      out += ", ";
    out += v.spelling;
  }
  return out;
}

bool polyc::schedule::isHybrid(Direction d) {
  return d == Direction::SparsePushDensePull || d == Direction::SparsePushDensePush;
}

bool polyc::schedule::isDense(FrontierRepr r) {
  return r == FrontierRepr::BoolArray || r == FrontierRepr::Bitvector;
}

Checker::Checker(const Program &program, DiagnosticEngine &diags)
    : program(program), diags(diags) {
  forEachStmt(program, [&](const Stmt &s) {
    if (!s.scopedLabel.empty())
      labels[s.scopedLabel] = LabelInfo{traitsOf(s), s.labelLoc, &s};
  });
}

void Checker::error(llvm::SMLoc loc, const llvm::Twine &message) {
  ++errors;
  diags.error(loc, message);
}

void Checker::note(llvm::SMLoc loc, const llvm::Twine &message) { diags.note(loc, message); }

void Checker::warning(llvm::SMLoc loc, const llvm::Twine &message) {
  diags.warning(loc, message);
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

bool Checker::expectString(const ScheduleCall &call, unsigned index, const char *what) {
  const ScheduleArg &arg = call.args[index];
  if (arg.kind == ScheduleArg::String)
    return true;
  error(arg.loc, llvm::Twine("expected ") + what + " (a string) as argument " +
                     llvm::Twine(index + 1) + " of '" + call.function + "'" +
                     (arg.kind == ScheduleArg::Argv
                          ? "; \"argv[N]\" stands for a number read when the program runs"
                          : ""));
  return false;
}

std::optional<int> Checker::option(const ScheduleCall &call, unsigned index, const char *what,
                                   llvm::ArrayRef<OptionValue> values) {
  if (!expectString(call, index, what))
    return std::nullopt;
  const ScheduleArg &arg = call.args[index];
  for (const OptionValue &v : values) {
    if (arg.text != v.spelling)
      continue;
    if (v.supported)
      return v.value;
    error(arg.loc, llvm::Twine(what) + " '" + arg.text + "' is not supported yet (supported: " +
                       joinSpellings(values, true) + ")");
    return std::nullopt;
  }
  error(arg.loc, llvm::Twine("unknown ") + what + " '" + arg.text + "'; valid values are " +
                     joinSpellings(values, false));
  return std::nullopt;
}

std::optional<ScheduleNumber> Checker::number(const ScheduleCall &call, unsigned index,
                                              const char *what, NumberRule rule) {
  const ScheduleArg &arg = call.args[index];
  std::string expected = std::string("expected a ") +
                         (rule.minimum > 0 ? "positive" : "non-negative") + " integer " + what +
                         (rule.argv ? " or \"argv[N]\"" : "");
  switch (arg.kind) {
  case ScheduleArg::Int:
    if (arg.intValue >= rule.minimum)
      return ScheduleNumber{arg.intValue, -1, arg.loc};
    error(arg.loc, expected + ", not " + arg.text);
    return std::nullopt;
  case ScheduleArg::Argv:
    if (!rule.argv) {
      error(arg.loc, llvm::Twine("the ") + what + " of '" + call.function +
                         "' is needed at compile time; \"argv[N]\" is read when the program runs");
      return std::nullopt;
    }
    if (arg.intValue == 0) {
      error(arg.loc, "\"argv[0]\" is the program's name; numbers are read from its arguments, "
                     "\"argv[1]\" on");
      return std::nullopt;
    }
    if (arg.intValue > 1000000) {
      error(arg.loc, "\"argv[" + llvm::Twine(arg.intValue) + "]\" is not an argument index a "
                     "program can have");
      return std::nullopt;
    }
    return ScheduleNumber{0, int(arg.intValue), arg.loc};
  case ScheduleArg::Float: error(arg.loc, expected + ", not " + arg.text); return std::nullopt;
  case ScheduleArg::List: error(arg.loc, expected + ", not a list"); return std::nullopt;
  case ScheduleArg::String: break;
  }
  llvm::StringRef text(arg.text);
  int64_t asInteger;
  if (text.trim().starts_with("argv"))
    error(arg.loc, "malformed \"argv[N]\" argument \"" + arg.text +
                       "\": N is the index of a program argument, as in \"argv[3]\"");
  else if (!text.trim().getAsInteger(10, asInteger))
    error(arg.loc, expected + ", not a string; write " + text.trim() + " without quotes");
  else
    error(arg.loc, expected + ", not the string \"" + arg.text + "\"");
  return std::nullopt;
}

std::optional<Located<double>> Checker::positiveReal(const ScheduleCall &call, unsigned index,
                                                     const char *what) {
  const ScheduleArg &arg = call.args[index];
  std::string expected = std::string("expected a positive number for the ") + what;
  switch (arg.kind) {
  case ScheduleArg::Int:
    if (arg.intValue > 0)
      return Located<double>{double(arg.intValue), arg.loc};
    break;
  case ScheduleArg::Float:
    if (arg.floatValue > 0)
      return Located<double>{arg.floatValue, arg.loc};
    break;
  case ScheduleArg::Argv:
    error(arg.loc, llvm::Twine("the ") + what + " of '" + call.function +
                       "' is needed at compile time; \"argv[N]\" is read when the program runs");
    return std::nullopt;
  case ScheduleArg::List: error(arg.loc, expected + ", not a list"); return std::nullopt;
  case ScheduleArg::String:
    error(arg.loc, expected + ", not the string \"" + arg.text + "\"");
    return std::nullopt;
  }
  error(arg.loc, expected + ", not " + arg.text);
  return std::nullopt;
}

std::optional<Variant> Checker::variant(const ScheduleCall &call, unsigned index) {
  if (auto v = option(call, index, "direction variant", variantValues()))
    return Variant(*v);
  return std::nullopt;
}

bool Checker::optionalVariant(const ScheduleCall &call, unsigned index,
                              std::optional<Variant> &out) {
  if (call.args.size() <= index)
    return true;
  out = variant(call, index);
  return out.has_value();
}

bool Checker::optionalNumber(const ScheduleCall &call, unsigned index, const char *what,
                             NumberRule rule, std::optional<ScheduleNumber> &out) {
  if (call.args.size() <= index)
    return true;
  out = number(call, index, what, rule);
  return out.has_value();
}

//===----------------------------------------------------------------------===//
// Labels
//===----------------------------------------------------------------------===//

const LabelInfo *Checker::label(const ScheduleCall &call, unsigned index) {
  if (!expectString(call, index, "a statement label"))
    return nullptr;
  const ScheduleArg &arg = call.args[index];
  auto known = labels.find(arg.text);
  if (known != labels.end())
    return &known->second;
  auto gone = removed.find(arg.text);
  if (gone != removed.end()) {
    error(arg.loc, "no statement is labelled '" + arg.text + "' any more: '" +
                       gone->second.function + "' replaced it");
    note(gone->second.call, "'" + arg.text + "' replaced here");
    return nullptr;
  }
  // A nested label addressed by its last part only is a common slip.
  std::string nested;
  for (const auto &[name, info] : labels)
    if (llvm::StringRef(name).ends_with(":" + arg.text))
      nested += (nested.empty() ? "'" : " or '") + name + "'";
  if (!nested.empty()) {
    error(arg.loc, "no statement is labelled '" + arg.text + "'; did you mean " + nested +
                       "? (nested labels are written outer:inner)");
    return nullptr;
  }
  std::vector<std::string> names;
  for (const auto &entry : labels)
    names.push_back(entry.first);
  if (auto guess = closest(arg.text, names))
    error(arg.loc, "no statement is labelled '" + arg.text + "' in the algorithm; did you mean '" +
                       *guess + "'?");
  else
    error(arg.loc, "no statement is labelled '" + arg.text + "' in the algorithm");
  return nullptr;
}

ScheduleCall Checker::withInnerLabelResolved(const ScheduleCall &call, unsigned index) {
  if (index >= call.args.size() || call.args[index].kind != ScheduleArg::String)
    return call;
  const std::string &text = call.args[index].text;
  if (labels.count(text) || removed.count(text))
    return call;
  std::vector<std::string> matches;
  for (const auto &entry : labels)
    if (llvm::StringRef(entry.first).ends_with(":" + text))
      matches.push_back(entry.first);
  if (matches.size() != 1)
    return call;
  // GraphIt's own published schedules do this (par_for_grain_size.gt), and
  // GraphIt silently drops such an option; taking the one statement meant is
  // kinder to the user and changes no answer.
  warning(call.args[index].loc, "'" + text + "' is taken as '" + matches[0] +
                                    "', the only statement it can mean (nested labels are "
                                    "written outer:inner)");
  ScheduleCall resolved = call;
  resolved.args[index].text = matches[0];
  return resolved;
}

ApplySchedule *Checker::entry(const ScheduleCall &call) {
  if (!label(call, 0))
    return nullptr;
  return &schedule.byLabel[call.args[0].text];
}

//===----------------------------------------------------------------------===//
// Vectors
//===----------------------------------------------------------------------===//

const VarDecl *Checker::globalVector(llvm::StringRef name) const {
  for (const auto &decl : program.decls)
    if (auto *var = llvm::dyn_cast<VarDecl>(decl.get()))
      if (var->name == name && var->type.kind == Type::Vector)
        return var;
  return nullptr;
}

const VarDecl *Checker::perVertexVector(const std::string &name, llvm::SMLoc loc) {
  const Decl *found = nullptr;
  std::vector<std::string> vectors;
  std::set<std::string> edgeElements;
  for (const auto &decl : program.decls) {
    if (decl->name == name)
      found = decl.get();
    if (auto *var = llvm::dyn_cast<VarDecl>(decl.get())) {
      if (var->type.kind == Type::Vector)
        vectors.push_back(var->name);
      if (var->type.kind == Type::EdgeSet)
        edgeElements.insert(var->type.element);
    }
  }
  auto *var = llvm::dyn_cast_or_null<VarDecl>(found);
  if (var && var->type.kind == Type::Vector) {
    if (!edgeElements.count(var->type.element))
      return var;
    error(loc, "'" + name + "' is a per-edge vector (" + var->type.str() +
                   "); only per-vertex vectors can be scheduled here");
    return nullptr;
  }
  if (var)
    error(loc, "'" + name + "' is of type " + var->type.str() + ", not a per-vertex vector");
  else if (found)
    error(loc, "'" + name + "' is " +
                   (llvm::isa<FuncDecl>(found) ? "a function" : "an element type") +
                   ", not a per-vertex vector");
  else if (auto guess = closest(name, vectors))
    error(loc, "no global vector is named '" + name + "'; did you mean '" + *guess + "'?");
  else
    error(loc, "no global vector is named '" + name + "'");
  return nullptr;
}
