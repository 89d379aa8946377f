x = 1
s = "ÿþ"
print(s)
