// GraphIt.g4 - the GraphIt algorithm language (see shared spec language.md).
//
// The parse tree is turned into the polyc AST by compiler/lib/Frontend/
// ASTBuilder.cpp; rule and alternative labels below are what it dispatches on.
// Keep the precedence order of `expr` in sync with the spec: alternatives are
// listed tightest-binding first, as ANTLR's left-recursion rewriting expects.
grammar GraphIt;

program : topLevelDecl* EOF ;

topLevelDecl
  : elementDecl
  | globalDecl
  | externVarDecl
  | externFuncDecl
  | funcDecl
  ;

elementDecl : 'element' ID 'end' ';'? ;

// `const x : T = e;` `var x : T;` `const x = e;`
globalDecl : kind=('const' | 'var') ID (':' type)? ('=' expr)? ';' ;

externVarDecl : 'extern' ID ':' type ';' ;

externFuncDecl : 'extern' 'func' ID '(' paramList? ')' funcResult? ';' ;

// A functor (GraphIt) binds the parameters in brackets when it is applied:
// `func f[a : vector{Vertex}(int)](v : Vertex)`, applied as `f[x]`.
funcDecl : 'export'? 'func' ID ('[' bound=paramList ']')? '(' params=paramList? ')' funcResult? stmt* 'end' ';'? ;

paramList : param (',' param)* ;
param : ID ':' type ;
funcResult : '->' ID ':' type ;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

type
  : kw=('int' | 'uint' | 'uint_64' | 'float' | 'double' | 'bool' | 'string')  # scalarType
  | 'vertexset' '{' ID '}'                                                   # vertexSetType
  | 'edgeset' '{' ID '}' '(' ID ',' ID (',' type)? ')'                       # edgeSetType
  | 'vector' '{' ID '}' '(' type ')'                                         # vectorType
  | 'vector' '[' INT ']' '(' type ')'                                        # fixedVectorType
  | 'list' '{' type '}'                                                      # listType
  | 'priority_queue' '{' ID '}' '(' type ')'                                 # priorityQueueType
  | ID                                                                       # elementType
  ;

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

// A label `#s1#` names the statement for schedules.
stmt : LABEL? stmtBody ;

stmtBody
  : varDeclStmt
  | ifStmt
  | whileStmt
  | doWhileStmt
  | forStmt
  | breakStmt
  | printStmt
  | deleteStmt
  | returnStmt
  | exprStmt
  ;

varDeclStmt : kind=('var' | 'const') ID (':' type)? ('=' expr)? ';' ;

// GraphIt accepts a ';' after a block's header and after its 'end'
// (`for i in 1:n;`, `if c ... end;`); no statement starts with ';'.
ifStmt : 'if' expr ';'? stmt* elifClause* elseClause? 'end' ';'? ;
elifClause : 'elif' expr ';'? stmt* ;
elseClause : 'else' ';'? stmt* ;

whileStmt : 'while' expr ';'? stmt* 'end' ';'? ;

// GraphIt writes `do ... end while c`; the trailing ';' is optional.
doWhileStmt : 'do' ';'? stmt* 'end' 'while' expr ';'? ;

// par_for (GraphIt): the iterations may run in parallel.
forStmt : kw=('for' | 'par_for') ID 'in' expr ':' expr ';'? stmt* 'end' ';'? ;

breakStmt : 'break' ';' ;

printStmt : kw=('print' | 'println') expr ';' ;

deleteStmt : 'delete' expr ';' ;

returnStmt : 'return' ';' ;

// An expression statement or an assignment: `f(x);`, `a[i] += 1;`. The
// statement starts with a name, a call or `new` and their postfix chain, never
// with a prefix operator: a condition (`while c`) is followed directly by the
// body, and `while a + b` would otherwise be ambiguous with a body starting
// with `+b`, which makes ANTLR look ahead to the end of every operator chain.
exprStmt : target=postfixExpr (assignOp value=expr)? ';' ;

assignOp : '=' | '+=' | '-=' | '*=' | '/=' | MIN_ASSIGN | MAX_ASSIGN ;

//===----------------------------------------------------------------------===//
// Expressions, tightest first
//===----------------------------------------------------------------------===//

expr
  : <assoc=right> expr '^' expr                      # powerExpr
  | op=('-' | '+') expr                              # unaryExpr
  | expr op=('*' | '/') expr                         # mulExpr
  | expr op=('+' | '-') expr                         # addExpr
  | 'not' expr                                       # notExpr
  | expr op=('==' | '!=' | '<' | '<=' | '>' | '>=') expr  # compareExpr
  | expr 'xor' expr                                  # xorExpr
  | expr 'and' expr                                  # andExpr
  | expr 'or' expr                                   # orExpr
  | postfixExpr                                      # postfix
  ;

// Method calls and indexing bind tightest: `-a[i]` is `-(a[i])`.
postfixExpr
  : postfixExpr '.' ID '(' argList? ')'              # methodCallExpr
  | postfixExpr '[' argList ']' callArgs?            # indexExpr
  | primaryExpr                                      # primary
  ;

primaryExpr
  : 'new' type '(' argList? ')'                      # newExpr
  | '(' expr ')'                                     # parenExpr
  | ID callArgs?                                     # nameOrCallExpr
  | INT                                              # intLit
  | FLOAT                                            # floatLit
  | STRING                                           # stringLit
  | value=('true' | 'false')                         # boolLit
  | '{' argList '}'                                  # vectorLit
  ;

// A call is one alternative with the plain name so that ANTLR decides between
// them on the next token; as two alternatives, `f(a b)` would be reported as
// a missing ';' after `f`.
callArgs : '(' argList? ')' ;
argList : expr (',' expr)* ;

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

// `min=` is one token, but not in `min == x`.
MIN_ASSIGN : 'min=' { _input->LA(1) != '=' }? ;
MAX_ASSIGN : 'max=' { _input->LA(1) != '=' }? ;

LABEL : '#' [A-Za-z_] [A-Za-z0-9_]* '#' ;

ID : [A-Za-z_] [A-Za-z0-9_]* ;

FLOAT
  : [0-9]+ '.' [0-9]* EXPONENT?
  | '.' [0-9]+ EXPONENT?
  | [0-9]+ EXPONENT
  ;
INT : [0-9]+ ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;

STRING : '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '"' ;
// Reported as "missing terminating '\"'" by the front end.
UNTERMINATED_STRING : '"' ( ~["\\\r\n] | '\\' ~[\r\n] )* '\\'? ;

// `%{ ... %}` block comments; a line comment never starts with `%{`, so that a
// block comment followed by code on the same line is not swallowed whole.
BLOCK_COMMENT : '%{' ( ~'%' | '%'+ ~[%}] )* '%'+ '}' -> skip ;
// Reported as "unterminated block comment" by the front end.
UNTERMINATED_BLOCK_COMMENT : '%{' ( ~'%' | '%'+ ~[%}] )* '%'* EOF ;
LINE_COMMENT : '%' ( ~[{\r\n] ~[\r\n]* )? -> skip ;

WS : [ \t\r\n\f]+ -> skip ;
// A UTF-8 byte order mark (the lexer reads bytes, see ByteCharStream.h).
BOM : '\u00EF\u00BB\u00BF' -> skip ;

// Anything else: one token per stray character, reported as "invalid character".
INVALID_CHAR : . ;
