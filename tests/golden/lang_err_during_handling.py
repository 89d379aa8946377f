try:
    [][0]
except IndexError:
    print("handling")
    {}["k"]
