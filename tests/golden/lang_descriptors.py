# property, staticmethod and classmethod as tutorials use them (expected output: CPython 3.11).
class Temperature:
    scale = "C"

    def __init__(self, degrees):
        self._degrees = degrees

    @property
    def degrees(self):
        return self._degrees

    @degrees.setter
    def degrees(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._degrees = value

    @property
    def kelvin(self):
        return self._degrees + 273.15

    @staticmethod
    def from_fahrenheit(f):
        return Temperature((f - 32) * 5 / 9)

    @classmethod
    def freezing(cls):
        return cls(0)

    @classmethod
    def describe(cls):
        return f"{cls.__name__} in {cls.scale}"


class Celsius(Temperature):
    @property
    def kelvin(self):
        return round(super().kelvin, 1)


t = Temperature(25)
print(t.degrees, t.kelvin)
t.degrees = 30
print(t.degrees, t._degrees)
try:
    t.degrees = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.kelvin = 0
except AttributeError as e:
    print("AttributeError:", e)
print(Temperature.from_fahrenheit(212).degrees, t.from_fahrenheit(32).degrees)
print(Temperature.freezing().degrees, t.freezing().kelvin, Temperature.describe(), Celsius.describe())
c = Celsius.freezing()
print(type(c).__name__, c.kelvin, isinstance(c, Temperature))
print(type(Temperature.__dict__["kelvin"]).__name__ if False else isinstance(Temperature.kelvin, property))
p = property(lambda self: 42)
print(p.fget(None), p.fset)
del_error = None
try:
    del t.degrees
except AttributeError as e:
    del_error = str(e)
print(del_error)
