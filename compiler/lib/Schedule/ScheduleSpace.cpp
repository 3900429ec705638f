//===- ScheduleSpace.cpp - The schedules a program accepts, as JSON -------===//
//
// polyc --emit=schedule-space: every label of the program with the schedule
// functions that configure it and, per argument, the values the validator
// accepts, read from the validator's own tables (Functions.h, Spellings.cpp).
// Aliases and values marked unsupported are left out: a tool that tries them
// would only be told they are another spelling, or not lowered yet. Whether an
// option reaches a variant of the chosen direction, or suits the traversal
// (an input frontier, an output set), is the passes' question: tools compile
// each candidate and drop those polyc rejects. Functions marked not
// searchable (distribution over MPI ranks) are left out.
//
//===----------------------------------------------------------------------===//
#include "Functions.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"

using namespace polyc;
using namespace polyc::schedule;

namespace {

const char *kindName(ArgKind k) {
  switch (k) {
  case ArgKind::None: return "none";
  case ArgKind::Label: return "label";
  case ArgKind::NewLabel: return "new-label";
  case ArgKind::Option: return "option";
  case ArgKind::Number: return "integer";
  case ArgKind::Real: return "real";
  case ArgKind::Variant: return "option";
  case ArgKind::Vector: return "vector";
  case ArgKind::VectorList: return "vector-list";
  }
  llvm_unreachable("an ArgKind outside the enum");
}

void printValues(llvm::json::OStream &j, llvm::ArrayRef<OptionValue> values) {
  j.attributeArray("values", [&] {
    for (const OptionValue &v : values)
      if (!v.alias && v.supported)
        j.value(v.spelling);
  });
}

void printFunction(llvm::json::OStream &j, const FunctionInfo &f) {
  j.object([&] {
    j.attribute("function", f.name);
    j.attribute("min_args", int64_t(f.minArgs));
    if (f.maxArgs != UINT_MAX)
      j.attribute("max_args", int64_t(f.maxArgs));
    j.attributeArray("args", [&] {
      for (unsigned i = 0; i < kMaxArgs && f.args[i].kind != ArgKind::None; ++i) {
        const ArgSpec &a = f.args[i];
        j.object([&] {
          j.attribute("name", a.name);
          j.attribute("kind", kindName(a.kind));
          j.attribute("optional", i >= f.minArgs);
          if (a.kind == ArgKind::Option)
            printValues(j, a.values());
          else if (a.kind == ArgKind::Variant)
            printValues(j, variantValues());
          else if (a.kind == ArgKind::Number) {
            j.attribute("minimum", a.rule.minimum);
            j.attribute("argv", a.rule.argv);
          }
        });
      }
    });
  });
}

void printFunctions(llvm::json::OStream &j, llvm::StringRef key, unsigned appliesTo) {
  j.attributeArray(key, [&] {
    for (const FunctionInfo &f : scheduleFunctions())
      if ((f.appliesTo & appliesTo) && f.searchable)
        printFunction(j, f);
  });
}

} // namespace

void polyc::printScheduleSpace(const Program &program, llvm::StringRef name,
                               DiagnosticEngine &diags, llvm::raw_ostream &os) {
  // The validator's own view of the labels: the same traits decide what its
  // loop transforms accept.
  Checker checker(program, diags);
  llvm::json::OStream j(os, 2);
  j.object([&] {
    j.attribute("program", name);
    j.attributeArray("labels", [&] {
      for (const auto &[label, info] : checker.labels) {
        unsigned to = 0;
        if (info.traits & HasEdgeTraversal)
          to |= ToEdgeTraversal;
        if (info.traits & IsForLoop)
          to |= ToForLoop;
        if (!to)
          to = ToVertexTraversal; // vertices.apply(f), filters, other statements
        j.object([&] {
          j.attribute("label", label);
          j.attribute("kind", (to & ToForLoop)         ? "for-loop"
                              : (to & ToEdgeTraversal) ? "edge-traversal"
                                                       : "statement");
          // splitForLoop's counts must add up to these (tools choose them).
          if (auto range = literalRange(info); range && (to & ToForLoop))
            j.attribute("iterations", std::max<int64_t>(0, range->second - range->first));
          printFunctions(j, "functions", to);
        });
      }
    });
    // Functions that name vectors or nothing rather than a label.
    printFunctions(j, "program_functions", ToProgram);
  });
  os << "\n";
}
