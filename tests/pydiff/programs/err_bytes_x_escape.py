# CPython 3.11 Objects/bytesobject.c _PyBytes_DecodeEscape: a truncated \x escape.
x = b'ab\x4'
