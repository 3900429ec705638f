// Schedule.g4 - GraphIt's chained schedule syntax (see shared spec schedule.md):
//
//   schedule:
//   program->configApplyDirection("s1", "DensePull")->configApplyNUMA("s1", "static-parallel");
//
// Only syntax lives here; compiler/lib/Frontend/ScheduleBuilder.cpp flattens
// the chains into ScheduleCalls, and the schedule validator checks names.
grammar Schedule;

schedule : header? statement* EOF ;

header : 'schedule' ':' ;

statement : 'program' ('->' call)+ ';' ;

call : ID '(' (arg (',' arg)*)? ')' ;

arg
  : STRING                                  # stringArg
  | sign='-'? INT                           # intArg
  | sign='-'? FLOAT                         # floatArg
  | '{' (STRING (',' STRING)*)? '}'         # listArg
  ;

ID : [A-Za-z_] [A-Za-z0-9_]* ;

FLOAT
  : [0-9]+ '.' [0-9]* EXPONENT?
  | '.' [0-9]+ EXPONENT?
  | [0-9]+ EXPONENT
  ;
INT : [0-9]+ ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;

STRING : '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '"' ;
UNTERMINATED_STRING : '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '\\'? ;

BLOCK_COMMENT : '%{' ( ~'%' | '%'+ ~[%}] )* '%'+ '}' -> skip ;
UNTERMINATED_BLOCK_COMMENT : '%{' ( ~'%' | '%'+ ~[%}] )* '%'* EOF ;
LINE_COMMENT : '%' ( ~[{\r\n] ~[\r\n]* )? -> skip ;
// C++-style comments appear in schedules copied from GraphIt's C++ sources.
CPP_LINE_COMMENT : '//' ~[\r\n]* -> skip ;

WS : [ \t\r\n\f]+ -> skip ;
// A UTF-8 byte order mark (the lexer reads bytes, see ByteCharStream.h).
BOM : '\u00EF\u00BB\u00BF' -> skip ;

INVALID_CHAR : . ;
