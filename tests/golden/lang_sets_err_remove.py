# A missing element: remove raises KeyError with the element.
basket = {"apple", "pear"}
basket.discard("plum")
print(len(basket))
basket.remove((1, "plum"))
