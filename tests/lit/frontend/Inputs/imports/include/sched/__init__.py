from .order import grouped
