def f(a, b=1):
    return a + b
print(f(1))
f()
