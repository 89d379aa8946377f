s = "7".zfill(10**6)
print(len(s))
