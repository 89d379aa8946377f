import sys
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print("RecursionError:", e)
