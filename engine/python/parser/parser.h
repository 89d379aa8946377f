// Tokens -> syntax tree by recursive descent with Python's grammar and precedence
// (python/parser/parse_statements.cpp: statements and blocks; python/parser/parse_expressions.cpp: expressions). Errors are SyntaxErrorInfo
// with CPython 3.11's wording where learners are likely to meet them.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "python/parser/ast.h"
#include "python/parser/token.h"

namespace tp::interp {

// Parses a whole module. `max_nesting` bounds brackets and expression nesting.
std::unique_ptr<Program> parse_program(const std::string& source, int max_nesting = 200);

class Parser {
 public:
  Parser(std::vector<Token> tokens, int max_nesting);
  std::unique_ptr<Program> program();
  ExprPtr single_expression();  // the whole token stream is one expression (f-string fields)

 private:
  // ---- token helpers (craftinginterpreters' match/consume/check/advance/peek)
  const Token& peek(size_t ahead = 0) const;
  const Token& previous() const { return toks_[pos_ - 1]; }
  const Token& advance();
  bool check(Tok t) const { return peek().type == t; }
  bool check_op(const char* op) const { return peek().is(Tok::Op, op); }
  bool check_kw(const char* kw) const { return peek().is(Tok::Name, kw); }
  bool match_op(const char* op);
  bool match_kw(const char* kw);
  const Token& expect_op(const char* op, const char* message = nullptr);
  std::string expect_name();
  // Note [Chains in the syntax tree]: `1+1+...+1` and `a.b.c...` parse in a loop but build a tree
  // as deep as the chain is long, which evaluation and destruction then walk recursively. Past
  // kMaxChain links the program is refused as CPython refuses deep trees ("during compilation").
  static constexpr int kMaxChain = 1000;
  void check_chain(int links) const;
  [[noreturn]] void error(const std::string& message, const Token& at, const char* type = "SyntaxError") const;
  [[noreturn]] void error_here(const std::string& message = "invalid syntax") const { error(message, peek()); }
  bool at_expression_start() const;
  // Sets e's source span from token `start` to the last consumed token.
  void span(Expr& e, size_t start) const;
  ExprPtr spanned(ExprPtr e, size_t start) const { span(*e, start); return e; }
  bool is_keyword(const Token& t) const;

  // ---- statements (python/parser/parse_statements.cpp)
  void statement(Block& out);
  void simple_statements(Block& out);
  StmtPtr simple_statement();
  StmtPtr expression_statement();
  StmtPtr yield_statement(ExprPtr target);
  StmtPtr import_statement();
  StmtPtr from_import_statement();
  StmtPtr if_statement(int line, const char* what);
  StmtPtr for_statement();
  StmtPtr while_statement();
  StmtPtr def_statement(std::vector<ExprPtr> decorators);
  StmtPtr class_statement();
  StmtPtr with_statement();
  StmtPtr try_statement();
  // A block after ':' (an indented suite or simple statements on the same line).
  Block block(const std::string& after_what, int header_line);
  std::vector<Param> parameters(const char* closer);
  void check_target(const Expr& e, const char* how) const;  // "cannot assign to ..."
  void declare_target(const Expr& e);                       // records assigned names in the scope
  void declare(const std::string& name);

  // ---- expressions (python/parser/parse_expressions.cpp)
 public:
  ExprPtr expression();          // conditional expression / lambda
 private:
  ExprPtr named_expression();    // allows NAME := expr
  ExprPtr expression_list(bool allow_starred);  // a, b, *c  -> Tuple when there is a comma
  ExprPtr target_list();         // for-loop targets (stops before 'in')
  ExprPtr star_or_expression();
  ExprPtr lambda_expression();
  ExprPtr disjunction();
  ExprPtr conjunction();
  ExprPtr inversion();
  ExprPtr comparison();
  ExprPtr bit_or();
  ExprPtr bit_xor();
  ExprPtr bit_and();
  ExprPtr shift();
  ExprPtr sum();
  ExprPtr term();
  ExprPtr factor();
  ExprPtr power();
  ExprPtr primary();
  ExprPtr atom();
  ExprPtr atom_inner();
  ExprPtr paren_atom();
  ExprPtr list_atom();
  ExprPtr brace_atom();
  ExprPtr strings();
  ExprPtr subscript_list();
  ExprPtr subscript_item();
  void call_arguments(Call& call);
  void comprehension_clauses(Comp& comp);
  ExprPtr finish_comprehension(ExprKind kind, int line, ExprPtr elt, ExprPtr value = nullptr);
  void parse_fstring(const Token& t, std::vector<FStringPart>& parts, const std::string& body, int depth);

  struct DepthGuard {
    DepthGuard(Parser& p);
    ~DepthGuard() { --p_.depth_; }
    Parser& p_;
  };

  std::vector<Token> toks_;
  size_t pos_ = 0;
  int max_nesting_;
  int depth_ = 0;
  int loop_depth_ = 0;
  int function_depth_ = 0;
  std::vector<ScopeInfo*> scopes_;  // innermost function-like scope last (empty at module level)
  std::vector<const ScopeInfo*> comp_scopes_;  // those of scopes_ that are comprehensions
  bool positions_ = true;           // false inside f-string fields (their columns are not the source's)
};

}  // namespace tp::interp
