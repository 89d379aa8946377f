// core/utf8: well-formedness as RFC 3629 defines it, the PEP 3120 refusal of non-UTF-8 source, and
// a trace that stays valid UTF-8 JSON whatever bytes a program puts in its output.
#include <catch2/catch.hpp>

#include <string>

#include "core/utf8.h"
#include "trace/recorder.h"
#include "trace/session.h"

using namespace tp;

TEST_CASE("first_invalid_utf8 finds ill-formed bytes, overlong forms and surrogates", "[core][utf8]") {
  CHECK(first_invalid_utf8("plain ascii") == std::string::npos);
  CHECK(first_invalid_utf8("张量 τ 🙂") == std::string::npos);
  CHECK(first_invalid_utf8("ab\xff") == 2);
  CHECK(first_invalid_utf8("\xc0\xaf") == 0);          // overlong '/'
  CHECK(first_invalid_utf8("x\xed\xa0\x80") == 1);     // a UTF-16 surrogate
  CHECK(first_invalid_utf8("\xf4\x90\x80\x80") == 0);  // past U+10FFFF
  CHECK(first_invalid_utf8("\xe4\xb8") == 0);          // truncated
  CHECK(sanitize_utf8("a\xffz") == "a\xEF\xBF\xBDz");
  CHECK(sanitize_utf8("张") == "张");
}

TEST_CASE("non-UTF-8 source is a SyntaxError on its line, as CPython's tokenizer says", "[python][utf8]") {
  Session s;
  RunResult r = s.run("x = 1\ns = '\xff'\nprint(s)\n", "prog.py");
  REQUIRE(r.error.has_value());
  CHECK(r.error->type == "SyntaxError");
  CHECK(r.error->line == 2);
  CHECK(r.error->message ==
        "Non-UTF-8 code starting with '\\xff' in file prog.py on line 2, but no encoding declared; see "
        "https://peps.python.org/pep-0263/ for details");
  CHECK(r.stdout_text.empty());
}

TEST_CASE("the trace is valid UTF-8 even when the source is not", "[trace][utf8]") {
  std::string json = trace_json("x = 1\ns = '\xff\xfe'\n", "prog.py");
  CHECK(first_invalid_utf8(json) == std::string::npos);
  CHECK(json.find("Non-UTF-8 code starting with") != std::string::npos);
}
