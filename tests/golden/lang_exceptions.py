# try / except / else / finally, raise, exception objects, nested handlers
def risky(kind):
    if kind == "zero":
        return 1 / 0
    if kind == "index":
        return [][0]
    if kind == "key":
        return {}["missing"]
    if kind == "type":
        return 1 + "1"
    if kind == "value":
        return int("x")
    if kind == "custom":
        raise RuntimeError("custom failure")
    return "ok"

for kind in ["zero", "index", "key", "type", "value", "custom", "none"]:
    try:
        result = risky(kind)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    except (IndexError, KeyError) as e:
        print("lookup:", type(e).__name__, e, repr(e))
    except TypeError as e:
        print("TypeError:", e)
    except Exception as e:
        print("other:", type(e).__name__, e, e.args)
    else:
        print("no error:", result)
    finally:
        print("finally for", kind)

def cleanup():
    try:
        return "from try"
    finally:
        print("cleanup runs")

print(cleanup())

def swallow():
    for i in range(3):
        try:
            if i == 1:
                raise ValueError(i)
        except ValueError:
            continue
        finally:
            print("iteration", i)
    return "done"

print(swallow())

try:
    try:
        raise KeyError("inner")
    except KeyError as e:
        raise ValueError("outer") from e
except ValueError as e:
    print("caught", e)

try:
    raise ValueError
except ValueError as e:
    print("bare class:", repr(e), str(e) == "")

class AppError(Exception):
    pass

class DeepError(AppError):
    pass

try:
    raise DeepError("deep", 42)
except AppError as e:
    print("app error", e, e.args, isinstance(e, Exception), isinstance(e, DeepError))

try:
    assert 1 > 2, "math is broken"
except AssertionError as e:
    print("assert:", e)

try:
    undefined_thing
except NameError as e:
    print(e)

try:
    "abc".nope
except AttributeError as e:
    print(e)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise
except ZeroDivisionError as e:
    print("re-raised:", e)

e = "still here"
try:
    pass
except Exception as e:
    pass
print(e)
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
