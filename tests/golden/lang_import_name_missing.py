from collections import OrderedDict, defaultdict, Counter
from collections import deque
