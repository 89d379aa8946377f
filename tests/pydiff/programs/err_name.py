print("start")
print(undefined_thing)
