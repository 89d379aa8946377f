x = 1
print("before")
y = x / 0
print("after")
