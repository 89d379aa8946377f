# Python's random module: the same Mersenne Twister, seeding and derived draws as CPython 3.11
import random
random.seed(42)
print(random.random(), random.randint(1, 10), random.choice([1, 2, 3]), random.uniform(0, 1))
l = list(range(10))
random.shuffle(l)
print(l, random.sample(range(100), 5), random.randrange(0, 100, 5))
random.seed(0)
print([random.randint(0, 1000) for _ in range(5)], random.gauss(0, 1))
