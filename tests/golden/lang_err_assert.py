shape = (2, 3)
assert shape == (3, 2), f"bad shape {shape}"
