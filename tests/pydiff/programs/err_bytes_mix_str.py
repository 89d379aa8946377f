# CPython 3.11 Parser/action_helpers.c _PyPegen_concatenate_strings: bytes and str literals do not concatenate.
x = b'a' 'b'
