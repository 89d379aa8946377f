try:
    int("abc")
except ValueError as e:
    raise RuntimeError("could not parse the config") from e
