class A:
    pass
a = A()
a.missing
