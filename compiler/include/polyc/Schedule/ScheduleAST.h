//===- ScheduleAST.h - Parsed schedule statements --------------*- C++ -*-===//
//
// What the schedule parser produces: the calls of each `program->f(...)->g(...);`
// chain, flattened in source order. Validation against the algorithm's labels
// and the option tables happens later (ScheduleValidator), so that this layer
// only knows syntax.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SCHEDULE_SCHEDULEAST_H
#define POLYC_SCHEDULE_SCHEDULEAST_H

#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace polyc {

struct ScheduleArg {
  enum Kind {
    String, // "SparsePush"
    Int,    // 4
    Float,  // 0.5
    List,   // {"a", "b"}
    Argv,   // "argv[3]": a number read from the program's arguments at run time
  };
  Kind kind = String;
  llvm::SMLoc loc;
  std::string text;              // String: the decoded contents; Int/Float: the spelling
  int64_t intValue = 0;          // Int; Argv: the argument index N
  double floatValue = 0;         // Float
  std::vector<std::string> list; // List
  std::vector<llvm::SMLoc> listLocs;
};

struct ScheduleCall {
  std::string function; // "configApplyDirection"
  llvm::SMLoc loc;      // the function name
  std::vector<ScheduleArg> args;
};

struct ScheduleFile {
  std::vector<ScheduleCall> calls; // every `->f(...)` of every statement, in order
};

} // namespace polyc

#endif
