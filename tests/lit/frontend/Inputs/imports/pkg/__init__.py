# A package whose __init__.py imports its own modules while it is being
# loaded (a partly bound module, as in Python).
from . import inner
from .inner import K
