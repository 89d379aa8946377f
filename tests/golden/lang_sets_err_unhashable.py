# Lists are mutable, so they cannot be set elements.
seen = {(0, 0)}
seen.add([1, 2])
