class Broken:
    def __iter__(self):
        print("iter")
        return 42


for x in Broken():
    print(x)
