# closures, nonlocal, global, late binding, shadowing
counter = 0

def bump():
    global counter
    counter += 1
    return counter

bump(); bump()
print(counter)

def make_counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc

c1 = make_counter()
c2 = make_counter()
c1(); c1(5)
print(c1(), c2())

def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner()
    return middle()

print(outer())

fns = [lambda: i for i in range(3)]
print([f() for f in fns])
fns = [lambda i=i: i for i in range(3)]
print([f() for f in fns])

x = "global"
def shadow():
    x = "local"
    return x
print(shadow(), x)

def reads_global():
    return x.upper()
print(reads_global())

def adder(n):
    return lambda v: v + n
add5 = adder(5)
print(add5(1), adder(10)(1))

i = 100
squares = [i * i for i in range(4)]
print(squares, i)

def late():
    vals = []
    for k in range(3):
        vals.append(lambda: k)
    return [f() for f in vals]
print(late())
