print("before")
print(learning_rate)
