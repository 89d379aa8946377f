from collections import OrderedDict
from collections import defaultdict
