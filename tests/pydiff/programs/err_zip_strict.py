print(list(zip([1, 2], [3, 4], strict=True)))
list(zip([1, 2], [3], strict=True))
