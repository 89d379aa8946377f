def get():
    pass
result = get()
print(result[0])
