# An assignment expression is not a statement (CPython 3.11 grammar: star_expressions).
print("never runs")
x := 1
