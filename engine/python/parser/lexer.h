// Source text -> tokens, Python's way: INDENT/DEDENT from leading whitespace, implicit line joining
// inside brackets, backslash continuation, comments, all string-literal forms and number forms.
#pragma once
#include <string>
#include <vector>

#include "python/parser/token.h"

namespace tp::interp {

// Throws SyntaxErrorInfo. `first_line` offsets line numbers (f-string expressions are lexed alone).
// `max_nesting` bounds bracket depth ("too many nested parentheses").
std::vector<Token> tokenize(const std::string& source, int first_line = 1, int max_nesting = 200);

// Decodes the escapes of a (non-raw) string literal body: \n \t \\ \' \" \xhh \uXXXX \ooo ...
// Unknown escapes keep their backslash, as Python does.
std::string decode_escapes(const std::string& body);
// A bytes literal's escapes (Objects/bytesobject.c _PyBytes_DecodeEscape): \xhh and octal give one
// byte each, \u / \U / \N are not escapes; a truncated \x raises "(value error) invalid \x escape
// at position N".
std::string decode_bytes_escapes(const std::string& body);

}  // namespace tp::interp
