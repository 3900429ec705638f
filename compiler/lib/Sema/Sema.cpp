#include "polyc/Sema/Sema.h"
bool polyc::analyzeProgram(Program &, DiagnosticEngine &) { return true; }
