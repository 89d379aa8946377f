print("before")
import pathlib
