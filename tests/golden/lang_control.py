# if / elif / else, for / while with break, continue and else, pass, nested loops
for i in range(10):
    if i % 2 == 0:
        continue
    elif i == 7:
        break
    else:
        print("odd", i)
else:
    print("not reached")

for i in range(3):
    pass
else:
    print("for-else ran", i)

n = 0
while n < 5:
    n += 1
    if n == 3:
        continue
    print("n", n)
else:
    print("while-else", n)

while True:
    n -= 1
    if n < 2:
        break
print("after", n)

for i in range(3):
    for j in range(3):
        if j > i:
            break
        print(i, j, end="; ")
print()

x = 5
if x > 10:
    print("big")
elif x > 3:
    print("medium")
else:
    print("small")

if x: print("inline if")
for c in "ab": print(c, end="")
print()
y = "yes" if x > 3 else "no"
print(y, x > 3 and "and-yes", x < 3 or "or-no", not x, None or 0 or [] or "last")
print(1 < x < 10, 1 < x > 10, x == 5 == 5.0, x is not None)
total = 0
for i, v in enumerate([10, 20, 30]):
    total += i * v
print(total)
for a, (b, c) in [(1, (2, 3)), (4, (5, 6))]:
    print(a + b + c)
i = 0
while i < 3: i += 1
print(i)
