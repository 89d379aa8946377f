// Placeholder until the interpreter lands: prints usage.
#include <cstdio>
int main() { std::puts("usage: tensorplay run|trace FILE.py"); return 2; }
