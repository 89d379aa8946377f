// Python exceptions as C++ exceptions: a PyException carries the ExceptionObj the program sees
// (`except E as e`), the traceback collected while it unwinds user frames, and the ids of the
// tensors / autograd nodes a TorchError named. Also the builtin exception class hierarchy.
#pragma once
#include <exception>
#include "core/callable.h"
#include <memory>
#include <string>
#include <vector>

#include "python/value.h"

namespace tp::interp {

struct TracebackEntry {
  std::string function;  // "<module>" or the def's name
  int line = 0;          // first line of the failing expression (what the traceback shows)
  int depth = 0;         // call depth of the frame (one entry per frame)
  int stmt_line = 0;     // line of the statement that was executing
  // Span of the failing expression (0-based byte columns; end_col -1 = to the end of `line`).
  int col = -1, end_line = 0, end_col = -1;
};

class PyException : public std::exception {
 public:
  explicit PyException(std::shared_ptr<ExceptionObj> e) : exc(std::move(e)) {}
  const char* what() const noexcept override { return exc->message.c_str(); }
  const std::string& type() const { return exc->type; }
  const std::string& message() const { return exc->message; }

  std::shared_ptr<ExceptionObj> exc;
  std::vector<TracebackEntry> traceback;  // outermost call first (Python's "most recent call last")
  std::vector<int64_t> tensor_ids, node_ids;
  std::shared_ptr<PyException> context;   // the exception being handled when this one was raised
  bool context_is_cause = false;          // `raise X from Y`: context holds Y
  bool suppress_context = false;          // `raise X from None`
  bool uncatchable = false;               // playground limits: `except` cannot swallow them
  bool reported = false;                  // the statement event for it has fired
  // SyntaxError details (line of the offending token; its column for the caret).
  bool is_syntax_error = false;
  int syntax_line = 0, syntax_col = 0;
};

// Builtin exception classes: "ZeroDivisionError" -> "ArithmeticError" -> "Exception" -> "BaseException".
bool is_exception_class(const std::string& name);
std::string exception_base(const std::string& name);  // "" for BaseException / unknown
// True when an exception of type `type` is caught by `except handler:`.
bool exception_matches(const std::string& type, const std::string& handler);
const std::vector<std::string>& exception_class_names();  // every builtin exception/warning class

// The CPython-style report of an uncaught exception: "Traceback (most recent call last):" ...
// `source_line(n)` returns the program's line n as written.
std::string format_traceback(const PyException& e, const std::string& filename,
                             const Callable<std::string(int)>& source_line);

}  // namespace tp::interp
