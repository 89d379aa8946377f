class Flaky:
    def __getitem__(self, i):
        if i == 2:
            raise KeyError(f"sample {i} is missing")
        print("sample", i)
        return i


for s in Flaky():
    print("train on", s)
