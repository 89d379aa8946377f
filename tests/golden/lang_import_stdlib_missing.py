print("before")
import itertools
