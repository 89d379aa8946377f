# Sets of strings. CPython randomises str hashes per process; the playground hashes strings as
# CPython does under PYTHONHASHSEED=0, so this file's output is `PYTHONHASHSEED=0 python3`'s.
fruits = {"apple", "banana", "cherry", "date"}
print(fruits, len(fruits))
print(set("hello world"), sorted(set("mississippi")))
fruits.discard("banana")
fruits.add("elderberry")
print(fruits, "apple" in fruits, "banana" in fruits)
print({"a", "b"} | {"c"}, {"日本", "héllo", "😀", ""})
print({("x", 1), ("y", 2)})
