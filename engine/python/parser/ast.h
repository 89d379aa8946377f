// The syntax tree of the Python subset. Nodes are plain structs tagged by kind (the evaluator
// switches on it); every node knows its source line for tracebacks and the trace's statement steps.
#pragma once
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tp::interp {

struct Expr;
struct Stmt;
struct Object;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

enum class ExprKind : uint8_t {
  None, True, False, Ellipsis, Int, Float, Str, Bytes, FString,
  Name, Attribute, Subscript, Slice, Call, Starred, DoubleStarred,
  BinOp, UnaryOp, BoolOp, Compare, IfExp, Lambda, NamedExpr,
  List, Tuple, Dict, Set, ListComp, SetComp, DictComp, GeneratorExp,
};

struct Expr {
  explicit Expr(ExprKind k, int l) : kind(k), line(l), end_line(l) {}
  virtual ~Expr() = default;
  ExprKind kind;
  int line;
  // Source span (0-based byte columns, end exclusive) like CPython's col_offset/end_col_offset;
  // col < 0 when unknown (f-string fields). Tracebacks underline the failing expression with it.
  int col = -1, end_line, end_col = -1;
};

// Literals keep their Python object once made (constants of a code object are shared, as in CPython).
struct IntLit : Expr { IntLit(int l, int64_t v) : Expr(ExprKind::Int, l), value(v) {} int64_t value; mutable std::shared_ptr<Object> cache; };
struct FloatLit : Expr { FloatLit(int l, double v) : Expr(ExprKind::Float, l), value(v) {} double value; mutable std::shared_ptr<Object> cache; };
// b'...': `value` holds the bytes (any values 0..255, not UTF-8).
struct BytesLit : Expr { BytesLit(int l, std::string v) : Expr(ExprKind::Bytes, l), value(std::move(v)) {} std::string value; mutable std::shared_ptr<Object> cache; };
struct StrLit : Expr { StrLit(int l, std::string v) : Expr(ExprKind::Str, l), value(std::move(v)) {} std::string value; mutable std::shared_ptr<Object> cache; };

// f"a{x!r:>{w}}b": literal pieces and replacement fields in order.
struct FStringPart {
  std::string literal;             // used when expr is null
  ExprPtr expr;                    // a replacement field
  std::string expr_text;           // "x=" self-documenting prefix text (with the '='), else empty
  char conversion = 0;             // 'r', 's', 'a' or 0
  std::vector<FStringPart> spec;   // format spec (may itself hold fields)
};
struct FString : Expr { explicit FString(int l) : Expr(ExprKind::FString, l) {} std::vector<FStringPart> parts; };

struct Name : Expr { Name(int l, std::string n) : Expr(ExprKind::Name, l), id(std::move(n)) {} std::string id; };
struct Attribute : Expr {
  Attribute(int l, ExprPtr v, std::string a) : Expr(ExprKind::Attribute, l), value(std::move(v)), attr(std::move(a)) {}
  ExprPtr value;
  std::string attr;
};
struct Subscript : Expr {
  Subscript(int l, ExprPtr v, ExprPtr i) : Expr(ExprKind::Subscript, l), value(std::move(v)), index(std::move(i)) {}
  ExprPtr value, index;  // index may be a Tuple of Slices etc.
};
struct Slice : Expr { explicit Slice(int l) : Expr(ExprKind::Slice, l) {} ExprPtr lower, upper, step; };  // each nullable

struct Keyword { std::string name; ExprPtr value; };  // name empty: **mapping
struct Call : Expr {
  Call(int l, ExprPtr f) : Expr(ExprKind::Call, l), func(std::move(f)) {}
  ExprPtr func;
  std::vector<ExprPtr> args;      // may contain Starred
  std::vector<Keyword> keywords;  // in call order
};
struct Starred : Expr { Starred(int l, ExprPtr v) : Expr(ExprKind::Starred, l), value(std::move(v)) {} ExprPtr value; };

struct BinOp : Expr {
  BinOp(int l, std::string o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::BinOp, l), op(std::move(o)), left(std::move(a)), right(std::move(b)) {}
  std::string op;  // + - * / // % ** @ << >> & | ^
  ExprPtr left, right;
};
struct UnaryOp : Expr {
  UnaryOp(int l, std::string o, ExprPtr v) : Expr(ExprKind::UnaryOp, l), op(std::move(o)), operand(std::move(v)) {}
  std::string op;  // - + ~ not
  ExprPtr operand;
};
struct BoolOp : Expr {
  BoolOp(int l, bool a) : Expr(ExprKind::BoolOp, l), is_and(a) {}
  bool is_and;
  std::vector<ExprPtr> values;
};
struct Compare : Expr {
  explicit Compare(int l) : Expr(ExprKind::Compare, l) {}
  ExprPtr left;
  std::vector<std::string> ops;  // == != < <= > >= is "is not" in "not in"
  std::vector<ExprPtr> comparators;
};
struct IfExp : Expr { explicit IfExp(int l) : Expr(ExprKind::IfExp, l) {} ExprPtr test, body, orelse; };
struct NamedExpr : Expr { explicit NamedExpr(int l) : Expr(ExprKind::NamedExpr, l) {} std::string target; ExprPtr value; };

struct Collection : Expr {  // List, Tuple, Set
  Collection(ExprKind k, int l) : Expr(k, l) {}
  std::vector<ExprPtr> elts;  // may contain Starred
};
struct DictExpr : Expr {
  explicit DictExpr(int l) : Expr(ExprKind::Dict, l) {}
  std::vector<ExprPtr> keys;  // null key: **mapping in values[i]
  std::vector<ExprPtr> values;
};

// What a function-like scope assigns locally (computed by the parser) so the evaluator knows
// which names are local, as Python's compiler decides statically.
struct ScopeInfo {
  std::set<std::string> locals;
  std::set<std::string> globals;    // `global x`
  std::set<std::string> nonlocals;  // `nonlocal x`
};

struct Comprehension { ExprPtr target, iter; std::vector<ExprPtr> ifs; };
struct Comp : Expr {  // ListComp, SetComp, GeneratorExp (elt) and DictComp (key, value)
  Comp(ExprKind k, int l) : Expr(k, l) {}
  ExprPtr elt, key, value;
  std::vector<Comprehension> generators;
  ScopeInfo scope;
};

struct Param {
  std::string name;
  ExprPtr default_value;  // nullable
  enum Kind : uint8_t { Normal, VarArgs, KwOnly, VarKw } kind = Normal;
};
struct FunctionCode {  // shared by def and lambda
  std::string name;    // "<lambda>" for lambdas
  std::vector<Param> params;
  Block body;          // def
  ExprPtr expr;        // lambda
  ScopeInfo scope;
  int line = 0;
  bool is_generator = false;  // its body yields: calling it makes a generator (Note [Generators])
};
struct Lambda : Expr { explicit Lambda(int l) : Expr(ExprKind::Lambda, l) {} std::shared_ptr<FunctionCode> code; };

// ---------------------------------------------------------------- statements
enum class StmtKind : uint8_t {
  Expr, Assign, AugAssign, AnnAssign, Import, ImportFrom, If, For, While, Break, Continue, Pass,
  FunctionDef, ClassDef, Return, With, Try, Raise, Assert, Delete, Global, Nonlocal, Yield,
};

struct Stmt {
  Stmt(StmtKind k, int l) : kind(k), line(l), end_line(l) {}
  virtual ~Stmt() = default;
  StmtKind kind;
  int line, end_line;
  int col = 0, end_col = -1;  // span of a simple statement (end_col -1: to the end of `line`)
  bool has_yield = false;      // a `yield` of the enclosing generator function is in it (Note [Generators])
  bool is_simple() const {
    return !(kind == StmtKind::If || kind == StmtKind::For || kind == StmtKind::While || kind == StmtKind::With ||
             kind == StmtKind::Try || kind == StmtKind::FunctionDef || kind == StmtKind::ClassDef);
  }
};

struct ExprStmt : Stmt { ExprStmt(int l, ExprPtr v) : Stmt(StmtKind::Expr, l), value(std::move(v)) {} ExprPtr value; };
struct Assign : Stmt { explicit Assign(int l) : Stmt(StmtKind::Assign, l) {} std::vector<ExprPtr> targets; ExprPtr value; };
struct AugAssign : Stmt { explicit AugAssign(int l) : Stmt(StmtKind::AugAssign, l) {} ExprPtr target; std::string op; ExprPtr value; };
struct AnnAssign : Stmt { explicit AnnAssign(int l) : Stmt(StmtKind::AnnAssign, l) {} ExprPtr target, annotation, value; };
struct Alias { std::string name, asname; };  // asname empty = none
struct Import : Stmt { explicit Import(int l) : Stmt(StmtKind::Import, l) {} std::vector<Alias> names; };
struct ImportFrom : Stmt { explicit ImportFrom(int l) : Stmt(StmtKind::ImportFrom, l) {} std::string module; std::vector<Alias> names; };
struct If : Stmt { explicit If(int l) : Stmt(StmtKind::If, l) {} ExprPtr test; Block body, orelse; };
struct For : Stmt { explicit For(int l) : Stmt(StmtKind::For, l) {} ExprPtr target, iter; Block body, orelse; };
struct While : Stmt { explicit While(int l) : Stmt(StmtKind::While, l) {} ExprPtr test; Block body, orelse; };
// `yield v`, `yield from it`, `x = yield v`: statement-level only (Note [Generators]).
struct YieldStmt : Stmt {
  explicit YieldStmt(int l) : Stmt(StmtKind::Yield, l) {}
  ExprPtr value;   // nullable: a bare `yield`
  ExprPtr target;  // nullable: `x = yield v` receives None (send() is not supported)
  bool from = false;
};
struct SimpleStmt : Stmt { SimpleStmt(StmtKind k, int l) : Stmt(k, l) {} };  // break, continue, pass
struct FunctionDef : Stmt {
  explicit FunctionDef(int l) : Stmt(StmtKind::FunctionDef, l) {}
  std::shared_ptr<FunctionCode> code;
  std::vector<ExprPtr> decorators;
};
struct ClassDef : Stmt {
  explicit ClassDef(int l) : Stmt(StmtKind::ClassDef, l) {}
  std::string name;
  std::vector<ExprPtr> bases;
  std::shared_ptr<FunctionCode> code;  // the class body as a scope (params empty)
};
struct Return : Stmt { explicit Return(int l) : Stmt(StmtKind::Return, l) {} ExprPtr value; };
struct WithItem { ExprPtr context; ExprPtr target; };
struct With : Stmt { explicit With(int l) : Stmt(StmtKind::With, l) {} std::vector<WithItem> items; Block body; };
struct ExceptHandler { ExprPtr type; std::string name; Block body; int line = 0; };
struct Try : Stmt {
  explicit Try(int l) : Stmt(StmtKind::Try, l) {}
  Block body;
  std::vector<ExceptHandler> handlers;
  Block orelse, finalbody;
};
struct Raise : Stmt { explicit Raise(int l) : Stmt(StmtKind::Raise, l) {} ExprPtr exc, cause; };
struct Assert : Stmt { explicit Assert(int l) : Stmt(StmtKind::Assert, l) {} ExprPtr test, msg; };
struct Delete : Stmt { explicit Delete(int l) : Stmt(StmtKind::Delete, l) {} std::vector<ExprPtr> targets; };
struct NameList : Stmt { NameList(StmtKind k, int l) : Stmt(k, l) {} std::vector<std::string> names; };  // global / nonlocal

// A parsed module: owns its tree (functions keep it alive through shared_ptr<FunctionCode>).
struct Program {
  Block body;
};

// S-expression dump for tests, e.g. "(BinOp + (Name a) (BinOp * (Name b) (Name c)))".
std::string dump(const Expr& e);
std::string dump(const Stmt& s);

}  // namespace tp::interp
